"""Study and share: recognise pasted text, export a game, check an edited position, list a
WTHOR file. The facade (``flipside.facade``) imports this module on first use, so it stays out
of the start-up snapshot.

Everything here turns text into a record (``flipside.record``) or a record into text; the
rules cores (``flipside.othello``, ``flipside.themisto``) decide what is legal and their
messages reach the user ("move 7: c3 is not legal for White").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flipside import games, links
from flipside.i18n import N_, ntr, tr
from flipside.othello import game as othello_game
from flipside.othello.board import Board
from flipside.othello.notation import Color, format_position, split_transcript
from flipside.record import Record
from flipside.themisto import game as themisto_game
from flipside.themisto.board import Board as ThemistoBoard
from flipside.themisto.notation import Move as ThemistoMove
from flipside.themisto.notation import split_moves

if TYPE_CHECKING:
    from flipside.othello import ggf

JSON = Any
TEXT_FILE_TITLE = "Flipside game"
EXPECTED = N_(
    "expected an Othello transcript (f5d6c3…), a board of 64 squares and the side to move, "
    "a Themisto move list (b1-b4 c1-c3x …) or position string, a Flipside link or a GGF game"
)
"""What a paste can be (translated where shown)."""

_LINK = re.compile(r"(?:^|#|\s)((?:othello|themisto)/\S*)", re.IGNORECASE)
_OTHER_LINK = re.compile(r"#([a-z]+/\S*)|^([a-z]+/\S*)$", re.IGNORECASE)
_CELLS = set("XxOo*-.BbWw")
_THEMISTO_MOVE = re.compile(r"[a-h][1-8]-?[a-h][1-8]x?", re.IGNORECASE)
_MOVE_NUMBER = re.compile(r"\d+\.+")


@dataclass(frozen=True, slots=True)
class Found:
    """What a text was recognised as: ``kind`` (a short id), ``label`` (words for the page)
    and the record it opens."""

    kind: str
    label: str
    record: Record
    ply: int | None = None
    """The ply a link showed (``&ply=N``), which the page then steps to."""


def _shorten(text: str, size: int = 24) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= size else flat[: size - 1] + "…"


# -- recognising ----------------------------------------------------------------------------


def recognise(text: str) -> Found:
    """What ``text`` is and the record it opens; ValueError with a message naming the format
    it looked like and what is wrong in it."""
    body = text.strip().lstrip("\ufeff")
    if not body:
        raise ValueError(tr("there is nothing to read: {expected}", expected=tr(EXPECTED)))
    if len(body) > 200_000:
        raise ValueError(tr("the text is too long for one game (over 200,000 characters)"))
    if body.startswith("{"):
        return _from_save(body)
    if body.startswith(TEXT_FILE_TITLE):
        return _from_text_file(body)
    if "(;" in body:
        return _from_ggf(body)
    if m := _LINK.search(body):
        return _from_link(m.group(1))
    if m := _OTHER_LINK.search(body):
        return _from_link(m.group(1) or m.group(2))
    fields = body.split()
    compact = "".join(fields)
    if len(fields) == 4 and len(fields[0]) >= 60 and all(f.isdigit() for f in fields[1:]):
        return _from_themisto_position(body)
    if len(fields) == 1 and compact.count("_") == 3 and len(compact.split("_")[0]) == 64:
        return _from_themisto_position(compact.replace("_", " "))
    if _looks_like_board(compact):
        return _from_othello_position(body)
    if _THEMISTO_MOVE.search(body) and re.search(r"[a-h][1-8]-|pass\b", body, re.IGNORECASE):
        return _from_themisto_moves(body)
    if re.search(r"[a-h][1-8]", body, re.IGNORECASE):
        return _from_transcript(body)
    raise _unreadable(body)


def _unreadable(body: str) -> ValueError:
    return ValueError(
        tr("Flipside cannot read {text!r}: {expected}", text=_shorten(body), expected=tr(EXPECTED))
    )


def _looks_like_board(compact: str) -> bool:
    """At least 60 board characters with nothing else: an Othello board string (perhaps
    wrong in length or side to move; the reader says which)."""
    side_words = ("black", "white")
    for word in side_words:
        if compact.lower().endswith(word):
            compact = compact[: -len(word)] + "X"
    cells = compact[:64]
    return len(compact) >= 60 and sum(ch in _CELLS for ch in cells) >= len(cells) - 2


def _from_save(body: str) -> Found:
    try:
        data = json.loads(body)
    except json.JSONDecodeError:
        raise _unreadable(body) from None
    if not links.is_save(data):
        raise ValueError(tr("this JSON is not a Flipside save: {expected}", expected=tr(EXPECTED)))
    record = links.open_saved(body).record()
    return Found("save", tr("a saved {game} game", game=games.title(record.game)), record)


def _from_text_file(body: str) -> Found:
    for line in body.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "record":
            found = _from_link(value.strip())
            label = tr("a Flipside game file ({label})", label=found.label)
            return Found("text", label, found.record)
    raise ValueError(tr("this Flipside game file has no 'Record:' line"))


def _from_link(fragment: str) -> Found:
    """A link opens exactly as the address bar would (``flipside.links.open_link``)."""
    try:
        opened = links.open_link(fragment, pasted=True)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    record = opened.game.record()
    n = opened.plies
    if record.game == "othello":
        label = ntr("an Othello link ({n} move)", "an Othello link ({n} moves)", n)
    else:
        label = ntr(
            "a {game} link ({n} move)",
            "a {game} link ({n} moves)",
            n,
            game=games.title(record.game),
        )
    return Found("link", label, record, opened.ply)


def _from_transcript(body: str) -> Found:
    try:
        tokens = split_transcript(body)
        board = Board.from_transcript(body)
    except ValueError as exc:
        raise ValueError(tr("Othello transcript: {error}", error=exc)) from None
    if not tokens:
        raise ValueError(
            tr("Othello transcript: no moves found: {expected}", expected=tr(EXPECTED))
        )
    placed = sum(1 for m in board.move_stack if not m.is_pass)
    record = othello_game.replay(Record("othello", board.transcript())).record()
    label = ntr("an Othello transcript ({n} move)", "an Othello transcript ({n} moves)", placed)
    return Found("transcript", label, record)


def _from_othello_position(body: str) -> Found:
    text = " ".join(body.split())
    for word, letter in (("black", "X"), ("white", "O")):
        if text.lower().endswith(word):
            text = text[: -len(word)] + letter
    compact = "".join(text.split())
    last = text.split()[-1]
    if len(text.split()) > 1 and len(last) == 1 and last.upper() in "XOBW*" and len(compact) != 65:
        raise ValueError(
            tr(
                "Othello board: {n} squares before the side to move {side!r}, expected 64",
                n=len(compact) - 1,
                side=last,
            )
        )
    if len(compact) == 64:
        raise ValueError(
            tr(
                "Othello board: 64 squares but no side to move: add X (Black) or O (White) after them"
            )
        )
    if len(compact) != 65:
        raise ValueError(
            tr(
                "Othello board: {n} squares, expected 64 and the side to move (X or O)",
                n=len(compact) - 1,
            )
        )
    try:
        position = _othello_position_checked(compact)
    except ValueError as exc:
        raise ValueError(tr("Othello board: {error}", error=exc)) from None
    record = Record("othello", "", (("start", position.replace(" ", "")),))
    game = othello_game.replay(record)
    side = Color.BLACK if position.endswith("X") else Color.WHITE
    label = tr("an Othello position, {side} to move", side=side.word())
    return Found("position", label, game.record())


def _cells_readable(cells: str) -> bool:
    from flipside.othello.notation import parse_position

    try:
        parse_position(cells + "X")
    except ValueError:
        return False
    return True


def _othello_position_checked(compact: str) -> str:
    from flipside.othello.notation import parse_position

    try:
        black, white, turn = parse_position(compact)
    except ValueError as exc:
        message = str(exc)
        if _cells_readable(compact[:64]):  # so the side to move is what is wrong
            message = tr(
                "{side!r} is not a side to move (use X for Black or O for White)", side=compact[64]
            )
        raise ValueError(message) from None
    board = Board.from_bits(black, white, turn)
    if board.is_game_over():
        raise ValueError(tr("neither side has a move in this position: there is nothing to play"))
    return format_position(black, white, turn)


def _from_themisto_position(body: str) -> Found:
    try:
        board = ThemistoBoard.from_position(body)
    except ValueError as exc:
        raise ValueError(tr("Themisto position: {error}", error=exc)) from None
    record = Record("themisto", "", (("start", board.position().replace(" ", "_")),))
    game = themisto_game.replay(record)
    who = tr(themisto_game.PLAYER_INNER[board.turn])
    label = tr("a Themisto position, {player} to move", player=who)
    return Found("themisto-position", label, game.record())


def _from_themisto_moves(body: str) -> Found:
    tokens = [t for t in split_moves(body.replace(";", " ")) if not _MOVE_NUMBER.fullmatch(t)]
    board = ThemistoBoard()
    for number, token in enumerate(tokens, 1):
        try:
            board.push(ThemistoMove.parse(token))
        except ValueError as exc:
            raise ValueError(
                tr("Themisto move list: move {number}: {error}", number=number, error=exc)
            ) from None
    moves = ",".join(str(m) for m in board.move_stack)
    record = themisto_game.replay(Record("themisto", moves)).record()
    label = ntr("a Themisto move list ({n} move)", "a Themisto move list ({n} moves)", len(tokens))
    return Found("themisto-moves", label, record)


def _from_ggf(body: str) -> Found:
    from flipside.othello import ggf

    blocks = ggf.split_games(body)
    game = ggf.read_game(blocks[0])
    record = ggf_game(game).record()
    players = tr(
        "{black} vs {white}", black=game.tags.get("PB", "?"), white=game.tags.get("PW", "?")
    )
    label = ntr(
        "a GGF Othello game, {players} ({n} move)",
        "a GGF Othello game, {players} ({n} moves)",
        len(game.moves),
        players=players,
    )
    if len(blocks) > 1:
        label = tr("{label}, the first of {count} games", label=label, count=len(blocks))
    return Found("ggf", label, record)


def ggf_game(game: ggf.GgfGame) -> othello_game.Game:
    """The game read from GGF, replayed: its moves, its start when not the usual one, and its
    clock (``TI``)."""
    fields: list[tuple[str, str]] = []
    if not game.is_standard_start():
        fields.append(("start", game.start.replace(" ", "")))
    if clock := game.clock():
        fields.append(("clock", str(clock)))
    return othello_game.replay(Record("othello", game.transcript(), tuple(fields)))


# -- exporting --------------------------------------------------------------------------------


def record_at(record: Record, ply: int | None) -> Record:
    """The record of the position after ``ply`` entries of the move list (passes count as
    entries, as in the page's move list); None: the whole game."""
    if ply is None:
        return record
    adapter = games.adapter(record.game)
    view = adapter.view(adapter.replay(record))
    prefixes: list[str] = view["prefixes"]
    if not 0 <= ply <= len(prefixes):
        raise ValueError(
            tr("ply {ply} is outside the game (0 to {last})", ply=ply, last=len(prefixes))
        )
    return record.with_moves("") if ply == 0 else Record.parse(prefixes[ply - 1])


def export(record: Record, ply: int | None = None) -> JSON:
    """The game ``record`` as texts: ``transcript`` (moves), ``position`` (the position
    string after ``ply`` moves, the end by default), ``link`` (the record's text), ``text``
    (a text file: the game's description, readable by :func:`recognise`), ``ggf`` (Othello,
    else None) and a ``filename`` stem."""
    shown = record_at(record, ply)
    if record.game == "othello":
        game = othello_game.replay(record)
        at = othello_game.replay(shown)
        transcript = game.board.transcript()
        position = at.board.position()
        start = game.board.root().position()
        ggf_text = _ggf(game)
        moves = " ".join(str(m) for m in game.board.move_stack if not m.is_pass)
    else:
        tgame = themisto_game.replay(record)
        tat = themisto_game.replay(shown)
        transcript = " ".join(str(m) for m in tgame.board.move_stack)
        position = tat.board.position()
        start = (tgame.options.board()).position()
        ggf_text = None
        moves = transcript
    name = record.game.capitalize()
    lines = [
        TEXT_FILE_TITLE,
        f"Game: {name}",
        f"Record: {record.text()}",
        f"Start: {start}",
        f"Moves: {moves}",
        f"Position: {position}",
    ]
    return {
        "transcript": transcript,
        "position": position,
        "link": record.text(),
        "text": "\n".join(lines) + "\n",
        "ggf": ggf_text,
        "filename": f"flipside-{record.game}",
    }


def _ggf(game: othello_game.Game) -> str:
    from flipside.othello import ggf

    board = game.board
    result = None
    if board.is_game_over() or game.options.flag is not None:
        black, white = othello_game.final_score(game)
        result = black - white
    return ggf.write(board, clock=game.options.clock, result=result)


# -- the board editor ----------------------------------------------------------------------------


def edited_record(
    game: str, cells: str, to_move: str, pending: list[int] | None = None, limit: int | None = None
) -> Record:
    """The record of a new game from an edited position; ValueError saying why it cannot be
    played ("Themisto: player one has a pending lost turn")."""
    if not isinstance(cells, str) or len(cells) != 64 or set(cells) - set("XO-"):
        raise ValueError(tr("the editor's board must be 64 squares of X, O and -"))
    if game == "othello":
        try:
            turn = Color.parse(to_move)
        except ValueError:
            raise ValueError(
                tr("Othello: {side!r} is not a side (black or white)", side=to_move)
            ) from None
        try:
            position = _othello_position_checked(cells + turn.letter)
        except ValueError as exc:
            raise ValueError(tr("Othello: {error}", error=exc)) from None
        return othello_game.replay(
            Record("othello", "", (("start", position.replace(" ", "")),))
        ).record()
    if game == "themisto":
        sides = {"one": 1, "two": 2, "1": 1, "2": 2}
        if to_move not in sides:
            raise ValueError(
                tr("Themisto: {player!r} is not a player (one or two)", player=to_move)
            )
        p1, p2 = pending or [0, 0]
        player = sides[to_move]
        if (p1, p2)[player - 1]:
            raise ValueError(
                tr(
                    "Themisto: {player} has a pending lost turn, so cannot be the one to move",
                    player=tr(themisto_game.PLAYER_INNER[player]),
                )
            )
        text = f"{cells} {player} {int(bool(p1))} {int(bool(p2))}"
        try:
            board = ThemistoBoard.from_position(text)
        except ValueError as exc:
            raise ValueError(tr("Themisto: {error}", error=exc)) from None
        if all(m.is_pass for m in board.legal_moves()):
            board.push(ThemistoMove.PASS)
            if board.is_game_over() or all(m.is_pass for m in board.legal_moves()):
                raise ValueError(
                    tr("Themisto: neither player can slide a disk: the game would end at once")
                )
            board.pop()
        fields = [("start", board.position().replace(" ", "_"))]
        if limit is not None:
            fields.insert(0, ("limit", "off" if not limit else str(limit)))
        return themisto_game.replay(Record("themisto", "", tuple(fields))).record()
    raise ValueError(tr("no game called {game!r}", game=game))


# -- WTHOR ----------------------------------------------------------------------------------------


def wthor_list(data: bytes, players: bytes | None = None, tournaments: bytes | None = None) -> JSON:
    """The games of a ``.wtb`` file for the page's list: players, tournament (names from the
    ``WTHOR.JOU`` / ``WTHOR.TRN`` tables when given, else their numbers), year, score and
    the record that opens each."""
    from flipside.othello import wthor

    header, games = wthor.parse_wthor(data)
    who = wthor.parse_names(players, wthor.PLAYER_NAME_SIZE) if players else []
    where = wthor.parse_names(tournaments, wthor.TOURNAMENT_NAME_SIZE) if tournaments else []

    def name(table: list[str], n: int, kind: str) -> str:
        return table[n] if 0 <= n < len(table) and table[n] else tr(kind, n=n)

    rows = []
    for index, g in enumerate(games):
        rows.append(
            {
                "index": index,
                "black": name(who, g.black_player, N_("player #{n}")),
                "white": name(who, g.white_player, N_("player #{n}")),
                "tournament": name(where, g.tournament, N_("tournament #{n}")),
                "year": header.year,
                "score": [g.black_score, 64 - g.black_score],
                "theoretical": g.theoretical_score,
                "moves": len(g.moves),
                "record": Record("othello", g.transcript()).text(),
            }
        )
    return {"year": header.year, "count": len(rows), "named": bool(who), "games": rows}
