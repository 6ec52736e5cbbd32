"""The docs stay readable and their links hold: every design doc (``docs/*.md``) at most
``MAX_LINES`` lines (history goes to dated notes), and every relative Markdown link in
``README.md`` and ``docs/**/*.md`` names a file that exists and, with ``#anchor``, a heading
of that file (GitHub's anchors); no link leaves the repository."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tools import ROOT

MAX_LINES = 400
"""A design doc's most lines (docs/README.md says so)."""

DOCS = sorted((ROOT / "docs").glob("*.md"))
MARKDOWN = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"(`+).*?\1")
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def prose_lines(text: str, keep_code: bool = False) -> list[str]:
    """The lines outside fenced and indented code blocks, inline code removed unless
    ``keep_code`` (a heading's anchor keeps its text)."""
    out, fenced, previous_blank = [], False, True
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        indented = line.startswith(("    ", "\t")) and previous_blank
        if not line.strip():
            previous_blank = True
        elif not indented:
            previous_blank = False
        if fenced or (indented and not line.lstrip().startswith(("-", "*", "|"))):
            continue
        out.append(line if keep_code else _CODE_SPAN.sub("", line))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, inline markup and punctuation dropped,
    spaces turned into hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = text.lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    """Every heading's anchor in a Markdown file (repeats get -1, -2, ...)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in prose_lines(path.read_text(), keep_code=True):
        match = _HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return frozenset(found)


def links(path: Path, external: bool = False) -> list[str]:
    """The relative link targets of a Markdown file, or with ``external`` its links that
    leave the repository (a scheme: ``https:``, ``mailto:``)."""
    targets = []
    for line in prose_lines(path.read_text()):
        targets += [t for t in _LINK.findall(line) if bool(_EXTERNAL.match(t)) == external]
    return targets


def broken(path: Path, root: Path = ROOT) -> list[str]:
    """``file: target (why)`` for each relative link of ``path`` that points nowhere (or
    outside ``root``)."""
    out = []
    for target in links(path):
        name, _, anchor = target.partition("#")
        where = (path.parent / name).resolve() if name else path
        why = ""
        if not where.exists():
            why = "no such file"
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            why = "no such heading"
        elif root.resolve() not in where.parents:
            why = "outside the repository"
        if why:
            out.append(f"{path.relative_to(root)}: {target} ({why})")
    return out


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_a_design_doc_is_at_most_400_lines(doc: Path) -> None:
    lines = len(doc.read_text().splitlines())
    assert lines <= MAX_LINES, f"{doc.name}: {lines} lines; split it or move history to notes"


@pytest.mark.parametrize("doc", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_a_file_and_heading(doc: Path) -> None:
    assert broken(doc) == []


@pytest.mark.parametrize("doc", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_link_leaves_the_repository(doc: Path) -> None:
    assert links(doc, external=True) == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_a_file_map_has_its_begin_and_end(doc: Path) -> None:
    text = doc.read_text()
    begin, end = text.count("<!-- file map: begin -->"), text.count("<!-- file map: end -->")
    assert begin == end <= 1
    if begin:
        assert text.index("<!-- file map: begin -->") < text.index("<!-- file map: end -->")


# -- the checker itself ------------------------------------------------------------------------


def test_slugs_follow_github() -> None:
    assert slug("The pool of search workers (`web/js/pool.js`)") == (
        "the-pool-of-search-workers-webjspooljs"
    )
    assert slug("Opening names and book (`openings.py`)") == "opening-names-and-book-openingspy"
    assert slug("Choices, and why") == "choices-and-why"
    assert slug("Keyboard, screen readers, themes") == "keyboard-screen-readers-themes"


def test_broken_links_are_found(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (tmp_path / "outside.md").write_text("# Outside\n")
    (root / "other.md").write_text("# Other\n\n## A part (`x.py`)\n\n## A part (`x.py`)\n")
    doc = root / "doc.md"
    doc.write_text(
        "# Doc\n\n[ok](other.md), [part](other.md#a-part-xpy), [again](other.md#a-part-xpy-1),"
        " [here](#doc), [web](https://example.org/x.md)\n\n"
        "[gone](missing.md), [no part](other.md#nothing), [up](../outside.md),"
        " `[code](nowhere.md)`\n\n"
        "    [indented](nowhere.md)\n\n```\n[fenced](nowhere.md)\n```\n"
    )
    assert links(doc, external=True) == ["https://example.org/x.md"]
    assert broken(doc, root) == [
        "doc.md: missing.md (no such file)",
        "doc.md: other.md#nothing (no such heading)",
        "doc.md: ../outside.md (outside the repository)",
    ]
