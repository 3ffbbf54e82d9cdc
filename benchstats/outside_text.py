r"""Text from outside (a link, a pasted sentence, a file): cleaned once, shown only as text.

A model name, a benchmark label, a column or a file name is the reader's (or
a stranger's) text. Two rules keep it from acting on the page:

1. :func:`clean` where the text comes in (the link's text keys, the claim
   parser's names, a file's model and column names, a leaderboard's rows):
   bidirectional controls, zero-width characters and the other invisible
   format and control characters go, and line breaks and tabs become one
   space. The clean text *is* the name wherever a name is plain text: the
   sentence to copy, chart titles and tooltips, CSV, PNG and SVG files, the
   command line's text. Nothing is ever stored escaped.
2. :func:`markdown` where text meets Streamlit's Markdown (labels, headlines,
   tiles, badges, captions, boxes): the characters that can start something
   there are backslash-escaped, and a WORD JOINER (U+2060, invisible) breaks what
   Streamlit finds in the text after its escapes are read. Seen in Chromium
   with Streamlit 1.67 (``tests/test_browser_hostile_names.py``): an escaped
   ``www\.evil\.example``, ``http\:\/\/x`` or ``me\@x\.y`` is still
   autolinked, an escaped ``\:material\/skull\:`` still draws the icon and
   ``\:streamlit\:`` the logo; with a joiner inside none of them is.

A sentence built from a name is plain text too, and made Markdown where it is
drawn: wholesale (``markdown(headline)``, a tile's label), or, for a sentence
that carries its own Markdown, through ``escape=markdown`` for the names in it.
Ordinary names and our own sentences come out unchanged (no backslash reaches
an input's accessible name, which Streamlit takes from the raw label).

Examples
--------
>>> clean("GPT\u202e-5\u200b\nmini ")
'GPT-5 mini'
>>> markdown("Score of GPT-4o (%)")
'Score of GPT-4o (%)'
>>> markdown("![i](http://evil.example/A.png)").replace(JOINER, "+")
'![i]\\(http\\:+//evil.example/A.png)'
>>> markdown("www.evil.example").replace(JOINER, "+")
'www+.evil.example'
"""

from __future__ import annotations

import re
import unicodedata

JOINER = "\u2060"  # WORD JOINER: invisible; no address or shortcode spans it
# Each alternative is a character that starts something in Streamlit's Markdown: code, emphasis,
# strikethrough, HTML and <…> autolinks, LaTeX, tables, a directive's or a shortcode's ":" (one
# before a space starts none), a link's "](" and a reference's "]:", an entity ("&amp;"), and
# emphasis by "_" at a word's edge (inside a word it is a letter).
_ESCAPED = re.compile(r"[\\`*~<>$|]|:(?!\s)|(?<=\])[(:]|&(?=#?\w+;)|(?<!\w)_|_(?!\w)")
# a heading ("# x"), a list ("- x", "+ x", "1. x", "2) x") or a rule ("---", "===") at the start
_LEADING = re.compile(r"^(?:[#+-](?=\s|$)|\d{1,9}[.)](?=\s|$)|[-=](?=(?:\s*[-=]){2,}\s*$))")
# What Streamlit finds in the text after its escapes are read, and where a joiner breaks it:
# "http:|//", ":|material/…:", ":|streamlit:", "www|.", "me|@x.y".
_JOINED = re.compile(r"(?<=:)(?=\S)|(?<=www)(?=\.)|(?=@[\w-]+\.\w)", re.IGNORECASE)
_SPACES = re.compile(r"[^\S\u00a0]+")  # a no-break space stays: a local percent is "82 %"


def _invisible(ch: str) -> bool:
    """A character that changes how text displays without showing itself: the bidirectional
    controls (U+202A–202E, U+2066–2069, U+200E/F, U+061C), zero-width spaces and joiners,
    the BOM and every other format (Cf) or control (Cc) character, line breaks excepted."""
    return unicodedata.category(ch) in ("Cf", "Cc") and not ch.isspace()


def visible(text: str) -> str:
    r"""``text`` without its invisible format and control characters; line breaks stay (a
    pasted sentence, a table of rows).

    >>> visible("a\u202e\nb\u200d")
    'a\nb'
    """
    return "".join(ch for ch in str(text) if not _invisible(ch))


def clean(text: str) -> str:
    """``text`` as plain, visible, one-line text: invisible format and control characters
    removed, runs of white space (line breaks, tabs) made one space, the ends trimmed.

    >>> clean("\\u2066Claude\\u2069\\t4\\r\\n"), clean("\\ufeffa\\u00adb"), clean("\\u0000")
    ('Claude 4', 'ab', '')
    """
    return _SPACES.sub(" ", visible(text)).strip()


def markdown(text: object) -> str:
    r"""``text`` (cleaned) as Streamlit Markdown that shows exactly that text and nothing else.

    A backslash goes before ``\ ` * ~ < > $ |``, a ``:`` not followed by a space, the ``(`` of
    ``](`` and the ``:`` of ``]:``, the ``&`` of an entity, a ``_`` at a word's edge, and a
    heading, list or rule mark at the start; a word
    joiner after a ``:`` that is not followed by a space, and before the dot of ``www.`` and
    the ``@`` of an address. Square brackets stay: ``st.badge`` escapes them itself.

    >>> print(markdown("$x^2$ :red[hi] **b** &amp; <i> snake_case _it_").replace(JOINER, "+"))
    \$x^2\$ \:+red[hi] \*\*b\*\* \&amp; \<i\> snake_case \_it\_
    >>> print(markdown("1. x"), markdown("- y"), markdown("noise: it"), markdown("[i](u)"))
    1\. x \- y noise: it [i]\(u)
    >>> print(markdown("-5 points"), markdown("1.96 × SE"), markdown("#1 model"), markdown("==="))
    -5 points 1.96 × SE #1 model \===
    """
    text = _JOINED.sub(JOINER, clean(str(text)))
    text = _ESCAPED.sub(lambda m: "\\" + m.group(), text)
    lead = _LEADING.match(text)
    if lead is not None:
        end = lead.end() - 1
        text = text[:end] + "\\" + text[end:]
    return text


def markdown_piece(text: object) -> str:
    """A piece of a sentence between marked spans, as :func:`markdown` makes it, with a space
    kept at each end where the piece had white space there (the words around it need it), and
    a word joiner where an address could run on into the next span ("me@" before "evil.com").

    >>> markdown_piece(" reaches "), markdown_piece("on "), markdown_piece(", ")
    (' reaches ', 'on ', ', ')
    >>> markdown_piece("Me@").replace(JOINER, "+"), markdown_piece(".x").replace(JOINER, "+")
    ('Me@+', '+.x')
    """
    text = visible(str(text))
    core = markdown(text)
    if not core:
        return " " if text else ""  # only white space: one space
    if core[-1] in "@.:/" or core.lower().endswith("www"):
        core += JOINER
    if core[0] in "@.:/":
        core = JOINER + core
    return (" " if text[:1].isspace() else "") + core + (" " if text[-1:].isspace() else "")
