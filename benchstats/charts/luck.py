"""The Luck simulator's chart: simulated gaps as bars, the exact chance as a line.

``gap_bins`` turns counts per whole-question gap (simulated runs and exact
probabilities) into at most ``max_bars`` bins in points; ``gap_histogram``
draws them: bars split into runs closer than the lead asked about and runs
at least that far apart, the exact chance of each bin over them in the same
units (% of runs), the 95% band of luck behind, rules at the lead and at 0.

The spec holds no number that moves with the inputs except the axis domains,
which change only when the skill or the number of questions does; the lead,
the band and the markers are small data sets of their own.
"""

from __future__ import annotations

import functools
import json
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
    style,
    zero_rule,
)
from benchstats.charts.luck_axes import band_points, chart_range, y_top
from benchstats.tally import BEST, INDEPENDENT, SAME, Simulation

__all__ = [
    "BAR_SERIES",
    "luck_figure",
    "LINE_SERIES",
    "band_frame",
    "gap_bins",
    "gap_histogram",
    "histogram_datasets",
    "histogram_spec",
    "marker_frame",
    "with_data",
]

CLOSER = "Under the lead"
BEYOND = "At least the lead"
EXACT = "Exact chance"
REFERENCE = "For comparison"
LEAD_MARKER = "Lead asked about"
BAR_SERIES = (CLOSER, BEYOND)
LINE_SERIES = (EXACT, REFERENCE)
_COLOURS = {CLOSER: SKY, BEYOND: ORANGE, EXACT: INK, REFERENCE: GREY}
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
    """Bins in points for :func:`gap_histogram`, one row per bar.

    Parameters
    ----------
    n : int
        Questions (a gap of k questions is 100·k/n points).
    lo : int
        The gap, in whole questions, of ``exact[0]`` and ``counts[0]``.
    exact, counts : array
        Exact probability and number of simulated runs for the gaps
        ``lo``, ``lo + 1``, …; the same length.
    threshold : int
        Gaps with |k| ≥ threshold (``two_sided``) or k ≥ threshold count as
        "at least the lead apart".
    reference : array, optional
        A second exact distribution over the same gaps, drawn dashed.
    max_bars : int
        Bars are whole, odd numbers of questions wide, centred on multiples
        of their width (so one bar is centred on 0), few enough for this.

    Returns
    -------
    DataFrame with the columns ``COLUMNS``: bar edges and middle in points,
    runs closer than / at least the lead, the same as % of all runs, the
    exact chance of landing in the bar (%) and the reference's (or NaN).
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


def marker_frame(
    lead_pts: float, *, two_sided: bool = True, extra: dict | None = None
) -> pd.DataFrame:
    """Vertical markers: the lead asked about (±, or + only) and any ``extra``
    ``{label: points}`` (e.g. the median best-of-K lead)."""
    rows = [{"pts": lead_pts, "what": LEAD_MARKER}]
    if two_sided and lead_pts != 0:
        rows.append({"pts": -lead_pts, "what": LEAD_MARKER})
    for label, pts in (extra or {}).items():
        rows.append({"pts": pts, "what": label})
    return pd.DataFrame(rows, columns=["pts", "what"])


def band_frame(band: tuple[float, float] | None) -> pd.DataFrame:
    """The shaded band (points) as one row, or no row when there is none."""
    if band is None:
        return pd.DataFrame({"low": [], "high": [], "what": []}, dtype=object)
    return pd.DataFrame({"low": [band[0]], "high": [band[1]], "what": ["95% of runs"]})


def histogram_datasets(
    bins: pd.DataFrame, markers: pd.DataFrame, band: tuple[float, float] | None
) -> dict[str, pd.DataFrame]:
    """The data sets :func:`histogram_spec` refers to by name."""
    # Split as arrays (a boolean selection plus reset_index per part cost more than
    # the bins themselves on every rerun).
    pts, what = markers["pts"].to_numpy(), markers["what"].to_numpy(dtype=object)
    is_lead, kind = what == LEAD_MARKER, markers["what"].dtype

    def part(rows: np.ndarray) -> pd.DataFrame:
        return pd.DataFrame({"pts": pts[rows], "what": pd.array(what[rows], dtype=kind)})

    return {"bins": bins, "band": band_frame(band), "lead": part(is_lead), "marks": part(~is_lead)}


def with_data(
    spec: dict, bins: pd.DataFrame, markers: pd.DataFrame, band: tuple[float, float] | None
) -> dict:
    """A copy of a :func:`histogram_spec` spec holding its data under ``datasets``.

    Everything that moves (bins, band, markers) is a named data set, so the
    spec itself stays the same while a reader edits: a host such as Streamlit
    then swaps the data in place instead of drawing the chart anew.
    """
    return {**spec, "datasets": histogram_datasets(bins, markers, band)}


def gap_histogram(
    bins: pd.DataFrame,
    markers: pd.DataFrame,
    *,
    band: tuple[float, float] | None,
    x_domain: tuple[float, float],
    y_max: float,
    x_title: str = "Gap between the two models, A − B (points)",
    reference_label: str = REFERENCE,
    height: int = 360,
) -> alt.LayerChart:
    """Stacked bars of simulated runs, the exact chance over them, the luck band behind.

    ``band`` = (low, high) in points shades where 95% of runs land;
    ``x_domain`` and ``y_max`` fix the axes (bars taller than ``y_max`` are
    cut at the top), so the picture holds still while runs are added.
    """
    data = histogram_datasets(bins, markers, band)
    return _histogram(
        data,
        x_domain=x_domain,
        y_max=y_max,
        x_title=x_title,
        reference_label=reference_label,
        has_reference=bool(bins["reference_pct"].notna().any()),
        has_marks=len(data["marks"]) > 0,
        height=height,
    )


def histogram_spec(
    *,
    x_domain: tuple[float, float],
    y_max: float,
    x_title: str = "Gap between the two models, A − B (points)",
    reference_label: str = REFERENCE,
    has_reference: bool = False,
    has_marks: bool = False,
    height: int = 360,
) -> dict:
    """The Vega-Lite spec of :func:`gap_histogram` with its data left out.

    Layers read the named data sets ``bins``, ``band``, ``lead`` and
    ``marks``; put :func:`histogram_datasets` under the spec's ``datasets``.
    Building the spec is most of the cost of a chart, and it depends only on
    these few arguments, so a page builds it once per shape and reuses it
    while the data changes.
    """
    names = {key: alt.NamedData(key) for key in ("bins", "band", "lead", "marks")}
    chart = _histogram(
        names,
        x_domain=x_domain,
        y_max=y_max,
        x_title=x_title,
        reference_label=reference_label,
        has_reference=has_reference,
        has_marks=has_marks,
        height=height,
    )
    return chart.to_dict()


def _histogram(
    data: dict,
    *,
    x_domain: tuple[float, float],
    y_max: float,
    x_title: str,
    reference_label: str,
    has_reference: bool,
    has_marks: bool,
    height: int,
) -> alt.LayerChart:
    x_scale = alt.Scale(domain=list(x_domain), nice=False, zero=False)
    y_scale = alt.Scale(domain=[0, y_max], nice=False)
    # greedy: on a phone, labels that would touch are dropped rather than run together
    x_axis = alt.Axis(title=x_title, tickCount=9, labelOverlap="greedy", labelSeparation=6)
    series_domain = [CLOSER, BEYOND, EXACT] + ([reference_label] if has_reference else [])
    colours = [_COLOURS[CLOSER], _COLOURS[BEYOND], _COLOURS[EXACT], _COLOURS[REFERENCE]]
    colour = (
        alt.Color("series:N")
        .scale(domain=series_domain, range=colours[: len(series_domain)])
        .title(" ")  # a null title breaks the legend in Streamlit (streamlit#9339)
    )
    base = alt.Chart(data["bins"])
    layers = [
        alt.Chart(data["band"])
        .mark_rect(color=GREY, opacity=0.13)
        .encode(
            x=alt.X("low:Q").scale(x_scale).axis(x_axis),
            x2="high:Q",
            tooltip=[
                alt.Tooltip("what:N").title("Band"),
                alt.Tooltip("low:Q").title("From (points)").format("+.1f"),
                alt.Tooltip("high:Q").title("To (points)").format("+.1f"),
            ],
        )
    ]

    bars = (
        base.transform_fold(["pct_closer", "pct_beyond"], as_=["part", "pct"])
        .transform_filter("datum.pct > 0")
        .transform_calculate(
            series=f"datum.part === 'pct_beyond' ? '{BEYOND}' : '{CLOSER}'",
            runs="datum.part === 'pct_beyond' ? datum.runs_beyond : datum.runs_closer",
            # the closer part sits on the axis, the beyond part on top of it
            y0="datum.part === 'pct_beyond' ? datum.pct_closer : 0",
            y1="datum.part === 'pct_beyond' ? datum.pct_closer + datum.pct_beyond : datum.pct",
        )
        .mark_bar(clip=True, stroke="white", strokeWidth=0.5)
        .encode(
            x=alt.X("from_pts:Q").scale(x_scale).axis(x_axis),
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
    layers.append(bars)

    def line(column: str, label: str, dash: list[int]) -> alt.Chart:
        # one layer per line (a strokeDash encoding would drop the legend in Streamlit)
        return (
            base.transform_filter(f"isValid(datum.{column}) && isFinite(datum.{column})")
            .transform_calculate(series=f"'{label}'", pct=f"datum.{column}")
            .mark_line(
                clip=True,
                strokeWidth=2.5,
                strokeDash=dash,
                point=alt.OverlayMarkDef(size=28, filled=True),
            )
            .encode(
                x=alt.X("mid_pts:Q").scale(x_scale).axis(x_axis),
                y=alt.Y("pct:Q").scale(y_scale),
                color=colour,
                tooltip=[
                    alt.Tooltip("series:N").title("Line"),
                    alt.Tooltip("mid_pts:Q").title("Gap (points)").format("+.1f"),
                    alt.Tooltip("pct:Q").title("Chance (%)").format(".2f"),
                ],
            )
        )

    if has_reference:
        layers.append(line("reference_pct", reference_label, [6, 4]))
    layers.append(line("exact_pct", EXACT, [1, 0]))

    def rules(source, colour: str, dash: list[int]) -> alt.Chart:
        return (
            alt.Chart(source)
            .mark_rule(color=colour, strokeWidth=2, strokeDash=dash, clip=True)
            .encode(
                x=alt.X("pts:Q").scale(x_scale),
                tooltip=[
                    alt.Tooltip("what:N").title("Marker"),
                    alt.Tooltip("pts:Q").title("Points").format("+.1f"),
                ],
            )
        )

    layers.append(rules(data["lead"], VERMILLION, [5, 3]))
    if has_marks:
        layers.append(rules(data["marks"], PURPLE, [2, 2]))
    layers.append(zero_rule("x").encode(tooltip=[alt.Tooltip("zero:Q").title("No gap (points)")]))

    # fit-x: the plot keeps its height and the legend goes below it (Streamlit's
    # default "fit" squeezes the legend out of a fixed-height chart)
    chart = alt.layer(*layers).properties(
        height=height,
        width="container",
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )
    # style() sets the legend too; Altair replaces (not merges) a legend config
    return style(chart).configure_legend(
        labelFontSize=FONT_SIZE - 1, orient="bottom", labelLimit=0, symbolSize=160, columns=2
    )


# --------------------------------------------------------------------------- the figure

X_TITLES = {
    INDEPENDENT: "Gap between the two models, A − B (points)",
    SAME: "Gap between the two models, A − B (points)",
    BEST: "Lead of the best variant over model B (points)",
}
REFERENCE_LABELS = {SAME: "Independent questions", BEST: "One variant, no picking"}


@functools.lru_cache(maxsize=64)
def _spec_json(**shape) -> str:
    # Building the spec is most of a chart's cost; it depends only on these few values.
    return json.dumps(histogram_spec(**shape))


def luck_figure(sim: Simulation, *, alt_text: str = "") -> Figure:
    """The luck simulator's histogram of ``sim`` as a :class:`~benchstats.charts.Figure`.

    The spec is the same while runs are added (only the data sets change),
    unless a bar outgrows the y axis.
    """
    others = (sim.base,) if sim.mode != INDEPENDENT else ()
    lo, hi, x_domain = chart_range(
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
    median = {f"Median best-of-{sim.best.k} lead": sim.best.median * 100} if sim.best else None
    markers = marker_frame(sim.lead * 100, two_sided=sim.two_sided, extra=median)
    band = band_points(sim)
    shape = dict(
        x_domain=x_domain,
        y_max=y_top(bins),
        x_title=X_TITLES[sim.mode],
        reference_label=REFERENCE_LABELS.get(sim.mode, REFERENCE),
    )
    spec = json.loads(_spec_json(**shape, has_reference=bool(others), has_marks=median is not None))
    return Figure(
        spec=with_data(spec, bins, markers, band),
        picture=functools.partial(gap_histogram, bins, markers, band=band, **shape),
        table=bins,
        name="luck-simulator",
        alt_text=alt_text,
    )
