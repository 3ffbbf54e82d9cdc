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

from ui import settings

CONTROLS_WIDTH = 340  # px: a labelled menu shows "Same questions, mixed difficulty" whole
ROOM_SCALE = 1.25  # the room view's text is 20 px where it is 16: its controls widen as much
VERDICT_KEY = "first-verdict"  # the verdict's container, as a thumb marks it while dragged


@dataclass(frozen=True)
class FirstScreen:
    """Where the first screen's three parts go."""

    verdict: Any
    chart: Any
    controls: Any


def px(width: int) -> int:
    """A fixed width in px as this view draws it: as much wider in the room view as its text."""
    return round(width * ROOM_SCALE) if settings.room_view() else width


def first_screen(*, controls_width: int = CONTROLS_WIDTH) -> FirstScreen:
    """The verdict line across the top, the chart and its controls side by side under it."""
    return FirstScreen(verdict_line(), *side_by_side(controls_width=controls_width))


def verdict_line() -> Any:
    """The verdict's container across the top, the one a dragged thumb marks as the released
    stop's (a page that draws its chart row on its own, in a fragment, starts with this)."""
    return st.container(key=VERDICT_KEY)


def side_by_side(*, controls_width: int = CONTROLS_WIDTH) -> tuple[Any, Any]:
    """The chart and its controls, the first screen's row under the verdict line (drawn on its
    own by a part of the page that reruns alone, :mod:`ui.fragments`); in the room view's larger
    text the controls' column is as much wider."""
    controls_width = px(controls_width)
    row = st.container(horizontal=True, wrap=True, gap="medium")
    return row.container(width="stretch"), row.container(width=controls_width)
