"""The room view: larger text and charts for a projector, kept in ``?view=room``.

``app.py`` draws the switch (:func:`ui.inputs.view_switch`) and, in the room
view, :func:`style`: a fixed style sheet that draws every text of the page at
20 px or more (Streamlit has no per-session theme). Every chart passes through
:func:`fit`, so a room sees the same chart, bigger.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import streamlit as st

from ui import settings

_ROOM_FONT = 20  # labels a back row can read at 1920×1080
_ROOM_TITLE = 24
# A chart whose height holds its axes and legends too (Vega's "fit") grows by this much, so the
# room's larger text leaves its plot as tall; a "fit-x" chart's height is its plot's, kept.
_ROOM_HEIGHT = 1.35
_STYLE_KEY = "room-style"
# px: a data editor's cells as Streamlit draws them (0.875rem of a 16 px root), and when the
# grid is first drawn under the room's 20 px root
_GRID_FONT = 14
_GRID_LATE_FONT = 17.5

# The room's style sheet: fixed text, nothing from a reader or a link in it. Streamlit sizes its
# text in rem, so a 20 px root makes body text 20 px; the small print (labels, captions, metric
# labels, tick values, buttons, the thumb's value: 0.875rem) is raised to the root's size, and
# larger text (headings, metric values) keeps its own. Charts size their own text (:func:`fit`).
# The first screen gives back the room the larger text takes (a smaller top margin, title and
# gaps), so a chart and its inputs (the Luck simulator's build-up buttons) stay on it at 1080 px.
# Its own element is not drawn.
#
# Data editors (Glide Data Grid) draw their cells on a canvas, in a font Streamlit works out from
# the root's size once, when the grid is first drawn: 14 px (drawn before the room's root), or
# 17.5 px (after). A canvas cannot take a style sheet's font, so the room zooms each grid to draw
# its cells at 20 px (the grid reads its zoom from its box: a click still hits its cell) and holds
# it to its column's width (Streamlit's inline sizes overruled; a wide table scrolls inside it);
# a grid of a fixed height keeps its rows, so its element grows with it; its corner's resize
# handle, zoomed, would reach past the column, so it sits inside.
# The view switch in the sidebar stays one row: its two pills wrap their words, never clip them.
ROOM_CSS = f"""
html {{ font-size: {_ROOM_FONT}px; }}
[data-testid="stApp"] :not(h1, h2, h3, h4, h5, h6, [data-testid="stMetricValue"], svg *) {{
  font-size: max(1rem, 1em) !important;
}}
[data-testid="stMainBlockContainer"] {{ padding-top: 2rem; }}
[data-testid="stMainBlockContainer"] h1 {{ font-size: 2.25rem; padding-top: 0; }}
[data-testid="stMain"] [data-testid="stVerticalBlock"] {{ row-gap: 0.5rem; }}
.st-key-{_STYLE_KEY} {{ display: none; }}
[data-testid="stDataFrame"] {{ zoom: calc({_ROOM_FONT} / {_GRID_FONT}); width: 100%; }}
[data-testid="stDataFrame"]:has([style*="--gdg-base-font-style: 400 {_GRID_LATE_FONT}px"]) {{
  zoom: calc({_ROOM_FONT} / {_GRID_LATE_FONT});
}}
[data-testid="stElementContainer"]:has(> * > [data-testid="stDataFrame"]) {{
  height: auto; flex-basis: auto;
}}
[data-testid="stDataFrame"] [data-testid="stDataFrameResizable"],
[data-testid="stDataFrame"] .stDataFrameGlideDataEditor {{
  width: 100% !important; max-width: 100% !important;
}}
[data-testid="stDataFrameResizable"] [style*="cursor: se-resize"] {{
  right: 0 !important; bottom: 0 !important;
}}
.gdg-style {{ --gdg-editor-font-size: {_ROOM_FONT}px !important; }}
.st-key-view [role="radiogroup"] {{ flex-wrap: nowrap; }}
.st-key-view [role="radiogroup"] button {{
  height: auto; min-width: min-content; padding-inline: 0.6rem;
}}
.st-key-view [role="radiogroup"] button * {{
  white-space: normal; text-overflow: clip; overflow-wrap: normal; word-break: normal;
}}
"""


def _text_sized(node: Any) -> Any:
    """``node`` (a spec, or a part of one) with every font size under the room's raised to it;
    data is kept as it is (shared, never copied).

    >>> _text_sized({"mark": {"type": "text", "fontSize": 13}, "data": {"values": [1]}})
    {'mark': {'type': 'text', 'fontSize': 20}, 'data': {'values': [1]}}
    """
    if isinstance(node, list):
        return [_text_sized(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        size = (key == "fontSize" or key.endswith("FontSize")) and type(value) in (int, float)
        if size:
            out[key] = max(value, _ROOM_FONT)
        else:
            out[key] = value if key in ("data", "datasets") else _text_sized(value)
    return out


def fit(spec: dict) -> dict:
    """The spec as this view draws it: unchanged, or with room-sized text and height (every
    font size at least the room's, where the spec sets its own too).

    Examples
    --------
    >>> fit({"mark": "bar"}) == {"mark": "bar"}
    True
    """
    if not settings.room_view():
        return spec
    out = _text_sized(spec)
    config = copy.deepcopy(out.get("config", {}))
    for part in ("axis", "legend", "header"):
        config.setdefault(part, {}).update(labelFontSize=_ROOM_FONT, titleFontSize=_ROOM_FONT)
    config.setdefault("title", {}).update(fontSize=_ROOM_TITLE, subtitleFontSize=_ROOM_FONT)
    config.setdefault("text", {}).update(fontSize=_ROOM_FONT)
    out["config"] = config
    autosize = out.get("autosize")
    plot_only = isinstance(autosize, dict) and autosize.get("type") == "fit-x"
    if isinstance(out.get("height"), int | float) and not plot_only:
        out["height"] = round(out["height"] * _ROOM_HEIGHT)
    return out


@functools.cache
def _sheet():
    """The room's style sheet as a component: registered once, its CSS in the page's own DOM."""
    return st.components.v2.component(
        "room_view_style", html="<span></span>", css=ROOM_CSS, isolate_styles=False
    )


def style() -> None:
    """In the room view, put the room's style sheet on the page (off: nothing, and it goes)."""
    if settings.room_view():
        _sheet()(key=_STYLE_KEY)
