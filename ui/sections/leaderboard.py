"""The Leaderboard checker's sections, in reading order: guess, verdict, ranks, then the tabs.

:func:`board` is one fragment: the seed and predict-first, the analysis
(:mod:`ui.sections.leaderboard_data`), the guess, the verdict, the rank
chart, and four lazy tabs (the overlap rule, the board's table, places by
luck, all pairs).
The seed names every simulated draw, so a seed edit reruns this and nothing
else. Sentences come from :mod:`benchstats.prose.leaderboard`, charts from
:mod:`benchstats.charts.leaderboard` through :func:`ui.figure.show`.
"""

from __future__ import annotations

import contextlib
import zlib
from urllib.parse import quote, urlencode

import pandas as pd
import streamlit as st

from benchstats.charts import Caption, captioned_csv
from benchstats.prose import leaderboard as prose
from ui import figure, lazy, predict, view
from ui.registry import page
from ui.sections import leaderboard_data, leaderboard_inputs
from ui.sections.leaderboard_data import Analysis, Shown
from ui.sections.leaderboard_inputs import Asked
from ui.sections.needed_inputs import permalink
from ui.verdict import KeyNumber, escape_markdown, verdict_card

INTRO = (
    "A ranking is a sort, and a sort returns an order whether or not the gaps inside it are "
    "real. Give a leaderboard (type it, paste it, or upload per-question results) and see "
    "**who is really tied for first** and what each rank is worth."
)


def bench_name(asked: Asked) -> str | None:
    return None if asked.bench is None else asked.bench.name


def caption(a: Analysis, asked: Asked) -> Caption:
    """What every download carries: the board, the verdict, the link, the inputs."""
    keys = asked.query()
    return Caption(
        title=prose.board_title(a.board, bench_name(asked)),
        verdict=a.ranks.sentence(),
        source=permalink(
            f"/{page('leaderboard').url_path}?{urlencode(keys, safe=':,', quote_via=quote)}"
        ),
        inputs=tuple(keys.items()),
    )


def guess(a: Analysis, asked: Asked) -> bool:
    """With ``predict`` on, ask how many are tied for first; True once the answer may show."""
    question = predict.Question(
        prose.question(a.board), len(a.ranks.tied_for_first), predict.COUNT, unit="model"
    )
    board = zlib.crc32(f"{asked.rows_text}|{asked.n}|{asked.answers is not None}".encode())
    return predict.gate(question, key=f"leaderboard-{board}", on=asked.predict)


def verdict(a: Analysis, asked: Asked) -> None:
    """The verdict first: who cannot be told apart from the leader, then the key numbers."""
    numbers = [KeyNumber(*row) for row in prose.key_numbers(a.ranks, a.tests, a.places)]
    body = f"{prose.basis(a.board, bench_name(asked))} {prose.method_line(a.ranks, a.lmarena)}"
    verdict_card(
        a.ranks.sentence(),
        numbers,
        clears=len(a.ranks.tied_for_first) == 1,
        body=escape_markdown(body),
    )


def ranks(a: Analysis, shown: Shown, cap: Caption) -> None:
    """Each model's rank interval, two methods side by side, and where they differ."""
    st.markdown(  # the heading and where the methods differ: one element, above the chart
        f"### What each rank is worth\n\n{escape_markdown(a.comparison.sentence())}"
    )
    figure.show(shown.ranks, key="lb-ranks", caption=cap)


def overlap(a: Analysis, shown: Shown, cap: Caption) -> None:
    """The overlap rule against the test and the corrected test, one quotable sentence."""
    st.markdown(  # one element: the sentence and both paragraphs always show together
        f"**{escape_markdown(a.ties.sentence())}**"
        "\n\nTwo ±1 SE bars that barely fail to touch sit about 1.4 SE of the gap apart "
        "(p ≈ 0.16): the overlap rule is the generous test. Correcting for testing every "
        "pair at once makes the real test stricter still."
    )


def pairs(a: Analysis, shown: Shown, cap: Caption) -> None:
    """Every pair: the lead, starred and outlined where it clears after the correction."""
    figure.show(shown.pairs, key="lb-pairs", caption=cap)


def places(a: Analysis, shown: Shown, cap: Caption) -> None:
    """How often each model lands at each place when the whole board is drawn again."""
    st.markdown(escape_markdown(prose.places_sentence(a.places)))
    figure.show(shown.places, key="lb-places", caption=cap)


def _frame(a: Analysis) -> pd.DataFrame:
    """The board with its rank intervals, in the units on screen (the CSV download)."""
    b, r, lm = a.board, a.ranks, a.lmarena
    df = pd.DataFrame(
        {
            "model": b.names,
            "score_percent": b.scores * 100,
            "se_points": b.se * 100,
            "questions": b.n if b.n is not None else None,
            "rank_on_board": r.observed,
            f"rank_low_{r.method}": r.low,
            f"rank_high_{r.method}": r.high,
            "rank_low_lmarena_style": lm.low,
            "rank_high_lmarena_style": lm.high,
            "first_by_luck_percent": a.places.first * 100,
        }
    )
    return df.iloc[b.order].reset_index(drop=True)


def table(a: Analysis, shown: Shown, cap: Caption) -> None:
    """The board with its rank intervals, a CSV download, and the link to this page."""
    st.dataframe(shown.table, hide_index=True, width="stretch")
    st.download_button(
        "Table (CSV)",
        data=lambda: captioned_csv(_frame(a), cap),
        file_name="leaderboard.csv",
        mime="text/csv",
        key="lb-table-csv",
        icon=":material/download:",
        on_click="ignore",
    )
    st.markdown("**Link to this board** (every input is in it):")
    st.code(cap.source, language=None, wrap_lines=True)
    if a.board.kind == "paired":
        st.markdown("Uploaded files cannot travel in a link: share the files with it.")


TABS = {  # the first, open by default, is the lightest: one markdown, no chart or table
    "Overlap rule": overlap,  # short labels: the row fits a phone's width
    "The board": table,
    "Places by luck": places,
    "All pairs": pairs,
}


def more(a: Analysis, shown: Shown, cap: Caption) -> None:
    """The overlap rule, the table, places by luck, every pair: lazy tabs, the open one drawn.

    Only the open tab's contents are drawn, so each of them costs a seed edit
    nothing until a reader opens it; none holds an input (the link is whole).
    """
    for tab, draw in zip(lazy.tabs(list(TABS), key="lb-more"), TABS.values(), strict=True):
        if tab.open:
            with tab:
                draw(a, shown, cap)


@st.fragment
def board(asked: Asked) -> None:
    """The seed and all it drives: the guess, the verdict, the rank chart, the tabs.

    A fragment: a seed edit (or a guess, a tab) reruns this only.
    """
    asked = leaderboard_inputs.seeded(asked)
    try:
        a, shown = leaderboard_data.analyse(asked)
    except ValueError as err:  # said in plain words; the second section still works
        st.error(
            f"This board can't be checked yet: {escape_markdown(str(err))}.",
            icon=":material/error:",
        )
        return
    if not guess(a, asked):
        return
    cap = caption(a, asked)
    left, right = layout()
    with left:
        verdict(a, asked)
    with right:
        ranks(a, shown, cap)
    more(a, shown, cap)


def layout():
    """The verdict and the rank chart side by side in the room; one column elsewhere.

    Elsewhere no block at all: both draw straight into the page, in order.
    """
    if view.is_room():
        return st.columns([2, 3], gap="medium")
    return contextlib.nullcontext(), contextlib.nullcontext()
