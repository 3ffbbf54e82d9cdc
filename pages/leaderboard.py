"""Leaderboard checker: who is really tied for first, and what each rank is worth.

Inputs (URL keys ``rows``, ``n``, ``bench``, ``correction``, ``method``,
``level``, ``seed``, ``predict``; the second section ``bench_rows``,
``name_a``, ``name_b``) → one cached analysis from benchstats (all pairs
tested and corrected, rank intervals two ways, the board re-drawn by luck)
→ the verdict first, then the rank intervals, the overlap rule against the
test, every pair, places by luck, the table; then two models across many
benchmarks.
"""

from __future__ import annotations

import streamlit as st

from ui.sections import leaderboard as sections
from ui.sections import leaderboard_across, leaderboard_data, leaderboard_inputs
from ui.verdict import escape_markdown

st.markdown(f"# Leaderboard checker\n\n{sections.INTRO}")  # the title and intro: one element

leaderboard_inputs.presets()
asked = leaderboard_inputs.read()
leaderboard_inputs.show_notes(asked)

try:
    analysis, shown = leaderboard_data.analyse(asked)
except ValueError as err:  # said in plain words; the second section still works
    analysis = shown = None
    st.error(
        f"This board can't be checked yet: {escape_markdown(str(err))}.", icon=":material/error:"
    )

if analysis is not None and sections.guess(analysis, asked):
    caption = sections.caption(analysis, asked)
    left, right = sections.layout()
    with left:
        sections.verdict(analysis, asked)
        sections.overlap(analysis)
    with right:
        sections.ranks(analysis, shown, caption)
    sections.pairs(shown, caption)
    sections.places(analysis, shown, caption)
    sections.table(analysis, shown, caption)

st.markdown(
    "## Two models across many benchmarks\n\n"
    "A vendor's table puts one model ahead on most benchmarks. How many of those leads clear "
    "the noise, and how many once every row is tested at once?"
)
leaderboard_across.section(asked.correction, asked.level)
