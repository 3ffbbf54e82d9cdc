"""The stepdown of Mogstad, Romano, Shaikh & Wilhelm: which one-sided claims about pairs clear.

For a set of pairs (u, v), each pair makes two one-sided claims, "u ahead of
v" with t = (θ̂ᵤ − θ̂ᵥ)/se and "v ahead of u" with −t. A step makes every
claim with t > c, c being the (1 − α) quantile over simulated draws Z of the
max of the statistics of the claims still open; c is recomputed until no new
claim clears (see :mod:`benchstats.ranks` for the method and its sources).

The claims still open are always those with t ≤ c: sorted by t once, the
"u ahead" claims still open are a prefix and the "v ahead" claims a suffix.
The statistic of "v ahead of u" is exactly minus that of "u ahead of v"
(IEEE subtraction and division are exact under a change of sign, and a
symmetric covariance gives the two the same se), so one row per pair serves
both: the max over open claims is max(max over the prefix, −min over the
suffix). Each pair's row is computed once, in blocks whose per-draw max and
min are kept, so a later step recomputes at most one block's rows at each
end. The numbers are those of testing every open claim from scratch at every
step; :func:`_clear_each` does exactly that, for a covariance that is not
exactly symmetric (and as the plain statement of the procedure).
"""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

_CHUNK = 2_000_000  # at most this many simulated statistics kept at once (8 MB)
_STEP = 500_000  # statistics computed at a time: 2 MB, near the L2 cache (half the time of 8 MB)


def pair_se(cov: np.ndarray) -> np.ndarray:
    """se of every difference θ̂ⱼ − θ̂ₖ from the scores' covariance."""
    var = np.diag(cov)
    return np.sqrt(np.maximum(var[:, None] + var[None, :] - 2 * cov, 0.0))


def _root(cov: np.ndarray) -> np.ndarray:
    """A square root R of ``cov`` (R Rᵀ = cov; PSD, eigh, not Cholesky)."""
    lam, vec = np.linalg.eigh(cov)
    return vec * np.sqrt(np.clip(lam, 0.0, None))


def gaussian_draws(cov: np.ndarray, draws: int, seed: int) -> np.ndarray:
    """``draws`` × K Gaussian vectors with covariance ``cov``: standard normals times Rᵀ."""
    normal = np.random.default_rng(seed).standard_normal((draws, cov.shape[0]))
    return normal @ _root(cov).T


def gaussian_rows(cov: np.ndarray, draws: int, seed: int) -> np.ndarray:
    """``gaussian_draws(cov, draws, seed).T`` in single precision, C-contiguous (K × draws).

    When each row of the root has one nonzero entry (a diagonal ``cov``: eigh
    gives a permutation), the matrix product is that entry times one column of
    normals, the same numbers (its other terms add exact zeros), found here
    without BLAS, whose threads cost several times the CPU of this small
    product, and without transposing the result.
    """
    normal = np.random.default_rng(seed).standard_normal((draws, cov.shape[0]))
    root = _root(cov)
    rows, cols = np.nonzero(root)
    if np.array_equal(rows, np.arange(cov.shape[0])):
        out = np.empty((cov.shape[0], draws), dtype=np.float32)
        np.multiply(normal.T[cols], root[rows, cols][:, None], out=out)  # float64, then rounded
        if out.all():  # a product of 0 might differ from BLAS's sum in the sign of its zero
            return out
    return np.ascontiguousarray((normal @ root.T).T, dtype=np.float32)


def threshold(critical: str, alpha: float, m: int) -> float:
    """c for m one-sided claims from a bound on the chance any strays: no simulation."""
    if critical == "bonferroni":
        return float(stats.norm.isf(alpha / m))
    return float(stats.norm.isf(-np.expm1(np.log1p(-alpha) / m)))  # Šidák


def quantile(x: np.ndarray, q: float) -> float:
    """``float(np.quantile(x, q))`` (its default "linear" method) for a 1-D float array.

    The same partition and the same interpolation in x's precision, without
    ``np.quantile``'s general machinery (most of its time on 10,000 draws).
    ``x`` is left as it was.
    """
    n = x.size
    virtual = (n - 1) * q
    lo = math.floor(virtual)
    hi = min(lo + 1, n - 1)
    # np.quantile's own kth, so that even equal numbers (0.0 and -0.0) land alike
    part = np.partition(x, np.unique([0, -1, lo, hi]))
    a, b, gamma = part[lo], part[hi], virtual - lo
    gap = b - a
    return float(b - gap * (1 - gamma)) if gamma >= 0.5 else float(a + gap * gamma)


class _Rows:
    """Per draw, the statistics (Zᵤ − Zᵥ)/se of pairs in a fixed order, kept as block maxima and minima.

    Blocks of about √n rows; the rows themselves are kept too when they fit in
    ``_CHUNK`` (a model's own pairs), else recomputed for a partial block.
    """

    def __init__(self, z: np.ndarray, u: np.ndarray, v: np.ndarray, se: np.ndarray):
        self.z, self.u, self.v, self.n = z, u, v, u.size
        self.scale = se.astype(z.dtype)[:, None]
        self.one_v = bool((v == v[0]).all())  # a model's own pairs: one row of z broadcast
        draws = z.shape[1]
        self.size = size = max(4, min(math.isqrt(self.n), _CHUNK // draws))
        self.hi = np.empty((-(-self.n // size), draws), dtype=z.dtype)
        self.lo = np.empty_like(self.hi)
        self.kept = None
        # whole blocks at a time; all at once if they are to be kept
        step = self.n if self.n * draws <= _CHUNK else size * max(1, _STEP // (draws * size))
        for start in range(0, self.n, step):
            rows = self.rows(start, min(start + step, self.n))
            if rows.shape[0] == self.n:
                self.kept = rows
            j, whole = start // size, rows.shape[0] // size
            blocks = rows[: whole * size].reshape(whole, size, draws)
            blocks.max(axis=1, out=self.hi[j : j + whole])
            blocks.min(axis=1, out=self.lo[j : j + whole])
            if whole * size < rows.shape[0]:  # the last, short block
                rows[whole * size :].max(axis=0, out=self.hi[j + whole])
                rows[whole * size :].min(axis=0, out=self.lo[j + whole])

    def rows(self, start: int, stop: int) -> np.ndarray:
        """Rows [start, stop): a view of the kept rows (read only) or new ones."""
        if self.kept is not None:
            return self.kept[start:stop]
        out = self.z[self.u[start:stop]]
        out -= self.z[self.v[0]] if self.one_v else self.z[self.v[start:stop]]
        out /= self.scale[start:stop]
        return out

    def top(self, stop: int) -> np.ndarray:
        """Per draw, the max over rows [0, stop) (stop ≥ 1)."""
        full = len(self.hi) if stop == self.n else stop // self.size
        out = self.hi[:full].max(axis=0) if full else None
        if full * self.size < stop:
            rest = self.rows(full * self.size, stop).max(axis=0)
            out = rest if out is None else np.maximum(out, rest, out=out)
        return out

    def bottom(self, start: int) -> np.ndarray:
        """Per draw, the min over rows [start, n) (start < n)."""
        first = -(-start // self.size)
        out = self.lo[first:].min(axis=0) if first < len(self.lo) else None
        stop = min(first * self.size, self.n)
        if start < stop:
            rest = self.rows(start, stop).min(axis=0)
            out = rest if out is None else np.minimum(out, rest, out=out)
        return out

    def open_max(self, ahead: int, behind: int) -> np.ndarray:
        """Per draw, the max statistic over the claims "u ahead" of rows [0, ahead) and
        "v ahead" of rows [behind, n): the latter's statistic is minus the row's."""
        out = None
        if behind < self.n:
            out = np.negative(self.bottom(behind))
        if ahead:
            top = self.top(ahead)
            out = top if out is None else np.maximum(out, top, out=out)
        return out


def clear(
    diff: np.ndarray,
    se: np.ndarray,
    u: np.ndarray,
    v: np.ndarray,
    *,
    critical: str,
    alpha: float,
    z: np.ndarray | None,
    stepdown: bool,
) -> tuple[np.ndarray, np.ndarray, float]:
    """For pairs (u, v): which of "u ahead of v" and "v ahead of u" clear, and the last c.

    ``diff`` and ``se`` are the K × K differences θ̂ⱼ − θ̂ₖ and their se,
    ``z`` the K × draws simulated scores (for ``critical="simulated"``).
    Returns (u-ahead declared, v-ahead declared, c); c is ∞ once no claim is
    left open. A pair with se 0 (no sampling variation) is declared for
    whichever model scores higher, and for neither if the two are equal.
    """
    if not np.array_equal(se[u, v], se[v, u]):
        both = _clear_each(
            diff, se, np.concatenate([u, v]), np.concatenate([v, u]),
            critical=critical, alpha=alpha, z=z, stepdown=stepdown,
        )  # fmt: skip
        return both[0][: u.size], both[0][u.size :], both[1]
    d, s = diff[u, v], se[u, v]
    fixed = s == 0
    ahead, behind = fixed & (d > 0), fixed & (d < 0)
    free = np.flatnonzero(~fixed)
    t = d[free] / s[free]
    sort = np.argsort(t, kind="stable")
    free, t = free[sort], t[sort]
    n = free.size
    rows = _Rows(z, u[free], v[free], s[free]) if critical == "simulated" and n else None

    def c_for(top: int, bottom: int) -> float:
        if top == 0 and bottom == n:  # nothing left to test
            return np.inf
        if rows is None:
            return threshold(critical, alpha, top + n - bottom)
        return quantile(rows.open_max(top, bottom), 1 - alpha)

    top, bottom = n, 0  # open: "u ahead" of pairs [0, top), "v ahead" of pairs [bottom, n)
    while True:
        c = c_for(top, bottom)
        # c never grows as claims close; min/max keep what is closed closed
        new = (
            min(int(np.searchsorted(t, c, side="right")), top),
            max(int(np.searchsorted(t, -c, side="left")), bottom),
        )
        if new == (top, bottom):
            break
        top, bottom = new
        if not stepdown:
            break
    ahead[free[top:]] = True
    behind[free[:bottom]] = True
    return ahead, behind, c


def _max_claims(z: np.ndarray, a: np.ndarray, b: np.ndarray, se: np.ndarray) -> np.ndarray:
    """Per draw, the max of (Zₐ − Z_b)/seₐ_b over the claims given, in chunks."""
    scale = se.astype(z.dtype)[:, None]
    step = max(1, _STEP // z.shape[1])
    out = np.full(z.shape[1], -np.inf, dtype=z.dtype)
    for lo in range(0, a.size, step):
        hi = lo + step
        np.maximum(out, ((z[a[lo:hi]] - z[b[lo:hi]]) / scale[lo:hi]).max(axis=0), out=out)
    return out


def _clear_each(
    diff: np.ndarray,
    se: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    *,
    critical: str,
    alpha: float,
    z: np.ndarray | None,
    stepdown: bool,
) -> tuple[np.ndarray, float]:
    """Which one-sided claims "a ahead of b" clear, every open claim tested anew at every step."""
    d, s = diff[a, b], se[a, b]
    fixed = s == 0
    declared = fixed & (d > 0)
    free = np.flatnonzero(~fixed)
    t = d[free] / s[free]
    open_ = np.ones(free.size, dtype=bool)
    while True:
        r = int(open_.sum())
        if r == 0:
            c = np.inf
        elif critical != "simulated":
            c = threshold(critical, alpha, r)
        else:
            on = free[open_]
            c = quantile(_max_claims(z, a[on], b[on], s[on]), 1 - alpha)
        still = open_ & (t <= c)
        if still.sum() == r:
            break
        open_ = still
        if not stepdown:
            break
    declared[free[~open_]] = True
    return declared, c
