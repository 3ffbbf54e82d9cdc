"""The Check-a-claim chart: each score with its interval, the lead against zero.

Two stacked panels, the scores in percent and the lead in points. Colours and
order come from each row's ``slot``, never from a name, so only the data changes
from claim to claim.
"""

from __future__ import annotations

import functools
import json

import altair as alt
import pandas as pd

from benchstats import language, words
from benchstats.charts._common import (
    FIT_X,
    GREY,
    INK,
    MODEL_COLOURS,
    SKY,
    Figure,
    style,
    template,
    zero_rule,
)
from benchstats.gaps import GapResult
from benchstats.intervals import critical_value, proportion_ci
from benchstats.language import N_, _
from benchstats.luck import nearest_count

# The panels: their keys in the data, and the tooltip title of their value (translated where shown).
SCORES = N_("Scores (%)")
LEAD = N_("Lead (points)")
SLOTS = {"A": MODEL_COLOURS["A"], "B": MODEL_COLOURS["B"], "lead": INK, "more": SKY}
_ROW_HEIGHT = 44
_LABEL_LIMIT = 200  # px of a name on the y axis; the tooltip has it whole


def _score_row(slot: str, name: str, score: float, *, n: int | None, se: float | None,
               level: float) -> dict:  # fmt: skip
    if se is not None:  # a reported ± SE: the normal interval it implies
        half = critical_value(level) * se
        low, high = max(0.0, score - half), min(1.0, score + half)
        # TRANSLATORS: a score's interval from a reported SE: {level} "95%", {z} "1.96".
        interval = _("{level}, score ± {z} × reported SE").format(
            level=words.level(level), z=words.signed(critical_value(level), decimals=2)
        )
        detail = _("reported SE {se} points").format(se=words.points(se, signed=False, decimals=2))
    else:
        k = nearest_count(score, n)  # the one rounding rule: the nearest whole count
        low, high = proportion_ci(k, n, confidence_level=level)
        interval = _("Wilson {level}").format(level=words.level(level))
        detail = _("{k} of {n} right").format(k=words.count(k), n=words.count(n))
    return dict(panel=SCORES, slot=slot, label=name, estimate=score * 100, low=low * 100,
                high=high * 100, interval=interval, detail=detail)  # fmt: skip


def _lead_row(slot: str, label: str, gap: GapResult, detail: str) -> dict:
    return dict(panel=LEAD, slot=slot, label=label, estimate=gap.lead * 100,
                low=max(-1.0, gap.low) * 100, high=min(1.0, gap.high) * 100,
                interval=_("{level} range for the true lead").format(
                    level=words.level(gap.confidence_level)),
                detail=detail)  # fmt: skip


def claim_frame(
    a: float,
    b: float,
    gap: GapResult,
    *,
    n: int | None = None,
    se_a: float | None = None,
    se_b: float | None = None,
    names: tuple[str, str] = ("A", "B"),
    more: tuple[int, GapResult] | None = None,
) -> pd.DataFrame:
    """Tidy rows for :func:`claim_chart`: one per score, one for the lead, one for ``more``.

    A score's interval is Wilson's on its nearest whole count out of ``n``, or
    with both reported SEs score ± z·SE (within 0–100%); the lead's is ``gap``'s
    (within ±100 points). ``more`` is (questions, the same scores graded on that
    many): the row that shows the range narrow.

    >>> from benchstats import unpaired_gap
    >>> df = claim_frame(0.82, 0.78, unpaired_gap(0.82, 0.78, 100), n=100, names=("X", "Y"))
    >>> df[["label", "estimate", "low", "high"]].round(1).to_dict("records")[2]
    {'label': 'X − Y', 'estimate': 4.0, 'low': -7.1, 'high': 15.1}
    >>> round(float(df["low"][0]), 1), round(float(df["high"][0]), 1)
    (73.3, 88.3)
    """
    use_se = se_a is not None and se_b is not None
    if not use_se and n is None:
        msg = "claim_frame needs n (questions) unless both se_a and se_b are given"
        raise ValueError(msg)
    level = gap.confidence_level
    first, second = names
    rows = [
        _score_row("A", first, a, n=n, se=se_a if use_se else None, level=level),
        _score_row("B", second, b, n=n, se=se_b if use_se else None, level=level),
        _lead_row("lead", f"{first} − {second}", gap,
                  _("clears zero") if gap.clears else _("includes zero")),
    ]  # fmt: skip
    if more is not None:
        count, wider = more
        detail = _("would clear zero") if wider.clears else _("would still include zero")
        # TRANSLATORS: the chart's row of the same scores on more questions: "On 1,566 questions".
        more_label = _("On {questions}").format(questions=words.plural(count, "question"))
        rows.append(_lead_row("more", more_label, wider, detail))
    return pd.DataFrame(rows)


def _panel(panel: str, x_title: str, *, zero: bool, width: int | str):
    """One panel, room for two rows, without data: it filters its rows from the top level's."""
    fmt = ".1f" if panel == SCORES else "+.1f"
    base = (
        alt.Chart()
        .transform_filter(alt.datum.panel == panel)
        .encode(
            y=alt.Y("label:N", sort=alt.EncodingSortField("order"))
            .title(None)
            .axis(labelLimit=_LABEL_LIMIT, ticks=False),
            color=alt.Color("slot:N")
            .scale(domain=list(SLOTS), range=list(SLOTS.values()))
            .legend(None),
            tooltip=[
                alt.Tooltip("label:N").title(_("What")),
                alt.Tooltip("estimate:Q").title(_(panel)).format(fmt),
                alt.Tooltip("low:Q").title(_("Interval from")).format(fmt),
                alt.Tooltip("high:Q").title(_("Interval to")).format(fmt),
                alt.Tooltip("interval:N").title(_("Interval")),
                alt.Tooltip("detail:N").title(_("Detail")),
            ],
        )
    )
    bars = base.mark_rule(strokeWidth=5, opacity=0.45).encode(
        x=alt.X("low:Q").scale(zero=zero, nice=True).title(x_title)
        .axis(tickCount=6, labelFlush=True),
        x2="high:Q",
    )  # fmt: skip
    dots = base.mark_point(filled=True, size=140, opacity=1).encode(x="estimate:Q")
    layers = [bars, dots]
    if zero:
        layers.insert(0, zero_rule("x").encode(tooltip=alt.value(_("0 points: no lead"))))
    return alt.layer(*layers).properties(height=_ROW_HEIGHT * 2, width=width)


@language.per_language  # a built chart holds its words
def _chart(width: int | str = "container") -> alt.VConcatChart:
    """The chart without its data (two lead rows: the claim's and the wider one)."""
    scores = _panel(SCORES, _("Score (%), with its 95% interval"), zero=False, width=width)
    lead = _panel(LEAD, _("Lead (points), with its 95% range"), zero=True, width=width)
    chart = (
        alt.vconcat(scores, lead, spacing=18)
        .resolve_scale(x="independent")
        # Fit the width (axes included) to the container, so labels stay on a phone's screen.
        .properties(autosize=FIT_X)
    )
    return style(chart).configure_axisY(labelColor=INK, domainColor=GREY)


claim_spec = template(_chart)


def _rows(df: pd.DataFrame) -> list[dict]:
    return json.loads(df.assign(order=range(len(df))).to_json(orient="records"))


def claim_chart(df: pd.DataFrame) -> alt.VConcatChart:
    """The two stacked panels for :func:`claim_frame`'s rows, 640 px wide (axes included).

    >>> from benchstats import unpaired_gap
    >>> spec = claim_chart(claim_frame(0.82, 0.78, unpaired_gap(0.82, 0.78, 100), n=100)).to_dict()
    >>> [v["layer"][-1]["encoding"]["x"]["field"] for v in spec["vconcat"]]
    ['estimate', 'estimate']
    """
    chart = _chart(640).copy(deep=False)
    chart.data = alt.Data(values=_rows(df))
    chart.autosize = alt.Undefined  # a download's caption wraps it in a vconcat that refuses it
    return chart


def claim_figure(a: float, b: float, gap: GapResult, *, alt_text: str = "", **rows) -> Figure:
    """The chart with this claim's rows; ``rows`` are :func:`claim_frame`'s keywords.

    >>> from benchstats import unpaired_gap
    >>> fig = claim_figure(0.873, 0.851, unpaired_gap(0.873, 0.851, 198), n=198, names=("X", "Y"))
    >>> [r["label"] for r in fig.spec["data"]["values"]], fig.name
    (['X', 'Y', 'X − Y'], 'lead-against-zero')
    """
    df = claim_frame(a, b, gap, **rows)
    spec = claim_spec()
    # The rows inline at the top level, where the two panels filter them (a named
    # data set at the top of a vconcat reaches the browser empty).
    spec["data"] = {"values": _rows(df)}
    return Figure(spec, functools.partial(claim_chart, df), df, "lead-against-zero", alt_text)
