"""The sections of the Signal and noise page, in the order the page draws them.

Each takes results (from :mod:`benchstats.signal_noise`) and the reader's
:class:`~ui.sections.signal_noise_inputs.Setup`; sentences come from
:mod:`benchstats.prose.signal_noise`, charts go through :func:`ui.figure.show`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace

import pandas as pd
import streamlit as st

from benchstats import words
from benchstats.charts import Caption
from benchstats.charts import signal_noise as charts
from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import CheckpointRuns, SignalNoise, detectable_change, snr_of_runs
from ui import figure, lazy, predict, view
from ui.sections import signal_noise_data as data
from ui.sections.needed_inputs import permalink
from ui.sections.signal_noise_inputs import DESCRIBED, Setup, discordance, seed

INTRO = (
    "A benchmark helps you choose between training runs when the **signal** — how far apart "
    "genuinely different models score — is large against the **noise**, how much one model's "
    "score jitters from one checkpoint to the next late in training. Their ratio is the "
    "signal-to-noise ratio (SNR), as Heineman et al. (2025) define it: the largest gap between "
    "the models' final scores over their mean, divided by the standard deviation of one "
    "model's last checkpoints over their mean."
)


CHART_BOX = (
    420  # px: two charts side by side where the page has 2 × 420 px, else one under the other
)
MDE_TABLE, MDE_CHART = 300, 480  # px: the MDE table and its chart, side by side where both fit
TABS = ("Training curves", "More questions, more signal", "Accuracy against a continuous metric")
TABS_KEY = "signal-tabs"  # lazy.tabs key: the widget key is lazy.PREFIX + this


def _caption(setup: Setup, title: str, verdict: str) -> Caption:
    inputs = (
        ("Models", DESCRIBED[setup.preset]),
        ("Average the last k", words.count(setup.average)),
    )
    if setup.n is not None:
        inputs += (("Questions per checkpoint", words.count(setup.n)),)
    return Caption(title, verdict.replace("**", ""), permalink(setup.query()), inputs)


def _pair() -> tuple:
    """Two boxes for two charts: side by side where they fit, else stacked; stacked in the room.

    In the room the charts simply follow each other on the page (no box: a
    block less each, the same look).
    """
    if view.is_room():
        return contextlib.nullcontext(), contextlib.nullcontext()
    row = st.container(horizontal=True, wrap=True, gap="medium")
    return row.container(width=CHART_BOX), row.container(width=CHART_BOX)


@st.fragment
def seeded(
    setup: Setup, table: CheckpointRuns | None, predict_on: bool, answer_area, seed_slot
) -> None:
    """The seed and all it draws: the answer, the curves, the ratio over n, the toy benchmark.

    A fragment: a new seed (or a guess, a reveal, a tab) reruns this part
    only. The seed's input goes in ``seed_slot`` and the answer in
    ``answer_area``, containers of the page above this part that Streamlit
    redraws in place on a fragment rerun. The parts after the curves sit in
    lazy tabs, drawn only while open (their inputs are all outside them).
    """
    setup = replace(setup, seed=seed(seed_slot))
    # answer_area is written straight into (Streamlit gives a fragment's writes there one
    # wrapper block, kept from run to run): no box of its own, a block less each rerun. A run
    # writes there whenever ``runs`` is not None, which only a full rerun changes.
    answer_box = answer_area
    runs = table
    if setup.simulated:
        runs = data.simulated(setup.finals, setup.n, setup.checkpoints, setup.chance, setup.seed)
    revealed = True
    if setup.simulated and predict_on:
        picked = data.picks(setup.finals, setup.n, setup.average, setup.seed)
        ask = question(setup, picked)
        revealed = predict.gate(ask, key="signal", on=True, container=answer_box)
    sentence = _answer_of(runs, setup, revealed, answer_box)
    parts: tuple[Callable[[], None], ...] = (
        lambda: _curves_part(runs, setup, sentence),
        lambda: _over_n_part(setup, revealed),
        lambda: _toy_part(setup),
    )
    for tab, draw in zip(lazy.tabs(list(TABS), key=TABS_KEY), parts, strict=True):
        if tab.open:
            with tab:
                draw()


def _answer_of(runs: CheckpointRuns | None, setup: Setup, revealed: bool, box) -> str:
    """The answer in ``box`` once revealed; returns its sentence ("" when there is none)."""
    if runs is None:
        return ""
    try:
        one = snr_of_runs(runs.observed, window=setup.window, average=1)
        averaged = snr_of_runs(runs.observed, window=setup.window, average=setup.average)
    except ValueError as err:
        box.error(f"The ratio can't be worked out: {err}.", icon=":material/error:")
        return ""
    if not revealed:
        return ""
    with box:
        return answer(one, averaged, setup, runs.n)


def _curves_part(runs: CheckpointRuns | None, setup: Setup, sentence: str) -> None:
    if runs is None:
        st.info(
            "The curves appear once the table above can be drawn.", icon=":material/table_rows:"
        )
        return
    try:
        curves(data.curve_frames(setup, runs), setup, sentence)
    except ValueError as err:
        st.error(f"These curves can't be drawn: {err}.", icon=":material/error:")


def _over_n_part(setup: Setup, revealed: bool) -> None:
    if not setup.simulated:
        over_n_needs_simulation()
    elif not revealed:
        st.info(
            "Make your guess above first: this part gives the answer away.",
            icon=":material/visibility_off:",
        )
    else:
        try:
            frame = data.by_n(
                setup.finals, setup.checkpoints, setup.chance, setup.window, setup.average,
                setup.seed,
            )  # fmt: skip
            over_n(setup, frame, data.picks(setup.finals, setup.n, setup.average, setup.seed))
        except ValueError as err:
            st.error(f"These settings can't be worked out: {err}.", icon=":material/error:")


def _toy_part(setup: Setup) -> None:
    try:
        toy(data.toy_view(setup.seed, setup.average, setup.window), setup)
    except ValueError as err:
        st.error(f"The toy benchmark can't be worked out: {err}.", icon=":material/error:")


def question(setup: Setup, picked: tuple[float, float]) -> predict.Question:
    """Predict first: how often does the final checkpoint name the truly best model?"""
    return predict.Question(prose.question(setup.n), answer=picked[0], kind=predict.PERCENT)


def answer(one: SignalNoise, averaged: SignalNoise, setup: Setup, n: int | None) -> str:
    """The answer first: the SNR in one sentence, the numbers behind it on a line. Returns it.

    One Markdown element, not a heading and three metric tiles in a row: a
    seed edit redraws it, and in Chromium four elements fewer take about
    5 ms off each edit.
    """
    sentence = prose.answer(one, averaged, setup.average, n)
    numbers = [
        ("SNR, last checkpoint", prose.ratio(one)),
        (f"SNR, mean of last {setup.average}", prose.ratio(averaged)),
    ]
    if not view.is_room():
        numbers.append(("Checkpoint jitter", f"{words.points(one.jitter, signed=False)} points"))
    line = " · ".join(f"{label}: **{value}**" for label, value in numbers)
    st.markdown(f"### {sentence}\n\n{line}")
    return sentence


def curves(frames: data.Frames, setup: Setup, sentence: str) -> None:
    """The training curves: measured thin, averaged thick, true dashed, the noise window shaded."""
    title = f"Training curves: {DESCRIBED[setup.preset]}"
    figure.show(
        charts.curves_figure(frames), key="sn_curves", caption=_caption(setup, title, sentence)
    )


def over_n(setup: Setup, frame: pd.DataFrame, picked: tuple[float, float]) -> None:
    """How the SNR and the chance of picking the true winner change with the benchmark's size."""
    st.markdown(prose.pick_sentence(setup.n, *picked, setup.average))
    left, right = _pair()
    verdict = prose.pick_sentence(setup.n, *picked, setup.average)
    with left:
        figure.show(
            charts.snr_n_figure(frame),
            key="sn_snr_n",
            caption=_caption(setup, "Signal-to-noise ratio against questions", verdict),
        )
    with right:
        figure.show(
            charts.pick_n_figure(frame),
            key="sn_pick_n",
            caption=_caption(setup, "Chance of picking the true winner against questions", verdict),
        )


def over_n_needs_simulation() -> None:
    """Table mode: the over-n charts need models whose true scores are known."""
    st.info(
        "This part needs models whose true scores are known: choose one of the simulated "
        "sets of models above to see how the ratio and the chance of picking the winner "
        "grow with the number of questions.",
        icon=":material/science:",
    )


def toy(scored: tuple[data.Frames, data.Frames, tuple[SignalNoise, ...]], setup: Setup) -> None:
    """The same toy checkpoints scored by accuracy and by the probability of the right answer."""
    accuracy, probability, results = scored
    intro = prose.toy_intro(data.TOY["n"], data.TOY["options"], data.TOY["checkpoints"])
    sentence = prose.toy_sentence(*results)
    st.markdown(f"{intro}\n\n{sentence}")  # one element for both paragraphs
    for col, frames, label, key in zip(
        _pair(),
        (accuracy, probability),
        ("Accuracy", "Probability of the right answer"),
        ("sn_toy_accuracy", "sn_toy_probability"),
        strict=True,
    ):
        with col:
            st.markdown(f"**{label}**")
            caption = _caption(setup, f"Toy benchmark scored by {label.lower()}", sentence)
            figure.show(charts.curves_figure(frames), key=key, caption=caption)


@st.fragment
def mde(setup: Setup, n: int | None) -> None:
    """The smallest change between checkpoints a benchmark detects, with its own slider.

    A fragment: moving the discordance reruns this part only.
    """
    d = discordance(st)
    table, frame, needed = data.mde_rows(d)
    change = None if n is None else detectable_change(n, discordance=d)
    sentence = prose.mde_sentence(n, change, needed, d)
    st.markdown(sentence)
    # the table beside the chart where both fit, in a wrapping row (not st.columns: a columns
    # row costs more on every rerun of the page); in the room one under the other, unboxed
    table_box, chart_box = (st, contextlib.nullcontext()) if view.is_room() else _mde_row()
    table_box.table(table)
    with chart_box:
        caption = _caption(setup, "Smallest detectable change between checkpoints", sentence)
        caption = replace(caption, source=f"{caption.source}&discordance={d * 100:g}")
        figure.show(charts.mde_figure(frame), key="sn_mde", caption=caption)


def _mde_row() -> tuple:
    """The MDE table's box and the chart's, side by side where they fit, else stacked."""
    row = st.container(horizontal=True, wrap=True, gap="medium")
    return row.container(width=MDE_TABLE), row.container(width=MDE_CHART)


def quoted() -> None:
    """The articles' own figures, quoted with their source, not computed here."""
    rows = pd.DataFrame(
        [(what, before, after) for what, before, after in prose.QUOTED],
        columns=["Quoted figure", "Before", "After"],
    )
    st.table(rows.set_index("Quoted figure"))
    st.markdown(f"Quoted from {prose.SOURCE}; not recomputed on this page.")
