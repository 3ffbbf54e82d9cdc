"""Streamlit-only pieces that several pages share; the statistics live in :mod:`benchstats`."""
