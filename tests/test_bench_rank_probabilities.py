"""tools/bench_stats.py's rank rows: the per-board loop it times the vectorised simulation
against, and the plain stepdown it times rank_intervals against, must be the same
computations (same counts and intervals, exactly)."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

import bench_stats  # noqa: E402

from benchstats.leaderboard import board, board_from_answers  # noqa: E402
from benchstats.ranks import rank_intervals, rank_probabilities  # noqa: E402


@pytest.mark.parametrize("kind", ["n", "se"])
def test_per_board_loop_gives_the_vectorised_counts_exactly(kind):
    b = bench_stats.bench_board(7, kind)
    fast = rank_probabilities(b, draws=300, seed=5).probabilities
    slow = bench_stats.rank_probabilities_loop(b, 300, 5)
    assert np.array_equal(fast, slow)
    assert np.allclose(slow.sum(axis=0), 1) and np.allclose(slow.sum(axis=1), 1)


def test_tied_scores_share_places_in_the_loop_as_in_the_vectorised_call():
    # Two identical models on few questions: tied simulated scores are common,
    # so the jitter's order decides places; the loop must draw it the same way.
    b = board(["A", "B", "C"], [0.5, 0.5, 0.4], n=10)
    fast = rank_probabilities(b, draws=500, seed=2).probabilities
    slow = bench_stats.rank_probabilities_loop(b, 500, 2)
    assert np.array_equal(fast, slow)
    assert 0.3 < slow[0, 0] < 0.7  # A and B split first place


def test_a_different_seed_gives_different_counts():
    b = bench_stats.bench_board(5, "n")
    assert not np.array_equal(
        bench_stats.rank_probabilities_loop(b, 200, 0),
        bench_stats.rank_probabilities_loop(b, 200, 1),
    )


def test_the_loop_refuses_a_paired_board():
    b = board_from_answers(["A", "B"], [[1, 1, 0, 1], [1, 0, 0, 1]])
    with pytest.raises(ValueError, match="paired"):
        bench_stats.rank_probabilities_loop(b, 10, 0)


def test_row_reports_the_goal_only_for_ten_thousand_boards_of_fifty():
    rows = bench_stats.bench_rank_probabilities(draws=200, models=6, repeats=1, seed=0)
    assert [r["diff"] for r in rows] == [0.0, 0.0]
    assert all(r["goal"] is None for r in rows)
    assert all(r["fast_cpu"] > 0 for r in rows)
    assert bench_stats.goal_lines(rows) == []
    table = bench_stats.format_table(rows)
    assert "rank_probabilities (binomial)" in table and "per-board loop" in table
    timed = [{**rows[0], "goal": 0.1, "fast": 0.05}, {**rows[1], "goal": 0.1, "fast": 0.2}]
    lines = bench_stats.goal_lines(timed)
    assert "within the 100.0 ms goal" in lines[0] and "OVER the 100.0 ms goal" in lines[1]
    assert all("of CPU" in line and "load average" in line for line in lines)


def test_only_runs_the_rows_named(capsys):
    assert bench_stats.main(["--only", "rank_prob", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    assert "rank_probabilities (binomial)" in out and "rank_probabilities (normal)" in out
    assert "pass_at_k" not in out and "gap_distribution" not in out
    assert "rank_intervals" not in out
    with pytest.raises(SystemExit):
        bench_stats.main(["--only", "nothing-by-this-name"])


def test_rank_interval_rows_compare_the_fast_path_with_the_plain_stepdown():
    rows = bench_stats.bench_rank_intervals(draws=300, models=6, repeats=1, seed=4)
    assert [r["name"] for r in rows] == [
        "rank_intervals (marginal)",
        "rank_intervals (simultaneous)",
    ]
    assert [r["diff"] for r in rows] == [0.0, 0.0]
    assert all(r["fast"] > 0 and r["slow"] > 0 and r["goal"] is None for r in rows)
    assert "every open claim each step" in bench_stats.format_table(rows)


def test_the_plain_stepdown_gives_rank_intervals_numbers():
    b = board(["A", "B", "C", "D", "E"], [0.90, 0.89, 0.85, 0.80, 0.60], n=300)
    for method in ("marginal", "simultaneous"):
        low, high, better, cs = bench_stats.rank_intervals_plain(
            b, method, "simulated", 0.9, True, 2_000, 3
        )
        r = rank_intervals(b, method=method, confidence_level=0.9, draws=2_000, seed=3)
        assert np.array_equal(r.low, low) and np.array_equal(r.high, high)
        assert np.array_equal(r.better, better) and r.critical_value.tobytes() == cs.tobytes()
        assert (low < high).any() and (high - low < 4).any()  # neither all tied nor all apart
