"""One download menu per chart: the picture (PNG, SVG) and its data (CSV), built only on a click.

With a :class:`benchstats.charts.Caption` the picture carries the claim, the
verdict and the permalink, and the CSV starts with the inputs.
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


def chart_downloads(
    chart: ChartSource,
    data: TableSource,
    name: str,
    *,
    key: str,
    caption: Caption | None = None,
    container=None,
) -> None:
    """A "Download" menu under a chart: PNG, SVG and the data as CSV (``name``: the file stem;
    ``key`` keeps widget ids unique; ``container``: where, the main area when None)."""

    def picture() -> alt.TopLevelMixin:
        built = resolve(chart)
        return built if caption is None else captioned(built, caption)

    menu = (st if container is None else container).popover(
        "Download", icon=":material/download:", key=f"download-{key}"
    )
    for label, ext, mime, build in (
        ("Picture (PNG)", "png", "image/png", lambda: to_png(picture())),
        ("Picture (SVG)", "svg", "image/svg+xml", lambda: to_svg(picture())),
        ("Data (CSV)", "csv", "text/csv", lambda: captioned_csv(resolve(data), caption)),
    ):
        menu.download_button(
            label,
            data=build,
            file_name=f"{name}.{ext}",
            mime=mime,
            key=f"dl-{ext}-{key}",
            on_click="ignore",
        )
