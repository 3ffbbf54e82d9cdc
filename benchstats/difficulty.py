"""Questions of mixed difficulty, answered by two equally good models.

Question i is answered right with chance q_i by either model, so each model's
number right on the *same* questions is Poisson-binomial, and the gap has the
pmf of one count convolved with the other reversed. The chances are drawn from
a Beta with mean p and *spread* ρ = Var(q)/(p(1 − p)); ρ = 0 makes every
question equally hard. Var(X − Y) = 2 Σ q_i(1 − q_i): the same questions
narrow the gap.
"""

from __future__ import annotations

import numpy as np
from scipy import fft, special

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

    α = p(1/ρ − 1), β = (1 − p)(1/ρ − 1); ``(inf, inf)`` at spread 0, the point mass.

    Examples
    --------
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

    What a spread means ("the middle 80% of questions have a chance between 30%
    and 100%"); both ends are p at spread 0.

    Examples
    --------
    >>> low, high = chance_interval(0.8, 0.5)
    >>> round(low, 3), round(high, 3)
    (0.297, 1.0)
    """
    alpha, beta = beta_parameters(p, spread)
    coverage = _validate.open_unit("coverage", coverage)
    if not np.isfinite(alpha):  # no spread: every question at p
        return float(p), float(p)
    low, high = special.betaincinv(alpha, beta, [(1 - coverage) / 2, (1 + coverage) / 2])
    return float(low), float(high)


def question_chances(
    p: float, n: int, spread: float, *, seed: int | np.random.Generator | None = None
) -> np.ndarray:
    """n per-question chances of a right answer from the Beta of :func:`beta_parameters`.

    ``seed`` is anything ``numpy.random.default_rng`` accepts; spread 0 draws nothing.

    Examples
    --------
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
        polys = np.vstack([polys, np.eye(1, polys.shape[1])])
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

    The product of the polynomials (1 − q_i) + q_i·x, multiplied pairwise in a
    balanced tree (real FFTs for long ones): O(n log² n), the numbers of
    ``scipy.stats.poisson_binom`` to an absolute 1e-16.

    Examples
    --------
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

    Only these questions move the gap.

    Examples
    --------
    >>> round(discordance_share([1.0, 0.5]), 4)
    0.25
    """
    q = _check_chances(chances)
    return float(np.mean(2.0 * q * (1.0 - q)))
