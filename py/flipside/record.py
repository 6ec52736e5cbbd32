"""Game records: a game's set-up plus its moves, as one short, readable text.

The text form is the page's link fragment and what a saved game holds::

    othello/f5d6c3                      a plain Othello game
    othello/f5d6&handicap=2w&clock=300  with options, ``&key=value`` after the moves
    themisto/b1-b4,c1-c3x,pass          Themisto moves are separated by commas

Version 1 of the format is this one: ``<game>/<moves>`` then options in a fixed order. Each
game's adapter (``flipside.othello.game``, ``flipside.themisto.game``) reads and writes its
moves and options; this module only splits and joins the text. A future incompatible form
would carry ``&v=2``; a record asking for another version than 1 is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote

from flipside.i18n import tr

FORMAT_VERSION = 1
_SAFE = "-,:.~_"  # characters kept as they are in options and moves (besides letters, digits)


@dataclass(frozen=True, slots=True)
class Record:
    """One game: ``game`` names it, ``moves`` is the moves' text (game notation, already
    joined), ``options`` the set-up as ``(key, value)`` pairs in the adapter's order."""

    game: str
    moves: str = ""
    options: tuple[tuple[str, str], ...] = ()

    def option(self, key: str, default: str = "") -> str:
        """The value of option ``key`` (``default`` when absent)."""
        return next((value for k, value in self.options if k == key), default)

    def text(self) -> str:
        """The text form (link fragment without ``#``)."""
        tail = "".join(f"&{key}={quote(value, safe=_SAFE)}" for key, value in self.options)
        return f"{self.game}/{quote(self.moves, safe=_SAFE)}{tail}"

    def without(self, key: str) -> Record:
        """The same record without option ``key``."""
        return Record(self.game, self.moves, tuple(o for o in self.options if o[0] != key))

    def with_moves(self, moves: str) -> Record:
        """The same set-up with other moves."""
        return Record(self.game, moves, self.options)

    @classmethod
    def parse(cls, text: str) -> Record:
        """Split a record's text (``#`` and percent-escapes allowed); ValueError if it is not
        ``<game>/<moves>[&key=value...]``. Values are not checked here: the adapter does."""
        body = text.strip().lstrip("#")
        game, _, rest = body.partition("/")
        parts = rest.split("&")
        moves = unquote(parts[0]).strip()
        options: list[tuple[str, str]] = []
        for part in parts[1:]:
            if not part:
                continue
            key, eq, value = part.partition("=")
            key = unquote(key).strip().lower()
            if not eq or not key:
                raise ValueError(tr("option {option!r} is not key=value", option=unquote(part)))
            if any(k == key for k, _ in options):
                raise ValueError(tr("option {key!r} is given twice", key=key))
            options.append((key, unquote(value).strip()))
        version = dict(options).pop("v", str(FORMAT_VERSION))
        if version != str(FORMAT_VERSION):
            raise ValueError(
                tr(
                    "it was made by another version of Flipside (format {version!r}, this one reads {reads})",
                    version=version,
                    reads=FORMAT_VERSION,
                )
            )
        options = [(k, v) for k, v in options if k != "v"]
        return cls(game.strip().lower(), moves, tuple(options))
