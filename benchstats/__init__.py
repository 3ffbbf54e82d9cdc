"""benchstats: is a lead on an AI benchmark more than luck?

The statistics core of Lead or Luck. Pure NumPy/SciPy, no Streamlit, so the
numbers the site shows can be recomputed in a notebook::

    >>> from benchstats import unpaired_gap
    >>> g = unpaired_gap(0.82, 0.78, n=100)
    >>> g.clears
    False

Scores, leads and standard errors are proportions (0.82, not 82). Charts
live in :mod:`benchstats.charts` (imports Altair; not loaded here).
"""

from benchstats.benchmarks import BENCHMARK_KEYS, BENCHMARKS, Benchmark, get_benchmark
from benchstats.gaps import GapResult, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.intervals import ConfidenceInterval, chance_corrected, proportion_ci
from benchstats.luck import gap_distribution, prob_gap_at_least, simulate_gaps
from benchstats.mcnemar import McNemarResult, mcnemar
from benchstats.passk import maj_at_k, naive_pass_at_k, pass_at_k
from benchstats.power import (
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    questions_needed,
    questions_needed_paired,
    z_sum,
)

__all__ = [
    "BENCHMARKS",
    "BENCHMARK_KEYS",
    "Benchmark",
    "ConfidenceInterval",
    "GapResult",
    "McNemarResult",
    "chance_corrected",
    "gap_distribution",
    "gap_from_standard_errors",
    "get_benchmark",
    "maj_at_k",
    "mcnemar",
    "minimum_detectable_effect",
    "minimum_detectable_effect_repeats",
    "naive_pass_at_k",
    "paired_gap",
    "pass_at_k",
    "prob_gap_at_least",
    "proportion_ci",
    "questions_needed",
    "questions_needed_paired",
    "simulate_gaps",
    "unpaired_gap",
    "z_sum",
]
