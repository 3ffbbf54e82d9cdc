"""Luck: how far apart two equally good models land by chance alone.

Two models that each answer every one of n independent questions right
with chance p score X and Y ~ Binomial(n, p); the gap is (X − Y)/n, a whole
number of questions k = −n … n over n. :class:`GapDistribution` holds the
exact distribution of such a gap (for any two count distributions: mixed
difficulty and the best of K build on it) and reads off it the chance of a
lead at least so big, the band that holds 95% of runs, quantiles, the mean
and the standard deviation. A lead in proportion units is compared after
rounding to whole questions (:func:`nearest_count`: lead·n to the nearest
count, ties up).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from benchstats import _validate

MAX_QUESTIONS = 10_000_000
MAX_RUNS = 100_000_000
_TAIL_SDS = 40  # beyond 40 standard deviations a binomial pmf is below 1e-300
_DUST = 1e-12  # summation dust tolerated when a cumulative sum must reach a level


def skill_and_questions(p: object, n: object) -> tuple[float, int]:
    """``p`` a proportion and ``n`` a count of questions from 1 to :data:`MAX_QUESTIONS`."""
    p = _validate.proportion("p", p)
    n = _validate.count("n", n, minimum=1, what="questions")
    if n > MAX_QUESTIONS:
        msg = f"n must be at most {MAX_QUESTIONS:,} questions, got {n:,}"
        raise ValueError(msg)
    return p, n


def nearest_count(score: float, n: int) -> int:
    """The whole number of right answers out of n nearest to ``score``·n (halves up).

    The one rounding rule of the site: a score typed as a percent is read as
    this count wherever a count is needed (luck chances, intervals, CSVs),
    and a lead as this many questions. The 1e-9 absorbs float dust such as
    0.82·100 = 81.99999999999999.

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


def core(probs: np.ndarray, mass: float) -> tuple[int, int]:
    """First and last index of ``probs`` leaving at most ``mass`` in each tail.

    Never empty: when no index qualifies (all mass on one value, or
    ``mass`` ≥ ½) the most likely index is both ends.

    Examples
    --------
    >>> core([0.001, 0.2, 0.598, 0.2, 0.001], 0.01)
    (1, 3)
    """
    probs = np.asarray(probs, dtype=float)
    below = np.cumsum(probs)  # P(X ≤ i)
    above = np.cumsum(probs[::-1])[::-1]  # P(X ≥ i), summed from its own end
    inside = np.flatnonzero((below > mass) & (above > mass))
    if inside.size == 0:
        i = int(np.argmax(probs))
        return i, i
    return int(inside[0]), int(inside[-1])


def gaps_window(values: np.ndarray, first: int, lo: int, hi: int) -> np.ndarray:
    """``values[i]`` belongs to the gap ``first`` + i: the values of the gaps ``lo`` … ``hi``,
    zero where ``values`` has none.

    >>> gaps_window(np.array([5, 6, 7]), -1, 0, 3)
    array([6, 7, 0, 0])
    """
    out = np.zeros(hi - lo + 1, dtype=values.dtype)
    start, stop = max(lo, first), min(hi, first + values.size - 1)
    if start <= stop:
        out[start - lo : stop - lo + 1] = values[start - first : stop - first + 1]
    return out


@dataclass(frozen=True, eq=False)
class GapDistribution:
    """P(gap = k/n) for the gaps k = ``lo``, ``lo`` + 1, … in ``probs``, on ``n`` questions.

    The full distribution has ``lo`` = −n and 2n + 1 probabilities;
    :meth:`trimmed` drops tails too small to matter. Build it with
    :meth:`from_count_pmfs`, or :func:`binomial_gap` for two equal models.
    """

    n: int
    lo: int
    probs: np.ndarray

    @classmethod
    def from_count_pmfs(
        cls, pmf_a: np.ndarray, pmf_b: np.ndarray, *, n: int | None = None
    ) -> GapDistribution:
        """The gap A − B of two independent counts with these pmfs over one window of m + 1 counts.

        P(A − B = k) = Σ_x P(A = x) P(B = x − k): ``pmf_a`` convolved with
        ``pmf_b`` reversed (``scipy.signal.convolve`` picks direct or FFT).
        Equal pmfs give an exactly symmetric result. By default the pmfs
        cover 0 … n (m = n); two pmfs cut to the same window where their
        mass is give the gaps −m … m of a benchmark of ``n`` questions.

        Examples
        --------
        >>> GapDistribution.from_count_pmfs([0.5, 0.5], [0.5, 0.5]).probs
        array([0.25, 0.5 , 0.25])
        """
        a = _validate.proportions("pmf_a", pmf_a)
        b = _validate.proportions("pmf_b", pmf_b)
        if a.ndim != 1 or a.shape != b.shape or a.size < 2:
            msg = f"pmf_a and pmf_b must be pmfs over 0 … n of one length ≥ 2, got {a.shape} and {b.shape}"
            raise ValueError(msg)
        from scipy.signal import convolve  # on first use: scipy.signal takes a second to import

        gap = np.clip(convolve(a, b[::-1]), 0.0, None)  # FFT dust can dip below 0
        if np.array_equal(a, b):  # equally good models: exactly symmetric
            gap = (gap + gap[::-1]) / 2
        m = a.size - 1
        return cls(n=m if n is None else n, lo=-m, probs=gap / gap.sum())

    @property
    def gaps(self) -> np.ndarray:
        """The gaps, in whole questions, that ``probs`` covers."""
        return np.arange(self.lo, self.lo + self.probs.size)

    @property
    def support(self) -> np.ndarray:
        """The gaps covered, in proportion units (k/n)."""
        return self.gaps / self.n

    @property
    def hi(self) -> int:
        """The largest gap covered (whole questions)."""
        return self.lo + self.probs.size - 1

    def probs_for(self, lo: int, hi: int) -> np.ndarray:
        """Probabilities of the gaps ``lo`` … ``hi``, zero outside what is covered."""
        return gaps_window(self.probs, self.lo, lo, hi)

    @property
    def mean(self) -> float:
        """The mean gap, proportion units."""
        return float(self.gaps @ self.probs) / self.n

    @property
    def sd(self) -> float:
        """The standard deviation of the gap, proportion units."""
        k = self.gaps
        m = float(k @ self.probs)
        return math.sqrt(max(float((k - m) ** 2 @ self.probs), 0.0)) / self.n

    def share_at_least(self, lead: float, *, two_sided: bool = True) -> float:
        """P(|gap| ≥ lead), or P(gap ≥ lead) when ``two_sided=False``; the lead in whole questions.

        Examples
        --------
        >>> dist = binomial_gap(0.8, 100)
        >>> round(dist.share_at_least(0.04), 4), round(dist.share_at_least(0.04, two_sided=False), 4)
        (0.5355, 0.2678)
        """
        m = nearest_count(abs(_validate.real("lead", lead)), self.n)
        if two_sided and m == 0:  # every gap is at least 0 apart
            return 1.0
        k = self.gaps
        hit = np.abs(k) >= m if two_sided else k >= m
        return min(1.0, float(self.probs[hit].sum()))

    def quantile(self, q: float) -> float:
        """The smallest gap g with P(gap ≤ g) ≥ q, proportion units."""
        q = _validate.open_unit("q", q)
        i = min(int(np.searchsorted(np.cumsum(self.probs), q - _DUST)), self.probs.size - 1)
        return (self.lo + i) / self.n

    def half_width(self, level: float = 0.95) -> float:
        """The smallest h with P(|gap| ≤ h) ≥ ``level``: the band of luck.

        Examples
        --------
        >>> binomial_gap(0.8, 100).half_width()
        0.11
        """
        level = _validate.open_unit("level", level)
        inside = np.cumsum(np.bincount(np.abs(self.gaps), weights=self.probs))  # P(|gap| ≤ h)
        h = min(int(np.searchsorted(inside, level - _DUST)), inside.size - 1)
        return h / self.n

    def window(self, mass: float = 1e-6) -> tuple[int, int]:
        """Gaps (whole questions) ``lo``, ``hi`` leaving at most ``mass`` in each tail; never empty."""
        first, last = core(self.probs, mass)
        return self.lo + first, self.lo + last

    def trimmed(self, mass: float = 1e-10) -> GapDistribution:
        """The same distribution without tails holding at most ``mass`` each.

        Keeps a cached copy small (a million questions: a few thousand gaps,
        not two million); any share it then reports is off by at most ``mass``.
        The default 1e-10 sits above the rounding noise an FFT convolution
        leaves in far tails (about 1e-19 a gap, summed over many gaps).

        Examples
        --------
        >>> small = binomial_gap(0.8, 10_000).trimmed()
        >>> small.lo, small.hi, round(small.share_at_least(0.01), 6)
        (-360, 360, 0.078586)
        """
        lo, hi = self.window(mass)
        return GapDistribution(n=self.n, lo=lo, probs=self.probs_for(lo, hi))


def binomial_gap(p: float, n: int, *, central: bool = False) -> GapDistribution:
    """The gap of two Binomial(n, p) counts: two equally good models on independent questions.

    ``central``: each count cut to its mean ± 40 SD first. Everything the cut
    leaves out is below 1e-300, so a million questions cost thousands of
    terms, not millions.

    Examples
    --------
    >>> dist = binomial_gap(0.8, 100)
    >>> dist.lo, round(dist.sd * 100, 2), dist.half_width()
    (-100, 5.66, 0.11)
    """
    p, n = skill_and_questions(p, n)
    lo, hi = 0, n
    if central:
        sd = math.sqrt(n * p * (1 - p))
        lo = max(0, math.floor(n * p - _TAIL_SDS * sd) - 1)
        hi = min(n, math.ceil(n * p + _TAIL_SDS * sd) + 1)
    from scipy.stats import binom  # on first use, as scipy.signal above

    pmf = binom.pmf(np.arange(lo, hi + 1), n, p)
    return GapDistribution.from_count_pmfs(pmf, pmf, n=n)


def gap_distribution(p: float, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact distribution of the gap between two equally good models.

    The pmf of X − Y is the convolution of one binomial pmf with the other
    reversed (:meth:`GapDistribution.from_count_pmfs`).

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
    dist = binomial_gap(p, n)
    return dist.support, dist.probs


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
    p, n = skill_and_questions(p, n)
    lead = _validate.real("lead", lead)
    if abs(lead) > 1:
        msg = f"lead must be between -1 and 1 (a proportion, not points), got {lead!r}"
        raise ValueError(msg)
    return binomial_gap(p, n, central=True).share_at_least(lead, two_sided=two_sided)


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
    p, n = skill_and_questions(p, n)
    runs = _validate.count("runs", runs, minimum=1, what="runs")
    if runs > MAX_RUNS:
        msg = f"runs must be at most {MAX_RUNS:,}, got {runs:,}"
        raise ValueError(msg)
    seed = _validate.seed(seed)
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
    a, b = _validate.scores(a, b)
    p, n = skill_and_questions((a + b) / 2, n)
    dist = binomial_gap(p, n, central=True)
    lead = lead_in_questions(a, b, n) / n
    return EqualModelsLuck(
        p,
        n,
        lead,
        dist.share_at_least(lead),
        dist.share_at_least(lead, two_sided=False),
        float(dist.probs_for(0, 0)[0]),
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
