"""Altair chart builders: tidy data in, ``alt.Chart`` out. No Streamlit.

Imported on demand (``from benchstats import charts``), never by
``import benchstats``, so the statistics core stays quick to import.
One submodule per page; their public names are re-exported here.
"""

from benchstats.charts._common import (
    Caption,
    Figure,
    captioned,
    captioned_csv,
    style,
    template,
    to_png,
    to_svg,
    with_datasets,
    zero_rule,
)

__all__ = [
    "Caption",
    "Figure",
    "captioned",
    "captioned_csv",
    "style",
    "template",
    "to_png",
    "to_svg",
    "with_datasets",
    "zero_rule",
]
