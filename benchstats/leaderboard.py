"""A leaderboard: K models' scores and every pairwise comparison among them.

A sort returns an order whether or not the gaps inside it are real. A board
holds scores with n, reported ± standard errors, or every model's answers to
the same questions; every pair is graded by the two-model tests of
:mod:`benchstats.gaps`, the K(K − 1)/2 p-values adjusted for testing them all.

>>> tests = pairwise_tests(board(["A", "B", "C", "D"], [0.90, 0.85, 0.84, 0.80], n=500))
>>> c = tie_counts(tests)
>>> c.pairs, c.overlap, c.test, c.corrected
(6, 1, 2, 4)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import special

from benchstats import _validate
from benchstats.gaps import GapResult, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.overlap import touching

CORRECTIONS = ("holm", "bh", "none")
CORRECTION_NAMES = {"holm": "Holm", "bh": "Benjamini–Hochberg", "none": "no correction"}
MAX_MODELS = 50


@dataclass(frozen=True, eq=False)
class Board:
    """K models' scores (proportions) with one standard error each.

    ``kind`` is ``"n"`` (questions per row, se = √(p(1 − p)/n)), ``"se"``
    (reported standard errors, ``n`` None) or ``"paired"`` (``correct``, K ×
    questions 0/1 answers to the same questions).
    """

    names: tuple[str, ...]
    scores: np.ndarray
    se: np.ndarray
    kind: str
    n: np.ndarray | None = None
    correct: np.ndarray | None = None

    @property
    def size(self) -> int:
        return len(self.names)

    @property
    def observed_ranks(self) -> np.ndarray:
        """Each model's rank on the board: 1 + the number of models scoring higher."""
        return ranks_of(self.scores)

    @property
    def order(self) -> np.ndarray:
        """Row indices from the highest score down (ties keep the given order)."""
        return np.argsort(-self.scores, kind="stable")

    def covariance(self) -> np.ndarray:
        """The K × K covariance of the scores: diagonal se², or for a paired board
        (mean(xⱼxₖ) − pⱼpₖ)/n, so that Var(pⱼ − pₖ) is the paired Wald variance."""
        if self.correct is None:
            return np.diag(self.se**2)
        x = self.correct
        q = x.shape[1]
        cov = (x @ x.T / q - np.outer(self.scores, self.scores)) / q
        return np.triu(cov) + np.triu(cov, 1).T  # symmetric to the last bit

    def __repr__(self) -> str:
        rows = ", ".join(f"{m}={s:.4g}" for m, s in zip(self.names, self.scores, strict=True))
        return f"Board(kind={self.kind!r}, K={self.size}, {rows})"


def ranks_of(scores: np.ndarray) -> np.ndarray:
    """1 + the number of scores higher than each."""
    from scipy.stats import rankdata  # on first use: scipy.stats takes most of a second to import

    return rankdata(-scores, method="min").astype(np.int64)


def row_names(
    names: Sequence[str], *, unit: str = "model", low: int = 2, high: int = MAX_MODELS
) -> tuple[str, ...]:
    """The rows' names, stripped: ``low`` to ``high`` of them, none empty, none twice.

    >>> row_names(["A", "A"])
    Traceback (most recent call last):
    ValueError: model 'A' appears twice: give each row its own name
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        msg = f"names must be a list of {unit} names, got {names!r}"
        raise TypeError(msg)
    out = tuple(str(m).strip() for m in names)
    if not low <= len(out) <= high:
        msg = f"give {low} to {high} {unit}s, got {len(out):,}"
        raise ValueError(msg)
    for i, m in enumerate(out):
        if not m:
            msg = f"row {i + 1} has no {unit} name"
            raise ValueError(msg)
        if m in out[:i]:
            msg = f"{unit} {m!r} appears twice: give each row its own name"
            raise ValueError(msg)
    return out


def per_row(values: object, names: tuple[str, ...], what: str) -> list:
    """``values`` as one per row of ``names``: a single value repeated, or a list checked."""
    if np.ndim(values) == 0:
        return [values] * len(names)
    values = list(np.asarray(values, dtype=object).ravel())
    if len(values) != len(names):
        msg = f"{what} needs one value per row ({len(names)}), got {len(values)}"
        raise ValueError(msg)
    return values


def named(row: str, call, *args, **kwargs):
    """``call(*args, **kwargs)``, naming the row in its error message."""
    try:
        return call(*args, **kwargs)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{row!r}: {err}") from None


def _each(check, key: str, values: object, names: tuple[str, ...], **kw) -> np.ndarray:
    """``check(key, value)`` for each row's value, naming the row in its error."""
    values = per_row(values, names, key)
    return np.array([named(m, check, key, v, **kw) for m, v in zip(names, values, strict=True)])


def board(
    names: Sequence[str],
    scores: Sequence[float],
    *,
    n: int | Sequence[int] | None = None,
    se: float | Sequence[float] | None = None,
) -> Board:
    """A leaderboard from scores with questions (``n``) or reported ± SEs (``se``).

    ``names`` are distinct, 2 to ``MAX_MODELS``; ``n`` or ``se`` is one value
    for every row or one per row.

    Examples
    --------
    >>> b = board(["A", "B", "C"], [0.82, 0.78, 0.80], n=1000)
    >>> b.observed_ranks.tolist(), round(float(b.se[0]), 4)
    ([1, 3, 2], 0.0121)
    """
    names = row_names(names)
    if (n is None) == (se is None):
        msg = "give either n (questions per model) or se (reported standard errors), not both or neither"
        raise ValueError(msg)
    p = _each(_validate.proportion, "score", scores, names)
    if se is not None:
        return Board(names, p, _each(_validate.positive, "se", se, names), "se")
    counts = _each(_validate.count, "n", n, names, minimum=1, what="questions").astype(np.int64)
    return Board(names, p, np.sqrt(p * (1 - p) / counts), "n", n=counts)


def board_from_answers(names: Sequence[str], correct: object) -> Board:
    """A paired leaderboard from every model's 0/1 answers to the same questions.

    ``correct`` is K × questions (row k: model k's answers, 1 = right), e.g.
    ``read_items(...).matrix.T`` on the questions every model answered.

    Examples
    --------
    >>> b = board_from_answers(["A", "B"], [[1, 1, 0, 1], [1, 0, 0, 1]])
    >>> b.kind, b.scores.tolist(), b.n.tolist()
    ('paired', [0.75, 0.5], [4, 4])
    """
    names = row_names(names)
    try:
        x = np.asarray(correct, dtype=float)
    except (TypeError, ValueError):
        msg = "answers must be a table of 0s and 1s, one row per model"
        raise ValueError(msg) from None
    if x.ndim != 2 or x.shape[0] != len(names) or x.shape[1] < 1:
        msg = f"answers must be one row per model ({len(names)}) and at least one question, got shape {x.shape}"
        raise ValueError(msg)
    missing = np.isnan(x)
    if missing.any():
        k, q = np.argwhere(missing)[0]
        msg = (
            f"{names[k]!r} has no answer to question {q + 1}: keep only the questions "
            "every model answered"
        )
        raise ValueError(msg)
    bad = ~((x == 0) | (x == 1))
    if bad.any():
        k, q = np.argwhere(bad)[0]
        msg = f"answers must be 0 or 1: {names[k]!r} has {x[k, q].item():g} on question {q + 1}"
        raise ValueError(msg)
    p = x.mean(axis=1)
    q = x.shape[1]
    return Board(names, p, np.sqrt(p * (1 - p) / q), "paired", n=np.full(len(names), q), correct=x)


def adjust_p_values(p_values: object, method: str = "holm") -> np.ndarray:
    """p-values adjusted for testing them all at once.

    - ``"holm"``: Holm (1979), step-down Bonferroni: the i-th smallest of m
      becomes maxⱼ≤ᵢ min(1, (m − j + 1)·p₍ⱼ₎); controls the chance of any
      false "clears" (family-wise error).
    - ``"bh"``: Benjamini & Hochberg (1995), via
      ``scipy.stats.false_discovery_control``; controls the expected share of
      false "clears" among those declared.
    - ``"none"``: the p-values as they are.

    Examples
    --------
    >>> adjust_p_values([0.01, 0.04, 0.03], "holm").round(3).tolist()
    [0.03, 0.06, 0.06]
    """
    method = _validate.method(method, CORRECTIONS)
    p = np.asarray(p_values, dtype=float)
    if p.ndim != 1 or np.any(~((p >= 0) & (p <= 1))):
        msg = f"p_values must be a list of numbers from 0 to 1, got {p_values!r}"
        raise ValueError(msg)
    if p.size == 0 or method == "none":
        return p.copy()
    if method == "bh":
        from scipy.stats import false_discovery_control  # on first use, as rankdata above

        return false_discovery_control(p, method="bh")
    return holm(p)


def holm(p: np.ndarray) -> np.ndarray:
    """Holm's step-down adjustment along the last axis (each row of a 2-D array on its own)."""
    m = p.shape[-1]
    order = np.argsort(p, axis=-1, kind="stable")
    stepped = np.maximum.accumulate((m - np.arange(m)) * np.take_along_axis(p, order, -1), axis=-1)
    out = np.empty_like(p)
    np.put_along_axis(out, order, np.minimum(stepped, 1.0), axis=-1)
    return out


@dataclass(frozen=True, eq=False)
class PairwiseTests:
    """Every pair of models tested, as K × K arrays (row minus column).

    ``lead[i, j]`` = score i − score j; ``p_value`` and ``p_adjusted`` are 1 on
    the diagonal. ``scores`` and ``model_se`` repeat the board's.
    """

    names: tuple[str, ...]
    lead: np.ndarray
    se: np.ndarray
    z: np.ndarray
    p_value: np.ndarray
    p_adjusted: np.ndarray
    correction: str
    confidence_level: float
    method: str
    scores: np.ndarray
    model_se: np.ndarray

    @property
    def alpha(self) -> float:
        return 1.0 - self.confidence_level

    @property
    def clears(self) -> np.ndarray:
        """K × K: the pair's lead clears the noise after the correction."""
        return self.p_adjusted < self.alpha

    @property
    def pairs(self) -> int:
        k = len(self.names)
        return k * (k - 1) // 2

    def __repr__(self) -> str:
        cleared = int(np.triu(self.clears, 1).sum())
        return (
            f"PairwiseTests({self.method!r}, {self.correction!r}, {cleared} of {self.pairs} clear)"
        )


def _pair(b: Board, i: int, j: int, level: float) -> GapResult:
    if b.kind == "paired":
        only_i = int(np.sum((b.correct[i] == 1) & (b.correct[j] == 0)))
        only_j = int(np.sum((b.correct[i] == 0) & (b.correct[j] == 1)))
        return paired_gap(only_i, only_j, int(b.n[i]), confidence_level=level)
    if b.kind == "n":
        return unpaired_gap(
            b.scores[i], b.scores[j], int(b.n[i]), n_b=int(b.n[j]), confidence_level=level
        )
    return gap_from_standard_errors(
        b.scores[i], b.se[i], b.scores[j], b.se[j], confidence_level=level
    )


def _all_pairs(
    b: Board, iu: np.ndarray, ju: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, str]:
    """lead, se, z and p of the pairs (iu, ju), and the last pair's method name.

    The arithmetic of :func:`~benchstats.unpaired_gap` and
    :func:`~benchstats.gap_from_standard_errors` on all pairs at once, bit for
    bit; a pair with SE 0, and every pair of a paired board, goes through the
    two-model test itself.
    """
    m = iu.size
    lead, se, z, p = np.zeros(m), np.zeros(m), np.zeros(m), np.ones(m)
    alone = np.ones(m, dtype=bool)
    method = ""
    if b.kind in ("n", "se") and m:
        a, c = b.scores[iu], b.scores[ju]
        if b.kind == "n":
            se = np.sqrt(a * (1 - a) / b.n[iu] + c * (1 - c) / b.n[ju])
            method = "unpaired"
        else:
            se = np.array([math.hypot(x, y) for x, y in zip(b.se[iu], b.se[ju], strict=True)])
            method = "reported-se"
        lead, alone = a - c, se == 0.0
        ok = ~alone
        z[ok] = lead[ok] / se[ok]
        p[ok] = 2 * special.ndtr(-np.abs(z[ok]))
    for idx in np.flatnonzero(alone):
        g = _pair(b, int(iu[idx]), int(ju[idx]), level)
        lead[idx], se[idx], z[idx], p[idx] = g.lead, g.se, g.z, g.p_value
        if idx == m - 1:
            method = g.method
    return lead, se, z, p, method


def pairwise_tests(
    b: Board, *, correction: str = "holm", confidence_level: float = 0.95
) -> PairwiseTests:
    """Test every pair of models on the board and adjust for testing them all.

    Each pair by the test that fits the board (:func:`~benchstats.unpaired_gap`,
    :func:`~benchstats.gap_from_standard_errors` or :func:`~benchstats.paired_gap`),
    the p-values adjusted by :func:`adjust_p_values`.

    Examples
    --------
    >>> t = pairwise_tests(board(["A", "B", "C"], [0.82, 0.78, 0.70], n=1000))
    >>> t.p_adjusted.round(4).tolist()[0], t.clears[0].tolist()
    ([1.0, 0.0252, 0.0], [False, True, True])
    """
    correction = _validate.method(correction, CORRECTIONS)
    level = _validate.open_unit("confidence_level", confidence_level)
    k = b.size
    iu, ju = np.triu_indices(k, 1)
    lead_u, se_u, z_u, p_u, method = _all_pairs(b, iu, ju, level)
    lead, se, z = np.zeros((k, k)), np.zeros((k, k)), np.zeros((k, k))
    p = np.ones((k, k))
    lead[iu, ju], lead[ju, iu] = lead_u, -lead_u
    se[iu, ju] = se[ju, iu] = se_u
    z[iu, ju], z[ju, iu] = z_u, -z_u
    p[iu, ju] = p[ju, iu] = p_u
    adjusted = np.ones((k, k))
    adjusted[iu, ju] = adjusted[ju, iu] = adjust_p_values(p[iu, ju], correction)
    return PairwiseTests(
        b.names, lead, se, z, p, adjusted, correction, level, method, b.scores, b.se
    )


@dataclass(frozen=True)
class TieCounts:
    """How many of the pairs three rules call ties: ``overlap`` (the ±1 SE bars touch,
    |a − b| ≤ se_a + se_b), ``test`` (not clearing) and ``corrected`` (not clearing
    after ``correction``)."""

    pairs: int
    overlap: int
    test: int
    corrected: int
    correction: str
    confidence_level: float
    paired: bool = False
    unit: str = "pair"


def tie_counts(tests: PairwiseTests) -> TieCounts:
    """Count the pairs that the overlap rule, the test and the corrected test call ties.

    Equal bars that barely fail to touch sit √2 SE of the gap apart (p ≈ 0.157):
    the overlap rule calls more ties than the test (see the module's example).
    """
    iu, ju = np.triu_indices(len(tests.names), 1)
    touch = touching(tests.scores[iu] - tests.scores[ju], tests.model_se[iu], tests.model_se[ju])
    return TieCounts(
        pairs=tests.pairs,
        overlap=int(touch.sum()),
        test=int(np.sum(tests.p_value[iu, ju] >= tests.alpha)),
        corrected=int(np.sum(~tests.clears[iu, ju])),
        correction=tests.correction,
        confidence_level=tests.confidence_level,
        paired=tests.method.startswith("paired"),
    )
