"""Chart of a leaderboard's places by luck: how often each model lands at each place.

The shares come from :func:`benchstats.ranks.rank_probabilities` (boards
re-drawn from each score's sampling distribution). Like the other
leaderboard charts, the spec is built once without data and the page passes
the rows.
"""

from __future__ import annotations

import functools
import json

import altair as alt
import numpy as np
import pandas as pd

from benchstats.charts._common import BLUE, Figure, style
from benchstats.charts.leaderboard import _with_rows, _without_data
from benchstats.ranks import RankProbabilities

__all__ = ["places_chart", "places_figure", "places_frame", "places_spec"]


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
    order = np.lexsort((np.arange(len(key)), key))
    rank = {probabilities.names[i]: k for k, i in enumerate(order)}
    rows = [
        {"model": m, "order": rank[m], "place": r + 1, "percent": float(p[i, r]) * 100}
        for i, m in enumerate(probabilities.names)
        for r in range(p.shape[1])
    ]
    return pd.DataFrame(rows, columns=["model", "order", "place", "percent"])


def places_chart(df: pd.DataFrame) -> alt.Chart:
    """Model × place heatmap: how often each model lands at each place by luck.

    >>> from benchstats.leaderboard import board
    >>> from benchstats.ranks import rank_probabilities
    >>> r = rank_probabilities(board(["A", "B"], [0.82, 0.78], n=100), draws=1000)
    >>> places_chart(places_frame(r)).to_dict()["mark"]["type"]
    'rect'
    """
    chart = _places_template().copy(deep=False)
    chart.data = df
    return chart


def places_spec() -> dict:
    """:func:`places_chart`'s spec without data (a fresh copy each call)."""
    return json.loads(_places_spec_json())


@functools.cache
def _places_spec_json() -> str:
    return json.dumps(_without_data(_places_template().to_dict()))


@functools.cache
def _places_template() -> alt.Chart:
    chart = (
        alt.Chart()
        .mark_rect(stroke="white", strokeWidth=0.5)
        .encode(
            x=alt.X("place:O").axis(labelAngle=0, grid=False).title("Place on a re-drawn board"),
            y=alt.Y("model:N")
            .sort(alt.EncodingSortField("order", order="ascending"))
            .axis(grid=False)
            .title(None),
            color=alt.Color("percent:Q")
            .scale(domain=[0, 100], range=["#ffffff", BLUE])  # never: white
            .title(["Share of", "boards (%)"]),
            tooltip=[
                alt.Tooltip("model:N").title("Model"),
                alt.Tooltip("place:O").title("Place"),
                alt.Tooltip("percent:Q").title("Share of re-drawn boards (%)").format(".1f"),
            ],
        )
        .properties(width=alt.Step(28), height=alt.Step(26))
    )
    return style(chart)


def places_figure(
    probabilities: RankProbabilities,
    *,
    scores: np.ndarray,
    name: str = "leaderboard-places",
    alt_text: str = "",
) -> Figure:
    """:func:`places_chart` as a Figure, as wide as its container.

    >>> from benchstats.leaderboard import board
    >>> from benchstats.ranks import rank_probabilities
    >>> b = board(["A", "B"], [0.82, 0.78], n=100)
    >>> f = places_figure(rank_probabilities(b, draws=1000), scores=b.scores)
    >>> len(f.table), f.spec["width"]
    (4, 'container')
    """
    df = places_frame(probabilities, scores=scores)
    spec = _with_rows(places_spec(), df) | {"width": "container"}
    return Figure(spec, functools.partial(places_chart, df), df, name, alt_text)
