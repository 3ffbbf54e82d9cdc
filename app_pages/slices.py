"""Slices: many slices of a small suite manufacture discoveries; corrections take them back.

The runs drawn and their seed move only the runs and the shared-items curve at the end:
those rerun alone (:func:`ui.fragments.alone`).
"""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import fragments, layout, settings
from ui.sections import slices as sections


def read() -> settings.Settings:
    return sections.rules(settings.read("slices"))


s = read()
st.markdown("# " + _("Slices") + "\n\n" + _(sections.INTRO))
screen = layout.first_screen()

if s["mode"] == "table":
    sections.your_table(s, screen)
else:
    luck = sections.luck(s)
    with screen.verdict:
        shown = sections.verdict(s, luck)
    with screen.chart:
        sections.chance_chart(s, luck, shown)
    with screen.controls:
        sections.controls(s)
    if shown:
        sections.noise(luck)

    def drawn(now: settings.Settings) -> None:
        """The runs of two equal models and the shared-items curve (the seed draws both)."""
        sections.runs(now, luck, shown)
        sections.shared_items(now)

    fragments.alone(s, ("runs", "seed"), read, drawn)
