"""The Luck simulator's chart: simulated gaps as bars, the exact chance as a line.

``gap_bins`` turns counts per whole-question gap (simulated runs and exact
probabilities) into at most ``max_bars`` bins in points; :func:`luck_figure`
draws a :class:`~benchstats.tally.Simulation` with them: bars split into
runs closer than the lead asked about and runs at least that far apart, the
exact chance of each bin over them in the same units (% of runs), the 95%
band of luck behind, rules at the lead and at 0.

The spec depends on the mode only. Everything that moves with the inputs is
data: the bins, the band, the markers, and the axes' ends (two invisible
corner points the scales take their domains from). Moving an input or
adding runs changes the data sets, and the browser patches the chart in place.
"""

from __future__ import annotations

import functools
import math

import altair as alt
import numpy as np
import pandas as pd

from benchstats.charts._common import (
    FONT_SIZE,
    GREY,
    INK,
    ORANGE,
    PURPLE,
    SKY,
    VERMILLION,
    Figure,
    records,
    style,
    template,
    with_datasets,
    zero_rule,
)
from benchstats.luck import GapDistribution
from benchstats.tally import BEST, INDEPENDENT, MODES, SAME, Simulation

CLOSER = "Under the lead"
BEYOND = "At least the lead"
EXACT = "Exact chance"
LEAD_MARKER = "Lead asked about"
REFERENCE = {
    SAME: "Independent questions",
    BEST: "One variant",
}  # short: a narrow column keeps two legend columns
X_TITLE = {
    INDEPENDENT: "Gap between the two models, A − B (points)",
    SAME: "Gap between the two models, A − B (points)",
    BEST: "Best variant's lead over B (points)",
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
]
COLUMNS.append("reference_pct")
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


def gap_bins(
    n: int,
    lo: int,
    exact: np.ndarray,
    counts: np.ndarray,
    threshold: int,
    *,
    two_sided: bool = True,
    reference: np.ndarray | None = None,
    max_bars: int = 121,
) -> pd.DataFrame:
    """Bins in points, one row per bar, with the columns :data:`COLUMNS`.

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
    columns = {
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
    return pd.DataFrame(columns, columns=COLUMNS, copy=False)


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


def y_top(bins: pd.DataFrame) -> float:
    """The y-axis end (% of runs): room above the exact line, and every bar inside.

    A few runs make tall bars (one run is a bar of 100%): the axis grows to
    hold them and settles back onto the exact line as runs pile up.

    Examples
    --------
    >>> y_top(pd.DataFrame({"exact_pct": [7.05], "reference_pct": [None],
    ...                     "pct_closer": [100.0], "pct_beyond": [0.0]}))
    100.0
    """
    exact = bins[["exact_pct", "reference_pct"]].to_numpy(dtype=float)
    tallest_exact = float(np.nanmax(exact)) if np.isfinite(exact).any() else 0.0
    tallest_bar = float((bins["pct_closer"] + bins["pct_beyond"]).max())
    return min(max(nice_ceiling(HEADROOM * tallest_exact, Y_ENDS), tallest_bar), 100.0)


def band_points(sim: Simulation) -> tuple[float, float]:
    """The shaded band in points, edge to edge of its whole-question bars.

    Two-sided: the gaps within ±``sim.band``; best of K: the central range of
    the best variant's lead.
    """
    n = sim.n
    if sim.two_sided:
        h = round(sim.band * n)
        low, high = -h, h
    else:
        low, high = round(sim.best.low * n), round(sim.best.high * n)
    return (low - 0.5) * 100 / n, (high + 0.5) * 100 / n


# --------------------------------------------------------------------------- the figure


def datasets(sim: Simulation) -> dict[str, pd.DataFrame]:
    """The chart's data sets: ``bins``, ``band``, ``lead`` and ``marks`` (rules), ``corners``.

    ``corners`` holds the axes' ends: (x low, 0) and (x high, y top). Every
    other data set lies inside them (a marker off the axis is left out).
    """
    others = (sim.base,) if sim.mode != INDEPENDENT else ()
    lo, hi, (x_low, x_high) = chart_range(
        sim.exact,
        lead_questions=sim.lead_questions,
        two_sided=sim.two_sided,
        also=others,
        observed=sim.tally.observed,
    )
    bins = gap_bins(
        sim.n,
        lo,
        sim.exact.probs_for(lo, hi),
        sim.tally.counts_for(lo, hi),
        sim.lead_questions,
        two_sided=sim.two_sided,
        reference=sim.base.probs_for(lo, hi) if others else None,
    )
    x_low, x_high = min(x_low, bins["from_pts"].iloc[0]), max(x_high, bins["to_pts"].iloc[-1])
    lead = 100 * sim.lead
    leads = {lead, -lead} if sim.two_sided else {lead}
    marks = {f"Median best-of-{sim.best.k} lead": 100 * sim.best.median} if sim.best else {}
    low, high = band_points(sim)

    def rules(rows: dict[str, float] | list[tuple[str, float]]) -> pd.DataFrame:
        items = rows.items() if isinstance(rows, dict) else rows
        kept = [(what, pts) for what, pts in items if x_low <= pts <= x_high]
        return pd.DataFrame(kept, columns=["what", "pts"]).astype({"pts": float})

    return {
        "bins": bins,
        "band": pd.DataFrame({"low": [low], "high": [high], "what": ["95% of runs"]}),
        "lead": rules([(LEAD_MARKER, x) for x in sorted(leads)]),
        "marks": rules(marks),
        "corners": pd.DataFrame({"x": [x_low, x_high], "y": [0.0, y_top(bins)]}),
    }


def _chart(mode: str) -> alt.LayerChart:
    """The histogram of ``mode`` over the named data sets of :func:`datasets`."""
    x_scale = alt.Scale(nice=False, zero=False)
    y_scale = alt.Scale(nice=False)
    # greedy: on a phone, labels that would touch are dropped rather than run together
    x_axis = alt.Axis(title=X_TITLE[mode], tickCount=9, labelOverlap="greedy", labelSeparation=6)
    series = [CLOSER, BEYOND, EXACT, *([REFERENCE[mode]] if mode in REFERENCE else [])]
    colour = (
        alt.Color("series:N")
        .scale(domain=series, range=[SKY, ORANGE, INK, GREY][: len(series)])
        .title(" ")  # a null title breaks the legend in Streamlit (streamlit#9339)
    )
    bins = alt.Chart(alt.NamedData("bins"))
    corners = (
        alt.Chart(alt.NamedData("corners"))
        .mark_point(opacity=0)
        .encode(x=alt.X("x:Q").scale(x_scale).axis(x_axis), y=alt.Y("y:Q").scale(y_scale))
    )
    band = (
        alt.Chart(alt.NamedData("band"))
        .mark_rect(color=GREY, opacity=0.13)
        .encode(
            x=alt.X("low:Q").scale(x_scale),
            x2="high:Q",
            tooltip=[
                alt.Tooltip("what:N").title("Band"),
                alt.Tooltip("low:Q").title("From (points)").format("+.1f"),
                alt.Tooltip("high:Q").title("To (points)").format("+.1f"),
            ],
        )
    )
    bars = (
        bins.transform_fold(["pct_closer", "pct_beyond"], as_=["part", "pct"])
        .transform_filter("datum.pct > 0")
        .transform_calculate(
            series=f"datum.part === 'pct_beyond' ? '{BEYOND}' : '{CLOSER}'",
            runs="datum.part === 'pct_beyond' ? datum.runs_beyond : datum.runs_closer",
            # the closer part sits on the axis, the beyond part on top of it
            y0="datum.part === 'pct_beyond' ? datum.pct_closer : 0",
            y1="datum.part === 'pct_beyond' ? datum.pct_closer + datum.pct_beyond : datum.pct",
        )
        .mark_bar(stroke="white", strokeWidth=0.5)
        .encode(
            x=alt.X("from_pts:Q").scale(x_scale),
            x2="to_pts:Q",
            y=alt.Y("y1:Q").scale(y_scale).title("Share of runs (%)"),
            y2="y0:Q",
            color=colour,
            tooltip=[
                alt.Tooltip("series:N").title("Bar"),
                alt.Tooltip("from_pts:Q").title("Gap from (points)").format("+.1f"),
                alt.Tooltip("to_pts:Q").title("Gap to (points)").format("+.1f"),
                alt.Tooltip("runs:Q").title("Runs").format(",d"),
                alt.Tooltip("pct:Q").title("Share of runs (%)").format(".2f"),
                alt.Tooltip("exact_pct:Q").title("Exact chance (%)").format(".2f"),
            ],
        )
    )

    def line(column: str, label: str, dash: list[int]) -> alt.Chart:
        # one layer per line (a strokeDash encoding would drop the legend in Streamlit)
        return (
            bins.transform_filter(f"isValid(datum.{column}) && isFinite(datum.{column})")
            .transform_calculate(series=f"'{label}'", pct=f"datum.{column}")
            .mark_line(
                strokeWidth=2.5, strokeDash=dash, point=alt.OverlayMarkDef(size=28, filled=True)
            )
            .encode(
                x=alt.X("mid_pts:Q").scale(x_scale),
                y=alt.Y("pct:Q").scale(y_scale),
                color=colour,
                tooltip=[
                    alt.Tooltip("series:N").title("Line"),
                    alt.Tooltip("mid_pts:Q").title("Gap (points)").format("+.1f"),
                    alt.Tooltip("pct:Q").title("Chance (%)").format(".2f"),
                ],
            )
        )

    def rules(name: str, colour: str, dash: list[int]) -> alt.Chart:
        return (
            alt.Chart(alt.NamedData(name))
            .mark_rule(color=colour, strokeWidth=2, strokeDash=dash)
            .encode(
                x=alt.X("pts:Q").scale(x_scale),
                tooltip=[
                    alt.Tooltip("what:N").title("Marker"),
                    alt.Tooltip("pts:Q").title("Points").format("+.1f"),
                ],
            )
        )

    layers = [corners, band, bars]
    if mode in REFERENCE:
        layers.append(line("reference_pct", REFERENCE[mode], [6, 4]))
    layers += [line("exact_pct", EXACT, [1, 0]), rules("lead", VERMILLION, [5, 3])]
    if mode == BEST:
        layers.append(rules("marks", PURPLE, [2, 2]))
    layers.append(zero_rule("x").encode(tooltip=[alt.Tooltip("zero:Q").title("No gap (points)")]))
    # fit-x: the plot keeps its height and the legend goes below it (Streamlit's
    # default "fit" squeezes the legend out of a fixed-height chart)
    chart = alt.layer(*layers).properties(
        height=HEIGHT,
        width="container",
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )
    # style() sets the legend too; Altair replaces (not merges) a legend config
    return style(chart).configure_legend(
        labelFontSize=FONT_SIZE - 1, orient="bottom", labelLimit=0, symbolSize=160, columns=2
    )


SPECS = {mode: template(functools.partial(_chart, mode)) for mode in MODES}


def _picture(mode: str, frames: dict[str, pd.DataFrame]) -> alt.LayerChart:
    """The chart as a file draws it: a fixed width (no container to fit), its data inside."""
    chart = _chart(mode).properties(width=PICTURE_WIDTH)
    chart.autosize = alt.Undefined  # a download's caption wraps it in a vconcat that refuses it
    return chart.properties(datasets={k: records(v) for k, v in frames.items()})


def luck_figure(sim: Simulation, *, alt_text: str = "") -> Figure:
    """The luck simulator's histogram of ``sim`` as a :class:`~benchstats.charts.Figure`.

    Its spec is :data:`SPECS`\\ [mode] with this rerun's data sets slotted in.
    """
    frames = datasets(sim)
    return Figure(
        spec=with_datasets(SPECS[sim.mode](), **frames),
        picture=functools.partial(_picture, sim.mode, frames),
        table=frames["bins"],
        name="luck-simulator",
        alt_text=alt_text,
    )
