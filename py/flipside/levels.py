"""Computer levels: one parser for every game's ladder (``3``, ``"3"`` or ``"max"``)."""

from __future__ import annotations

from collections.abc import Collection

from flipside.i18n import tr


def parse_level(level: object, levels: Collection[int]) -> int:
    """The level number ``level`` names among ``levels`` (``"max"``: the strongest).

    ValueError for anything else, including ``True`` and floats."""
    top = max(levels)
    wanted = tr("level must be 1..{top} or 'max', got {level!r}", top=top, level=level)
    if isinstance(level, str):
        text = level.strip().lower()
        if text == "max":
            return top
        if not text.isdigit():
            raise ValueError(wanted)
        level = int(text)
    if isinstance(level, bool) or not isinstance(level, int) or level not in levels:
        raise ValueError(wanted)
    return level
