"""The page's Rules view from the project's own rules text (docs/<game>-rules.md).

A deliberately small Markdown subset: ``##``/``###`` headings, paragraphs, ``-`` lists,
``**bold**`` and ``code``. The build puts the result where index.html says
``<!-- RULES:<game> -->``, so the docs and the page never disagree.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

_INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"`(.+?)`"), r"<code>\1</code>"),
)


def inline(text: str) -> str:
    out = html.escape(text, quote=False)
    for pattern, replacement in _INLINE:
        out = pattern.sub(replacement, out)
    return out


def to_html(markdown: str) -> str:
    """HTML for the subset above (the first ``#`` title is left out: the dialog has one)."""
    out: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if paragraph:
            out.append(f"<p>{inline(' '.join(paragraph))}</p>")
            paragraph.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("# ") or not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            level, _, title = stripped.partition(" ")
            tag = "h3" if len(level) <= 2 else "h4"
            out.append(f"<{tag}>{inline(title)}</{tag}>")
        elif stripped.startswith("- "):
            if paragraph:
                flush()
            items.append(stripped[2:])
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items:  # a paragraph right after a list starts after it
                flush()
            paragraph.append(stripped)
    flush()
    return "\n".join(out)


def fill(index_html: str, docs: Path) -> str:
    """``index_html`` with each ``<!-- RULES:game -->`` replaced by that game's rules
    (``docs/<game>-rules.md``), and each ``<!-- RULES:game.<lang> -->`` by their text in that
    language (``docs/<game>-rules.<lang>.md``: German, Japanese)."""

    def rules(match: re.Match[str]) -> str:
        game, language = match.group(1), match.group(2)
        name = f"{game}-rules.{language}.md" if language else f"{game}-rules.md"
        return to_html((docs / name).read_text(encoding="utf-8"))

    return re.sub(r"<!-- RULES:(\w+)(?:\.(\w+))? -->", rules, index_html)
