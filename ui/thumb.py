"""The thumb: a slider the chart follows while it is dragged; the link takes its stop on release.

A Streamlit slider tells Python nothing until it is released, and the chart
redraws a rerun later. This one is a small ``st.components.v2`` component:
an ``<input type="range">`` over the stops' positions, with a label, the
stop in words beside it and as ``aria-valuetext`` ("840 questions"), so a
screen reader hears the value, not a position. The chart binds a Vega
parameter to the thumb's moves (``Thumb.event``: heard on the page's body,
so whichever of the thumb and the chart arrives first) and picks
each position's precomputed numbers from its family while the reader drags.

On release (the input's ``change`` event: the pointer let go, or each arrow
key), the component reports the position and :func:`slider`'s callback
writes the stop into the link (:func:`ui.settings.write`); the rerun reads
it back and the sentences follow. A link between two stops is moved to the
nearest one with a note (:func:`snap`).

    s = thumb.snap(s, "n", stops, words)          # in the page's rules
    at = thumb.at(s, "n", stops, words)
    with screen.controls:
        thumb.slider(s, at, "Questions")
    with screen.chart:
        figure.show(luck_figure(sim, family, at), ...)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import streamlit as st

from benchstats.charts.thumb import Thumb
from benchstats.language import _
from ui import inputs, layout
from ui import settings as settings_
from ui.settings import LINK, Origin, Settings, Value

HTML = """<div class="lol-thumb">
<div class="lol-thumb-head"><label for="{id}"></label><output for="{id}" aria-hidden="true"></output></div>
<input type="range" id="{id}" min="0" max="0" step="1">
</div>"""
CSS = """
.lol-thumb { font-family: var(--st-font); color: var(--st-text-color); padding-bottom: 0.25rem; }
.lol-thumb-head { display: flex; justify-content: space-between; gap: 0.5rem; font-size: 0.875rem; line-height: 1.6; }
.lol-thumb-head output { font-weight: 600; font-variant-numeric: tabular-nums; text-align: right; }
.lol-thumb input { width: 100%; margin: 0.35rem 0 0; accent-color: var(--st-primary-color); cursor: pointer; }
.lol-thumb input:disabled { cursor: default; opacity: 0.6; }
.lol-thumb input:focus-visible { outline: 2px solid var(--st-primary-color); outline-offset: 3px; }
.st-key-{verdict} { position: relative; }
.st-key-{verdict}[data-held-at] > * { opacity: 0.3; }
.st-key-{verdict}[data-held-at]::before {
  content: attr(data-held-note);
  position: absolute; top: 50%; left: 0; right: 0; transform: translateY(-50%); z-index: 2;
  margin: 0 auto; width: fit-content; padding: 0.25em 0.75em; border-radius: 0.5rem;
  text-align: center; font-family: var(--st-font); font-size: 1.25em; font-weight: 600;
  color: var(--st-text-color); background: var(--st-background-color);
}
"""
# Runs on mount and again whenever the data changes (the DOM stays): handlers are
# properties, so they replace, never pile up. The link's stop is shown unless the
# reader has moved the thumb since the last release (their next release wins).
# Each move is told to the chart (Thumb.event). While the thumb stands off the stop
# the page was drawn for, the verdict above the chart (layout.VERDICT_KEY) is marked
# with that stop in words, and dimmed with a line saying so (CSS): its sentences
# are the released stop's until the rerun redraws them.
JS = """
export default function ({ data, parentElement, setTriggerValue }) {
  const input = parentElement.querySelector("input");
  const shown = parentElement.querySelector("output");
  const moved = () => {
    const words = data.words[Number(input.value)] ?? "";
    input.setAttribute("aria-valuetext", words);
    shown.textContent = words;
    document.body.value = input.value;
    document.body.dispatchEvent(new Event(data.event));
    const verdict = document.querySelector(data.verdict);
    if (verdict && Number(input.value) !== data.at) {
      verdict.dataset.heldAt = data.words[data.at];
      verdict.dataset.heldNote = data.held.replace("{stop}", data.words[data.at]);
    } else if (verdict) {
      delete verdict.dataset.heldAt;
      delete verdict.dataset.heldNote;
    }
  };
  parentElement.querySelector("label").textContent = data.label;
  input.max = String(data.words.length - 1);
  input.disabled = data.disabled;
  if (input.dataset.sent === undefined || input.value === input.dataset.sent) {
    input.value = String(data.at);
    input.dataset.sent = String(data.at);
  }
  moved();
  input.oninput = moved;
  input.onchange = () => {
    input.dataset.sent = input.value;
    setTriggerValue("released", Number(input.value));
  };
}
"""


@functools.cache
def _component(element: str):
    """The thumb's component, registered once per input (its id is in the HTML; its label and
    words, in the run's language, come with its data)."""
    markup = HTML.format(id=element)
    css = CSS.replace("{verdict}", layout.VERDICT_KEY)
    return st.components.v2.component(element, html=markup, css=css, js=JS, isolate_styles=False)


def _state_key(at: Thumb) -> str:
    return f"thumb_{at.key}"


def _released(s: Settings, at: Thumb) -> None:
    """The reader let go of the thumb: its stop goes into the link."""
    position = (st.session_state.get(_state_key(at)) or {}).get("released")
    if isinstance(position, int) and 0 <= position < len(at.values):
        settings_.write(s, {at.key: at.values[position]})


def slider(s: Settings, at: Thumb, label: str, *, disabled: bool = False) -> None:
    """The thumb for ``at.key`` in the current container, with its caption and link note.

    The chart it moves may be drawn before or after it. ``disabled`` shows a
    stop another setting fixes (a preset's size).
    """
    mount = _component(at.element)
    mount(
        key=_state_key(at),
        data={
            "at": at.index,
            "label": label,
            # TRANSLATORS: over the verdict while the thumb is dragged; {stop} is the stop the
            # figures are for ("100 questions"). Keep {stop} as it is.
            "held": _(
                "Until you let go, these figures are for {stop}. The chart follows the thumb."
            ),
            "words": list(at.words),
            "disabled": disabled,
            "event": at.event,
            "verdict": f".st-key-{layout.VERDICT_KEY}",
        },
        on_released_change=functools.partial(_released, s, at),
    )
    inputs.after(s, at.key, st)


def nearest(values: Sequence[Any], x: Any) -> Any:
    """The stop nearest ``x`` (the higher of two as near).

    >>> nearest((100, 150, 200), 125), nearest((100, 150, 200), 120), nearest((1, 2), 9)
    (150, 100, 2)
    """
    return min(values, key=lambda v: (abs(v - x), -v))


def snap(s: Settings, key: str, values: Sequence[Any], words: Sequence[str]) -> Settings:
    """``key`` on one of the thumb's stops (``values``, each also in ``words``).

    A link's value between two stops is refused with a note naming the two and
    the nearest used, still as the reader's; a value the page set itself (a
    bound another setting imposed) moves to the nearest stop quietly.
    """
    x = s[key]
    if x is None or x in values:
        return s
    near = nearest(values, x)
    if not s.given(key):
        return s.with_values(**{key: Value(near, s.origin(key), s.value(key).source)})
    below = [w for v, w in zip(values, words, strict=True) if v < x]
    above = [w for v, w in zip(values, words, strict=True) if v > x]
    if below and above:
        # TRANSLATORS: after "n must be"; {below} and {above} are the two stops beside the link's
        # value ("800 questions", "840 questions").
        allowed = _("a stop of its slider, here {below} or {above}").format(
            below=below[-1], above=above[0]
        )
    else:
        # TRANSLATORS: after "n must be"; {stop} is the slider's nearest stop ("840 questions").
        allowed = _("a stop of its slider, here {stop}").format(stop=(below[-1:] or above[:1])[0])
    return s.refuse(key, s.spec(key).to_link(x), allowed, Value(near, Origin.GIVEN, LINK))


def at(s: Settings, key: str, values: Sequence[Any], words: Sequence[str]) -> Thumb:
    """The thumb of ``key`` at the stop the settings hold (:func:`snap` them first)."""
    return Thumb(s.page, key, tuple(values), list(values).index(s[key]), tuple(words))
