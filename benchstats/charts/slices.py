"""Slice charts: each slice's lead with its interval, the chance of a lucky slice, shared items."""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    FIT_X,
    GREY,
    ORANGE,
    VERMILLION,
    Figure,
    headed,
    slotted_figure,
    style,
    zero_rule,
)
from benchstats.language import N_, _, pgettext
from benchstats.leaderboard import CORRECTION_NAMES
from benchstats.slices import ScalingCurves, SliceComparison, chance_any_significant

KEPT = N_("Flagged, survives the correction")
TAKEN_BACK = N_("Flagged, taken back by the correction")
QUIET = N_("Inside the noise")
STATUSES = (KEPT, TAKEN_BACK, QUIET)
_COLOURS = (VERMILLION, ORANGE, GREY)
LEAD_AXES = (5.0, 10.0, 20.0, 30.0, 50.0, 100.0)  # the slice chart's fixed ±ranges (points)


def slice_frame(result: SliceComparison) -> pd.DataFrame:
    """One row per graded slice (a reader's table, or one simulated run) in points: lead
    A − B, its interval, p-values and what the tests said.

    >>> from benchstats.slices import compare_slices, slice_table
    >>> t = slice_table(["a", "b"], [50, 50], [0.8, 0.6], [0.6, 0.6])
    >>> slice_frame(compare_slices(t, correction="none"))[["slice", "lead", "status"]].round(1).values.tolist()
    [['a', 20.0, 'Flagged, survives the correction'], ['b', 0.0, 'Inside the noise']]
    """
    kept, taken_back, quiet = (_(x) for x in STATUSES)
    status = np.where(result.survives, kept, np.where(result.flagged, taken_back, quiet))
    return pd.DataFrame(
        {
            "slice": list(result.table.names),
            "n": result.table.n,
            "lead": result.lead * 100,
            "low": result.low * 100,
            "high": result.high * 100,
            "p_value": result.p_value,
            "p_adjusted": result.p_adjusted,
            "status": status,
            "correction": CORRECTION_NAMES[result.correction],
        }
    )


def lead_axis(extent: float) -> float:
    """The slice chart's ±range (points): the first of :data:`LEAD_AXES` past ``extent``.

    ``extent`` (a proportion) is the farthest interval end, or for simulated runs
    a slice's interval width, so every run keeps the same axis.

    >>> lead_axis(0.28), lead_axis(3.0)
    (30.0, 100.0)
    """
    return next((x for x in LEAD_AXES if x >= 100 * extent), LEAD_AXES[-1])


def _slices_chart(lead_max: float, height: int, *, slices) -> alt.LayerChart:
    domain = alt.Scale(domain=[-lead_max, lead_max], nice=False, clamp=True)
    tooltip = [
        alt.Tooltip("slice:N").title(_("Slice")),
        alt.Tooltip("n:Q").title(_("Questions")).format(",d"),
        alt.Tooltip("lead:Q").title(_("Lead (points)")).format("+.1f"),
        alt.Tooltip("low:Q").title(_("Interval from (points)")).format("+.1f"),
        alt.Tooltip("high:Q").title(_("Interval to (points)")).format("+.1f"),
        alt.Tooltip("p_value:Q").title("p").format(".3f"),
        alt.Tooltip("p_adjusted:Q").title(_("Adjusted p")).format(".3f"),
        alt.Tooltip("status:N").title(_("Verdict")),
        alt.Tooltip("correction:N").title(_("Correction")),
    ]
    colour = (
        alt.Color("status:N")
        .scale(domain=[_(x) for x in STATUSES], range=list(_COLOURS))
        .title(" ")
        .legend(columns=1, labelLimit=0)  # one status a line, whole: a phone cut a row of three
    )
    base = alt.Chart(slices).encode(
        y=alt.Y("slice:N").title(_("Slice")).sort(None), color=colour, tooltip=tooltip
    )
    bars = base.mark_rule(strokeWidth=3, clip=True).encode(
        x=alt.X("low:Q").scale(domain), x2="high:Q"
    )
    dots = base.mark_point(filled=True, size=110, opacity=1, clip=True).encode(
        x=alt.X("lead:Q")
        .title(_("Lead of A over B on the slice (points)"))
        .scale(domain)
        .axis(tickCount=10)
    )
    zero = zero_rule("x").encode(tooltip=[alt.Tooltip("zero:Q").title(_("No lead (points)"))])
    chart = alt.layer(zero, bars, dots).properties(width="container", height=height, autosize=FIT_X)
    return style(chart)


def slices_figure(result: SliceComparison, *, extent: float | None = None) -> Figure:
    """Each slice's lead and interval, coloured by what the tests said.

    The lead axis holds ``extent`` (:func:`lead_axis`; default: every interval).

    >>> from benchstats.slices import simulate_slices
    >>> f = slices_figure(simulate_slices([50] * 4, 3, seed=1).graded(0))
    >>> f.name, sorted(f.spec["datasets"]), f.spec["height"]
    ('slices', ['slices'], 240)
    """
    frame = slice_frame(result)
    widest = float(np.max(np.abs([result.low, result.high])))
    lead_max = lead_axis(widest if extent is None else extent)
    height = int(np.clip(40 * len(frame) + 80, 240, 640))  # a row a slice, room for the legend
    flagged, kept = int(result.flagged.sum()), int(result.survives.sum())
    # TRANSLATORS: the slices chart in words; {slices} "4 slices", {level} "95%", {flagged}
    # and {kept} bare counts, {alpha} "5%", {correction} a correction's name ("Holm").
    text = _(
        "The lead of A over B on each of {slices} with its {level} interval: {flagged} flagged "
        "at {alpha}, {kept} still flagged after {correction}."
    ).format(
        slices=words.plural(len(frame), "slice"),
        level=words.level(1 - result.alpha),
        flagged=words.count(flagged),
        alpha=words.level(result.alpha),
        kept=words.count(kept),
        correction=CORRECTION_NAMES[result.correction],
    )
    return slotted_figure(
        _slices_chart, lead_max, height, name="slices", alt_text=text, table=in_language(frame),
        slices=frame,
    )  # fmt: skip


def any_significant_frame(max_slices: int = 30, *, alpha: float = 0.05) -> pd.DataFrame:
    """Chance (%) that at least one of S slices looks significant by luck, S = 1 … max_slices.

    >>> any_significant_frame(12).round(1).iloc[[9, 11]].values.tolist()
    [[10.0, 40.1], [12.0, 46.0]]
    """
    s = np.arange(1, int(max_slices) + 1)
    return pd.DataFrame({"slices": s, "chance": 100 * chance_any_significant(s, alpha=alpha)})


def _any_chart(*, chance, here) -> alt.LayerChart:
    line = (
        alt.Chart(chance)
        .mark_line(color=BLUE, strokeWidth=3, point=alt.OverlayMarkDef(size=40, filled=True))
        .encode(
            x=alt.X("slices:Q").title(_("Slices tested (count)")).scale(zero=False),
            y=alt.Y("chance:Q")
            .title(_("Chance at least one looks significant (%)"))
            .scale(domain=[0, 100]),
            tooltip=[
                alt.Tooltip("slices:Q").title(_("Slices")).format(",d"),
                alt.Tooltip("chance:Q").title(_("Chance (%)")).format(".1f"),
            ],
        )
    )
    diamond = (
        alt.Chart(here)
        .mark_point(shape="diamond", size=160, filled=True, color=VERMILLION)
        .encode(
            x="slices:Q",
            y="chance:Q",
            tooltip=[
                alt.Tooltip("slices:Q").title(_("Your slices")).format(",d"),
                alt.Tooltip("chance:Q").title(_("Exact, for the real test (%)")).format(".1f"),
            ],
        )
    )
    return style(alt.layer(line, diamond).properties(width="container", height=340))


def any_significant_figure(
    frame: pd.DataFrame, *, here: tuple[int, float] | None = None, alpha: float = 0.05
) -> Figure:
    """1 − (1 − α)^S against S; a diamond at ``here`` = (S, the exact chance for the real
    test) marks the reader's slices.

    >>> f = any_significant_figure(any_significant_frame(12), here=(12, 0.505))
    >>> f.name, len(f.table), f.spec["datasets"]["here"]
    ('any-significant', 12, [{'slices': 12, 'chance': 50.5}])
    """
    mark = pd.DataFrame(
        {"slices": [here[0]], "chance": [100 * here[1]]} if here else {"slices": [], "chance": []}
    )
    # TRANSLATORS: the chart of the chance of a lucky slice in words; {alpha} "5%", {most} a
    # bare count; {at} the curve's chance at the reader's {count} slices, {exact} the exact
    # chance for the real test on {slices} ("12 slices").
    if here:
        text = _(
            "The chance that at least one of S slices looks significant at {alpha} by luck, for "
            "S = 1 to {most}: it climbs from {alpha}; {at} at {count}. The diamond is the exact "
            "chance for the real test on your {slices}: {exact}."
        )
    else:
        text = _(
            "The chance that at least one of S slices looks significant at {alpha} by luck, for "
            "S = 1 to {most}: it climbs from {alpha}."
        )
    at = frame.loc[frame["slices"] == here[0], "chance"] if here else None
    text = text.format(
        alpha=words.level(alpha),
        most=words.count(len(frame)),
        at=words.percent(float(at.iloc[0]) / 100) if here else "",
        count=here[0] if here else "",
        slices=words.plural(here[0], "slice") if here else "",
        exact=words.percent(here[1]) if here else "",
    )
    return slotted_figure(
        _any_chart, name="any-significant", alt_text=text, table=in_language(frame),
        chance=frame, here=mark,
    )  # fmt: skip


TRUE = N_("True score")
SHARED = N_("One shared set of questions")
FRESH = N_("Fresh questions at each point")


def _scaling_chart(*, scaling) -> alt.Chart:
    measured = [_(TRUE), _(SHARED), _(FRESH)]
    chart = (
        alt.Chart(scaling)
        .mark_line(strokeWidth=2.5, point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("point:O").title(_("Training compute (point on the curve)")).axis(labelAngle=0),
            y=alt.Y("score:Q").title(_("Benchmark score (%)")).scale(zero=False),
            color=alt.Color("measured:N")
            .scale(domain=measured, range=[GREY, BLUE, ORANGE])
            .title(" ")
            .legend(columns=1, labelLimit=0),  # one legend: colour and dash share the field
            strokeDash=alt.StrokeDash("measured:N")
            .scale(domain=measured, range=[[5, 4], [1, 0], [1, 0]])
            .title(" "),
            tooltip=[
                alt.Tooltip("measured:N").title(_("Curve")),
                alt.Tooltip("point:O").title(_("Point")),
                alt.Tooltip("score:Q").title(_("Score (%)")).format(".1f"),
                alt.Tooltip("n:Q").title(_("Questions")).format(",d"),
            ],
        )
        .properties(width="container", height=320)
    )
    return style(chart)


def scaling_figure(curves: ScalingCurves) -> Figure:
    """The same curve measured on shared questions and on fresh ones, with the truth dashed.

    >>> from benchstats.slices import simulate_scaling_curves
    >>> f = scaling_figure(simulate_scaling_curves([0.3, 0.4], 100, seed=1))
    >>> sorted(set(f.table["measured"])), len(f.table)
    (['Fresh questions at each point', 'One shared set of questions', 'True score'], 6)
    """
    k = curves.true.size
    parts = ((_(TRUE), curves.true), (_(SHARED), curves.shared), (_(FRESH), curves.independent))
    frame = pd.DataFrame(
        {
            "point": np.tile(np.arange(1, k + 1), 3),
            "measured": np.repeat([name for name, _ in parts], k),
            "score": np.concatenate([v for _, v in parts]) * 100,
            "n": curves.n,
        }
    )
    shared, fresh = (words.points(x, signed=False, decimals=2) for x in curves.wiggle)
    # TRANSLATORS: the shared-questions chart in words; {questions} "500 questions", {shared}
    # and {fresh} bare numbers of points ("1.23").
    text = _(
        "One compute-versus-accuracy curve measured on {questions}: one shared set at every "
        "point, and fresh questions at each point, with the true scores dashed. The shared "
        "curve bends {shared} points a step on average, the fresh one {fresh}."
    ).format(questions=words.plural(curves.n, "question"), shared=shared, fresh=fresh)
    return slotted_figure(
        _scaling_chart, name="shared-items", alt_text=text, table=in_language(frame),
        scaling=frame,
    )  # fmt: skip


def in_language(frame: pd.DataFrame) -> pd.DataFrame:
    """A chart's frame as its CSV download, the headers in the run's language."""
    return headed(frame, csv_columns())


def csv_columns() -> dict[str, str]:
    """The CSV downloads' headers in the run's language ({column: header}); their numbers stay
    machine-readable (a dot, no grouping) whatever the language."""
    # TRANSLATORS: the column names of Slices' CSV downloads: short, no spaces (a spreadsheet's
    # or a script's names). lead, low, high in points; p_adjusted the corrected p-value.
    return {
        "slice": pgettext("CSV column", "slice"),
        "n": pgettext("CSV column", "n"),
        "lead": pgettext("CSV column", "lead"),
        "low": pgettext("CSV column", "low"),
        "high": pgettext("CSV column", "high"),
        "p_value": pgettext("CSV column", "p_value"),
        "p_adjusted": pgettext("CSV column", "p_adjusted"),
        "status": pgettext("CSV column", "status"),
        "correction": pgettext("CSV column", "correction"),
        "slices": pgettext("CSV column", "slices"),
        "chance": pgettext("CSV column", "chance"),
        "point": pgettext("CSV column", "point"),
        "measured": pgettext("CSV column", "measured"),
        "score": pgettext("CSV column", "score"),
    }
