"""The Themisto course (web/js/learn/themisto.json): every step's position is a game in
progress, its goal can be met by a legal move the rules core describes as the step says, and
some legal move misses it (so the step's words for a wrong move can be seen)."""

from __future__ import annotations

import pytest

from learn_course import COURSE, judged, step_state


@pytest.mark.parametrize("number", range(len(COURSE["steps"])))
def test_every_step_can_be_met_and_missed(number: int) -> None:
    step = COURSE["steps"][number]
    assert len(step["rows"]) == 8 and all(len(row) == 8 for row in step["rows"])
    state = step_state(step)
    assert not state["over"] and state["toMove"] == ("one" if step["player"] == 1 else "two")
    moves = judged(step)
    outcomes = list(moves.values())
    assert any(outcomes), step["title"]
    assert not all(outcomes), step["title"]
    for name in step["goal"].get("moves", []):
        assert name in moves, (step["title"], name)


def test_the_course_covers_the_rules_in_order() -> None:
    titles = [step["title"] for step in COURSE["steps"]]
    assert titles[0] == "Slide a disk" and len(titles) == 9
    assert {"Capture", "Or decline", "Lose a turn"} <= set(titles)
    assert "previous move" in COURSE["afterword"] and "drawn" in COURSE["afterword"]
