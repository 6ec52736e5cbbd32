"""The match script's arithmetic (tools.play.othello_match): points, pairs, error bars."""

from __future__ import annotations

import math

import pytest

from tools.play import othello_match as match


def test_game_points() -> None:
    assert [match.game_points(m) for m in (12, 0, -2)] == [1.0, 0.5, 0.0]


def test_pairs_score_margin_and_record() -> None:
    summary = match.Summary([(10, 4), (-6, 2), (0, -8), (-2, -4)])
    assert summary.pair_scores() == [1.0, 0.5, 0.25, 0.0]
    assert summary.pair_margins() == [7.0, -2.0, -4.0, -3.0]
    assert summary.record() == (3, 1, 4)
    score = summary.score()
    assert score.mean == pytest.approx(0.4375)
    # sample deviation of (1, .5, .25, 0) around .4375: sqrt(0.546875 / 3)
    assert score.half_width == pytest.approx(1.96 * math.sqrt(0.546875 / 3) / 2)
    margin = summary.margin()
    assert margin.mean == pytest.approx(-0.5)
    assert margin.half_width == pytest.approx(1.96 * math.sqrt(77 / 3) / 2)


def test_error_bar_shrinks_with_more_pairs_and_needs_two() -> None:
    assert match.estimate([0.75]).half_width == math.inf
    few = match.estimate([1.0, 0.0] * 5)
    many = match.estimate([1.0, 0.0] * 50)
    assert few.mean == many.mean == 0.5
    assert many.half_width < few.half_width / 3
    assert match.estimate([0.5] * 10).half_width == 0.0
    with pytest.raises(ValueError):
        match.estimate([])


def test_elo() -> None:
    assert match.elo(0.5) == 0.0
    assert match.elo(0.75) == pytest.approx(190.8, abs=0.1)
    assert match.elo(0.25) == pytest.approx(-190.8, abs=0.1)
    assert (match.elo(0.0), match.elo(1.0)) == (-800.0, 800.0)


def test_report_names_both_sides() -> None:
    text = match.Summary([(10, 4), (-6, 2)]).report("level=6", "level=5")
    assert "A = level=6" in text and "B = level=5" in text
    assert "4 games (2 pairs): A 3 wins, 0 draws, 1 losses" in text
    assert "A's score 75.0%" in text


def test_parse_config() -> None:
    assert match.parse_config("") == {"level": "6"}
    assert match.parse_config("level=5, endgame=12,rev=HEAD~1") == {
        "level": "5",
        "endgame": "12",
        "rev": "HEAD~1",
    }
    with pytest.raises(ValueError, match="not key=value"):
        match.parse_config("level")


def test_openings_are_distinct_legal_lines() -> None:
    from flipside.othello.board import Board

    lines = match.openings(20, 6, seed=3)
    assert len(lines) == len(set(lines)) == 20
    assert lines == match.openings(20, 6, seed=3)
    assert {len(Board.from_transcript(t).move_stack) for t in lines} == {6}


def test_xot_openings_are_distinct_lines_of_the_list() -> None:
    from flipside.othello.xot import is_xot

    lines = match.openings(30, 8, seed=4, kind="xot")
    assert len(set(lines)) == 30 and all(is_xot(line) for line in lines)
    assert lines == match.openings(30, 8, seed=4, kind="xot")
    assert lines != match.openings(30, 8, seed=5, kind="xot")


def test_named_openings_are_named_lines_the_book_holds() -> None:
    from flipside.othello.ai.openings import book_moves, recognise
    from flipside.othello.board import Board

    lines = match.openings(40, 0, seed=6, kind="named")
    assert len(set(lines)) == 40
    assert lines == match.openings(40, 0, seed=6, kind="named")
    assert lines != match.openings(40, 0, seed=7, kind="named")
    for line in lines:
        board = Board.from_transcript(line)
        assert len(board.move_stack) >= 4
        opening = recognise([str(m) for m in board.move_stack])
        assert opening is not None and opening.length == len(board.move_stack)
    in_book = sum(book_moves(*Board.from_transcript(t).bits()) is not None for t in lines)
    # 38 of these 40 (79 of all 83) named lines end in a book position
    assert in_book >= 35
    with pytest.raises(ValueError, match="named lines"):
        match.openings(1000, 0, seed=6, kind="named")
