"""Luck simulator: two equally good models, scored again and again.

The link read once into settings (a preset sets the questions) → the exact
gap distribution and the runs drawn so far (benchstats.tally) → the answer
(or, with predict on, the question first), the histogram beside its inputs
and the build-up buttons, then the arithmetic. The runs drawn (and, but on
the same questions, the seed) move only the histogram, its inputs and the
arithmetic: those rerun alone when they change (:func:`ui.fragments.alone`).
"""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import fragments, layout, settings
from ui.sections import luck as sections


def read() -> settings.Settings:
    return sections.rules(settings.read("luck"))


s = read()
st.markdown(sections.intro())
try:
    sim = sections.simulation(s)
except ValueError as err:  # said in plain words; the inputs still show, to change it
    sim = None
    # TRANSLATORS: {reason} is why (from the statistics core, in English for now).
    st.error(
        _("These settings can't be worked out: {reason}.").format(reason=err),
        icon=":material/error:",
    )

revealed = False
with layout.verdict_line():
    if sim is not None:
        revealed = sections.verdict(s, sim)


def rest(now: settings.Settings) -> None:
    """The histogram beside its inputs (it follows the n thumb), then the arithmetic."""
    try:
        drawn = sim if now is s else sections.simulation(now)
    except ValueError:  # the page says why, with every input
        st.rerun()
    at = sections.n_thumb(now)
    chart, controls = layout.side_by_side()
    with controls:
        sections.controls(now, at)
        if drawn is not None:
            sections.runs(now, drawn, revealed=revealed)
    if drawn is not None:
        with chart:
            sections.chart(now, drawn, at, revealed=revealed)
    if revealed:
        sections.arithmetic(drawn)


fragments.alone(s, sections.own_keys(s), read, rest)
