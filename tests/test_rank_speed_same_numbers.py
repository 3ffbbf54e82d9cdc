"""Rank intervals and rank probabilities give the plain computation's numbers, bit for bit.

``benchstats.ranks`` tests each pair's two one-sided claims from one row of
simulated statistics ("v ahead of u" is exactly minus "u ahead of v"), in
chunks, and re-draws boards in place. Each must give exactly what the
procedure written out plainly gives (every open claim's statistics
recomputed at every step: ``tools/bench_stats.py``'s ``rank_intervals_plain``;
the luck simulation's expressions as first written, here): the same random
draws, the same arithmetic.
Boards of 2 to 50 models, scores with n, with a reported SE, and paired, with
ties and zero standard errors: one board for each case the fast path treats
apart (:data:`SEEDS`), not many seeds of the same few.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from bench_stats import rank_intervals_plain as reference_intervals  # noqa: E402

from benchstats.leaderboard import Board, board, board_from_answers  # noqa: E402
from benchstats.ranks import gaussian_draws, rank_intervals, rank_probabilities  # noqa: E402


def reference_probabilities(b: Board, draws: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    k = b.size
    if b.kind == "n":
        sims = rng.binomial(b.n, b.scores, size=(draws, k)) / b.n
    elif b.kind == "se":
        sims = b.scores + rng.standard_normal((draws, k)) * b.se
    else:
        sims = b.scores + gaussian_draws(b.covariance(), draws, int(rng.integers(2**63)))
    tiny = 0.1 / float(np.max(b.n)) ** 2 if b.kind == "n" else 1e-13
    order = np.argsort(-(sims + tiny * rng.random(sims.shape)), axis=-1)
    counts = np.bincount((order * k + np.arange(k)).ravel(), minlength=k * k).reshape(k, k)
    return counts / draws


def random_board(seed: int) -> Board:
    """A board of 2 to 50 models; every third with n, with SEs, or paired; some with ties,
    a perfect score or two models answering alike (a difference with se 0)."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 3, 4, 6, 8, 13, 25, 50]))
    names = [f"M{j}" for j in range(k)]
    scores = np.clip(0.7 + rng.choice([0.003, 0.02, 0.1]) * rng.standard_normal(k), 0.02, 0.98)
    if seed % 4 == 0:
        scores = np.round(scores, 2)
    if seed % 3 == 0:
        n = int(rng.choice([20, 500, 5000]))
        if seed % 2:
            scores = np.round(scores * n) / n
            scores[-1] = 1.0  # se 0
        return board(names, scores, n=n)
    if seed % 3 == 1:
        se = np.full(k, 0.01) if seed % 5 == 0 else rng.uniform(0.003, 0.03, k)
        return board(names, scores, se=se)
    x = (rng.random((k, int(rng.choice([30, 200])))) < scores[:, None]).astype(float)
    if seed % 2:
        x[1] = x[0]  # the same answers: their difference has se 0
    return board_from_answers(names, x)


# One board each: n with a perfect score (se 0) on 25 models, whose 300 pairs take more
# than one chunk of statistics; reported SEs, unequal on 6 models and equal on 25; paired
# with two models answering alike (se 0) on 13; n with tied scores on 8; two models, one
# of them perfect.
SEEDS = (3, 1, 10, 5, 12, 27)


@pytest.mark.parametrize("seed", SEEDS)
def test_rank_intervals_equal_the_plain_stepdown_bit_for_bit(seed):
    b = random_board(seed)
    rng = np.random.default_rng(1000 + seed)
    draws = 10_000 if b.size >= 25 else int(rng.choice([100, 1_000, 10_000]))
    level = float(rng.choice([0.95, 0.9, 0.99, 0.5]))
    for method in ("marginal", "simultaneous"):
        for critical in ("simulated", "bonferroni", "sidak"):
            for stepdown in (True, False):
                args = (method, critical, level, stepdown, draws, seed)
                r = rank_intervals(
                    b, method=method, critical=critical, confidence_level=level,
                    stepdown=stepdown, draws=draws, seed=seed,
                )  # fmt: skip
                low, high, better, cs = reference_intervals(b, *args)
                assert np.array_equal(r.low, low) and np.array_equal(r.high, high), args
                assert np.array_equal(r.better, better), args
                assert r.critical_value.tobytes() == cs.tobytes(), args


@pytest.mark.parametrize("seed", SEEDS)
def test_rank_probabilities_equal_the_plain_simulation_bit_for_bit(seed):
    b = random_board(seed)
    draws = int(np.random.default_rng(seed).choice([50, 1_000, 10_000]))
    got = rank_probabilities(b, draws=draws, seed=seed).probabilities
    assert got.tobytes() == reference_probabilities(b, draws, seed).tobytes()


def test_the_fifty_model_board_of_the_speed_goal():
    # The board tools/bench_stats.py and the page's timing use: 50 models, 500 questions.
    names = [f"Model {i}" for i in range(50)]
    b = board(names, [0.80 - i * 0.0025 for i in range(50)], n=500)
    for method in ("marginal", "simultaneous"):
        r = rank_intervals(b, method=method, seed=7)
        low, high, better, cs = reference_intervals(b, method, "simulated", 0.95, True, 10_000, 7)
        assert np.array_equal(r.low, low) and np.array_equal(r.high, high)
        assert np.array_equal(r.better, better) and r.critical_value.tobytes() == cs.tobytes()
        assert (r.low < r.high).any() and (r.low > 1).any()  # a board with steps to take
    got = rank_probabilities(b, seed=7).probabilities
    assert got.tobytes() == reference_probabilities(b, 10_000, 7).tobytes()
