"""A part of a page that reruns alone when only its own keys change (``st.fragment``).

An edit of a widget inside a fragment reruns the fragment, not the page: what a seed or
the runs drawn move is redrawn, and the rest of the page stays as it was drawn, for a
fraction of a run's cost. :func:`alone` draws ``draw(s)`` in one; ``own`` names the keys
whose changes touch nothing outside it (the seed and runs of the Luck simulator move its
histogram, the runs' sentence and the arithmetic, all inside). On its own rerun the part
reads the link again (``read``, the page's own reader with its rules): when a key other
than its own changed (the part also draws inputs of the whole page), or the view, the
whole page reruns instead (``st.rerun``), so nothing outside is ever left stale.

What the part draws stays inside it: it makes its own containers (Streamlit draws a
fragment in a block of its own, which lays out as its contents would), and a widget of
its own keys is drawn in it. Its return value reaches the page on the page's runs.

A download drawn outside the part may carry the page's whole link (its permalink), which
the part's own keys are in: :func:`fresh` gives it the link as it is when clicked.

    fragments.alone(s, ("runs", "seed"), read, lambda s: sections.rest(s, ...))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import streamlit as st

from benchstats.charts import Caption
from ui.settings import Settings, raw_link, use_language

_LINKS = "_fragments_links"  # session_state: the permalink the page drew with, and now


def outside(s: Settings, own: Iterable[str]) -> tuple:
    """What the rest of a page is drawn from: every setting but ``own`` (with its origin), the
    refusals of the other keys, the view and whether the worked example shows."""
    mine = set(own)
    return (
        tuple((key, v) for key, v in s.values if key not in mine),
        tuple(r for r in s.refusals if r.key not in mine),
        s.room,
        s.example,
        s.lang,
    )


@st.fragment
def _part(
    s: Settings, own: tuple[str, ...], read: Callable[[], Settings], draw, drawn: dict
) -> Any:
    """The part: on the page's run, drawn from the page's settings; on its own rerun (the link
    changed since, through a widget of its own), from the link read again, or the whole page
    reruns when something outside ``own`` changed."""
    use_language()  # a rerun of this part alone runs no app.py: its language is set here
    if raw_link() != drawn:  # a rerun of this part alone: Streamlit calls it with the page's args
        now = read()
        if outside(now, own) != outside(s, own):
            st.rerun()
        s = now
        links()["now"] = s.permalink()
    return draw(s)


def links() -> dict[str, str]:
    """This session's permalinks: the one the page last drew with, and the one it has now (one
    dict, kept, so a download's builder holds it and reads it when clicked)."""
    return st.session_state.setdefault(_LINKS, {})


def fresh_source():
    """A download's caption as it should read when clicked (call it when drawing): a caption
    that carries the permalink the page drew with gets the link as it is then."""
    kept = links()

    def fresh(caption: Caption | None) -> Caption | None:
        if caption is None or not kept or caption.source != kept.get("drawn"):
            return caption
        return replace(caption, source=kept["now"])

    return fresh


def alone(s: Settings, own: Iterable[str], read: Callable[[], Settings], draw) -> Any:
    """``draw(s)`` in a fragment that reruns alone when only ``own`` keys change (see the
    module); ``read`` gives the page's settings from the link as the page reads them."""
    links().update(drawn=s.permalink(), now=s.permalink())
    return _part(s, tuple(own), read, draw, raw_link())
