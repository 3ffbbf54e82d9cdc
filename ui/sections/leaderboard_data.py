"""The Leaderboard checker's numbers, computed once per board and settings (cached).

Rank intervals of 50 models cost a good part of a second (10,000 simulated
draws for each model's critical value), so each board is analysed once per
(rows, n, correction, level, method, seed) and kept; the page's edits
elsewhere (a chart's menu, the predict box) reuse it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

from benchstats.leaderboard import (
    Board,
    PairwiseTests,
    TieCounts,
    board_from_answers,
    pairwise_tests,
    tie_counts,
)
from benchstats.leaderboard_links import decode_rows
from benchstats.ranks import (
    RankComparison,
    RankIntervals,
    RankProbabilities,
    compare_ranks,
    pairwise_ranks,
    rank_intervals,
    rank_probabilities,
)
from ui.sections.leaderboard_inputs import Asked

DRAWS = 10_000  # simulated draws for the critical values and for the re-drawn boards


@dataclass(frozen=True, eq=False)
class Analysis:
    """Everything the page shows about one board."""

    board: Board
    tests: PairwiseTests
    ranks: RankIntervals
    lmarena: RankIntervals
    places: RankProbabilities
    ties: TieCounts
    comparison: RankComparison


def _analyse(b: Board, correction: str, level: float, method: str, seed: int) -> Analysis:
    tests = pairwise_tests(b, correction=correction, confidence_level=level)
    ranks = rank_intervals(b, method=method, confidence_level=level, draws=DRAWS, seed=seed)
    lmarena = pairwise_ranks(tests)
    places = rank_probabilities(b, draws=DRAWS, seed=seed)
    return Analysis(
        b, tests, ranks, lmarena, places, tie_counts(tests), compare_ranks(lmarena, ranks)
    )


@st.cache_data(max_entries=16, show_spinner="Working out the ranks…")
def _from_rows(
    rows: str, n: int | None, correction: str, level: float, method: str, seed: int
) -> Analysis:
    return _analyse(decode_rows(rows).to_board(n=n), correction, level, method, seed)


@st.cache_data(max_entries=4, show_spinner="Working out the ranks…")
def _from_answers(
    names: tuple[str, ...],
    answers: bytes,
    shape: tuple[int, int],
    settings: tuple[str, float, str, int],
) -> Analysis:
    correct = np.frombuffer(answers, dtype=float).reshape(shape)
    return _analyse(board_from_answers(names, correct), *settings)


def analyse(asked: Asked) -> Analysis:
    """The analysis of the board the reader gave; ValueError (plain words) if it cannot be."""
    settings = (asked.correction, asked.level, asked.method, asked.seed)
    if asked.answers is not None:
        names, correct = asked.answers
        correct = np.ascontiguousarray(correct, dtype=float)
        return _from_answers(names, correct.tobytes(), correct.shape, settings)
    return _from_rows(asked.rows_text, asked.n, *settings)
