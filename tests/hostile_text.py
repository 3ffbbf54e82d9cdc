"""Hostile names, and a check of what Streamlit would make of the text a page sends.

:data:`NAMES` are names a link, a pasted claim or a file may carry: a remote
image, a link, bare addresses, LaTeX, colour and icon directives, emphasis,
a shortcode, a right-to-left override. :func:`markdown_texts` collects every
string an AppTest run hands Streamlit to render as Markdown (bodies, labels,
help, captions, alerts, tabs, badges, expanders); :func:`acts` says what one of
them would draw besides text, as Streamlit 1.67 draws it in Chromium:

- CommonMark constructs (links, images, ``<…>`` autolinks, ``$`` formulas,
  ``:colour[…]`` directives, ``**``) start only at characters no backslash
  escapes;
- bare addresses (``www.x.y``, ``http://x``, ``a@x.y``), ``:material/…:``
  icons and the ``:streamlit:`` logo are found in the text *after* its escapes
  are read (``www\\.evil\\.example`` still links), so only a character inside
  them (the word joiner of :mod:`benchstats.outside_text`) stops them;
- bidirectional controls and zero-width characters act wherever they are.

``tests/test_browser_hostile_names.py`` checks the same in the browser.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Sequence

HOST = "evil.example"
IMAGE = f"![i](http://{HOST}/A.png)"
LINK = f"[click](http://{HOST}/B)"
BARE = f"www.{HOST}"
MAIL = f"me@{HOST}"
MARKUP = "$x^2$ **BOLD** :red[red] :material/skull: :streamlit:"
RLO = "\u202eXYZ\u200b"
FORMULA = f'=HYPERLINK("http://{HOST}/x","click")'
NAMES = (IMAGE, LINK, BARE, MAIL, MARKUP, RLO)
# More, one Markdown construct each, for the helper itself in the browser (tests/apps/)
PROBES = (
    *NAMES,
    f"http://{HOST}/x", f"HTTPS://{HOST.upper()}", f"<http://{HOST}>", f"Www.{HOST}/p?q=1",
    f"wwww.{HOST}", f"mailto:me@{HOST}", f"xmpp:me@{HOST}", f"a.b+c@{HOST}", f"{HOST}:80",
    "$$x^2$$", ":smile: :+1: :tada:", ":blue-badge[x] :red-background[y]", ":material/home:",
    "_it_ *it* ~~s~~ `code`", "# head", "- item", "+ item", "1. one", "2) two", "> quote",
    "---", "===", "a | b", "&copy; &#x202E;X", "<b>x</b>", "\\[x\\]", "a\\b", "[x][y]",
    "[^1]", "snake_case_name", "GPT-4o (mini) 3.5 pass@1 AT&T 50% ok: yes",
)  # fmt: skip

# Proto fields Streamlit renders as Markdown (st.code, st.text, chart specs, option lists of a
# selectbox and the values in inputs are plain text, and not collected).
_MARKDOWN_FIELDS = frozenset({"body", "label", "help", "caption", "captions"})
_PLAIN_TYPES = frozenset({"code", "text", "json", "exception"})
_CODE = re.compile(r"(?<!\\)`[^`]*`")  # a code span shows its text as it is
_ESCAPED = re.compile("\\\\[" + re.escape(string.punctuation) + "]")
_ACTIVE = (
    ("an image", re.compile(r"!\[[^\]]*\]\(")),
    # a link away from the site (the pages' own links are relative: "gap-grader?a=82")
    ("a link", re.compile(r"\]\(\s*<?(?:[a-zA-Z][\w+.-]*:|//)")),
    ("an autolink", re.compile(r"<(?:https?:|[^<>\s]+@)")),
    ("a formula", re.compile(r"\$[^$\s][^$]*\$")),
    ("a colour directive", re.compile(r":red\[")),
    ("bold text", re.compile(r"\*\*BOLD")),
)
# what Streamlit finds in the text once its escapes are read
_FOUND_IN_TEXT = (
    ("a bare-address link", re.compile(rf"(?i)(?:www\.|https?://|[\w.+-]@){re.escape(HOST)}")),
    ("the Streamlit logo", re.compile(r":streamlit:")),
    ("an icon", re.compile(r":material/skull:")),
)


def masked_targets(text: str) -> str:
    """``text`` with each relative link target (``](gap-grader?name_a=…)``) emptied."""
    return re.sub(r"(?<!\\)\]\((?![a-zA-Z][\w+.-]*:|//)[^()\s]*\)", "]()", text)


def _invisible(ch: str) -> bool:
    """A bidirectional control or zero-width character (the word joiner is the escape's own)."""
    return unicodedata.category(ch) == "Cf" and ch != "\u2060"


def acts(text: str) -> str | None:
    """What ``text``, rendered as Markdown, would draw besides text; None for nothing."""
    if any(_invisible(ch) for ch in text):
        return "a bidirectional or zero-width control"
    masked = _CODE.sub("\x00", _ESCAPED.sub("\x00", text))  # escaped, or code: inert
    for what, pattern in _ACTIVE:
        if pattern.search(masked):
            return what
    # the text once its escapes are read, without the pages' own link targets (not text)
    read = _ESCAPED.sub(lambda m: m.group()[1], _CODE.sub("\x00", masked_targets(text)))
    for what, pattern in _FOUND_IN_TEXT:
        if pattern.search(read):
            return what
    return None


def _strings(message, fields: frozenset[str], out: list[str]) -> None:
    for field, value in message.ListFields():
        values = value if isinstance(value, Sequence) and not isinstance(value, str) else [value]
        if field.type == field.TYPE_MESSAGE:
            for item in values:
                _strings(item, fields, out)
        elif field.type == field.TYPE_STRING and field.name in fields:
            out.extend(values)


def markdown_texts(at) -> list[str]:
    """Every string of the run's elements that Streamlit renders as Markdown."""
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and getattr(node, "type", "") not in _PLAIN_TYPES:
            _strings(proto, _MARKDOWN_FIELDS, out)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return out


def rendered(at) -> list[tuple[str, str]]:
    """(what it draws, the text) for each Markdown string of the run that draws more than text."""
    return [(what, t) for t in markdown_texts(at) if (what := acts(t)) is not None]
