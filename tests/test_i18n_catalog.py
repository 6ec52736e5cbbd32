"""The German catalog against the code: every message the page and Python show is
translated, none is unused, the placeholders agree, and the compiled .mo is up to date."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from tools import i18n


def test_every_message_is_translated_and_none_is_unused() -> None:
    assert i18n.problems("de") == []


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
