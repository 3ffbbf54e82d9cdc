"""Download buttons for a chart (PNG, SVG) and its data (CSV).

Nothing is rendered until a button is clicked (``data=`` is a callable). The
chart and the table may themselves be passed as zero-argument callables
(``functools.partial(build, rows)``), so a page that draws from a ready-made
spec never assembles an Altair chart unless a reader asks for a picture.
"""

from __future__ import annotations

from collections.abc import Callable

import altair as alt
import pandas as pd
import streamlit as st

from benchstats.charts import to_png, to_svg

ChartSource = alt.TopLevelMixin | Callable[[], alt.TopLevelMixin]
TableSource = pd.DataFrame | Callable[[], pd.DataFrame]


def resolve(source):
    """The chart or table itself: call ``source`` if it is a builder."""
    if isinstance(source, alt.TopLevelMixin | pd.DataFrame) or not callable(source):
        return source
    return source()


def chart_downloads(chart: ChartSource, data: TableSource, name: str, *, key: str) -> None:
    """Three small buttons under a chart: PNG, SVG and the data as CSV.

    ``chart`` and ``data`` are an Altair chart and a DataFrame, or callables
    that build them on click. ``name`` is the file stem ("lead-interval");
    ``key`` keeps widget ids unique when a page has several charts.
    """
    cols = st.columns(3, gap="small")
    cols[0].download_button(
        "PNG",
        data=lambda: to_png(resolve(chart)),
        file_name=f"{name}.png",
        mime="image/png",
        key=f"dl-png-{key}",
        icon=":material/image:",
        on_click="ignore",
    )
    cols[1].download_button(
        "SVG",
        data=lambda: to_svg(resolve(chart)),
        file_name=f"{name}.svg",
        mime="image/svg+xml",
        key=f"dl-svg-{key}",
        icon=":material/draw:",
        on_click="ignore",
    )
    cols[2].download_button(
        "Data (CSV)",
        data=lambda: resolve(data).to_csv(index=False).encode(),
        file_name=f"{name}.csv",
        mime="text/csv",
        key=f"dl-csv-{key}",
        icon=":material/table:",
        on_click="ignore",
    )
