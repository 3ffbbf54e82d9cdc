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

from ui import registry
from ui.keys import NUMBER, TEXT, Key, decimals_of, quoted

_ROOM = "_room_view"  # session_state: the room view was on (kept across a page change)


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
        return "nothing"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return f"{value:,g}"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, tuple):
        return " and ".join(_shown(v) for v in value)
    return f"`{quoted(str(value))}`"


def _note(key: str, raw: str, allowed: str, instead: Value) -> str:
    note = f"The link's `{key}={quoted(raw)}` can't be used: {key} must be {allowed}."
    if instead.origin is not Origin.MISSING:
        note += f" Using {_shown(instead.value)} instead."
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
                cut = (
                    f"holds {len(raw[-1]):,} characters: only the first {spec.max_chars:,} are read"
                )
                refusals.append(Refusal(spec.name, f"The link's `{spec.name}` {cut}."))
        except ValueError as err:
            values[spec.name] = _fallback(spec, example)
            message = (
                _note(spec.name, "&".join(raw), spec.allowed(), values[spec.name])
                if str(err).startswith(f"{spec.name} must be")
                else f"The link's `{spec.name}` can't be used: {err}"
            )
            refusals.append(Refusal(spec.name, message))
    return Settings(page, tuple(values.items()), tuple(refusals), room_view(), bool(example))


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


def set_view(view: str) -> None:
    """The reader switched view: ``room`` goes into the link (and stays on across pages)."""
    st.session_state[_ROOM] = view == "room"
    if view == "room":
        st.query_params["view"] = "room"
    else:
        st.query_params.pop("view", None)
