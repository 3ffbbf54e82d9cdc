"""One download menu per chart: the picture (PNG, SVG) and its data (CSV).

Nothing is rendered until a reader asks (``data=`` is a callable: the first
PNG takes vl-convert half a second). The chart and the table may be
zero-argument callables (``functools.partial(build, rows)``), built only
for a download. With a :class:`benchstats.charts.Caption`, the picture
carries the claim, the verdict and the permalink, and the CSV starts with
the inputs.
"""

from __future__ import annotations

from collections.abc import Callable

import altair as alt
import pandas as pd
import streamlit as st

from benchstats.charts import Caption, captioned, captioned_csv, to_png, to_svg

ChartSource = alt.TopLevelMixin | Callable[[], alt.TopLevelMixin]
TableSource = pd.DataFrame | Callable[[], pd.DataFrame]


def resolve(source):
    """The chart or table itself: call ``source`` if it is a builder."""
    if isinstance(source, alt.TopLevelMixin | pd.DataFrame) or not callable(source):
        return source
    return source()


def _picture(chart: ChartSource, caption: Caption | None) -> alt.TopLevelMixin:
    built = resolve(chart)
    return built if caption is None else captioned(built, caption)


def chart_downloads(
    chart: ChartSource,
    data: TableSource,
    name: str,
    *,
    key: str,
    caption: Caption | None = None,
    container=None,
) -> None:
    """A "Download" menu under a chart: PNG, SVG and the data as CSV.

    ``name`` is the file stem ("lead-interval"); ``key`` keeps widget ids
    unique when a page has several charts; ``container`` is where the menu
    goes (the page's main area when None).
    """
    where = st if container is None else container
    menu = where.popover("Download", icon=":material/download:", key=f"download-{key}")
    menu.download_button(
        "Picture (PNG)",
        data=lambda: to_png(_picture(chart, caption)),
        file_name=f"{name}.png",
        mime="image/png",
        key=f"dl-png-{key}",
        on_click="ignore",
    )
    menu.download_button(
        "Picture (SVG)",
        data=lambda: to_svg(_picture(chart, caption)),
        file_name=f"{name}.svg",
        mime="image/svg+xml",
        key=f"dl-svg-{key}",
        on_click="ignore",
    )
    menu.download_button(
        "Data (CSV)",
        data=lambda: captioned_csv(resolve(data), caption),
        file_name=f"{name}.csv",
        mime="text/csv",
        key=f"dl-csv-{key}",
        on_click="ignore",
    )
