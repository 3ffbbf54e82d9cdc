"""Charts of the Gap grader: leads against zero, ±1 SE bars, one count's six intervals."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    GREY,
    INK,
    MODEL_COLOURS,
    VERMILLION,
    Figure,
    slotted_figure,
    style,
    zero_rule,
)
from benchstats.gaps import GapResult
from benchstats.intervals import METHODS
from benchstats.language import _, pgettext
from benchstats.scores import ScoreInterval, interval_name

ROWS = "rows"  # the named data set every chart here reads
_ROW_HEIGHT = 46
_DOT = {"filled": True, "opacity": 1, "stroke": "white", "strokeWidth": 1.5}  # on top of bars
# The models' colours follow their side (A blue, B orange), whatever their names.
_BY_SIDE = {"sort": alt.EncodingSortField("side", op="min")}
_SIDE_COLOURS = alt.Scale(range=list(MODEL_COLOURS.values()))
_LEAD_COLUMNS = ["label", "lead", "low", "high", "se", "p", "verdict", "level"]


def lead_frame(results: Sequence[tuple[str, GapResult]]) -> pd.DataFrame:
    """One row per labelled lead: lead, low, high, se (points), p, verdict, level.

    >>> from benchstats.gaps import unpaired_gap
    >>> row = lead_frame([("Unpaired", unpaired_gap(0.82, 0.78, 448))]).iloc[0]
    >>> row["label"], round(float(row["low"]), 1), round(float(row["high"]), 1), row["verdict"]
    ('Unpaired', -1.2, 9.2, 'inside the noise')
    """
    rows = [
        {
            "label": label,
            "lead": g.lead * 100,
            "low": g.low * 100,
            "high": g.high * 100,
            "se": g.se * 100,
            "p": g.p_value,
            "verdict": _("clears zero") if g.clears else _("inside the noise"),
            "level": words.level(g.confidence_level),
        }
        for label, g in results
    ]
    return pd.DataFrame(rows, columns=_LEAD_COLUMNS)


def _lead_chart(first: str, second: str, domain, *, rows) -> alt.TopLevelMixin:
    """Each lead's interval as a bar with a dot against zero: blue where it clears, else grey."""
    base = alt.Chart(rows).encode(
        y=alt.Y("label:N").sort(None).title(None).axis(labelLimit=220),
        color=alt.Color("verdict:N")
        .scale(domain=[_("clears zero"), _("inside the noise")], range=[BLUE, GREY])
        .title(_("Interval"))
        .legend(direction="vertical"),  # one row of two was cut at the right on a phone
        tooltip=[
            alt.Tooltip("label:N").title(_("Comparison")),
            alt.Tooltip("lead:Q")
            .title(_("Lead, {first} − {second} (points)").format(first=first, second=second))
            .format("+.1f"),
            alt.Tooltip("low:Q").title(_("Interval from (points)")).format("+.1f"),
            alt.Tooltip("high:Q").title(_("Interval to (points)")).format("+.1f"),
            alt.Tooltip("level:N").title(_("Confidence")),
            alt.Tooltip("se:Q").title(_("SE (points)")).format(".2f"),
            alt.Tooltip("p:Q").title(_("p (two-sided)")).format(".3f"),
            alt.Tooltip("verdict:N").title(_("Verdict")),
        ],
    )
    bars = base.mark_rule(strokeWidth=6, strokeCap="round").encode(
        x=alt.X("low:Q")
        .title(_("Lead (points)"))
        .scale(zero=True, nice=True, padding=12, domain=list(domain) if domain else alt.Undefined)
        .axis(labelOverlap="greedy", labelSeparation=8),
        x2="high:Q",
    )
    dots = base.mark_point(**_DOT, size=140).encode(x="lead:Q", color=alt.value(INK))
    title = alt.Title(
        _("The true lead, 95% interval"),
        subtitle=_("Right of 0: {first} ahead. Left: {second} ahead.").format(
            first=first, second=second
        ),
    )
    chart = (zero_rule("x") + bars + dots).properties(height=alt.Step(_ROW_HEIGHT), title=title)
    return style(chart)


def lead_figure(
    results: Sequence[tuple[str, GapResult]],
    names: tuple[str, str] = ("A", "B"),
    *,
    alt_text: str = "",
    name: str = "lead-interval",
    domain: tuple[float, float] | None = None,
) -> Figure:
    """Each lead's interval against zero; ``domain`` (points) fixes the axis.

    >>> from benchstats.gaps import unpaired_gap
    >>> fig = lead_figure([("Unpaired", unpaired_gap(0.82, 0.78, 448))], ("GPT", "Claude"))
    >>> fig.name, fig.spec["title"]["subtitle"]
    ('lead-interval', 'Right of 0: GPT ahead. Left: Claude ahead.')
    """
    frame = lead_frame(results)
    table = frame.rename(columns=csv_columns())
    return slotted_figure(
        _lead_chart, *names, domain, name=name, alt_text=alt_text, table=table, rows=frame
    )


def _se_bars_chart(*, rows) -> alt.TopLevelMixin:
    base = alt.Chart(rows).encode(
        y=alt.Y("model:N", **_BY_SIDE).title(None).axis(labelLimit=220),
        color=alt.Color("model:N", **_BY_SIDE).scale(_SIDE_COLOURS).legend(None),
        tooltip=[
            alt.Tooltip("model:N").title(_("Model")),
            alt.Tooltip("score:Q").title(_("Score (%)")).format(".2f"),
            alt.Tooltip("se:Q").title(_("SE (points)")).format(".2f"),
            alt.Tooltip("low:Q").title(_("Score − 1 SE (%)")).format(".2f"),
            alt.Tooltip("high:Q").title(_("Score + 1 SE (%)")).format(".2f"),
        ],
    )
    bars = base.mark_rule(strokeWidth=6, strokeCap="round").encode(
        x=alt.X("low:Q").title(_("Score (%), bars ±1 SE")).scale(zero=False, nice=True, padding=16),
        x2="high:Q",
    )
    dots = base.mark_point(**_DOT, size=140).encode(x="score:Q", color=alt.value(INK))
    return style((bars + dots).properties(height=alt.Step(_ROW_HEIGHT), title=_("Score ± 1 SE")))


def se_bars_figure(
    a: float,
    se_a: float,
    b: float,
    se_b: float,
    names: tuple[str, str] = ("A", "B"),
    *,
    alt_text: str = "",
) -> Figure:
    """The two scores with ±1 SE bars (percent), the picture readers eyeball for overlap.

    >>> se_bars_figure(0.9343, 0.0124, 0.9520, 0.0107).table.round(2)["low"].tolist()
    [92.19, 94.13]
    """
    frame = pd.DataFrame(
        {
            "model": list(names),
            "side": ["A", "B"],
            "score": [a * 100, b * 100],
            "se": [se_a * 100, se_b * 100],
            "low": [(a - se_a) * 100, (b - se_b) * 100],
            "high": [(a + se_a) * 100, (b + se_b) * 100],
        }
    )
    table = frame.rename(columns=csv_columns())
    return slotted_figure(
        _se_bars_chart, name="se-bars", alt_text=alt_text, table=table, rows=frame
    )


def intervals_frame(
    intervals: Sequence[tuple[str, Sequence[ScoreInterval]]], *, chosen: str = "wilson"
) -> pd.DataFrame:
    """One row per model and method (``kind`` "interval"), plus the walls.

    ``intervals`` holds (model name, its intervals), A's first. Wall rows
    (``kind`` "wall", ``edge`` 0 or 100) appear only where an interval reaches that edge.

    >>> from benchstats.scores import score_intervals
    >>> df = intervals_frame([("A", score_intervals(0, 20))], chosen="wald")
    >>> df[df.method == "Wald"][["low", "high", "chosen", "note"]].values.tolist()
    [[0.0, 0.0, True, 'zero width']]
    >>> df[df.kind == "wall"]["edge"].tolist()
    [0.0]
    """
    rows = [
        {
            "kind": "interval",
            "model": model,
            "side": side,
            "method": interval_name(ci.method),
            # TRANSLATORS: right answers of all questions, "34 of 40".
            "count": _("{k} of {n}").format(k=words.count(ci.k), n=words.count(ci.n)),
            "estimate": ci.estimate * 100,
            "low": ci.low * 100,
            "high": ci.high * 100,
            "width": ci.width * 100,
            "chosen": ci.method == chosen,
            "note": _note(ci),
        }
        for side, (model, items) in zip("AB", intervals, strict=False)
        for ci in items
    ]
    low, high = min((r["low"] for r in rows), default=1), max((r["high"] for r in rows), default=0)
    if low <= 0:
        rows.append({"kind": "wall", "edge": 0.0, "text": _("0%: no score is lower")})
    if high >= 100:
        rows.append({"kind": "wall", "edge": 100.0, "text": _("100%: no score is higher")})
    cols = ["kind", "model", "side", "method", "count", "estimate", "low", "high", "width"]
    return pd.DataFrame(rows, columns=[*cols, "chosen", "note", "edge", "text"])


def _note(ci: ScoreInterval) -> str:
    """What is wrong with an interval, if anything, in a tooltip's words."""
    if ci.zero_width:
        return _("zero width")
    return _("leaves 0–100%") if ci.leaves_range else ""


def _intervals_chart(*, rows) -> alt.TopLevelMixin:
    """Methods as rows (the core's order), the models offset within, the chosen one thicker;
    dashed walls at 0% and 100% where an interval reaches them."""
    order = [interval_name(m) for m in METHODS]
    base = (
        alt.Chart(rows)
        .transform_filter(alt.datum.kind == "interval")
        .encode(
            y=alt.Y("method:N").sort(order).title(None).axis(labelLimit=200),
            yOffset=alt.YOffset("model:N", **_BY_SIDE),
            color=alt.Color("model:N", **_BY_SIDE).scale(_SIDE_COLOURS).title(_("Model")),
            tooltip=[
                alt.Tooltip("model:N").title(_("Model")),
                alt.Tooltip("method:N").title(_("Method")),
                alt.Tooltip("count:N").title(_("Right answers")),
                alt.Tooltip("estimate:Q").title(_("Score (%)")).format(".1f"),
                alt.Tooltip("low:Q").title(_("From (%)")).format(".1f"),
                alt.Tooltip("high:Q").title(_("To (%)")).format(".1f"),
                alt.Tooltip("width:Q").title(_("Width (points)")).format(".1f"),
                alt.Tooltip("note:N").title(_("Note")),
            ],
        )
    )
    bars = base.mark_rule(strokeCap="round").encode(
        x=alt.X("low:Q")
        .title(_("True score (%), 95% interval"))
        .scale(zero=False, nice=True, padding=12),
        x2="high:Q",
        strokeWidth=alt.StrokeWidth("chosen:N")
        .scale(domain=[True, False], range=[8, 4])
        .legend(None),
    )
    dots = base.mark_point(**_DOT, size=80).encode(x="estimate:Q", color=alt.value(INK))
    walls = (
        alt.Chart(rows)
        .transform_filter(alt.datum.kind == "wall")
        .mark_rule(color=VERMILLION, strokeDash=[6, 4], strokeWidth=2)
        .encode(x="edge:Q", tooltip=[alt.Tooltip("text:N").title(_("Edge"))])
    )
    # With yOffset the step is per model, so a method's row is two steps tall.
    chart = (walls + bars + dots).properties(
        height=alt.Step(_ROW_HEIGHT // 2), title=_("One count, six intervals")
    )
    return style(chart)


def intervals_figure(
    intervals: Sequence[tuple[str, Sequence[ScoreInterval]]],
    *,
    chosen: str = "wilson",
    alt_text: str = "",
) -> Figure:
    """Every method's interval for each model; the CSV without the walls.

    >>> from benchstats.scores import score_intervals
    >>> fig = intervals_figure([("GPT", score_intervals(0, 20))])
    >>> "kind" in fig.table.columns, len(fig.table), fig.table["model"].iloc[0]
    (False, 6, 'GPT')
    """
    df = intervals_frame(intervals, chosen=chosen)
    table = df[df["kind"] != "wall"].drop(columns=["kind", "side", "edge", "text"])
    table = table.rename(columns=csv_columns())
    return slotted_figure(
        _intervals_chart, name="score-intervals", alt_text=alt_text, table=table, rows=df
    )


def csv_columns() -> dict[str, str]:
    """The CSV downloads' headers in the run's language ({column: header}); their numbers stay
    machine-readable (a dot, no grouping) whatever the language."""
    # TRANSLATORS: the column names of the Gap grader's chart downloads: short, no spaces (a
    # spreadsheet's or a script's names). se = standard error, in points.
    return {
        "label": pgettext("CSV column", "label"),
        "lead": pgettext("CSV column", "lead"),
        "low": pgettext("CSV column", "low"),
        "high": pgettext("CSV column", "high"),
        "se": pgettext("CSV column", "se"),
        "p": pgettext("CSV column", "p"),
        "verdict": pgettext("CSV column", "verdict"),
        "level": pgettext("CSV column", "level"),
        "model": pgettext("CSV column", "model"),
        "side": pgettext("CSV column", "side"),
        "score": pgettext("CSV column", "score"),
        "method": pgettext("CSV column", "method"),
        "count": pgettext("CSV column", "count"),
        "estimate": pgettext("CSV column", "estimate"),
        "width": pgettext("CSV column", "width"),
        "chosen": pgettext("CSV column", "chosen"),
        "note": pgettext("CSV column", "note"),
    }
