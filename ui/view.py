"""The room view: larger text and charts for a projector, kept in ``?view=room``.

``app.py`` draws the switch (:func:`ui.inputs.view_switch`); every chart
passes through :func:`fit`, so a room sees the same chart, bigger.
"""

from __future__ import annotations

import copy

from ui import settings

_ROOM_FONT = 20  # labels a back row can read at 1920×1080
_ROOM_TITLE = 24
_ROOM_HEIGHT = 1.35


def fit(spec: dict) -> dict:
    """The spec as this view draws it: unchanged, or with room-sized text and height.

    Examples
    --------
    >>> fit({"mark": "bar"}) == {"mark": "bar"}
    True
    """
    if not settings.room_view():
        return spec
    out = copy.copy(spec)
    config = copy.deepcopy(out.get("config", {}))
    for part in ("axis", "legend", "header"):
        config.setdefault(part, {}).update(labelFontSize=_ROOM_FONT, titleFontSize=_ROOM_FONT)
    config.setdefault("title", {}).update(fontSize=_ROOM_TITLE, subtitleFontSize=_ROOM_FONT)
    config.setdefault("text", {}).update(fontSize=_ROOM_FONT)
    out["config"] = config
    if isinstance(out.get("height"), int | float):
        out["height"] = round(out["height"] * _ROOM_HEIGHT)
    return out
