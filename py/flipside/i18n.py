"""The language of the words Python makes: statuses, what a move did (``said``), errors.

English is the source language (each message is its own English text); German and Japanese
come from ``locale/<lang>.mo``, compiled from ``locale/<lang>.po``, the one catalog of every
word the page and Python show in that language (``./build.sh catalogs`` compiles them; the
page's ``locale/<lang>.json`` is built from the same). Messages name their values in braces:
``tr("{side} to move", side=...)``; a plural takes the catalog's own forms (Japanese has one).

The facade sets the language of each request (its ``lang`` field); the CLI takes it from
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``. ``gettext`` is imported only when
another language than English is first asked for, so an English start imports nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

LANGUAGES = ("en", "de", "ja")
"""The languages the interface speaks, the source language first."""

CATALOGS = Path(__file__).parent / "locale"


class _Translations(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class _English:
    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


_ENGLISH = _English()
_loaded: dict[str, _Translations] = {"en": _ENGLISH}
_current: _Translations = _ENGLISH
_language = "en"


def use(language: str) -> None:
    """Speak ``language`` (one of :data:`LANGUAGES`) from now on."""
    global _current, _language
    if language not in LANGUAGES:
        raise ValueError(
            tr(
                "unknown language {language!r} (one of: {known})",
                language=language,
                known=", ".join(LANGUAGES),
            )
        )
    if language not in _loaded:
        import gettext

        with open(CATALOGS / f"{language}.mo", "rb") as file:
            _loaded[language] = gettext.GNUTranslations(file)
    _current = _loaded[language]
    _language = language


def language() -> str:
    """The language in use."""
    return _language


def tr(message: str, /, **values: object) -> str:
    """``message`` in the language in use, its ``{names}`` filled from ``values``."""
    text = _current.gettext(message)
    return text.format(**values) if values else text


def ntr(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of ``singular`` / ``plural`` for ``n`` in the language in use, with ``{n}``
    and the ``{names}`` of ``values`` filled."""
    return _current.ngettext(singular, plural, n).format(n=n, **values)


def number(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` (``format``'s) as the language in use writes numbers:
    German with a decimal comma (``1,5``); English and Japanese with a point."""
    text = format(value, spec)
    return text.replace(".", ",") if _language == "de" else text


def N_(message: str) -> str:
    """``message`` itself: marks a text kept in a constant and translated where it is shown."""
    return message


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment's locale variables ask for, as gettext reads them."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            for entry in value.split(":"):
                code = entry.split("_")[0].split(".")[0].lower()
                if code in LANGUAGES:
                    return code
                if code == "c" or code == "posix":
                    return "en"
            return "en"
    return "en"
