"""Interval coverage: how often a 95% interval for one score really holds the true score.

The link read once into settings → benchstats.coverage (exact sums, cached;
seeded datasets kept per session) → the answer (or, with predict on, the
question first), the sawtooth with the simulated points beside its inputs
and the build-up, then all six intervals, the zero-width interval and the
paper's figure. The datasets drawn and their seed move only the sawtooth's
points and its inputs: those rerun alone (:func:`ui.fragments.alone`).
"""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import fragments, layout, settings
from ui.sections import coverage as sections


def read() -> settings.Settings:
    return sections.rules(settings.read("coverage"))


s = read()
st.markdown(sections.intro())
try:
    r = sections.results(s)
except ValueError as err:  # said in plain words; the inputs still show, to change it
    r = None
    # TRANSLATORS: {reason} is why (from the statistics core, in English for now).
    st.error(
        _("These settings can't be worked out: {reason}.").format(reason=err),
        icon=":material/error:",
    )

revealed = False
with layout.verdict_line():
    if r is not None:
        revealed = sections.verdict(s, r)


def first_screen(now: settings.Settings) -> None:
    """The sawtooth beside its inputs: it follows the n thumb, its points are the datasets."""
    try:
        drawn = r if now is s else sections.results(now)
    except ValueError:  # the page says why, with every input
        st.rerun()
    at = sections.n_thumb(now)
    chart, controls = layout.side_by_side()
    with controls:  # the chart follows the n thumb
        sections.controls(now, at)
    if drawn is not None:
        with chart:
            sections.chart(now, drawn, at, revealed=revealed)


fragments.alone(s, ("runs", "seed"), read, first_screen)
if revealed:  # each of these gives the answer away
    sections.more(r)
