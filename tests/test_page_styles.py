"""The page's styles (web/css/): every class and id they style is used by the page, each
file is small and imported by the entry, and no rule is left open (Stylelint is the main
guard: stylelint.config.mjs; this catches an unclosed rule without Node)."""

from __future__ import annotations

import re

from tools import ROOT

CSS = ROOT / "web" / "css"
ENTRY = CSS / "index.css"
MAX_LINES = 400

# The page's sources that name classes and ids: the HTML, the modules, and the HTML the
# build writes (the rules view: rules_html.py, which writes no class today).
SOURCES = [
    ROOT / "web" / "index.html",
    *sorted((ROOT / "web" / "js").rglob("*.js")),
    ROOT / "py" / "tools" / "build" / "rules_html.py",
]

# Classes made from pieces in JavaScript, each with the template that makes it: the piece
# is a value (a side, a review mark), not a literal the scan below could see.
DYNAMIC = {
    "black": "`disc ${side}`",  # games/othello.js: a disc of a side
    "white": "`disc ${side}`",
    "one": "`badge ${side}`",  # games/themisto.js: a player's badge
    "two": "`badge ${side}`",
    "inaccuracy": "`review-mark ${judged.mark}`",  # page/moves.js: the review's marks
    "mistake": "`review-mark ${judged.mark}`",
    "blunder": "`review-mark ${judged.mark}`",
}


def without_comments(text: str) -> str:
    return re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)


def selectors(text: str) -> set[str]:
    """The class (``.name``) and id (``#name``) selectors of a stylesheet."""
    found: set[str] = set()
    for prelude in re.findall(r"([^{};]+)\{", without_comments(text)):
        if prelude.strip().startswith("@"):
            continue
        prelude = re.sub(r"\[[^\]]*\]", "", prelude)  # attribute values are not selectors
        found.update(
            kind + name for kind, name in re.findall(r"([.#])(-?[A-Za-z_][\w-]*)", prelude)
        )
    return found


def literal_tokens(text: str) -> set[str]:
    """Every word inside a string literal or an attribute value of ``text`` (class names,
    ids, ``querySelector`` arguments; comments do not count)."""
    tokens: set[str] = set()
    for literal in re.findall(r'"[^"\n]*"|\'[^\'\n]*\'|`[^`]*`', text):
        tokens.update(re.findall(r"[A-Za-z_][\w-]*", literal))
    return tokens


def test_every_class_and_id_styled_is_used_by_the_page() -> None:
    sources = "\n".join(path.read_text(encoding="utf-8") for path in SOURCES)
    for piece, template in DYNAMIC.items():
        assert template in sources, f"{piece!r} is listed as made by {template}, not found"
    used = literal_tokens(sources) | set(DYNAMIC)
    unused = sorted(
        f"{path.name}: {selector}"
        for path in sorted(CSS.glob("*.css"))
        for selector in selectors(path.read_text(encoding="utf-8"))
        if selector[1:] not in used
    )
    assert unused == [], "styles for nothing: " + ", ".join(unused)


def test_each_file_is_small_and_imported_by_the_entry() -> None:
    imported = re.findall(r'@import url\("([^"]+)"\);', ENTRY.read_text(encoding="utf-8"))
    files = sorted(path.name for path in CSS.glob("*.css") if path != ENTRY)
    assert sorted(imported) == files
    assert len(imported) == len(set(imported))
    for path in CSS.glob("*.css"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{path.name}: {lines} lines, more than {MAX_LINES}"


def test_no_rule_is_left_open() -> None:
    """Braces balance and only an at-rule (@media) holds rules: an unclosed rule would
    swallow every rule after it as nested rules that match nothing (issue 53)."""
    for path in sorted(CSS.glob("*.css")):
        text = re.sub(r'"[^"\n]*"', '""', without_comments(path.read_text(encoding="utf-8")))
        opened: list[str] = []
        for match in re.finditer(r"([^{};]*)([{}])", text):
            if match.group(2) == "{":
                prelude = match.group(1).strip()
                assert not opened or opened[-1].startswith("@"), (
                    f"{path.name}: {prelude!r} inside {opened[-1]!r}"
                )
                opened.append(prelude)
            else:
                assert opened, f"{path.name}: a }} closes nothing"
                opened.pop()
        assert opened == [], f"{path.name}: {opened[-1]!r} is never closed"
