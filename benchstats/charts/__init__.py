"""Altair chart builders: tidy data in, ``alt.Chart`` out. No Streamlit.

Imported on demand (``from benchstats import charts``), never by
``import benchstats``, so the statistics core stays quick to import.
One submodule per page; their public names are re-exported here.
"""

from benchstats.charts._common import style, to_png, to_svg, zero_rule

__all__ = ["style", "to_png", "to_svg", "zero_rule"]
