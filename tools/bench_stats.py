"""Speed check for the two vectorised hot spots of benchstats (not part of the tests).

Run ``.venv/bin/python tools/bench_stats.py`` (``make bench`` runs it too). It times, side by side in one run,
each fast path against the plain computation it replaces, checks that the two give the
same numbers (to 1e-12), and prints the ratio of the median times:

- ``pass_at_k`` on 10,000 problems in one vectorised call, against a per-problem Python
  loop of the same running product: the shorter of ∏ (1 − k/i) over i = n − c + 1 … n and
  ∏ (1 − c/i) over i = n − k + 1 … n, as ``pass_at_k`` uses; and, for reference, against
  the loop HumanEval's ``estimate_pass_at_k`` runs (always the first product, c factors);
- ``gap_distribution`` at n = 20,000 questions (an FFT convolution), against the direct
  O(n²) convolution ``np.convolve`` of the two binomial pmfs;
- ``rank_probabilities`` on 10,000 simulated boards of 50 models (issue 15's goal: under
  100 ms), one (boards × models) draw, an argsort along each row and one bincount, against
  a per-board Python loop that draws, sorts and counts one board at a time. The loop
  takes its random numbers from the same seeded stream in the same order (every board's
  scores, then every board's tie-breaking jitter), so the two give the same counts
  exactly, not only the same distribution; one row for a board with n questions per
  model (binomial scores) and one with reported standard errors (normal scores).
- ``rank_intervals`` (marginal and simultaneous) on a board of 50 models with 500
  questions each and 10,000 simulated draws, against the stepdown written out plainly
  (:func:`rank_intervals_plain`: every open claim's statistics recomputed at every
  step, ``np.quantile``, the matrix product for the draws): the same numbers exactly.
- ``bootstrap_mix_pass_at_k``'s band for a new seed on the pass@k page's long-tail preset
  (100 problems, 50 k, 1,000 resamples), as the page computes it (the seed-free part
  built once, then :meth:`MixResampler.band` per seed), against the bootstrap as it was
  written before (:func:`bootstrap_mix_plain`: every problem's pass@k recomputed per
  seed, ``np.quantile`` on the unsorted means): the same numbers exactly.

``--only WORD`` runs only the rows whose name holds WORD (e.g. ``--only rank``).

Each timing is the median of several repeats after one warm-up call. The exit status is
1 if a pair of results disagrees by more than 1e-12, else 0.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchstats.leaderboard import Board, board  # noqa: E402
from benchstats.luck import gap_distribution  # noqa: E402
from benchstats.passk import pass_at_k  # noqa: E402
from benchstats.passk_mix import (  # noqa: E402
    MixBand,
    Problems,
    get_mix,
    k_grid,
    mix_resampler,
    pass_at_k_curve,
)
from benchstats.ranks import rank_intervals, rank_probabilities  # noqa: E402

TOLERANCE = 1e-12
RANK_GOAL = 0.100  # seconds: 10,000 boards × 50 models (issue 15)


def median_seconds(
    fn: Callable[[], object], repeats: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median ``clock`` time of ``repeats`` calls of ``fn`` after one warm-up call.

    ``clock=time.process_time`` gives the CPU time beside the wall time: on a
    shared, busy machine the wall time grows with the load while the CPU time
    a call needs stays nearly the same.
    """
    fn()
    times = []
    for _ in range(repeats):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


def pass_at_k_loop(n: np.ndarray, c: np.ndarray, k: int) -> np.ndarray:
    """pass@k problem by problem with pass_at_k's product: the shorter of
    ∏_{i=n−c+1}^{n} (1 − k/i) (c factors) and ∏_{i=n−k+1}^{n} (1 − c/i) (k factors);
    1 where n − c < k."""
    out = np.empty(len(n))
    for j in range(len(n)):
        nj, cj = int(n[j]), int(c[j])
        if nj - cj < k:
            out[j] = 1.0
        elif cj <= k:
            out[j] = 1.0 - np.prod(1.0 - k / np.arange(nj - cj + 1, nj + 1))
        else:
            out[j] = 1.0 - np.prod(1.0 - cj / np.arange(nj - k + 1, nj + 1))
    return out


def pass_at_k_humaneval_loop(n: np.ndarray, c: np.ndarray, k: int) -> np.ndarray:
    """HumanEval's per-problem estimator: 1 − ∏_{i=n−c+1}^{n} (1 − k/i), 1 where n − c < k."""
    out = np.empty(len(n))
    for j in range(len(n)):
        nj, cj = int(n[j]), int(c[j])
        if nj - cj < k:
            out[j] = 1.0
        else:
            out[j] = 1.0 - np.prod(1.0 - k / np.arange(nj - cj + 1, nj + 1))
    return out


def gap_direct(p: float, n: int) -> np.ndarray:
    """P(X − Y = d), d = −n … n, by the direct O(n²) convolution of the two pmfs."""
    pmf = stats.binom.pmf(np.arange(n + 1), n, p)
    return np.convolve(pmf, pmf[::-1])


def bench_pass_at_k(problems: int, samples: int, k: int, repeats: int, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    n = np.full(problems, samples)
    c = rng.integers(0, samples + 1, size=problems)
    fast = pass_at_k(n, c, k)
    fast_time = median_seconds(lambda: pass_at_k(n, c, k), repeats)
    size = f"{problems:,} problems (n={samples}, k={k})"
    rows = []
    for name, loop in (
        ("pass_at_k", pass_at_k_loop),
        ("pass_at_k vs HumanEval", pass_at_k_humaneval_loop),
    ):
        rows.append(
            {
                "name": name,
                "size": size,
                "fast_label": "one vectorised call",
                "slow_label": "per-problem loop",
                "fast": fast_time,
                "slow": median_seconds(lambda loop=loop: loop(n, c, k), max(3, repeats // 3)),
                "diff": float(np.max(np.abs(fast - loop(n, c, k)))),
            }
        )
    return rows


def bench_gap_distribution(n: int, p: float, repeats: int) -> dict:
    _, fast = gap_distribution(p, n)
    slow = gap_direct(p, n)
    return {
        "name": "gap_distribution",
        "size": f"n = {n:,} questions (p={p})",
        "fast_label": "FFT",
        "slow_label": "direct np.convolve",
        "fast": median_seconds(lambda: gap_distribution(p, n), repeats),
        "slow": median_seconds(lambda: gap_direct(p, n), max(3, repeats // 3)),
        "diff": float(np.max(np.abs(fast - slow))),
    }


def bench_board(models: int, kind: str) -> Board:
    """A board of ``models`` models scoring evenly from 90% down to 60%: 500 questions each
    (``kind="n"``) or a reported standard error of 1.5 points (``kind="se"``)."""
    names = [f"Model {i + 1}" for i in range(models)]
    scores = np.linspace(0.90, 0.60, models)
    if kind == "n":
        return board(names, scores, n=500)
    return board(names, scores, se=np.full(models, 0.015))


def rank_probabilities_loop(b: Board, draws: int, seed: int) -> np.ndarray:
    """rank_probabilities board by board: draw one board, sort it, count each place.

    Random numbers come from the same seeded stream in the same order as the
    vectorised call (first every board's scores, then every board's jitter,
    which breaks tied scores at random), so the counts are the same exactly.
    """
    if b.kind not in ("n", "se"):
        msg = f"the per-board loop draws boards with n or a reported SE, not {b.kind!r}"
        raise ValueError(msg)
    rng = np.random.default_rng(seed)
    k = b.size
    boards = []
    for _ in range(draws):
        if b.kind == "n":
            boards.append(rng.binomial(b.n, b.scores) / b.n)
        else:
            boards.append(b.scores + rng.standard_normal(k) * b.se)
    tiny = 0.1 / float(np.max(b.n)) ** 2 if b.kind == "n" else 1e-13
    counts = np.zeros((k, k), dtype=np.int64)
    places = np.arange(k)
    for scores in boards:
        order = np.argsort(-(scores + tiny * rng.random(k)))  # best first
        counts[order, places] += 1
    return counts / draws


def rank_intervals_plain(b: Board, method, critical, level, stepdown, draws, seed):
    """(low, high, better, critical values) of ``rank_intervals``, the procedure as stated.

    Every one-sided claim "a ahead of c" on its own; at each step, per draw, the max
    statistic (Zₐ − Z_c)/se over the claims still open, c its (1 − α) quantile by
    ``np.quantile``, every claim with t > c made; the draws are standard normals times the
    covariance's root by a matrix product. Same seed, same numbers as the fast path.
    """
    cov, k, alpha = b.covariance(), b.size, 1 - level
    diff = b.scores[:, None] - b.scores[None, :]
    var = np.diag(cov)
    se = np.sqrt(np.maximum(var[:, None] + var[None, :] - 2 * cov, 0.0))
    lam, vec = np.linalg.eigh(cov)
    root = vec * np.sqrt(np.clip(lam, 0.0, None))
    sims = np.random.default_rng(seed).standard_normal((draws, k)) @ root.T
    z = np.ascontiguousarray(sims.T, dtype=np.float32)

    def largest(a, c, s):  # per draw, the max statistic over the claims "a ahead of c"
        out = np.full(draws, -np.inf, dtype=np.float32)
        for lo in range(0, a.size, 100):
            part = slice(lo, lo + 100)
            stat = (z[a[part]] - z[c[part]]) / s[part].astype(np.float32)[:, None]
            out = np.maximum(out, stat.max(axis=0))
        return out

    def claims(a, c):
        d, s = diff[a, c], se[a, c]
        free = s > 0
        t = np.where(free, d / np.where(free, s, 1.0), np.inf)
        open_ = free.copy()
        while True:
            r = int(open_.sum())
            if r == 0:
                crit = np.inf
            elif critical == "bonferroni":
                crit = float(stats.norm.isf(alpha / r))
            elif critical == "sidak":
                crit = float(stats.norm.isf(-np.expm1(np.log1p(-alpha) / r)))
            else:
                crit = float(np.quantile(largest(a[open_], c[open_], s[open_]), 1 - alpha))
            still = open_ & (t <= crit)
            if still.sum() == r:
                break
            open_ = still
            if not stepdown:
                break
        return ((s == 0) & (d > 0)) | (free & ~open_), crit

    better = np.zeros((k, k), dtype=bool)
    if method == "simultaneous":
        a, c = np.nonzero(~np.eye(k, dtype=bool))
        declared, crit = claims(a, c)
        better[c[declared], a[declared]] = True
        return 1 + better.sum(axis=1), k - better.sum(axis=0), better, np.full(k, crit)
    low, high, cs = np.empty(k, np.int64), np.empty(k, np.int64), np.empty(k)
    for m in range(k):
        others = np.delete(np.arange(k), m)
        a = np.concatenate([others, np.full(k - 1, m)])
        c = np.concatenate([np.full(k - 1, m), others])
        declared, cs[m] = claims(a, c)
        better[m, others] = declared[: k - 1]
        low[m], high[m] = 1 + declared[: k - 1].sum(), k - declared[k - 1 :].sum()
    return low, high, better, cs


def bench_rank_intervals(draws: int, models: int, repeats: int, seed: int) -> list[dict]:
    """One row per method: ``rank_intervals`` against :func:`rank_intervals_plain`. The
    diff column is the largest difference in a bound or a critical value (0 when equal)."""
    b = bench_board(models, "n")
    rows = []
    for method in ("marginal", "simultaneous"):

        def fast(method=method):
            return rank_intervals(b, method=method, draws=draws, seed=seed)

        def plain(method=method):
            return rank_intervals_plain(b, method, "simulated", 0.95, True, draws, seed)

        got, want = fast(), plain()
        same_c = np.array_equal(got.critical_value, want[3])
        rows.append(
            {
                "name": f"rank_intervals ({method})",
                "size": f"{models} models × {draws:,} draws (500 questions each)",
                "fast_label": "a row per pair, block maxima",
                "slow_label": "every open claim each step",
                "fast": median_seconds(fast, repeats),
                "slow": median_seconds(plain, max(3, repeats // 3)),
                "diff": float(
                    max(
                        np.max(np.abs(got.low - want[0])),
                        np.max(np.abs(got.high - want[1])),
                        0.0 if same_c else np.max(np.abs(got.critical_value - want[3])),
                        float(not np.array_equal(got.better, want[2])),
                    )
                ),
                "fast_cpu": median_seconds(fast, repeats, clock=time.process_time),
                "goal": None,
            }
        )
    return rows


def bootstrap_mix_plain(
    p: Problems, ks: np.ndarray, resamples: int, level: float, seed: int
) -> MixBand:
    """``bootstrap_mix_pass_at_k`` as it was written before its seed-free part was kept:
    each problem's pass@k recomputed for every seed, ``np.quantile`` on the means as
    drawn. The new path must give these numbers bit for bit."""
    rng = np.random.default_rng(seed)
    m = p.size
    weights = rng.multinomial(m, np.full(m, 1.0 / m), size=resamples)
    means = weights @ pass_at_k_curve(p.n, p.c, ks) / m
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(means, [tail, 1.0 - tail], axis=0)
    return MixBand(ks, low, high, resamples, level, seed)


def bench_mix_bootstrap(repeats: int, seed: int) -> dict:
    """A new seed's band on the long-tail preset, as the page gets it, against
    :func:`bootstrap_mix_plain`; each timed call takes the next seed (a new band)."""
    p = get_mix("long-tail").problems
    ks = k_grid(50)
    resampler = mix_resampler(p, ks)
    seeds = iter(range(seed, seed + 10 * repeats + 100))

    def fast():
        return resampler.band(resamples=1000, seed=next(seeds))

    def plain():
        return bootstrap_mix_plain(p, ks, 1000, 0.95, next(seeds))

    bands = [
        (resampler.band(resamples=1000, seed=s), bootstrap_mix_plain(p, ks, 1000, 0.95, s))
        for s in range(seed, seed + 5)
    ]
    diff = max(float(np.max(np.abs(np.r_[a.low - b.low, a.high - b.high]))) for a, b in bands)
    return {
        "name": "bootstrap_mix_pass_at_k (new seed)",
        "size": "100 problems × 50 k, 1,000 resamples",
        "fast_label": "seed-free part kept, sorted columns",
        "slow_label": "as before",
        "fast": median_seconds(fast, repeats),
        "slow": median_seconds(plain, max(3, repeats // 3)),
        "diff": diff,
        "fast_cpu": median_seconds(fast, repeats, clock=time.process_time),
        "goal": None,
    }


def bench_rank_probabilities(
    draws: int, models: int, repeats: int, seed: int, kinds: tuple[str, ...] = ("n", "se")
) -> list[dict]:
    rows = []
    for kind in kinds:
        b = bench_board(models, kind)
        fast = rank_probabilities(b, draws=draws, seed=seed).probabilities
        slow = rank_probabilities_loop(b, draws, seed)
        what = "500 questions each" if kind == "n" else "reported SE"
        rows.append(
            {
                "name": f"rank_probabilities ({'binomial' if kind == 'n' else 'normal'})",
                "size": f"{draws:,} boards × {models} models ({what})",
                "fast_label": "one (boards × models) draw, argsort, bincount",
                "slow_label": "per-board loop",
                "fast": median_seconds(
                    lambda b=b: rank_probabilities(b, draws=draws, seed=seed), repeats
                ),
                "slow": median_seconds(
                    lambda b=b: rank_probabilities_loop(b, draws, seed), max(3, repeats // 3)
                ),
                "diff": float(np.max(np.abs(fast - slow))),
                "fast_cpu": median_seconds(
                    lambda b=b: rank_probabilities(b, draws=draws, seed=seed),
                    repeats,
                    clock=time.process_time,
                ),
                "goal": RANK_GOAL if draws == 10_000 and models == 50 else None,
            }
        )
    return rows


def goal_lines(results: list[dict]) -> list[str]:
    """One line per row with a time goal: the fast path's wall time against it (its CPU
    time and the load average beside it: a busy machine stretches the wall time)."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return [
        f"{r['name']}: {_ms(r['fast'])} for {r['size']} ({_ms(r['fast_cpu'])} of CPU), "
        f"{'within' if r['fast'] < r['goal'] else 'OVER'} the {_ms(r['goal'])} goal; "
        f"load average {load}"
        for r in results
        if r.get("goal")
    ]


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:,.0f} µs"


def format_table(results: list[dict]) -> str:
    header = ("what", "size", "fast path", "plain", "speed-up", "max |diff|")
    lines = [header]
    for r in results:
        lines.append(
            (
                r["name"],
                r["size"],
                f"{_ms(r['fast'])} ({r['fast_label']})",
                f"{_ms(r['slow'])} ({r['slow_label']})",
                f"{r['slow'] / r['fast']:,.0f}×",
                f"{r['diff']:.1e}",
            )
        )
    widths = [max(len(row[i]) for row in lines) for i in range(len(header))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/bench_stats.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--repeats", type=int, default=9, help="timed calls per fast path (median)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the pass counts")
    parser.add_argument(
        "--only", default="", metavar="WORD", help="run only the rows whose name holds WORD"
    )
    args = parser.parse_args(argv)

    benches = {
        "pass_at_k": lambda: bench_pass_at_k(
            problems=10_000, samples=200, k=10, repeats=args.repeats, seed=args.seed
        ),
        "gap_distribution": lambda: [bench_gap_distribution(n=20_000, p=0.8, repeats=args.repeats)],
        "rank_probabilities": lambda: bench_rank_probabilities(
            draws=10_000, models=50, repeats=args.repeats, seed=args.seed
        ),
        "rank_intervals": lambda: bench_rank_intervals(
            draws=10_000, models=50, repeats=args.repeats, seed=args.seed
        ),
        "mix_bootstrap": lambda: [bench_mix_bootstrap(repeats=args.repeats, seed=args.seed)],
    }
    chosen = [name for name in benches if args.only.lower() in name.lower()]
    if not chosen:
        parser.error(f"no row's name holds {args.only!r}: the rows are {', '.join(benches)}")
    results = [row for name in chosen for row in benches[name]()]
    print(format_table(results))
    for line in goal_lines(results):
        print(line)
    print(
        f"\nmedian of {args.repeats} timed calls (fast) and of {max(3, args.repeats // 3)} (plain), after one warm-up each"
    )
    bad = [r["name"] for r in results if not r["diff"] <= TOLERANCE]
    if bad:
        print(f"MISMATCH above {TOLERANCE:g}: {', '.join(bad)}", file=sys.stderr)
        return 1
    print(f"results agree to {TOLERANCE:g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
