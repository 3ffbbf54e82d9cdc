"""A read-only table, drawn so every screen can read it and nothing in it acts.

``st.table`` is plain HTML: its cells wrap, so a table reflows to fit a phone
where ``st.dataframe`` (a canvas) would hide its columns past the frame's
edge, and its text takes the room view's size (:mod:`ui.view`). A table with
more columns than a phone can hold even wrapped (``columns_wide``) scrolls
sideways inside its frame, and the line above it says so.

``st.table`` renders every cell, header and index label as Markdown, and a
model's name from a link or a file sits in some of them: :func:`show` is the
site's one way to draw a table, and it makes each text inert first
(:func:`benchstats.outside_text.markdown`).
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from benchstats.language import N_, _
from benchstats.outside_text import markdown
from ui import chart_data

SCROLLS = N_("On a narrow screen this table scrolls sideways: swipe it to see every column.")


def _inert(x: Any) -> Any:
    return markdown(x) if isinstance(x, str) else x


def plain(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with every text (cells, column names, index labels) as inert Markdown.

    >>> plain(pd.DataFrame({"*m*": ["www.x.org", 1.5]})).columns[0]
    '\\\\*m\\\\*'
    """
    out = frame.map(_inert).rename(columns=_inert)
    out.index = out.index.map(_inert)
    if out.index.name is not None:
        out.index.name = _inert(out.index.name)
    return out


def show(
    rows: pd.DataFrame | list[dict],
    *,
    where: Any = st,
    columns_wide: bool = False,
    index: bool = False,
    **kwargs: Any,
) -> None:
    """``rows`` (a frame, or records) as a table, its index shown only with ``index``;
    ``columns_wide``: say first that it scrolls sideways on a narrow screen."""
    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(rows)
    if columns_wide:
        where.caption(_(SCROLLS))
    # the same bytes each run, made inert and converted once; the index, made inert like the
    # rest, is a column of the bytes (a plain index is never a range, so Streamlit would show it)
    where.table(chart_data.table(frame, plain), hide_index=not index, **kwargs)
