"""The Leaderboard checker's numbers and charts, computed once per board and settings (cached).

Rank intervals of 50 models cost about 60 ms of CPU (10,000 simulated draws
for each model's critical value), places by luck as much again (the two run
at once, in two threads), so each board is analysed once per
(rows, n, correction, level, method, seed) and kept; the page's edits
elsewhere (a chart's menu, the predict box) reuse it. The pairwise tests do
not depend on the seed or the rank method, so they are kept apart: a new
seed re-draws only what it names. The charts and the table in words are
built once per analysis too, their rows as Arrow bytes ready to send, so an
edit that leaves the board alone sends what is already built; those of the
tabs (the table, places by luck, every pair) only once their tab is opened,
so an edit with the tabs closed builds the rank chart alone.

Everything here is cached with ``st.cache_resource`` (one object shared by
every session, never copied): nothing that gets it may modify it.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd
import pyarrow as pa
import streamlit as st

from benchstats import words
from benchstats.charts import Figure
from benchstats.charts.leaderboard import pairs_figure, rank_figure
from benchstats.charts.rank_luck import places_figure
from benchstats.leaderboard import (
    CORRECTION_NAMES,
    Board,
    PairwiseTests,
    TieCounts,
    board_from_answers,
    pairwise_tests,
    tie_counts,
)
from benchstats.leaderboard_links import decode_rows
from benchstats.prose import leaderboard as prose
from benchstats.ranks import (
    RankComparison,
    RankIntervals,
    RankProbabilities,
    compare_ranks,
    pairwise_ranks,
    rank_intervals,
    rank_probabilities,
)
from ui import lazy
from ui.figure import ipc_bytes
from ui.sections.leaderboard_inputs import Asked

DRAWS = 10_000  # simulated draws for the critical values and for the re-drawn boards
# places by luck, beside the rank intervals (one worker a board being analysed; more wait)
_AT_ONCE = ThreadPoolExecutor(max_workers=4, thread_name_prefix="lb-places")


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


@dataclass(frozen=True, eq=False)
class Tested:
    """What does not depend on the seed or the rank method: the board and every pair tested."""

    board: Board
    tests: PairwiseTests
    lmarena: RankIntervals
    ties: TieCounts

    @cached_property
    def pairs(self) -> Figure:
        """Every pair's chart: built the first time the "All pairs" tab is drawn, then kept."""
        t = self.tests
        fig = pairs_figure(
            t,
            scores=self.board.scores,
            correction=CORRECTION_NAMES[t.correction],
            alt_text=prose.pairs_alt(t),
        )
        return _ready(fig)


@dataclass(frozen=True, eq=False)
class Shown:
    """The analysis as the page draws it: the rank chart at once; the charts and the table
    in words of the tabs (closed until a reader opens one) the first time each is drawn.

    An edit with every tab closed builds only the rank chart.
    """

    analysis: Analysis
    tested: Tested
    ranks: Figure

    @property
    def pairs(self) -> Figure:
        return self.tested.pairs

    @cached_property
    def places(self) -> Figure:
        a = self.analysis
        fig = places_figure(a.places, scores=a.board.scores, alt_text=prose.places_alt(a.places))
        return _ready(fig)

    @cached_property
    def table(self) -> pa.Table:
        return _table(self.analysis)


def _arrow(df: pd.DataFrame) -> bytes:
    """A chart's rows as Arrow IPC bytes, which Streamlit sends as they are."""
    return ipc_bytes(pa.Table.from_pandas(df, preserve_index=False))


def _ready(fig: Figure) -> Figure:
    """The figure with its rows (``spec["data"]["values"]``) as one named Arrow data set.

    The same rows as the spec's, converted once here instead of from a list
    of dicts through pandas on every rerun.
    """
    spec = {k: v for k, v in fig.spec.items() if k != "data"}
    spec |= {"data": {"name": "rows"}, "datasets": {"rows": _arrow(fig.table)}}
    return Figure(spec, fig.picture, fig.table, fig.name, fig.alt_text)


def _tested(b: Board, correction: str, level: float) -> Tested:
    tests = pairwise_tests(b, correction=correction, confidence_level=level)
    return Tested(b, tests, pairwise_ranks(tests), tie_counts(tests))


def _seeded(t: Tested, method: str, seed: int) -> Analysis:
    """The rank intervals and places by luck: two computations, each with its own generator
    from ``seed``, run at once (numpy lets go of the GIL in most of both); the same numbers
    as one after the other."""
    b, level = t.board, t.tests.confidence_level
    places = _AT_ONCE.submit(rank_probabilities, b, draws=DRAWS, seed=seed)
    ranks = rank_intervals(b, method=method, confidence_level=level, draws=DRAWS, seed=seed)
    comparison = compare_ranks(t.lmarena, ranks)
    return Analysis(b, t.tests, ranks, t.lmarena, places.result(), t.ties, comparison)


def _table(a: Analysis) -> pa.Table:
    """The board with its rank intervals in words, best score first."""
    b, r, lm = a.board, a.ranks, a.lmarena

    def span(lo: int, hi: int) -> str:
        return f"{lo}" if lo == hi else f"{lo} to {hi}"

    columns = {
        "Model": [b.names[i] for i in b.order],
        "Score": [words.score(float(b.scores[i])) for i in b.order],
        "± SE": [words.points(float(b.se[i]), signed=False, decimals=2) for i in b.order],
        "Rank interval": [span(int(r.low[i]), int(r.high[i])) for i in b.order],
        "LMArena-style": [span(int(lm.low[i]), int(lm.high[i])) for i in b.order],
        "First by luck": [words.percent(float(a.places.first[i])) for i in b.order],
    }
    return pa.table(columns)


def _shown(a: Analysis, t: Tested) -> Shown:
    ranks = rank_figure(a.ranks, a.lmarena, scores=a.board.scores, alt_text=prose.rank_alt(a.ranks))
    return Shown(a, t, _ready(ranks))


_SPINNER = "Working out the ranks…"
# A board of up to 20 models is analysed in well under the half second before a spinner shows
# (8 models: about 25 ms); 50 models take up to a quarter of a second on a busy machine, and
# per-question files of many answers longer: those keep the spinner.
SLOW_MODELS, SLOW_ANSWERS = 20, 1_000_000


# called only inside the seeded analysis, whose spinner already shows: no spinner (a thread) of its own
@st.cache_resource(max_entries=16, show_spinner=False)
def _tested_rows(rows: str, n: int | None, correction: str, level: float) -> Tested:
    return _tested(decode_rows(rows).to_board(n=n), correction, level)


@st.cache_resource(max_entries=32, show_spinner=False)  # its spinner: analyse
def _from_rows(
    rows: str, n: int | None, correction: str, level: float, method: str, seed: int
) -> tuple[Analysis, Shown]:
    t = _tested_rows(rows, n, correction, level)
    a = _seeded(t, method, seed)
    return a, _shown(a, t)


@st.cache_resource(max_entries=4, show_spinner=False)  # as _tested_rows
def _tested_answers(
    names: tuple[str, ...], answers: bytes, shape: tuple[int, int], correction: str, level: float
) -> Tested:
    correct = np.frombuffer(answers, dtype=float).reshape(shape)
    return _tested(board_from_answers(names, correct), correction, level)


@st.cache_resource(max_entries=8, show_spinner=False)  # its spinner: analyse
def _from_answers(
    names: tuple[str, ...],
    answers: bytes,
    shape: tuple[int, int],
    settings: tuple[str, float, str, int],
) -> tuple[Analysis, Shown]:
    correction, level, method, seed = settings
    t = _tested_answers(names, answers, shape, correction, level)
    a = _seeded(t, method, seed)
    return a, _shown(a, t)


def analyse(asked: Asked) -> tuple[Analysis, Shown]:
    """The analysis of the board the reader gave and its charts; ValueError (plain words) if it
    cannot be. Shared by every session: read it, never modify it."""
    settings = (asked.correction, asked.level, asked.method, asked.seed)
    if asked.answers is not None:  # per-question files: as many questions as a file holds
        names, correct = asked.answers
        correct = np.ascontiguousarray(correct, dtype=float)
        with lazy.spinner(_SPINNER, slow=correct.size > SLOW_ANSWERS):
            return _from_answers(names, correct.tobytes(), correct.shape, settings)
    with lazy.spinner(
        _SPINNER, slow=asked.rows is not None and len(asked.rows.names) > SLOW_MODELS
    ):
        return _from_rows(asked.rows_text, asked.n, *settings)
