"""The claim several pages share: two scores, the questions or a preset, names, reported SEs.

A preset fills the questions: with ``bench`` given, ``n`` is its size (origin
*preset*), locked, and a link's other ``n`` is refused. :func:`page_query`
opens another page with the same claim, in its keys.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import streamlit as st

from benchstats import BENCHMARK_KEYS, Benchmark, get_benchmark, words
from benchstats.grading import Names
from benchstats.language import _
from ui import inputs, registry
from ui.keys import number_text
from ui.settings import Origin, Settings, Value


def bench_of(s: Settings) -> Benchmark | None:
    """The preset the reader chose, or None."""
    key = s["bench"]
    return get_benchmark(key) if key in BENCHMARK_KEYS else None


def bench_name(s: Settings) -> str | None:
    """The chosen preset's name ("GPQA Diamond"), or None."""
    bench = bench_of(s)
    return None if bench is None else bench.name


def with_preset(s: Settings) -> Settings:
    """``n`` from the chosen preset (origin *preset*); a link's other ``n`` is refused."""
    bench = bench_of(s)
    if bench is None:
        return s
    # TRANSLATORS: where the number of questions came from, "the GPQA Diamond preset".
    preset = Value(bench.questions, Origin.PRESET, _("the {bench} preset").format(bench=bench.name))
    if s.given("n") and s["n"] != bench.questions:
        # TRANSLATORS: what a link's number of questions must be, "198 with the GPQA Diamond
        # preset".
        allowed = _("{count} with the {bench} preset").format(
            count=words.count(bench.questions), bench=bench.name
        )
        return s.refuse("n", s["n"], allowed, preset)
    return s.with_values(n=preset)


def names_of(s: Settings) -> Names:
    """The two names the reader gave ("" where none: the pages say "A" and "B")."""
    return Names(*((s[k] or "").strip() for k in ("name_a", "name_b")))


def bench_menu(
    s: Settings,
    *,
    where: Any = st,
    label: str | None = None,
    largest: int | None = None,
) -> None:
    """The preset menu, kept in ``?bench=`` by its key (``bench=gpqa-diamond``).

    Every preset of the catalogue (:mod:`benchstats.benchmarks`), a family's sets side by side,
    each item led by its family's name and showing its count ("GPQA Diamond (198 questions)",
    "MATH · Minerva Math (272 questions)"); typing filters it. ``largest``: only presets up to
    that many questions (a page whose slider stops there). ``label``: "Benchmark preset" unless
    given.
    """

    def changes(key: str | None) -> dict[str, Any]:
        """Choosing a preset sets ``n`` from it; clearing one keeps its size as the reader's."""
        if key is not None:
            return {"bench": key, "n": None}
        old = bench_of(s)
        return {"bench": None, "n": old.questions if old is not None else s["n"]}

    keys = [k for k in BENCHMARK_KEYS if largest is None or get_benchmark(k).questions <= largest]
    inputs.choice(
        s,
        "bench",
        _("Benchmark preset") if label is None else label,
        options=keys,
        format_func=lambda k: get_benchmark(k).menu_label,
        placeholder=_("None (type a name to find one)"),
        help=_(
            "Pick a benchmark to fill in its number of questions; type a name to find it. "
            "Clear it to type your own."
        ),
        where=where,
        changes=changes,
    )


def questions(s: Settings, *, where: Any = st) -> None:
    """The number of questions: locked while a preset sets it, else the reader's to type."""
    inputs.number(
        s,
        "n",
        _("Questions"),
        where=where,
        disabled=s.origin("n") is Origin.PRESET,
        help=_("How many questions both models answered."),
    )


def scores(s: Settings, names: Names) -> None:
    """Scores A and B side by side (even on a phone), in percent."""
    left, right = st.columns(2, gap="small")
    for col, key, name in ((left, "a", names.first), (right, "b", names.second)):
        inputs.number(
            s,
            key,
            # TRANSLATORS: an input's label; {name} is the model's name (or A, B).
            _("Score of {name} (%)").format(name=name),
            where=col,
            step=0.1,
            help=_("The score as a percent of questions right. Decimals are fine."),
        )


def name_inputs(s: Settings) -> None:
    """The two models' names (optional), kept in ``?name_a=`` and ``?name_b=``."""
    left, right = st.columns(2, gap="small")
    for col, key, side in ((left, "name_a", "A"), (right, "name_b", "B")):
        inputs.text(
            s,
            key,
            # TRANSLATORS: an input's label; {side} is A or B.
            _("Model {side} (optional)").format(side=side),
            where=col,
            placeholder=side,
            help=_("A name for the verdict, the sentence to copy and downloaded charts."),
        )


def standard_errors(s: Settings) -> None:
    """The two reported ± SEs side by side; both or neither are used."""
    left, right = st.columns(2, gap="small")
    for col, key, side in ((left, "se_a", "A"), (right, "se_b", "B")):
        inputs.number(
            s,
            key,
            # TRANSLATORS: an input's label; {side} is A or B.
            _("± SE of {side} (points)").format(side=side),
            where=col,
            step=0.1,
            help=_("The standard error printed next to score {side}, in percentage points.").format(
                side=side
            ),
        )


def page_query(s: Settings, page: str) -> dict[str, str]:
    """Query parameters that open ``page`` with the same claim, in that page's URL keys.

    ``page`` is ``"check"``, ``"luck"`` (p = mean score, n, d = |lead|),
    ``"grader"`` (a, b, n, the SEs) or ``"needed"`` (p, d). Only what was given,
    preset or derived travels: an assumption or a default would arrive as given.
    """
    travels = (Origin.GIVEN, Origin.PRESET, Origin.DERIVED)
    lang = {"lang": s.lang} if s.lang else {}  # the page opens in the reader's language
    have = {k: s[k] for k in ("a", "b", "n", "se_a", "se_b") if s.origin(k) in travels}
    a, b = have.get("a"), have.get("b")
    if page in ("luck", "needed"):
        if a is None or b is None:
            return lang
        out = {"p": number_text((a + b) / 2)} | ({"d": number_text(abs(a - b))} if a != b else {})
        return (
            out | ({"n": number_text(have["n"])} if page == "luck" and "n" in have else {}) | lang
        )
    out = {k: s[k] for k in ("name_a", "name_b") if s[k]}
    out |= {k: number_text(v) for k, v in have.items()}
    if page == "check" and s.given("bench"):
        out["bench"] = s["bench"]
        out.pop("n", None)
    return out | lang


def page_url(s: Settings, page: str) -> str:
    """A relative link (any base path) that opens ``page`` with the same claim:
    "gap-grader?a=82&b=78&n=100"."""
    query = urlencode(page_query(s, page))
    path = registry.page(page).url_path or "."
    return f"{path}?{query}" if query else path
