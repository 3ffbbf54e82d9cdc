"""The static recompute box: one self-contained HTML file that grades two scores as the site does.

It needs no server and no network. Its own JavaScript (``box.html``, shipped as package data)
recomputes the SE, the 95% range, the verdict in the site's words and the questions needed as the
reader types score A, score B and the questions. The constants scipy computes (the normal
quantiles behind the range and the questions needed) are written into the file, not re-derived
in JavaScript; the rest is IEEE arithmetic both languages share, worked in benchstats' order,
and the words follow :mod:`benchstats.words`' rounding. ``tests/test_browser_box.py`` runs the
file's code in Chromium against benchstats on 10,000+ inputs.

Examples
--------
>>> page = static_box(82, 78, 100, site="https://example.org/")
>>> len(page.encode()) < MAX_BYTES, '"given": {"a": "82", "b": "78", "n": "100"}' in page
(True, True)
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
from functools import cache
from importlib import resources

from benchstats._validate import TINY
from benchstats.benchmarks import BENCHMARKS, get_benchmark
from benchstats.grading import Names
from benchstats.intervals import critical_value
from benchstats.power import z_sum

MAX_QUESTIONS = 1_000_000  # the site's `n` key (ui.registry), so the box's link always opens
MAX_BYTES = 100_000  # the whole file, for an article's page weight
NO_NAMES = Names()  # "A" and "B"
_POLICY = (
    "default-src 'none'; script-src 'sha256-{script}'; style-src 'sha256-{style}'; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)


@cache
def template() -> str:
    """``box.html`` as shipped in the package."""
    return resources.files(__package__).joinpath("box.html").read_text(encoding="utf-8")


def _inline(text: str, tag: str) -> str:
    """The body of the last ``<tag>`` element of ``text`` (the page's own style or script)."""
    start = text.rindex(f"<{tag}>") + len(tag) + 2
    return text[start : text.index(f"</{tag}>", start)]


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _typed(x: float) -> str:
    """A number as a reader would type it: 82, 87.3 (the shortest text that reads back as x)."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _score(name: str, x: float | None) -> str | None:
    if x is None:
        return None
    if not (isinstance(x, int | float) and math.isfinite(x) and 0 <= x <= 100):
        msg = f"{name} must be a score from 0 to 100 (percent), got {x!r}"
        raise ValueError(msg)
    return _typed(x)


def _questions(n: int | None) -> str | None:
    if n is None:
        return None
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_QUESTIONS:
        msg = f"n must be a whole number of questions from 1 to {MAX_QUESTIONS:,}, got {n!r}"
        raise ValueError(msg)
    return str(n)


def _json(data: dict) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` as themselves."""
    text = json.dumps(data, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def static_box(
    a: float | None = None,
    b: float | None = None,
    n: int | None = None,
    *,
    names: Names = NO_NAMES,
    site: str,
    bench: str | None = None,
) -> str:
    """The box as one HTML file, its inputs filled with ``a`` and ``b`` (percent, 0–100) and
    ``n`` questions; None leaves an input empty, and the box says what it needs.

    ``names`` go into the labels and the verdict as text (never as markup). ``site`` is the
    address of Check a claim (``https://…/``): "Open the full check" opens it with the reader's
    numbers. ``bench``, a preset key, picks the box's preset menu (``n``, if given, must be
    its size). ValueError names a value the box cannot take.
    """
    given = {"a": _score("a", a), "b": _score("b", b), "n": _questions(n)}
    if bench is not None:
        size = get_benchmark(bench).questions
        if n not in (None, size):
            msg = f"n is {n:,} but the {bench} preset has {size:,} questions: give one of them"
            raise ValueError(msg)
        given |= {"n": str(size), "bench": bench}
    if not site.startswith(("http://", "https://")):
        msg = f"site must be the site's address, http(s)://…, got {site!r}"
        raise ValueError(msg)
    first, second = names.first, names.second
    data = {
        "z": critical_value(0.95),
        "zsum2": z_sum() ** 2,
        "tiny": TINY,
        "max_n": MAX_QUESTIONS,
        "names": [names.a, names.b],
        "given": {k: v for k, v in given.items() if v is not None},
        "site": site,
        "presets": [[b.key, b.menu_label, b.questions, b.family] for b in BENCHMARKS],
    }
    page = template()
    policy = _POLICY.format(
        script=_sha256(_inline(page, "script")), style=_sha256(_inline(page, "style"))
    )
    title = f"Lead or Luck: is {first}'s lead over {second} more than luck?"
    return (
        page.replace("__POLICY__", policy)
        .replace("__TITLE__", html.escape(title))
        .replace("__DATA__", _json(data))
    )
