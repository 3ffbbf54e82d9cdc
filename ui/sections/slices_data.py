"""Slices' results, cached per process: the exact chances, the runs, the shared-items curves.

The runs are one seeded draw whose first r runs are the same whatever the
total (:func:`benchstats.slices.simulate_slices`), so adding runs redraws a
longer prefix of the same stream; results are cached by their small inputs.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from benchstats.prose.slices import Lucky
from benchstats.slices import (
    ScalingCurves,
    SliceComparison,
    SliceSimulation,
    chance_any_significant,
    chance_any_significant_exact,
    compare_slices,
    parse_slice_table,
    simulate_scaling_curves,
    simulate_slices,
    slice_noise,
    slice_test_size,
)

SCALING_POINTS = tuple(np.round(np.linspace(0.30, 0.58, 8), 2))  # a rising curve's true scores
ITEM_CORRELATION = 0.9
LEAD_AXES = (5.0, 10.0, 20.0, 30.0, 50.0, 100.0)  # the slice chart's fixed ±range (points)


@st.cache_data(max_entries=64, show_spinner="Working out the exact chances…")
def lucky(n: int, slices: int, p: float, alpha: float) -> Lucky:
    """Noise per slice and the exact chance of a lucky slice, for equal slices."""
    noise = slice_noise(n, slices, p=p)
    sizes = noise.sizes
    each = tuple(slice_test_size(int(m), p=p, alpha=alpha) for m in (sizes.min(), sizes.max()))
    exact = chance_any_significant_exact(sizes, p=p, alpha=alpha)
    return Lucky(noise, alpha, exact, float(chance_any_significant(slices, alpha=alpha)), each)


@st.cache_data(max_entries=8, show_spinner="Drawing the runs…")
def simulation(
    sizes: tuple[int, ...], runs: int, p: float, alpha: float, seed: int
) -> SliceSimulation:
    """``runs`` runs of two equal models on slices of ``sizes``."""
    return simulate_slices(list(sizes), runs, p=p, alpha=alpha, seed=seed)


@st.cache_data(max_entries=32, show_spinner=False)
def scaling(n: int, seed: int) -> ScalingCurves:
    """One compute-vs-accuracy curve measured on shared questions and on fresh ones."""
    return simulate_scaling_curves(
        list(SCALING_POINTS), n, item_correlation=ITEM_CORRELATION, seed=seed
    )


@st.cache_data(max_entries=32, show_spinner=False)
def comparison(text: str, correction: str, alpha: float) -> SliceComparison:
    """The reader's table graded slice by slice and corrected."""
    return compare_slices(parse_slice_table(text), correction=correction, alpha=alpha)


def shown_run(sim: SliceSimulation) -> int:
    """The run the chart shows: the latest with a flagged slice, else the latest."""
    hits = np.flatnonzero(sim.flagged["none"].any(axis=1))
    return int(hits[-1]) if hits.size else sim.runs - 1


def chance_formula(slices: int, alpha: float) -> float:
    """1 − (1 − α)^S for S independent tests of exactly α."""
    return float(chance_any_significant(slices, alpha=alpha))


def lead_axis(width: float) -> float:
    """The slice chart's ±range (points): the first that holds an interval this wide (proportion)."""
    return next((x for x in LEAD_AXES if x >= 100 * width), LEAD_AXES[-1])
