"""The first screen of every page: the verdict line, then the main chart with its controls beside
it (on a phone they stack: the verdict, the chart, the inputs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st


@dataclass(frozen=True)
class FirstScreen:
    """Where the first screen's three parts go (``with screen.chart: ...``)."""

    verdict: Any
    chart: Any
    controls: Any


def first_screen(*, controls_share: float = 0.36) -> FirstScreen:
    """The verdict across the top; under it the chart and, in ``controls_share`` of the width,
    its controls."""
    verdict = st.container()
    chart, controls = st.columns([1 - controls_share, controls_share], gap="medium")
    return FirstScreen(verdict, chart, controls)
