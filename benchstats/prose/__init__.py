"""Prose: the sentences and arithmetic lines the site writes, built from results.

One module per topic. A sentence builder takes result objects (``GapResult``,
``McNemarResult``, …), never raw floats from a page, and formats every
number through :mod:`benchstats.words`. No Streamlit here.
"""
