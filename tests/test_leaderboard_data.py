"""The Leaderboard checker's analysis: the same numbers with its two seeded computations at once,
and nothing built for a closed tab.

``ui.sections.leaderboard_data`` runs places by luck in a worker thread beside
the rank intervals; each has its own generator from the seed, so the numbers
must be exactly those of calling the two one after the other, however many
boards are analysed at once. The charts and the table of the tabs (closed at
first) are built only when a tab asks for them.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from benchstats.leaderboard import board
from benchstats.ranks import rank_intervals, rank_probabilities
from ui.sections import leaderboard_data as data

BOARDS = {
    "n": board([f"M{i}" for i in range(12)], np.linspace(0.80, 0.74, 12), n=500),
    "se": board(["A", "B", "C", "D"], [0.9, 0.89, 0.8, 0.6], se=[0.01, 0.012, 0.02, 0.01]),
}


def _expected(b, method: str, seed: int):
    ranks = rank_intervals(b, method=method, confidence_level=0.9, draws=data.DRAWS, seed=seed)
    return ranks, rank_probabilities(b, draws=data.DRAWS, seed=seed)


def _same(a: data.Analysis, b, method: str, seed: int) -> None:
    ranks, places = _expected(b, method, seed)
    np.testing.assert_array_equal(a.ranks.low, ranks.low)
    np.testing.assert_array_equal(a.ranks.high, ranks.high)
    np.testing.assert_array_equal(a.ranks.better, ranks.better)
    np.testing.assert_array_equal(a.ranks.critical_value, ranks.critical_value)
    np.testing.assert_array_equal(a.places.probabilities, places.probabilities)
    assert a.places.seed == seed and a.places.draws == data.DRAWS


@pytest.mark.parametrize("kind", list(BOARDS))
@pytest.mark.parametrize("method", ["marginal", "simultaneous"])
def test_seeded_gives_the_numbers_of_one_after_the_other(kind: str, method: str) -> None:
    t = data._tested(BOARDS[kind], "holm", 0.9)
    for seed in (0, 7, 123_456):
        _same(data._seeded(t, method, seed), BOARDS[kind], method, seed)


def test_many_boards_at_once_keep_their_own_numbers() -> None:
    """Sessions analysing at the same time share the worker threads, never a generator."""
    t = data._tested(BOARDS["n"], "holm", 0.9)
    seeds = list(range(10))
    with ThreadPoolExecutor(max_workers=5) as sessions:
        analyses = list(sessions.map(lambda s: data._seeded(t, "marginal", s), seeds))
    for seed, a in zip(seeds, analyses, strict=True):
        _same(a, BOARDS["n"], "marginal", seed)


def test_an_error_in_the_worker_reaches_the_page() -> None:
    """A board the simulation refuses raises the same ValueError as without the thread."""
    t = data._tested(BOARDS["n"], "holm", 0.9)
    with pytest.raises(ValueError, match="seed"):
        data._seeded(t, "marginal", -1)


def test_the_tabs_charts_and_table_wait_for_their_tab() -> None:
    b = BOARDS["n"]
    t = data._tested(b, "holm", 0.9)
    a = data._seeded(t, "marginal", 3)
    shown = data._shown(a, t)
    assert shown.ranks.table is not None  # the rank chart: drawn on the first screen
    assert {"places", "table"}.isdisjoint(vars(shown))  # nothing built for a closed tab
    assert "pairs" not in vars(t)
    # once asked for: built, kept, and the same as building it from scratch
    assert shown.places is shown.places and shown.table is shown.table
    assert shown.pairs is t.pairs
    assert shown.table.column("Model").to_pylist() == [b.names[i] for i in b.order]
    fresh = data._tested(b, "holm", 0.9).pairs
    assert fresh.spec["datasets"] == shown.pairs.spec["datasets"]
