"""The Themisto course (web/js/learn/themisto.json): every step's position is a game in
progress, its goal can be met by a legal move the rules core describes as the step says, and
some legal move misses it (so the step's words for a wrong move can be seen)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flipside import facade

COURSE = json.loads(
    (Path(__file__).resolve().parents[1] / "web" / "js" / "learn" / "themisto.json").read_text()
)


def call(method: str, **params: object) -> dict:
    answer = json.loads(facade.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[no-any-return]


def meets(goal: dict, move: dict) -> bool:
    """The page's check (web/js/page/learn.js), on the move Python played."""
    if "moves" in goal:
        return move["text"] in goal["moves"]
    if "from" in goal:
        return bool(move["text"].startswith(goal["from"] + "-"))
    return goal["note"] in move["note"]


@pytest.mark.parametrize("number", range(len(COURSE["steps"])))
def test_every_step_can_be_met_and_missed(number: int) -> None:
    step = COURSE["steps"][number]
    assert len(step["rows"]) == 8 and all(len(row) == 8 for row in step["rows"])
    position = "".join(step["rows"]) + f"_{step['player']}_0_0"
    state = call("state", record=f"themisto/&start={position}")
    assert not state["over"] and state["toMove"] == ("one" if step["player"] == 1 else "two")
    moves = sorted(
        {
            t[kind]
            for targets in state["extra"]["targets"].values()
            for t in targets
            for kind in ("plain", "capture")
            if t[kind]
        }
    )
    outcomes = [
        meets(step["goal"], call("play", record=state["record"], move=m)["moves"][0]) for m in moves
    ]
    assert any(outcomes), step["title"]
    assert not all(outcomes), step["title"]
    for name in step["goal"].get("moves", []):
        assert name in moves, (step["title"], name)


def test_the_course_covers_the_rules_in_order() -> None:
    titles = [step["title"] for step in COURSE["steps"]]
    assert titles[0] == "Slide a disk" and len(titles) == 9
    assert {"Capture", "Or decline", "Lose a turn"} <= set(titles)
    assert "previous move" in COURSE["afterword"] and "drawn" in COURSE["afterword"]
