"""The first screen of every page: the verdict line, then the main chart with its controls.

From a laptop up, the controls sit in a column beside the chart, so a reader
moves an input and watches the picture answer on one screen (the room view
too, at 1920×1080). On a phone the columns stack in reading order: the
verdict, the chart, then the inputs.

    screen = layout.first_screen()
    with screen.verdict: ...
    with screen.chart: ...
    with screen.controls: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

CONTROLS_SHARE = 0.36  # of the main column's width: room for a labelled input, the chart the rest


@dataclass(frozen=True)
class FirstScreen:
    """Where the first screen's three parts go."""

    verdict: Any
    chart: Any
    controls: Any


def first_screen(*, controls_share: float = CONTROLS_SHARE) -> FirstScreen:
    """The verdict line across the top, the chart and its controls side by side under it."""
    verdict = st.container()
    chart, controls = st.columns([1 - controls_share, controls_share], gap="medium")
    return FirstScreen(verdict, chart, controls)
