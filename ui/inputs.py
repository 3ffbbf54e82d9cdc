"""Widgets that show a page's settings and write the reader's changes into the link.

Each draws one widget keyed by its URL key (``at.number_input(key="n")``), says
where a value the reader did not give came from, shows a refused link value's
note, and writes a change into the link (:func:`ui.settings.write`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st

from benchstats import language
from benchstats.language import _
from benchstats.outside_text import markdown as escape_markdown
from ui import layout
from ui import settings as settings_
from ui.keys import COUNT, Key
from ui.settings import Origin, Settings, Value

# TRANSLATORS: under an input, where its value came from; {source} is a few words ("the GPQA
# Diamond preset", "the link's `variants`").
_ORIGIN_WORDS = {
    Origin.PRESET: language.N_("From {source}."),
    Origin.DERIVED: language.N_("Worked out from {source}."),
    Origin.ASSUMED: language.N_("Assumed: {source}."),
}


Changes = Callable[[Any], Mapping[str, Any]] | None  # a new value → what to write in the link


def _changed(s: Settings, key: str, changes: Changes = None) -> None:
    """A widget changed: its new value (``changes``: every key it sets) goes into the link."""
    value = st.session_state.get(key)
    settings_.write(s, {key: value} if changes is None else changes(value))


def _shown(spec: Key, value: Any) -> Any:
    """A setting as its widget holds it (an int for a count, a float for a number)."""
    if value is None:
        return None
    if spec.kind == COUNT:
        return int(value)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


def origin_caption(s: Settings, key: str) -> str | None:
    """Where a value the reader did not type came from, in words; None for theirs.

    >>> from ui.settings import Value
    >>> s = Settings("check", (("n", Value(100, Origin.ASSUMED, "the claim gives no count")),))
    >>> origin_caption(s, "n")
    'Assumed: the claim gives no count.'
    """
    v = s.value(key)
    if v.origin is Origin.DEFAULT and v.source == settings_.EXAMPLE:
        return _("From the worked example: change it to grade your own.")
    words = _ORIGIN_WORDS.get(v.origin)
    if words is None and v.origin is Origin.GIVEN and v.source not in ("", settings_.LINK):
        words = _ORIGIN_WORDS[Origin.PRESET]
    return _(words).format(source=v.source) if words and v.source else None


def after(s: Settings, key: str, where: Any, *, caption: bool = True) -> None:
    """What goes under a widget: where its value came from, a refused link value's note."""
    if caption and (text := origin_caption(s, key)):
        where.caption(text)
    if note := s.refusal(key):
        where.warning(note, icon=":material/link_off:")


def _prepare(s: Settings, key: str) -> Key:
    """Put the setting in the widget's state before it is drawn; the key's spec."""
    spec = s.spec(key)
    st.session_state[key] = _shown(spec, s[key])
    return spec


def _draw(
    s: Settings, key: str, widget: Any, label: str, *args: Any, where: Any, **kwargs: Any
) -> None:
    """``widget(label, *args, **kwargs)`` kept in ``key``: a change goes into the link
    (``changes``: what it writes), then the notes under it (:func:`after`; ``caption=False``: no
    origin). The label is plain text, a model's name in it included, shown as text."""
    changes, caption = kwargs.pop("changes", None), kwargs.pop("caption", True)
    if isinstance(kwargs.get("width"), int):  # a box of fixed width holds room-sized text too
        kwargs["width"] = layout.px(kwargs["width"])
    shown = escape_markdown(label)
    widget(shown, *args, key=key, on_change=_changed, args=(s, key, changes), **kwargs)
    after(s, key, where, caption=caption)


def number(
    s: Settings,
    key: str,
    label: str,
    *,
    where: Any = st,
    slider: bool = False,
    step: float | None = None,
    low: float | None = None,
    high: float | None = None,
    format: str | None = None,
    **kwargs: Any,
) -> None:
    """A number box (or ``slider=True`` a slider) for ``key``, in the spec's range, narrowed by
    ``low``/``high`` where other settings bound it. An empty box means "not given"; ``help``,
    ``disabled`` and ``width`` go to the widget, ``caption`` and ``changes`` to :func:`_draw`."""
    spec = _prepare(s, key)
    whole = spec.kind == COUNT
    cast = int if whole else float
    lo = cast(spec.low if low is None else low)
    hi = cast(spec.high if high is None else high)
    value = st.session_state[key]
    st.session_state[key] = (lo if slider else None) if value is None else min(max(value, lo), hi)
    kwargs |= dict(min_value=lo, max_value=hi, step=cast(step or (1 if whole else 0.1)))
    if format or not whole:
        kwargs["format"] = format or _format(s.value(key))
    if slider and language.current() != language.ENGLISH:
        # a printf format writes an English number; the browser's own writes its locale's
        kwargs["format"] = "localized"
    if not slider:
        kwargs |= dict(value=None, placeholder=_("not given"))
    _draw(s, key, where.slider if slider else where.number_input, label, where=where, **kwargs)


def span(
    s: Settings,
    key: str,
    label: str,
    *,
    toggle: str,
    start: tuple[float, float],
    help: str | None = None,
) -> None:
    """A range slider for a two-value key (``typical=10&typical=25``), shown once its
    ``toggle`` is on: switched on it starts at ``start``; off (or 0 to 0) means none. No range
    is drawn before there is one, so its two ends never sit on top of each other at 0."""
    switch = f"_{key}_on"
    st.session_state[switch] = s[key] is not None
    st.toggle(
        toggle, key=switch, help=help,
        on_change=lambda: settings_.write(s, {key: start if st.session_state[switch] else None}),
    )  # fmt: skip
    if s[key] is None:
        after(s, key, st, caption=False)  # a refused link value's note
        return
    spec = _prepare(s, key)
    lo, hi = float(spec.low), float(spec.high)
    st.session_state[key] = tuple(float(v) for v in s[key])
    _draw(
        s,
        key,
        st.slider,
        label,
        where=st,
        min_value=lo,
        max_value=hi,
        step=0.5,
        format="%.1f",
        help=help,
        changes=lambda ends: {key: None if max(ends) == lo else ends},
    )


def _format(v: Value) -> str:
    """A number box's format: a given number as written ("55.0" stays 55.0, "82.25" 82.25), any
    other to two decimals."""
    if v.origin is not Origin.GIVEN or not isinstance(v.value, (int, float)):
        return "%.2f"
    written = v.decimals
    while written < 4 and round(v.value, written) != v.value:  # never hide a digit it holds
        written += 1
    return f"%.{written}f"


def log_stops(low: float, high: float) -> list[float]:
    """Round values from ``low`` to ``high``, evenly spaced on a log scale (1, 1.5, 2, 3, 5, 7, 10…).

    >>> log_stops(1, 20)
    [1, 1.5, 2, 3, 5, 7, 10, 15, 20]
    """
    out = [m * 10**e for e in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1)
           for m in (1, 1.5, 2, 3, 5, 7)]  # fmt: skip
    out = [x for x in out if low <= x <= high]
    return sorted({int(x) if float(x).is_integer() else x for x in [*out, low, high]})


def even_stops(low: float, high: float, step: float) -> list[float]:
    """Evenly spaced values from ``low`` to ``high`` (a linear slider's stops).

    >>> even_stops(0, 1, 0.25)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    return [round(low + i * step, 6) for i in range(round((high - low) / step) + 1)]


def stops(
    s: Settings,
    key: str,
    label: str,
    options: Sequence[Any],
    *,
    where: Any = st,
    **kwargs: Any,
) -> None:
    """A slider over a ladder of values (a log scale of counts); the link's own value is a stop.
    ``format_func``, ``help``, ``width``: the slider's."""
    spec = _prepare(s, key)
    value = st.session_state[key]
    ladder = sorted({*(_shown(spec, o) for o in options), *([value] if value is not None else [])})
    if value is None:
        st.session_state[key] = ladder[0]
    if "format_func" in kwargs:  # the run's language, whoever calls it later
        kwargs["format_func"] = language.bound(kwargs["format_func"])
    _draw(s, key, where.select_slider, label, ladder, where=where, **kwargs)


def choice(
    s: Settings,
    key: str,
    label: str,
    *,
    options: Sequence[str] | None = None,
    format_func: Callable[[Any], str] = str,
    widget: str = "selectbox",
    where: Any = st,
    **kwargs: Any,
) -> None:
    """A menu of the key's choices (``widget``: selectbox, segmented_control, radio, pills); the
    link holds the option key (``interval=clopper-pearson``), never the label."""
    spec = _prepare(s, key)
    options = list(spec.choices if options is None else options)
    if widget == "selectbox":
        kwargs.setdefault("index", None)
        kwargs.setdefault("placeholder", _("none"))
    _draw(
        s,
        key,
        getattr(where, widget),
        label,
        options,
        where=where,
        format_func=language.bound(format_func),  # the run's language, whoever calls it later
        **kwargs,
    )


def text(
    s: Settings, key: str, label: str, *, area: bool = False, where: Any = st, **kwargs: Any
) -> None:
    """A text box (``area=True``: several lines) for the reader's own words."""
    spec = _prepare(s, key)
    if st.session_state[key] is None:
        st.session_state[key] = ""
    box = where.text_area if area else where.text_input
    _draw(s, key, box, label, where=where, max_chars=spec.max_chars, **kwargs)


def flag(s: Settings, key: str, label: str, *, where: Any = st, help: str | None = None) -> None:
    """A toggle for a true/false key (``predict``)."""
    _prepare(s, key)
    st.session_state[key] = bool(st.session_state[key])
    _draw(s, key, where.toggle, label, where=where, help=help)


def view_switch(*, where: Any = st) -> None:
    """The reading / room (projector) view switch, kept in ``?view=`` on every page."""
    st.session_state["view"] = "room" if settings_.room_view() else "read"
    where.segmented_control(
        _("View"),
        ["read", "room"],
        key="view",
        format_func=lambda v: _("Room (projector)") if v == "room" else _("Reading"),
        required=True,
        on_change=lambda: settings_.set_view(st.session_state["view"]),
    )


def language_switch(*, where: Any = st, key: str = "lang-pick") -> None:
    """The language picker, each language in its own name (English, Deutsch, Español); the pick
    goes into ``?lang=`` and stays on across pages."""
    st.session_state[key] = language.current()
    where.selectbox(
        _("Language"),
        list(language.LANGUAGES),
        key=key,
        format_func=language.NAMES.get,
        on_change=lambda: settings_.set_language(st.session_state[key]),
    )
