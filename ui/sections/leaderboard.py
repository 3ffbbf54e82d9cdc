"""The Leaderboard checker's results: the verdict, what each rank is worth, the pairs, the luck."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from benchstats import language
from benchstats.charts import Caption, Figure, captioned_csv
from benchstats.charts.leaderboard import pairs_figure, places_figure, rank_figure
from benchstats.language import N_, _
from benchstats.leaderboard import (
    Board,
    PairwiseTests,
    board_from_answers,
    pairwise_tests,
    tie_counts,
)
from benchstats.leaderboard_links import decode_rows
from benchstats.overlap import overlap_rule
from benchstats.prose import leaderboard as prose
from benchstats.ranks import (
    RankIntervals,
    RankProbabilities,
    pairwise_ranks,
    rank_intervals,
    rank_probabilities,
)
from ui import claim, figure, predict, tables
from ui.sections.leaderboard_inputs import EXAMPLE
from ui.settings import Settings
from ui.verdict import escape_markdown, verdict_card

INTRO = N_("A ranking is a sort: see **who is really tied for first** and what each rank is worth.")
DRAWS = 10_000  # simulated draws for the critical values and for the re-drawn boards
_SAID = "_lb_verdict_said"  # session: the verdict the last run showed (to say when it changed)


@dataclass(frozen=True, eq=False)
class Analysis:
    """Everything the page shows about one board, at one setting."""

    board: Board
    tests: PairwiseTests
    ranks: RankIntervals
    lmarena: RankIntervals
    places: RankProbabilities
    figures: tuple[Figure, Figure, Figure]  # the ranks, every pair, places by luck


# Shared by every session, never modified: 10,000 simulated boards cost about 0.1 s for 50
# models, so each board is worked out once per setting. What the seed does not move (the board,
# its pairwise tests and their chart) is kept apart from the seed, so a new seed works out only
# the simulated ranks and places. The figures hold words: each language has its own.
@st.cache_resource(max_entries=32, show_spinner=False)
def _tested(rows: str, n: int | None, answers: tuple | None, *setting) -> tuple:
    """The board, its pairwise tests, the LMArena-style bounds and the pairs' chart."""
    correction, level, _lang = setting  # the run's language: a key only
    if answers is None:
        b = decode_rows(rows).to_board(n=n)
    else:
        names, correct, shape = answers
        b = board_from_answers(names, np.frombuffer(correct).reshape(shape))
    tests = pairwise_tests(b, correction=correction, confidence_level=level)
    pairs = pairs_figure(
        tests,
        scores=b.scores,
        correction=prose.correction_name(correction),
        alt_text=prose.pairs_alt(tests),
    )  # fmt: skip
    return b, tests, pairwise_ranks(tests), pairs


@st.cache_resource(max_entries=32, show_spinner=False)
def _rank_chart(_ranks: RankIntervals, rows, n, answers, *setting) -> Figure:
    """The ranks' chart: a new seed seldom moves a rank interval, and then it is kept (the key
    is the board, the setting and the intervals' bounds; ``_ranks`` is not hashed)."""
    correction, level, _method, lang, _low, _high = setting
    b, _tests, lmarena, _pairs = _tested(rows, n, answers, correction, level, lang)
    return rank_figure(_ranks, lmarena, scores=b.scores, alt_text=prose.rank_alt(_ranks))


@st.cache_resource(max_entries=32, show_spinner=False)
def _analysed(rows: str, n: int | None, answers: tuple | None, *setting) -> Analysis:
    correction, level, method, seed, lang = setting
    b, tests, lmarena, pairs = _tested(rows, n, answers, correction, level, lang)
    ranks = rank_intervals(b, method=method, confidence_level=level, draws=DRAWS, seed=seed)
    places = rank_probabilities(b, draws=DRAWS, seed=seed)
    low_high = (ranks.low.tobytes(), ranks.high.tobytes())  # all its chart draws of the seed's
    figures = (
        _rank_chart(ranks, rows, n, answers, correction, level, method, lang, *low_high),
        pairs,
        places_figure(places, scores=b.scores, alt_text=prose.places_alt(places)),
    )
    return Analysis(b, tests, ranks, lmarena, places, figures)


def analyse(s: Settings, answers: tuple[tuple[str, ...], np.ndarray] | None) -> Analysis:
    """The board the reader gave (the files' answers, else the rows); ValueError says what is
    missing or wrong."""
    lang = language.current()
    setting = (s["correction"], s["level"] / 100, s["method"], s["seed"], lang)
    if answers is not None:
        names, correct = answers
        with st.spinner(_("Working out the ranks…")):
            return _analysed("", None, (names, correct.tobytes(), correct.shape), *setting)
    with st.spinner(_("Working out the ranks…")):
        return _analysed(str(s["rows"]), s["n"], None, *setting)


def _example(a: Analysis, s: Settings) -> bool:
    """The board is the worked example (uploaded files are the reader's own)."""
    return s.example and a.board.kind != "paired"


def caption(a: Analysis, s: Settings) -> Caption:
    """What every download carries: the board, the verdict, the link, the inputs."""
    title = prose.board_title(a.board, claim.bench_name(s))
    return Caption(
        title=prose.example_title(title) if _example(a, s) else title,
        verdict=prose.ranks_sentence(a.ranks),
        source=s.permalink(),
        inputs=tuple(s.query().items()),
    )


def verdict(s: Settings, answers) -> Analysis | None:
    """Who cannot be told apart from the leader, or what is missing for a verdict; the analysis
    once the answer may show (predict first asks first), else None."""
    if answers is None and s["rows"] is None:
        st.info(
            _(
                "No board yet: type one into the table below, paste one, or upload per-question "
                "files. A verdict needs every model's score and its questions (or ± SE)."
            ),
            icon=":material/table_rows:",
        )
        return None
    try:
        a = analyse(s, answers)
    except ValueError as err:
        st.warning(
            _("No verdict yet: {name}.").format(name=escape_markdown(str(err))),
            icon=":material/help:",
        )
        return None
    board = zlib.crc32(f"{s['rows']}|{s['n']}|{answers is not None}".encode())
    tied = len(a.ranks.tied_for_first)
    ask = predict.Question(prose.question(a.board), tied, predict.COUNT, unit="model")
    if not predict.gate(ask, key=f"leaderboard-{board}", on=s["predict"]):
        return None
    label = _("**An example:** {name}. Edit it below.").format(
        name=escape_markdown(_(EXAMPLE.label))
    )
    verdict_card(
        prose.ranks_sentence(a.ranks),
        prose.key_numbers(a.ranks, a.tests, a.places),
        clears=tied == 1,
        body=label if _example(a, s) else None,
    )
    return a


def verdict_here(a: Analysis | None) -> None:
    """The verdict again under the board's inputs, where an edit is made (the card is a screen or
    two up), said to have changed when this run changed it; nothing while it is hidden."""
    said = None if a is None else prose.ranks_sentence(a.ranks)
    before, st.session_state[_SAID] = st.session_state.get(_SAID), said
    if said is None:
        return
    if before is not None and before != said:
        st.success(
            _("**The verdict changed:** {name}").format(name=escape_markdown(said)),
            icon=":material/sync:",
        )
    else:
        st.info(
            _("**The verdict:** {name}").format(name=escape_markdown(said)),
            icon=":material/balance:",
        )


def ranks(a: Analysis, s: Settings) -> None:
    """Each model's rank interval by two methods: what they rest on, where they differ."""
    figure.show(a.figures[0], key="lb-ranks", caption=caption(a, s))
    basis = prose.basis(a.board, claim.bench_name(s))
    rests = f"{basis} {prose.method_line(a.ranks, a.lmarena)}"
    st.markdown(escape_markdown(f"{rests} {prose.comparison_sentence(a.lmarena, a.ranks)}"))


def more(a: Analysis, s: Settings) -> None:
    """The overlap rule against the test, every pair, places by luck, the board in numbers."""
    cap = caption(a, s)
    ties = prose.ties_sentence(tie_counts(a.tests))
    rule = prose.overlap_paragraph(overlap_rule(1.0))
    st.markdown(
        "## "
        + _("The overlap rule against the test")
        + f"\n\n**{escape_markdown(ties)}**\n\n"
        + escape_markdown(rule)
    )
    figure.show(a.figures[1], key="lb-pairs", caption=cap)
    st.markdown(
        "## " + _("Places by luck") + "\n\n" + escape_markdown(prose.places_sentence(a.places))
    )
    figure.show(a.figures[2], key="lb-places", caption=cap)
    st.markdown(_("## The board with its rank intervals"))
    table = pd.DataFrame(prose.board_rows(a.board, a.ranks, a.lmarena, a.places))
    tables.show(table)
    st.download_button(
        _("Table (CSV)"), data=lambda: captioned_csv(table, cap), file_name="leaderboard.csv",
        mime="text/csv", key="lb-table-csv", icon=":material/download:", on_click="ignore",
    )  # fmt: skip
    st.markdown(_("**Link to this board** (every input is in it):"))
    st.code(cap.source, language=None, wrap_lines=True)
    if a.board.kind == "paired":
        st.markdown(_("Uploaded files cannot travel in a link: share the files with it."))
