"""The site the command's links open: ``--site``, else ``LEADORLUCK_SITE``, else no link.

A link lands in a pull-request comment, so it must open a site someone
named: there is no default address (``localhost`` is dead for every other
reader). The address is checked as a URL before any link is built from it:
``http`` or ``https``, a host, an optional port and path, and nothing a link
cannot carry as it is (white space, control characters, a query or a
fragment, a user name, Markdown's brackets).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from urllib.parse import urlsplit

ENV = "LEADORLUCK_SITE"
SHAPE = "http(s)://host[:port][/path]"
_HOST = re.compile(r"[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]")
_PATH = re.compile(r"[A-Za-z0-9._~%!$&'*+,;=:@/-]*")  # RFC 3986 path characters, no ( ) [ ]


def _why_not(text: str) -> str | None:
    """Why ``text`` is not a site's address, in a clause; None when it is one."""
    if any(ch.isspace() or unicodedata.category(ch)[0] == "C" for ch in text):
        return "it holds a line break, a space or a control character"
    if not text.lower().startswith(("http://", "https://")):
        return "expected http:// or https:// at the start"
    if "?" in text or "#" in text:
        return "it holds a query (?) or a fragment (#), and the links add their own"
    url = urlsplit(text)
    if not url.hostname:
        return "it names no host"
    if "@" in url.netloc:
        return "it holds a user name before the host"
    try:
        port = url.port
    except ValueError:  # not a number, or out of range
        port = 0
    if port == 0 or url.netloc.endswith(":"):
        return "expected a port from 1 to 65535 after the host's colon"
    host = url.netloc if port is None else url.netloc.rsplit(":", 1)[0]
    if not _HOST.fullmatch(host):
        return "expected a host of letters, digits, dots and hyphens (or [an IPv6 address])"
    if not _PATH.fullmatch(url.path):
        return "its path holds a character a link cannot hold as it is"
    return None


def check_site(text: str, what: str = "") -> str:
    """``text`` as the site's address without its last slash; else ValueError (naming ``what``).

    Examples
    --------
    >>> check_site("https://example.org/")
    'https://example.org'
    >>> check_site("localhost:8501")
    Traceback (most recent call last):
    ValueError: must be the site's address, http(s)://host[:port][/path], got 'localhost:8501': expected http:// or https:// at the start
    """
    if (why := _why_not(text)) is not None:
        shown = repr(text) if len(text) <= 80 else repr(text[:80]) + "…"
        msg = f"must be the site's address, {SHAPE}, got {shown}: {why}"
        raise ValueError(f"{what} {msg}" if what else msg)
    return text.rstrip("/")


def site_from(given: str | None, environ: Mapping[str, str]) -> str | None:
    """The site the links open: ``given`` (checked already), else ``LEADORLUCK_SITE``, else None."""
    if given is not None:
        return given
    named = environ.get(ENV, "")
    return check_site(named, ENV) if named else None


LANG_ENV = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX's order: the first one set decides


def language_from(given: str | None, env: Mapping[str, str]) -> str:
    """The language of the report line: ``--lang``, else the locale's (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``: the first one set) where it is one of the site's, else English.

    >>> language_from(None, {"LANG": "de_DE.UTF-8"}), language_from("es", {"LANG": "de_DE"})
    ('de', 'es')
    >>> language_from(None, {"LC_ALL": "C.UTF-8", "LANG": "de_DE"}), language_from(None, {})
    ('en', 'en')
    """
    from benchstats.language import ENGLISH, pick

    if given is not None:
        return given
    tag = next((env[k] for k in LANG_ENV if env.get(k)), None)
    return pick(tag) or ENGLISH
