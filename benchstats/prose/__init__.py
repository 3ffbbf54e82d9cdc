"""Prose: the sentences and arithmetic lines the site writes, built from results.

One module per topic. A sentence builder takes result objects (``GapResult``,
``McNemarResult``, …), never raw floats from a page, and formats every
number through :mod:`benchstats.words`. No Streamlit here.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class KeyNumber:
    """One number on a verdict card: a short label, the value in words, optional help."""

    label: str
    value: str
    help: str | None = None


__all__ = ["KeyNumber"]
