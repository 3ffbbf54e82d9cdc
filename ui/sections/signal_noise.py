"""The sections of the Signal and noise page, in the order the page draws them.

Each takes results (from :mod:`benchstats.signal_noise`) and the reader's
:class:`~ui.sections.signal_noise_inputs.Setup`; sentences come from
:mod:`benchstats.prose.signal_noise`, charts go through :func:`ui.figure.show`.
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from benchstats import words
from benchstats.charts import Caption
from benchstats.charts import signal_noise as charts
from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import (
    CheckpointRuns,
    SignalNoise,
    checkpoint_mde,
    checkpoint_questions,
)
from ui import figure, predict, view
from ui.sections.needed_inputs import permalink
from ui.sections.signal_noise_data import TOY
from ui.sections.signal_noise_inputs import NAMES, Setup

ARTICLE_QUESTIONS = (200, 500, 1_000, 2_000, 5_000)  # the articles' MDE row

INTRO = (
    "A benchmark helps you choose between training runs when the **signal** — how far apart "
    "genuinely different models score — is large against the **noise**, how much one model's "
    "score jitters from one checkpoint to the next late in training. Their ratio is the "
    "signal-to-noise ratio (SNR), as Heineman et al. (2025) define it: the largest gap between "
    "the models' final scores over their mean, divided by the standard deviation of one "
    "model's last checkpoints over their mean."
)


def _caption(setup: Setup, title: str, verdict: str) -> Caption:
    inputs = (("Models", NAMES[setup.preset]), ("Average the last k", words.count(setup.average)))
    if setup.n is not None:
        inputs += (("Questions per checkpoint", words.count(setup.n)),)
    return Caption(title, verdict.replace("**", ""), permalink(setup.query()), inputs)


def question(setup: Setup, picked: tuple[float, float]) -> predict.Question:
    """Predict first: how often does the final checkpoint name the truly best model?"""
    text = (
        f"On {words.plural(setup.n, 'question')} a checkpoint, how often does the model with "
        "the best final checkpoint turn out to be the truly best one?"
    )
    return predict.Question(text, answer=picked[0], kind=predict.PERCENT)


def answer(one: SignalNoise, averaged: SignalNoise, setup: Setup, n: int | None) -> str:
    """The answer first: the SNR in one sentence, and the tiles behind it. Returns the sentence."""
    sentence = prose.answer(one, averaged, setup.average, n)
    st.markdown(f"### {sentence}")
    cols = st.columns(1 if view.is_room() else 3)
    cols[0].metric("SNR, last checkpoint", prose.ratio(one))
    cols[-1 if view.is_room() else 1].metric(
        f"SNR, mean of the last {words.plural(setup.average, 'checkpoint')}", prose.ratio(averaged)
    )
    if not view.is_room():
        cols[2].metric(
            "Jitter of one checkpoint", f"{words.points(one.jitter, signed=False)} points"
        )
    return sentence


def curves(runs: CheckpointRuns, setup: Setup, sentence: str) -> None:
    """The training curves: measured thin, averaged thick, true dashed, the noise window shaded."""
    frames = charts.curve_frames(runs, average=setup.average, window=setup.window)
    title = f"Training curves: {NAMES[setup.preset]}"
    figure.show(
        charts.curves_figure(frames), key="sn_curves", caption=_caption(setup, title, sentence)
    )


def over_n(setup: Setup, frame: pd.DataFrame, picked: tuple[float, float]) -> None:
    """How the SNR and the chance of picking the true winner change with the benchmark's size."""
    st.markdown(prose.pick_sentence(setup.n, *picked, setup.average))
    cols = st.columns(1 if view.is_room() else 2)
    verdict = prose.pick_sentence(setup.n, *picked, setup.average)
    with cols[0]:
        figure.show(
            charts.snr_n_figure(frame),
            key="sn_snr_n",
            caption=_caption(setup, "Signal-to-noise ratio against questions", verdict),
        )
    with cols[-1]:
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


def toy(accuracy: CheckpointRuns, probability: CheckpointRuns, results, setup: Setup) -> None:
    """The same toy checkpoints scored by accuracy and by the probability of the right answer."""
    st.markdown(prose.toy_intro(TOY["n"], TOY["options"], TOY["checkpoints"]))
    sentence = prose.toy_sentence(*results)
    st.markdown(sentence)
    cols = st.columns(1 if view.is_room() else 2)
    for col, runs, label, key in (
        (cols[0], accuracy, "Accuracy", "sn_toy_accuracy"),
        (cols[-1], probability, "Probability of the right answer", "sn_toy_probability"),
    ):
        with col:
            st.markdown(f"**{label}**")
            frames = charts.curve_frames(runs, average=setup.average, window=setup.window)
            caption = _caption(setup, f"Toy benchmark scored by {label.lower()}", sentence)
            figure.show(charts.curves_figure(frames), key=key, caption=caption)


def mde(setup: Setup, n: int | None, d: float) -> None:
    """The smallest change between checkpoints a benchmark detects at discordance d: the articles' row."""
    rows = pd.DataFrame(
        {
            "Questions": [words.count(q) for q in ARTICLE_QUESTIONS],
            "Smallest detectable change (points)": [
                words.points(checkpoint_mde(q, discordance=d), signed=False)
                for q in ARTICLE_QUESTIONS
            ],
        }
    )
    needed = checkpoint_questions(0.02, discordance=d)
    change = None if n is None else checkpoint_mde(n, discordance=d)
    sentence = prose.mde_sentence(n, change, needed, d)
    st.markdown(sentence)
    cols = st.columns(1 if view.is_room() else [1, 2])
    cols[0].table(rows.set_index("Questions"))
    with cols[-1]:
        frame = charts.mde_frame(discordance=d)
        caption = _caption(setup, "Smallest detectable change between checkpoints", sentence)
        caption = replace(caption, source=f"{caption.source}&discordance={d * 100:g}")
        figure.show(charts.mde_figure(frame), key="sn_mde", caption=caption)


def quoted() -> None:
    """The articles' own figures, quoted with their source, not computed here."""
    rows = pd.DataFrame(
        [(what, before, after) for what, before, after in prose.QUOTED],
        columns=["Quoted figure", "Before", "After"],
    )
    st.table(rows.set_index("Quoted figure"))
    st.markdown(f"Quoted from {prose.SOURCE}; not recomputed on this page.")
