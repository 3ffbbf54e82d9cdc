"""The Luck simulator's chart: simulated gaps as bars, the exact chance as a line.

``gap_bins`` turns counts per whole-question gap (simulated runs and exact
probabilities) into at most ``max_bars`` bins in points; :func:`luck_figure`
draws a :class:`~benchstats.tally.Simulation` with them: bars split into
runs closer than the lead asked about and runs at least that far apart, the
exact chance of each bin over them in the same units (% of runs), the 95%
band of luck behind, rules at the lead and at 0.

The chart follows the thumb over n (:mod:`benchstats.charts.thumb`):
:func:`luck_family` draws the exact lines, the band, the rules and the axes
at every stop of the thumb from :func:`benchstats.gap_ladder.gaps_over`, and
prints each stop's exact chance on the chart; the runs drawn belong to the
link's n and show while the thumb is there, and the link's stop is drawn
from the simulation itself (its axes hold every run).

The spec depends on the mode only. Everything that moves with the inputs is
data: the bins, the band, the markers, and the axes' ends (an invisible box
the scales take their domains from). Moving an input or adding runs changes
the data sets, and the browser patches the chart in place.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    FIT_X,
    FONT_SIZE,
    GREY,
    INK,
    ORANGE,
    PURPLE,
    SKY,
    VERMILLION,
    Figure,
    filled_figure,
    style,
    zero_rule,
)
from benchstats.charts.thumb import FAMILY, SAID_SIZE, STOPS, Thumb, per_stop, wide
from benchstats.charts.thumb import template as thumb_template
from benchstats.gap_ladder import GapAt
from benchstats.language import N_, _, pgettext
from benchstats.luck import GapDistribution, nearest_count
from benchstats.tally import BEST, INDEPENDENT, MODES, SAME, GapTally, Simulation

# The legend's and markers' words (marked here, translated where drawn: :func:`_`).
CLOSER = N_("Under the lead")
BEYOND = N_("At least the lead")
EXACT = N_("Exact chance")
LEAD_MARKER = N_("Lead asked about")
REFERENCE = {
    SAME: N_("Independent questions"),
    BEST: N_("One variant"),
}  # short: a narrow column keeps two legend columns
X_TITLE = {
    INDEPENDENT: N_("Gap between the two models, A − B (points)"),
    SAME: N_("Gap between the two models, A − B (points)"),
    BEST: N_("Best variant's lead over B (points)"),
}
COLUMNS = [
    "from_pts",
    "to_pts",
    "mid_pts",
    "runs_closer",
    "runs_beyond",
    "pct_closer",
    "pct_beyond",
    "exact_pct",
    "reference_pct",
]
AXIS_ENDS = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8)  # round x-axis ends
Y_ENDS = (1, 1.5, 2, 3, 5, 7.5)
WINDOW_TAIL = 2e-4  # the chart shows the gaps that hold all but this much in each tail (~3.5 SD)
HEADROOM = 1.3  # the y axis rises this far above the tallest exact point
HEIGHT = 360
PICTURE_WIDTH = 640  # px, a downloaded picture's plot


# --------------------------------------------------------------------------- bins


def _bin_width(span: int, max_bars: int) -> int:
    """The smallest odd number of questions per bar that keeps ≤ max_bars bars."""
    w = max(1, math.ceil(span / max_bars))
    return w if w % 2 else w + 1


def bin_columns(
    n: int,
    lo: int,
    exact: np.ndarray,
    counts: np.ndarray,
    threshold: int,
    *,
    two_sided: bool = True,
    reference: np.ndarray | None = None,
    max_bars: int = 121,
) -> dict[str, np.ndarray]:
    """Bins in points, one array per column of :data:`COLUMNS` (:func:`gap_bins`: a frame).

    ``exact`` and ``counts`` are the exact probability and the number of
    simulated runs of the gaps ``lo``, ``lo`` + 1, … (whole questions, 100/n
    points each); ``reference`` a second exact distribution over the same
    gaps, drawn dashed. Gaps with |k| ≥ ``threshold`` (k ≥ it, one-sided) are
    "at least the lead". Bars are whole, odd numbers of questions wide,
    centred on multiples of their width (one bar centred on 0), at most
    ``max_bars``. Each row: the bar's edges and middle in points, its runs
    closer than and at least the lead, the same as % of all runs, and the
    exact (and reference, or NaN) chance of landing in it, in %.
    """
    exact = np.asarray(exact, dtype=float)
    counts = np.asarray(counts, dtype=np.int64)
    if exact.shape != counts.shape or exact.ndim != 1 or exact.size == 0:
        msg = (
            f"exact and counts must be 1-d and of one length, got {exact.shape} and {counts.shape}"
        )
        raise ValueError(msg)
    k = lo + np.arange(exact.size)
    w = _bin_width(exact.size, max_bars)
    half = (w - 1) // 2
    j = np.floor_divide(k + half, w)  # bar index; bar j covers jw − half … jw + half
    idx = j - j[0]
    bars = int(idx[-1]) + 1
    beyond = np.abs(k) >= threshold if two_sided else k >= threshold
    runs = max(int(counts.sum()), 1)

    def per_bar(values: np.ndarray) -> np.ndarray:
        return np.bincount(idx, weights=values, minlength=bars)

    centre = (j[0] + np.arange(bars)) * w
    runs_closer = per_bar(np.where(beyond, 0, counts)).astype(np.int64)
    runs_beyond = per_bar(np.where(beyond, counts, 0)).astype(np.int64)
    return {
        "from_pts": (centre - half - 0.5) * 100 / n,
        "to_pts": (centre + half + 0.5) * 100 / n,
        "mid_pts": centre * 100 / n,
        "runs_closer": runs_closer,
        "runs_beyond": runs_beyond,
        "pct_closer": runs_closer * 100 / runs,
        "pct_beyond": runs_beyond * 100 / runs,
        "exact_pct": per_bar(exact) * 100,
        "reference_pct": per_bar(np.asarray(reference, dtype=float)) * 100
        if reference is not None
        else np.full(bars, np.nan),
    }


def csv_columns() -> dict[str, str]:
    """The CSV download's headers in the run's language ({column: header}); its numbers stay
    machine-readable (a dot, no grouping) whatever the language."""
    # TRANSLATORS: the column names of the Luck simulator's CSV download: short, no spaces (a
    # spreadsheet's or a script's names). pts = points, pct = percent of runs.
    return {
        "from_pts": pgettext("CSV column", "from_pts"),
        "to_pts": pgettext("CSV column", "to_pts"),
        "mid_pts": pgettext("CSV column", "mid_pts"),
        "runs_closer": pgettext("CSV column", "runs_closer"),
        "runs_beyond": pgettext("CSV column", "runs_beyond"),
        "pct_closer": pgettext("CSV column", "pct_closer"),
        "pct_beyond": pgettext("CSV column", "pct_beyond"),
        "exact_pct": pgettext("CSV column", "exact_pct"),
        "reference_pct": pgettext("CSV column", "reference_pct"),
    }


def gap_bins(*args, **kwargs) -> pd.DataFrame:
    """:func:`bin_columns` as a frame: one row per bar, the columns :data:`COLUMNS`."""
    return pd.DataFrame(bin_columns(*args, **kwargs), columns=COLUMNS, copy=False)


def bar_questions(bins: pd.DataFrame, n: int) -> int:
    """How many whole-question gaps one bar gathers."""
    return round((bins["to_pts"].iloc[0] - bins["from_pts"].iloc[0]) * n / 100)


# --------------------------------------------------------------------------- axes


def nice_ceiling(x: float, steps: tuple[float, ...] = AXIS_ENDS) -> float:
    """The next round number (``steps`` × 10^k) at or above x; 1 for x ≤ 0.

    Examples
    --------
    >>> nice_ceiling(11.5), nice_ceiling(0.031), nice_ceiling(0), nice_ceiling(7.6, Y_ENDS)
    (15.0, 0.04, 1.0, 10.0)
    """
    if x <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(x))
    return float(next(round(m * power, 12) for m in (*steps, 10) if m * power >= x * (1 - 1e-12)))


def chart_range(
    exact: GapDistribution,
    *,
    lead_questions: int,
    two_sided: bool = True,
    also: tuple[GapDistribution, ...] = (),
    observed: tuple[int, int] | None = None,
) -> tuple[int, int, tuple[float, float]]:
    """Gaps (whole questions) the chart covers and its x-axis ends (round points).

    It covers ``exact`` and ``also`` (all but :data:`WINDOW_TAIL` in each
    tail), every ``observed`` run, 0, and the lead when it is near; the ends
    are round numbers (:data:`AXIS_ENDS`). Two-sided axes are symmetric about 0.

    Examples
    --------
    >>> from benchstats.luck import binomial_gap
    >>> chart_range(binomial_gap(0.8, 100), lead_questions=4)
    (-25, 25, (-25.0, 25.0))
    """
    lo, hi = exact.window(WINDOW_TAIL)
    for other in (*also, *([] if observed is None else [observed])):
        o_lo, o_hi = other.window(WINDOW_TAIL) if isinstance(other, GapDistribution) else other
        lo, hi = min(lo, o_lo), max(hi, o_hi)
    lo, hi = min(lo, -1), max(hi, 1)  # 0 is always on the chart
    to_pts = 100 / exact.n
    if two_sided:
        half = max(-lo, hi)
        if lead_questions <= 1.5 * half:
            half = max(half, lead_questions + 1)
        end = min(nice_ceiling((half + 0.5) * to_pts), 100 + to_pts / 2)
        q = math.floor(end / to_pts + 1e-9)
        return -q, q, (-end, end)
    if lead_questions <= hi + (hi - lo) / 2:
        hi = max(hi, lead_questions + 1)
    step = nice_ceiling((hi - lo + 1) * to_pts / 8)
    low = max(math.floor((lo - 0.5) * to_pts / step) * step, -100 - to_pts / 2)
    high = min(math.ceil((hi + 0.5) * to_pts / step) * step, 100 + to_pts / 2)
    return math.ceil(low / to_pts - 1e-9), math.floor(high / to_pts + 1e-9), (low, high)


def y_top(bins: pd.DataFrame | dict[str, np.ndarray]) -> float:
    """The y-axis end (% of runs): room above the exact line, and every bar inside.

    A few runs make tall bars (one run is a bar of 100%): the axis grows to
    hold them and settles back onto the exact line as runs pile up.

    Examples
    --------
    >>> y_top(pd.DataFrame({"exact_pct": [7.05], "reference_pct": [None],
    ...                     "pct_closer": [100.0], "pct_beyond": [0.0]}))
    100.0
    """
    exact = np.r_[np.asarray(bins["exact_pct"], float), np.asarray(bins["reference_pct"], float)]
    tallest_exact = float(np.nanmax(exact)) if np.isfinite(exact).any() else 0.0
    tallest_bar = float(np.max(np.asarray(bins["pct_closer"]) + np.asarray(bins["pct_beyond"])))
    return min(max(nice_ceiling(HEADROOM * tallest_exact, Y_ENDS), tallest_bar), 100.0)


def _band_points(n: int, band: tuple[int, int]) -> tuple[float, float]:
    """A band of whole-question gaps in points, edge to edge of its bars."""
    low, high = band
    return (low - 0.5) * 100 / n, (high + 0.5) * 100 / n


def band_points(sim: Simulation) -> tuple[float, float]:
    """The shaded band in points, edge to edge of its whole-question bars.

    Two-sided: the gaps within ±``sim.band``; best of K: the central range of
    the best variant's lead.
    """
    n = sim.n
    if sim.two_sided:
        h = round(sim.band * n)
        return _band_points(n, (-h, h))
    return _band_points(n, (round(sim.best.low * n), round(sim.best.high * n)))


# --------------------------------------------------------------------------- the figure


@dataclass(frozen=True)
class _Drawn:
    """The chart at one n: its bins (arrays), the axes' ends, the band, the rules (what, points)."""

    bins: dict[str, np.ndarray]
    x: tuple[float, float]
    y_top: float
    band: tuple[float, float]
    leads: tuple[tuple[str, float], ...]
    marks: tuple[tuple[str, float], ...]


def _drawn(
    g: GapAt, lead: float, band: tuple[float, float], median: float | None, k: int,
    tally: GapTally | None = None,
) -> _Drawn:  # fmt: skip
    """The chart at one n (``band`` in points, ``median`` a proportion for best of K); rules off
    the axis are left out."""
    others = (g.base,) if g.mode != INDEPENDENT else ()
    lead_q = nearest_count(lead, g.n)
    lo, hi, (x_low, x_high) = chart_range(
        g.exact,
        lead_questions=lead_q,
        two_sided=g.two_sided,
        also=others,
        observed=None if tally is None else tally.observed,
    )
    counts = np.zeros(hi - lo + 1, np.int64) if tally is None else tally.counts_for(lo, hi)
    bins = bin_columns(
        g.n,
        lo,
        g.exact.probs_for(lo, hi),
        counts,
        lead_q,
        two_sided=g.two_sided,
        reference=g.base.probs_for(lo, hi) if others else None,
    )
    x_low, x_high = min(x_low, bins["from_pts"][0]), max(x_high, bins["to_pts"][-1])
    leads = sorted({100 * lead, -100 * lead} if g.two_sided else {100 * lead})
    # TRANSLATORS: a marker on the chart; {k} is the number of variants.
    median_what = _("Median best-of-{k} lead").format(k=words.count(k))
    marks = [(median_what, 100 * median)] if median is not None else []

    def kept(rows: list[tuple[str, float]]) -> tuple[tuple[str, float], ...]:
        return tuple((what, float(pts)) for what, pts in rows if x_low <= pts <= x_high)

    return _Drawn(
        bins,
        (float(x_low), float(x_high)),
        y_top(bins),
        band,
        kept([(_(LEAD_MARKER), x) for x in leads]),
        kept(marks),
    )


def _drawn_sim(sim: Simulation) -> _Drawn:
    g = GapAt(sim.mode, sim.p, sim.n, sim.exact, sim.base, sim.level)
    median, k = (sim.best.median, sim.best.k) if sim.best else (None, 1)
    return _drawn(g, sim.lead, band_points(sim), median, k, sim.tally)


def datasets(sim: Simulation) -> dict[str, pd.DataFrame]:
    """The chart's data sets at the simulation's n: ``bins`` (its runs and the exact chance),
    ``band``, ``lead`` and ``marks`` (rules), ``corners``.

    ``corners`` holds the axes' ends: (x low, 0) and (x high, y top). Every
    other data set lies inside them (a marker off the axis is left out).
    """
    return _datasets(_drawn_sim(sim))


def _datasets(d: _Drawn) -> dict[str, pd.DataFrame]:
    def rules(rows: tuple[tuple[str, float], ...]) -> pd.DataFrame:
        return pd.DataFrame(list(rows), columns=["what", "pts"]).astype({"pts": float})

    return {
        "bins": pd.DataFrame(d.bins, columns=COLUMNS, copy=False),
        "band": pd.DataFrame({"low": [d.band[0]], "high": [d.band[1]], "what": [_band()]}),
        "lead": rules(d.leads),
        "marks": rules(d.marks),
        "corners": pd.DataFrame({"x": list(d.x), "y": [0.0, d.y_top]}),
    }


def _band() -> str:
    # TRANSLATORS: the grey band's name in a tooltip.
    return _("95% of runs")


def _said(g: GapAt, lead: float, k: int) -> str:
    """What the chart prints at one n, from its exact distribution: three short lines."""
    numbers = dict(
        questions=words.plural(g.n, "question"),
        bar=_("{points} points").format(points=words.points(lead, signed=False)),
        chance=words.chance(g.exact.share_at_least(lead, two_sided=g.two_sided)),
    )
    # TRANSLATORS: three short lines printed on the chart (keep the two line breaks, \n).
    # {questions} "100 questions", {bar} "4.0 points", {chance} the exact chance, {half} the
    # band's half width ("11.0"), {k} the variants, {median} the median lead ("+7.0").
    if g.two_sided:
        half = words.points(g.exact.half_width(g.level), signed=False)
        return _("{questions}\n≥ {bar} apart: {chance}\n95% within ±{half}").format(
            half=half, **numbers
        )
    return _("{questions}, best of {k}\nleads by ≥ {bar}: {chance}\nmedian lead {median}").format(
        k=words.count(k), median=words.points(g.median), **numbers
    )


def _stop(d: _Drawn) -> tuple[dict[str, np.ndarray], dict[str, object]]:
    """One n's columns of the family (the lines) and its row of the stops (everything else)."""
    curve = {"mid": d.bins["mid_pts"], "exact": d.bins["exact_pct"], "ref": d.bins["reference_pct"]}
    leads = [pts for _, pts in d.leads]
    row = {
        "x_low": d.x[0],
        "x_high": d.x[1],
        "y_top": d.y_top,
        "band_low": d.band[0],
        "band_high": d.band[1],
        "lead_low": min((x for x in leads if x < 0), default=np.nan),
        "lead_high": max((x for x in leads if x >= 0), default=np.nan),
        "median": d.marks[0][1] if d.marks else np.nan,
        "median_what": d.marks[0][0] if d.marks else None,
    }
    return curve, row


def luck_family(
    gaps: Sequence[GapAt], lead: float, k: int = 1
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The chart at every n of the thumb's stops (``gaps``, from
    :func:`benchstats.gap_ladder.gaps_over`), the lead ``lead`` asked about: the exact lines as
    one wide table, and one row per stop (axes' ends, band, rules, the figure printed).
    """
    stops = []
    for g in gaps:
        median = g.median if not g.two_sided else None
        stops.append((g, _stop(_drawn(g, lead, _band_points(g.n, g.band), median, k))))
    family = wide([curve for _, (curve, _) in stops])
    rows = [row | {"n": g.n, "said": _said(g, lead, k)} for g, (_, row) in stops]
    return family, per_stop(pd.DataFrame(rows))


def _with_released(
    family: pd.DataFrame, stops: pd.DataFrame, i: int, d: _Drawn
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The family with stop i drawn from the simulation, runs and all (its axes hold them)."""
    curve, row = _stop(d)
    family = family.reindex(range(max(len(family), len(curve["mid"])))).copy()
    for name, values in curve.items():
        column = np.full(len(family), np.nan)
        column[: len(values)] = values
        family[f"{name}{i}"] = column
    stops = stops.copy()
    stops.loc[i, list(row)] = list(row.values())
    return family, stops


def _chart(mode: str, at: Thumb, *, bound: bool = True) -> alt.LayerChart:
    """The histogram of ``mode``: the exact lines, band, rules and axes of the thumb's stop
    (:func:`luck_family`), the runs drawn at the link's n (:func:`datasets`) while it is there."""
    x_scale = alt.Scale(nice=False, zero=False)
    y_scale = alt.Scale(nice=False)
    # greedy: on a phone, labels that would touch are dropped rather than run together
    x_axis = alt.Axis(title=_(X_TITLE[mode]), tickCount=9, labelOverlap="greedy", labelSeparation=6)
    closer, beyond, exact, lead_marker = _(CLOSER), _(BEYOND), _(EXACT), _(LEAD_MARKER)
    reference = _(REFERENCE[mode]) if mode in REFERENCE else None
    series = [closer, beyond, exact, *([reference] if reference else [])]
    colour = (
        alt.Color("series:N")
        .scale(domain=series, range=[SKY, ORANGE, INK, GREY][: len(series)])
        .title(" ")  # a null title breaks the legend in Streamlit (streamlit#9339)
    )
    here = alt.Chart(alt.NamedData(STOPS)).transform_filter(at.here())
    corners = (  # the axes' ends: an invisible box from (x low, 0) to (x high, y top)
        here.transform_calculate(y0="0")
        .mark_rect(opacity=0)
        .encode(
            x=alt.X("x_low:Q").scale(x_scale).axis(x_axis),
            x2="x_high:Q",
            y=alt.Y("y0:Q").scale(y_scale),
            y2="y_top:Q",
        )
    )
    band = (
        here.transform_calculate(what=_literal(_band()))
        .mark_rect(color=GREY, opacity=0.13)
        .encode(
            x=alt.X("band_low:Q").scale(x_scale),
            x2="band_high:Q",
            tooltip=[
                alt.Tooltip("what:N").title(_("Band")),
                alt.Tooltip("band_low:Q").title(_("From (points)")).format("+.1f"),
                alt.Tooltip("band_high:Q").title(_("To (points)")).format("+.1f"),
            ],
        )
    )
    bars = (
        alt.Chart(alt.NamedData("bins"))
        .transform_filter(at.here())
        .transform_fold(["pct_closer", "pct_beyond"], as_=["part", "pct"])
        .transform_filter("datum.pct > 0")
        .transform_calculate(
            series=f"datum.part === 'pct_beyond' ? {_literal(beyond)} : {_literal(closer)}",
            runs="datum.part === 'pct_beyond' ? datum.runs_beyond : datum.runs_closer",
            # the closer part sits on the axis, the beyond part on top of it
            y0="datum.part === 'pct_beyond' ? datum.pct_closer : 0",
            y1="datum.part === 'pct_beyond' ? datum.pct_closer + datum.pct_beyond : datum.pct",
        )
        .mark_bar(stroke="white", strokeWidth=0.5)
        .encode(
            x=alt.X("from_pts:Q").scale(x_scale),
            x2="to_pts:Q",
            y=alt.Y("y1:Q").scale(y_scale).title(_("Share of runs (%)")),
            y2="y0:Q",
            color=colour,
            tooltip=[
                alt.Tooltip("series:N").title(_("Bar")),
                alt.Tooltip("from_pts:Q").title(_("Gap from (points)")).format("+.1f"),
                alt.Tooltip("to_pts:Q").title(_("Gap to (points)")).format("+.1f"),
                alt.Tooltip("runs:Q").title(pgettext("a count of runs", "Runs")).format(",d"),
                alt.Tooltip("pct:Q").title(_("Share of runs (%)")).format(".2f"),
                alt.Tooltip("exact_pct:Q").title(_("Exact chance (%)")).format(".2f"),
            ],
        )
    )

    def line(column: str, label: str, dash: list[int]) -> alt.Chart:
        # one layer per line (a strokeDash encoding would drop the legend in Streamlit); the
        # stops a curve does not reach are null, which a line leaves out by itself
        return (
            alt.Chart(alt.NamedData(FAMILY))
            .transform_calculate(series=_literal(label), mid=at.pick("mid"), pct=at.pick(column))
            .mark_line(
                strokeWidth=2.5, strokeDash=dash, point=alt.OverlayMarkDef(size=28, filled=True)
            )
            .encode(
                x=alt.X("mid:Q").scale(x_scale),
                y=alt.Y("pct:Q").scale(y_scale),
                color=colour,
                tooltip=[
                    alt.Tooltip("series:N").title(_("Line")),
                    alt.Tooltip("mid:Q").title(_("Gap (points)")).format("+.1f"),
                    alt.Tooltip("pct:Q").title(_("Chance (%)")).format(".2f"),
                ],
            )
        )

    def rule(chart: alt.Chart, colour: str, dash: list[int]) -> alt.Chart:
        return (
            chart.transform_filter("isValid(datum.pts)")
            .mark_rule(color=colour, strokeWidth=2, strokeDash=dash)
            .encode(
                x=alt.X("pts:Q").scale(x_scale),
                tooltip=[
                    alt.Tooltip("what:N").title(_("Marker")),
                    alt.Tooltip("pts:Q").title(_("Points")).format("+.1f"),
                ],
            )
        )

    leads = here.transform_fold(["lead_low", "lead_high"], as_=["side", "pts"])
    leads = leads.transform_calculate(what=_literal(lead_marker))
    said = here.mark_text(align="left", baseline="top", lineBreak="\n", color=INK).encode(
        x=alt.value(8), y=alt.value(6), text=alt.Text("said:N")
    )
    layers = [corners, band, bars]
    if reference:
        layers.append(line("ref", reference, [6, 4]))
    layers += [line("exact", exact, [1, 0]), rule(leads, VERMILLION, [5, 3])]
    if mode == BEST:
        medians = here.transform_calculate(pts="datum.median", what="datum.median_what")
        layers.append(rule(medians, PURPLE, [2, 2]))
    layers.append(
        zero_rule("x").encode(tooltip=[alt.Tooltip("zero:Q").title(_("No gap (points)"))])
    )
    layers.append(said.encode(tooltip=[alt.Tooltip("said:N").title(_("At this n (exact)"))]))
    chart = (
        alt.layer(*layers)
        .add_params(at.param(bound=bound))
        .properties(height=HEIGHT, width="container", autosize=FIT_X)
    )
    # style() sets the legend too; Altair replaces (not merges) a legend config
    return (
        style(chart)
        .configure_legend(
            labelFontSize=FONT_SIZE - 1, orient="bottom", labelLimit=0, symbolSize=160, columns=2
        )
        .configure_text(fontSize=SAID_SIZE)
    )


def _literal(text: str) -> str:
    """``text`` as a string in a Vega expression (quotes in a translation stay text)."""
    return f"'{text}'" if not set("'\"\\") & set(text) else json.dumps(text, ensure_ascii=False)


SPECS = {mode: thumb_template(functools.partial(_chart, mode)) for mode in MODES}


def luck_figure(
    sim: Simulation, family: pd.DataFrame, stops: pd.DataFrame, at: Thumb, *, alt_text: str = ""
) -> Figure:
    """The luck simulator's histogram of ``sim`` as a :class:`~benchstats.charts.Figure`,
    following the thumb over n through ``family`` and ``stops`` (:func:`luck_family`).

    Its spec is :data:`SPECS`\\ [mode] with this rerun's data sets slotted in; the
    thumb's own stop is drawn from ``sim`` (its runs, and axes that hold them).
    """
    drawn = _drawn_sim(sim)
    frames = _datasets(drawn)
    family, stops = _with_released(family, stops, at.index, drawn)
    sent = {FAMILY: family, STOPS: stops, "bins": at.released(frames["bins"])}
    return filled_figure(
        SPECS[sim.mode](at),
        functools.partial(_chart, sim.mode, at, bound=False),
        sent,
        table=frames["bins"].rename(columns=csv_columns()),
        width=PICTURE_WIDTH,
        name="luck-simulator",
        alt_text=alt_text,
    )
