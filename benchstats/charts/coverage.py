"""The coverage chart: how often each interval holds the true score, against the nominal line.

``coverage_frames`` turns exact :class:`~benchstats.coverage.CoverageCurve`\\ s
(and, optionally, a simulation's :class:`~benchstats.coverage.CoverageTally`)
into three tidy frames in percent:

- ``exact``: one row per (interval, true score): the exact coverage;
- ``simulated``: the simulated coverage at the tally's true scores, with its
  Monte Carlo standard error (no rows before any run);
- ``nominal``: the nominal level, one row.

``coverage_chart`` draws them: the sawtooth of each interval as a line,
the simulated points over it and the nominal level as a dashed rule. The
axes are fixed (true score 0–100%, coverage ``y_floor``–100%, lower values
clamped to the floor) so moving n or adding runs changes the data only.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    GREEN,
    GREY,
    INK,
    ORANGE,
    PURPLE,
    SKY,
    VERMILLION,
    Figure,
    style,
    with_datasets,
)
from benchstats.coverage import METHODS, CoverageCurve, CoverageTally
from benchstats.scores import INTERVAL_NAMES

__all__ = [
    "METHOD_NAMES",
    "Y_FLOOR",
    "coverage_chart",
    "coverage_figure",
    "coverage_frames",
    "coverage_spec",
]

METHOD_NAMES = INTERVAL_NAMES  # the one vocabulary of interval names (benchstats.scores)
_COLOURS = {
    "wald": VERMILLION,
    "wilson": BLUE,
    "clopper-pearson": GREEN,
    "jeffreys": PURPLE,
    "bayes": ORANGE,
    "agresti-coull": SKY,
}
Y_FLOOR = 50.0  # coverage below this (%) is drawn at the floor; its tooltip is exact


def coverage_frames(
    curves: Sequence[CoverageCurve], *, tally: CoverageTally | None = None
) -> dict[str, pd.DataFrame]:
    """The chart's data sets ``exact``, ``simulated`` and ``nominal`` (percent).

    The simulated points are read off ``tally`` for the same intervals as
    ``curves``.

    Examples
    --------
    >>> from benchstats.coverage import coverage_curve
    >>> f = coverage_frames([coverage_curve(100, points=3)])
    >>> f["exact"][["interval", "p", "coverage"]].round(1).values.tolist()
    [['Wald', 0.0, 100.0], ['Wald', 50.0, 94.3], ['Wald', 100.0, 100.0]]
    >>> f["nominal"]["coverage"].tolist(), len(f["simulated"])
    ([95.0], 0)
    """
    if not curves:
        msg = "curves must hold at least one exact coverage curve, got none"
        raise ValueError(msg)
    levels = {c.confidence_level for c in curves}
    if len(levels) != 1 or len({c.n for c in curves}) != 1:
        msg = "curves must share one n and one confidence level to share a chart"
        raise ValueError(msg)
    level = levels.pop()
    exact = pd.concat(
        [
            pd.DataFrame(
                {
                    "interval": METHOD_NAMES[c.method],
                    "p": c.p * 100,
                    "coverage": c.coverage * 100,
                    "n": c.n,
                }
            )
            for c in curves
        ],
        ignore_index=True,
    )
    columns = ["interval", "p", "coverage", "se", "runs"]
    rows = []
    if tally is not None and tally.runs > 0:
        for c in curves:
            share = tally.coverage(c.method, confidence_level=level)
            se = tally.standard_error(c.method, confidence_level=level)
            rows.append(
                pd.DataFrame(
                    {
                        "interval": METHOD_NAMES[c.method],
                        "p": tally.p * 100,
                        "coverage": share * 100,
                        "se": se * 100,
                        "runs": tally.runs,
                    }
                )
            )
    simulated = pd.concat(rows, ignore_index=True) if rows else pd.DataFrame(columns=columns)
    nominal = pd.DataFrame({"coverage": [level * 100], "label": [f"Nominal {words.level(level)}"]})
    return {"exact": exact, "simulated": simulated, "nominal": nominal}


def _colour() -> alt.Color:
    return (
        alt.Color("interval:N")
        .scale(domain=[METHOD_NAMES[m] for m in METHODS], range=[_COLOURS[m] for m in METHODS])
        .title(" ")  # a null title breaks the legend in Streamlit (streamlit#9339)
        .legend(columns=2)  # three rows of two fit a 390-px phone; two of three ran past it
    )


@functools.cache
def _template(y_floor: float, height: int) -> alt.LayerChart:
    x = alt.X("p:Q").title("True score (%)").scale(domain=[0, 100], nice=False)
    y = (
        alt.Y("coverage:Q")
        .title("Intervals that hold the true score (%)")
        .scale(domain=[y_floor, 100], nice=False, clamp=True)
    )
    exact = (
        alt.Chart(alt.NamedData("exact"))
        .mark_line(strokeWidth=2, interpolate="linear")
        .encode(
            x=x,
            y=y,
            color=_colour(),
            tooltip=[
                alt.Tooltip("interval:N").title("Interval"),
                alt.Tooltip("n:Q").title("Questions").format(",d"),
                alt.Tooltip("p:Q").title("True score (%)").format(".1f"),
                alt.Tooltip("coverage:Q").title("Exact coverage (%)").format(".1f"),
            ],
        )
    )
    simulated = (
        alt.Chart(alt.NamedData("simulated"))
        .mark_point(filled=True, size=36, opacity=0.85, stroke=INK, strokeWidth=0.5)
        .encode(
            x=x,
            y=y,
            color=_colour(),
            tooltip=[
                alt.Tooltip("interval:N").title("Interval"),
                alt.Tooltip("p:Q").title("True score (%)").format(".1f"),
                alt.Tooltip("coverage:Q").title("Simulated coverage (%)").format(".1f"),
                alt.Tooltip("se:Q").title("Monte Carlo SE (points)").format(".2f"),
                alt.Tooltip("runs:Q").title("Datasets per true score").format(",d"),
            ],
        )
    )
    nominal = (
        alt.Chart(alt.NamedData("nominal"))
        .mark_rule(color=GREY, strokeWidth=2, strokeDash=[6, 4])
        .encode(
            y=alt.Y("coverage:Q"),
            tooltip=[
                alt.Tooltip("label:N").title("Line"),
                alt.Tooltip("coverage:Q").title("Promised coverage (%)").format(".1f"),
            ],
        )
    )
    chart = alt.layer(nominal, exact, simulated).properties(
        width="container",
        height=height,
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )
    return style(chart)


@functools.cache
def _spec_json(y_floor: float, height: int) -> str:
    return json.dumps(_template(y_floor, height).to_dict())


def coverage_spec(*, y_floor: float = Y_FLOOR, height: int = 360) -> dict:
    """The chart's Vega-Lite spec without data (a fresh copy each call).

    >>> sorted(layer["data"]["name"] for layer in coverage_spec()["layer"])
    ['exact', 'nominal', 'simulated']
    """
    return json.loads(_spec_json(float(y_floor), height))


def coverage_chart(
    frames: dict[str, pd.DataFrame], *, y_floor: float = Y_FLOOR, height: int = 360
) -> alt.LayerChart:
    """Exact coverage curves, simulated points and the nominal line, as one chart."""
    chart = _template(float(y_floor), height).copy(deep=False)
    return chart.properties(
        datasets={k: alt.utils.data.to_values(v)["values"] for k, v in frames.items()}
    )


def coverage_figure(
    frames: dict[str, pd.DataFrame], *, y_floor: float = Y_FLOOR, height: int = 360
) -> Figure:
    """The coverage chart as a :class:`~benchstats.charts.Figure` (spec, picture, table).

    >>> from benchstats.coverage import coverage_curve
    >>> f = coverage_figure(coverage_frames([coverage_curve(20, points=3)]))
    >>> f.name, sorted(f.spec["datasets"])
    ('interval-coverage', ['exact', 'nominal', 'simulated'])
    """
    exact = frames["exact"]
    n = int(exact["n"].iloc[0])
    level = float(frames["nominal"]["coverage"].iloc[0]) / 100
    lowest = float(np.nanmin(exact["coverage"])) / 100
    return Figure(
        spec=with_datasets(coverage_spec(y_floor=y_floor, height=height), **frames),
        picture=functools.partial(coverage_chart, frames, y_floor=y_floor, height=height),
        table=exact,
        name="interval-coverage",
        alt_text=(
            f"How often {words.a_or_an(words.level(level))} interval from "
            f"{words.plural(n, 'question')} holds "
            f"the true score, at every true score: the lines saw-tooth around the dashed "
            f"{words.level(level)} line and dip as low as {words.percent(lowest)}."
        ),
    )
