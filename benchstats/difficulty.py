"""Questions of mixed difficulty, answered by two equally good models.

Real benchmarks mix easy and hard questions. Give question i a chance q_i of
being answered right, the same for both models (they are equally good), and
let both models answer the *same* questions. Each model's number right is
then a sum of independent Bernoulli(q_i): a Poisson-binomial count. The two
counts are independent given the questions, so the gap X − Y has the pmf of
one count convolved with the other reversed
(``GapDistribution.from_count_pmfs(pmf, pmf)``, :mod:`benchstats.luck`).

The chances are drawn from a Beta distribution with mean p and a *spread*
ρ ∈ [0, 1): the share of the per-question variance p(1 − p) that comes from
the questions themselves, Var(q) = ρ·p(1 − p). That fixes
α + β = 1/ρ − 1, α = p(1/ρ − 1), β = (1 − p)(1/ρ − 1). ρ = 0 makes every
question equally hard (all q_i = p, the independent-questions case).

Because Var(X − Y) = 2 Σ q_i(1 − q_i) = 2n(p(1 − p) − Var(q)) on average,
the same questions narrow the gap: only the questions on which the two
models disagree move it, and they disagree on a share 2·mean(q(1 − q)).
"""

from __future__ import annotations

import numpy as np
from scipy import fft, stats

from benchstats import _validate
from benchstats.luck import skill_and_questions

MAX_SPREAD = 0.99  # ρ → 1 sends α, β → 0: every question always or never solved
_DIRECT_UP_TO = 32  # polynomial length up to which a direct product beats an FFT


def _check_spread(spread: object) -> float:
    rho = _validate.real("spread", spread)
    if not 0.0 <= rho <= MAX_SPREAD:
        msg = f"spread must be from 0 to {MAX_SPREAD} (a share of the variance), got {spread!r}"
        raise ValueError(msg)
    return rho


def _check_chances(chances: object) -> np.ndarray:
    q = _validate.proportions("chances", chances)
    if q.ndim != 1 or q.size == 0:
        msg = f"chances must be a non-empty 1-d array of proportions, got shape {q.shape}"
        raise ValueError(msg)
    return q


def beta_parameters(p: float, spread: float) -> tuple[float, float]:
    """The Beta(α, β) with mean ``p`` and variance ``spread``·p(1 − p).

    α = p(1/ρ − 1), β = (1 − p)(1/ρ − 1). ``spread`` = 0 is the point mass
    at p and returns ``(inf, inf)``.

    Examples
    --------
    >>> from benchstats.difficulty import beta_parameters
    >>> a, b = beta_parameters(0.8, 0.5)
    >>> round(a, 6), round(b, 6)
    (0.8, 0.2)
    """
    p = _validate.proportion("p", p)
    rho = _check_spread(spread)
    if rho == 0.0:  # no spread: every question has chance exactly p
        return float("inf"), float("inf")
    total = 1.0 / rho - 1.0
    return p * total, (1.0 - p) * total


def chance_interval(p: float, spread: float, coverage: float = 0.8) -> tuple[float, float]:
    """The central ``coverage`` range of per-question chances: Beta quantiles.

    Says in words what a spread means ("the middle 80% of questions have a
    chance between 30% and 100%"). With spread 0 both ends are p.

    Examples
    --------
    >>> from benchstats.difficulty import chance_interval
    >>> low, high = chance_interval(0.8, 0.5)
    >>> round(low, 3), round(high, 3)
    (0.297, 1.0)
    >>> chance_interval(0.8, 0.0)
    (0.8, 0.8)
    """
    alpha, beta = beta_parameters(p, spread)
    coverage = _validate.open_unit("coverage", coverage)
    if not np.isfinite(alpha):  # no spread: every question at p
        return float(p), float(p)
    low, high = stats.beta.ppf([(1 - coverage) / 2, (1 + coverage) / 2], alpha, beta)
    return float(low), float(high)


def question_chances(
    p: float, n: int, spread: float, *, seed: int | np.random.Generator | None = None
) -> np.ndarray:
    """Per-question chances of a right answer, drawn from a Beta with mean ``p``.

    Parameters
    ----------
    p : float
        Mean chance (a proportion).
    n : int
        Number of questions.
    spread : float
        ρ in [0, 0.99]: the share of p(1 − p) that is variance between
        questions. 0 gives every question chance p (no draw is made).
    seed : int, sequence of ints, Generator or None
        Anything ``numpy.random.default_rng`` accepts; the same seed gives
        the same questions.

    Examples
    --------
    >>> from benchstats.difficulty import question_chances
    >>> q = question_chances(0.8, 5, 0.5, seed=1)
    >>> q.shape, bool((q == question_chances(0.8, 5, 0.5, seed=1)).all())
    ((5,), True)
    >>> question_chances(0.8, 3, 0.0)
    array([0.8, 0.8, 0.8])
    """
    alpha, beta = beta_parameters(p, spread)
    p, n = skill_and_questions(p, n)
    if not np.isfinite(alpha):  # spread 0: all equal, nothing to draw
        return np.full(n, float(p))
    return np.random.default_rng(seed).beta(alpha, beta, size=n)


def _pair_products(polys: np.ndarray) -> np.ndarray:
    """Multiply rows 0·1, 2·3, … of a (m, L) array of polynomial coefficients."""
    if len(polys) % 2:  # an odd one out pairs with the polynomial 1
        one = np.zeros((1, polys.shape[1]))
        one[0, 0] = 1.0
        polys = np.vstack([polys, one])
    a, b = polys[0::2], polys[1::2]
    length = a.shape[1]
    out_len = 2 * length - 1
    if length <= _DIRECT_UP_TO:
        out = np.zeros((len(a), out_len))
        for j in range(length):  # at most 32 vectorised steps
            out[:, j : j + length] += a[:, j : j + 1] * b
        return out
    size = fft.next_fast_len(out_len, real=True)
    prod = fft.rfft(a, size, axis=1) * fft.rfft(b, size, axis=1)
    out = fft.irfft(prod, size, axis=1)[:, :out_len]
    return np.clip(out, 0.0, None)  # FFT rounding can leave -1e-18


def poisson_binomial_pmf(chances: np.ndarray) -> np.ndarray:
    """P(number right = k), k = 0 … n, for independent questions with these chances.

    The product of the n polynomials (1 − q_i) + q_i·x, multiplied pairwise
    in a balanced tree (direct products for short polynomials, real FFTs for
    long ones): O(n log² n), so a million questions take about a second.
    ``scipy.stats.poisson_binom`` gives the same numbers in O(n²). The
    absolute error is about 1e-16; tail probabilities smaller than that are
    not resolved (they are shown as "less than 0.01%" anyway).

    Examples
    --------
    >>> from benchstats.difficulty import poisson_binomial_pmf
    >>> poisson_binomial_pmf([0.5, 0.5]).round(4)
    array([0.25, 0.5 , 0.25])
    >>> poisson_binomial_pmf([0.9, 0.2]).round(4)
    array([0.08, 0.74, 0.18])
    """
    q = _check_chances(chances)
    polys = np.column_stack([1.0 - q, q])
    while len(polys) > 1:
        polys = _pair_products(polys)
    pmf = polys[0, : q.size + 1]
    return pmf / pmf.sum()


def discordance_share(chances: np.ndarray) -> float:
    """Expected share of questions on which the two models disagree: mean 2q(1 − q).

    Only these questions move the gap; with every q_i = p it is 2p(1 − p).

    Examples
    --------
    >>> from benchstats.difficulty import discordance_share
    >>> round(discordance_share([0.8] * 10), 4)
    0.32
    >>> round(discordance_share([1.0, 0.5]), 4)
    0.25
    """
    q = _check_chances(chances)
    return float(np.mean(2.0 * q * (1.0 - q)))
