"""Charts of a leaderboard: what each rank is worth, every pair, the luck of the draw."""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    GREY,
    INK,
    ORANGE,
    VERMILLION,
    Figure,
    slotted_figure,
    style,
)
from benchstats.language import N_, _, pgettext
from benchstats.leaderboard import PairwiseTests
from benchstats.ranks import RankIntervals, RankProbabilities

METHOD_LABELS = {
    "marginal": N_("Marginal (Mogstad et al.)"),
    "simultaneous": N_("Simultaneous (Mogstad et al.)"),
    "pairwise": N_("1 + significantly better (LMArena-style)"),
}  # the legend's names, shown through _(); a source in parentheses goes on a second line
# Model names' room: 140 px in a chart narrower than 600 px (a phone), 300 px in a wider one.
_NAME_LIMIT = "containerSize()[0] > 0 && containerSize()[0] < 600 ? 140 : 300"
# A method's name on one line, its source in parentheses on the next: one line ran past a phone.
_TWO_LINES = (
    "indexof(datum.label, ' (') > 0 ? [substring(datum.label, 0, indexof(datum.label, ' (')), "
    "substring(datum.label, indexof(datum.label, ' (') + 1)] : datum.label"
)
_METHOD_COLOURS = {"marginal": BLUE, "simultaneous": VERMILLION, "pairwise": ORANGE}
_METHOD_ROW = 14  # px of one method's bar in a model's row


def _figure(build, args: tuple, df: pd.DataFrame, name: str, alt_text: str, width) -> Figure:
    """``build(*args, width, rows=df)``, as wide as its container on the page."""
    picture = functools.partial(build, *args, width, rows=df)
    table = df.rename(columns=csv_columns())  # the download's headers in the run's language
    return slotted_figure(
        build, *args, "container", name=name, alt_text=alt_text, picture=picture, table=table,
        rows=df,
    )  # fmt: skip


def csv_columns() -> dict[str, str]:
    """The charts' data columns as a download names them, in the run's language."""
    return {
        "model": pgettext("CSV column", "model"),
        "order": pgettext("CSV column", "order"),
        "score": pgettext("CSV column", "score"),
        "method": pgettext("CSV column", "method"),
        "method_name": pgettext("CSV column", "method_name"),
        "observed": pgettext("CSV column", "observed"),
        "low": pgettext("CSV column", "low"),
        "high": pgettext("CSV column", "high"),
        "tied_first": pgettext("CSV column", "tied_first"),
        "interval": pgettext("CSV column", "interval"),
        "row": pgettext("CSV column", "row"),
        "column": pgettext("CSV column", "column"),
        "row_order": pgettext("CSV column", "row_order"),
        "column_order": pgettext("CSV column", "column_order"),
        "lead": pgettext("CSV column", "lead"),
        "p": pgettext("CSV column", "p"),
        "p_adjusted": pgettext("CSV column", "p_adjusted"),
        "clears": pgettext("CSV column", "clears"),
        "label": pgettext("CSV column", "label"),
        "place": pgettext("CSV column", "place"),
        "percent": pgettext("CSV column", "percent"),
    }


def _best_first(key: np.ndarray) -> np.ndarray:
    """Row indices by ``key`` ascending (pass minus the scores), ties as listed."""
    return np.lexsort((np.arange(len(key)), key))


def rank_frame(*intervals: RankIntervals, scores: np.ndarray | None = None) -> pd.DataFrame:
    """One row per model and method: observed rank, best and worst rank.

    ``scores`` (proportions, the board's) go into the tooltip in percent and
    set the order (best first); without them the observed ranks do.

    >>> from benchstats.leaderboard import board, pairwise_tests
    >>> from benchstats.ranks import pairwise_ranks, rank_intervals
    >>> b = board(["A", "B", "C"], [0.90, 0.86, 0.80], n=500)
    >>> df = rank_frame(rank_intervals(b), pairwise_ranks(pairwise_tests(b)), scores=b.scores)
    >>> df[["model", "method", "observed", "low", "high"]].values.tolist()[:2]
    [['A', 'marginal', 1, 1, 2], ['A', 'pairwise', 1, 1, 2]]
    """
    if not intervals:
        msg = "rank_frame needs at least one set of rank intervals"
        raise ValueError(msg)
    names = intervals[0].names
    if any(r.names != names for r in intervals):
        msg = "rank_frame: every set of rank intervals must be for the same board"
        raise ValueError(msg)
    key = -np.asarray(scores) if scores is not None else intervals[0].observed
    order = {names[i]: k for k, i in enumerate(_best_first(key))}
    rows = [
        {
            "model": m,
            "order": order[m],
            "score": float(scores[i]) * 100 if scores is not None else np.nan,
            "method": r.method,
            "method_name": _(METHOD_LABELS[r.method]),
            "observed": int(r.observed[i]),
            "low": int(r.low[i]),
            "high": int(r.high[i]),
            "tied_first": bool(r.low[i] == 1),
            "interval": f"{r.low[i]}" if r.low[i] == r.high[i] else f"{r.low[i]}–{r.high[i]}",
        }
        for r in intervals
        for i, m in enumerate(names)
    ]
    df = pd.DataFrame(rows)  # models in their chart order, then methods by name
    return df.sort_values(["order", "method"], kind="stable").reset_index(drop=True)


def _rank_chart(k: int, methods: tuple[str, ...], width: int | str, *, rows) -> alt.LayerChart:
    x = (
        alt.X("low:Q")
        .scale(domain=[0.5, k + 0.5], nice=False, zero=False)
        .axis(values=list(range(1, k + 1)) if k <= 20 else alt.Undefined, format="d", tickMinStep=1)
        # TRANSLATORS: the axis title on two lines (a phone's width): keep the "\n".
        .title(_("Rank (1 = first),\nbest to worst the data allow").split("\n"))
    )
    labels = [_(METHOD_LABELS[m]) for m in methods]
    base = alt.Chart().encode(
        # On a phone long model names end in "…" past 140 px (the tooltip has them whole), so
        # the plot keeps its room and the legend below, which starts where the plot does, fits.
        y=alt.Y("model:N")
        .sort(alt.EncodingSortField("order", order="ascending"))
        .title(None)
        .axis(labelLimit={"expr": _NAME_LIMIT}),
        yOffset=alt.YOffset("method_name:N").scale(domain=labels),
        color=alt.Color("method_name:N")
        .scale(domain=labels, range=[_METHOD_COLOURS[m] for m in methods])
        .legend(columns=1, labelLimit=400, labelExpr=_TWO_LINES)
        .title(_("Rank interval")),
        tooltip=[
            alt.Tooltip("model:N").title(_("Model")),
            alt.Tooltip("score:Q").title(_("Score (%)")).format(".1f"),
            alt.Tooltip("observed:Q").title(_("Rank on the board")),
            alt.Tooltip("interval:N").title(_("Rank interval")),
            alt.Tooltip("method_name:N").title(_("Method")),
        ],
    )
    bars = base.mark_rule(strokeWidth=6, opacity=0.6, strokeCap="round").encode(x=x, x2="high:Q")
    dots = base.mark_point(filled=True, size=70, opacity=1, stroke="white", strokeWidth=1).encode(
        x="observed:Q"
    )
    # The leader's interval (first method) as a band down the chart: a bar
    # reaching into it belongs to a model that may be as good as the leader.
    band = (
        alt.Chart()
        .transform_filter(f"datum.order == 0 && datum.method == '{methods[0]}'")
        .transform_calculate(band_from="datum.low - 0.5", band_to="datum.high + 0.5")
        .mark_rect(color=GREY, opacity=0.14)
        .encode(
            x=alt.X("band_from:Q").scale(domain=[0.5, k + 0.5], nice=False, zero=False),
            x2="band_to:Q",
            tooltip=[
                alt.Tooltip("model:N").title(_("Leader")),
                alt.Tooltip("interval:N").title(_("Leader's rank interval")),
            ],
        )
    )
    chart = alt.layer(band, bars, dots, data=rows)
    return style(chart.properties(width=width, height=alt.Step(_METHOD_ROW)))


def rank_figure(*intervals: RankIntervals, scores: np.ndarray, alt_text: str = "") -> Figure:
    """Each model's rank interval (bar) and its rank on the board (dot), one row a model.

    The methods in a row are offset and coloured; a bar reaching rank 1 is a
    model that cannot be told from the leader.

    >>> from benchstats.leaderboard import board
    >>> from benchstats.ranks import rank_intervals
    >>> b = board(["A", "B", "C"], [0.90, 0.86, 0.80], n=500)
    >>> f = rank_figure(rank_intervals(b), scores=b.scores)
    >>> f.name, [r["model"] for r in f.spec["datasets"]["rows"]], f.spec["width"]
    ('leaderboard-ranks', ['A', 'B', 'C'], 'container')
    """
    args = (len(intervals[0].names), tuple(r.method for r in intervals))
    df = rank_frame(*intervals, scores=scores)
    return _figure(_rank_chart, args, df, "leaderboard-ranks", alt_text, 640)


def pairs_frame(tests: PairwiseTests, *, scores: np.ndarray | None = None) -> pd.DataFrame:
    """One row per ordered pair (row model, column model): lead in points, p, adjusted p.

    ``label`` is the cell's text: the lead, starred when it clears after
    the correction. Models are ordered by ``scores`` (default: the tests').

    >>> from benchstats.leaderboard import board, pairwise_tests
    >>> t = pairwise_tests(board(["A", "B"], [0.82, 0.78], n=2000))
    >>> pairs_frame(t)[["row", "column", "lead", "clears", "label"]].values.tolist()[0]
    ['A', 'B', 4.0, True, '+4.0*']
    """
    order = _best_first(-(np.asarray(scores) if scores is not None else tests.scores))
    rank = {tests.names[i]: k for k, i in enumerate(order)}
    lead, clears = tests.lead.astype(float), tests.clears
    rows = [
        {
            "row": a,
            "column": b,
            "row_order": rank[a],
            "column_order": rank[b],
            "lead": round(lead[i, j] * 100, 10),
            "p": float(tests.p_value[i, j]),
            "p_adjusted": float(tests.p_adjusted[i, j]),
            "clears": bool(clears[i, j]),
            "label": words.points(lead[i, j]) + ("*" if clears[i, j] else ""),
        }
        for i, a in enumerate(tests.names)
        for j, b in enumerate(tests.names)
        if i != j
    ]
    return pd.DataFrame(rows)


def _pairs_chart(correction: str, width: int | str, *, rows) -> alt.LayerChart:
    base = alt.Chart().encode(
        x=alt.X("column:N")
        .sort(alt.EncodingSortField("column_order", order="ascending"))
        .axis(orient="top", labelAngle=-40, labelLimit=140, grid=False)
        .title(_("… minus this model")),
        y=alt.Y("row:N")
        .sort(alt.EncodingSortField("row_order", order="ascending"))
        .axis(labelLimit=160, grid=False)
        .title(_("This model …")),
        tooltip=[
            alt.Tooltip("row:N").title(_("Model")),
            alt.Tooltip("column:N").title(_("Against")),
            alt.Tooltip("lead:Q").title(_("Lead (points)")).format("+.1f"),
            alt.Tooltip("p:Q").title("p").format(".3f"),
            alt.Tooltip("p_adjusted:Q")
            .title(_("Adjusted p ({correction})").format(correction=correction))
            .format(".3f"),
            alt.Tooltip("clears:N").title(_("Clears after correction")),
        ],
    )
    cells = base.mark_rect().encode(
        color=alt.Color("lead:Q")
        .scale(scheme="redblue", domainMid=0)
        .title(_("Lead\n(points)").split("\n"))
    )
    outline = base.transform_filter(alt.datum.clears).mark_rect(
        fill=None, stroke=INK, strokeWidth=2
    )
    text = (
        base.transform_calculate(size="abs(datum.lead)")
        .transform_joinaggregate(largest="max(size)")
        .mark_text(fontSize=12)
        .encode(
            text="label:N",
            # white on the darkest cells, ink elsewhere
            color=alt.condition(
                "datum.size > 0.6 * datum.largest", alt.value("white"), alt.value(INK)
            ),
        )
    )
    chart = alt.layer(cells, outline, text, data=rows)
    return style(chart.properties(width=width, height=alt.Step(32)))


def pairs_figure(
    tests: PairwiseTests, *, scores: np.ndarray, correction: str, alt_text: str = ""
) -> Figure:
    """The all-pairs heatmap, row minus column in points: blue where the row model leads,
    red where it trails; outlined and starred where the adjusted p-value clears.

    >>> from benchstats.leaderboard import board, pairwise_tests
    >>> t = pairwise_tests(board(["A", "B", "C"], [0.82, 0.78, 0.70], n=1000))
    >>> f = pairs_figure(t, scores=t.scores, correction="Holm")
    >>> len(f.table), f.spec["width"]
    (6, 'container')
    """
    df = pairs_frame(tests, scores=scores)
    return _figure(_pairs_chart, (correction,), df, "leaderboard-pairs", alt_text, alt.Step(56))


def places_frame(
    probabilities: RankProbabilities, *, scores: np.ndarray | None = None
) -> pd.DataFrame:
    """One row per model and place: the share of re-drawn boards (percent).

    >>> from benchstats.leaderboard import board
    >>> from benchstats.ranks import rank_probabilities
    >>> r = rank_probabilities(board(["A", "B"], [0.82, 0.78], n=100), draws=1000)
    >>> places_frame(r).query("place == 1")["percent"].round(0).tolist()
    [74.0, 26.0]
    """
    p = probabilities.probabilities
    # best score first; without scores, the best expected place first
    key = -np.asarray(scores) if scores is not None else p @ np.arange(1, p.shape[1] + 1)
    rank = {probabilities.names[i]: k for k, i in enumerate(_best_first(key))}
    rows = [
        {"model": m, "order": rank[m], "place": r + 1, "percent": float(p[i, r]) * 100}
        for i, m in enumerate(probabilities.names)
        for r in range(p.shape[1])
    ]
    return pd.DataFrame(rows, columns=["model", "order", "place", "percent"])


def _places_chart(width: int | str, *, rows) -> alt.Chart:
    chart = (
        alt.Chart(rows)
        .mark_rect(stroke="white", strokeWidth=0.5)
        .encode(
            x=alt.X("place:O").axis(labelAngle=0, grid=False).title(_("Place on a re-drawn board")),
            y=alt.Y("model:N")
            .sort(alt.EncodingSortField("order", order="ascending"))
            .axis(grid=False)
            .title(None),
            color=alt.Color("percent:Q")
            .scale(domain=[0, 100], range=["#ffffff", BLUE])  # never: white
            .legend(values=[0, 50, 100])  # three labels: room-sized ones overlapped
            .title(_("Share of\nboards (%)").split("\n")),
            tooltip=[
                alt.Tooltip("model:N").title(_("Model")),
                alt.Tooltip("place:O").title(_("Place")),
                alt.Tooltip("percent:Q").title(_("Share of re-drawn boards (%)")).format(".1f"),
            ],
        )
    )
    return style(chart.properties(width=width, height=alt.Step(26)))


def places_figure(
    probabilities: RankProbabilities, *, scores: np.ndarray, alt_text: str = ""
) -> Figure:
    """Model × place heatmap: how often each model lands at each place by luck.

    >>> from benchstats.leaderboard import board
    >>> from benchstats.ranks import rank_probabilities
    >>> b = board(["A", "B"], [0.82, 0.78], n=100)
    >>> f = places_figure(rank_probabilities(b, draws=1000), scores=b.scores)
    >>> len(f.table), f.spec["width"]
    (4, 'container')
    """
    df = places_frame(probabilities, scores=scores)
    return _figure(_places_chart, (), df, "leaderboard-places", alt_text, alt.Step(28))
