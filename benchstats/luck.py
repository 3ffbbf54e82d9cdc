"""Luck: how far apart two equally good models land by chance alone.

Two models that each answer every one of n independent questions right
with chance p score X and Y ~ Binomial(n, p); the gap is (X − Y)/n.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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


def nearest_count(score: float, n: int) -> int:
    """The whole number of right answers out of n nearest to ``score``·n (halves up).

    The one rounding rule of the site: a score typed as a percent is read as
    this count wherever a count is needed (luck chances, intervals, CSVs).
    The 1e-9 absorbs float dust such as 0.82·100 = 81.99999999999999.

    Examples
    --------
    >>> nearest_count(0.873, 198), nearest_count(0.851, 198), nearest_count(0.82, 100)
    (173, 168, 82)
    """
    return math.floor(score * n + 0.5 + 1e-9)


def lead_in_questions(a: float, b: float, n: int) -> int:
    """The lead a − b in whole questions: the difference of the two nearest counts.

    The one definition of a lead that is not a whole number of questions:
    87.3% vs 85.1% on 198 questions is 173 against 168 right, a lead of 5.

    Examples
    --------
    >>> lead_in_questions(0.873, 0.851, 198), lead_in_questions(0.82, 0.78, 100)
    (5, 4)
    """
    return nearest_count(a, n) - nearest_count(b, n)


def _lead_in_questions(lead: float, n: int) -> int:
    # A lead typed in points: |lead|·n to the nearest whole question, halves up.
    return nearest_count(abs(lead), n)


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


@dataclass(frozen=True)
class EqualModelsLuck:
    """How two equally good models, both at ``p``, land on ``n`` questions each.

    ``either_way``: chance they land at least |lead| apart, either one ahead;
    ``one_way``: chance one particular model leads by at least that much;
    ``tie``: chance of exactly equal scores. ``lead`` is the lead in whole
    questions over n (:func:`lead_in_questions`: each score read as its
    nearest count), the one definition every page uses.
    """

    p: float
    n: int
    lead: float
    either_way: float
    one_way: float
    tie: float

    @property
    def lead_questions(self) -> int:
        """The lead in whole questions that the chances count."""
        return round(self.lead * self.n)


def equal_models_luck(a: float, b: float, n: int) -> EqualModelsLuck:
    """Luck alone, for two models both at (a + b)/2: exact chances (no simulation).

    Examples
    --------
    >>> luck = equal_models_luck(0.82, 0.78, 100)
    >>> round(luck.either_way, 4), round(luck.one_way, 4), round(luck.tie, 4)
    (0.5355, 0.2678, 0.0705)
    >>> luck = equal_models_luck(0.873, 0.851, 198)  # 173 vs 168 right: a 5-question lead
    >>> luck.lead_questions, round(luck.either_way, 3)
    (5, 0.511)
    """
    a = _validate.proportion("a", a)
    b = _validate.proportion("b", b)
    p = (a + b) / 2
    _, probs = gap_distribution(p, n)
    n = int(n)
    lead = lead_in_questions(a, b, n) / n
    return EqualModelsLuck(
        p,
        n,
        lead,
        prob_gap_at_least(p, n, lead),
        prob_gap_at_least(p, n, lead, two_sided=False),
        float(probs[n]),  # the support runs −n … n questions: index n is a gap of 0
    )


_LADDER = (1, 1.5, 2, 3, 5, 7)  # about six stops a decade, evenly spaced on a log scale


def count_ladder(low: int, high: int, *, keep: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Whole counts from ``low`` to ``high`` on a log scale (1, 1.5, 2, 3, 5, 7 × 10^k).

    The stops of a slider over questions or runs; ``keep`` adds values that
    must be on it (a link's exact count). 0 is kept when ``low`` is 0.

    Examples
    --------
    >>> count_ladder(1, 100)
    (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100)
    >>> count_ladder(0, 20, keep=(198, 12))
    (0, 1, 2, 3, 5, 7, 10, 12, 15, 20)
    """
    stops = {round(m * 10**e) for e in range(len(str(high)) + 1) for m in _LADDER}
    stops |= {low, high} | set(keep)
    return tuple(sorted(x for x in stops if low <= x <= high))
