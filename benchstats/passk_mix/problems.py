"""Per-problem sample counts: the checked container, the preset mixes, and a CSV reader.

A benchmark of mixed difficulty is a list of problems, each with n samples
drawn and c of them passed. :func:`problems` checks them; ``MIX_PRESETS``
holds three benchmarks with the same pass@1 and different pass@k;
:func:`parse_problems_csv` reads a reader's own file and names every line it
cannot use.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass

import numpy as np

from benchstats import _validate

__all__ = [
    "MAX_CSV_BYTES",
    "MAX_PROBLEMS",
    "MAX_SAMPLES",
    "MIX_PRESETS",
    "MixPreset",
    "Problems",
    "get_mix",
    "parse_problems_csv",
    "problems",
]

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

    Parameters
    ----------
    n, c : array_like of int
        Samples drawn and samples passed, one entry per problem (same length,
        at least one problem).

    Returns
    -------
    Problems

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
        msg = "a benchmark needs at least one problem, got none"
        raise ValueError(msg)
    if np.any(n_arr > MAX_SAMPLES):
        i = int(np.argmax(n_arr > MAX_SAMPLES))
        msg = f"problem {i + 1}: n = {n_arr[i]:,} samples; at most {MAX_SAMPLES:,} are allowed"
        raise ValueError(msg)
    if np.any(c_arr > n_arr):
        i = int(np.argmax(c_arr > n_arr))
        msg = f"problem {i + 1}: c = {c_arr[i]} passed is more than n = {n_arr[i]} samples"
        raise ValueError(msg)
    n_arr.flags.writeable = False
    c_arr.flags.writeable = False
    return Problems(n_arr, c_arr)


@dataclass(frozen=True)
class MixPreset:
    """A named benchmark of mixed difficulty (``problems`` built on access)."""

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
            "All medium",
            "100 problems, each passed by 11 to 19 of 50 samples (20 problems at each of "
            "11, 13, 15, 17, 19).",
            (_N,) * 100,
            (11, 13, 15, 17, 19) * 20,
        ),
        MixPreset(
            "easy-and-impossible",
            "Easy and impossible",
            "100 problems: 30 passed by all 50 samples, 70 passed by none.",
            (_N,) * 100,
            (_N,) * 30 + (0,) * 70,
        ),
        MixPreset(
            "long-tail",
            "Long tail",
            "100 problems: 15 never passed, many passed by a handful of 50 samples, a few "
            "almost always.",
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
        shown = ", ".join(repr(h.strip()) for h in header[:8]) or "none"
        msg = (
            "the file needs a header row with a column n (samples per problem) and a "
            f"column c (samples that passed); its first line has {shown}"
        )
        raise ValueError(msg)
    return found["n"], found["c"]


def _row_error(line: int, row: list[str], i_n: int, i_c: int) -> tuple[str | None, int, int]:
    cells = {}
    for name, i in (("n", i_n), ("c", i_c)):
        text = row[i].strip() if i < len(row) else ""
        value = _whole(text)
        if value is None:
            shown = text if len(text) <= 20 else text[:20] + "…"
            return f"line {line}: {name} = {shown!r} is not a whole number", 0, 0
        cells[name] = value
    n, c = cells["n"], cells["c"]
    if not 1 <= n <= MAX_SAMPLES:
        return f"line {line}: n = {n:,}; n must be from 1 to {MAX_SAMPLES:,} samples", 0, 0
    if c < 0:
        return f"line {line}: c = {c}; c cannot be negative", 0, 0
    if c > n:
        return f"line {line}: c = {c} passed is more than n = {n} samples", 0, 0
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
        msg = f"the file is {len(data):,} bytes; at most {MAX_CSV_BYTES:,} are allowed"
        raise ValueError(msg)
    try:
        text = bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        msg = f"the file is not UTF-8 text (byte {exc.start + 1} can't be read); save it as CSV"
        raise ValueError(msg) from None
    lines = text.splitlines()
    first = next((ln for ln in lines if ln.strip()), "")
    delimiter = max([",", ";", "\t"], key=first.count)
    rows = [(i + 1, r) for i, r in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter))]
    rows = [(line, r) for line, r in rows if any(cell.strip() for cell in r)]
    if not rows:
        msg = "the file is empty; it needs a header row (n,c) and one row per problem"
        raise ValueError(msg)
    (_, header), body = rows[0], rows[1:]
    i_n, i_c = _columns(header)
    if not body:
        msg = "the file has a header but no problems below it"
        raise ValueError(msg)
    if len(body) > max_rows:
        msg = f"the file has {len(body):,} problems; at most {max_rows:,} are allowed"
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
        more = f"; and {len(errors) - _SHOWN_ERRORS} more" if len(errors) > _SHOWN_ERRORS else ""
        lines_txt = "1 line" if len(errors) == 1 else f"{len(errors)} lines"
        msg = f"{lines_txt} of the file can't be used: {shown}{more}"
        raise ValueError(msg)
    return problems(ns, cs)
