"""Checkpoint charts: training curves with the noise window, and the checkpoint MDE.

``curve_frames`` turns :class:`~benchstats.signal_noise.CheckpointRuns` into
tidy frames in percent: ``curves`` (one row per model and checkpoint: the
measured score, its trailing mean over ``average`` checkpoints and the true
score where known) and ``window`` (the checkpoints the noise is measured
over). ``curves_chart`` draws the measured scores thin, the averaged ones
thick, the true curves dashed, and shades the window. ``mde_frame`` and
``mde_chart`` draw the smallest detectable change between checkpoints
against the number of questions.
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
    GREEN,
    GREY,
    ORANGE,
    PURPLE,
    SKY,
    VERMILLION,
    YELLOW,
    Figure,
    style,
    with_datasets,
)
from benchstats.signal_noise import (
    CheckpointRuns,
    chance_picks_winner,
    detectable_change,
    simulate_checkpoints,
    snr_of_runs,
    trailing_mean,
)

__all__ = [
    "by_n_frame",
    "curve_frames",
    "curves_chart",
    "curves_figure",
    "curves_spec",
    "mde_chart",
    "mde_figure",
    "mde_frame",
    "pick_by_n",
    "pick_n_figure",
    "snr_n_figure",
]

PALETTE = [BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY, YELLOW, GREY]


def curve_frames(
    runs: CheckpointRuns, *, average: int = 1, window: int = 5
) -> dict[str, pd.DataFrame]:
    """The chart's data sets ``curves`` and ``window`` (percent).

    Examples
    --------
    >>> from benchstats.signal_noise import simulate_checkpoints
    >>> f = curve_frames(simulate_checkpoints([0.4, 0.5], checkpoints=6, seed=1), average=2, window=3)
    >>> list(f["curves"].columns), len(f["curves"]), f["window"][["start", "end"]].values.tolist()
    (['model', 'step', 'score', 'averaged', 'true'], 12, [[4, 6]])
    """
    average = int(average)
    window = int(window)
    steps = runs.steps
    if not 1 <= window <= steps.size:
        msg = f"window must be 1 … {steps.size} checkpoints, got {window!r}"
        raise ValueError(msg)
    smooth = trailing_mean(runs.observed, average)
    m, c = runs.observed.shape
    true = runs.true if runs.true is not None else np.full((m, c), np.nan)
    curves = pd.DataFrame(
        {
            "model": np.repeat(runs.names, c),
            "step": np.tile(steps, m),
            "score": runs.observed.ravel() * 100,
            "averaged": smooth.ravel() * 100,
            "true": true.ravel() * 100,
        }
    )
    label = f"Last {words.plural(window, 'checkpoint')}: the noise window"
    window_frame = pd.DataFrame({"start": [steps[-window]], "end": [steps[-1]], "label": [label]})
    return {"curves": curves, "window": window_frame}


def _colour(models: tuple[str, ...]) -> alt.Color:
    return (
        alt.Color("model:N")
        .scale(domain=list(models), range=[PALETTE[i % len(PALETTE)] for i in range(len(models))])
        .title(" ")  # a null title breaks the legend in Streamlit (streamlit#9339)
    )


@functools.cache
def _template(
    models: tuple[str, ...], y_domain: tuple[float, float], height: int
) -> alt.LayerChart:
    x = (
        alt.X("step:Q")
        .title("Training step (checkpoint)")
        .scale(zero=False, nice=False)
        .axis(format="~g", tickMinStep=1)  # whole steps: 1, 2, 3, never 1.5 on a wide chart
    )
    y = alt.Y("score:Q").title("Benchmark score (%)").scale(domain=list(y_domain), clamp=True)
    tooltip = [
        alt.Tooltip("model:N").title("Model"),
        alt.Tooltip("step:Q").title("Step").format(",d"),
        alt.Tooltip("score:Q").title("Measured (%)").format(".1f"),
        alt.Tooltip("averaged:Q").title("Averaged (%)").format(".1f"),
        alt.Tooltip("true:Q").title("True (%)").format(".1f"),
    ]
    colour = _colour(models)
    shade = (
        alt.Chart(alt.NamedData("window"))
        .mark_rect(color=GREY, opacity=0.15)
        .encode(
            x=alt.X("start:Q"),
            x2="end:Q",
            tooltip=[
                alt.Tooltip("label:N").title("Shaded"),
                alt.Tooltip("start:Q").title("From step").format(",d"),
                alt.Tooltip("end:Q").title("To step").format(",d"),
            ],
        )
    )
    base = alt.Chart(alt.NamedData("curves")).encode(x=x, color=colour, tooltip=tooltip)
    measured = base.mark_line(strokeWidth=1, opacity=0.55, point=True, clip=True).encode(y=y)
    averaged = base.mark_line(strokeWidth=3, clip=True).encode(y=alt.Y("averaged:Q"))
    true = (
        base.transform_filter("isValid(datum.true)")
        .mark_line(strokeWidth=1.5, strokeDash=[5, 4], clip=True)
        .encode(y=alt.Y("true:Q"))
    )
    chart = alt.layer(shade, measured, averaged, true).properties(
        width="container",
        height=height,
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )
    return style(chart)


@functools.cache
def _spec_json(models: tuple[str, ...], y_domain: tuple[float, float], height: int) -> str:
    return json.dumps(_template(models, y_domain, height).to_dict())


def curves_spec(
    models: tuple[str, ...], *, y_domain: tuple[float, float] = (0.0, 100.0), height: int = 380
) -> dict:
    """The curves chart's spec without data, for these model names (a fresh copy each call).

    >>> [layer["mark"]["type"] for layer in curves_spec(("A", "B"))["layer"]]
    ['rect', 'line', 'line', 'line']
    """
    return json.loads(_spec_json(tuple(models), tuple(map(float, y_domain)), height))


def curves_chart(
    frames: dict[str, pd.DataFrame],
    *,
    y_domain: tuple[float, float] = (0.0, 100.0),
    height: int = 380,
) -> alt.LayerChart:
    """Measured, averaged and true training curves, with the noise window shaded."""
    models = tuple(dict.fromkeys(frames["curves"]["model"]))
    chart = _template(models, tuple(map(float, y_domain)), height).copy(deep=False)
    return chart.properties(
        datasets={k: alt.utils.data.to_values(v)["values"] for k, v in frames.items()}
    )


def curves_figure(
    frames: dict[str, pd.DataFrame],
    *,
    y_domain: tuple[float, float] = (0.0, 100.0),
    height: int = 380,
) -> Figure:
    """The curves chart as a :class:`~benchstats.charts.Figure`.

    >>> from benchstats.signal_noise import simulate_checkpoints
    >>> f = curves_figure(curve_frames(simulate_checkpoints([0.4, 0.5], seed=1)))
    >>> f.name, sorted(f.spec["datasets"])
    ('checkpoint-curves', ['curves', 'window'])
    """
    models = tuple(dict.fromkeys(frames["curves"]["model"]))
    return Figure(
        spec=with_datasets(curves_spec(models, y_domain=y_domain, height=height), **frames),
        picture=functools.partial(curves_chart, frames, y_domain=y_domain, height=height),
        table=frames["curves"],
        name="checkpoint-curves",
        alt_text=(
            f"Benchmark score at each training checkpoint for {words.plural(len(models), 'model')}: "
            "measured scores thin, averaged scores thick, true curves dashed, and the last "
            "checkpoints, where the noise is measured, shaded."
        ),
    )


# --------------------------------------------------------------------------- MDE


def mde_frame(
    questions=(100, 200, 500, 1000, 2000, 5000, 10000), *, discordance: float = 0.2
) -> pd.DataFrame:
    """Smallest detectable change between checkpoints (points) at each number of questions.

    Sizes at which no change is detectable (:func:`detectable_change`) are left out.

    >>> mde_frame((200, 5000))["change"].round(1).tolist()
    [8.9, 1.8]
    >>> mde_frame((200, 5000), discordance=0.01)["questions"].tolist()
    [5000]
    """
    n = np.asarray(questions, dtype=np.int64)
    change = np.atleast_1d(detectable_change(n, discordance=discordance)) * 100
    keep = ~np.isnan(change)
    return pd.DataFrame(
        {"questions": n[keep], "change": change[keep], "discordance": discordance * 100}
    )


def mde_chart(frame: pd.DataFrame, *, height: int = 300) -> alt.Chart:
    """The smallest detectable change against questions, both axes logarithmic."""
    chart = (
        alt.Chart(frame)
        .mark_line(color=BLUE, strokeWidth=3, point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("questions:Q").title("Questions (log scale)").scale(type="log"),
            y=alt.Y("change:Q")
            .title("Detectable change (points, log)")  # short: a 390-px phone cut the longer one
            .scale(type="log"),
            tooltip=[
                alt.Tooltip("questions:Q").title("Questions").format(",d"),
                alt.Tooltip("change:Q").title("Smallest detectable change (points)").format(".1f"),
                alt.Tooltip("discordance:Q").title("Checkpoints disagree on (%)").format(".0f"),
            ],
        )
        .properties(width="container", height=height)
    )
    return style(chart)


@functools.cache
def _mde_spec() -> str:
    """The MDE chart's spec without its rows, built once (Altair's to_dict is slow)."""
    return json.dumps(mde_chart(alt.NamedData("rows")).to_dict())


def mde_figure(frame: pd.DataFrame) -> Figure:
    """The MDE chart as a :class:`~benchstats.charts.Figure`.

    >>> mde_figure(mde_frame((200, 5000))).name
    'checkpoint-mde'
    """
    return Figure(
        spec=with_datasets(json.loads(_mde_spec()), rows=frame),
        picture=functools.partial(mde_chart, frame),
        table=frame,
        name="checkpoint-mde",
        alt_text=(
            "The smallest change between two checkpoints that a benchmark can detect falls "
            "with the square root of its number of questions."
        ),
    )


# --------------------------------------------------------------------------- over n


def _ways(average: int) -> dict[str, int]:
    """The ways a model is scored over n: its last checkpoint, and the mean of the last k."""
    ways = {"Last checkpoint": 1}
    if average > 1:
        ways[f"Mean of the last {words.plural(average, 'checkpoint')}"] = average
    return ways


def pick_by_n(
    final_scores, questions, *, average: int = 1, seed: int | None = 0, runs: int = 20_000
) -> np.ndarray:
    """:func:`~benchstats.signal_noise.chance_picks_winner` for each way of scoring × each n.

    The slow half of :func:`by_n_frame`, and the half that reads neither the
    checkpoints, the chance level nor the window: a page can keep it while
    those change.

    >>> pick_by_n((0.4, 0.5), (100, 1000), average=3, seed=1).shape
    (2, 2)
    """
    n = np.asarray(questions, dtype=np.int64)
    k = np.array(list(_ways(average).values()))[:, None]  # one draw serves every n and both ways
    return np.asarray(chance_picks_winner(final_scores, n, average=k, runs=runs, seed=seed))


def by_n_frame(
    final_scores,
    questions,
    *,
    checkpoints: int = 20,
    chance: float = 0.25,
    window: int = 5,
    average: int = 1,
    seed: int | None = 0,
    runs: int = 20_000,
    pick: np.ndarray | None = None,
) -> pd.DataFrame:
    """SNR and the chance of picking the true winner at each number of questions.

    For each n: the seeded curves of :func:`~benchstats.signal_noise.simulate_checkpoints`
    (the same seed at every n) and their :func:`~benchstats.signal_noise.snr_of_runs`,
    and :func:`~benchstats.signal_noise.chance_picks_winner`, for the last checkpoint
    alone and for the mean of the last ``average``. Long format: one row per n and way
    of scoring (``measure``); ``pick`` in percent, from ``runs`` simulated rankings.
    ``pick``, when given, is :func:`pick_by_n` of the same scores, questions,
    average, seed and runs, worked out earlier.

    >>> f = by_n_frame((0.4, 0.5), (100, 1000), checkpoints=8, average=3, seed=1)
    >>> f.columns.tolist(), f["measure"].unique().tolist()
    (['questions', 'measure', 'snr', 'pick'], ['Last checkpoint', 'Mean of the last 3 checkpoints'])
    """
    n = np.asarray(questions, dtype=np.int64)
    ways = _ways(average)
    observed = [
        simulate_checkpoints(
            final_scores, n=int(m), checkpoints=checkpoints, chance=chance, seed=seed
        ).observed
        for m in n
    ]  # one set of curves per n, scored both ways
    if pick is None:
        pick = pick_by_n(final_scores, n, average=average, seed=seed, runs=runs)
    return pd.DataFrame(
        {
            "questions": np.tile(n, len(ways)),
            "measure": [label for label in ways for _ in n],
            "snr": [
                snr_of_runs(x, window=window, average=a).snr
                for a in ways.values()
                for x in observed
            ],
            "pick": 100 * pick.ravel(),
        }
    )


def _by_n_chart(data, field: str, title: str, height: int, measures: tuple, domain: tuple):
    y = alt.Y(f"{field}:Q").title(title)
    y = y.scale(type="log") if field == "snr" else y.scale(domain=[0, 100])
    chart = (
        alt.Chart(data)
        .mark_line(strokeWidth=3, point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("questions:Q")
            .title("Questions per checkpoint (log scale)")
            .scale(type="log", domain=list(domain)),
            y=y,
            color=alt.Color("measure:N")
            .scale(domain=list(measures), range=[BLUE, ORANGE][: len(measures)])
            .legend(columns=1, labelLimit=0)
            .title(" "),
            tooltip=[
                alt.Tooltip("questions:Q").title("Questions").format(",d"),
                alt.Tooltip("measure:N").title("Score"),
                alt.Tooltip(f"{field}:Q").title(title).format(".1f"),
            ],
        )
        .properties(width="container", height=height)
    )
    return style(chart)


@functools.cache
def _by_n_spec(*args) -> str:
    """An over-n chart's spec without its rows, built once per shape (to_dict is slow)."""
    return json.dumps(_by_n_chart(alt.NamedData("rows"), *args).to_dict())


def _by_n_figure(frame, field: str, title: str, name: str, alt_text: str, height: int) -> Figure:
    measures = tuple(dict.fromkeys(frame["measure"]))
    domain = (int(frame["questions"].min()), int(frame["questions"].max()))
    args = (field, title, height, measures, domain)
    return Figure(
        spec=with_datasets(json.loads(_by_n_spec(*args)), rows=frame),
        picture=functools.partial(_by_n_chart, frame, *args),
        table=frame,
        name=name,
        alt_text=alt_text,
    )


def snr_n_figure(frame: pd.DataFrame, *, height: int = 300) -> Figure:
    """The SNR against questions (both axes logarithmic), one line per way of scoring.

    >>> snr_n_figure(by_n_frame((0.4, 0.5), (100, 1000), checkpoints=8, seed=1)).name
    'snr-by-questions'
    """
    alt_text = "The signal-to-noise ratio rises with the number of questions per checkpoint."
    title = "SNR (log scale)"  # short: a longer title ran past the chart's 300-px height
    return _by_n_figure(frame, "snr", title, "snr-by-questions", alt_text, height)


def pick_n_figure(frame: pd.DataFrame, *, height: int = 300) -> Figure:
    """The chance that the best measured model is the truly best one, against questions.

    >>> pick_n_figure(by_n_frame((0.4, 0.5), (100, 1000), checkpoints=8, seed=1)).name
    'winner-by-questions'
    """
    alt_text = (
        "The chance that the model with the best measured score is the truly best one "
        "rises with the number of questions per checkpoint."
    )
    title = "Picks the true winner (%)"
    return _by_n_figure(frame, "pick", title, "winner-by-questions", alt_text, height)
