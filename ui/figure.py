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


def accessible(spec: dict) -> dict:
    """The spec with its marks hidden from screen readers; the sentence under it says it.

    Vega draws each mark as an SVG group with an image role; an empty one (a
    rule with no rows this rerun) has no text alternative, which axe reports
    (svg-img-alt). The chart's text alternative is ``Figure.alt_text``, shown
    under it, so the marks are ``aria-hidden``; the axes keep their labels.
    The spec stays the same from rerun to rerun, so charts still patch in place.

    Examples
    --------
    >>> accessible({"mark": "bar", "config": {"mark": {"color": "red"}}})["config"]
    {'mark': {'color': 'red', 'aria': False}}
    """
    config = dict(spec.get("config", {}))
    config["mark"] = {**config.get("mark", {}), "aria": False}
    return {**spec, "config": config}


def show(figure: Figure, *, key: str, caption: Caption | None = None, container=st) -> None:
    """The figure's chart (sized for the current view) and its download menu under it."""
    container.vega_lite_chart(accessible(view.fit(figure.spec)), width="stretch", theme=None)
    if figure.alt_text:
        container.caption(figure.alt_text)
    with container.container():
        chart_downloads(figure.picture, figure.table, figure.name, key=key, caption=caption)
