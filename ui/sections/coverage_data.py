"""Interval coverage's results: cached exact figures and the session's simulated datasets.

The exact curves and summaries depend on n only (0.3 s a method at
n = 2,000), so they are cached per process; the simulated datasets are kept
per session (a tally topped up as runs are added, restarted when n, the
true score or the seed changes).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from benchstats.coverage import (
    METHODS,
    CoverageCurve,
    CoverageSummary,
    CoverageTally,
    SimulatedAverage,
    add_datasets,
    average_coverage,
    coverage,
    coverage_curve,
    coverage_summary,
    new_coverage_tally,
    simulate_average_coverage,
)
from benchstats.intervals import proportion_ci

GRID = tuple(round(x, 4) for x in np.arange(0.025, 0.976, 0.025))  # the simulated true scores
PAPER_N = 100
PAPER_SEED = 1
_TALLY = "_coverage_tally"  # session_state: (key, CoverageTally)


@st.cache_data(max_entries=64, show_spinner="Working out the exact coverage…")
def summaries(n: int) -> dict[str, CoverageSummary]:
    """Every interval's average and worst coverage at n (exact)."""
    return {m: coverage_summary(n, method=m) for m in METHODS}


@st.cache_data(max_entries=64, show_spinner=False)
def curve(n: int, method: str) -> CoverageCurve:
    """One interval's sawtooth at n (exact, 401 true scores)."""
    return coverage_curve(n, method=method)


@st.cache_data(max_entries=256, show_spinner=False)
def at_p(n: int, p: float) -> dict[str, float]:
    """Every interval's exact coverage at the true score p."""
    return {m: float(coverage(p, n, method=m)) for m in METHODS}


@st.cache_data(max_entries=4, show_spinner="Simulating the paper's 80,000 datasets…")
def paper(datasets: int) -> tuple[CoverageSummary, float, float, float, SimulatedAverage]:
    """The articles' setting at n = 100: Wald's summary, its inner average, Wilson, CP, a simulation."""
    return (
        coverage_summary(PAPER_N),
        average_coverage(PAPER_N, p_range=(0.05, 0.95)),
        average_coverage(PAPER_N, method="wilson"),
        average_coverage(PAPER_N, method="clopper-pearson"),
        simulate_average_coverage(PAPER_N, datasets, seed=PAPER_SEED),
    )


def wilson_high_at_zero(n: int) -> float:
    """The top of Wilson's interval at 0 of n."""
    return float(proportion_ci(0, n, method="wilson").high)


def grid(p: float) -> tuple[float, ...]:
    """The simulated true scores: every 2.5% and the reader's own."""
    return tuple(sorted({*GRID, round(p, 4)}))


def tally(n: int, p: float, seed: int, runs: int) -> CoverageTally:
    """The session's datasets for (n, p, seed), topped up (or redrawn) to ``runs`` per true score."""
    key = (n, round(p, 4), seed)
    stored = st.session_state.get(_TALLY)
    t = stored[1] if stored is not None and stored[0] == key else None
    if t is None or t.runs > runs:
        t = new_coverage_tally(n, grid(p), seed=seed)
    if runs > t.runs:
        t = add_datasets(t, runs - t.runs)
    st.session_state[_TALLY] = (key, t)
    return t
