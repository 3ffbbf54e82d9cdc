"""The paired verdict without per-question data: every discordance at once.

A paired test needs the discordance d, the share of questions on which the two
models disagree, which nobody publishes. The scores bound it: with k_A and k_B
right answers and L = k_A − k_B,

    |L| ≤ D ≤ min(k_A + k_B, 2n − k_A − k_B),    d = D/n,

and at each D the discordant counts are a_only = (D + L)/2, b_only = (D − L)/2.
At d = a(1 − b) + b(1 − a) (independent mistakes) the paired Wald SE equals the
unpaired one; below it the same lead means more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import special

from benchstats import _validate
from benchstats.gaps import GapResult, tango_interval, unpaired_gap
from benchstats.intervals import critical_value
from benchstats.luck import nearest_count
from benchstats.mcnemar import mid_p
from benchstats.planning.levels import discordance_bounds


@dataclass(frozen=True)
class DiscordanceBand:
    """Result of :func:`discordance_band`: the paired verdict at each discordance.

    Array fields follow the shape of the discordances asked for (floats for a
    scalar). ``discordance`` is the rate used, ``(a_only + b_only)/n``, after
    rounding to whole questions. ``p_value`` is McNemar's mid-p,
    ``p_asymptotic`` the uncorrected z-test's; ``low``/``high`` Tango's paired
    interval, and ``clears`` its verdict (:attr:`GapResult.clears`) at each point.

    ``threshold`` is the least feasible discordance at which the lead stops
    clearing: it clears below it and not from it up; ``None`` when it clears
    at every feasible discordance, ``d_min`` when at none. ``unpaired`` is the
    verdict on separate questions at the same scores. (Mid-p below α disagrees
    with the interval on 1.2% of counts, always next to the boundary.)
    """

    a: float
    b: float
    n: int
    a_right: int
    b_right: int
    discordance: float | np.ndarray
    a_only: int | np.ndarray
    b_only: int | np.ndarray
    low: float | np.ndarray
    high: float | np.ndarray
    z: float | np.ndarray
    p_value: float | np.ndarray
    p_asymptotic: float | np.ndarray
    clears: bool | np.ndarray
    d_min: float
    d_max: float
    threshold: float | None
    unpaired: GapResult
    confidence_level: float

    @property
    def lead(self) -> float:
        """The lead in whole questions, (a_right − b_right)/n."""
        return (self.a_right - self.b_right) / self.n

    @property
    def independent_discordance(self) -> float:
        """a(1 − b) + b(1 − a): where the paired Wald SE equals the unpaired SE."""
        return self.independent_questions / self.n

    @property
    def independent_questions(self) -> float:
        """(k_A(n − k_B) + k_B(n − k_A))/n, integers first: exactly 8, not 7.999…, on 20."""
        k_a, k_b, n = self.a_right, self.b_right, self.n
        return (k_a * (n - k_b) + k_b * (n - k_a)) / n

    @property
    def count_range(self) -> tuple[int, int]:
        """The least and the most questions on which the two models can disagree."""
        return _count_range(self.a_right, self.b_right, self.n)

    @property
    def independent_count(self) -> int:
        """The feasible number of disagreements nearest ``independent_discordance``·n."""
        return nearest_disagreements(self.a, self.b, self.n, self.independent_questions)

    def __repr__(self) -> str:
        shape = np.shape(self.discordance)
        where = f"{len(np.ravel(self.discordance))} discordances" if shape else "1 discordance"
        return (
            f"DiscordanceBand(a={self.a:.4g}, b={self.b:.4g}, n={self.n}, {where} "
            f"from {self.d_min:.4g} to {self.d_max:.4g}, threshold={self.threshold!r})"
        )


def _right_answers(a: float, b: float, n: int) -> tuple[int, int]:
    # The site's one rounding rule for a score as a count.
    return nearest_count(a, n), nearest_count(b, n)


def _count_range(k_a: int, k_b: int, n: int) -> tuple[int, int]:
    # The bounds of planning.discordance_bounds, in whole questions.
    low, high = discordance_bounds(k_a / n, k_b / n)
    return round(low * n), round(high * n)


def discordance_range(a: float, b: float, n: int) -> tuple[float, float]:
    """The least and the most discordance two scores allow on n questions.

    |k_A − k_B|/n to min(k_A + k_B, 2n − k_A − k_B)/n, with k = score·n
    rounded to the nearest whole number (ties up).

    Examples
    --------
    >>> discordance_range(0.6, 0.5, 100)
    (0.1, 0.9)
    """
    a, b = _validate.scores(a, b)
    n = _validate.count("n", n, minimum=1, what="questions")
    low, high = _count_range(*_right_answers(a, b, n), n)
    return low / n, high / n


def discordance_counts(a: float, b: float, n: int, discordance) -> tuple:
    """The discordant counts (a_only, b_only) a discordance implies. *Vectorised*.

    The scores become whole counts k = score·n (nearest, ties up) and the lead
    L = k_A − k_B is kept; D = d·n is rounded to the nearest count of L's parity
    (a_only = ⌊(d·n + L)/2 + ½⌋), clipped to the feasible range, b_only = a_only − L.

    Examples
    --------
    >>> discordance_counts(0.6, 0.5, 100, [0.0, 0.2, 0.21, 1.0])
    (array([10, 15, 16, 50]), array([ 0,  5,  6, 40]))
    """
    a, b = _validate.scores(a, b)
    n = _validate.count("n", n, minimum=1, what="questions")
    d = _validate.proportions("discordance", discordance)
    k_a, k_b = _right_answers(a, b, n)
    lead = k_a - k_b
    d_lo, d_hi = _count_range(k_a, k_b, n)
    a_only = np.floor((d * n + lead) / 2 + 0.5).astype(np.int64)
    a_only = np.clip(a_only, (d_lo + lead) // 2, (d_hi + lead) // 2)
    b_only = a_only - lead
    if np.ndim(a_only) == 0:
        return int(a_only), int(b_only)
    return a_only, b_only


def _grade(a_only: np.ndarray, b_only: np.ndarray, n: int, zc: float) -> dict[str, np.ndarray]:
    """What :func:`benchstats.paired_gap` and :func:`benchstats.mcnemar` give, at many counts.

    The same numbers bit for bit, once per distinct pair of counts; z = 0 and
    both p = 1 at b + c = 0.
    """
    keys, back = np.unique(np.stack([a_only.ravel(), b_only.ravel()]), axis=1, return_inverse=True)
    b, c = keys
    some = b + c > 0
    z = np.where(some, (b - c) / np.sqrt(np.where(some, b + c, 1)), 0.0)
    bounds = np.array([tango_interval(int(x), int(y), n, zc) for x, y in zip(b, c, strict=True)])
    low, high = bounds.reshape(-1, 2).T
    graded = {
        "low": low,
        "high": high,
        "z": z,
        "p_value": mid_p(b, c),
        "p_asymptotic": np.where(some, np.minimum(1.0, 2 * special.ndtr(-np.abs(z))), 1.0),
        "clears": (low > 0) | (high < 0),
    }
    return {k: v[back.ravel()].reshape(a_only.shape) for k, v in graded.items()}


def _threshold(k_a: int, k_b: int, n: int, zc: float) -> float | None:
    """The least D/n at which the lead stops clearing, by bisection over D.

    Relies on "clears" falling with D at a fixed lead (a property test checks it).
    """
    lead = k_a - k_b
    d_lo, d_hi = _count_range(k_a, k_b, n)

    def clears(j: int) -> bool:
        d = d_lo + 2 * j
        low, high = tango_interval((d + lead) // 2, (d - lead) // 2, n, zc)
        return low > 0 or high < 0  # GapResult.clears of paired_gap: Tango's interval misses 0

    last = (d_hi - d_lo) // 2
    if clears(last):  # clears however often they disagree
        return None
    if not clears(0):  # not even at the least discordance
        return d_lo / n
    lo, hi = 0, last  # clears(lo), not clears(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if clears(mid):
            lo = mid
        else:
            hi = mid
    return (d_lo + 2 * hi) / n


def discordance_band(
    a: float,
    b: float,
    n: int,
    discordance=None,
    *,
    confidence_level: float = 0.95,
    points: int = 101,
) -> DiscordanceBand:
    """The paired interval and McNemar p at each discordance two scores allow.

    *Vectorised* in ``discordance``: each rate becomes whole discordant counts
    by the rule of :func:`discordance_counts`, graded with
    :func:`benchstats.paired_gap` (interval, z and mid-p) and
    :func:`benchstats.mcnemar` (``method="asymptotic"``). By default
    ``discordance`` is every feasible rate when there are at most ``points``
    (≥ 2), else ``points`` evenly spaced from the least to the most.

    Examples
    --------
    The articles' paired example: a 6.1-point lead, 28 of 198 questions split 20 to 8.

    >>> band = discordance_band(125 / 198, 113 / 198, 198, 28 / 198)
    >>> band.a_only, band.b_only, round(band.p_asymptotic, 3), band.clears, round(band.threshold, 4)
    (20, 8, 0.023, True, 0.1919)
    """
    a, b = _validate.scores(a, b)
    n = _validate.count("n", n, minimum=1, what="questions")
    level = _validate.open_unit("confidence_level", confidence_level)
    points = _validate.count("points", points, minimum=2, what="grid points")
    k_a, k_b = _right_answers(a, b, n)
    d_lo, d_hi = _count_range(k_a, k_b, n)
    if discordance is None:
        feasible = (d_hi - d_lo) // 2 + 1  # D steps by 2: it keeps the parity of the lead
        if feasible <= points:  # every feasible count, each once
            discordance = (d_lo + 2 * np.arange(feasible)) / n
        else:
            discordance = np.linspace(d_lo / n, d_hi / n, points)
    a_only, b_only = (np.asarray(x) for x in discordance_counts(a, b, n, discordance))
    zc = critical_value(level)
    graded = _grade(a_only, b_only, n, zc)

    scalar = np.ndim(a_only) == 0
    clears = graded.pop("clears")
    out = {k: float(v) if scalar else v for k, v in graded.items()}
    return DiscordanceBand(
        a=a,
        b=b,
        n=n,
        a_right=k_a,
        b_right=k_b,
        discordance=_validate.scalar_or_array((a_only + b_only) / n),
        a_only=int(a_only) if scalar else a_only,
        b_only=int(b_only) if scalar else b_only,
        clears=bool(clears) if scalar else clears,
        d_min=d_lo / n,
        d_max=d_hi / n,
        threshold=_threshold(k_a, k_b, n, zc),
        unpaired=unpaired_gap(a, b, n, confidence_level=level),
        confidence_level=level,
        **out,
    )


def nearest_disagreements(a: float, b: float, n: int, count: float) -> int:
    """The feasible number of disagreements nearest to ``count`` (a whole count of L's parity).

    ``count`` is cut to [0, n], then rounded by the rule of :func:`discordance_counts`.

    Examples
    --------
    >>> nearest_disagreements(0.6, 0.5, 100, 3)
    10
    """
    n = _validate.count("n", n, minimum=1, what="questions")
    if not isinstance(count, (int, float, np.integer, np.floating)) or not math.isfinite(count):
        msg = f"count must be a finite number of questions, got {count!r}"
        raise ValueError(msg)
    a_only, b_only = discordance_counts(a, b, n, min(max(float(count), 0.0), n) / n)
    return a_only + b_only
