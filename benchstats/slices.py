"""Slices of a benchmark, how many of them look "significant" by luck, and a reader's own slices.

A slice of m questions carries the standard error √(p(1 − p)/m). Testing two
equally good models (each question right with the same chance p) on S slices
at level α, the chance that at least one slice shows a "significant" lead is

    1 − (1 − α)^S        (independent slices, a test of exact size α);

:func:`chance_any_significant_exact` uses the real unpaired test's size on each
slice instead. Holm's and Benjamini–Hochberg's corrections take most of those
false discoveries back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import special, stats

from benchstats import _validate
from benchstats.gaps import unpaired_gap
from benchstats.intervals import critical_value
from benchstats.leaderboard import CORRECTIONS, adjust_p_values, holm

MAX_RUNS = 100_000
_TAIL = 1e-12  # binomial tails left out of the exact sums
_GRADED = ("lead", "low", "high", "p_value")  # what compare_slices keeps of each slice's gap


def slice_sizes(n: int, slices: int) -> np.ndarray:
    """n questions cut into ``slices`` slices as equal as whole questions allow, larger first.

    Examples
    --------
    >>> slice_sizes(198, 4).tolist()
    [50, 50, 49, 49]
    """
    n = _validate.count("n", n, minimum=1, what="questions")
    slices = _validate.count("slices", slices, minimum=1, what="slices")
    if slices > n:
        msg = f"slices must be at most n (every slice needs a question), got {slices} slices of {n}"
        raise ValueError(msg)
    q, r = divmod(n, slices)
    return np.array([q + 1] * r + [q] * (slices - r), dtype=np.int64)


@dataclass(frozen=True, eq=False)
class SliceNoise:
    """How precisely each slice measures a score near ``p``, per slice.

    ``se`` and ``width`` are one model's score; ``gap_se`` and ``gap_width`` the
    lead between two models on separate draws of it (√2 larger).
    """

    sizes: np.ndarray
    p: float | np.ndarray
    confidence_level: float
    se: np.ndarray
    width: np.ndarray
    gap_se: np.ndarray
    gap_width: np.ndarray

    def __repr__(self) -> str:
        return (
            f"SliceNoise(slices={self.sizes.size}, sizes={self.sizes.min()}–{self.sizes.max()}, "
            f"se={self.se.max():.4f}, width={self.width.max():.4f})"
        )


def slice_noise(
    n: int | None = None,
    slices: int | None = None,
    *,
    sizes: Sequence[int] | None = None,
    p: float | Sequence[float] = 0.5,
    confidence_level: float = 0.95,
) -> SliceNoise:
    """Per-slice standard error and interval width: se = √(p(1 − p)/m), width = 2·z·se.

    Give ``n`` and ``slices`` (equal slices) or ``sizes``; ``p`` is one
    score for every slice or the reader's score on each.

    Examples
    --------
    >>> s = slice_noise(198, 4)
    >>> s.sizes.tolist(), round(100 * float(s.se[0]), 1), round(100 * float(s.width[0]), 1)
    ([50, 50, 49, 49], 7.1, 27.7)
    """
    if sizes is not None and (n is not None or slices is not None):
        msg = "give either n and slices or sizes, not both"
        raise ValueError(msg)
    if sizes is None and (n is None or slices is None):
        msg = "give n and slices (equal slices) or sizes (questions per slice)"
        raise ValueError(msg)
    m = _validate.slice_sizes(sizes) if sizes is not None else slice_sizes(n, slices)
    p_arr = _validate.proportions("p", p)
    if p_arr.ndim > 1 or p_arr.size not in (1, m.size):
        msg = f"p must be one score or one per slice ({m.size}), got {p_arr.size}"
        raise ValueError(msg)
    z = critical_value(confidence_level)
    se = np.sqrt(p_arr * (1 - p_arr) / m)
    p_out = float(p_arr) if p_arr.ndim == 0 else p_arr
    return SliceNoise(
        m, p_out, confidence_level, se, 2 * z * se, np.sqrt(2) * se, 2 * z * np.sqrt(2) * se
    )


def chance_any_significant(slices, *, alpha: float = 0.05) -> float | np.ndarray:
    """Chance that at least one of S independent tests at level α fires by luck.

    1 − (1 − α)^S, computed as −expm1(S·log1p(−α)). *Vectorised* in ``slices``.

    Examples
    --------
    >>> round(chance_any_significant(10), 3), round(chance_any_significant(12), 3)
    (0.401, 0.46)
    """
    s = _validate.counts("slices", slices, minimum=1, what="slices")
    alpha = _validate.open_unit("alpha", alpha)
    return _validate.scalar_or_array(-np.expm1(s * np.log1p(-alpha)))


def _window(m: int, p: float) -> np.ndarray:
    """Counts 0 … m that carry all but ``_TAIL`` of Binomial(m, p)."""
    lo, hi = stats.binom.ppf([_TAIL, 1 - _TAIL], m, p)
    lo = 0 if np.isnan(lo) else max(int(lo) - 1, 0)
    hi = m if np.isnan(hi) else min(int(hi) + 1, m)
    return np.arange(lo, hi + 1)


def _unpaired_p(right_a: np.ndarray, right_b: np.ndarray, m: int) -> np.ndarray:
    """The two-sided p of :func:`benchstats.unpaired_gap` for counts right of m each,
    vectorised; where the SE is 0 (both at 0% or 100%), ``unpaired_gap`` itself."""
    right_a, right_b = np.broadcast_arrays(right_a, right_b)
    a, b = right_a / m, right_b / m
    se = np.sqrt(a * (1 - a) / m + b * (1 - b) / m)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = 2 * special.ndtr(-np.abs(a - b) / se)
    for x, y in {(int(x), int(y)) for x, y in zip(right_a[se == 0], right_b[se == 0], strict=True)}:
        p[(right_a == x) & (right_b == y) & (se == 0)] = unpaired_gap(x / m, y / m, m).p_value
    return p


def slice_test_size(size: int, *, p: float = 0.5, alpha: float = 0.05) -> float:
    """Exact chance that the unpaired test flags one slice of two equal models.

    Σ Binomial(x; m, p)·Binomial(y; m, p) over the counts (x, y) where the
    unpaired test's p is below α: not α, the test being a normal approximation.

    Examples
    --------
    >>> round(slice_test_size(50), 4)
    0.0569
    """
    m = _validate.count("size", size, minimum=1, what="questions in a slice")
    p = _validate.proportion("p", p)
    alpha = _validate.open_unit("alpha", alpha)
    k = _window(m, p)
    pmf = stats.binom.pmf(k, m, p)
    flagged = _unpaired_p(k[:, None], k[None, :], m) < alpha
    return float(pmf @ flagged @ pmf)


def chance_any_significant_exact(sizes, *, p: float = 0.5, alpha: float = 0.05) -> float:
    """Chance that at least one slice is flagged: 1 − Π(1 − size of the test on each slice).

    Examples
    --------
    >>> round(chance_any_significant_exact([50, 50, 49, 49]), 3)
    0.205
    """
    m = _validate.slice_sizes(sizes)
    each = {int(s): slice_test_size(int(s), p=p, alpha=alpha) for s in np.unique(m)}
    return float(-np.expm1(sum(np.log1p(-each[int(s)]) for s in m))) + 0.0  # + 0.0: never −0


@dataclass(frozen=True, eq=False)
class SliceLuck:
    """Two equal models on n questions cut into equal slices: the noise and the exact chances.

    ``exact``: at least one slice flagged by the real test; ``formula``:
    1 − (1 − α)^S; ``sizes_flagged``: the test's size on the smallest and largest slice.
    """

    noise: SliceNoise
    alpha: float
    exact: float
    formula: float
    sizes_flagged: tuple[float, float]

    @property
    def n(self) -> int:
        return int(self.noise.sizes.sum())

    @property
    def slices(self) -> int:
        return int(self.noise.sizes.size)

    @property
    def p(self) -> float:
        return float(np.max(self.noise.p))


def slice_luck(n: int, slices: int, *, p: float = 0.5, alpha: float = 0.05) -> SliceLuck:
    """The noise of each of ``slices`` equal slices of n questions and the chance of a lucky one.

    Examples
    --------
    >>> luck = slice_luck(600, 12)
    >>> round(luck.exact, 4), round(luck.formula, 4), round(luck.sizes_flagged[0], 4)
    (0.5049, 0.4596, 0.0569)
    """
    noise = slice_noise(n, slices, p=p)
    m = noise.sizes
    each = tuple(slice_test_size(int(x), p=p, alpha=alpha) for x in (m.min(), m.max()))
    exact = chance_any_significant_exact(m, p=p, alpha=alpha)
    return SliceLuck(noise, alpha, exact, float(chance_any_significant(slices, alpha=alpha)), each)


@dataclass(frozen=True, eq=False)
class SliceSimulation:
    """Runs of two equal models on S slices: who got how many right, and what was flagged.

    ``right_a``, ``right_b``, ``p_values`` are runs × S; ``flagged`` maps each
    correction to runs × S booleans (adjusted p below α), all false discoveries.
    """

    sizes: np.ndarray
    p: float
    alpha: float
    right_a: np.ndarray
    right_b: np.ndarray
    p_values: np.ndarray
    flagged: dict[str, np.ndarray]
    seed: int | None = None

    @property
    def runs(self) -> int:
        """Simulated runs."""
        return int(self.p_values.shape[0])

    def share_any(self, correction: str = "none") -> float:
        """Share of runs with at least one flagged slice after ``correction``."""
        correction = _validate.method(correction, CORRECTIONS)
        return float(np.mean(self.flagged[correction].any(axis=1)))

    def shown_run(self) -> int:
        """The run worth a picture: the latest with a flagged slice, else the latest."""
        hits = np.flatnonzero(self.flagged["none"].any(axis=1))
        return int(hits[-1]) if hits.size else self.runs - 1

    def graded(self, run: int, correction: str = "holm") -> SliceComparison:
        """Run ``run`` as a reader's table of slices ("Slice 1" …), graded and corrected.

        Its p-values and flags are the simulation's own (a test holds them equal).
        """
        if not 0 <= run < self.runs:
            msg = f"run must be 0 … {self.runs - 1} (a simulated run), got {run!r}"
            raise ValueError(msg)
        names = tuple(f"Slice {i + 1}" for i in range(self.sizes.size))
        table = SliceTable(names, self.sizes, self.right_a[run], self.right_b[run])
        return compare_slices(table, correction=correction, alpha=self.alpha)

    def __repr__(self) -> str:
        shares = ", ".join(f"{c}={self.share_any(c):.3f}" for c in CORRECTIONS)
        return f"SliceSimulation(slices={self.sizes.size}, runs={self.runs}, any flagged: {shares})"


def simulate_slices(
    sizes,
    runs: int,
    *,
    p: float = 0.5,
    alpha: float = 0.05,
    seed: int | None = None,
) -> SliceSimulation:
    """``runs`` runs of two equal models on slices of ``sizes``, every slice tested.

    Each run draws A's then B's right answers on every slice in a fixed order:
    the first r runs of a seed are the same whatever the total.

    Examples
    --------
    >>> sim = simulate_slices([17] * 12, 2000, seed=1)
    >>> round(sim.share_any("none"), 2), round(sim.share_any("holm"), 2)
    (0.51, 0.11)
    """
    m = _validate.slice_sizes(sizes)
    runs = _validate.count("runs", runs, minimum=1, what="runs")
    if runs > MAX_RUNS:
        msg = f"runs must be at most {MAX_RUNS:,}, got {runs:,}"
        raise ValueError(msg)
    p = _validate.proportion("p", p)
    alpha = _validate.open_unit("alpha", alpha)
    seed = _validate.seed(seed)
    draws = np.random.default_rng(seed).binomial(np.broadcast_to(m, (runs, 2, m.size)), p)
    right_a, right_b = draws[:, 0], draws[:, 1]
    pv = np.empty(right_a.shape)
    for s in np.unique(m):
        cols = m == s
        pv[:, cols] = _unpaired_p(right_a[:, cols], right_b[:, cols], int(s))
    flagged = {"none": pv < alpha, "holm": holm(pv) < alpha}
    flagged["bh"] = stats.false_discovery_control(pv, axis=1, method="bh") < alpha
    return SliceSimulation(m, p, alpha, right_a, right_b, pv, flagged, seed)


@dataclass(frozen=True, eq=False)
class ScalingCurves:
    """One compute-vs-accuracy curve measured on one shared set of questions and on
    fresh questions at every point. Errors on shared questions move together, so
    that curve looks smoother (a smaller ``wiggle``) while no point is more accurate.
    """

    true: np.ndarray
    shared: np.ndarray
    independent: np.ndarray
    n: int
    item_correlation: float
    seed: int | None = None

    @property
    def wiggle(self) -> tuple[float, float]:
        """Mean |second difference| of the (shared, independent) curves."""
        if self.true.size <= 2:
            return 0.0, 0.0
        return tuple(float(np.mean(np.abs(np.diff(x, 2)))) for x in (self.shared, self.independent))


def simulate_scaling_curves(
    true_scores,
    n: int,
    *,
    item_correlation: float = 0.9,
    seed: int | None = None,
) -> ScalingCurves:
    """A compute-vs-accuracy curve on shared questions against one on fresh questions.

    Shared: question i is right for the point with true score p when
    Φ(ρ·zᵢ + √(1 − ρ²)·w) < p, zᵢ the question's difficulty and w the point's
    own noise, ρ = ``item_correlation``: each point is still Binomial(n, p).
    Independent: a fresh Binomial(n, p) draw per point.

    Examples
    --------
    >>> c = simulate_scaling_curves([0.3, 0.35, 0.4, 0.45, 0.5, 0.55], 200, seed=4)
    >>> c.shared.tolist(), c.independent.tolist()
    ([0.27, 0.35, 0.39, 0.46, 0.485, 0.54], [0.245, 0.345, 0.365, 0.4, 0.54, 0.54])
    """
    p = np.atleast_1d(_validate.proportions("true_scores", true_scores))
    if p.ndim != 1 or p.size < 2:
        msg = f"true_scores must list at least 2 points of a curve, got {true_scores!r}"
        raise ValueError(msg)
    n = _validate.count("n", n, minimum=1, what="questions")
    rho = _validate.proportion("item_correlation", item_correlation)
    seed = _validate.seed(seed)
    rng = np.random.default_rng(seed)
    z = rng.standard_normal(n)
    w = rng.standard_normal((p.size, n))
    latent = special.ndtr(rho * z + np.sqrt(1 - rho * rho) * w)
    shared = np.mean(latent < p[:, None], axis=1)
    independent = rng.binomial(n, p) / n
    return ScalingCurves(p, shared, independent, n, rho, seed)


@dataclass(frozen=True, eq=False)
class SliceTable:
    """A reader's slices: names, questions per slice and right answers of each model."""

    names: tuple[str, ...]
    n: np.ndarray
    right_a: np.ndarray
    right_b: np.ndarray


def slice_table(names: Sequence[str], n, a, b) -> SliceTable:
    """A slice table from names, questions per slice and both models' scores (proportions),
    read as the nearest whole counts of right answers.

    Examples
    --------
    >>> t = slice_table(["algebra", "geometry"], [50, 48], [0.7, 0.5], [0.6, 0.5])
    >>> t.right_a.tolist(), t.right_b.tolist()
    ([35, 24], [30, 24])
    """
    names = tuple(str(x) for x in names)
    n_arr = _validate.slice_sizes(n)
    a_arr = np.atleast_1d(_validate.proportions("a", a))
    b_arr = np.atleast_1d(_validate.proportions("b", b))
    if not (len(names) == n_arr.size == a_arr.size == b_arr.size):
        msg = (
            f"names, n, a and b must give one value per slice, got {len(names)}, "
            f"{n_arr.size}, {a_arr.size} and {b_arr.size}"
        )
        raise ValueError(msg)
    if len(set(names)) != len(names):
        msg = f"slice names must differ, got {list(names)!r}"
        raise ValueError(msg)
    right = [np.rint(x * n_arr).astype(np.int64) for x in (a_arr, b_arr)]
    return SliceTable(names, n_arr, *right)


def _slice_line(i: int, line: str) -> tuple[str, int, float, float]:
    """One line of a slice table: name, questions, score A, score B (proportions)."""
    fields = [f.strip() for f in line.replace(";", ",").replace("\t", ",").split(",")]
    if len(fields) != 4:
        msg = f"line {i} must be name, questions, score A, score B; got {len(fields)} fields"
        raise ValueError(msg)
    try:
        m, a, b = (float(f.rstrip("%")) for f in fields[1:])
    except ValueError:
        msg = f"line {i}: questions and scores must be numbers, got {', '.join(fields[1:])!r}"
        raise ValueError(msg) from None
    if not (m >= 1 and m.is_integer()):
        msg = f"line {i}: questions must be a whole number of at least 1, got {fields[1]!r}"
        raise ValueError(msg)
    if not (0 <= a <= 100 and 0 <= b <= 100):
        msg = (
            f"line {i}: scores must be percents from 0 to 100, got {fields[2]!r} and {fields[3]!r}"
        )
        raise ValueError(msg)
    return fields[0], int(m), a / 100, b / 100


def parse_slice_table(text: str) -> SliceTable:
    """A slice table from text, one slice a line: name, questions, score A, score B (percent).

    Commas, semicolons or tabs separate the fields; blank lines and ``#`` lines
    are skipped; a slice without a name is numbered; a bad line raises with its number.

    Examples
    --------
    >>> t = parse_slice_table("algebra, 50, 70, 60\\ngeometry; 48; 50; 50")
    >>> t.names, t.n.tolist(), t.right_a.tolist()
    (('algebra', 'geometry'), [50, 48], [35, 24])
    """
    rows = [
        _slice_line(i, line.strip())
        for i, line in enumerate(str(text).splitlines(), 1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not rows:
        msg = "the table must list at least one slice: name, questions, score A, score B"
        raise ValueError(msg)
    names = [name or f"slice {i}" for i, (name, *_) in enumerate(rows, 1)]
    return slice_table(names, *zip(*(row[1:] for row in rows), strict=True))


@dataclass(frozen=True, eq=False)
class SliceComparison:
    """Every slice's lead graded, and which survive the correction for testing them all.

    Arrays per slice; ``low``/``high`` is the uncorrected interval.
    """

    table: SliceTable
    lead: np.ndarray
    low: np.ndarray
    high: np.ndarray
    p_value: np.ndarray
    p_adjusted: np.ndarray
    correction: str
    alpha: float

    @property
    def flagged(self) -> np.ndarray:
        """Slices whose uncorrected p-value is below α."""
        return self.p_value < self.alpha

    @property
    def by_luck(self) -> float:
        """1 − (1 − α)^S: the chance that one of S slices that do not differ looks significant."""
        return float(chance_any_significant(self.lead.size, alpha=self.alpha))

    @property
    def survives(self) -> np.ndarray:
        """Slices whose adjusted p-value is below α."""
        return self.p_adjusted < self.alpha

    def __repr__(self) -> str:
        return (
            f"SliceComparison(slices={self.lead.size}, "
            f"flagged={int(self.flagged.sum())}, survive {self.correction}={int(self.survives.sum())})"
        )


def compare_slices(
    table: SliceTable, *, correction: str = "holm", alpha: float = 0.05
) -> SliceComparison:
    """Grade every slice's lead and correct for having looked at all of them.

    Each slice by :func:`benchstats.unpaired_gap`, the p-values adjusted by
    :func:`benchstats.leaderboard.adjust_p_values`.

    Examples
    --------
    >>> t = slice_table(["a", "b", "c"], [50, 50, 50], [0.8, 0.62, 0.5], [0.6, 0.6, 0.52])
    >>> res = compare_slices(t)
    >>> res.flagged.tolist(), res.survives.tolist()
    ([True, False, False], [False, False, False])
    """
    correction = _validate.method(correction, CORRECTIONS)
    alpha = _validate.open_unit("alpha", alpha)
    gaps = tuple(
        unpaired_gap(x / m, y / m, int(m), confidence_level=1 - alpha)
        for x, y, m in zip(table.right_a, table.right_b, table.n, strict=True)
    )
    lead, low, high, p = (np.array([getattr(g, f) for g in gaps]) for f in _GRADED)
    return SliceComparison(
        table, lead, low, high, p, adjust_p_values(p, correction), correction, alpha
    )
