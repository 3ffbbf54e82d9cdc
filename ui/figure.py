"""Draw a :class:`benchstats.charts.Figure`: the chart, its text alternative, one download menu.

Every chart on the site goes through :func:`show`, so every chart has the
same download menu (PNG, SVG, CSV), carries its claim when downloaded, and
is described in words for a screen reader.
"""

from __future__ import annotations

import streamlit as st

from benchstats.charts import Caption, Figure
from ui import view
from ui.downloads import chart_downloads


def show(figure: Figure, *, key: str, caption: Caption | None = None, container=st) -> None:
    """The figure's chart (sized for the current view) and its download menu under it."""
    container.vega_lite_chart(view.fit(figure.spec), width="stretch", theme=None)
    if figure.alt_text:
        container.caption(figure.alt_text)
    with container.container():
        chart_downloads(figure.picture, figure.table, figure.name, key=key, caption=caption)
