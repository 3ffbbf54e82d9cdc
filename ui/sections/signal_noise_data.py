"""Signal and noise's slow calls, cached on small hashable arguments.

An edit reruns the page; each part's data is cached on the inputs it reads,
so an edit recomputes only what depends on the input that moved (the MDE
row on the discordance alone, the toy benchmark on the seed, averaging and
window, not on the questions or the preset; the over-n chance of picking the
winner, the slowest part, not on the checkpoints or the window).
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from benchstats import words
from benchstats.charts import signal_noise as charts
from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import (
    CheckpointRuns,
    SignalNoise,
    chance_picks_winner,
    checkpoint_questions,
    checkpoints_from_table,
    detectable_change,
    simulate_checkpoints,
    snr_of_runs,
)
from benchstats.toy_metrics import ToyMetrics, toy_metric_curves
from ui.sections.signal_noise_inputs import Setup

QUESTIONS = (50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000)  # the over-n charts' x
TOY = {"n": 300, "checkpoints": 20, "options": 4}  # the toy benchmark, stated on the page
ARTICLE_QUESTIONS = (200, 500, 1_000, 2_000, 5_000)  # the articles' MDE row
Frames = dict[str, pd.DataFrame]


@st.cache_data(max_entries=64, show_spinner=False)
def simulated(
    finals: tuple[float, ...], n: int, checkpoints: int, chance: float, seed: int
) -> CheckpointRuns:
    return simulate_checkpoints(finals, n=n, checkpoints=checkpoints, chance=chance, seed=seed)


@st.cache_data(max_entries=64, show_spinner=False)
def _simulated_frames(
    finals: tuple[float, ...], n: int, checkpoints: int, chance: float, seed: int,
    average: int, window: int,
) -> Frames:  # fmt: skip
    runs = simulated(finals, n, checkpoints, chance, seed)
    return charts.curve_frames(runs, average=average, window=window)


def curve_frames(setup: Setup, runs: CheckpointRuns) -> Frames:
    """The curves chart's data sets: cached on the setup when simulated, else from the table."""
    if setup.simulated:
        return _simulated_frames(
            setup.finals, setup.n, setup.checkpoints, setup.chance, setup.seed,
            setup.average, setup.window,
        )  # fmt: skip
    return charts.curve_frames(runs, average=setup.average, window=setup.window)


@st.cache_data(max_entries=64, show_spinner=False)
def _pick_by_n(finals: tuple[float, ...], average: int, seed: int):
    """The over-n chance of picking the winner: kept while the checkpoints or the window move."""
    return charts.pick_by_n(finals, QUESTIONS, average=average, seed=seed)


@st.cache_data(max_entries=64, show_spinner=False)
def by_n(
    finals: tuple[float, ...], checkpoints: int, chance: float, window: int, average: int, seed: int
) -> pd.DataFrame:
    return charts.by_n_frame(
        finals, QUESTIONS, checkpoints=checkpoints, chance=chance, window=window,
        average=average, seed=seed, pick=_pick_by_n(finals, average, seed),
    )  # fmt: skip  # the same seed and runs as picks(): the chart and the sentence agree at n


@st.cache_data(max_entries=64, show_spinner=False)
def picks(finals: tuple[float, ...], n: int, average: int, seed: int) -> tuple[float, float]:
    """Chance the best measured model is the truly best: last checkpoint, mean of the last k.

    At an n the over-n chart has, its column (the same draws give the same
    values there: one draw serves every n), which the chart then reuses.
    """
    if n in QUESTIONS:
        table = _pick_by_n(finals, average, seed)
        at = QUESTIONS.index(n)
        return float(table[0, at]), float(table[-1, at])
    one, averaged = chance_picks_winner(finals, n, average=(1, average), seed=seed)
    return float(one), float(averaged)


@st.cache_data(max_entries=16, show_spinner=False)
def toy(seed: int) -> ToyMetrics:
    return toy_metric_curves(seed=seed, **TOY)


@st.cache_data(max_entries=64, show_spinner=False)
def toy_view(
    seed: int, average: int, window: int
) -> tuple[Frames, Frames, tuple[SignalNoise, ...]]:
    """The toy benchmark scored by accuracy and by probability: both charts' data, both ratios."""
    metrics = toy(seed)
    runs = [metrics.runs(m) for m in ("accuracy", "probability")]
    results = tuple(snr_of_runs(r.observed, window=window, average=average) for r in runs)
    accuracy, probability = (charts.curve_frames(r, average=average, window=window) for r in runs)
    return accuracy, probability, results


@st.cache_data(max_entries=16, show_spinner=False)
def mde_rows(discordance: float) -> tuple[pd.DataFrame, pd.DataFrame, int | None]:
    """The articles' MDE row (text, for the table), the chart's rows and the 2-point question count."""
    table = pd.DataFrame(
        {
            "Questions": [words.count(q) for q in ARTICLE_QUESTIONS],
            "Smallest detectable change (points)": [
                prose.mde_cell(detectable_change(q, discordance=discordance))
                for q in ARTICLE_QUESTIONS
            ],
        }
    ).set_index("Questions")
    try:
        needed = checkpoint_questions(0.02, discordance=discordance)
    except ValueError:  # under 2% of the questions disagree: no 2-point change to detect
        needed = None
    return table, charts.mde_frame(discordance=discordance), needed


@st.cache_data(max_entries=1, show_spinner=False)
def example_table() -> pd.DataFrame:
    """The editor's starting rows: three made-up models, 10 checkpoints, rounded to 0.1 point."""
    runs = simulate_checkpoints((0.50, 0.52, 0.54), n=500, checkpoints=10, seed=7)
    rows = [
        (name, int(step), round(100 * float(score), 1), 500)
        for name, curve in zip(runs.names, runs.observed, strict=True)
        for step, score in zip(runs.steps, curve, strict=True)
    ]
    return pd.DataFrame(rows, columns=["model", "step", "score", "n"])


def from_table(rows: pd.DataFrame) -> CheckpointRuns:
    """The reader's cleaned rows as curves; ValueError says what is missing."""
    n = rows["n"].dropna().astype(int).to_numpy() if "n" in rows else None
    return checkpoints_from_table(rows["model"], rows["step"], rows["score"], n)
