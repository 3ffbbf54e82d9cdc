"""The coverage chart: how often each interval holds the true score, against the nominal line.

``coverage_frames`` turns exact :class:`~benchstats.coverage.CoverageCurve`\\ s
(and, optionally, a simulation's :class:`~benchstats.coverage.CoverageTally`)
into three tidy frames in percent:

- ``exact``: one row per (interval, true score): the exact coverage;
- ``simulated``: the simulated coverage at the tally's true scores, with its
  Monte Carlo standard error (no rows before any run);
- ``nominal``: the nominal level, one row.

The sawtooth follows the thumb over n (:mod:`benchstats.charts.thumb`):
``coverage_family`` holds every stop's exact curves in one wide table and
``coverage_stops`` each stop's exact coverage at the reader's true score,
printed on the chart; the simulated points belong to the released n and
show while the thumb is there.

``coverage_figure`` draws them: the sawtooth of each interval as a line,
the simulated points over it and the nominal level as a dashed rule. The
axes are fixed (true score 0–100%, coverage ``Y_FLOOR``–100%, lower values
clamped to the floor) and the legend lists the intervals drawn, so the spec
depends on those intervals only: moving n or the true score, or adding runs,
changes the data.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    FIT_X,
    GREY,
    INK,
    VERMILLION,
    Figure,
    filled_figure,
    style,
)
from benchstats.charts.thumb import FAMILY, SAID_SIZE, STOPS, Thumb, per_stop, wide
from benchstats.charts.thumb import template as thumb_template
from benchstats.coverage import CoverageCurve, CoverageTally
from benchstats.language import _, pgettext
from benchstats.scores import INTERVAL_NAMES, interval_name

METHOD_NAMES = INTERVAL_NAMES  # the one vocabulary of interval names (benchstats.scores)
Y_FLOOR = 50.0  # coverage below this (%) is drawn at the floor; its tooltip is exact
HEIGHT = 360
PICTURE_WIDTH = 640  # px, a downloaded picture's plot


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

    def rows(c: CoverageCurve, p: np.ndarray, share: np.ndarray, **more) -> pd.DataFrame:
        interval = interval_name(c.method)
        return pd.DataFrame({"interval": interval, "p": p * 100, "coverage": share * 100, **more})

    exact = pd.concat([rows(c, c.p, c.coverage, n=c.n) for c in curves], ignore_index=True)
    simulated = pd.DataFrame(columns=["interval", "p", "coverage", "se", "runs"])
    if tally is not None and tally.runs > 0:
        simulated = pd.concat(
            [
                rows(
                    c,
                    tally.p,
                    tally.coverage(c.method, confidence_level=level),
                    se=100 * tally.standard_error(c.method, confidence_level=level),
                    runs=tally.runs,
                )
                for c in curves
            ],
            ignore_index=True,
        )
    # TRANSLATORS: the dashed line's name in a tooltip; {level} is "95%".
    label = _("Nominal {level}").format(level=words.level(level))
    nominal = pd.DataFrame({"coverage": [level * 100], "label": [label]})
    return {"exact": exact, "simulated": simulated, "nominal": nominal}


def csv_columns() -> dict[str, str]:
    """The CSV download's headers in the run's language; its numbers stay machine-readable."""
    # TRANSLATORS: the column names of Interval coverage's CSV download: short, no spaces.
    # p = the true score in percent, coverage in percent, n = questions.
    return {
        "interval": pgettext("CSV column", "interval"),
        "p": pgettext("CSV column", "p"),
        "coverage": pgettext("CSV column", "coverage"),
        "n": pgettext("CSV column", "n"),
    }


def coverage_family(curves: Sequence[Sequence[CoverageCurve]]) -> pd.DataFrame:
    """Every stop's sawtooths as one wide table: ``p`` (percent) and ``{method}{i}`` (percent).

    ``curves[i]`` are the intervals' exact curves at stop i, over one grid of
    true scores.

    >>> from benchstats.coverage import coverage_curve
    >>> f = coverage_family([[coverage_curve(n, points=3)] for n in (10, 100)])
    >>> f.round(1).to_dict("list")
    {'wald0': [100.0, 89.1, 100.0], 'wald1': [100.0, 94.3, 100.0], 'p': [0.0, 50.0, 100.0]}
    """
    family = wide([{c.method: 100 * c.coverage for c in stop} for stop in curves])
    return family.assign(p=100 * curves[0][0].p)


def coverage_stops(
    ns: Sequence[int], p: float, at_p: Sequence[dict[str, float]], methods: Sequence[str]
) -> pd.DataFrame:
    """One row per stop of the n thumb: ``n`` and ``said``, each interval's exact coverage at
    the true score ``p`` ("100 questions: Wald 94.3%, Wilson 95.1%"), printed on the chart.

    >>> coverage_stops([20], 0.95, [{"wald": 0.6389, "wilson": 0.9245}], ["wald", "wilson"])["said"][0]
    'At 20 questions and 95%: Wald holds it 63.9%, Wilson 92.5%'
    """
    said = [_said(n, p, cov, methods) for n, cov in zip(ns, at_p, strict=True)]
    return per_stop(pd.DataFrame({"n": list(ns), "said": said}))


def _said(n: int, p: float, cov: dict[str, float], methods: Sequence[str]) -> str:
    numbers = dict(
        questions=words.plural(n, "question"),
        score=words.score(p),
        first=interval_name(methods[0]),
        coverage=words.percent(cov[methods[0]]),
    )
    # TRANSLATORS: printed on the chart: {questions} "20 questions", {score} the true score,
    # {first} an interval's name ("Wald"), {coverage} its coverage, {second} and {other} the
    # second interval's name and coverage.
    if len(methods) == 1:
        return _("At {questions} and {score}: {first} holds it {coverage}").format(**numbers)
    return _("At {questions} and {score}: {first} holds it {coverage}, {second} {other}").format(
        second=interval_name(methods[1]), other=words.percent(cov[methods[1]]), **numbers
    )


def _chart(methods: tuple[str, ...], at: Thumb, *, bound: bool = True) -> alt.LayerChart:
    """The chart of the intervals ``methods`` over the named data sets of :func:`coverage_frames`."""
    colour = (
        alt.Color("interval:N")
        # Wald against one other interval: the most distinct pair of the palette
        .scale(domain=[interval_name(m) for m in methods], range=[VERMILLION, BLUE][: len(methods)])
        .title(" ")  # a null title breaks the legend in Streamlit (streamlit#9339)
        .legend(labelLimit=0)  # the room view's larger labels are never cut
    )
    x = alt.X("p:Q").title(_("True score (%)")).scale(domain=[0, 100], nice=False)
    x = x.axis(tickCount=10)
    y = (
        alt.Y("coverage:Q")
        .title(_("Intervals that hold the true score (%)"))
        .scale(domain=[Y_FLOOR, 100], nice=False, clamp=True)
    )

    def tooltip(coverage: str) -> list[alt.Tooltip]:
        return [
            alt.Tooltip("interval:N").title(_("Interval")),
            alt.Tooltip("p:Q").title(_("True score (%)")).format(".1f"),
            alt.Tooltip("coverage:Q").title(coverage).format(".1f"),
        ]

    def exact(method: str) -> alt.Chart:
        # a layer per interval: the thumb's column picked in place, no rows made per move
        return (
            alt.Chart(alt.NamedData(FAMILY))
            .transform_calculate(interval=_literal(interval_name(method)), coverage=at.pick(method))
            .mark_line(strokeWidth=2, interpolate="linear")
            .encode(x=x, y=y, color=colour, tooltip=tooltip(_("Exact coverage (%)")))
        )

    said = (
        alt.Chart(alt.NamedData(STOPS))
        .transform_filter(at.here())
        .mark_text(align="center", baseline="bottom", dy=-8, color=INK)
        .encode(
            x=alt.value(alt.expr("width / 2")),
            y=alt.value("height"),
            text=alt.Text("said:N"),
            tooltip=[alt.Tooltip("said:N").title(_("Exact, at your true score"))],
        )
    )
    simulated = (
        alt.Chart(alt.NamedData("simulated"))
        .transform_filter(at.here())
        .mark_point(filled=True, size=36, opacity=0.85, stroke=INK, strokeWidth=0.5)
        .encode(
            x=x,
            y=y,
            color=colour,
            tooltip=[
                *tooltip(_("Simulated coverage (%)")),
                alt.Tooltip("se:Q").title(_("Monte Carlo SE (points)")).format(".2f"),
                alt.Tooltip("runs:Q").title(_("Datasets per true score")).format(",d"),
            ],
        )
    )
    nominal = (
        alt.Chart(alt.NamedData("nominal"))
        .mark_rule(color=GREY, strokeWidth=2, strokeDash=[6, 4])
        .encode(
            y=y,  # the same scale: an unscaled y would put 0 back into the domain
            tooltip=[
                alt.Tooltip("label:N").title(_("Line")),
                alt.Tooltip("coverage:Q").title(_("Promised coverage (%)")).format(".1f"),
            ],
        )
    )
    chart = alt.layer(nominal, *map(exact, methods), simulated, said)
    chart = chart.add_params(at.param(bound=bound))
    chart = chart.properties(width="container", height=HEIGHT, autosize=FIT_X)
    return style(chart).configure_text(fontSize=SAID_SIZE)


def _literal(text: str) -> str:
    """``text`` as a string in a Vega expression (quotes in a translation stay text)."""
    return f"'{text}'" if not set("'\"\\") & set(text) else json.dumps(text, ensure_ascii=False)


@functools.cache
def coverage_spec(methods: tuple[str, ...]) -> Callable[[Thumb], dict]:
    """The chart's Vega-Lite spec for these intervals and a thumb, without data (a fresh copy
    each call).

    >>> at = Thumb("coverage", "n", (20,), 0, ("20 questions",))
    >>> sorted(layer["data"]["name"] for layer in coverage_spec(("wald",))(at)["layer"])
    ['family', 'nominal', 'simulated', 'stops']
    """
    return thumb_template(functools.partial(_chart, methods))


def coverage_figure(
    frames: dict[str, pd.DataFrame],
    family: pd.DataFrame,
    stops: pd.DataFrame,
    at: Thumb,
    *,
    alt_text: str = "",
) -> Figure:
    """The coverage chart as a :class:`~benchstats.charts.Figure`, following the thumb over n.

    ``frames`` from :func:`coverage_frames` at the link's n (its ``exact`` table is the CSV;
    its simulated points show while the thumb is there), ``family`` from
    :func:`coverage_family` and ``stops`` from :func:`coverage_stops` over the thumb's stops.
    The legend lists the intervals in ``frames``, in their order there.

    >>> from benchstats.coverage import coverage_curve
    >>> curves = [coverage_curve(20, points=3)]
    >>> at = Thumb("coverage", "n", (20,), 0, ("20 questions",))
    >>> f = coverage_figure(coverage_frames(curves), coverage_family([curves]),
    ...                     coverage_stops([20], 0.5, [{"wald": 0.9}], ["wald"]), at)
    >>> f.name, sorted(f.spec["datasets"]), f.spec["layer"][1]["encoding"]["color"]["scale"]["domain"]
    ('interval-coverage', ['family', 'nominal', 'simulated', 'stops'], ['Wald'])
    """
    names = {interval_name(k): k for k in METHOD_NAMES}
    methods = tuple(names[i] for i in dict.fromkeys(frames["exact"]["interval"]))
    sent = {
        FAMILY: family,
        STOPS: stops,
        "simulated": at.released(frames["simulated"]),
        "nominal": frames["nominal"],
    }
    return filled_figure(
        coverage_spec(methods)(at),
        functools.partial(_chart, methods, at, bound=False),
        sent,
        table=frames["exact"].rename(columns=csv_columns()),
        width=PICTURE_WIDTH,
        name="interval-coverage",
        alt_text=alt_text,
    )
