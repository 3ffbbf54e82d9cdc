"""Leaderboard checker: who is really tied for first, and what each rank is worth.

Inputs (URL keys ``rows``, ``n``, ``bench``, ``correction``, ``method``,
``level``, ``seed``, ``predict``; the second section ``bench_rows``,
``name_a``, ``name_b``) → one fragment holding the seed and predict-first
and all they drive: one cached analysis from benchstats (all pairs tested
and corrected, rank intervals two ways, the board re-drawn by luck), the
verdict first, the overlap rule against the test, the rank intervals, then
tabs drawn only when open (the table, places by luck, every pair); then two
models across many benchmarks, in a fold drawn while open or while the link
holds one of its keys.
"""

from __future__ import annotations

import streamlit as st

from ui import lazy
from ui.sections import leaderboard as sections
from ui.sections import leaderboard_across, leaderboard_inputs

st.markdown(f"# Leaderboard checker\n\n{sections.INTRO}")  # the title and intro: one element

leaderboard_inputs.presets()
asked = leaderboard_inputs.read()
leaderboard_inputs.show_notes(asked)
sections.board(asked)  # a fragment: the seed, then all it drives

st.markdown(
    "## Two models across many benchmarks\n\n"
    "A vendor's table puts one model ahead on most benchmarks. How many of those leads clear "
    "the noise, and how many once every row is tested at once?"
)
# Folded until opened or linked: its table, names and button would cost every seed edit above.
across = lazy.input_fold(
    "Grade two models across benchmarks", key="lb-across", keys=leaderboard_across.KEYS
)
if across.draws():
    with across:
        leaderboard_across.section(asked.correction, asked.level)
