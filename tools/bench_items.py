"""Benchmark: read and pair a 100,000-question wide CSV against pandas.read_csv.

    .venv/bin/python tools/bench_items.py [--questions 100000] [--repeats 15]

Prints the best time of each (the two interleaved, so a busy machine slows
both alike) and their ratio. The goal is a ratio of at most 3: reading,
checking and pairing per-question results costs about what parsing the CSV
costs, because every step is a column-wise NumPy/Arrow operation.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchstats.items import pair_items, read_items  # noqa: E402

GOAL = 3.0


def wide_csv(questions: int, *, seed: int = 0) -> bytes:
    """A wide CSV: question_id and two models' 0/1 scores."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "question_id": [f"q{i:06d}" for i in range(questions)],
            "model_a": (rng.random(questions) < 0.82).astype(int),
            "model_b": (rng.random(questions) < 0.78).astype(int),
        }
    )
    return frame.to_csv(index=False).encode()


def measure(raw: bytes, repeats: int) -> tuple[float, float]:
    """Best seconds of pandas.read_csv and of read_items + pair_items."""
    best_pd = best_ours = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        pd.read_csv(io.BytesIO(raw))
        t1 = time.perf_counter()
        paired = pair_items(read_items(raw))
        t2 = time.perf_counter()
        best_pd, best_ours = min(best_pd, t1 - t0), min(best_ours, t2 - t1)
    expected = raw.count(b"\n") - 1
    if paired.n != expected:
        msg = f"paired {paired.n} questions, expected {expected}"
        raise RuntimeError(msg)
    return best_pd, best_ours


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args(argv)
    raw = wide_csv(args.questions)
    base, ours = measure(raw, args.repeats)
    ratio = ours / base
    print(f"wide CSV: {args.questions:,} questions, {len(raw) / 1e6:.1f} MB")
    print(f"pandas.read_csv            {base * 1000:7.1f} ms")
    print(f"read_items + pair_items    {ours * 1000:7.1f} ms")
    print(f"ratio                      {ratio:7.2f}x  (goal <= {GOAL:g}x)")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
