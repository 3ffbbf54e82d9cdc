"""Download buttons for a chart (PNG, SVG) and its data (CSV).

The PNG and SVG are rendered only when the button is clicked (``data=`` is a
callable), so a rerun costs nothing until somebody asks for a file.
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from benchstats.charts import to_png, to_svg


def chart_downloads(chart: alt.TopLevelMixin, data: pd.DataFrame, name: str, *, key: str) -> None:
    """Three small buttons under a chart: PNG, SVG and the data as CSV.

    ``name`` is the file stem ("lead-interval"); ``key`` keeps widget ids
    unique when a page has several charts.
    """
    cols = st.columns(3, gap="small")
    cols[0].download_button(
        "PNG",
        data=lambda: to_png(chart),
        file_name=f"{name}.png",
        mime="image/png",
        key=f"dl-png-{key}",
        icon=":material/image:",
        on_click="ignore",
    )
    cols[1].download_button(
        "SVG",
        data=lambda: to_svg(chart),
        file_name=f"{name}.svg",
        mime="image/svg+xml",
        key=f"dl-svg-{key}",
        icon=":material/draw:",
        on_click="ignore",
    )
    cols[2].download_button(
        "Data (CSV)",
        data=lambda: data.to_csv(index=False).encode(),
        file_name=f"{name}.csv",
        mime="text/csv",
        key=f"dl-csv-{key}",
        icon=":material/table:",
        on_click="ignore",
    )
