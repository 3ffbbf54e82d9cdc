"""Charts of the gap grader: leads against zero, ±1 SE bars, interval methods.

Each builder takes a tidy DataFrame (the ``*_frame`` helpers make them from
benchstats results) and returns an ``alt.Chart``. Values are in percent and
points, as the page shows them. The specs do not depend on the numbers at
all: each ``*_spec()`` gives the same Vega-Lite dict without data, which a
page hands to ``st.vega_lite_chart`` with the frame, skipping Altair's
assembly and validation on every rerun while the browser patches the data.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence

import altair as alt
import pandas as pd

from benchstats.charts._common import (
    BLUE,
    GREY,
    INK,
    MODEL_COLOURS,
    VERMILLION,
    Figure,
    style,
    zero_rule,
)
from benchstats.gaps import GapResult
from benchstats.intervals import METHODS
from benchstats.scores import INTERVAL_NAMES, ScoreInterval

__all__ = [
    "intervals_chart",
    "intervals_figure",
    "lead_figure",
    "se_bars_figure",
    "intervals_frame",
    "intervals_spec",
    "lead_chart",
    "lead_frame",
    "lead_spec",
    "se_bars_chart",
    "se_bars_frame",
    "se_bars_spec",
]

_MODEL_SCALE = alt.Scale(domain=list(MODEL_COLOURS), range=list(MODEL_COLOURS.values()))
_ROW_HEIGHT = 46
_DOT = {
    "filled": True,
    "opacity": 1,
    "stroke": "white",
    "strokeWidth": 1.5,
}  # estimate dots sit on top of any bar


# --------------------------------------------------------------------------- lead intervals


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
            "verdict": "clears zero" if g.clears else "inside the noise",
            "level": f"{g.confidence_level * 100:g}%",
        }
        for label, g in results
    ]
    return pd.DataFrame(
        rows, columns=["label", "lead", "low", "high", "se", "p", "verdict", "level"]
    )


def _with_data(template: Callable[[], alt.TopLevelMixin], df: pd.DataFrame) -> alt.TopLevelMixin:
    chart = template().copy(deep=False)
    chart.data = df
    return chart


def _spec(template: Callable[[], alt.TopLevelMixin]) -> dict:
    return json.loads(_spec_json(template))


@functools.cache
def _spec_json(template: Callable[[], alt.TopLevelMixin]) -> str:
    spec = template().to_dict()
    # Without data Altair points the chart and each layer at an "empty" data
    # set; drop those so every layer inherits the data the page passes in.
    spec.pop("data", None)
    spec.pop("datasets", None)
    for layer in spec.get("layer", []):
        if layer.get("data") == {"name": "empty"}:
            del layer["data"]
    return json.dumps(spec)


def lead_chart(df: pd.DataFrame) -> alt.TopLevelMixin:
    """Each lead's interval as a bar with a dot, against the zero line.

    Rows keep the frame's order; a lead whose interval clears zero is blue,
    one inside the noise grey.
    """
    return _with_data(_lead_template, df)


def lead_spec() -> dict:
    """:func:`lead_chart`'s Vega-Lite spec without data (a fresh copy each call)."""
    return _spec(_lead_template)


def _lead_template() -> alt.TopLevelMixin:
    base = alt.Chart().encode(
        y=alt.Y("label:N").sort(None).title(None).axis(labelLimit=220),
        color=alt.Color("verdict:N")
        .scale(domain=["clears zero", "inside the noise"], range=[BLUE, GREY])
        .title("Interval")
        .legend(direction="vertical"),  # one row of two was cut at the right on a phone
        tooltip=[
            alt.Tooltip("label:N").title("Comparison"),
            alt.Tooltip("lead:Q").title("Lead (points)").format("+.1f"),
            alt.Tooltip("low:Q").title("Interval from (points)").format("+.1f"),
            alt.Tooltip("high:Q").title("Interval to (points)").format("+.1f"),
            alt.Tooltip("level:N").title("Confidence"),
            alt.Tooltip("se:Q").title("SE (points)").format(".2f"),
            alt.Tooltip("p:Q").title("p (two-sided)").format(".3f"),
            alt.Tooltip("verdict:N").title("Verdict"),
        ],
    )
    bars = base.mark_rule(strokeWidth=6, strokeCap="round").encode(
        x=alt.X("low:Q").title("Lead of A over B (points)").scale(zero=True, nice=True, padding=12),
        x2="high:Q",
    )
    dots = base.mark_point(**_DOT, size=140).encode(x="lead:Q", color=alt.value(INK))
    chart = (zero_rule("x") + bars + dots).properties(
        height=alt.Step(_ROW_HEIGHT), title="The true lead, 95% interval"
    )
    return style(chart)


# --------------------------------------------------------------------------- ±1 SE bars


def se_bars_frame(a: float, se_a: float, b: float, se_b: float) -> pd.DataFrame:
    """Two rows, A and B: score, low and high of score ± 1 SE, in percent.

    >>> se_bars_frame(0.9343, 0.0124, 0.9520, 0.0107).round(2)["low"].tolist()
    [92.19, 94.13]
    """
    return pd.DataFrame(
        {
            "model": ["A", "B"],
            "score": [a * 100, b * 100],
            "se": [se_a * 100, se_b * 100],
            "low": [(a - se_a) * 100, (b - se_b) * 100],
            "high": [(a + se_a) * 100, (b + se_b) * 100],
        }
    )


def se_bars_chart(df: pd.DataFrame) -> alt.TopLevelMixin:
    """The two scores with ±1 SE bars, the picture readers eyeball for overlap."""
    return _with_data(_se_bars_template, df)


def se_bars_spec() -> dict:
    """:func:`se_bars_chart`'s Vega-Lite spec without data (a fresh copy each call)."""
    return _spec(_se_bars_template)


def _se_bars_template() -> alt.TopLevelMixin:
    base = alt.Chart().encode(
        y=alt.Y("model:N").sort(["A", "B"]).title("Model"),
        color=alt.Color("model:N").scale(_MODEL_SCALE).legend(None),
        tooltip=[
            alt.Tooltip("model:N").title("Model"),
            alt.Tooltip("score:Q").title("Score (%)").format(".2f"),
            alt.Tooltip("se:Q").title("SE (points)").format(".2f"),
            alt.Tooltip("low:Q").title("Score − 1 SE (%)").format(".2f"),
            alt.Tooltip("high:Q").title("Score + 1 SE (%)").format(".2f"),
        ],
    )
    bars = base.mark_rule(strokeWidth=6, strokeCap="round").encode(
        x=alt.X("low:Q").title("Score (%), bars ±1 SE").scale(zero=False, nice=True, padding=16),
        x2="high:Q",
    )
    dots = base.mark_point(**_DOT, size=140).encode(x="score:Q", color=alt.value(INK))
    chart = (bars + dots).properties(height=alt.Step(_ROW_HEIGHT), title="Score ± 1 SE")
    return style(chart)


# --------------------------------------------------------------------------- interval methods


def intervals_frame(
    intervals: Mapping[str, Sequence[ScoreInterval]], *, chosen: str = "wilson"
) -> pd.DataFrame:
    """One row per model and method (``kind`` "interval"), plus the walls.

    Interval rows: model, method, count, estimate, low, high, width
    (percent), ``chosen``, ``note`` ("zero width", "leaves 0–100%"). Wall
    rows (``kind`` "wall"): ``edge`` 0 or 100 with a ``text``, present only
    when some interval reaches that edge, so the chart draws it.

    >>> from benchstats.scores import score_intervals
    >>> df = intervals_frame({"A": score_intervals(0, 20)}, chosen="wald")
    >>> df[df.method == "Wald"][["low", "high", "chosen", "note"]].values.tolist()
    [[0.0, 0.0, True, 'zero width']]
    >>> df[df.kind == "wall"]["edge"].tolist()
    [0.0]
    """
    rows = []
    for model, items in intervals.items():
        for ci in items:
            note = "zero width" if ci.zero_width else ("leaves 0–100%" if ci.leaves_range else "")
            rows.append(
                {
                    "kind": "interval",
                    "model": model,
                    "method": ci.name,
                    "count": f"{ci.k:,} of {ci.n:,}",
                    "estimate": ci.estimate * 100,
                    "low": ci.low * 100,
                    "high": ci.high * 100,
                    "width": ci.width * 100,
                    "chosen": ci.method == chosen,
                    "note": note,
                }
            )
    lows, highs = [r["low"] for r in rows], [r["high"] for r in rows]
    if rows and min(lows) <= 0:
        rows.append({"kind": "wall", "edge": 0.0, "text": "0%: no score is lower"})
    if rows and max(highs) >= 100:
        rows.append({"kind": "wall", "edge": 100.0, "text": "100%: no score is higher"})
    cols = ["kind", "model", "method", "count", "estimate", "low", "high", "width", "chosen"]
    return pd.DataFrame(rows, columns=[*cols, "note", "edge", "text"])


def intervals_chart(df: pd.DataFrame) -> alt.TopLevelMixin:
    """Every method's interval for each model's count, side by side.

    Methods are rows (in the core's order), the two models offset within a
    row; the chosen method is drawn thicker. Dashed walls at 0% and 100%
    appear when an interval reaches them, so a Wald interval that leaves the
    possible range, or shrinks to a point there, is plain to see.
    """
    return _with_data(_intervals_template, df)


def intervals_spec() -> dict:
    """:func:`intervals_chart`'s Vega-Lite spec without data (a fresh copy each call)."""
    return _spec(_intervals_template)


def _intervals_template() -> alt.TopLevelMixin:
    order = [INTERVAL_NAMES[m] for m in METHODS]
    base = (
        alt.Chart()
        .transform_filter(alt.datum.kind == "interval")
        .encode(
            y=alt.Y("method:N").sort(order).title(None).axis(labelLimit=200),
            yOffset=alt.YOffset("model:N").sort(["A", "B"]),
            color=alt.Color("model:N").scale(_MODEL_SCALE).title("Model"),
            tooltip=[
                alt.Tooltip("model:N").title("Model"),
                alt.Tooltip("method:N").title("Method"),
                alt.Tooltip("count:N").title("Right answers"),
                alt.Tooltip("estimate:Q").title("Score (%)").format(".1f"),
                alt.Tooltip("low:Q").title("From (%)").format(".1f"),
                alt.Tooltip("high:Q").title("To (%)").format(".1f"),
                alt.Tooltip("width:Q").title("Width (points)").format(".1f"),
                alt.Tooltip("note:N").title("Note"),
            ],
        )
    )
    bars = base.mark_rule(strokeCap="round").encode(
        x=alt.X("low:Q")
        .title("True score (%), 95% interval")
        .scale(zero=False, nice=True, padding=12),
        x2="high:Q",
        strokeWidth=alt.StrokeWidth("chosen:N")
        .scale(domain=[True, False], range=[8, 4])
        .legend(None),
    )
    dots = base.mark_point(**_DOT, size=80).encode(x="estimate:Q", color=alt.value(INK))
    walls = (
        alt.Chart()
        .transform_filter(alt.datum.kind == "wall")
        .mark_rule(color=VERMILLION, strokeDash=[6, 4], strokeWidth=2)
        .encode(x="edge:Q", tooltip=[alt.Tooltip("text:N").title("Edge")])
    )
    # With yOffset the step is per model, so a method's row is two steps tall.
    chart = (walls + bars + dots).properties(
        height=alt.Step(_ROW_HEIGHT // 2), title="One count, six intervals"
    )
    return style(chart)


# --------------------------------------------------------------------------- figures


def _figure(template: Callable[[], alt.TopLevelMixin], df: pd.DataFrame, table, name, alt_text):
    return Figure(
        # through JSON: NaN (a wall row's empty cells) becomes null, as Vega-Lite reads it
        {**_spec(template), "data": {"values": json.loads(df.to_json(orient="records"))}},
        functools.partial(_with_data, template, df),
        table,
        name,
        alt_text,
    )


def lead_figure(results: Sequence[tuple[str, GapResult]], *, alt_text: str = "") -> Figure:
    """Each lead's interval against zero as a :class:`~benchstats.charts.Figure`.

    >>> from benchstats.gaps import unpaired_gap
    >>> fig = lead_figure([("Unpaired", unpaired_gap(0.82, 0.78, 448))])
    >>> fig.name, fig.spec["data"]["values"][0]["verdict"]
    ('lead-interval', 'inside the noise')
    """
    df = lead_frame(results)
    return _figure(_lead_template, df, df, "lead-interval", alt_text)


def se_bars_figure(a: float, se_a: float, b: float, se_b: float, *, alt_text: str = "") -> Figure:
    """The two scores with ±1 SE bars as a :class:`~benchstats.charts.Figure`."""
    df = se_bars_frame(a, se_a, b, se_b)
    return _figure(_se_bars_template, df, df, "se-bars", alt_text)


def intervals_figure(
    intervals: Mapping[str, Sequence[ScoreInterval]], *, chosen: str = "wilson", alt_text: str = ""
) -> Figure:
    """Every method's interval as a :class:`~benchstats.charts.Figure`; the CSV without the walls.

    >>> from benchstats.scores import score_intervals
    >>> fig = intervals_figure({"A": score_intervals(0, 20)})
    >>> "kind" in fig.table.columns, len(fig.table)
    (False, 6)
    """
    df = intervals_frame(intervals, chosen=chosen)
    table = df[df["kind"] != "wall"].drop(columns=["kind", "edge", "text"])
    return _figure(_intervals_template, df, table, "score-intervals", alt_text)
