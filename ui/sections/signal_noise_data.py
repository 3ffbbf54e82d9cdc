"""Signal and noise's slow calls, cached on small hashable arguments."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from benchstats.charts import signal_noise as charts
from benchstats.signal_noise import (
    CheckpointRuns,
    chance_picks_winner,
    checkpoints_from_table,
    simulate_checkpoints,
)
from benchstats.toy_metrics import ToyMetrics, toy_metric_curves

QUESTIONS = (50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000)  # the over-n charts' x
TOY = {"n": 300, "checkpoints": 20, "options": 4}  # the toy benchmark, stated on the page


@st.cache_data(max_entries=64, show_spinner=False)
def simulated(
    finals: tuple[float, ...], n: int, checkpoints: int, chance: float, seed: int
) -> CheckpointRuns:
    return simulate_checkpoints(finals, n=n, checkpoints=checkpoints, chance=chance, seed=seed)


@st.cache_data(max_entries=64, show_spinner=False)
def by_n(
    finals: tuple[float, ...], checkpoints: int, chance: float, window: int, average: int, seed: int
) -> pd.DataFrame:
    return charts.by_n_frame(
        finals, QUESTIONS, checkpoints=checkpoints, chance=chance, window=window,
        average=average, seed=seed,
    )  # fmt: skip  # the same seed and runs as picks(): the chart and the sentence agree at n


@st.cache_data(max_entries=64, show_spinner=False)
def picks(finals: tuple[float, ...], n: int, average: int, seed: int) -> tuple[float, float]:
    """Chance the best measured model is the truly best: last checkpoint, mean of the last k."""
    one = chance_picks_winner(finals, n, seed=seed)
    return float(one), float(chance_picks_winner(finals, n, average=average, seed=seed))


@st.cache_data(max_entries=16, show_spinner=False)
def toy(seed: int) -> ToyMetrics:
    return toy_metric_curves(seed=seed, **TOY)


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
