"""The first screen of every page: the verdict line, then the main chart with its controls.

Where the main column has room (a laptop with the sidebar open, 1280 px and
up, and the room view at 1920×1080), the controls sit in a column of fixed
width beside the chart, so a reader moves an input and watches the picture
answer on one screen; the chart takes the rest. Where it has not (a split
screen, a phone), the controls wrap under the chart at their full width, so
no menu or box is squeezed: the verdict, the chart, then the inputs.

    screen = layout.first_screen()
    with screen.verdict: ...
    with screen.chart: ...
    with screen.controls: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

CONTROLS_WIDTH = 340  # px: a labelled menu shows "Same questions, mixed difficulty" whole


@dataclass(frozen=True)
class FirstScreen:
    """Where the first screen's three parts go."""

    verdict: Any
    chart: Any
    controls: Any


def first_screen(*, controls_width: int = CONTROLS_WIDTH) -> FirstScreen:
    """The verdict line across the top, the chart and its controls side by side under it."""
    verdict = st.container()
    return FirstScreen(verdict, *side_by_side(controls_width=controls_width))


def side_by_side(*, controls_width: int = CONTROLS_WIDTH) -> tuple[Any, Any]:
    """The chart and its controls, the first screen's row under the verdict line (drawn on its
    own by a part of the page that reruns alone, :mod:`ui.fragments`)."""
    row = st.container(horizontal=True, wrap=True, gap="medium")
    return row.container(width="stretch"), row.container(width=controls_width)
