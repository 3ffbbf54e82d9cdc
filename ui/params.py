"""Inputs bound to the URL, with a visible note when a URL value was refused.

Streamlit 1.67 binds a widget to a query parameter itself
(``bind="query-params"``) and silently drops a value the widget cannot take
(``?n=banana``, ``?n=-5`` below ``min_value``). A reader who followed a link
deserves to know that, so each helper reads the raw value *before* the widget
is created, compares it with what the widget ends up holding, and when they
differ shows a short note naming the value and what is allowed. The note
stays until the reader changes that input.

Use these helpers for every input whose key is a URL key in DESIGN.md::

    n = params.number("Questions", "n", default=100, min_value=1,
                      max_value=1_000_000, whole=True)
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

_NOTES = "_url_notes"  # session_state: {key: (message, value the note is about)}
_MAX_SHOWN = 40  # characters of a hostile URL value we repeat back


def quoted_value(raw: str) -> str:
    """A URL value made safe to repeat inside inline code."""
    text = raw.replace("`", "'").replace("\n", " ")
    return text if len(text) <= _MAX_SHOWN else text[:_MAX_SHOWN] + "…"


def raw_param(key: str) -> str | None:
    """The URL's value for ``key`` as typed, or None (read before the widget)."""
    try:
        return st.query_params.get(key)
    except Exception:  # a bound key can refuse access in odd states
        return None


def _fmt(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,g}"


def note_refused(key: str, message: str, value: Any) -> None:
    """Keep ``message`` about a link value ``key`` refused; it shows beside the input while
    the input still holds ``value`` (what the page put in its place)."""
    st.session_state.setdefault(_NOTES, {})[key] = (message, value)


def show_note(key: str, container: Any) -> None:
    """Show the note kept by :func:`note_refused` while the input still holds its value."""
    notes = st.session_state.get(_NOTES, {})
    if key not in notes:
        return
    message, value = notes[key]
    if st.session_state.get(key) != value:  # the reader has moved on
        del notes[key]
        return
    container.warning(message, icon=":material/link_off:")


def note_pending(key: str) -> bool:
    """True while a note about ``key``'s refused link value is still shown."""
    notes = st.session_state.get(_NOTES, {})
    return key in notes and st.session_state.get(key) == notes[key][1]


def slot(row: Any, width: int | str | None, *, key: str, refused: bool = False):
    """Where one input goes in ``row``, and the keyword that sizes it there.

    Straight into the row at ``width`` (one element, as every rerun redraws
    every element); in a box of that width only while a note about its link
    value shows (``key``: the note's key), so the note sits under the input.
    ``width=None`` keeps the input as the row lays it out.
    """
    if width is None:
        return row, {}
    if refused or note_pending(key):
        return row.container(width=width), {}
    return row, {"width": width}


def drop_from_link(key: str) -> None:
    """Remove ``key`` from the URL before its widget is created.

    Bound widgets seed themselves from a copy of the URL taken at page load,
    so the value must go from that copy too. Streamlit 1.67 has no public call
    for this; without it, `?n=inf` on an int input raises OverflowError inside
    Streamlit (its seeding catches only ValueError and TypeError).
    """
    try:
        from streamlit.runtime.state import get_session_state

        with get_session_state().query_params() as qp:
            qp._initial_query_params.pop(key, None)
            qp.remove_param(key)
    except Exception:  # a future Streamlit without these internals: fall back
        with contextlib.suppress(Exception):
            del st.query_params[key]


def acceptable(raw: str, min_value: float, max_value: float, whole: bool) -> bool:
    """Whether a link's raw value reads as a number in [min_value, max_value] (whole if asked)."""
    parsed = parse_number(raw)
    if parsed is None or not min_value <= parsed <= max_value:
        return False
    return float(parsed).is_integer() or not whole


def parse_number(raw: str) -> float | None:
    """A link's raw value as a finite number, or None."""
    try:
        x = float(raw)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def number(
    label: str,
    key: str,
    *,
    default: float,
    min_value: float,
    max_value: float,
    whole: bool = False,
    step: float | None = None,
    unit: str = "",
    help: str | None = None,
    format: str | None = None,
    container: Any = st,
    disabled: bool = False,
    width: int | str | None = None,
) -> float | int:
    """A number input bound to ``?key=``; refused URL values get a note.

    ``whole=True`` makes an int input (counts); otherwise a float input.
    ``unit`` names the unit in the note ("percent", "questions"); ``width``
    sizes it in a row (:func:`slot`).
    """
    raw = raw_param(key)
    refused = raw is not None and not acceptable(raw, min_value, max_value, whole)
    if refused:
        # Drop it before the widget reads it: Streamlit would silently truncate
        # 3.7 to 3, and `?n=inf` makes its int deserializer raise.
        drop_from_link(key)
    if whole:
        kwargs = dict(
            min_value=int(min_value),
            max_value=int(max_value),
            value=int(default),
            step=int(step or 1),
        )
    else:
        kwargs = dict(
            min_value=float(min_value),
            max_value=float(max_value),
            value=float(default),
            step=float(step or 0.1),
            format=format or "%.2f",
        )
    container, sized = slot(container, width, key=key, refused=refused)
    value = container.number_input(
        label, key=key, bind="query-params", help=help, disabled=disabled, **kwargs, **sized
    )
    if refused:
        kind = "a whole number" if whole else "a number"
        unit_txt = f" {unit}" if unit else ""
        msg = (
            f"The link's `{key}={quoted_value(raw)}` can't be used: {key} must be "
            f"{kind} from {_fmt(min_value)} to {_fmt(max_value)}{unit_txt}. "
            f"Showing {_fmt(value)}."
        )
        note_refused(key, msg, value)
    show_note(key, container)
    return value


def _write_back(menu: str, key: str) -> None:
    """A menu changed: put its option key in the URL, or take the key out."""
    value = st.session_state.get(menu)
    if value is None:
        st.query_params.pop(key, None)
    else:
        st.query_params[key] = str(value)


def choice(
    label: str,
    key: str,
    options: Sequence[Any],
    *,
    default: Any = None,
    format_func: Callable[[Any], str] = str,
    help: str | None = None,
    container: Any = st,
    allowed: str | None = None,
    widget: str = "selectbox",
    width: int | str | None = None,
    **kwargs: Any,
) -> Any:
    """A menu kept in ``?key=`` by its option key (``interval=clopper-pearson``).

    Not a bound widget: a bound selectbox writes its *label* to the URL, and
    the URL contract is the key. So the URL is the source of truth: the menu
    mirrors it on every run and writes back when the reader picks. An unknown
    URL value gets a note and ``default``. ``widget`` is ``"selectbox"``,
    ``"segmented_control"`` or ``"radio"``; ``default=None`` starts empty.
    ``allowed`` finishes the note's "{key} must be …" (by default "one of"
    and the first few options); ``width`` sizes it in a row (:func:`slot`).
    Further keyword arguments go to the widget.
    """
    raw = raw_param(key) or None  # `?key=` with nothing after it means no choice
    by_text = {str(o): o for o in options}
    refused = raw is not None and raw not in by_text
    if refused:
        st.query_params.pop(key, None)
    if widget == "selectbox" and default is None:
        kwargs.setdefault("index", None)  # starts empty and offers "Clear value"
    menu = f"_{key}_menu"  # session key of the widget; the URL key is `key`
    container, sized = slot(container, width, key=menu, refused=refused)
    kwargs |= sized
    st.session_state[menu] = default if raw is None or refused else by_text[raw]
    value = getattr(container, widget)(
        label,
        options,
        key=menu,
        format_func=format_func,
        help=help,
        on_change=_write_back,
        args=(menu, key),
        **kwargs,
    )
    if refused:
        listed = ", ".join(f"`{o}`" for o in list(options)[:6])
        allowed = allowed or f"one of {listed}" + (", …" if len(options) > 6 else "")
        shown = "none" if value is None else f"`{format_func(value)}`"
        msg = (
            f"The link's `{key}={quoted_value(raw)}` can't be used: {key} must be {allowed}. "
            f"Using {shown}."
        )
        note_refused(menu, msg, value)
    show_note(menu, container)
    return value
