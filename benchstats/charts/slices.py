"""Slice charts: each slice's lead with its interval, and the chance of a lucky slice.

``slice_frame`` turns one simulated run (:class:`~benchstats.slices.SliceSimulation`)
or a reader's graded slices (:class:`~benchstats.slices.SliceComparison`)
into one row per slice, in points: the lead, its interval and what the
tests said (flagged at α, kept or taken back by the correction).
``slices_chart`` draws them as dots with interval bars around a zero rule,
coloured by that status. ``any_significant_frame`` / ``any_significant_chart``
draw 1 − (1 − α)^S against the number of slices S.
"""

from __future__ import annotations

import functools
import json

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    GREY,
    ORANGE,
    VERMILLION,
    Figure,
    style,
    with_datasets,
    zero_rule,
)
from benchstats.gaps import unpaired_gap
from benchstats.slices import (
    CORRECTION_NAMES,
    ScalingCurves,
    SliceComparison,
    SliceSimulation,
    chance_any_significant,
)

__all__ = [
    "STATUSES",
    "any_significant_chart",
    "any_significant_figure",
    "any_significant_frame",
    "scaling_chart",
    "scaling_figure",
    "scaling_frame",
    "slice_frame",
    "slices_chart",
    "slices_figure",
    "slices_spec",
]

KEPT = "Flagged, survives the correction"
TAKEN_BACK = "Flagged, taken back by the correction"
QUIET = "Inside the noise"
STATUSES = (KEPT, TAKEN_BACK, QUIET)
_COLOURS = (VERMILLION, ORANGE, GREY)
COLUMNS = ["slice", "n", "lead", "low", "high", "p_value", "p_adjusted", "status", "correction"]


def _status(flagged: np.ndarray, survives: np.ndarray) -> np.ndarray:
    return np.where(survives, KEPT, np.where(flagged, TAKEN_BACK, QUIET))


def slice_frame(
    result: SliceSimulation | SliceComparison, *, run: int = 0, correction: str = "holm"
) -> pd.DataFrame:
    """One row per slice (points): lead A − B, its interval, p-values and the status.

    For a simulation, ``run`` picks the run and ``correction`` the
    correction shown (``"holm"``, ``"bh"`` or ``"none"``); a comparison
    carries its own correction.

    Examples
    --------
    >>> from benchstats.slices import compare_slices, slice_table
    >>> t = slice_table(["a", "b"], [50, 50], [0.8, 0.6], [0.6, 0.6])
    >>> slice_frame(compare_slices(t, correction="none"))[["slice", "lead", "status"]].round(1).values.tolist()
    [['a', 20.0, 'Flagged, survives the correction'], ['b', 0.0, 'Inside the noise']]
    """
    if isinstance(result, SliceComparison):
        frame = {
            "slice": list(result.table.names),
            "n": result.table.n,
            "lead": result.lead * 100,
            "low": result.low * 100,
            "high": result.high * 100,
            "p_value": result.p_value,
            "p_adjusted": result.p_adjusted,
            "status": _status(result.flagged, result.survives),
            "correction": CORRECTION_NAMES[result.correction],
        }
        return pd.DataFrame(frame, columns=COLUMNS)
    if not 0 <= run < result.runs:
        msg = f"run must be 0 … {result.runs - 1} (a simulated run), got {run!r}"
        raise ValueError(msg)
    if correction not in CORRECTION_NAMES:
        msg = f"correction must be one of {', '.join(map(repr, CORRECTION_NAMES))}, got {correction!r}"
        raise ValueError(msg)
    gaps = [
        unpaired_gap(a / m, b / m, int(m), confidence_level=1 - result.alpha)
        for a, b, m in zip(result.right_a[run], result.right_b[run], result.sizes, strict=True)
    ]
    flagged = result.flagged["none"][run]
    frame = {
        "slice": [f"Slice {i + 1}" for i in range(result.sizes.size)],
        "n": result.sizes,
        "lead": [100 * g.lead for g in gaps],
        "low": [100 * g.low for g in gaps],
        "high": [100 * g.high for g in gaps],
        "p_value": result.p_values[run],
        "p_adjusted": np.nan,
        "status": _status(flagged, result.flagged[correction][run]),
        "correction": CORRECTION_NAMES[correction],
    }
    return pd.DataFrame(frame, columns=COLUMNS)


@functools.cache
def _template(lead_max: float, height: int) -> alt.LayerChart:
    x = (
        alt.X("lead:Q")
        .title("Lead of A over B on the slice (points)")
        .scale(domain=[-lead_max, lead_max], nice=False, clamp=True)
    )
    y = alt.Y("slice:N").title("Slice").sort(None)
    tooltip = [
        alt.Tooltip("slice:N").title("Slice"),
        alt.Tooltip("n:Q").title("Questions").format(",d"),
        alt.Tooltip("lead:Q").title("Lead (points)").format("+.1f"),
        alt.Tooltip("low:Q").title("Interval from (points)").format("+.1f"),
        alt.Tooltip("high:Q").title("Interval to (points)").format("+.1f"),
        alt.Tooltip("p_value:Q").title("p").format(".3f"),
        alt.Tooltip("p_adjusted:Q").title("Adjusted p").format(".3f"),
        alt.Tooltip("status:N").title("Verdict"),
        alt.Tooltip("correction:N").title("Correction"),
    ]
    colour = (
        alt.Color("status:N")
        .scale(domain=list(STATUSES), range=list(_COLOURS))
        .title(" ")
        .legend(columns=1, labelLimit=0)  # one status a line, whole: a phone cut a row of three
    )
    base = alt.Chart(alt.NamedData("slices")).encode(y=y, color=colour, tooltip=tooltip)
    bars = base.mark_rule(strokeWidth=3, clip=True).encode(
        x=alt.X("low:Q").scale(domain=[-lead_max, lead_max], nice=False, clamp=True), x2="high:Q"
    )
    dots = base.mark_point(filled=True, size=110, opacity=1, clip=True).encode(x=x)
    zero = zero_rule("x").encode(tooltip=[alt.Tooltip("zero:Q").title("No lead (points)")])
    chart = alt.layer(zero, bars, dots).properties(
        width="container",
        height=height,
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )
    return style(chart)


@functools.cache
def _spec_json(lead_max: float, height: int) -> str:
    return json.dumps(_template(lead_max, height).to_dict())


def slices_spec(*, lead_max: float = 50.0, height: int = 360) -> dict:
    """The slice chart's spec without data (layers read the data set ``slices``).

    ``lead_max`` fixes the lead axis at ±lead_max points.

    >>> [layer["mark"]["type"] for layer in slices_spec()["layer"]]
    ['rule', 'rule', 'point']
    """
    return json.loads(_spec_json(float(lead_max), height))


def slices_chart(
    frame: pd.DataFrame, *, lead_max: float = 50.0, height: int = 360
) -> alt.LayerChart:
    """Each slice's lead and interval, coloured by what the tests said."""
    chart = _template(float(lead_max), height).copy(deep=False)
    return chart.properties(datasets={"slices": alt.utils.data.to_values(frame)["values"]})


def slices_figure(frame: pd.DataFrame, *, lead_max: float = 50.0, height: int = 360) -> Figure:
    """The slice chart as a :class:`~benchstats.charts.Figure`.

    >>> from benchstats.slices import simulate_slices
    >>> f = slices_figure(slice_frame(simulate_slices([50] * 4, 3, seed=1)))
    >>> f.name, sorted(f.spec["datasets"])
    ('slices', ['slices'])
    """
    flagged = int((frame["status"] != QUIET).sum())
    kept = int((frame["status"] == KEPT).sum())
    return Figure(
        spec=with_datasets(slices_spec(lead_max=lead_max, height=height), slices=frame),
        picture=functools.partial(slices_chart, frame, lead_max=lead_max, height=height),
        table=frame,
        name="slices",
        alt_text=(
            f"The lead of A over B on each of {words.plural(len(frame), 'slice')} with its "
            f"interval: {words.count(flagged)} flagged at the uncorrected level, "
            f"{words.count(kept)} still flagged after the correction."
        ),
    )


# --------------------------------------------------------------------------- 1 − (1 − α)^S


def any_significant_frame(max_slices: int = 30, *, alpha: float = 0.05) -> pd.DataFrame:
    """Chance (%) that at least one of S slices looks significant by luck, S = 1 … max_slices.

    >>> any_significant_frame(12).round(1).iloc[[9, 11]].values.tolist()
    [[10.0, 40.1], [12.0, 46.0]]
    """
    s = np.arange(1, int(max_slices) + 1)
    return pd.DataFrame({"slices": s, "chance": 100 * chance_any_significant(s, alpha=alpha)})


@functools.cache
def _any_template(height: int) -> alt.Chart:
    chart = (
        alt.Chart(alt.NamedData("chance"))
        .mark_line(color=BLUE, strokeWidth=3, point=alt.OverlayMarkDef(size=40, filled=True))
        .encode(
            x=alt.X("slices:Q").title("Slices tested (count)").scale(zero=False),
            y=alt.Y("chance:Q")
            .title("Chance at least one looks significant (%)")
            .scale(domain=[0, 100]),
            tooltip=[
                alt.Tooltip("slices:Q").title("Slices").format(",d"),
                alt.Tooltip("chance:Q").title("Chance (%)").format(".1f"),
            ],
        )
        .properties(width="container", height=height)
    )
    return style(chart)


def any_significant_chart(frame: pd.DataFrame, *, height: int = 280) -> alt.Chart:
    """1 − (1 − α)^S against S, from :func:`any_significant_frame`."""
    chart = _any_template(height).copy(deep=False)
    return chart.properties(datasets={"chance": alt.utils.data.to_values(frame)["values"]})


def any_significant_figure(
    frame: pd.DataFrame,
    *,
    here: tuple[int, float] | None = None,
    alpha: float = 0.05,
    height: int = 340,
) -> Figure:
    """1 − (1 − α)^S against S as a :class:`~benchstats.charts.Figure`.

    ``here`` = (S, exact chance) marks the reader's slices and the exact
    chance for the real test on them (a red point beside the line).

    >>> f = any_significant_figure(any_significant_frame(12), here=(12, 0.505))
    >>> f.name, len(f.table)
    ('any-significant', 12)
    """
    mark = pd.DataFrame(
        {"slices": [here[0]], "chance": [100 * here[1]]} if here else {"slices": [], "chance": []}
    )

    def picture() -> alt.LayerChart:
        line = _any_template(height).copy(deep=False)
        line.data = frame  # inline rows: a layer cannot hold a named data set's values
        config, line.config = line.config, alt.Undefined  # a layer keeps config at its top
        out = alt.layer(line, _here_layer(mark))
        out.config = config
        return out

    at = frame.loc[frame["slices"] == (here[0] if here else -1), "chance"]
    tail = f"; {words.percent(float(at.iloc[0]) / 100)} at {here[0]}" if here and len(at) else ""
    return Figure(
        spec=with_datasets(json.loads(_any_spec_json(height)), chance=frame, here=mark),
        picture=picture,
        table=frame,
        name="any-significant",
        alt_text=(
            f"The chance that at least one of S slices looks significant at "
            f"{words.level(alpha)} by luck, for S = 1 to {words.count(len(frame))}: it climbs "
            f"from {words.level(alpha)}{tail}."
            + (
                f" The diamond is the exact chance for the real test on your "
                f"{words.plural(here[0], 'slice')}: {words.percent(here[1])}."
                if here
                else ""
            )
        ),
    )


@functools.cache
def _any_spec_json(height: int) -> str:
    """The chance chart and the reader's diamond, reading data sets ``chance`` and ``here``."""
    line = _any_template(height).copy(deep=False)
    config, line.config = line.config, alt.Undefined
    out = alt.layer(line, _here_layer(alt.NamedData("here")))
    out.config = config
    return json.dumps(out.to_dict())


def _here_layer(mark) -> alt.Chart:
    return (
        alt.Chart(mark)
        .mark_point(shape="diamond", size=160, filled=True, color=VERMILLION)
        .encode(
            x="slices:Q",
            y="chance:Q",
            tooltip=[
                alt.Tooltip("slices:Q").title("Your slices").format(",d"),
                alt.Tooltip("chance:Q").title("Exact, for the real test (%)").format(".1f"),
            ],
        )
    )


# --------------------------------------------------------------------------- shared items


TRUE = "True score"
SHARED = "One shared set of questions"
FRESH = "Fresh questions at each point"


def scaling_frame(curves: ScalingCurves, *, compute: list[str] | None = None) -> pd.DataFrame:
    """Long frame (percent) of a curve's true, shared-question and fresh-question scores.

    ``compute`` labels the points (default "1", "2", …).

    >>> from benchstats.slices import simulate_scaling_curves
    >>> f = scaling_frame(simulate_scaling_curves([0.3, 0.4], 100, seed=1))
    >>> sorted(set(f["measured"])), len(f)
    (['Fresh questions at each point', 'One shared set of questions', 'True score'], 6)
    """
    k = curves.true.size
    labels = compute if compute is not None else [str(i + 1) for i in range(k)]
    if len(labels) != k:
        msg = f"compute must label every point, got {len(labels)} labels for {k} points"
        raise ValueError(msg)
    parts = [
        (TRUE, curves.true),
        (SHARED, curves.shared),
        (FRESH, curves.independent),
    ]
    return pd.DataFrame(
        {
            "point": np.tile(np.arange(k), 3),
            "compute": labels * 3,
            "measured": np.repeat([name for name, _ in parts], k),
            "score": np.concatenate([v for _, v in parts]) * 100,
            "n": curves.n,
        }
    )


def scaling_chart(frame: pd.DataFrame, *, height: int = 320) -> alt.Chart:
    """The same curve measured on shared questions and on fresh ones, with the truth dashed."""
    return _scaling_template(height).copy(deep=False).properties(data=frame)


@functools.cache
def _scaling_spec_json(height: int = 320) -> str:
    """The shared-items chart without data (reads the data set ``scaling``)."""
    return json.dumps(_scaling_template(height).to_dict())


@functools.cache
def _scaling_template(height: int) -> alt.Chart:
    chart = (
        alt.Chart(alt.NamedData("scaling"))
        .mark_line(strokeWidth=2.5, point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("compute:N").title("Training compute (point on the curve)").sort(None),
            y=alt.Y("score:Q").title("Benchmark score (%)").scale(zero=False),
            color=alt.Color("measured:N")
            .scale(domain=[TRUE, SHARED, FRESH], range=[GREY, BLUE, ORANGE])
            .title(" ")
            .legend(columns=1, labelLimit=0),  # one legend: colour and dash share the field
            strokeDash=alt.StrokeDash("measured:N")
            .scale(domain=[TRUE, SHARED, FRESH], range=[[5, 4], [1, 0], [1, 0]])
            .title(" "),
            tooltip=[
                alt.Tooltip("measured:N").title("Curve"),
                alt.Tooltip("compute:N").title("Point"),
                alt.Tooltip("score:Q").title("Score (%)").format(".1f"),
                alt.Tooltip("n:Q").title("Questions").format(",d"),
            ],
        )
        .properties(width="container", height=height)
    )
    return style(chart)


def scaling_figure(frame: pd.DataFrame, *, wiggle: tuple[float, float]) -> Figure:
    """The shared-versus-fresh curve as a :class:`~benchstats.charts.Figure`.

    ``wiggle`` is :attr:`benchstats.slices.ScalingCurves.wiggle` (shared, fresh).

    >>> from benchstats.slices import simulate_scaling_curves
    >>> c = simulate_scaling_curves([0.3, 0.4, 0.5], 100, seed=4)
    >>> scaling_figure(scaling_frame(c), wiggle=c.wiggle).name
    'shared-items'
    """
    shared, fresh = wiggle
    return Figure(
        spec=with_datasets(json.loads(_scaling_spec_json()), scaling=frame),
        picture=functools.partial(scaling_chart, frame),
        table=frame,
        name="shared-items",
        alt_text=(
            "One compute-versus-accuracy curve measured on one shared set of questions and on "
            f"fresh questions at each point, with the true scores dashed: the shared curve bends "
            f"{words.points(shared, signed=False, decimals=2)} points a step on average, the fresh "
            f"one {words.points(fresh, signed=False, decimals=2)}."
        ),
    )
