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
import re
from functools import cache
from importlib import resources

from benchstats import language, words
from benchstats._validate import TINY
from benchstats.benchmarks import BENCHMARKS, get_benchmark
from benchstats.grading import Names
from benchstats.intervals import critical_value
from benchstats.language import _, ngettext
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


def _number() -> dict:
    """How the box writes numbers in the run's language (:mod:`benchstats.words`): the decimal
    mark, the thousands separator and from how many digits it groups."""
    sample = words.signed(12345.5, decimals=1)  # "12,345.5", "12.345,5"
    least = 3 + words.MIN_GROUPING_DIGITS.get(language.current(), 1)
    return {"decimal": sample[-2], "group": sample[2], "group_from": least}


def _inside(n: int) -> str:
    # TRANSLATORS: the verdict when the range includes zero; {range} is "−7.1 to +15.1",
    # {first} and {second} the two models' names.
    return ngettext(
        "Inside the noise: the 95% range for the true lead, {range} points, includes zero, so "
        "this one question cannot tell {first} and {second} apart.",
        "Inside the noise: the 95% range for the true lead, {range} points, includes zero, so "
        "these {count} questions cannot tell {first} and {second} apart.",
        n,
    )


def _words() -> dict:
    """The box's messages in the run's language, ``{placeholders}`` and all: its script fills
    them in as the reader types (a count's form picked as the language's plural rule does)."""
    return {
        "not_defined": _("not defined"),
        # TRANSLATORS: a lead or width in percentage points, "2.7 points".
        "in_points": _("{points} points"),
        # TRANSLATORS: a range's two ends in points, each with its sign: "−1.2 to +9.2".
        "span": _("{low} to {high}"),
        # TRANSLATORS: a list's last item joined on: "{items} and {last}" ("a, b and c").
        "and": _("{items} and {last}"),
        "no_lead": _("No lead: the two scores are equal, so there is nothing for luck to explain."),
        # TRANSLATORS: {leader} is the leading model's name, {range} "+1.2 to +9.2".
        "clears_above": _(
            "Clears the noise: {leader}'s lead is unlikely to be luck; the 95% range for the "
            "true lead, {range} points, stays above zero."
        ),
        # TRANSLATORS: {leader} is the leading model's name, {range} "−9.2 to −1.2".
        "clears_below": _(
            "Clears the noise: {leader}'s lead is unlikely to be luck; the 95% range for the "
            "true lead, {range} points, stays below zero."
        ),
        "inside_one": _inside(1),
        "inside": _inside(2),
        "inside_million": _inside(1_000_000),
        # TRANSLATORS: one item of a list after "Not graded:"; {name} is a model's name.
        "bad_score": _("the score of {name} must be a number from 0 to 100"),
        # TRANSLATORS: one item of a list after "Not graded:"; {most} is "1,000,000".
        "bad_questions": _("the questions must be a whole number from 1 to {most}"),
        # TRANSLATORS: {said} lists what is wrong with the numbers typed.
        "not_graded": _("Not graded: {said}."),
        # TRANSLATORS: one item of a list after "No verdict yet: it needs"; {name} is a model's.
        "the_score": _("the score of {name}"),
        "the_questions": _("the number of questions"),
        # TRANSLATORS: {needs} lists what is missing: "the score of A and the number of questions".
        "no_verdict": _("No verdict yet: it needs {needs}."),
        "nothing_to_detect": _("no lead to detect"),
        "too_many": _("too many to count"),
        "se_even": _("SE if equally good"),
        "se": _("SE of the gap"),
        "no_range": _("No range to draw yet."),
        # TRANSLATORS: the chart's text alternative; {lead} is "+4.0", {range} "−7.1 to +15.1".
        "chart": _(
            "The lead, {lead} points, with its 95% range, {range} points; the line at 0 is no lead."
        ),
        # TRANSLATORS: the box's input for a model's score; {name} is the model's name.
        "score_label": _("Score of {name} (%)"),
        # TRANSLATORS: the box chart's axis title; {first} and {second} are the two models' names.
        "axis": _("Lead, {first} − {second} (points), with its 95% range"),
    }


_LINK = re.compile(r"(?s)(.*)\[(.+?)\]\(\{url\}\)(.*)")


def _foot() -> str:
    """The box's last line as HTML: "Open the full check" the link (its address set by the
    script), the rest plain text."""
    said = _(
        "[Open the full check]({url}) on Lead or Luck: the chance of a gap this big by luck, "
        "paired tests, more."
    )
    before, label, after = _LINK.fullmatch(said).groups()
    anchor = f'<a id="full" href="#" target="_blank" rel="noopener">{html.escape(label)}</a>'
    after = html.escape(after)
    if after.startswith(" "):  # the line broken where the file always broke it
        after = "\n    " + after[1:]
    return f"{html.escape(before)}{anchor}{after}"


def _texts() -> dict[str, str]:
    """The page's own words (before its script runs), HTML-escaped, by their slot in ``box.html``."""
    given = _("not given")
    said = {
        "LANG": language.current(),
        "SE_LABEL": _("SE of the gap"),
        "RANGE_LABEL": _("95% range for the true lead"),
        "NEEDED_LABEL": _("Questions to detect this lead"),
        "A_LABEL": _("Score of {name} (%)").format(name="A"),
        "B_LABEL": _("Score of {name} (%)").format(name="B"),
        "NOT_GIVEN": given,
        "QUESTIONS": _("Questions"),
        "BENCHMARK": _("Benchmark"),
        "NO_PRESET": _("None: type the questions"),
    }
    return {k: html.escape(v) for k, v in said.items()} | {"FOOT": _foot()}


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
    lang: str | None = None,
) -> str:
    """The box as one HTML file, its inputs filled with ``a`` and ``b`` (percent, 0–100) and
    ``n`` questions; None leaves an input empty, and the box says what it needs.

    ``names`` go into the labels and the verdict as text (never as markup). ``site`` is the
    address of Check a claim (``https://…/``): "Open the full check" opens it with the reader's
    numbers. ``bench``, a preset key, picks the box's preset menu (``n``, if given, must be
    its size). ``lang`` is the language of its words and numbers (the run's if None).
    ValueError names a value the box cannot take.
    """
    if lang is not None:
        with language.using(lang):
            return static_box(a, b, n, names=names, site=site, bench=bench)
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
        "words": _words(),
        "number": _number(),
    }
    page = template()
    policy = _POLICY.format(
        script=_sha256(_inline(page, "script")), style=_sha256(_inline(page, "style"))
    )
    # TRANSLATORS: the box's title (a browser's tab); {first} and {second} are the two names.
    title = _("Lead or Luck: is {first}'s lead over {second} more than luck?").format(
        first=first, second=second
    )
    for slot, text in _texts().items():
        page = page.replace(f"__{slot}__", text)
    return (
        page.replace("__POLICY__", policy)
        .replace("__TITLE__", html.escape(title))
        .replace("__DATA__", _json(data))
    )
