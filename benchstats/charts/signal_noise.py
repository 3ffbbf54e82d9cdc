"""Checkpoint charts: training curves and the noise window, the ratio over n, the checkpoint MDE."""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import (
    BLUE,
    FIT_X,
    GREEN,
    GREY,
    ORANGE,
    PURPLE,
    SKY,
    VERMILLION,
    YELLOW,
    Figure,
    headed,
    slotted_figure,
    style,
)
from benchstats.language import N_, _, pgettext
from benchstats.signal_noise import CheckpointRuns, detectable_change, trailing_mean

PALETTE = [BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY, YELLOW, GREY]


def curve_frames(
    runs: CheckpointRuns, *, average: int = 1, window: int = 5
) -> dict[str, pd.DataFrame]:
    """The curves chart's data sets (percent): ``curves``, and the noise ``window`` shaded.

    >>> from benchstats.signal_noise import simulate_checkpoints
    >>> f = curve_frames(simulate_checkpoints([0.4, 0.5], checkpoints=6, seed=1), average=2, window=3)
    >>> list(f["curves"].columns), len(f["curves"]), f["window"][["start", "end"]].values.tolist()
    (['model', 'step', 'score', 'averaged', 'true'], 12, [[4, 6]])
    """
    steps = runs.steps
    if not 1 <= window <= steps.size:
        msg = f"window must be 1 … {steps.size} checkpoints, got {window!r}"
        raise ValueError(msg)
    m, c = runs.observed.shape
    true = runs.true if runs.true is not None else np.full((m, c), np.nan)
    curves = pd.DataFrame(
        {
            "model": np.repeat(runs.names, c),
            "step": np.tile(steps, m),
            "score": runs.observed.ravel() * 100,
            "averaged": trailing_mean(runs.observed, average).ravel() * 100,
            "true": true.ravel() * 100,
        }
    )
    # TRANSLATORS: the shaded part of the curves chart; {checkpoints} "5 checkpoints".
    label = _("Last {checkpoints}: the noise window").format(
        checkpoints=words.plural(window, "checkpoint")
    )
    shaded = pd.DataFrame({"start": [steps[-window]], "end": [steps[-1]], "label": [label]})
    return {"curves": curves, "window": shaded}


def _curves_chart(*, curves, window) -> alt.LayerChart:
    x = (
        alt.X("step:Q")
        .title(_("Training step (checkpoint)"))
        .scale(zero=False, nice=False)
        .axis(format="~f", tickMinStep=1)  # whole steps: 1, 2, 3, never 1.5 or 1e+1
    )
    y = alt.Y("score:Q").title(_("Benchmark score (%)")).scale(zero=False)
    shade = (
        alt.Chart(window)
        .mark_rect(color=GREY, opacity=0.15)
        .encode(
            x=alt.X("start:Q"),
            x2="end:Q",
            tooltip=[
                alt.Tooltip("label:N").title(_("Shaded")),
                alt.Tooltip("start:Q").title(_("From step")).format(",d"),
                alt.Tooltip("end:Q").title(_("To step")).format(",d"),
            ],
        )
    )
    base = alt.Chart(curves).encode(
        x=x,
        color=alt.Color("model:N").scale(range=PALETTE).title(" "),  # " ": streamlit#9339
        tooltip=[
            alt.Tooltip("model:N").title(_("Model")),
            alt.Tooltip("step:Q").title(_("Step")).format(",d"),
            alt.Tooltip("score:Q").title(_("Measured (%)")).format(".1f"),
            alt.Tooltip("averaged:Q").title(_("Averaged (%)")).format(".1f"),
            alt.Tooltip("true:Q").title(_("True (%)")).format(".1f"),
        ],
    )
    measured = base.mark_line(strokeWidth=1, opacity=0.55, point=True, clip=True).encode(y=y)
    averaged = base.mark_line(strokeWidth=3, clip=True).encode(y=alt.Y("averaged:Q"))
    true = (
        base.transform_filter("isValid(datum.true)")
        .mark_line(strokeWidth=1.5, strokeDash=[5, 4], clip=True)
        .encode(y=alt.Y("true:Q"))
    )
    chart = alt.layer(shade, measured, averaged, true).properties(
        width="container", height=340, autosize=FIT_X
    )
    return style(chart)


def curves_figure(frames: dict[str, pd.DataFrame]) -> Figure:
    """Each model's measured scores thin, their trailing mean thick, the true curves (where
    known) dashed, the last checkpoints, where the noise is measured, shaded.

    >>> from benchstats.signal_noise import simulate_checkpoints
    >>> f = curves_figure(curve_frames(simulate_checkpoints([0.4, 0.5], seed=1)))
    >>> f.name, sorted(f.spec["datasets"]), [layer["mark"]["type"] for layer in f.spec["layer"]]
    ('checkpoint-curves', ['curves', 'window'], ['rect', 'line', 'line', 'line'])
    """
    models = list(dict.fromkeys(frames["curves"]["model"]))
    # TRANSLATORS: the curves chart in words; {models} the models' names, comma-separated.
    text = _(
        "Benchmark score at each training checkpoint for {models}: measured scores thin, "
        "averaged scores thick, true curves dashed, and the last checkpoints, where the noise "
        "is measured, shaded."
    ).format(models=", ".join(models))
    table = in_language(frames["curves"])
    return slotted_figure(
        _curves_chart, name="checkpoint-curves", alt_text=text, table=table, **frames
    )


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


def _mde_chart(*, rows) -> alt.Chart:
    chart = (
        alt.Chart(rows)
        .mark_line(color=BLUE, strokeWidth=3, point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("questions:Q").title(_("Questions (log scale)")).scale(type="log", nice=False),
            y=alt.Y("change:Q")
            .title(_("Change (points, log scale)"))  # short: a longer one ran past the chart
            .scale(type="log"),
            tooltip=[
                alt.Tooltip("questions:Q").title(_("Questions")).format(",d"),
                alt.Tooltip("change:Q")
                .title(_("Smallest detectable change (points)"))
                .format(".1f"),
                alt.Tooltip("discordance:Q").title(_("Checkpoints disagree on (%)")).format(".0f"),
            ],
        )
        .properties(width="container", height=300)
    )
    return style(chart)


def mde_figure(frame: pd.DataFrame) -> Figure:
    """The smallest detectable change against questions, both axes logarithmic."""
    if len(frame):
        # TRANSLATORS: the MDE chart in words; {share} the questions two checkpoints disagree
        # on ("20%").
        text = _(
            "The smallest change between two checkpoints that disagree on {share} of the "
            "questions falls with the square root of the number of questions."
        ).format(share=words.score(float(frame["discordance"].iloc[0]) / 100))
    else:
        text = _(
            "The smallest change between two checkpoints that disagree on this of the "
            "questions falls with the square root of the number of questions."
        )
    table = in_language(frame)
    return slotted_figure(_mde_chart, name="checkpoint-mde", alt_text=text, table=table, rows=frame)


def by_n_frame(questions, snr: np.ndarray, pick: np.ndarray, average: int) -> pd.DataFrame:
    """The ratio and the chance (percent) of picking the true winner, one row per n and way.

    ``snr`` and ``pick`` are ways × questions: the last checkpoint, then
    (``average`` > 1) the mean of the last ``average``.

    >>> by_n_frame((100, 1000), np.ones((2, 2)), np.full((2, 2), 0.5), 3)["measure"].unique().tolist()
    ['Last checkpoint', 'Mean of the last 3 checkpoints']
    """
    # TRANSLATORS: a way of scoring a model, in the legend; {checkpoints} "3 checkpoints".
    mean = _("Mean of the last {checkpoints}").format(
        checkpoints=words.plural(average, "checkpoint")
    )
    ways = [_("Last checkpoint")] + ([mean] if average > 1 else [])
    n = np.asarray(questions, dtype=np.int64)
    return pd.DataFrame(
        {
            "questions": np.tile(n, len(ways)),
            "measure": np.repeat(ways, n.size),
            "snr": np.asarray(snr)[: len(ways)].ravel(),
            "pick": 100 * np.asarray(pick)[: len(ways)].ravel(),
        }
    )


def _by_n_chart(field: str, title: str, *, rows) -> alt.Chart:
    y = alt.Y(f"{field}:Q").title(title)
    y = y.scale(type="log") if field == "snr" else y.scale(domain=[0, 100])
    chart = (
        alt.Chart(rows)
        .mark_line(strokeWidth=3, point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("questions:Q")
            .title(_("Questions per checkpoint (log scale)"))
            .scale(type="log", nice=False),
            y=y,
            color=alt.Color("measure:N")
            .scale(range=[BLUE, ORANGE])
            .sort(None)
            .legend(columns=1, labelLimit=0)
            .title(" "),
            tooltip=[
                alt.Tooltip("questions:Q").title(_("Questions")).format(",d"),
                alt.Tooltip("measure:N").title(_("Score")),
                alt.Tooltip(f"{field}:Q").title(title).format(".1f"),
            ],
        )
        .properties(width="container", height=300)
    )
    return style(chart)


SNR_TITLE = N_("SNR (log scale)")  # short: a longer title ran past the chart's 300-px height
PICK_TITLE = N_("Picks the true winner (%)")


def snr_n_figure(frame: pd.DataFrame) -> Figure:
    """The SNR against questions (both axes logarithmic), one line per way of scoring."""
    text = _("The signal-to-noise ratio rises with the number of questions per checkpoint.")
    return slotted_figure(
        _by_n_chart, "snr", _(SNR_TITLE), name="snr-by-questions", alt_text=text,
        table=in_language(frame), rows=frame,
    )  # fmt: skip


def pick_n_figure(frame: pd.DataFrame) -> Figure:
    """The chance that the best measured model is the truly best one, against questions."""
    text = _(
        "The chance that the model with the best measured score is the truly best one "
        "rises with the number of questions per checkpoint."
    )
    return slotted_figure(
        _by_n_chart, "pick", _(PICK_TITLE), name="winner-by-questions", alt_text=text,
        table=in_language(frame), rows=frame,
    )  # fmt: skip


def in_language(frame: pd.DataFrame) -> pd.DataFrame:
    """A chart's frame as its CSV download, the headers in the run's language."""
    return headed(frame, csv_columns())


def csv_columns() -> dict[str, str]:
    """The CSV downloads' headers in the run's language ({column: header}); their numbers stay
    machine-readable (a dot, no grouping) whatever the language."""
    # TRANSLATORS: the column names of Signal and noise's CSV downloads: short, no spaces (a
    # spreadsheet's or a script's names). snr = signal-to-noise ratio, pick = percent of draws
    # that pick the true winner, change = smallest detectable change in points.
    return {
        "model": pgettext("CSV column", "model"),
        "step": pgettext("CSV column", "step"),
        "score": pgettext("CSV column", "score"),
        "averaged": pgettext("CSV column", "averaged"),
        "true": pgettext("CSV column", "true"),
        "questions": pgettext("CSV column", "questions"),
        "change": pgettext("CSV column", "change"),
        "discordance": pgettext("CSV column", "discordance"),
        "measure": pgettext("CSV column", "measure"),
        "snr": pgettext("CSV column", "snr"),
        "pick": pgettext("CSV column", "pick"),
    }
