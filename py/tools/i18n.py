"""The catalogs of the interface's words: every message the code shows, gathered from the
sources, against ``py/flipside/locale/<lang>.po`` (the one source of each language's words).

    python -m tools.i18n update [--language LANG] [--add FILE.json]
        # each <lang>.po (or LANG's alone): new messages added (filled from FILE's
        # {message: translation} if given, for LANG: --add needs --language), unused ones
        # dropped, then compiled
    python -m tools.i18n check      # missing, unused, untranslated or stale: exit 1

Messages are English text, found in:
- Python (``py/flipside``): the first argument of ``tr(...)`` and ``N_(...)``, the first two of
  ``ntr(...)``, when they are string constants;
- the page's scripts (``web/js``): the same calls with string literals;
- ``web/index.html``: each text (whitespace collapsed, with a letter in it) and the
  ``aria-label``, ``title``, ``placeholder`` and ``alt`` attributes, outside ``<script>``,
  ``<style>``, and elements marked ``translate="no"`` or ``data-lang`` (the page's
  ``translatePage`` walks the same nodes);
- the lessons (``web/js/learn/*.json``): each step's ``title``, ``text``, ``wrong``, ``done``
  and the ``afterword``.
The Python package reads the compiled ``<lang>.mo``; the site build writes the page's
``locale/<lang>.json`` from the same catalog (:func:`page_catalog`). A plural has as many
forms as the language's ``Plural-Forms`` header says (German two, Japanese one).
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "py" / "flipside" / "locale"
LANGUAGES = ("de", "ja")
"""The translated languages (English is the source)."""

_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
_LESSON_FIELDS = ("title", "text", "wrong", "done")
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


@dataclass
class Message:
    """One message: its English text (and plural), and where the code uses it."""

    text: str
    plural: str | None = None
    places: set[str] = field(default_factory=set)


def _add(found: dict[str, Message], text: str, where: str, plural: str | None = None) -> None:
    message = found.setdefault(text, Message(text, plural))
    message.places.add(where)
    if plural is not None:
        message.plural = plural


def _python(found: dict[str, Message]) -> None:
    for path in sorted((ROOT / "py" / "flipside").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(), where)):
            if not isinstance(node, ast.Call):
                continue
            name = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", None)
            )
            args = [
                a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                for a in node.args
            ]
            if name in ("tr", "N_") and args and args[0] is not None:
                _add(found, args[0], where)
            elif name == "ntr" and len(args) >= 2 and args[0] is not None and args[1] is not None:
                _add(found, args[0], where, args[1])


_JS_STRING = r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.)*`"
_JS_CALL = re.compile(
    rf"(?<![\w.$])(tr|ntr|N_)\(\s*({_JS_STRING})(?:\s*,\s*({_JS_STRING}))?", re.DOTALL
)


def _js_literal(literal: str) -> str:
    body = literal[1:-1]
    if literal[0] == "'":
        body = body.replace('\\"', '"').replace('"', '\\"').replace("\\'", "'")
    elif literal[0] == "`":
        body = body.replace('"', '\\"').replace("\\`", "`").replace("\n", "\\n")
    return str(json.loads(f'"{body}"'))


def _javascript(found: dict[str, Message]) -> None:
    for path in sorted((ROOT / "web" / "js").rglob("*.js")):
        where = path.relative_to(ROOT).as_posix()
        for match in _JS_CALL.finditer(path.read_text()):
            name, first, second = match.groups()
            if name == "ntr":
                if second is not None:
                    _add(found, _js_literal(first), where, _js_literal(second))
            else:
                _add(found, _js_literal(first), where)


def normalize(text: str) -> str:
    """Text as the page's ``translatePage`` looks it up: whitespace collapsed, trimmed."""
    return " ".join(text.split())


def has_letter(text: str) -> bool:
    return any(c.isalpha() for c in text)


_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


class _PageTexts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.skipping: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        skip = bool(self.skipping and self.skipping[-1]) or tag in ("script", "style")
        skip = skip or values.get("translate") == "no" or "data-lang" in values
        if not skip:
            for name in _ATTRIBUTES:
                value = normalize(values.get(name) or "")
                if has_letter(value):
                    self.texts.append(value)
        if tag not in _VOID:
            self.skipping.append(skip)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.skipping.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self.skipping:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        text = normalize(data)
        if has_letter(text) and not (self.skipping and self.skipping[-1]):
            self.texts.append(text)


def _html(found: dict[str, Message]) -> None:
    page = _PageTexts()
    page.feed((ROOT / "web" / "index.html").read_text())
    for text in page.texts:
        _add(found, text, "web/index.html")


def _lessons(found: dict[str, Message]) -> None:
    for path in sorted((ROOT / "web" / "js" / "learn").glob("*.json")):
        where = path.relative_to(ROOT).as_posix()
        course = json.loads(path.read_text())
        for step in course["steps"]:
            for name in _LESSON_FIELDS:
                if step.get(name):
                    _add(found, step[name], where)
        _add(found, course["afterword"], where)


def messages() -> dict[str, Message]:
    """Every message the code shows, by its English text."""
    found: dict[str, Message] = {}
    for gather in (_python, _javascript, _html, _lessons):
        gather(found)
    return found


def po_path(language: str) -> Path:
    return LOCALE / f"{language}.po"


def read_catalog(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, domain="flipside")
    with path.open("rb") as file:
        return read_po(file, locale=language, domain="flipside")


def _translation_of(entry: object) -> list[str]:
    value = getattr(entry, "string", "")
    return [value] if isinstance(value, str) else list(value)


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def problems(
    language: str, catalog: Catalog | None = None, used: dict[str, Message] | None = None
) -> list[str]:
    """What is wrong with ``language``'s catalog (or ``catalog``) against the messages the
    code uses (or ``used``): empty when all is well."""
    used = messages() if used is None else used
    catalog = read_catalog(language) if catalog is None else catalog
    out: list[str] = []
    known: set[str] = set()
    for entry in catalog:
        if not entry.id:
            continue
        text = entry.id if isinstance(entry.id, str) else entry.id[0]
        known.add(text)
        if text not in used:
            out.append(f"{language}.po: unused message {text!r}")
            continue
        forms = _translation_of(entry)
        if not all(forms) or not forms:
            out.append(f"{language}.po: no translation of {text!r}")
            continue
        if not isinstance(entry.id, str) and len(forms) != catalog.num_plurals:
            out.append(
                f"{language}.po: {text!r} has {len(forms)} plural forms, not {catalog.num_plurals}"
            )
        for form in forms:
            if placeholders(form) != placeholders(text):
                out.append(
                    f"{language}.po: the translation of {text!r} names {sorted(placeholders(form))}, not {sorted(placeholders(text))}"
                )
    for text, message in sorted(used.items()):
        if text not in known:
            out.append(
                f"{language}.po: missing {text!r} (used in {', '.join(sorted(message.places))})"
            )
    compiled = LOCALE / f"{language}.mo"
    if not compiled.exists() or compiled.read_bytes() != mo_bytes(read_catalog(language)):
        out.append(f"{language}.mo is not compiled from {language}.po: run ./build.sh catalogs")
    return out


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def page_catalog(language: str) -> dict[str, str | list[str]]:
    """The page's catalog: each message's translation (a list of plural forms for plurals)."""
    out: dict[str, str | list[str]] = {}
    for entry in read_catalog(language):
        if entry.id:
            key = entry.id if isinstance(entry.id, str) else entry.id[0]
            out[key] = entry.string if isinstance(entry.string, str) else list(entry.string)
    return out


def update(language: str, additions: dict[str, str | list[str]]) -> None:
    """Bring ``language``'s catalog to the messages the code uses, then compile it."""
    used = messages()
    old = read_catalog(language)
    new = Catalog(locale=language, domain="flipside", project="Flipside", fuzzy=False)
    new.plural_forms  # noqa: B018 - babel fills it from the locale
    for text, message in sorted(used.items(), key=lambda item: item[0].lower()):
        key = text if message.plural is None else (text, message.plural)
        previous = old.get(text)
        translation: str | tuple[str, ...] | list[str] = ""
        if previous is not None and any(_translation_of(previous)):
            translation = previous.string
        if text in additions:
            translation = additions[text]
        if message.plural is not None:
            forms = [translation] if isinstance(translation, str) else list(translation)
            count = new.num_plurals  # the language's own number of forms (Japanese: one)
            translation = tuple((forms + [""] * count)[:count])
        elif not isinstance(translation, str):
            translation = translation[0]
        flags = ["python-brace-format"] if placeholders(text) else []
        new.add(key, translation, locations=[(p, 0) for p in sorted(message.places)], flags=flags)
    with po_path(language).open("wb") as file:
        write_po(file, new, width=100, omit_header=False, include_lineno=False, sort_output=False)
    with (LOCALE / f"{language}.mo").open("wb") as file:
        file.write(mo_bytes(read_catalog(language)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.i18n", description=__doc__.splitlines()[0]
    )
    parser.add_argument("command", choices=("update", "check"))
    parser.add_argument(
        "--language", choices=LANGUAGES, help="this language's catalog only (default: each)"
    )
    parser.add_argument(
        "--add", type=Path, help="a JSON file of {message: translation} for --language"
    )
    args = parser.parse_args(argv)
    languages = [args.language] if args.language else list(LANGUAGES)
    if args.command == "update":
        if args.add and not args.language:
            parser.error("--add fills one language's catalog: name it with --language")
        additions = json.loads(args.add.read_text()) if args.add else {}
        for language in languages:
            update(language, additions)
        return 0
    found = [p for language in languages for p in problems(language)]
    print("\n".join(found) or "catalogs: every message translated, none unused")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
