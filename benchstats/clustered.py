"""Grade two models on the same questions from per-question results.

:func:`grade_pair` gives the 2×2 table, McNemar's tests, the paired interval,
the unpaired view for contrast, a clustered standard error when questions come
in clusters, and with repeated answers the split of the noise into ω² (between
questions) and σ²_A, σ²_B (answer to answer).

References
----------
Miller (2024), "Adding Error Bars to Evals: A Statistical Approach to
Language Model Evaluations", arXiv:2411.00640.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from benchstats import _validate
from benchstats.gaps import GapResult, normal_gap, paired_gap, unpaired_gap
from benchstats.intervals import ConfidenceInterval, proportion_ci
from benchstats.items import PairedItems
from benchstats.mcnemar import McNemarResult, mcnemar

CORRECTIONS = ("none", "cr1")


@dataclass(frozen=True)
class ClusteredSE:
    """Standard error of a mean over clustered questions, beside ``naive_se``, the same
    estimator with every question its own cluster."""

    se: float
    naive_se: float
    clusters: int
    n: int
    correction: str

    @property
    def design_effect(self) -> float:
        """(se / naive_se)²: how many times the variance grows; nan when the naive SE is 0."""
        return (self.se / self.naive_se) ** 2 if self.naive_se > 0 else math.nan

    def __repr__(self) -> str:
        return (
            f"ClusteredSE(se={self.se:.4g}, naive_se={self.naive_se:.4g}, "
            f"clusters={self.clusters}, n={self.n}, correction={self.correction!r})"
        )


def _cluster_codes(clusters: object, n: int) -> np.ndarray:
    codes = np.asarray(clusters)
    if codes.shape != (n,):
        msg = f"clusters must give one cluster per value ({n}), got shape {codes.shape}"
        raise ValueError(msg)
    if codes.dtype.kind not in "iu":
        _, codes = np.unique(codes.astype(str), return_inverse=True)
    if codes.size and codes.min() < 0:
        msg = f"cluster codes must be ≥ 0, got {int(codes.min())}"
        raise ValueError(msg)
    return codes.astype(np.int64)


def _correction(value: object) -> str:
    if value not in CORRECTIONS:
        msg = f"correction must be one of 'none', 'cr1', got {value!r}"
        raise ValueError(msg)
    return str(value)


def clustered_se(values, clusters, *, correction: str = "none") -> ClusteredSE:
    """Standard error of the mean of ``values`` when they come in clusters.

    The sandwich form of Miller (2024) over G clusters (labels or codes ≥ 0)::

        SE² = c · Σ_g (Σ_{i∈g} (x_i − x̄))² / n²

    ``correction="none"``: c = 1, as the paper writes it (one question per
    cluster gives the paired Wald SE); ``"cr1"``: c = G/(G − 1), Stata's and
    statsmodels' cluster-robust factor for a mean. ``naive_se`` takes G = n.

    Examples
    --------
    >>> r = clustered_se([1, 1, 0, 0], ["x", "x", "y", "y"])
    >>> round(r.se, 4), round(r.naive_se, 4), r.clusters, round(r.design_effect, 2)
    (0.3536, 0.25, 2, 2.0)
    """
    correction = _correction(correction)
    x = np.asarray(values, dtype=np.float64)
    if x.ndim != 1 or x.size < 1 or not np.all(np.isfinite(x)):
        msg = f"values must be a non-empty 1-d array of finite numbers, got {x.size} values"
        raise ValueError(msg)
    n = x.size
    codes = _cluster_codes(clusters, n)
    centred = x - x.mean()
    sums = np.bincount(codes, weights=centred)
    g = int(np.count_nonzero(np.bincount(codes)))
    var = float(np.sum(sums * sums)) / n**2
    naive = float(np.sum(centred * centred)) / n**2
    if correction == "cr1":
        var = var * g / (g - 1) if g > 1 else math.nan  # one cluster: no estimate
        naive = naive * n / (n - 1) if n > 1 else math.nan
    return ClusteredSE(math.sqrt(var), math.sqrt(naive), g, n, correction)


@dataclass(frozen=True)
class RepeatVariances:
    """The noise of a paired comparison split into its two sources.

    ``omega2``: the between-question variance of the per-question difference
    (only more questions reduce it); ``sigma2_a``, ``sigma2_b``: each model's
    answer-to-answer variance; ``k_a``, ``k_b``: the average answers per
    question; ``observed``: the variance of the per-question mean differences.
    """

    omega2: float
    sigma2_a: float
    sigma2_b: float
    k_a: float
    k_b: float
    observed: float
    clipped: bool

    def __repr__(self) -> str:
        return (
            f"RepeatVariances(omega2={self.omega2:.4g}, sigma2_a={self.sigma2_a:.4g}, "
            f"sigma2_b={self.sigma2_b:.4g}, k_a={self.k_a:.3g}, k_b={self.k_b:.3g})"
        )


def _pooled_within(var: np.ndarray, k: np.ndarray, name: str) -> float:
    """Σ(k_i − 1)·s²_i / Σ(k_i − 1) over questions answered at least twice."""
    rep = k > 1
    if not rep.any():
        msg = (
            f"{name} must have at least one question answered twice or more to measure "
            "the answer-to-answer variance, got one answer per question"
        )
        raise ValueError(msg)
    w = k[rep] - 1.0
    return float(np.sum(w * var[rep]) / np.sum(w))


def repeat_variances(a, b, var_a, var_b, k_a, k_b) -> RepeatVariances:
    """Between-question ω² and within-question σ²_A, σ²_B from repeated answers.

    Model A's K_A,i answers to question i have mean ā_i and variance s²_A,i
    (ddof=1); σ̂²_A = Σ(K_A,i − 1)s²_A,i / Σ(K_A,i − 1), and likewise for B.
    By the method of moments, with s²_d the sample variance of d_i = ā_i − b̄_i::

        ω̂² = s²_d − σ̂²_A·mean(1/K_A,i) − σ̂²_B·mean(1/K_B,i)

    A negative ω̂² is set to 0 and ``clipped`` is True.

    Examples
    --------
    >>> r = repeat_variances(a=[1, 1, 0, 0.5], b=[0, 0.5, 0, 0.5],
    ...                      var_a=[0, 0, 0, 0.5], var_b=[0, 0.5, 0, 0.5],
    ...                      k_a=[2, 2, 2, 2], k_b=[2, 2, 2, 2])
    >>> round(r.omega2, 4), r.sigma2_a, r.sigma2_b
    (0.0417, 0.125, 0.25)
    """
    a, b, var_a, var_b = (np.asarray(v, dtype=np.float64) for v in (a, b, var_a, var_b))
    k_a, k_b = (np.asarray(v, dtype=np.float64) for v in (k_a, k_b))
    if a.size < 2:
        msg = f"repeat_variances needs at least 2 paired questions, got {a.size}"
        raise ValueError(msg)
    s2_a = _pooled_within(var_a, k_a, "model A")
    s2_b = _pooled_within(var_b, k_b, "model B")
    observed = float(np.var(a - b, ddof=1))
    omega2 = observed - s2_a * float(np.mean(1 / k_a)) - s2_b * float(np.mean(1 / k_b))
    return RepeatVariances(
        max(omega2, 0.0), s2_a, s2_b, float(k_a.mean()), float(k_b.mean()), observed, omega2 < 0
    )


@dataclass(frozen=True)
class TwoByTwo:
    """Right/wrong counts of two models on the same questions."""

    both_right: int
    only_a: int
    only_b: int
    neither: int

    @property
    def n(self) -> int:
        return self.both_right + self.only_a + self.only_b + self.neither


@dataclass(frozen=True)
class PairGrade:
    """Everything the per-question results say about A versus B.

    ``counts`` to ``ci_b`` are None unless every score is 0 or 1 (else
    ``paired`` is the normal interval for the mean difference); ``clustered``
    and ``clustered_gap`` need clusters, ``repeats`` repeated answers from both.
    """

    model_a: str
    model_b: str
    n: int
    score_a: float
    score_b: float
    paired: GapResult
    unpaired: GapResult
    counts: TwoByTwo | None = None
    discordance: float | None = None
    mcnemar: McNemarResult | None = None
    mcnemar_exact: McNemarResult | None = None
    ci_a: ConfidenceInterval | None = None
    ci_b: ConfidenceInterval | None = None
    clustered: ClusteredSE | None = None
    clustered_gap: GapResult | None = None
    repeats: RepeatVariances | None = None

    @property
    def lead(self) -> float:
        return self.paired.lead

    def __repr__(self) -> str:
        return (
            f"PairGrade(n={self.n}, lead={self.lead:.4g}, se={self.paired.se:.4g}, "
            f"low={self.paired.low:.4g}, high={self.paired.high:.4g}, "
            f"p_value={self.paired.p_value:.4g})"
        )


def grade_pair(
    paired: PairedItems,
    *,
    confidence_level: float = 0.95,
    method: str = "tango",
    correction: str = "none",
) -> PairGrade:
    """Grade model A against model B on their paired per-question scores.

    Right/wrong scores give the 2×2 table, McNemar's mid-p and exact tests and
    :func:`benchstats.paired_gap` (``method``); other scores the normal interval
    mean(d) ± z·SD(d)/√n (population SD). The unpaired view ignores the pairing.
    With clusters, lead ± z·:func:`clustered_se` (``correction``); with repeated
    answers, :func:`repeat_variances`.

    Examples
    --------
    >>> from benchstats.items import pair_items, read_items
    >>> rows = "question_id,a,b\\n" + "".join(
    ...     f"q{i},{int(i < 20 or i >= 28 and i < 150)},{int(20 <= i < 150)}\\n"
    ...     for i in range(198))
    >>> g = grade_pair(pair_items(read_items(rows.encode())))
    >>> g.counts
    TwoByTwo(both_right=122, only_a=20, only_b=8, neither=48)
    >>> round(100 * g.lead, 1), round(g.mcnemar.p_value, 3), round(g.mcnemar_exact.p_value, 3)
    (6.1, 0.024, 0.036)
    """
    level = _validate.open_unit("confidence_level", confidence_level)
    correction = _correction(correction)
    a, b, n = paired.a, paired.b, paired.n
    score_a, score_b = float(a.mean()), float(b.mean())
    extra: dict = {}
    if paired.binary:
        ra, rb = a == 1, b == 1
        counts = TwoByTwo(
            int(np.count_nonzero(ra & rb)),
            int(np.count_nonzero(ra & ~rb)),
            int(np.count_nonzero(~ra & rb)),
            int(np.count_nonzero(~ra & ~rb)),
        )
        bc = (counts.only_a, counts.only_b)
        gap = paired_gap(*bc, n, confidence_level=level, method=method)
        unpaired = unpaired_gap(score_a, score_b, n, confidence_level=level)
        extra = {
            "counts": counts,
            "discordance": (bc[0] + bc[1]) / n,
            "mcnemar": mcnemar(*bc, method="mid-p"),
            "mcnemar_exact": mcnemar(*bc, method="exact"),
            "ci_a": proportion_ci(int(ra.sum()), n, confidence_level=level),
            "ci_b": proportion_ci(int(rb.sum()), n, confidence_level=level),
        }
    else:
        d = paired.diff
        gap = normal_gap(
            float(d.mean()),
            float(d.std()) / math.sqrt(n),
            confidence_level=level,
            method="paired-means",
        )
        se_u = math.sqrt(float(a.var()) / n + float(b.var()) / n)
        unpaired = normal_gap(
            score_a - score_b, se_u, confidence_level=level, method="unpaired-means"
        )
    if paired.has_clusters:
        cl = clustered_se(paired.diff, paired.cluster, correction=correction)
        extra["clustered"] = cl
        extra["clustered_gap"] = normal_gap(
            gap.lead, cl.se, confidence_level=level, method=f"clustered-{correction}"
        )
    if n >= 2 and paired.k_a.max() > 1 and paired.k_b.max() > 1:
        extra["repeats"] = repeat_variances(
            a, b, paired.var_a, paired.var_b, paired.k_a, paired.k_b
        )
    return PairGrade(paired.model_a, paired.model_b, n, score_a, score_b, gap, unpaired, **extra)
