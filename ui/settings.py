"""A page's settings: the link read once, through the page's key specs, into one frozen value.

:func:`read` is the site's only reader of ``st.query_params`` and :func:`write`
its only writer; widgets write a change into the link and the rerun reads it
back. Every value knows where it came from (:class:`Origin`), and a verdict
stands only on given, preset and derived values or an assumption it names.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode, urljoin

import streamlit as st

from benchstats import language, words
from benchstats.language import _
from ui import registry
from ui.keys import NUMBER, TEXT, Key, Refused, decimals_of, quoted

_ROOM = "_room_view"  # session_state: the room view was on (kept across a page change)
_LANG = "_language"  # session_state: the language the reader gave (kept across a page change)


class Origin(enum.StrEnum):
    """Where a value came from."""

    GIVEN = "given"  # the reader gave it: the link, a widget, a pasted claim, a file
    PRESET = "preset"  # a benchmark preset filled it in
    DERIVED = "derived"  # worked out from given values (B = A − lead; 412 of 500 → 82.4%)
    ASSUMED = "assumed"  # an assumption the verdict states in words
    DEFAULT = "default"  # the page's own starting value (a lesson's, or the worked example's)
    MISSING = "missing"  # nobody gave it and the page has none


STANDING = frozenset({Origin.GIVEN, Origin.PRESET, Origin.DERIVED, Origin.ASSUMED})


@dataclass(frozen=True)
class Value:
    """One setting: its value (link units), where it came from, and from what, in a few words
    ("the link", "the GPQA Diamond preset", "A's score and the 2.3-point lead")."""

    value: Any
    origin: Origin
    source: str = ""
    decimals: int = 0  # a number's decimals as the reader wrote it ("55.0": 1), kept in its words

    @property
    def stands(self) -> bool:
        """True when a verdict may rest on it (given, preset, derived or assumed)."""
        return self.origin in STANDING


@dataclass(frozen=True)
class Refusal:
    """A link value a key could not take, and the note that says so."""

    key: str
    message: str


@dataclass(frozen=True)
class Settings:
    """What one run of a page works from: every key's :class:`Value` (``s["n"]`` the value,
    ``s.value("n")`` the whole), the refusals, the view."""

    page: str
    values: tuple[tuple[str, Value], ...]
    refusals: tuple[Refusal, ...] = ()
    room: bool = False
    example: bool = False  # the page shows its worked example: nothing was given
    lang: str | None = None  # the language the reader gave (link or picker); None: the browser's

    def value(self, key: str) -> Value:
        for name, v in self.values:
            if name == key:
                return v
        msg = f"the {self.page!r} page has no key {key!r}"
        raise KeyError(msg)

    def __getitem__(self, key: str) -> Any:
        return self.value(key).value

    def origin(self, key: str) -> Origin:
        return self.value(key).origin

    def given(self, key: str) -> bool:
        """True when the reader gave ``key`` (the link, a widget, a claim, a file)."""
        return self.origin(key) is Origin.GIVEN

    def missing(self, keys: Iterable[str]) -> tuple[str, ...]:
        """Those of ``keys`` a verdict may not stand on: defaults and missing values (the worked
        example's stand for the example's own verdict, which the page labels)."""
        return tuple(
            k for k in keys if not (self.value(k).stands or self.value(k).source == EXAMPLE)
        )

    def spec(self, key: str) -> Key:
        return registry.page(self.page).spec(key)

    def refusal(self, key: str) -> str | None:
        """The note about the link's refused value for ``key``, or None."""
        return next((r.message for r in self.refusals if r.key == key), None)

    def with_values(self, **values: Value) -> Settings:
        """A copy with these values set (a page's derived, preset and assumed values)."""
        known = dict(self.values)
        unknown = set(values) - set(known)
        if unknown:
            msg = f"the {self.page!r} page has no key {sorted(unknown)[0]!r}"
            raise KeyError(msg)
        return replace(self, values=tuple({**known, **values}.items()))

    def refuse(self, key: str, raw: Any, allowed: str, instead: Value) -> Settings:
        """A copy that refuses ``key``'s value by a rule between keys (``passed`` at most
        ``samples``): the note says ``key`` must be ``allowed``, and ``instead`` is shown."""
        refusal = Refusal(key, _note(key, str(raw), allowed, instead))
        return replace(self.with_values(**{key: instead}), refusals=(*self.refusals, refusal))

    def within(self, key: str, low: float, high: float, allowed: str, source: str) -> Settings:
        """``key`` held inside [low, high], a bound other keys set (``k`` at most ``samples``).

        A value the reader gave outside is refused (``key`` must be ``allowed``);
        the page's own value is moved inside, its caption naming ``source``.
        """
        x = self[key]
        if x is None or low <= x <= high:
            return self
        near = min(max(x, low), high)
        if self.given(key):
            return self.refuse(key, self.spec(key).to_link(x), allowed, Value(near, Origin.DERIVED))
        return self.with_values(**{key: Value(near, Origin.DERIVED, source)})

    def query(self) -> dict[str, str | list[str]]:
        """The link that gives back this state: the values the reader gave in the link (a pasted
        claim's stay in the claim), and the view."""
        out = {
            name: self.spec(name).to_link(v.value)
            for name, v in self.values
            if v.origin is Origin.GIVEN and v.source == LINK
        }
        if self.room:
            out["view"] = "room"
        if self.lang:
            out["lang"] = self.lang
        return out

    def permalink(self) -> str:
        """The full address of this state, on the host the reader sees."""
        return absolute(registry.page(self.page).route, self.query())


LINK = "the link"
EXAMPLE = "the example"


def absolute(route: str, query: Mapping[str, Any]) -> str:
    """``route`` with ``query`` as a full address on the reader's host (relative in tests)."""
    # ":" and "," stay readable: the leaderboard's rows are written with them
    relative = f"{route}?{urlencode(query, doseq=True, safe=':,')}" if query else route
    try:
        return urljoin(st.context.url or "", relative)
    except Exception:  # no browser behind this run (AppTest)
        return relative


def _shown(value: Any) -> str:
    if value is None:
        return _("nothing")
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, float):
        return words.count(value) if value.is_integer() else _general(value)
    if isinstance(value, int):
        return words.count(value)
    if isinstance(value, tuple):
        # TRANSLATORS: two values a link gave for one key, as "10 and 25".
        return _("{first} and {second}").format(first=_shown(value[0]), second=_shown(value[-1]))
    return f"`{quoted(str(value))}`"


def _general(value: float) -> str:
    """A number a refused link value falls back to, as Python's ``:g`` writes it, the local way."""
    text = f"{abs(value):g}"
    if "e" in text or "." not in text:
        return f"{value:,g}" if language.current() == language.ENGLISH else text
    return words.signed(value, decimals=len(text.partition(".")[2]))


def _note(key: str, raw: str, allowed: str, instead: Value) -> str:
    # TRANSLATORS: under an input, when the link's value for it is refused. {key} is the link's
    # key (`n`), {raw} the value refused, {allowed} what the key may hold ("a whole number from
    # 1 to 1,000,000 (questions)"). Keep the backticks.
    note = _("The link's `{key}={raw}` can't be used: {key} must be {allowed}.").format(
        key=key, raw=quoted(raw), allowed=allowed
    )
    if instead.origin is not Origin.MISSING:
        # TRANSLATORS: after a refused link value: the value the page uses in its place.
        note += " " + _("Using {value} instead.").format(value=_shown(instead.value))
    return note


def _fallback(spec: Key, example: Mapping[str, Any]) -> Value:
    if spec.name in example:
        return Value(example[spec.name], Origin.DEFAULT, EXAMPLE)
    if spec.default is not None:
        return Value(spec.default, Origin.DEFAULT)
    return Value(None, Origin.MISSING)


def _raw(key: str) -> list[str]:
    """Every value the link gives for ``key``; an empty value counts as none."""
    try:
        values = st.query_params.get_all(key)
    except Exception:  # a query string Streamlit itself could not parse
        return []
    return [v for v in values if v != ""]


def read(page: str) -> Settings:
    """The link, read once through ``page``'s key specs: a refused value gets a note and the
    default (or nothing); with no key given, a page's worked example."""
    entry = registry.page(page)
    raws = {spec.name: _raw(spec.name) for spec in entry.specs}
    example = entry.example if not any(raws[k] for k in entry.starts_work) else {}
    values: dict[str, Value] = {}
    refusals: list[Refusal] = []
    for spec in entry.specs:
        raw = raws[spec.name]
        if not raw:
            values[spec.name] = _fallback(spec, example)
            continue
        try:
            typed = decimals_of(raw[-1]) if spec.kind == NUMBER else 0
            values[spec.name] = Value(spec.parse(raw), Origin.GIVEN, LINK, typed)
            if spec.kind == TEXT and len(raw[-1]) > spec.max_chars:  # read, but cut: say so
                # TRANSLATORS: a text too long for its key; {key} is the key, {length} and {kept}
                # counts of characters.
                cut = _(
                    "The link's `{key}` holds {length} characters: only the first {kept} are read."
                ).format(
                    key=spec.name,
                    length=words.count(len(raw[-1])),
                    kept=words.count(spec.max_chars),
                )
                refusals.append(Refusal(spec.name, cut))
        except ValueError as err:
            values[spec.name] = _fallback(spec, example)
            message = (
                _note(spec.name, "&".join(raw), spec.allowed(), values[spec.name])
                if isinstance(err, Refused) or str(err).startswith(f"{spec.name} must be")
                # TRANSLATORS: a link's value refused for a reason of its own ({reason}).
                else _("The link's `{key}` can't be used: {reason}").format(
                    key=spec.name, reason=err
                )
            )
            refusals.append(Refusal(spec.name, message))
    return Settings(
        page, tuple(values.items()), tuple(refusals), room_view(), bool(example), given_language()
    )


def raw_link() -> dict[str, list[str]]:
    """The link as it is now, every value of every key, unparsed (to tell whether it changed)."""
    return {key: st.query_params.get_all(key) for key in st.query_params}


def room_view() -> bool:
    """The room view: the link's ``view``, or the session's when a page change dropped it."""
    view = _raw("view")
    if view:
        room = view[-1] == "room"
    else:
        room = bool(st.session_state.get(_ROOM, False))
        if room:  # a page change cleared the link: put the view back
            st.query_params["view"] = "room"
    st.session_state[_ROOM] = room
    return room


def write(s: Settings, changes: Mapping[str, Any]) -> None:
    """Put the reader's changes (link units; None clears a key) into the link; on the worked
    example, the example's other values go in too."""
    out: dict[str, Any] = {}
    entry = registry.page(s.page)
    if s.example and set(changes) & set(entry.starts_work) and not set(changes) & set(entry.fills):
        out |= {k: v.value for k, v in s.values if v.source == EXAMPLE}
    out |= changes
    for key, value in out.items():
        if value is None or value == "":
            st.query_params.pop(key, None)
        else:
            st.query_params[key] = s.spec(key).to_link(value)


def given_language() -> str | None:
    """The language the reader gave: the link's ``lang``, or the session's when a page change
    dropped it (put back into the link); None when they gave none (or one the site lacks)."""
    raw = _raw("lang")
    if raw and raw[-1] in language.LANGUAGES:
        st.session_state[_LANG] = raw[-1]
        return raw[-1]
    kept = st.session_state.get(_LANG)
    if not raw and kept in language.LANGUAGES:  # a page change cleared the link: put it back
        st.query_params["lang"] = kept
        return kept
    return None


def browser_language() -> str | None:
    """The browser's language (``st.context.locale``) when it is one of the site's."""
    try:
        tag = st.context.locale
    except Exception:  # no browser behind this run (AppTest, a thread of its own)
        return None
    return language.pick(tag)


def use_language() -> str:
    """Set this run's language (:mod:`benchstats.language`): the one the reader gave, else the
    browser's where the site has it, else English; and return it. Every run calls it first:
    the page's (``app.py``) and a part's rerun alone (:mod:`ui.fragments`)."""
    lang = given_language() or browser_language() or language.ENGLISH
    language.use(lang)
    return lang


def set_language(lang: str) -> None:
    """The reader picked a language: it goes into the link (and stays on across pages)."""
    lang = language.check(lang)
    st.session_state[_LANG] = lang
    st.query_params["lang"] = lang


def set_view(view: str) -> None:
    """The reader switched view: ``room`` goes into the link (and stays on across pages)."""
    st.session_state[_ROOM] = view == "room"
    if view == "room":
        st.query_params["view"] = "room"
    else:
        st.query_params.pop("view", None)
