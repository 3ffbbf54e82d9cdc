"""pass@k on a benchmark of mixed difficulty, and the pictures behind it.

A benchmark's pass@k is the *average over problems* of each problem's pass@k.
Each problem's pass@k is estimated without bias from n samples of which c
passed (Chen et al. 2021, "Evaluating Large Language Models Trained on
Code", eq. 1)::

    pass@k = mean_i [ 1 − C(n_i − c_i, k) / C(n_i, k) ]

The shortcut ``1 − (1 − p̄)^k`` on the average pass rate p̄ is a different
number: 1 − (1 − p)^k is concave in p, so averaging first and bending second
does not give the same answer as bending each problem and then averaging
(Jensen's inequality). On a benchmark of easy and impossible problems the
shortcut climbs to 1 while the true curve stays flat.

The data behind the pass@k page, one module per concept:
:mod:`~benchstats.passk_mix.problems` (per-problem counts, the presets, a
CSV reader), :mod:`~benchstats.passk_mix.curves` (the true and shortcut
curves, a seeded bootstrap over problems, avg@k's standard error) and
:mod:`~benchstats.passk_mix.draws` (the draws that explain the estimator,
maj@k against pass@k, the "column rule"). Pure NumPy/SciPy; the per-problem
estimator itself is :func:`benchstats.passk.pass_at_k`. Every public name is
importable from ``benchstats.passk_mix``.
"""

from benchstats.passk_mix.curves import (
    MAX_MIX_K,
    AvgAtK,
    MixBand,
    MixCurve,
    MixResampler,
    avg_at_k_standard_error,
    bootstrap_mix_pass_at_k,
    first_k_outside,
    k_grid,
    mix_pass_at_k,
    mix_resampler,
    pass_at_k_curve,
)
from benchstats.passk_mix.draws import (
    COLUMN_RULE,
    ColumnRule,
    DrawCounts,
    MajCurve,
    draw_counts,
    maj_curve,
)
from benchstats.passk_mix.problems import (
    MAX_CSV_BYTES,
    MAX_PROBLEMS,
    MAX_SAMPLES,
    MIX_PRESETS,
    MixPreset,
    Problems,
    get_mix,
    parse_problems_csv,
    problems,
)

__all__ = [
    "COLUMN_RULE",
    "MAX_CSV_BYTES",
    "MAX_MIX_K",
    "MAX_PROBLEMS",
    "MAX_SAMPLES",
    "MIX_PRESETS",
    "AvgAtK",
    "ColumnRule",
    "DrawCounts",
    "MajCurve",
    "MixBand",
    "MixCurve",
    "MixPreset",
    "MixResampler",
    "Problems",
    "avg_at_k_standard_error",
    "bootstrap_mix_pass_at_k",
    "draw_counts",
    "first_k_outside",
    "get_mix",
    "k_grid",
    "maj_curve",
    "mix_pass_at_k",
    "mix_resampler",
    "parse_problems_csv",
    "pass_at_k_curve",
    "problems",
]
