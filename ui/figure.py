"""Draw a :class:`benchstats.charts.Figure`: the chart, its text alternative, one download menu.

Every chart on the site goes through :func:`show`.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from benchstats.charts import Caption, Figure
from benchstats.outside_text import markdown as escape_markdown
from ui import chart_data, registry, settings, view
from ui.downloads import chart_downloads


def accessible(spec: dict) -> dict:
    """The spec with its marks hidden from screen readers; the sentence under it says it.

    An empty mark (a rule with no rows) has no text alternative, which axe
    reports (svg-img-alt); ``Figure.alt_text`` under the chart describes it,
    and the axes keep their labels.

    Examples
    --------
    >>> accessible({"mark": "bar", "config": {"mark": {"color": "red"}}})["config"]
    {'mark': {'color': 'red', 'aria': False}}
    """
    config = dict(spec.get("config", {}))
    config["mark"] = {**config.get("mark", {}), "aria": False}
    return {**spec, "config": config}


def caption(s: settings.Settings, title: str, verdict: str, keys: Iterable[str]) -> Caption:
    """What a download carries: the title, the verdict, the values of ``keys`` (one CSV comment
    line each) and the link that reopens them."""
    link = {k: str(s.spec(k).to_link(s[k])) for k in keys}
    shown = tuple((k, v.replace("\n", "; ")) for k, v in link.items())
    route = registry.page(s.page).route
    reopens = link | ({"lang": s.lang} if s.lang else {})  # the link opens it in its language
    return Caption(title, verdict.replace("**", ""), settings.absolute(route, reopens), shown)


def show(
    figure: Figure,
    *,
    key: str,
    caption: Caption | None = None,
    container=st,
    downloads: bool = True,
    theme: str | None = None,
) -> None:
    """The figure's chart (sized for the current view), its text alternative and, unless
    ``downloads=False`` (a worked example, an answer still hidden), its download menu.
    ``theme="streamlit"`` draws the axes in the page's theme (the box, framed in a dark page).

    Its data sets go as Arrow converted once (:func:`ui.chart_data.arrow`), the same bytes
    Streamlit would make of the rows."""
    spec = accessible(view.fit(figure.bare))
    if figure.frames is not None:
        spec["datasets"] = {name: chart_data.arrow(df) for name, df in figure.frames.items()}
    container.vega_lite_chart(spec, width="stretch", theme=theme)
    if figure.alt_text:
        container.caption(escape_markdown(figure.alt_text))  # plain text: names shown as text
    if downloads:
        chart_downloads(figure, key=key, caption=caption, container=container)
