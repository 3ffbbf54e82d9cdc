"""Predict, then reveal: the component every page uses to ask before it answers.

``?predict=true`` turns it on (a teacher's link turns it on for the room)::

    predict.switch(s, where=controls)
    ask = predict.Question("How often …?", answer=0.639, kind=predict.PERCENT)
    if predict.gate(ask, key="coverage", on=s["predict"]):  # off, or revealed
        sections.answer(...)

Kinds: ``PERCENT`` (a proportion, guessed in percent), ``COUNT`` (``unit``
names it) and ``CHOICE`` (one of ``options``). The reveal is kept per
question, so a new question (an input moved) hides the answer again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from benchstats import words
from benchstats.language import N_, _
from benchstats.outside_text import markdown as escape_markdown
from ui import inputs
from ui.settings import Settings

PERCENT = "percent"
COUNT = "count"
CHOICE = "choice"
KEY = "predict"  # the URL key
_REVEALED = "_predict_revealed"  # session_state: {key: the question revealed}
_CLOSE_POINTS = 0.5  # a percent guess this close (points) is "spot on"
# A count's guess box, by what is counted (the pages' units); another unit is said in English.
_GUESS_IN = {"question": N_("Your guess (questions)"), "model": N_("Your guess (models)")}


@dataclass(frozen=True)
class Question:
    """What to ask, and its answer (a proportion, a count or one of ``options``)."""

    text: str  # plain text (it may name models): drawn as text
    answer: float | str
    kind: str = PERCENT
    unit: str = ""
    options: tuple[str, ...] = ()


def switch(s: Settings, *, where: Any = st, help: str | None = None) -> None:
    """The "Predict first" toggle, kept in ``?predict=`` (on: ``s["predict"]``)."""
    inputs.flag(
        s,
        KEY,
        _("Predict first"),
        where=where,
        help=help or _("Hide the answer until you (or the class) have made a guess."),
    )


def _shown(value: float | str, q: Question) -> str:
    if q.kind == PERCENT:
        return words.percent(float(value))
    if q.kind == COUNT:
        return words.plural(round(float(value)), q.unit) if q.unit else words.count(float(value))
    return f"“{value}”"


def reveal_line(guess: float | str, q: Question) -> str:
    """Your guess, the answer, and how far apart they are, in words.

    Examples
    --------
    >>> reveal_line(0.8, Question("?", 0.6389))
    'Your guess: 80.0%. The answer: 63.9%. Your guess was 16.1 points too high.'
    """
    # TRANSLATORS: {guess} and {answer} as written ("80.0%", "1,234 questions").
    head = _("Your guess: {guess}. The answer: {answer}.").format(
        guess=_shown(guess, q), answer=_shown(q.answer, q)
    )
    if q.kind == CHOICE:
        return head + " " + (_("Right.") if guess == q.answer else _("Not this time."))
    gap = float(guess) - float(q.answer)
    high = gap > 0
    if q.kind == PERCENT:
        if abs(gap) * 100 < _CLOSE_POINTS:
            # TRANSLATORS: {points} is "0.5".
            spot = _("Spot on (within {points} points).")
            return f"{head} {spot.format(points=words.signed(_CLOSE_POINTS, decimals=1))}"
        # TRANSLATORS: how far a guess was off, in points ("16.1").
        off = (
            _("Your guess was {points} points too high.")
            if high
            else _("Your guess was {points} points too low.")
        )
        return f"{head} {off.format(points=words.points(abs(gap), signed=False))}"
    if gap == 0:
        return head + " " + _("Exactly right.")
    off_by = words.count(abs(gap))
    if float(guess) > 0 and float(q.answer) > 0:
        times = max(float(q.answer), float(guess)) / min(float(q.answer), float(guess))
        # TRANSLATORS: {count} how far off, {times} the ratio of the two ("2.5").
        off = (
            _("Your guess was {count} too high (your guess is {times} times the answer).")
            if high
            else _("Your guess was {count} too low (the answer is {times} times your guess).")
        )
        return f"{head} {off.format(count=off_by, times=words.signed(times, decimals=1))}"
    off = _("Your guess was {count} too high.") if high else _("Your guess was {count} too low.")
    return f"{head} {off.format(count=off_by)}"


def _guess_widget(q: Question, key: str, container):
    if q.kind == CHOICE:
        return container.radio(
            _("Your guess"), q.options, index=None, key=f"_predict_guess_{key}", horizontal=True
        )
    percent = q.kind == PERCENT
    value = container.number_input(
        _("Your guess (%)")
        if percent
        else _(_GUESS_IN[q.unit])
        if q.unit in _GUESS_IN
        # TRANSLATORS: {unit} is what is counted, in English ("question").
        else _("Your guess ({unit}s)").format(unit=q.unit)
        if q.unit
        else _("Your guess"),
        min_value=0.0,
        max_value=100.0 if percent else None,
        value=None,
        step=1.0,
        format="%.0f" if not percent else "%.1f",
        placeholder=_("type a percent") if percent else _("type a number"),
        key=f"_predict_guess_{key}",
        width=240,
    )
    return None if value is None else value / 100 if percent else value


def _reveal(key: str, q: Question | None) -> None:
    """Keep ``key``'s question revealed with the guess made (None: hidden again)."""
    revealed = st.session_state.setdefault(_REVEALED, {})
    if q is None:  # hidden: the question asks again, its guess box empty
        revealed[key] = None
        return
    raw = st.session_state.get(f"_predict_guess_{key}")
    guess = raw / 100 if raw is not None and q.kind == PERCENT else raw
    revealed[key] = (q.text, guess, raw)


def gate(q: Question, *, key: str, on: bool) -> bool:
    """Ask ``q`` when ``on``; True when the page may show its answer (off, or revealed).

    Once revealed, the question folds into one line (the guess and the answer, and a button
    to hide it again), so the answer and its chart keep the first screen.
    """
    if not on:
        return True
    shown = st.session_state.get(_REVEALED, {}).get(key)
    if shown is not None and shown[0] == q.text:
        guess = shown[1]
        said = (
            _("The answer: {answer}.").format(answer=_shown(q.answer, q))
            if guess is None
            else reveal_line(guess, q)
        )
        row = st.container(horizontal=True, wrap=True, gap="small", vertical_alignment="center")
        row.success(said, icon=":material/visibility:", width="stretch")
        row.button(
            _("Hide the answer"), key=f"_predict_hide_{key}", on_click=_reveal, args=(key, None)
        )
        return True
    box = st.container(border=True)
    box.markdown(
        "#### " + _("Predict first") + "\n" + escape_markdown(q.text)
    )  # plain text: names as text
    widget = f"_predict_guess_{key}"
    if shown is not None and widget not in st.session_state:  # a new question: the guess stays
        st.session_state[widget] = shown[2]
    guess = _guess_widget(q, key, box)
    box.button(
        _("Reveal"),
        key=f"_predict_reveal_{key}",
        on_click=_reveal,
        args=(key, q),
        icon=":material/visibility:",
        disabled=guess is None,
        help=_("Type a guess first.") if guess is None else _("Show the answer."),
    )
    box.info(_("The answer appears once you reveal it."), icon=":material/visibility_off:")
    return False
