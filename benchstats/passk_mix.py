"""pass@k on a benchmark of mixed difficulty, and the pictures behind it.

A benchmark's pass@k is the *average over problems* of each problem's pass@k.
Each problem's pass@k is estimated without bias from n samples of which c
passed (Chen et al. 2021, "Evaluating Large Language Models Trained on
Code", eq. 1)::

    pass@k = mean_i [ 1 − C(n_i − c_i, k) / C(n_i, k) ]

The shortcut ``1 − (1 − p̄)^k`` on the average pass rate p̄ is a different
number: 1 − (1 − p)^k is concave in p, so averaging first and bending second
does not give the same answer as bending each problem and then averaging
(Jensen's inequality). On a benchmark of easy and impossible problems the
shortcut climbs to 1 while the true curve stays flat.

Here: the per-problem counts (:func:`problems`, three presets with the same
pass@1, a CSV reader that names every line it cannot use), the true and
shortcut curves, a seeded bootstrap band over problems, and avg@k's standard
error. Pure NumPy; the per-problem estimator itself is
:func:`benchstats.passk.pass_at_k`.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass

import numpy as np

from benchstats import _validate, words
from benchstats.language import N_, _, ngettext
from benchstats.passk import naive_pass_at_k

MAX_SAMPLES = 1_000_000  # per problem: pass_at_k is stable up to here
MAX_PROBLEMS = 5_000  # rows of an uploaded CSV
MAX_CSV_BYTES = 2_000_000
_SHOWN_ERRORS = 5  # bad CSV lines named in one message


# --------------------------------------------------------------------------- problems


@dataclass(frozen=True, eq=False)
class Problems:
    """Per-problem sample counts: ``n[i]`` samples drawn, ``c[i]`` of them passed.

    Build with :func:`problems` (checked); the arrays are read-only int64.
    """

    n: np.ndarray
    c: np.ndarray

    @property
    def size(self) -> int:
        """Number of problems."""
        return int(self.n.size)

    @property
    def pass_rates(self) -> np.ndarray:
        """Each problem's share of passing samples, c/n."""
        return self.c / self.n

    @property
    def mean_pass_rate(self) -> float:
        """The benchmark's pass@1: the average of the per-problem pass rates."""
        return float(np.mean(self.pass_rates))

    @property
    def max_k(self) -> int:
        """The largest k every problem supports (k ≤ n for each problem)."""
        return int(self.n.min())

    def __repr__(self) -> str:
        return f"Problems(size={self.size}, mean_pass_rate={self.mean_pass_rate:.4g})"


def problems(n: object, c: object) -> Problems:
    """Checked per-problem counts: 1 ≤ n ≤ 10⁶ samples and 0 ≤ c ≤ n passes.

    Examples
    --------
    >>> problems([20, 20], [3, 20])
    Problems(size=2, mean_pass_rate=0.575)
    >>> problems([20], [21])
    Traceback (most recent call last):
    ...
    ValueError: problem 1: c = 21 passed is more than n = 20 samples
    """
    n_arr = np.atleast_1d(_validate.counts("n", n, minimum=1, what="samples"))
    c_arr = np.atleast_1d(_validate.counts("c", c, minimum=0, what="passed samples"))
    if n_arr.ndim != 1 or n_arr.shape != c_arr.shape:
        msg = f"n and c must be two lists of the same length, got shapes {n_arr.shape} and {c_arr.shape}"
        raise ValueError(msg)
    if n_arr.size == 0:
        msg = _("a benchmark needs at least one problem, got none")
        raise ValueError(msg)
    # A problem's number and its c and n as the reader's file or list writes them.
    if np.any(n_arr > MAX_SAMPLES):
        i = int(np.argmax(n_arr > MAX_SAMPLES))
        # TRANSLATORS: {problem} a problem's number in the list, {n} its samples ("2,000,000").
        msg = _("problem {problem}: n = {n} samples; at most {most} are allowed").format(
            problem=i + 1, n=words.count(int(n_arr[i])), most=words.count(MAX_SAMPLES)
        )
        raise ValueError(msg)
    if np.any(c_arr > n_arr):
        i = int(np.argmax(c_arr > n_arr))
        # TRANSLATORS: {problem} a problem's number, {c} and {n} its counts as given.
        msg = _("problem {problem}: c = {c} passed is more than n = {n} samples").format(
            problem=i + 1, c=int(c_arr[i]), n=int(n_arr[i])
        )
        raise ValueError(msg)
    n_arr.flags.writeable = False
    c_arr.flags.writeable = False
    return Problems(n_arr, c_arr)


@dataclass(frozen=True)
class MixPreset:
    """A named benchmark of mixed difficulty (``problems`` built on access); its ``name`` and
    ``description`` are marked for translation, translated where shown."""

    key: str
    name: str
    description: str
    n: tuple[int, ...]
    c: tuple[int, ...]

    @property
    def problems(self) -> Problems:
        return problems(self.n, self.c)


_N = 50  # samples per problem in the presets
# Long tail: c_i = round(50 · Beta(0.4, 0.93).ppf((i + ½)/100)), i = 0..99, which
# sums to exactly 1,500 (mean pass rate 0.3), printed with
# python -c "import numpy as np; from scipy.stats import beta; q=(np.arange(100)+.5)/100;
#            print(tuple(int(x) for x in np.round(50*beta.ppf(q, 0.4, 0.93))))"
_LONG_TAIL = (
    (0,) * 15 + (1,) * 9 + (2,) * 5 + (3,) * 4 + (4,) * 4 + (5,) * 3 + (6,) * 3
    + (7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 14, 14, 15, 15, 16, 17, 17)
    + (18, 19, 19, 20, 21, 22, 22, 23, 24, 25, 26, 26, 27, 28, 29, 30, 31, 32, 33)
    + (33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 46, 47, 48, 49, 50)
)  # fmt: skip

MIX_PRESETS: dict[str, MixPreset] = {
    p.key: p
    for p in (
        MixPreset(
            "all-medium",
            N_("All medium"),
            N_(
                "100 problems, each passed by 11 to 19 of 50 samples (20 problems at each of "
                "11, 13, 15, 17, 19)."
            ),
            (_N,) * 100,
            (11, 13, 15, 17, 19) * 20,
        ),
        MixPreset(
            "easy-and-impossible",
            N_("Easy and impossible"),
            N_("100 problems: 30 passed by all 50 samples, 70 passed by none."),
            (_N,) * 100,
            (_N,) * 30 + (0,) * 70,
        ),
        MixPreset(
            "long-tail",
            N_("Long tail"),
            N_(
                "100 problems: 15 never passed, many passed by a handful of 50 samples, a few "
                "almost always."
            ),
            (_N,) * 100,
            _LONG_TAIL,
        ),
    )
}  # each preset's average pass rate is 0.3: the same pass@1, different pass@k


def get_mix(key: str) -> MixPreset:
    """The preset mix named ``key`` (one of ``MIX_PRESETS``).

    Examples
    --------
    >>> get_mix("easy-and-impossible").problems.mean_pass_rate
    0.3
    """
    if key not in MIX_PRESETS:
        names = ", ".join(repr(k) for k in MIX_PRESETS)
        msg = f"mix must be one of {names}, got {key!r}"
        raise ValueError(msg)
    return MIX_PRESETS[key]


# --------------------------------------------------------------------------- CSV


def _whole(text: str) -> int | None:
    try:
        x = float(text)
    except ValueError:
        return None
    return int(x) if math.isfinite(x) and x.is_integer() else None


def _columns(header: list[str]) -> tuple[int, int]:
    names = [h.strip().lower() for h in header]
    found = {}
    for col, aliases in (("n", ("n", "samples")), ("c", ("c", "passed"))):
        hits = [i for i, h in enumerate(names) if h in aliases]
        if hits:
            found[col] = hits[0]
    if len(found) < 2:
        shown = ", ".join(repr(h.strip()) for h in header[:8]) or _("none")
        # TRANSLATORS: {cells} the first line's cells, quoted ("'question', 'score'"). Keep the
        # column names n and c.
        msg = _(
            "the file needs a header row with a column n (samples per problem) and a column c "
            "(samples that passed); its first line has {cells}"
        ).format(cells=shown)
        raise ValueError(msg)
    return found["n"], found["c"]


def _row_error(line: int, row: list[str], i_n: int, i_c: int) -> tuple[str | None, int, int]:
    """What is wrong with a line of the file (None: nothing) and its n and c. A line's number
    and its cells are named as the file writes them."""
    cells = {}
    for name, i in (("n", i_n), ("c", i_c)):
        text = row[i].strip() if i < len(row) else ""
        value = _whole(text)
        if value is None:
            shown = text if len(text) <= 20 else text[:20] + "…"
            # TRANSLATORS: {line} a line's number in the file, {column} n or c, {cell} the cell
            # as written, quoted ("'three'").
            said = _("line {line}: {column} = {cell} is not a whole number")
            return said.format(line=line, column=name, cell=repr(shown)), 0, 0
        cells[name] = value
    n, c = cells["n"], cells["c"]
    if not 1 <= n <= MAX_SAMPLES:
        said = _("line {line}: n = {n}; n must be from 1 to {most} samples")
        return said.format(line=line, n=words.count(n), most=words.count(MAX_SAMPLES)), 0, 0
    if c < 0:
        return _("line {line}: c = {c}; c cannot be negative").format(line=line, c=c), 0, 0
    if c > n:
        said = _("line {line}: c = {c} passed is more than n = {n} samples")
        return said.format(line=line, c=c, n=n), 0, 0
    return None, n, c


def parse_problems_csv(data: bytes, *, max_rows: int = MAX_PROBLEMS) -> Problems:
    """Per-problem counts from a CSV file's bytes: columns ``n`` and ``c``.

    One row per problem; ``n`` (or ``samples``) is how many samples were
    drawn, ``c`` (or ``passed``) how many passed. Other columns (a problem
    id) are ignored, blank lines skipped; commas, semicolons or tabs separate.
    Every refusal is a ``ValueError`` naming the line and the value.

    Examples
    --------
    >>> parse_problems_csv(b"id,n,c\\nA,20,3\\nB,20,20\\n")
    Problems(size=2, mean_pass_rate=0.575)
    >>> parse_problems_csv(b"n,c\\n20,25\\n10,lots\\n")
    Traceback (most recent call last):
    ...
    ValueError: 2 lines of the file can't be used: line 2: c = 25 passed is more than n = 20 samples; line 3: c = 'lots' is not a whole number
    """
    if not isinstance(data, bytes | bytearray):
        msg = f"data must be the file's bytes, got {type(data).__name__}"
        raise TypeError(msg)
    if len(data) > MAX_CSV_BYTES:
        msg = _("the file is {size} bytes; at most {most} are allowed").format(
            size=words.count(len(data)), most=words.count(MAX_CSV_BYTES)
        )
        raise ValueError(msg)
    try:
        text = bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # TRANSLATORS: {byte} the position of the first byte that is not UTF-8 ("1").
        msg = _("the file is not UTF-8 text (byte {byte} can't be read); save it as CSV")
        raise ValueError(msg.format(byte=exc.start + 1)) from None
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = max([",", ";", "\t"], key=first.count)
    rows = [(i + 1, r) for i, r in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter))]
    rows = [(line, r) for line, r in rows if any(cell.strip() for cell in r)]
    if not rows:
        msg = _("the file is empty; it needs a header row (n,c) and one row per problem")
        raise ValueError(msg)
    (_line, header), body = rows[0], rows[1:]
    i_n, i_c = _columns(header)
    if not body:
        msg = _("the file has a header but no problems below it")
        raise ValueError(msg)
    if len(body) > max_rows:
        msg = _("the file has {count} problems; at most {most} are allowed").format(
            count=words.count(len(body)), most=words.count(max_rows)
        )
        raise ValueError(msg)
    errors, ns, cs = [], [], []
    for line, row in body:
        error, n, c = _row_error(line, row, i_n, i_c)
        if error:
            errors.append(error)
        ns.append(n)
        cs.append(c)
    if errors:
        shown = "; ".join(errors[:_SHOWN_ERRORS])
        if len(errors) > _SHOWN_ERRORS:
            # TRANSLATORS: after the first lines' faults, how many more there are ("; and 4
            # more"): keep the leading "; ".
            shown += _("; and {count} more").format(count=words.count(len(errors) - _SHOWN_ERRORS))
        # TRANSLATORS: {count} lines of the uploaded file, {faults} what is wrong with each.
        msg = ngettext(
            "{count} line of the file can't be used: {faults}",
            "{count} lines of the file can't be used: {faults}",
            len(errors),
        ).format(count=words.count(len(errors)), faults=shown)
        raise ValueError(msg)
    return problems(ns, cs)


MAX_MIX_K = 500  # a benchmark curve is drawn up to this k at most


# --------------------------------------------------------------------------- curves


def k_grid(max_k: int, *, points: int = 100) -> np.ndarray:
    """The k values to draw a curve at: every k from 1 to ``max_k`` when there
    are at most ``points`` of them, else about ``points`` values spaced evenly on
    a log scale (dense where the curve bends), always including 1 and ``max_k``.

    Examples
    --------
    >>> k_grid(5)
    array([1, 2, 3, 4, 5])
    >>> g = k_grid(10_000, points=50); int(g[0]), int(g[-1]), bool(g.size <= 50)
    (1, 10000, True)
    """
    max_k = _validate.count("max_k", max_k, minimum=1, what="samples")
    points = _validate.count("points", points, minimum=2, what="points")
    if max_k <= points:
        return np.arange(1, max_k + 1)
    return np.unique(np.round(np.geomspace(1, max_k, points)).astype(np.int64))


def _ks(k: object, max_k: int) -> np.ndarray:
    ks = np.atleast_1d(_validate.counts("k", k, minimum=1, what="samples"))
    if ks.ndim != 1 or ks.size == 0:
        msg = f"k must be a list of at least one whole number, got {k!r}"
        raise ValueError(msg)
    if np.any(ks > max_k):
        msg = f"k must be at most {max_k}, the fewest samples any problem has, got {int(ks.max())}"
        raise ValueError(msg)
    return ks


def pass_at_k_curve(n: object, c: object, k: object) -> np.ndarray:
    """Each problem's unbiased pass@k at several k at once: a problems × k matrix.

    The same estimator as :func:`benchstats.passk.pass_at_k`, computed for all
    k up to max(k) in one running product per problem::

        C(n − c, k) / C(n, k) = ∏_{i=0}^{k−1} (n − c − i) / (n − i)

    so the cost is problems × max(k) rather than a product per (problem, k).
    A factor reaches 0 exactly once i = n − c, so pass@k is exactly 1 for
    every k > n − c.

    Examples
    --------
    >>> pass_at_k_curve([20, 20], [3, 16], [1, 5]).round(4).tolist()
    [[0.15, 0.6009], [0.8, 1.0]]
    """
    p = problems(n, c)
    ks = _ks(k, p.max_k)
    i = np.arange(int(ks.max()))
    n_col, c_col = p.n[:, None].astype(float), p.c[:, None].astype(float)
    factors = np.clip((n_col - c_col - i) / (n_col - i), 0.0, 1.0)  # i < k ≤ n: no division by 0
    return 1.0 - np.cumprod(factors, axis=1)[:, ks - 1]


@dataclass(frozen=True, eq=False)
class MixCurve:
    """pass@k of a benchmark at each k: the true curve and the shortcut."""

    k: np.ndarray
    estimate: np.ndarray  # mean over problems of the unbiased per-problem pass@k
    shortcut: np.ndarray  # 1 − (1 − mean pass rate)^k
    mean_pass_rate: float
    problems: int
    exactly_one: np.ndarray  # every problem has n − c < k: the estimate is exactly 1

    def __repr__(self) -> str:
        return (
            f"MixCurve(k={self.k[0]}..{self.k[-1]}, problems={self.problems}, "
            f"mean_pass_rate={self.mean_pass_rate:.4g})"
        )


def mix_pass_at_k(p: Problems, k: object) -> MixCurve:
    """A benchmark's pass@k at each k, and the shortcut on its average pass rate.

    ``estimate[j] = mean_i pass_at_k(n_i, c_i, k_j)`` (unbiased for the
    benchmark's pass@k); ``shortcut[j] = 1 − (1 − mean_i c_i/n_i)^k_j``. The two
    agree at k = 1 and drift apart as k grows when problems differ.

    Examples
    --------
    >>> from benchstats.passk_mix import get_mix
    >>> curve = mix_pass_at_k(get_mix("easy-and-impossible").problems, [1, 5, 20])
    >>> curve.estimate.round(3).tolist(), curve.shortcut.round(3).tolist()
    ([0.3, 0.3, 0.3], [0.3, 0.832, 0.999])
    >>> mix_pass_at_k(get_mix("all-medium").problems, [39, 40]).exactly_one.tolist()
    [False, True]
    """
    ks = _ks(k, p.max_k)
    estimate = pass_at_k_curve(p.n, p.c, ks).mean(axis=0)
    shortcut = np.asarray(naive_pass_at_k(p.mean_pass_rate, ks), dtype=float)
    exactly_one = ks > int((p.n - p.c).max())  # every pick of k holds a pass, everywhere
    return MixCurve(ks, estimate, shortcut, p.mean_pass_rate, p.size, exactly_one)


@dataclass(frozen=True, eq=False)
class MixBand:
    """A percentile-bootstrap interval, over problems, around a pass@k curve."""

    k: np.ndarray
    low: np.ndarray
    high: np.ndarray
    resamples: int
    confidence_level: float
    seed: int | None

    def __repr__(self) -> str:
        return (
            f"MixBand(k={self.k[0]}..{self.k[-1]}, resamples={self.resamples}, "
            f"confidence_level={self.confidence_level}, seed={self.seed})"
        )


@dataclass(frozen=True, eq=False)
class MixResampler:
    """What a bootstrap over one benchmark's problems needs that no seed changes.

    ``per_problem`` is each problem's unbiased pass@k at each ``k`` (problems × k)
    and ``pvals`` the equal chance 1/m of drawing each problem. Build it once
    per benchmark with :func:`mix_resampler`; :meth:`band` then costs one
    seed's draws, one matrix product and the percentiles. The arrays are
    read-only, so one resampler may serve every reader.
    """

    k: np.ndarray
    per_problem: np.ndarray
    pvals: np.ndarray

    def band(
        self, *, resamples: int = 1000, confidence_level: float = 0.95, seed: int | None = None
    ) -> MixBand:
        """The percentile-bootstrap band for ``seed`` (see :func:`bootstrap_mix_pass_at_k`)."""
        resamples = _validate.count("resamples", resamples, minimum=1, what="resamples")
        level = _validate.open_unit("confidence_level", confidence_level)
        if seed is not None:
            seed = _validate.count("seed", seed, minimum=0, what="seed")
        rng = np.random.default_rng(seed)
        m = self.pvals.size
        # How often each problem is drawn in each resample: resamples × problems.
        weights = rng.multinomial(m, self.pvals, size=resamples)
        means = weights @ self.per_problem / m  # resamples × k
        # Sorting each column first leaves every order statistic, so the percentiles,
        # exactly as they were; np.quantile's partition is then cheaper than on raw draws.
        means.sort(axis=0)
        tail = (1.0 - level) / 2.0
        low, high = np.quantile(means, [tail, 1.0 - tail], axis=0)
        return MixBand(self.k, low, high, resamples, level, seed)

    def __repr__(self) -> str:
        return f"MixResampler(k={self.k[0]}..{self.k[-1]}, problems={self.pvals.size})"


def mix_resampler(p: Problems, k: object) -> MixResampler:
    """The seed-free part of :func:`bootstrap_mix_pass_at_k` for ``p`` at ``k``.

    Examples
    --------
    >>> from benchstats.passk_mix import get_mix
    >>> r = mix_resampler(get_mix("long-tail").problems, [1, 10])
    >>> r.per_problem.shape, r.band(seed=1).high.round(3).tolist()
    ((100, 2), [0.359, 0.752])
    """
    ks = np.array(_ks(k, p.max_k))  # a copy: the caller's k stays writeable
    per_problem = pass_at_k_curve(p.n, p.c, ks)
    pvals = np.full(p.size, 1.0 / p.size)
    for a in (ks, per_problem, pvals):
        a.flags.writeable = False
    return MixResampler(ks, per_problem, pvals)


def bootstrap_mix_pass_at_k(
    p: Problems,
    k: object,
    *,
    resamples: int = 1000,
    confidence_level: float = 0.95,
    seed: int | None = None,
) -> MixBand:
    """How much the benchmark's pass@k curve could move with other problems.

    Draws ``resamples`` benchmarks of the same size from the problems with
    replacement (a percentile bootstrap over problems; each problem's samples
    stay as they are), averages each problem's pass@k in each, and returns
    the equal-tailed percentiles. Reproducible for a given ``seed``. For
    several seeds on one benchmark, build :func:`mix_resampler` once and call
    its :meth:`~MixResampler.band` per seed: the same numbers.

    Examples
    --------
    >>> from benchstats.passk_mix import get_mix
    >>> band = bootstrap_mix_pass_at_k(get_mix("long-tail").problems, [1, 10], seed=1)
    >>> band.low.round(3).tolist(), band.high.round(3).tolist()
    ([0.241, 0.597], [0.359, 0.752])
    """
    return mix_resampler(p, k).band(
        resamples=resamples, confidence_level=confidence_level, seed=seed
    )


def first_k_outside(k: object, values: object, low: object, high: object) -> int | None:
    """The first k whose value lies outside [low, high], or None.

    Examples
    --------
    >>> first_k_outside([1, 2, 3], [0.3, 0.5, 0.9], [0.2, 0.4, 0.5], [0.4, 0.6, 0.7])
    3
    >>> first_k_outside([1], [0.3], [0.2], [0.4]) is None
    True
    """
    ks, v, lo, hi = (np.asarray(a) for a in (k, values, low, high))
    outside = (v < lo) | (v > hi)
    return int(ks[np.argmax(outside)]) if outside.any() else None


# --------------------------------------------------------------------------- avg@k


@dataclass(frozen=True, eq=False)
class AvgAtK:
    """The standard error of an avg@k score at each k, and its two parts."""

    k: np.ndarray
    se: np.ndarray  # √((between + within/k)/m)
    se_within: np.ndarray  # √(within/(k·m)): the part more samples shrink
    se_floor: float  # √(between/m): the part only more problems shrink
    problems: int

    def __repr__(self) -> str:
        return f"AvgAtK(k={self.k[0]}..{self.k[-1]}, problems={self.problems})"


def avg_at_k_standard_error(pass_rates: object, k: object) -> AvgAtK:
    """Standard error of avg@k, the mean pass rate over k samples per problem.

    avg@k estimates pass@1 with less noise than one sample per problem. With
    m problems whose true pass rates are ``pass_rates``, each problem drawn
    from the same pool (Miller 2024, "Adding Error Bars to Evals", eq. 6)::

        Var(avg@k) = ( Var(p) + mean(p(1 − p)) / k ) / m

    ``Var(p)`` (the spread of difficulty, population form) is a floor that no
    number of samples removes; only more problems lower it.

    Examples
    --------
    >>> r = avg_at_k_standard_error([0.0, 0.5, 1.0], [1, 4])
    >>> r.se.round(4).tolist(), round(r.se_floor, 4)
    ([0.2887, 0.25], 0.2357)
    """
    p = np.atleast_1d(_validate.proportions("pass_rates", pass_rates))
    if p.ndim != 1 or p.size == 0:
        msg = f"pass_rates must be a list of at least one proportion, got {pass_rates!r}"
        raise ValueError(msg)
    ks = np.atleast_1d(_validate.counts("k", k, minimum=1, what="samples"))
    m = p.size
    between = float(np.var(p))
    within = float(np.mean(p * (1.0 - p)))
    se_within = np.sqrt(within / (ks * m))
    se = np.sqrt((between + within / ks) / m)
    return AvgAtK(ks, se, se_within, math.sqrt(between / m), m)
