"""Slices: many slices of a small suite manufacture discoveries; corrections take them back."""

from __future__ import annotations

import streamlit as st

from ui import layout, settings
from ui.sections import slices as sections

s = sections.rules(settings.read("slices"))
st.markdown(f"# Slices\n\n{sections.INTRO}")
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
    sections.runs(s, luck, shown)
    sections.shared_items(s)
