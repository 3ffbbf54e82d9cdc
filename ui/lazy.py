"""Containers whose contents are drawn only while a reader has them open.

Every edit redraws every element a page has, on the server and in the
browser (about 1.7 ms an element in Chromium on this machine), so what a
reader has not opened should cost nothing. A :func:`menu` (a popover) or a
:func:`fold` (an expander) made here reruns the script when it is opened or
closed (``on_change="rerun"``; a fragment's own rerun inside a fragment), and
its ``.open`` says whether to draw its contents. :func:`tabs` does the same
for a row of tabs (a segmented control above one pane): only the open
pane's contents are drawn.

Only for contents with no URL-bound widget: a widget that is not drawn drops
its key from the link.

    box = lazy.fold("The arithmetic", key="luck-arithmetic")
    if box.open:
        with box:
            st.markdown(work)

    for tab, draw in zip(lazy.tabs(["Overlap", "Paired"], key="grader-tabs"), (overlap, paired)):
        if tab.open:
            with tab:
                draw()
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import streamlit as st

from ui import params

PREFIX = "lazy-"  # widget keys of lazy containers; tests open them all by it


def spinner(text: str, *, slow: bool) -> Any:
    """``st.spinner(text)`` around work that may be slow, nothing around work that is not.

    A spinner shows only after half a second, yet each one starts a timer
    thread (a wait of up to a few ms while other threads hold the GIL) and
    sends a message to clear itself: on every edit, for a spinner that never
    shows. Cached functions on an edit's path take ``show_spinner=False`` and
    their callers say here when the inputs make the work slow.
    """
    return st.spinner(text) if slow else contextlib.nullcontext()


def menu(label: str, *, key: str, icon: str | None = None, container: Any = None) -> Any:
    """A popover drawn closed; its ``.open`` is True while a reader has it open."""
    where = st if container is None else container
    return where.popover(label, icon=icon, key=PREFIX + key, on_change="rerun")


def fold(label: str, *, key: str, expanded: bool = False, container: Any = None) -> Any:
    """An expander, closed unless ``expanded``; its ``.open`` is True while it is open.

    A fold that holds URL-bound inputs may still be lazy if it draws them
    whenever the link holds one of their keys, open or not: a key that is not
    in the link has nothing to lose.
    """
    where = st if container is None else container
    return where.expander(label, expanded=expanded, key=PREFIX + key, on_change="rerun")


class _Wraps:
    """A container stand-in: ``with`` and every other attribute go to :meth:`_drawn`."""

    _box: Any

    def __enter__(self) -> Any:
        return self._drawn().__enter__()

    def __exit__(self, *exc: Any) -> Any:
        return self._drawn().__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._drawn(), name)

    def _drawn(self) -> Any:
        return self._box


class InputFold(_Wraps):
    """An :func:`input_fold`: the expander and the URL keys of the inputs it holds.

    ``with fold:`` draws in the expander; ``.open`` says whether a reader has
    it open; :meth:`draws` whether to draw its inputs.
    """

    def __init__(self, box: Any, keys: Sequence[str]) -> None:
        self._box = box
        self.keys = tuple(keys)

    @property
    def open(self) -> bool:
        return bool(self._box.open)

    def draws(self, keys: Sequence[str] | None = None) -> bool:
        """Whether to draw the inputs of ``keys`` (default: all the fold's): while the fold is
        open, or while the link holds one of them.

        Undrawn, a URL-bound input drops its key from the link, so one the
        link holds is drawn even in a closed fold. One the link does not hold
        is at its default (a bound input leaves the link at its default),
        which it takes again when the fold opens: a closed fold then costs
        one element.
        """
        return self.open or in_link(self.keys if keys is None else keys)


def input_fold(label: str, *, key: str, keys: Sequence[str], container: Any = None) -> InputFold:
    """A :func:`fold` around URL-bound inputs (``keys``), open at first when the link sets one.

    Draw the inputs when its :meth:`~InputFold.draws` says so, and what they
    drive only while ``.open``. The first state is kept for the session: the
    expander's identity includes it, so following the link as it changes
    would reset the fold.
    """
    box = fold(label, key=key, expanded=_first(key, in_link(keys)), container=container)
    return InputFold(box, keys)


def _first(key: str, value: Any) -> Any:
    """``value`` the first time ``key`` asks in this session, the same value ever after.

    For a widget argument that is part of its identity (an expander's
    ``expanded``, a tab row's ``default``): changing it would reset the widget.
    """
    return st.session_state.setdefault(f"_first-{key}", value)


def in_link(keys: Sequence[str]) -> bool:
    """Whether the link sets any of ``keys`` (an empty value too: its note must show)."""
    return any(params.raw_param(key) is not None for key in keys)


class Pane(_Wraps):
    """One pane of :func:`tabs`: ``.open`` says whether to draw it; ``with pane:`` draws in it."""

    def __init__(self, box: Any, *, open: bool | None = None) -> None:
        self.open = box is not None if open is None else open
        self._box = box

    def _drawn(self) -> Any:
        if self._box is None:
            raise RuntimeError("a closed pane is not drawn: check .open first")
        return self._box


def tabs(
    labels: list[str], *, key: str, container: Any = None, keep: str | None = None
) -> list[Pane]:
    """A row of tab buttons, the first chosen; only the chosen pane is drawn (its ``.open``).

    A segmented control, not ``st.tabs``: in Chromium a tab row costs about
    4 ms on every rerun of the page, even outside the fragment that reruns,
    and a segmented control next to nothing. The chosen label is
    ``st.session_state[lazy.PREFIX + key]``.

    ``keep`` names a pane that must stay drawn while another is open (one
    holding a file upload, whose files would go with its widget): then the
    row is a real ``st.tabs``, where a pane drawn but not chosen is hidden.
    Its first choice is the segmented control's, kept for the session (the
    tab row's identity includes it).
    """
    where = st if container is None else container
    chosen_key = PREFIX + key
    if keep is None:
        chosen = where.segmented_control(
            "Show", labels, default=labels[0], required=True, key=chosen_key,
            label_visibility="collapsed",
        )  # fmt: skip
        box = where.container(key=chosen_key + PANE)
        return [Pane(box if label == chosen else None) for label in labels]
    first = _first(chosen_key, st.session_state.get(chosen_key, labels[0]))
    row = where.tabs(labels, default=first, key=chosen_key + KEPT, on_change="rerun")
    return [Pane(tab, open=bool(tab.open)) for tab in row]


PANE = "-pane"  # key suffix of the container the chosen pane draws in
KEPT = "-kept"  # key suffix of a tab row drawn whole, for a pane that must stay drawn
