"""The catalogs (German, Japanese) against the code: every message the page and Python show
is translated, none is unused, the placeholders and plural forms agree, and the compiled .mo
is up to date; the Japanese words are the glossary's (docs/languages.md)."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from tools import ROOT, i18n


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_message_is_translated_and_none_is_unused(language: str) -> None:
    assert i18n.problems(language) == []


def glossary() -> list[tuple[list[str], str]]:
    """The "Japanese words" table of docs/languages.md: (English words, Japanese text)."""
    text = (ROOT / "docs" / "languages.md").read_text()
    section = text.split("## Japanese words", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            rows.append((re.findall(r"`([^`]+)`", cells[0]), cells[1].strip("`")))
    return rows


def word(english: str) -> re.Pattern[str]:
    """A whole word (or words), case-sensitive when it has a capital."""
    flags = 0 if any(c.isupper() for c in english) else re.IGNORECASE
    return re.compile(rf"(?<![\w]){re.escape(english)}(?![\w])", flags)


def test_japanese_uses_the_glossary_words() -> None:
    rows = glossary()
    issue = {"石", "打", "パス", "角", "辺", "定石", "棋譜", "番", "終局", "石差"}  # issue 57's
    assert issue <= {japanese for _, japanese in rows}
    catalog = i18n.page_catalog("ja")
    off = []
    for words, japanese in rows:
        for english, translation in catalog.items():
            forms = [translation] if isinstance(translation, str) else translation
            if any(word(w).search(english) for w in words) and not all(
                japanese in form for form in forms
            ):
                off.append(f"{english!r} -> {forms[0]!r}: no {japanese} ({', '.join(words)})")
    assert off == []


def test_japanese_has_one_plural_form() -> None:
    catalog = i18n.read_catalog("ja")
    assert catalog.num_plurals == 1
    plurals = [e for e in catalog if e.id and not isinstance(e.id, str)]
    assert plurals and all(len(e.string) == 1 for e in plurals)
    assert i18n.page_catalog("ja")["{n} move"] == ["{n}手"]


def test_each_source_of_messages_is_gathered() -> None:
    found = i18n.messages()
    places = {
        place.split("/")[0] + "/" + place.split("/")[1]
        for m in found.values()
        for place in m.places
    }
    assert {"py/flipside", "web/js", "web/index.html"} <= places
    assert "web/index.html" in found["New game"].places  # a button's text
    assert "web/index.html" in found["Rules of Othello"].places  # an aria-label
    assert any(p.startswith("web/js/learn/") for p in found["Slide a disk"].places)  # a lesson
    assert "English" not in found  # the language menu's names are marked translate="no"


def test_the_check_names_what_is_missing_unused_untranslated_or_misnamed() -> None:
    used = {
        "{side} to move": i18n.Message("{side} to move", places={"py/x.py"}),
        "Undo": i18n.Message("Undo", places={"web/index.html"}),
        "Pass": i18n.Message("Pass", places={"web/index.html"}),
    }
    catalog = Catalog(locale="de")
    catalog.add("{side} to move", "{seite} am Zug")
    catalog.add("Undo", "")
    catalog.add("Gone", "Weg")
    found = "\n".join(i18n.problems("de", catalog, used))
    assert "names ['seite'], not ['side']" in found
    assert "no translation of 'Undo'" in found
    assert "unused message 'Gone'" in found
    assert "missing 'Pass' (used in web/index.html)" in found


def test_html_texts_are_gathered_as_the_page_translates_them() -> None:
    page = i18n._PageTexts()
    page.feed(
        '<p title="A  tip">Two\n   words <b>bold</b></p><script>x("No")</script>'
        '<span translate="no">f5 <i>Skipped</i></span><div data-lang="de">Deutsch</div>'
        '<input placeholder="f5" aria-label="Type"><p>42 · –</p>'
    )
    assert page.texts == ["A tip", "Two words", "bold", "Type", "f5"]  # a letter: "f5" too


def test_script_calls_are_gathered_with_their_literals() -> None:
    found: dict[str, i18n.Message] = {}
    text = (
        'tr("Say \\"hi\\" {name}", { name }); ntr(`{n} move`, \'{n} moves\', n); N_("Kept"); str(x)'
    )
    for match in i18n._JS_CALL.finditer(text):
        _name, first, second = match.groups()
        found[i18n._js_literal(first)] = i18n.Message(
            i18n._js_literal(first), second and i18n._js_literal(second)
        )
    assert found.keys() == {'Say "hi" {name}', "{n} move", "Kept"}
    assert found["{n} move"].plural == "{n} moves"
