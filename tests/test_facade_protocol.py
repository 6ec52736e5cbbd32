"""The facade's protocol and its checks, to the letter: request ids, missing or null params,
wrong parameter names against errors raised deeper, empty error messages, progress outside a
request, every parameter check's message, and the record text's corner cases. (Written
against the mutants that survived ``./build.sh mutate``: each assertion fails for one.)"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from flipside import checks
from flipside import facade as web
from flipside.othello.ai import api as othello_ai
from flipside.othello.ai.engine import LEVELS
from flipside.record import Record


def answer(request: object) -> dict:  # type: ignore[type-arg]
    text = request if isinstance(request, str) else json.dumps(request)
    return json.loads(web.handle(text))  # type: ignore[no-any-return]


@pytest.fixture
def failing_method() -> Iterator[str]:
    """A method registered for the test that raises an exception with no message."""

    @web.method
    def test_raises_bare() -> None:
        raise ValueError

    yield "test_raises_bare"
    del web.METHODS["test_raises_bare"]


def test_methods_are_registered_under_their_own_names() -> None:
    assert web.METHODS["state"] is web.state and web.METHODS["think"] is web.think


def test_a_request_without_an_id_is_answered_with_a_null_id() -> None:
    assert answer({"method": "engine_info"})["id"] is None
    assert answer("{")["id"] is None


def test_params_may_be_missing_or_null() -> None:
    assert answer({"id": 1, "method": "engine_info"})["result"]["games"] == ["othello", "themisto"]
    assert "result" in answer({"id": 2, "method": "engine_info", "params": None})


def test_a_request_that_is_not_json_says_so() -> None:
    error = answer("{nope")["error"]
    assert error["type"] == "RequestError"
    assert error["message"].startswith("request is not JSON: Expecting property name")


def test_a_method_name_that_is_not_a_string_is_unknown() -> None:
    error = answer({"id": 1, "method": ["state"]})["error"]
    assert error == {"type": "RequestError", "message": "unknown method ['state']"}


def test_wrong_parameter_names_are_request_errors_but_deeper_type_errors_are_not() -> None:
    wrong = answer({"id": 1, "method": "state", "params": {"recrod": "othello/"}})["error"]
    assert wrong["type"] == "RequestError"
    assert wrong["message"].startswith("state: ") and "'recrod'" in wrong["message"]
    deeper = answer({"id": 1, "method": "new", "params": {"game": "othello", "options": 5}})
    assert deeper["error"] == {"type": "TypeError", "message": "options must be a JSON object"}


def test_an_exception_without_a_message_is_named_by_its_type(failing_method: str) -> None:
    error = answer({"id": 1, "method": failing_method})["error"]
    assert error == {"type": "ValueError", "message": "ValueError"}


def test_progress_outside_a_request_goes_nowhere() -> None:
    reports: list[str] = []
    web.handle(json.dumps({"id": 1, "method": "engine_info"}), reports.append)
    web.report({"type": "depth"})  # after the request: no receiver, no error
    assert reports == []


def test_game_names_are_checked_with_exact_messages() -> None:
    assert answer({"id": 1, "method": "new", "params": {"game": 5}})["error"] == {
        "type": "RequestError",
        "message": "game must be a string, got int",
    }
    message = answer({"id": 1, "method": "new", "params": {"game": "chess"}})["error"]["message"]
    assert message == "no game called 'chess'; Flipside has othello, themisto"


def test_level_budgets_scale_with_the_platforms_slowdown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(othello_ai, "PAGE_SLOWDOWN", 1.0)
    native = {level: othello_ai.level_seconds(level) for level in LEVELS}
    assert native == {level: settings.seconds for level, settings in LEVELS.items()}
    monkeypatch.setattr(othello_ai, "PAGE_SLOWDOWN", 2.0)
    assert all(othello_ai.level_seconds(level) == 2 * native[level] for level in LEVELS)
    assert max(othello_ai.level_seconds(level) for level in LEVELS) <= 3.0  # the browser allowance


@pytest.mark.parametrize(
    ("seconds", "ok"), [(0, False), (-1, False), (0.01, True), (60, True), (60.5, False)]
)
def test_seconds_must_be_in_zero_to_sixty(seconds: float, ok: bool) -> None:
    if ok:
        assert checks.checked_seconds(seconds) == seconds
    else:
        with pytest.raises(ValueError, match=r"seconds must be a number in \(0, 60\], got"):
            checks.checked_seconds(seconds)


@pytest.mark.parametrize("bad", ["1", True, [1]])
def test_seconds_of_another_type_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=re.escape(f"got {bad!r}")):
        checks.checked_seconds(bad)


@pytest.mark.parametrize("bad", ["7", 1.5, False])
def test_seeds_must_be_integers(bad: object) -> None:
    with pytest.raises(
        checks.RequestError, match=re.escape(f"seed must be an integer, got {bad!r}")
    ):
        checks.checked_seed(bad)
    assert checks.checked_seed(7) == 7 and checks.checked_seed(None) is None


def test_the_othello_ai_names_the_game_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="^the Othello AI cannot play themisto$"):
        othello_ai.value("themisto/", None)


# -- records ----------------------------------------------------------------------------


def test_with_moves_keeps_the_game_and_its_options() -> None:
    record = Record("othello", "f5", (("clock", "60"),))
    assert record.with_moves("f5d6") == Record("othello", "f5d6", (("clock", "60"),))


def test_parse_keeps_a_game_name_that_starts_like_a_hash() -> None:
    assert Record.parse("#Xothello/f5").game == "xothello"
    assert Record.parse("##othello/f5").game == "othello"


def test_parse_skips_empty_options_and_reads_on() -> None:
    parsed = Record.parse("othello/f5&&clock=60&&handicap=2w")
    assert parsed.options == (("clock", "60"), ("handicap", "2w"))


def test_an_option_value_may_hold_an_equals_sign() -> None:
    assert Record.parse("othello/&note=a=b").options == (("note", "a=b"),)


def test_each_request_speaks_its_own_language_and_records_are_the_same_in_both() -> None:
    def state(**extra: object) -> dict:  # type: ignore[type-arg]
        return answer({"id": 1, "method": "state", "params": {"record": "othello/f5"}, **extra})[
            "result"
        ]  # type: ignore[no-any-return]

    english, german, again = state(), state(lang="de"), state(lang="en")
    assert english["status"] == again["status"] == "White to move" != german["status"]
    assert english["said"] == again["said"] != german["said"]
    for key in ("record", "link", "save", "cells", "legal", "legalNames"):
        assert german[key] == english[key]
    assert [m["text"] for m in german["moves"]] == ["f5"]  # notation is not translated


def test_an_unknown_language_is_refused_by_name() -> None:
    known = "(one of: en, de, ja)"
    error = answer({"id": 1, "method": "engine_info", "lang": "fr"})["error"]
    assert error == {"type": "ValueError", "message": f"unknown language 'fr' {known}"}
    error = answer({"id": 1, "method": "engine_info", "lang": 7})["error"]
    assert error == {"type": "ValueError", "message": f"unknown language '7' {known}"}
