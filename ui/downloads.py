"""One download menu per chart: the picture (PNG, SVG) and its data (CSV), built only on a click.

With a :class:`benchstats.charts.Caption` the picture carries the claim, the
verdict and the permalink, and the CSV starts with the inputs.
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from benchstats import language
from benchstats.charts import Caption, Figure, captioned, captioned_csv, to_png, to_svg
from benchstats.language import _
from ui import fragments


def resolve(source):
    """The chart or table itself: call ``source`` if it is a builder."""
    if isinstance(source, alt.TopLevelMixin | pd.DataFrame) or not callable(source):
        return source
    return source()


def chart_downloads(figure: Figure, *, key: str, caption: Caption | None, container=st) -> None:
    """A "Download" menu under ``figure``'s chart: PNG, SVG and its table as CSV, named by
    ``figure.name`` (``key`` keeps widget ids unique)."""

    fresh = fragments.fresh_source()  # a part of the page rerun alone since moves the link

    def picture() -> alt.TopLevelMixin:
        built = resolve(figure.picture)
        return built if caption is None else captioned(built, fresh(caption))

    menu = container.popover(_("Download"), icon=":material/download:", key=f"download-{key}")
    for label, ext, mime, build in (
        (_("Picture (PNG)"), "png", "image/png", lambda: to_png(picture())),
        (_("Picture (SVG)"), "svg", "image/svg+xml", lambda: to_svg(picture())),
        (
            _("Data (CSV)"),
            "csv",
            "text/csv",
            lambda: captioned_csv(resolve(figure.table), fresh(caption)),
        ),  # fmt: skip
    ):
        menu.download_button(
            label,
            data=language.bound(
                build
            ),  # built on the click, maybe in another thread: this language
            file_name=f"{figure.name}.{ext}",
            mime=mime,
            key=f"dl-{ext}-{key}",
            on_click="ignore",
        )
