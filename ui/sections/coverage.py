"""Interval coverage's sections: the results, then the first screen, then the table and the paper.

Every value comes from the page's :class:`ui.settings.Settings`; the inputs
show them and write changes into the link, the build-up buttons too. The
sentences come from :mod:`benchstats.prose.coverage`; nothing here computes
a number.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from benchstats import coverage as cov
from benchstats import language, words
from benchstats.benchmarks import LANDMARKS
from benchstats.charts.coverage import (
    Y_FLOOR,
    coverage_family,
    coverage_figure,
    coverage_frames,
    coverage_stops,
)
from benchstats.charts.thumb import Thumb
from benchstats.coverage import METHODS, CoverageSummary, CoverageTally
from benchstats.intervals import proportion_ci
from benchstats.language import N_, _, ngettext
from benchstats.luck import count_ladder
from benchstats.prose import coverage as prose
from benchstats.scores import interval_name
from ui import figure, inputs, predict, settings, tables, thumb
from ui.sections import luck
from ui.settings import Settings
from ui.verdict import KeyNumber, verdict_card

INTRO = N_(
    "A **95% interval** promises to hold the true score 95% of the time. The textbook one "
    "(Wald: score ± 1.96 standard errors) breaks that promise on small benchmarks, and at "
    "0 or all questions right it has no width at all. Here is by how much, exactly."
)
GRID = tuple(round(x, 4) for x in np.arange(0.025, 0.976, 0.025))  # the simulated true scores
PRESETS = (
    (N_("The paper's 92.5%: 100 questions"), {"n": 100}),
    (N_("20 questions, true score 95%"), {"n": 20, "p": 95.0}),
)
STEPS = (100, 1_000)
PAPER_N, PAPER_SEED = 100, 1
MAX_N = 2000  # the n key's largest value
SIZES = tuple(b.questions for b in LANDMARKS if b.questions <= MAX_N)  # the best-known sizes
N_STOPS = count_ladder(1, MAX_N, keep=(20, 100, 198, *SIZES))  # a log scale, the benchmarks


@language.per_language
def n_words() -> tuple[str, ...]:
    """Each stop of the n thumb in words ("840 questions"), in the run's language."""
    return tuple(words.plural(n, "question") for n in N_STOPS)


def intro() -> str:
    """The page's title and first lines, as Markdown."""
    return "# " + _("Interval coverage") + "\n\n" + _(INTRO)


def rules(s: Settings) -> Settings:
    """The page's one rule: n on a stop of its thumb (a link between two is moved, with a note)."""
    return thumb.snap(s, "n", N_STOPS, n_words())


def n_thumb(s: Settings) -> Thumb:
    """The thumb over n, at the link's n."""
    return thumb.at(s, "n", N_STOPS, n_words())


@st.cache_data(max_entries=64, show_spinner=False)
def _summaries(n: int) -> dict[str, CoverageSummary]:
    return {m: cov.coverage_summary(n, method=m) for m in METHODS}


def summaries(n: int) -> dict[str, CoverageSummary]:
    """Every interval's average and worst coverage at n (exact; 0.3 s a method at n = 2,000)."""
    with st.spinner(_("Working out the exact coverage…")):
        return _summaries(n)


@st.cache_data(max_entries=64, show_spinner=False)
def curve(n: int, method: str) -> cov.CoverageCurve:
    """One interval's sawtooth at n (exact, 401 true scores)."""
    return cov.coverage_curve(n, method=method)


@st.cache_data(max_entries=256, show_spinner=False)
def at_p(n: int, p: float) -> dict[str, float]:
    """Every interval's exact coverage at the true score p."""
    return {m: float(cov.coverage(p, n, method=m)) for m in METHODS}


@st.cache_data(max_entries=6, show_spinner=False)
def _family(methods: tuple[str, ...]) -> pd.DataFrame:
    return coverage_family([[cov.coverage_curve(n, method=m) for m in methods] for n in N_STOPS])


def family(methods: tuple[str, ...]) -> pd.DataFrame:
    """The sawtooths of ``methods`` at every stop of the n thumb (exact, once per pair)."""
    with st.spinner(_("Working out the exact coverage at every n…")):
        return _family(methods)


@st.cache_data(max_entries=64, show_spinner=False)
def _stops(methods: tuple[str, ...], p: float, lang: str) -> pd.DataFrame:
    at = [{m: float(cov.coverage(p, n, method=m)) for m in methods} for n in N_STOPS]
    with language.using(lang):  # the figure printed at each stop is in words
        return coverage_stops(N_STOPS, p, at, methods)


def stops(methods: tuple[str, ...], p: float) -> pd.DataFrame:
    """Each stop's exact coverage of ``methods`` at the true score p, as the chart prints it (in
    the run's language)."""
    return _stops(methods, p, language.current())


def paper(datasets: int) -> tuple[CoverageSummary, float, float, float, cov.SimulatedAverage]:
    """The articles' setting at n = 100: Wald's summary, its inner average, Wilson, CP, a simulation."""
    with st.spinner(
        _("Simulating the paper's {count} datasets…").format(count=words.count(datasets))
    ):
        return _paper(datasets)


@st.cache_data(max_entries=4, show_spinner=False)
def _paper(datasets: int) -> tuple[CoverageSummary, float, float, float, cov.SimulatedAverage]:
    return (
        cov.coverage_summary(PAPER_N),
        cov.average_coverage(PAPER_N, p_range=(0.05, 0.95)),
        cov.average_coverage(PAPER_N, method="wilson"),
        cov.average_coverage(PAPER_N, method="clopper-pearson"),
        cov.simulate_average_coverage(PAPER_N, datasets, seed=PAPER_SEED),
    )


def tally(n: int, p: float, seed: int, runs: int) -> CoverageTally:
    """The datasets for (n, p, seed): kept per session and topped up to ``runs`` per true score."""
    fresh = functools.partial(cov.new_coverage_tally, n, sorted({*GRID, round(p, 4)}), seed=seed)
    return luck.topped_up("_coverage_tally", (n, round(p, 4), seed), runs, fresh, cov.add_datasets)


@dataclass(frozen=True)
class Results:
    """What the page shows: the answer at (n, p), every interval's summary, the datasets."""

    point: prose.Point
    summaries: dict[str, CoverageSummary]
    at_p: dict[str, float]
    tally: CoverageTally


def results(s: Settings) -> Results:
    """The exact answers at the reader's n and true score, and the datasets drawn so far."""
    n, p, method = s["n"], s["p"] / 100, s["interval"]
    at = at_p(n, p)
    pt = prose.Point(n, p, at["wald"], method, at[method])
    return Results(pt, summaries(n), at, tally(n, p, s["seed"], s["runs"]))


def verdict(s: Settings, r: Results) -> bool:
    """The answer card, or with ``predict`` on the question first; True once it may show."""
    pt = r.point
    ask = predict.Question(prose.question(pt.n, pt.p), pt.wald, predict.PERCENT)
    if not predict.gate(ask, key="coverage", on=s["predict"]):
        return False
    rows = prose.key_numbers(pt, r.summaries["wald"], r.summaries[pt.method])
    verdict_card(prose.headline(pt), [KeyNumber(*x) for x in rows], clears=pt.wald >= pt.level)
    return True


def chart(s: Settings, r: Results, at: Thumb, *, revealed: bool) -> None:
    """The sawtooth of Wald and the chosen interval, following the n thumb, the simulated
    points over it; hidden until the reveal."""
    if not revealed:
        st.info(_("The sawtooth appears with the answer."), icon=":material/visibility_off:")
        return
    pt, t = r.point, r.tally
    methods = tuple(dict.fromkeys(("wald", pt.method)))
    curves = [curve(pt.n, m) for m in methods]
    frames = coverage_frames(curves, tally=t if t.runs else None)
    lowest = min(float(c.coverage.min()) for c in curves)
    keys = ["n", "p", "interval", "runs", "seed"]
    title, verdict = prose.caption_title(pt.n, pt.method), prose.headline(pt)
    fig = coverage_figure(
        frames, family(methods), stops(methods, pt.p), at,
        alt_text=prose.alt_text(pt.n, lowest, Y_FLOOR / 100),
    )  # fmt: skip
    figure.show(fig, key="coverage", caption=figure.caption(s, title, verdict, keys))
    i = list(t.p).index(round(pt.p, 4))
    share, se = float(t.coverage("wald")[i]), float(t.standard_error("wald")[i])
    st.markdown(prose.simulated(t, pt.p, pt.wald, share, se))


def controls(s: Settings, at: Thumb) -> None:
    """The articles' settings as buttons, then n (the sawtooth follows its thumb), the true
    score, the interval, predict."""
    row = st.container(horizontal=True, wrap=True, gap="small")
    for i, (label, keys) in enumerate(PRESETS):
        row.button(_(label), key=f"coverage-preset-{i}", on_click=settings.write, args=(s, keys))
    thumb.slider(s, at, _("Questions (n)"))
    inputs.number(
        s, "p", _("True score (%)"), slider=True, step=0.5, format="%.1f",
        help=_("The score the model would get on endless questions."),
    )  # fmt: skip
    inputs.choice(
        s, "interval", _("Set Wald against"),
        options=[*(m for m in METHODS if m != "wald"), "wald"], format_func=interval_name,
        help=_("The interval drawn beside the textbook (Wald) one. The table lists all six."),
    )  # fmt: skip
    predict.switch(s)
    luck.build_up(s, STEPS, said=dataset_words(), prefix="coverage-")


def dataset_words() -> luck.Draws:
    """The build-up's words for datasets, in the run's language."""
    return luck.Draws(
        _("Datasets per true score"),
        _(
            "How many datasets are drawn, on a log scale; the buttons add more. The link keeps "
            "this number, and the same seed gives the same datasets."
        ),
        lambda step: words.counted(
            step, ngettext("Draw {count} more dataset.", "Draw {count} more datasets.", step)
        ),
        _("Back to 0 datasets (the same seed then draws the same datasets again)."),
        _("Names one sequence of random draws: the same seed, the same datasets."),
    )


def more(r: Results) -> None:
    """Every interval at this n and true score, where Wald has no width, and the paper's figure."""
    pt = r.point
    st.markdown(f"#### {prose.table_title(pt.n, pt.p)}")
    rows = prose.table_rows(pt.p, r.at_p, r.summaries)
    tables.show(rows)
    wilson_high = float(proportion_ci(0, pt.n, method="wilson").high)
    wald100, inner, wilson, cp, sim = paper(prose.PAPER_DATASETS)
    heading = _("The paper's {figure}").format(figure=words.percent(prose.PAPER_QUOTED))
    st.markdown(
        "#### " + _("No width at all") + "\n\n"
        f"{prose.zero_width(r.summaries['wald'], wilson_high)}"
        f"\n\n#### {heading}\n\n{prose.paper(wald100, inner, wilson, cp, sim, PAPER_SEED)}"
    )
