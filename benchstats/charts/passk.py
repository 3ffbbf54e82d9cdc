"""Charts for the pass@k page: tidy frames from benchstats results, figures out.

Each ``*_frame`` turns a result of :mod:`benchstats.passk` or
:mod:`benchstats.passk_mix` into a tidy DataFrame (the same table the page
offers as CSV); :func:`figure` draws one as a :class:`~benchstats.charts.Figure`.
Each chart is built once with its data set left as a name
(:func:`benchstats.charts.template`) and this input's rows slotted in, with
domains fixed where the story needs them (shares from 0 to 1): while the
reader moves a slider only the data changes.
"""

from __future__ import annotations

import functools
import math

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    FIT_X,
    GREEN,
    GREY,
    INK,
    ORANGE,
    VERMILLION,
    Figure,
    filled_figure,
    slotted_figure,
    style,
)
from benchstats.charts.thumb import SAID_SIZE, STOPS, Thumb, per_stop
from benchstats.charts.thumb import template as thumb_template
from benchstats.language import N_, _, pgettext
from benchstats.passk import DrawCounts, MajCurve
from benchstats.passk_mix import AvgAtK, MixBand, MixCurve, Problems
from benchstats.prose.passk import chance, count_text, power_text

# The curves' and bars' names, each also a legend's domain and a frame's values (the estimate's
# and the shortcut's also columns a chart folds): marked here, translated in the frames and the
# charts alike.
ESTIMATE = N_("Unbiased estimate")
SHORTCUT = N_("Shortcut 1 − (1 − p)^k")
NO_PASS = N_("No passing sample")
SOME_PASS = N_("At least one pass")
MAJ = N_("maj@k: the vote is right")
PASS = N_("pass@k: one sample is right")
HEIGHT = 300
_MIN_SHARE = 1e-4  # bars thinner than this are invisible; dropped (except 0 passes)

_SHARE_AXIS = alt.Axis(format=".0%")


def _k_x(title: str | None = None) -> alt.X:
    title = _("k (samples drawn)") if title is None else title
    return alt.X("k:Q").title(title).scale(zero=False, nice=False).axis(tickMinStep=1)


def _finish(chart: alt.TopLevelMixin) -> alt.TopLevelMixin:
    """Fixed plot height, width filling the container; then the site's style.

    ``fit-x`` keeps the legend and axis titles from eating into the height
    (Streamlit's default ``fit`` squeezes the plot of a single view).
    """
    return style(chart.properties(height=HEIGHT, autosize=FIT_X))


def _legend() -> alt.Legend:
    return alt.Legend(
        orient="bottom", direction="vertical", symbolType="stroke", title=None, labelLimit=0
    )


def _curve_colour(domain: list[str], colours: list[str]) -> alt.Color:
    return alt.Color("curve:N").title(None).scale(domain=domain, range=colours).legend(_legend())


def _estimate_curves(y_title: str) -> dict:
    """The encodings of the estimate and the shortcut, both pass@k against k: the estimate solid,
    the shortcut dashed (its dash merged into the colour legend)."""
    domain = [_(ESTIMATE), _(SHORTCUT)]
    return {
        "x": _k_x(),
        "y": alt.Y("value:Q").title(y_title).scale(domain=[0, 1]),
        "color": _curve_colour(domain, [BLUE, VERMILLION]),
        "strokeDash": alt.StrokeDash("curve:N")
        .title(None)
        .scale(domain=domain, range=[[1, 0], [6, 4]])
        .legend(_legend()),
        "tooltip": [
            alt.Tooltip("curve:N").title(_("Curve")),
            alt.Tooltip("k:Q").title("k"),
            alt.Tooltip("value:Q").title(_("pass@k")).format(".3f"),
        ],
    }


# --------------------------------------------------------------------------- one problem: draws


def draws_frame(d: DrawCounts) -> pd.DataFrame:
    """One row per number of passing samples a draw of k can hold.

    Columns: ``passes``, ``share`` (of all C(n, k) draws), ``draws`` (the
    count as text, exact), ``kind`` (no pass / at least one). The row for 0
    passes is always there (share 0 when every draw must hold a pass).
    """
    passes = np.asarray(d.passes)
    share = np.asarray(d.share, dtype=float)
    if passes.size == 0 or passes[0] != 0:
        passes, share = np.r_[0, passes], np.r_[0.0, share]
    keep = (passes == 0) | (share >= _MIN_SHARE)
    passes, share = passes[keep], share[keep]
    draws = []
    for j, s in zip(passes, share, strict=True):
        if j == 0:
            draws.append(count_text(d.without_pass))
        elif d.total < 10**15:  # exact when it fits; share × total otherwise
            draws.append(count_text(round(s * d.total)))
        else:
            # TRANSLATORS: a count too large to write exactly: "about 9.05 × 10⁵⁸".
            about = _("about {count}")
            draws.append(about.format(count=power_text(math.log10(s) + math.log10(d.total))))
    none, some = _(NO_PASS), _(SOME_PASS)
    return pd.DataFrame(
        {
            "passes": passes.astype(int),
            "share": share,
            "draws": draws,
            "kind": [none if j == 0 else some for j in passes],
        }
    )


def _draws(draws: pd.DataFrame | alt.NamedData) -> alt.Chart:
    bars = (
        alt.Chart(draws)
        .mark_bar()
        .encode(
            x=alt.X("passes:O").title(_("Passing samples in the draw")).axis(labelAngle=0),
            y=alt.Y("share:Q")
            .title(_("Share of all draws"))
            .scale(domain=[0, 1])
            .axis(_SHARE_AXIS),
            color=alt.Color("kind:N")
            .title(None)
            .scale(domain=[_(NO_PASS), _(SOME_PASS)], range=[GREY, GREEN]),
            tooltip=[
                alt.Tooltip("passes:O").title(_("Passing samples in the draw")),
                alt.Tooltip("share:Q").title(_("Share of draws")).format(".2%"),
                alt.Tooltip("draws:N").title(_("Draws")),
            ],
        )
    )
    return _finish(bars)


# --------------------------------------------------------------------------- one problem: curve


def problem_curve_frame(k: np.ndarray, estimate: np.ndarray, shortcut: np.ndarray) -> pd.DataFrame:
    """Long table: ``k``, ``value``, ``curve`` (estimate or shortcut)."""
    k = np.asarray(k)
    rows = [
        pd.DataFrame({"k": k, "value": np.asarray(v, dtype=float), "curve": _(name)})
        for name, v in ((ESTIMATE, estimate), (SHORTCUT, shortcut))
    ]
    return pd.concat(rows, ignore_index=True)


def problem_marks_frame(
    k: np.ndarray, estimate: np.ndarray, shortcut: np.ndarray, *, certain: np.ndarray
) -> pd.DataFrame:
    """One row per stop of the k thumb: ``k``, both curves' values there, and ``said``, the
    figure the chart prints ("pass@5 = 60.09% · shortcut 55.63%"); ``certain`` marks the k at
    which every draw holds a pass (exactly 1).

    ``said_y`` puts that figure where the curves are not: low on the chart, or high when
    nothing passed and both curves lie along 0.
    """
    k, estimate, shortcut = np.asarray(k), np.asarray(estimate, float), np.asarray(shortcut, float)
    # TRANSLATORS: printed on the chart at the thumb's k: "pass@5 = 60.09% · shortcut 55.63%"
    # ({k} a plain whole number).
    at_k = _("pass@{k} = {estimate} · shortcut {shortcut}")
    said = [
        at_k.format(k=int(kk), estimate=chance(e, exact=bool(x)), shortcut=chance(s))
        for kk, e, s, x in zip(k, estimate, shortcut, certain, strict=True)
    ]
    low = 0.9 if np.all(estimate == 0) else 0.05
    curves = {_(ESTIMATE): estimate, _(SHORTCUT): shortcut}
    return per_stop(pd.DataFrame({"k": k, **curves, "said": said, "said_y": low}))


def _problem_curve(at: Thumb, *, bound: bool = True) -> alt.LayerChart:
    """pass@k against k, both curves, with a dot on each and the figure at the thumb's k."""
    curves = _estimate_curves("pass@k")
    lines = alt.Chart(alt.NamedData("curve")).mark_line(strokeWidth=2.5).encode(**curves)
    here = alt.Chart(alt.NamedData(STOPS)).transform_filter(at.here())
    dots = (
        here.transform_fold([_(ESTIMATE), _(SHORTCUT)], as_=["curve", "value"])
        .mark_point(size=90, filled=True, opacity=1)
        .encode(**curves)
    )
    said = here.mark_text(align="right", dx=-6, color=INK).encode(
        x=alt.value("width"),
        y=alt.Y("said_y:Q"),
        text=alt.Text("said:N"),
        tooltip=[alt.Tooltip("said:N").title(_("At this k"))],
    )
    chart = _finish(alt.layer(lines, dots, said).add_params(at.param(bound=bound)))
    return chart.configure_text(fontSize=SAID_SIZE)


_CURVE_SPEC = thumb_template(_problem_curve)


def curve_figure(curve: pd.DataFrame, stops: pd.DataFrame, at: Thumb) -> Figure:
    """pass@k against k for one problem (:func:`problem_curve_frame`), following the thumb
    over k: the dots and the figure printed come from :func:`problem_marks_frame`.

    >>> ks = np.arange(1, 4)
    >>> at = Thumb("passk", "k", (1, 2, 3), 1, ("1 try", "2 tries", "3 tries"))
    >>> f = curve_figure(problem_curve_frame(ks, ks / 3, ks / 4),
    ...                  problem_marks_frame(ks, ks / 3, ks / 4, certain=ks > 2), at)
    >>> f.name, sorted(f.spec["datasets"]), f.spec["params"][0]["bind"]
    ('pass-at-k-one-problem', ['curve', 'stops'], {'element': 'body', 'event': 'thumb-passk-k-moved'})
    """
    _first, name, alt_text = _FIGURES["curve"]
    build = functools.partial(_problem_curve, at, bound=False)
    frames = {"curve": curve, STOPS: stops}
    table = curve.rename(columns=csv_columns())
    return filled_figure(
        _CURVE_SPEC(at), build, frames, table=table, name=name, alt_text=_(alt_text)
    )


# --------------------------------------------------------------------------- the mix


def mix_frame(curve: MixCurve, band: MixBand) -> pd.DataFrame:
    """Wide table per k: ``estimate``, ``low``, ``high``, ``shortcut``."""
    if not np.array_equal(curve.k, band.k):
        msg = "the curve and its band must be computed at the same k"
        raise ValueError(msg)
    return pd.DataFrame(
        {
            "k": curve.k,
            "estimate": curve.estimate,
            "low": band.low,
            "high": band.high,
            "shortcut": curve.shortcut,
        }
    )


def _curves() -> dict[str, str]:
    """mix_frame's columns as the legend names, in the run's language."""
    return {"estimate": _(ESTIMATE), "shortcut": _(SHORTCUT)}


def _mix(mix: pd.DataFrame | alt.NamedData) -> alt.LayerChart:
    y_title = _("Benchmark pass@k")
    band = (
        alt.Chart(mix)
        .mark_area(color=BLUE, opacity=0.2)
        .encode(
            x=_k_x(),
            y=alt.Y("low:Q").title(y_title).scale(domain=[0, 1]),
            y2="high:Q",
            tooltip=[
                alt.Tooltip("k:Q").title("k"),
                alt.Tooltip("low:Q").title(_("95% band, low")).format(".3f"),
                alt.Tooltip("high:Q").title(_("95% band, high")).format(".3f"),
            ],
        )
    )
    lines = (
        alt.Chart(mix)
        .transform_fold([_(ESTIMATE), _(SHORTCUT)], as_=["curve", "value"])  # the frame's curves
        .mark_line(strokeWidth=2.5, point=alt.OverlayMarkDef(size=20))
        .encode(**_estimate_curves(y_title))
    )
    return _finish(band + lines)


def rates_frame(p: Problems) -> pd.DataFrame:
    """Problems counted in ten pass-rate bins (0–10%, …, 90–100%; 100% in the last)."""
    edges = np.linspace(0.0, 1.0, 11)
    counts, _edges = np.histogram(p.pass_rates, bins=edges)
    return pd.DataFrame(
        {
            "low": edges[:-1],
            "high": edges[1:],
            "bin": [
                f"{words.percent(a, decimals=0)}–{words.percent(b, decimals=0)}"
                for a, b in zip(edges[:-1], edges[1:], strict=True)
            ],
            "problems": counts,
        }
    )


def _rates(rates: pd.DataFrame | alt.NamedData) -> alt.Chart:
    bars = (
        alt.Chart(rates)
        .mark_bar(color=ORANGE, stroke="white", strokeWidth=1)
        .encode(
            x=alt.X("low:Q")
            .title(_("Pass rate of the problem (c/n)"))
            .scale(domain=[0, 1])
            .axis(format=".0%"),
            x2="high:Q",
            y=alt.Y("problems:Q").title(_("Problems")),
            y2=alt.datum(0),
            tooltip=[
                alt.Tooltip("bin:N").title(_("Pass rate")),
                alt.Tooltip("problems:Q").title(_("Problems")).format(","),
            ],
        )
    )
    return _finish(bars)


# --------------------------------------------------------------------------- avg@k, maj@k


def avg_frame(r: AvgAtK) -> pd.DataFrame:
    """Per k: the standard error of avg@k and its floor, in percentage points."""
    return pd.DataFrame(
        {
            "k": r.k,
            "se": 100 * r.se,
            "se_within": 100 * r.se_within,
            "floor": 100 * r.se_floor,
        }
    )


def _avg(avg: pd.DataFrame | alt.NamedData) -> alt.LayerChart:
    x = _k_x(_("k (samples per problem)"))
    y = alt.Y("se:Q").title(_("Standard error of avg@k (points)")).scale(zero=True)
    line = (
        alt.Chart(avg)
        .mark_line(color=BLUE, strokeWidth=2.5, point=alt.OverlayMarkDef(size=20, color=BLUE))
        .encode(
            x=x,
            y=y,
            tooltip=[
                alt.Tooltip("k:Q").title("k"),
                alt.Tooltip("se:Q").title(_("Standard error (points)")).format(".2f"),
                alt.Tooltip("se_within:Q").title(_("From sampling (points)")).format(".2f"),
                alt.Tooltip("floor:Q").title(_("From the problems (points)")).format(".2f"),
            ],
        )
    )
    floor = (
        alt.Chart(avg)
        .mark_line(color=INK, strokeDash=[6, 4], strokeWidth=1.5)
        .encode(
            x=x,
            y="floor:Q",
            tooltip=[
                alt.Tooltip("floor:Q")
                .title(_("Floor: more samples can't go below (points)"))
                .format(".2f")
            ],
        )
    )
    return _finish(line + floor)


def maj_frame(r: MajCurve) -> pd.DataFrame:
    """Long table: ``k``, ``value``, ``curve`` (maj@k or pass@k)."""
    return pd.concat(
        [
            pd.DataFrame({"k": r.k, "value": r.maj, "curve": _(MAJ)}),
            pd.DataFrame({"k": r.k, "value": r.pass_, "curve": _(PASS)}),
        ],
        ignore_index=True,
    )


def _maj(maj: pd.DataFrame | alt.NamedData) -> alt.LayerChart:
    base = alt.Chart(maj).encode(
        x=_k_x(),
        y=alt.Y("value:Q").title(_("Chance of a solve")).scale(domain=[0, 1]),
        color=_curve_colour([_(MAJ), _(PASS)], [VERMILLION, BLUE]),
        tooltip=[
            alt.Tooltip("curve:N").title(_("Metric")),
            alt.Tooltip("k:Q").title("k"),
            alt.Tooltip("value:Q").title(_("Chance")).format(".3f"),
        ],
    )
    return _finish(base.mark_line(strokeWidth=2.5, point=alt.OverlayMarkDef(size=20)))


# --------------------------------------------------------------------------- figures

_FIGURES = {  # kind: (builder, file stem, what the chart shows in one sentence)
    "draws": (_draws, "pass-at-k-draws",
              N_("Bars: the share of all ways to pick k of the n samples that hold 0, 1, 2… "
                 "passing samples; pass@k is the green share.")),
    "curve": (_problem_curve, "pass-at-k-one-problem",
              N_("pass@k against k for this problem: the unbiased estimate above the shortcut, "
                 "a dot at your k, its two values printed on the chart.")),
    "mix": (_mix, "pass-at-k-benchmark",
            N_("The benchmark's pass@k against k with its 95% bootstrap band, and the shortcut "
               "on the average pass rate (dashed).")),
    "rates": (_rates, "pass-at-k-problems",
              N_("How many problems sit at each pass rate c/n, in bins of ten points.")),
    "avg": (_avg, "avg-at-k-standard-error",
            N_("The standard error of avg@k falling with k towards the floor the spread of "
               "difficulty sets (dashed).")),
    "maj": (_maj, "maj-at-k", N_("maj@k and pass@k against the number of samples k.")),
}  # fmt: skip


def csv_columns() -> dict[str, str]:
    """The CSV downloads' headers in the run's language ({column: header}); their numbers stay
    machine-readable (a dot, no grouping) whatever the language."""
    # TRANSLATORS: the column names of the pass@k page's CSV downloads: short, no spaces (a
    # spreadsheet's or a script's names). se = standard error, in points.
    return {
        "k": pgettext("CSV column", "k"),
        "value": pgettext("CSV column", "value"),
        "curve": pgettext("CSV column", "curve"),
        "passes": pgettext("CSV column", "passes"),
        "share": pgettext("CSV column", "share"),
        "draws": pgettext("CSV column", "draws"),
        "kind": pgettext("CSV column", "kind"),
        "estimate": pgettext("CSV column", "estimate"),
        "low": pgettext("CSV column", "low"),
        "high": pgettext("CSV column", "high"),
        "shortcut": pgettext("CSV column", "shortcut"),
        "bin": pgettext("CSV column", "bin"),
        "problems": pgettext("CSV column", "problems"),
        "se": pgettext("CSV column", "se"),
        "se_within": pgettext("CSV column", "se_within"),
        "floor": pgettext("CSV column", "floor"),
    }


KINDS = tuple(k for k in _FIGURES if k != "curve")  # the curve follows a thumb: curve_figure


def figure(kind: str, df: pd.DataFrame) -> Figure:
    """One of the page's charts (``kind`` in :data:`KINDS`) from its ``*_frame`` ``df``.

    >>> f = figure("rates", rates_frame(Problems(np.array([2]), np.array([1]))))
    >>> f.name, list(f.spec["datasets"]), f.spec["data"]
    ('pass-at-k-problems', ['rates'], {'name': 'rates'})
    """
    if kind not in KINDS:
        msg = f"kind must be one of {', '.join(KINDS)}; got {kind!r}"
        raise ValueError(msg)
    build, name, alt_text = _FIGURES[kind]
    data = df.rename(columns=_curves()) if kind == "mix" else df
    table = df.rename(columns=csv_columns())
    return slotted_figure(build, name=name, alt_text=_(alt_text), table=table, **{kind: data})
