"""Luck: how far apart two equally good models land by chance alone.

Two models that each answer every one of n independent questions right
with chance p score X and Y ~ Binomial(n, p); the gap is (X − Y)/n.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import signal, stats

from benchstats import _validate

MAX_QUESTIONS = 10_000_000
MAX_RUNS = 100_000_000
_DIRECT_BELOW = 2_000  # n below which a direct convolution beats an FFT


def _check_p_n(p, n) -> tuple[float, int]:
    p = _validate.proportion("p", p)
    n = _validate.count("n", n, minimum=1, what="questions")
    if n > MAX_QUESTIONS:
        msg = f"n must be at most {MAX_QUESTIONS:,} questions, got {n:,}"
        raise ValueError(msg)
    return p, n


_TAIL_SDS = 40  # beyond 40 standard deviations a binomial pmf is below 1e-300


def _convolve_reversed(pmf: np.ndarray) -> np.ndarray:
    """pmf ⊛ reversed pmf, normalised and exactly symmetric."""
    if pmf.size < _DIRECT_BELOW:
        gap = np.convolve(pmf, pmf[::-1])
    else:
        gap = signal.fftconvolve(pmf, pmf[::-1])
        gap = np.clip(gap, 0.0, None)  # FFT rounding can leave -1e-18
    gap = (gap + gap[::-1]) / 2  # exactly symmetric, as equal models must be
    return gap / gap.sum()


def _gap_counts_pmf(p: float, n: int) -> np.ndarray:
    """P(X − Y = d) for d = −n … n (whole questions)."""
    return _convolve_reversed(stats.binom.pmf(np.arange(n + 1), n, p))


def _gap_counts_pmf_central(p: float, n: int) -> tuple[int, np.ndarray]:
    """P(X − Y = d) for |d| ≤ w only, where the mass is: returns (w, pmf).

    Each count is cut to its mean ± 40 standard deviations, where everything
    left out is below 1e-300, so a million questions cost thousands of terms.
    """
    sd = math.sqrt(n * p * (1 - p))
    lo = max(0, math.floor(n * p - _TAIL_SDS * sd) - 1)
    hi = min(n, math.ceil(n * p + _TAIL_SDS * sd) + 1)
    gap = _convolve_reversed(stats.binom.pmf(np.arange(lo, hi + 1), n, p))
    return hi - lo, gap


def gap_distribution(p: float, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact distribution of the gap between two equally good models.

    The pmf of X − Y is the convolution of one binomial pmf with the other
    reversed: direct below n = 2,000, by FFT above (``scipy.signal.fftconvolve``).

    Returns
    -------
    support : ndarray
        Gaps −1 … 1 in proportion units, steps of 1/n, ascending.
    probabilities : ndarray
        Their probabilities, summing to 1, symmetric about 0.

    Examples
    --------
    >>> from benchstats import gap_distribution
    >>> gaps, probs = gap_distribution(0.8, 100)
    >>> len(gaps), round(float(probs[gaps == 0][0]), 4)
    (201, 0.0705)
    """
    p, n = _check_p_n(p, n)
    return np.arange(-n, n + 1) / n, _gap_counts_pmf(p, n)


def _lead_in_questions(lead: float, n: int) -> int:
    # Round lead·n to the nearest whole question, ties up; the 1e-9 absorbs
    # 0.04 * 100 = 4.000000000000001 style dust.
    return math.floor(abs(lead) * n + 0.5 + 1e-9)


def prob_gap_at_least(p: float, n: int, lead: float, *, two_sided: bool = True) -> float:
    """Exact chance that two equally good models land at least ``lead`` apart.

    P(|X − Y| ≥ m) with m = lead·n rounded to whole questions (ties up);
    the sign of ``lead`` is ignored. ``two_sided=False`` gives the chance that
    one *particular* model leads by at least that much, P(X − Y ≥ m).

    Examples
    --------
    >>> from benchstats import prob_gap_at_least
    >>> round(prob_gap_at_least(0.8, 100, 0.04), 4)
    0.5355
    >>> round(prob_gap_at_least(0.8, 100, 0.04, two_sided=False), 4)
    0.2678
    """
    p, n = _check_p_n(p, n)
    lead = _validate.real("lead", lead)
    if abs(lead) > 1:
        msg = f"lead must be between -1 and 1 (a proportion, not points), got {lead!r}"
        raise ValueError(msg)
    m = _lead_in_questions(lead, n)
    width, pmf = _gap_counts_pmf_central(p, n)
    upper = float(pmf[width + m :].sum()) if m <= width else 0.0
    if not two_sided:
        return min(1.0, upper)
    if m == 0:
        return 1.0
    return min(1.0, 2 * upper)


def simulate_gaps(p: float, n: int, runs: int, *, seed: int | None = None) -> np.ndarray:
    """``runs`` simulated gaps (proportion units) between two equal models.

    Two binomial draws per run, no per-question loop; the same ``seed``
    gives the same gaps.

    Examples
    --------
    >>> from benchstats import simulate_gaps
    >>> gaps = simulate_gaps(0.8, 100, 5, seed=1)
    >>> gaps.shape, bool((simulate_gaps(0.8, 100, 5, seed=1) == gaps).all())
    ((5,), True)
    """
    p, n = _check_p_n(p, n)
    runs = _validate.count("runs", runs, minimum=1, what="runs")
    if runs > MAX_RUNS:
        msg = f"runs must be at most {MAX_RUNS:,}, got {runs:,}"
        raise ValueError(msg)
    if seed is not None:
        seed = _validate.count("seed", seed, what="a seed")
    rng = np.random.default_rng(seed)
    x = rng.binomial(n, p, size=runs)
    y = rng.binomial(n, p, size=runs)
    return (x - y) / n
