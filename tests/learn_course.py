"""The Themisto course (web/js/learn/themisto.json) for its tests: the native ones
(tests/test_learn.py) and the page's (tests/e2e/test_learn.py) play the same moves."""

from __future__ import annotations

import json
from pathlib import Path

from flipside import facade

COURSE = json.loads(
    (Path(__file__).resolve().parents[1] / "web" / "js" / "learn" / "themisto.json").read_text()
)


def call(method: str, **params: object) -> dict:
    answer = json.loads(facade.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[no-any-return]


def step_state(step: dict) -> dict:
    """The state of the step's position."""
    position = "".join(step["rows"]) + f"_{step['player']}_0_0"
    return call("state", record=f"themisto/&start={position}")


def legal_names(state: dict) -> list[str]:
    """Every legal move of a Themisto state, by name."""
    targets = state["extra"]["targets"].values()
    return sorted({t[k] for ts in targets for t in ts for k in ("plain", "capture") if t[k]})


def meets(goal: dict, move: dict) -> bool:
    """The page's check (web/js/page/learn.js), on the move Python played."""
    if "moves" in goal:
        return move["text"] in goal["moves"]
    if "from" in goal:
        return bool(move["text"].startswith(goal["from"] + "-"))
    return goal["does"] in move["does"]


def judged(step: dict) -> dict[str, bool]:
    """Every legal move of the step, and whether it meets the goal."""
    state = step_state(step)
    return {
        name: meets(step["goal"], call("play", record=state["record"], move=name)["moves"][0])
        for name in legal_names(state)
    }
