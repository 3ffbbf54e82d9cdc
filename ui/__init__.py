"""Streamlit-only pieces that several pages share.

Nothing here does statistics: that lives in :mod:`benchstats`.
"""
