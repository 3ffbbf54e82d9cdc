"""Speed check for the two vectorised hot spots of benchstats (not part of the tests).

Run ``.venv/bin/python tools/bench_stats.py`` (``make bench`` runs it too). It times, side by side in one run,
each fast path against the plain computation it replaces, checks that the two give the
same numbers (to 1e-12), and prints the ratio of the median times:

- ``pass_at_k`` on 10,000 problems in one vectorised call, against a per-problem Python
  loop of the same running product: the shorter of ∏ (1 − k/i) over i = n − c + 1 … n and
  ∏ (1 − c/i) over i = n − k + 1 … n, as ``pass_at_k`` uses; and, for reference, against
  the loop HumanEval's ``estimate_pass_at_k`` runs (always the first product, c factors);
- ``gap_distribution`` at n = 20,000 questions (an FFT convolution), against the direct
  O(n²) convolution ``np.convolve`` of the two binomial pmfs.

Each timing is the median of several repeats after one warm-up call. The exit status is
1 if a pair of results disagrees by more than 1e-12, else 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchstats.luck import gap_distribution  # noqa: E402
from benchstats.passk import pass_at_k  # noqa: E402

TOLERANCE = 1e-12


def median_seconds(fn: Callable[[], object], repeats: int) -> float:
    """Median wall time of ``repeats`` calls of ``fn`` after one warm-up call."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
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
    args = parser.parse_args(argv)

    results = [
        *bench_pass_at_k(problems=10_000, samples=200, k=10, repeats=args.repeats, seed=args.seed),
        bench_gap_distribution(n=20_000, p=0.8, repeats=args.repeats),
    ]
    print(format_table(results))
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
