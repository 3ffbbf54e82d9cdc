"""Altair chart builders, one submodule per page: tidy data in, ``alt.Chart`` out.

Never imported by ``import benchstats``, so the statistics core stays quick to import.
"""

from benchstats.charts._common import (
    Caption,
    Figure,
    captioned,
    captioned_csv,
    number_locale,
    records,
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
    "number_locale",
    "records",
    "style",
    "template",
    "to_png",
    "to_svg",
    "with_datasets",
    "zero_rule",
]
