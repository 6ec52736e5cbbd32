"""Othello for the facade: a record's options, replaying it, and the state the page draws.

Options of a record (``flipside.record``), in this order:

- ``handicap=2w``: 1-4 corners (a1, h8, h1, a8 in that order) for ``b`` Black or ``w`` White
  in the first game; in a series the corners follow the same player when colours swap;
- ``start=<64 chars>X``: a set-up position (``X`` black, ``O`` white, ``-`` empty, then the
  side to move), instead of the standard start (not with a handicap);
- ``clock=300``: seconds on each player's clock (the page runs the clocks);
- ``series=games:3`` or ``series=points:64``: first to 3 games (a draw is half a game each) or
  to 64 points (each game gives its winner the disc margin); ``past=40-24,30-34`` the final
  scores (Black-White, empty squares to the winner) of the series' finished games. Player A
  plays Black in games 1, 3, 5..., player B in games 2, 4...;
- ``opening=xot`` or ``opening=random:6``: the game's first moves (8 for XOT, N for a random
  opening) were dealt, not chosen: an XOT opening from ``xot.tsv`` or N moves chosen at
  random among balanced ones. They are part of the moves, replayed from the standard start,
  cannot be taken back, and open every game of a series (each player gets them with each
  colour in turn);
- ``flag=white``: that side's time ran out, so it lost (the game is over).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flipside.i18n import N_, tr
from flipside.othello.board import Board, score_discs
from flipside.othello.notation import PASS_MOVE, Color, Move, parse_position
from flipside.othello.perft import perft as count_leaves
from flipside.record import Record

JSON = Any
NAME = "othello"
TITLE = "Othello"
AI_MODULE = "flipside.othello.ai.api"
"""The computer player (think, hints, value, opening, solve), imported on first use."""
EXPLORER_MODULE = "flipside.othello.explorer"
"""The opening explorer (the tree of played positions), imported on first use."""
SIDES = ("black", "white")
SIDE_WORDS = {"black": N_("Black"), "white": N_("White")}
"""Each side's name in words (translated where shown)."""
CLOCK_LIMIT = 6 * 3600
SERIES_LIMIT = {"games": 20, "points": 640}
RANDOM_OPENING_LIMIT = 20
"""A random opening has 1 to this many moves."""


@dataclass(frozen=True, slots=True)
class Options:
    """An Othello game's set-up (see the module docstring)."""

    handicap: int = 0
    handicap_color: Color = Color.BLACK
    start: str = ""
    clock: int = 0
    series: str = ""  # "", "games" or "points"
    target: int = 0
    past: tuple[tuple[int, int], ...] = ()
    flag: Color | None = None
    opening: str = ""  # "", "xot" or "random"
    opening_plies: int = 0

    def fields(self) -> tuple[tuple[str, str], ...]:
        """The record's ``(key, value)`` pairs, in order, defaults left out."""
        out = []
        if self.handicap:
            out.append(("handicap", f"{self.handicap}{str(self.handicap_color)[0].lower()}"))
        if self.start:
            out.append(("start", self.start))
        if self.clock:
            out.append(("clock", str(self.clock)))
        if self.series:
            out.append(("series", f"{self.series}:{self.target}"))
            if self.past:
                out.append(("past", ",".join(f"{b}-{w}" for b, w in self.past)))
        if self.opening == "xot":
            out.append(("opening", "xot"))
        elif self.opening:
            out.append(("opening", f"random:{self.opening_plies}"))
        if self.flag is not None:
            out.append(("flag", str(self.flag).lower()))
        return tuple(out)

    def board(self) -> Board:
        """The position the game starts from."""
        if self.start:
            return Board.from_position(self.start)
        color = self.handicap_color
        if len(self.past) % 2:
            color = color.opponent  # the corners stay with the same player
        return Board(self.handicap, color)


_HANDICAP = re.compile(r"([1-4])([bw])")
_SERIES = re.compile(r"(games|points):(\d{1,3})")
_SCORE = re.compile(r"(\d{1,2})-(\d{1,2})")
_OPENING = re.compile(r"xot|random:(\d{1,2})")


def parse_options(record: Record) -> Options:
    """The options of ``record``; ValueError naming the bad one."""
    known = {"handicap", "start", "clock", "series", "past", "opening", "flag"}
    for key, _ in record.options:
        if key not in known:
            raise ValueError(tr("unknown option {key!r}", key=key))
    handicap, color = 0, Color.BLACK
    if text := record.option("handicap"):
        if not (m := _HANDICAP.fullmatch(text.lower())):
            raise ValueError(
                tr("handicap {text!r}: expected 1-4 corners and b or w, e.g. 2w", text=text)
            )
        handicap = int(m.group(1))
        color = Color.BLACK if m.group(2) == "b" else Color.WHITE
    start = record.option("start")
    if start:
        if handicap:
            raise ValueError(tr("a set-up position cannot also have a handicap"))
        black, white, turn = parse_position(start[:64] + " " + start[64:])
        start = Board.from_bits(black, white, turn).position().replace(" ", "")
    clock = 0
    if text := record.option("clock"):
        if not text.isdigit() or not 1 <= int(text) <= CLOCK_LIMIT:
            raise ValueError(
                tr(
                    "clock {text!r}: expected seconds per player, 1 to {limit}",
                    text=text,
                    limit=CLOCK_LIMIT,
                )
            )
        clock = int(text)
    series, target, past = "", 0, list[tuple[int, int]]()
    if text := record.option("series"):
        if not (m := _SERIES.fullmatch(text.lower())) or not (
            1 <= int(m.group(2)) <= SERIES_LIMIT[m.group(1)]
        ):
            raise ValueError(
                tr("series {text!r}: expected games:N (1-20) or points:N (1-640)", text=text)
            )
        series, target = m.group(1), int(m.group(2))
        past = _parse_past(record.option("past"))
    elif record.option("past"):
        raise ValueError(tr("past games are given without a series"))
    flag = None
    if text := record.option("flag"):
        if text.lower() not in SIDES:
            raise ValueError(tr("flag {text!r}: expected black or white", text=text))
        flag = Color.parse(text)
    opening, opening_plies = _parse_opening(record.option("opening"))
    if opening and (handicap or start):
        raise ValueError(
            tr("an opening starts from the standard position: not with a handicap or set-up")
        )
    options = Options(
        handicap, color, start, clock, series, target, tuple(past), flag, opening, opening_plies
    )
    if series and series_standing(options)["over"]:
        raise ValueError(tr("the series was already decided before this game"))
    return options


def _parse_opening(text: str) -> tuple[str, int]:
    if not text:
        return "", 0
    m = _OPENING.fullmatch(text.lower())
    if not m or (m.group(1) is not None and not 1 <= int(m.group(1)) <= RANDOM_OPENING_LIMIT):
        raise ValueError(
            tr(
                "opening {text!r}: expected xot or random:N (N from 1 to {limit})",
                text=text,
                limit=RANDOM_OPENING_LIMIT,
            )
        )
    from flipside.othello.xot import XOT_PLIES  # read on first use: not in the snapshot

    return ("xot", XOT_PLIES) if m.group(1) is None else ("random", int(m.group(1)))


def _check_opening(game: Game) -> None:
    """An XOT game's first moves are an opening of the list (or the start of one)."""
    options = game.options
    if options.opening != "xot":
        return
    from flipside.othello.xot import XOT_PLIES, is_xot

    dealt = "".join(str(m) for m in game.board.move_stack if not m.is_pass)[: 2 * XOT_PLIES]
    if len(dealt) == 2 * XOT_PLIES and not is_xot(dealt):
        raise ValueError(tr("opening xot: {moves} is not an opening of the XOT list", moves=dealt))


def opening_moves(options: Options, seed: int | None = None) -> str:
    """The moves a new game with ``options`` starts with: an XOT opening, N balanced random
    moves (the computer player chooses them), or none."""
    if options.opening == "xot":
        from flipside.othello.xot import random_xot

        return random_xot(seed)
    if options.opening == "random":
        from flipside.othello.ai.balanced import random_opening

        return random_opening(options.opening_plies, seed)
    return ""


def _parse_past(text: str) -> list[tuple[int, int]]:
    past = []
    for item in filter(None, text.split(",")):
        m = _SCORE.fullmatch(item.strip())
        if not m or int(m.group(1)) + int(m.group(2)) != 64:
            raise ValueError(
                tr("past game {item!r}: expected Black-White discs adding up to 64", item=item)
            )
        past.append((int(m.group(1)), int(m.group(2))))
    if len(past) > 60:
        raise ValueError(tr("too many past games"))
    return past


def options_from_json(data: JSON) -> Options:
    """Options chosen in the New game dialog (``handicap``, ``handicapFor``, ``clock``
    seconds, ``series`` ``{kind, target}``); ValueError for anything else."""
    if not isinstance(data, dict):
        raise TypeError(tr("options must be a JSON object"))
    fields: list[tuple[str, str]] = []
    known = {"handicap", "handicapFor", "clock", "series", "start", "opening"}
    if unknown := set(data) - known:
        raise ValueError(tr("unknown Othello option {option!r}", option=min(unknown)))
    corners = data.get("handicap") or 0
    if corners:
        who = data.get("handicapFor", "white")
        if not isinstance(corners, int) or who not in SIDES:
            raise ValueError(tr("handicap: expected 1-4 corners for black or white"))
        fields.append(("handicap", f"{corners}{who[0]}"))
    if data.get("start"):
        fields.append(("start", str(data["start"]).replace(" ", "")))
    if data.get("clock"):
        fields.append(("clock", str(data["clock"])))
    series = data.get("series")
    if series:
        if not isinstance(series, dict):
            raise ValueError(tr("series: expected {fields}", fields="{kind, target}"))
        fields.append(("series", f"{series.get('kind')}:{series.get('target')}"))
    if data.get("opening"):
        fields.append(("opening", str(data["opening"])))
    return parse_options(Record(NAME, "", tuple(fields)))


# -- replaying ----------------------------------------------------------------------------


@dataclass(slots=True)
class Game:
    """A replayed record: the board (any forced pass played), its options, what each move
    did (``notes``: a text per move in ``board.move_stack``, "" when nothing to tell)."""

    board: Board
    options: Options
    notes: list[str]

    def record(self) -> Record:
        """The record of this game."""
        return Record(NAME, self.board.transcript(), self.options.fields())


def replay(record: Record) -> Game:
    """Replay ``record``; ValueError (``move N: ...``) for a bad move or option."""
    options = parse_options(record)
    board = options.board()
    notes: list[str] = []
    start = board.copy()
    board = Board.from_transcript(record.moves, start)
    # Replay once more, move by move, to note passes and discs given by the opponent.
    replayed = start
    for move in board.move_stack:
        notes.append(_note(replayed, move))
        replayed.push(move)
    game = Game(board, options, notes)
    _check_opening(game)
    _play_forced_pass(game)
    return game


def _note(board: Board, move: Move) -> str:
    """What to tell about ``move`` played on ``board`` (before it)."""
    mover = board.turn
    if move.is_pass:
        return tr("{side} has no move and passes", side=mover.word())
    if board.disc_supply()[mover] == 0:
        return _gives(mover)
    return ""


def _gives(mover: Color) -> str:
    """The note of a disc ``mover`` is given from the other supply."""
    return tr(
        "{side} has no discs left: {other} gives one",
        side=mover.word(),
        other=mover.opponent.word(),
    )


def _gave(notes: list[str]) -> list[str]:
    """Of ``notes``, the ones that tell of a disc given (in any language)."""
    gives = {_gives(Color.BLACK), _gives(Color.WHITE)}
    return [note for note in notes if note in gives]


def _play_forced_pass(game: Game) -> None:
    """Play the pass of a side with no move (the facade plays it: nothing to decide)."""
    board = game.board
    if game.options.flag is None and board.legal_moves() == [PASS_MOVE]:
        game.notes.append(_note(board, PASS_MOVE))
        board.push(PASS_MOVE)


def play(record: Record, move: str) -> tuple[Game, JSON]:
    """Play ``move`` after ``record``: the game and its view, which animates the move."""
    game, flipped, played = place(record, move)
    return game, view(game, flipped, played)


def place(record: Record, move: str) -> tuple[Game, list[int], Move]:
    """Play ``move`` after ``record``: the game, the squares it flipped and the move."""
    game = replay(record)
    if game.options.flag is not None:
        raise ValueError(
            tr("the game is over: {side}'s time ran out", side=game.options.flag.word())
        )
    played = Move.parse(move)
    if played.is_pass:
        raise ValueError(tr("passes are played automatically when a side has no move"))
    board = game.board
    flipped = board.flips(played) if board.is_legal(played) else []
    note = _note(board, played)
    board.push(played)  # raises IllegalMoveError (a ValueError) with the reason
    game.notes.append(note)
    _play_forced_pass(game)
    return game, flipped, played


def undo(record: Record) -> Game:
    """The game with its last placed disc taken back (and any pass after it)."""
    game = replay(record)
    if game.options.flag is not None:
        raise ValueError(tr("a game lost on time cannot be taken back"))
    placed = [m for m in game.board.move_stack if not m.is_pass]
    if not placed:
        raise ValueError(tr("there is no move to undo"))
    if len(placed) <= game.options.opening_plies:
        raise ValueError(tr("the opening's moves were dealt: they cannot be taken back"))
    return replay(record.with_moves("".join(str(m) for m in placed[:-1])))


def flag(record: Record, side: str) -> Game:
    """The game lost on time by ``side`` (``black`` or ``white``), which must be to move."""
    game = replay(record)
    if game.board.is_game_over() or game.options.flag is not None:
        raise ValueError(tr("the game is already over"))
    if side != str(game.board.turn).lower():
        raise ValueError(tr("only the side to move can run out of time, not {side}", side=side))
    options = _replace(game.options, flag=game.board.turn)
    return replay(Record(NAME, record.moves, options.fields()))


def next_game(record: Record) -> Game:
    """The next game of a series: this one's score added to ``past``, colours swapped."""
    game = replay(record)
    options = game.options
    if not options.series:
        raise ValueError(tr("this game is not part of a series"))
    if not is_over(game):
        raise ValueError(tr("the game is not over yet"))
    if series_standing(options, final_score(game))["over"]:
        raise ValueError(tr("the series is over"))
    past = (*options.past, final_score(game))
    placed = [str(m) for m in game.board.move_stack if not m.is_pass]
    opening = "".join(placed[: options.opening_plies])  # every game starts with the same one
    return replay(Record(NAME, opening, _replace(options, past=past, flag=None).fields()))


def _replace(options: Options, **changes: object) -> Options:
    values = {name: getattr(options, name) for name in Options.__slots__}
    values.update(changes)
    return Options(**values)


# -- results ------------------------------------------------------------------------------


def is_over(game: Game) -> bool:
    """True when neither side can move or a clock ran out."""
    return game.options.flag is not None or game.board.is_game_over()


def final_score(game: Game) -> tuple[int, int]:
    """(Black, White) discs at the end, empty squares to the winner. A game lost on time
    gives the winner the empty squares too, and at least 33 discs."""
    board = game.board
    black, white = board.count(Color.BLACK), board.count(Color.WHITE)
    if game.options.flag is None:
        b = score_discs(black, white).black_final
        return b, 64 - b
    winner = game.options.flag.opponent
    mine, theirs = (black, white) if winner is Color.BLACK else (white, black)
    mine = max(64 - theirs, 33)
    return (mine, 64 - mine) if winner is Color.BLACK else (64 - mine, mine)


def series_standing(options: Options, current: tuple[int, int] | None = None) -> JSON:
    """The series' games (finished ones, plus ``current`` when given), score and winner."""
    games = []
    score = {"A": 0.0, "B": 0.0}
    for number, (black, white) in enumerate((*options.past, *([current] if current else []))):
        black_player = "A" if number % 2 == 0 else "B"
        white_player = "B" if black_player == "A" else "A"
        winner = black_player if black > white else white_player if white > black else None
        if options.series == "games":
            if winner is None:
                score["A"] += 0.5
                score["B"] += 0.5
            else:
                score[winner] += 1
        elif winner is not None:
            score[winner] += abs(black - white)
        games.append(
            {"number": number + 1, "black": black_player, "score": [black, white], "winner": winner}
        )
    leader = max(score, key=lambda p: score[p])
    over = score[leader] >= options.target and score["A"] != score["B"]
    return {
        "kind": options.series,
        "target": options.target,
        "games": games,
        "score": {p: int(v) if v == int(v) else v for p, v in score.items()},
        "number": len(options.past) + 1,
        "black": "A" if len(options.past) % 2 == 0 else "B",
        "over": over,
        "winner": leader if over else None,
    }


# -- the state the page draws -------------------------------------------------------------


def view(game: Game, flipped: list[int] | None = None, last: Move | None = None) -> JSON:
    """Everything the page needs to draw the game (the facade adds link and save)."""
    board, options = game.board, game.options
    over = is_over(game)
    if last is None:
        last = next((m for m in reversed(board.move_stack) if not m.is_pass), None)
    legal = [] if over else [m.square for m in board.legal_moves() if not m.is_pass]
    black, white = board.count(Color.BLACK), board.count(Color.WHITE)
    moves: list[JSON] = []
    turn = options.board().turn
    for move, note in zip(board.move_stack, game.notes, strict=True):
        if not note and len(moves) < options.opening_plies:
            note = tr("opening")
        moves.append({"text": str(move), "by": str(turn).lower(), "note": note})
        turn = turn.opponent
    supply_black, supply_white = board.disc_supply()
    series = None
    if options.series:
        series = series_standing(options, final_score(game) if over else None)
    passed = bool(board.move_stack) and board.move_stack[-1].is_pass
    return {
        "cells": board.position()[:64],
        "position": board.position(),
        "toMove": None if over else str(board.turn).lower(),
        "sides": list(SIDES),
        "legal": legal,
        "legalNames": [str(Move(sq)) for sq in legal],
        "lastMove": None if last is None else last.square,
        "lastFrom": None,
        "changed": list(flipped or []),
        "moves": moves,
        "prefixes": prefixes(game),
        "said": _said(game, flipped, last, moves),
        "counts": {"black": black, "white": white},
        "over": over,
        "result": _result(game) if over else None,
        "status": _status(game, passed, black, white),
        "canUndo": options.flag is None and len(board.transcript()) > 2 * options.opening_plies,
        "extra": {
            "transcript": board.transcript(),
            "passed": passed,
            "supply": {"black": supply_black, "white": supply_white},
            "gave": next(iter(reversed(_gave(game.notes[-2:]))), None),
            "handicap": (
                {"corners": options.handicap, "for": _handicap_side(options)}
                if options.handicap
                else None
            ),
            "clock": options.clock,
            "flag": None if options.flag is None else str(options.flag).lower(),
            "series": series,
            "opening": (
                {"kind": options.opening, "plies": options.opening_plies}
                if options.opening
                else None
            ),
        },
    }


def _handicap_side(options: Options) -> str:
    color = options.handicap_color
    return str(color.opponent if len(options.past) % 2 else color).lower()


def _said(game: Game, flipped: list[int] | None, last: Move | None, moves: list[JSON]) -> str:
    """The last placed move in words, for a screen reader ("Black plays f5, flipping e5"),
    with what followed it (a forced pass, a disc given) and the result; "" before any move."""
    stack = game.board.move_stack
    placed = [i for i, move in enumerate(stack) if not move.is_pass]
    if last is None or not placed:
        return ""
    at = placed[-1]
    if flipped is None:  # replayed, not just played: find the flips on the board before it
        before = Board.from_transcript(
            "".join(str(m) for m in stack[:at] if not m.is_pass), game.options.board()
        )
        flipped = before.flips(last)
    names = " ".join(str(Move(sq)) for sq in sorted(flipped))
    mover = Color.BLACK if moves[at]["by"] == "black" else Color.WHITE
    words = [
        tr("{side} plays {move}, flipping {flipped}", side=mover.word(), move=last, flipped=names)
    ]
    words += [str(moves[i]["note"]) for i in range(at, len(moves)) if moves[i]["note"]]
    if is_over(game):
        board = game.board
        words.append(_status(game, False, board.count(Color.BLACK), board.count(Color.WHITE)))
    return ". ".join(words)


def summary(game: Game) -> JSON:
    """What a list of games shows of one, as :func:`view` has it: its sides, the number of
    entries of its move list, whether it is over and its result."""
    over = is_over(game)
    moves = len(game.board.move_stack)
    return {
        "sides": list(SIDES),
        "moves": moves,
        "over": over,
        "result": _result(game) if over else None,
    }


def prefixes(game: Game) -> list[str]:
    """The record text after each move of the move list (passes included)."""
    out, transcript = [], ""
    for move in game.board.move_stack:
        if not move.is_pass:
            transcript += str(move)
        out.append(Record(NAME, transcript, game.options.fields()).text())
    return out


def _result(game: Game) -> JSON:
    black, white = final_score(game)
    flagged = game.options.flag
    winner = "black" if black > white else "white" if white > black else None
    return {
        "winner": winner,
        "score": [black, white],
        "discs": [game.board.count(Color.BLACK), game.board.count(Color.WHITE)],
        "reason": "time" if flagged is not None else "no moves",
    }


def _status(game: Game, passed: bool, black: int, white: int) -> str:
    board, flagged = game.board, game.options.flag
    if flagged is not None:
        return tr(
            "Game over: {side}'s time ran out. {winner} wins",
            side=flagged.word(),
            winner=flagged.opponent.word(),
        )
    if board.is_game_over():
        if black == white:
            return tr("Game over: a draw, {black}–{white}", black=black, white=white)
        winner = Color.BLACK if black > white else Color.WHITE
        return tr(
            "Game over: {side} wins {high}–{low}",
            side=winner.word(),
            high=max(black, white),
            low=min(black, white),
        )
    text = tr("{side} to move", side=board.turn.word())
    if passed:
        text = tr(
            "{side} has no move and passes. {status}", side=board.turn.opponent.word(), status=text
        )
    gave = _gave(game.notes[-2:])
    if gave:
        text = f"{gave[-1]}. {text}"
    return text


def perft(depth: int, position: str | None = None) -> int:
    """Leaf count of the game tree to ``depth`` plies from the start or ``position``."""
    board = Board() if position is None else Board.from_position(position)
    return count_leaves(board, depth)
