"""Editable tables kept in the link: the leaderboard's board and the benchmarks of its second section.

:func:`table_editor` keeps an ``st.data_editor`` and a URL key in step (the
reader's edits write the key; a new value from outside rebuilds the table);
:func:`share` reads a percent cell as a proportion.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pandas as pd
import streamlit as st


def share(x: object) -> float | None:
    """A percent cell as a proportion (the decimal typed, divided by 100), None if empty."""
    if x is None or pd.isna(x):
        return None
    return float(Decimal(repr(round(float(x), 6))) / 100)


def table_editor(
    build: Callable[[], pd.DataFrame], text: str, key: str, to_text: Callable, **config
) -> tuple[pd.DataFrame, str]:
    """An editable table kept in the URL key ``key``; (the edited table, its value now).

    The editor keeps its own edits and is rebuilt (``build``) only when the
    URL value ``text`` changes from outside (a link, a paste, a preset) or the
    editor was not drawn on the last run, so a half-typed row survives.
    ``to_text`` turns the edited table into the value.
    """
    state = st.session_state.setdefault(f"_lb_{key}", {"rows": None, "version": 0})
    # Rebuilt when the link's value changed from outside, or when the editor was not drawn
    # on the last run (its tab or fold closed): its edits are in the link, not in the widget.
    if state["rows"] != text or f"lb_{key}_{state['version']}" not in st.session_state:
        state.update(rows=text, version=state["version"] + 1, frame=build())
    edited = st.data_editor(
        state["frame"],
        key=f"lb_{key}_{state['version']}",
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        column_config=config,
    )
    new = to_text(edited)
    if new and new != text:  # the reader edited: the link follows
        st.query_params[key] = state["rows"] = new
        return edited, new
    return edited, text
