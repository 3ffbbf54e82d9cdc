"""A read-only table, drawn so every screen can read it.

``st.table`` is plain HTML: its cells wrap, so a table reflows to fit a phone
where ``st.dataframe`` (a canvas) would hide its columns past the frame's
edge, and its text takes the room view's size (:mod:`ui.view`). A table with
more columns than a phone can hold even wrapped (``columns_wide``) scrolls
sideways inside its frame, and the line above it says so.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

SCROLLS = "On a narrow screen this table scrolls sideways: swipe it to see every column."


def show(rows: pd.DataFrame | list[dict], *, where: Any = st, columns_wide: bool = False) -> None:
    """``rows`` (a frame, or records) as a table without its index; ``columns_wide``: say first
    that it scrolls sideways on a narrow screen."""
    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(rows)
    if columns_wide:
        where.caption(SCROLLS)
    where.table(frame, hide_index=True)
