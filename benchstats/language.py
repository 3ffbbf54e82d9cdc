"""The language of this run: English, German or Spanish, and the gettext functions that use it.

One setting per run (a page's run, a fragment's rerun, a download built later):
:func:`use` sets it for the current thread and context, :func:`using` for a
block, and :func:`bound` carries it into a function called later, maybe in
another thread. Every sentence builder and chart reads it through :func:`_`,
:func:`ngettext` and :func:`pgettext`; :mod:`benchstats.words` writes its
numbers the language's way. No Streamlit here: a notebook sets it too.

The messages are gettext catalogues under ``benchstats/locale/{lang}/LC_MESSAGES/
messages.po``, read once per process with Babel (``read_po``) and turned into a
:class:`gettext.GNUTranslations` in memory, so there is no compiled ``.mo``
file that could fall behind its ``.po``. English is the source: its messages
are the code's own strings. A fuzzy or empty translation is not used.

Examples
--------
>>> with using("de"):
...     _("Reset"), current()
('Zurücksetzen', 'de')
>>> _("Reset"), current()
('Reset', 'en')
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import io
from collections.abc import Callable, Iterator
from importlib import resources
from typing import ParamSpec, TypeVar

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ENGLISH = "en"
LANGUAGES = ("en", "de", "es")
NAMES = {"en": "English", "de": "Deutsch", "es": "Español"}  # each in its own words
DOMAIN = "messages"
_current: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=ENGLISH)

P = ParamSpec("P")
R = TypeVar("R")


def check(lang: object) -> str:
    """``lang`` when it is one of :data:`LANGUAGES`, else ValueError naming them."""
    if lang not in LANGUAGES:
        msg = f"lang must be one of {', '.join(LANGUAGES)}, got {lang!r}"
        raise ValueError(msg)
    return lang  # type: ignore[return-value]


def current() -> str:
    """The language of this run ("en" unless set)."""
    return _current.get()


def use(lang: str) -> None:
    """Make ``lang`` the language of this run (the current thread and context)."""
    _current.set(check(lang))


@contextlib.contextmanager
def using(lang: str) -> Iterator[None]:
    """The block in ``lang``; the language before it afterwards."""
    token = _current.set(check(lang))
    try:
        yield
    finally:
        _current.reset(token)


def bound(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` that runs in the language current now, whenever and wherever it is called (a
    download's builder, called on a click in another thread).

    >>> with using("es"):
    ...     later = bound(current)
    >>> later()
    'es'
    """
    lang = current()

    @functools.wraps(fn)
    def in_lang(*args: P.args, **kwargs: P.kwargs) -> R:
        with using(lang):
            return fn(*args, **kwargs)

    return in_lang


def per_language(fn: Callable[..., R]) -> Callable[..., R]:
    """``functools.cache`` keyed by the language too: for a built chart or table that holds
    words.

    >>> make = per_language(lambda: _("Reset"))
    >>> make(), bound(make)()
    ('Reset', 'Reset')
    """

    @functools.cache
    def made(lang: str, *args, **kwargs):
        return fn(*args, **kwargs)

    @functools.wraps(fn)
    def in_lang(*args, **kwargs):
        return made(current(), *args, **kwargs)

    in_lang.cache_clear = made.cache_clear  # type: ignore[attr-defined]
    return in_lang


def pick(tag: str | None) -> str | None:
    """The language of a browser's tag ("de-DE", "es_419", "EN") when it is one of ours.

    >>> pick("de-AT"), pick("es_419"), pick("fr-FR"), pick(None)
    ('de', 'es', None, None)
    """
    if not tag:
        return None
    head = str(tag).replace("_", "-").split("-")[0].strip().lower()
    return head if head in LANGUAGES else None


def catalogue_path(lang: str):
    """Where ``lang``'s messages live (a :class:`importlib.resources` path)."""
    return resources.files("benchstats") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s messages, read from its ``.po`` once per process (English: none needed)."""
    if check(lang) == ENGLISH:
        return gettext.NullTranslations()
    with catalogue_path(lang).open("rb") as po:
        catalogue = read_po(po, locale=lang, domain=DOMAIN)
    mo = io.BytesIO()
    write_mo(mo, catalogue, use_fuzzy=False)  # a fuzzy entry stays English until checked
    mo.seek(0)
    return gettext.GNUTranslations(mo)


def _(message: str) -> str:
    """``message`` in the language of this run."""
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, n: float) -> str:
    """The form of a message for the count ``n`` (the language's own plural rule).

    >>> ngettext("{count} run", "{count} runs", 1), ngettext("{count} run", "{count} runs", 2)
    ('{count} run', '{count} runs')
    """
    whole = int(n) if float(n).is_integer() else 2  # "1.5 runs": a fraction takes the plural
    return translations(current()).ngettext(singular, plural, whole)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language of this run, in ``context`` (a short word that reads two
    ways: "Runs" as a column, "Runs" as a count)."""
    return translations(current()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: float) -> str:
    """:func:`ngettext` in ``context`` (a count whose noun a sentence inflects: German's
    "nach 1.000 Datensätzen")."""
    whole = int(n) if float(n).is_integer() else 2
    return translations(current()).npgettext(context, singular, plural, whole)


def N_(message: str) -> str:
    """``message`` marked for translation where it is defined (a module's constant), and
    translated where it is shown with :func:`_`."""
    return message


__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "NAMES",
    "N_",
    "_",
    "bound",
    "current",
    "ngettext",
    "npgettext",
    "per_language",
    "pgettext",
    "pick",
    "translations",
    "use",
    "using",
]
