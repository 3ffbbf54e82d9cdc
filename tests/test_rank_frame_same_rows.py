"""``rank_frame`` built column by column gives the frame the row-by-row build gave, exactly.

The reference is the first version, written out here: one dict a model and a
method, then a stable sort by the chart's order and the method's name. Boards
with ties, without scores, with one, two or three interval sets (a method
repeated too), of 2 to 50 models.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from benchstats.charts.leaderboard import METHOD_LABELS, RANK_COLUMNS, _sorted_names, rank_frame
from benchstats.leaderboard import board, pairwise_tests
from benchstats.ranks import pairwise_ranks, rank_intervals


def reference(*intervals, scores=None) -> pd.DataFrame:
    names = intervals[0].names
    order = {m: k for k, m in enumerate(_sorted_names(intervals[0], scores))}
    rows = []
    for r in intervals:
        for i, m in enumerate(names):
            lo, hi = int(r.low[i]), int(r.high[i])
            rows.append(
                {
                    "model": m,
                    "order": order[m],
                    "score": float(scores[i]) * 100 if scores is not None else np.nan,
                    "method": r.method,
                    "method_name": METHOD_LABELS[r.method],
                    "observed": int(r.observed[i]),
                    "low": lo,
                    "high": hi,
                    "tied_first": lo == 1,
                    "interval": f"{lo}" if lo == hi else f"{lo}–{hi}",
                }
            )
    df = pd.DataFrame(rows, columns=RANK_COLUMNS)
    return df.sort_values(["order", "method"], kind="stable").reset_index(drop=True)


def _board(seed: int):
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 3, 8, 13, 50]))
    scores = np.clip(0.7 + rng.choice([0.003, 0.03]) * rng.standard_normal(k), 0.05, 0.95)
    if seed % 2:
        scores = np.round(scores, 2)  # ties
    return board([f"M{j}" for j in range(k)], scores, n=int(rng.choice([100, 500, 5000])))


@pytest.mark.parametrize("seed", range(12))
def test_rank_frame_is_the_row_by_row_frame(seed: int) -> None:
    b = _board(seed)
    marg = rank_intervals(b, seed=seed, draws=500)
    simul = rank_intervals(b, method="simultaneous", seed=seed, draws=500)
    arena = pairwise_ranks(pairwise_tests(b))
    for sets in [(marg,), (marg, arena), (arena, marg), (simul, arena, marg), (marg, marg)]:
        for scores in (b.scores, None):
            got, want = rank_frame(*sets, scores=scores), reference(*sets, scores=scores)
            pd.testing.assert_frame_equal(got, want, check_exact=True)
            assert list(got.dtypes) == list(want.dtypes)
