"""The Check-a-claim chart: each score with its interval, the lead against zero.

``claim_frame`` turns a graded claim into tidy rows (percent and points, as
the page shows them); ``claim_chart`` draws them as two stacked panels that
share nothing but the layout: the two scores on a percent axis, the lead on
a points axis with the zero rule. The spec never contains the numbers, so
while a reader edits only the data changes and the browser patches in place.
"""

from __future__ import annotations

import functools
import json

import altair as alt
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    GREY,
    INK,
    MODEL_COLOURS,
    Figure,
    style,
    zero_rule,
)
from benchstats.gaps import GapResult
from benchstats.intervals import critical_value, proportion_ci
from benchstats.luck import nearest_count

__all__ = ["claim_chart", "claim_figure", "claim_frame", "claim_rows", "claim_spec"]

COLUMNS = [
    "panel", "label", "estimate", "low", "high", "unit", "interval", "detail", "questions",
]  # fmt: skip
SCORES = "Scores (%)"
LEAD = "Lead (points)"
_ROW_HEIGHT = 44
_LABELS = {"A": "Model A", "B": "Model B"}
_COLOURS = {**{_LABELS[k]: v for k, v in MODEL_COLOURS.items()}, "A − B": INK}


def _score_row(name: str, score: float, *, n: int | None, se: float | None, level: float) -> dict:
    pct = f"{level * 100:g}%"
    if se is not None:  # a reported ± SE: the normal interval it implies
        half = critical_value(level) * se
        low, high = max(0.0, score - half), min(1.0, score + half)
        interval = f"{pct}, score ± {critical_value(level):.2f} × reported SE"
        detail = f"reported SE {words.points(se, signed=False, decimals=2)} points"
        right = "" if n is None else f"{words.count(nearest_count(score, n))} of {words.count(n)}"
    else:
        k = nearest_count(score, n)  # the one rounding rule: the nearest whole count
        low, high = proportion_ci(k, n, confidence_level=level)
        interval = f"Wilson {pct}"
        detail = f"{words.count(k)} of {words.count(n)} right"
        right = f"{words.count(k)} of {words.count(n)}"
    return {
        "panel": SCORES,
        "label": _LABELS[name],
        "estimate": score * 100,
        "low": low * 100,
        "high": high * 100,
        "unit": "%",
        "interval": interval,
        "detail": detail,
        "questions": right,
    }


def _lead_questions(a: float, b: float, n: int | None) -> str:
    """The lead in whole questions, as the luck chance counts it: "5 (173 − 168)"."""
    if n is None:
        return ""
    ka, kb = nearest_count(a, n), nearest_count(b, n)
    return f"{words.count(ka - kb)} ({words.count(ka)} − {words.count(kb)})"


def claim_rows(
    a: float,
    b: float,
    gap: GapResult,
    *,
    n: int | None = None,
    se_a: float | None = None,
    se_b: float | None = None,
) -> pd.DataFrame:
    """Tidy rows for :func:`claim_chart` as columns (``{column: [3 values]}``).

    Scores get a Wilson interval from the nearest whole count of right
    answers out of ``n``, or, when both reported standard errors are given,
    score ± z·SE (clipped to 0–100%). The lead's range is the one in ``gap``,
    clipped to ±100 points (no lead can be larger).

    Parameters
    ----------
    a, b : float
        The two scores as proportions.
    gap : GapResult
        The graded lead a − b (from ``unpaired_gap`` or
        ``gap_from_standard_errors``).
    n : int, optional
        Questions, for Wilson intervals. Needed unless both SEs are given.
    se_a, se_b : float, optional
        Reported standard errors (proportions).

    Examples
    --------
    >>> from benchstats import unpaired_gap
    >>> import pandas as pd
    >>> df = pd.DataFrame(claim_rows(0.82, 0.78, unpaired_gap(0.82, 0.78, 100), n=100))
    >>> df[["label", "estimate", "low", "high"]].round(1).to_dict("records")[2]
    {'label': 'A − B', 'estimate': 4.0, 'low': -7.1, 'high': 15.1}
    >>> round(float(df["low"][0]), 1), round(float(df["high"][0]), 1)
    (73.3, 88.3)
    """
    use_se = se_a is not None and se_b is not None
    if not use_se and n is None:
        msg = "claim_frame needs n (questions) unless both se_a and se_b are given"
        raise ValueError(msg)
    level = gap.confidence_level
    rows = [
        _score_row("A", a, n=n, se=se_a if use_se else None, level=level),
        _score_row("B", b, n=n, se=se_b if use_se else None, level=level),
        {
            "panel": LEAD,
            "label": "A − B",
            "estimate": gap.lead * 100,
            "low": max(-1.0, gap.low) * 100,
            "high": min(1.0, gap.high) * 100,
            "unit": "points",
            "interval": f"{level * 100:g}% range for the true lead",
            "detail": "clears zero" if gap.clears else "includes zero",
            "questions": _lead_questions(a, b, n),
        },
    ]
    return {c: [row[c] for row in rows] for c in COLUMNS}


def claim_frame(
    a: float,
    b: float,
    gap: GapResult,
    *,
    n: int | None = None,
    se_a: float | None = None,
    se_b: float | None = None,
) -> pd.DataFrame:
    """:func:`claim_rows` as a DataFrame (one row per score, one for the lead)."""
    return pd.DataFrame(claim_rows(a, b, gap, n=n, se_a=se_a, se_b=se_b))


def _tooltip(unit: str) -> list[alt.Tooltip]:
    fmt = ".1f" if unit == "%" else "+.1f"
    name = "Score (%)" if unit == "%" else "Lead (points)"
    return [
        alt.Tooltip("label:N").title("What"),
        alt.Tooltip("estimate:Q").title(name).format(fmt),
        alt.Tooltip("low:Q").title("Interval from").format(fmt),
        alt.Tooltip("high:Q").title("Interval to").format(fmt),
        alt.Tooltip("interval:N").title("Interval"),
        alt.Tooltip("detail:N").title("Detail"),
        alt.Tooltip("questions:N").title("Whole questions"),
    ]


def _panel(panel: str, x_title: str, *, zero: bool, width: int | str) -> alt.LayerChart:
    """One panel, without data: it filters the rows of its panel from the top level's."""
    unit = "%" if panel == SCORES else "points"
    labels = list(_LABELS.values()) if panel == SCORES else ["A − B"]
    base = (
        alt.Chart()
        .transform_filter(alt.datum.panel == panel)
        .encode(
            y=alt.Y("label:N").sort(labels).title(None).axis(labelLimit=120, ticks=False),
            color=alt.Color("label:N")
            .scale(domain=list(_COLOURS), range=list(_COLOURS.values()))
            .legend(None),
            tooltip=_tooltip(unit),
        )
    )
    scale = alt.Scale(zero=zero, nice=True)
    bars = base.mark_rule(strokeWidth=5, opacity=0.45).encode(
        x=alt.X("low:Q").scale(scale).title(x_title).axis(tickCount=6, labelFlush=True),
        x2="high:Q",
    )
    dots = base.mark_point(filled=True, size=140, opacity=1).encode(x="estimate:Q")
    layers = [bars, dots]
    if zero:
        layers.insert(0, zero_rule("x").encode(tooltip=alt.value("0 points: no lead")))
    height = _ROW_HEIGHT * (2 if panel == SCORES else 1)
    return alt.layer(*layers).properties(height=height, width=width)


@functools.cache
def _template(width: int | str = "container") -> alt.VConcatChart:
    """The chart without its data. Built once per width: Altair takes ~0.3 s to assemble it."""
    scores = _panel(SCORES, "Score (%), with its 95% interval", zero=False, width=width)
    lead = _panel(LEAD, "Lead of A over B (points), with its 95% range", zero=True, width=width)
    chart = (
        alt.vconcat(scores, lead, spacing=18)
        .resolve_scale(x="independent")
        # Fit the width (axes included) to the container: Streamlit would pad a
        # vconcat of layers, letting the axis labels spill past a phone's edge.
        .properties(autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )
    return style(chart).configure_axisY(labelColor=INK, domainColor=GREY)


@functools.cache
def _spec_json() -> str:
    return json.dumps(_template().to_dict())


def claim_spec() -> dict:
    """The Vega-Lite spec of :func:`claim_chart` without data (a fresh copy each call).

    The same for every claim, so a page can hand it to ``st.vega_lite_chart``
    with the rows of :func:`claim_frame` and skip Altair's assembly and schema
    validation on every rerun; the browser then patches the data in place.

    >>> spec = claim_spec()
    >>> "data" in spec, [v["layer"][-1]["mark"]["type"] for v in spec["vconcat"]]
    (False, ['point', 'point'])
    """
    return json.loads(_spec_json())


def claim_chart(df: pd.DataFrame, *, width: int | str = 640) -> alt.VConcatChart:
    """Two stacked panels: scores with intervals (percent), the lead against 0 (points).

    ``df`` is :func:`claim_frame`'s output, carried once at the top level and
    filtered into each panel. The lead's panel always shows 0 (its scale
    includes zero) with a solid zero rule. ``width`` is the whole chart's width
    in pixels, axes included (``"container"`` to fill a page, as
    :func:`claim_spec` does); a fixed width suits notebooks and exported files.

    Examples
    --------
    >>> from benchstats import unpaired_gap
    >>> chart = claim_chart(claim_frame(0.82, 0.78, unpaired_gap(0.82, 0.78, 100), n=100))
    >>> spec = chart.to_dict()
    >>> [v["layer"][-1]["encoding"]["x"]["field"] for v in spec["vconcat"]]
    ['estimate', 'estimate']
    """
    chart = _template(width).copy(deep=False)
    chart.data = df
    return chart


def _picture(df: pd.DataFrame) -> alt.VConcatChart:
    """The chart for a download: a fixed width, so no autosize (which a caption's vconcat refuses)."""
    chart = claim_chart(df)
    chart.autosize = alt.Undefined
    return chart


def claim_figure(
    a: float,
    b: float,
    gap: GapResult,
    *,
    n: int | None = None,
    se_a: float | None = None,
    se_b: float | None = None,
    alt_text: str = "",
) -> Figure:
    """The chart as a :class:`~benchstats.charts.Figure`: the ready spec with this claim's rows.

    Examples
    --------
    >>> from benchstats import unpaired_gap
    >>> fig = claim_figure(0.873, 0.851, unpaired_gap(0.873, 0.851, 198), n=198)
    >>> fig.spec["data"]["values"][2]["questions"], fig.name
    ('5 (173 − 168)', 'lead-against-zero')
    """
    df = claim_frame(a, b, gap, n=n, se_a=se_a, se_b=se_b)
    spec = claim_spec()
    # The rows inline at the top level, where the two panels filter them (a named
    # data set at the top of a vconcat reaches the browser empty).
    spec["data"] = {"values": json.loads(df.to_json(orient="records"))}
    return Figure(
        spec,
        functools.partial(_picture, df),
        df,
        "lead-against-zero",
        alt_text,
    )
