"""URL keys, each declared once: what it is for, its type, unit, range and default.

From one :class:`Key` come the reading of a link's value (:meth:`Key.parse`),
the note when one is refused (:meth:`Key.allowed`), the value written back
(:meth:`Key.to_link`), its row of ``docs/urls.md`` and the fuzz test's
hostile values (:meth:`Key.hostile`). Values are in the units a reader sees:
percent for scores (``a=82``), points for leads and SEs, counts for questions.

Examples
--------
>>> n = Key("n", "questions both models answered", COUNT, "questions", 1, 1_000_000, 100)
>>> n.parse("198"), n.to_link(198)
(198, '198')
>>> n.parse("3.7")
Traceback (most recent call last):
ui.keys.Refused: n must be a whole number from 1 to 1,000,000 (questions)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from benchstats import words
from benchstats.language import N_, _
from benchstats.outside_text import clean, visible

NUMBER = "number"  # a decimal number
COUNT = "count"  # a whole number
CHOICE = "choice"  # one of a closed set of option keys
TEXT = "text"  # the reader's own words, cleaned (benchstats.outside_text), cut to max_chars
FLAG = "flag"  # true or false
NUMBERS = "numbers"  # several numbers, the key repeated (typical=10&typical=25)
KINDS = (NUMBER, COUNT, CHOICE, TEXT, FLAG, NUMBERS)
_SHOWN = 40  # characters of a refused value repeated back


def quoted(raw: str) -> str:
    """A link's value made safe to repeat inside inline code (no backtick, no invisible
    control, one line), cut to 40 characters.

    >>> quoted("a`b\u202e")
    "a'b"
    """
    text = visible(raw).replace("`", "'").replace("\n", " ")
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def number_text(x: float) -> str:
    """A number as a link writes it: ten significant digits, no float dust, no commas.

    >>> number_text(80.00000000001), number_text(0.1 + 0.2), number_text(1e6), number_text(1 / 6)
    ('80', '0.3', '1000000', '0.1666666667')
    """
    x = float(x)
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.10g}"


def decimals_of(raw: str) -> int:
    """The decimals a number was written with: a reader's "55.0" holds one, which its words keep.

    >>> decimals_of("55.0"), decimals_of("55"), decimals_of(" 87.30 "), decimals_of("5.5e1")
    (1, 0, 2, 0)
    >>> decimals_of("banana")
    0
    """
    try:
        exponent = Decimal(raw.strip()).as_tuple().exponent
    except InvalidOperation:
        return 0
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _plain(x: float) -> str:
    """A bound as the docs write it: "1,000,000", "0.5" (the run's language's way on a page)."""
    if float(x).is_integer():
        return words.count(int(x))
    return words.signed(x, decimals=len(f"{x:g}".partition(".")[2]))


# The units a key's value is in, as a note on a refused value names them (the docs keep English).
UNITS = {
    "questions": N_("questions"),
    "percent": N_("percent"),
    "points": N_("points"),
    "runs": N_("runs"),
    "datasets": N_("datasets"),
    "variants": N_("variants"),
    "samples": N_("samples"),
    "tries": N_("tries"),
    "answers": N_("answers"),
    "options": N_("options"),
    "slices": N_("slices"),
    "checkpoints": N_("checkpoints"),
}


class Refused(ValueError):
    """A link value a key cannot take; its message says what the key may hold."""


@dataclass(frozen=True)
class Key:
    """One URL key of a page, its values in the units a reader sees.

    ``what`` is what it is for (the docs' column), ``kind`` one of :data:`KINDS`,
    ``low``/``high`` the allowed range (inclusive, both needed for numbers), ``default`` the page's own
    starting value (None: none). ``needed``: the verdict needs it and never
    stands on a default. Text is cut to ``max_chars``; a NUMBERS key takes
    ``size`` values; ``read`` turns a text value into the page's own type
    (ValueError for text it cannot use); ``default_words`` are the docs' words
    for a default that is not one constant. Text loses its invisible controls
    (bidirectional, zero-width); a name (text with no ``read`` and no ``lines``)
    is also made one line, while ``lines`` keeps a pasted sentence's or a
    table's line breaks.
    """

    name: str
    what: str
    kind: str = NUMBER
    unit: str = ""
    low: float | None = None
    high: float | None = None
    default: Any = None
    choices: tuple[str, ...] = ()
    needed: bool = False
    max_chars: int = 60
    size: int = 2
    read: Callable[[str], Any] | None = None
    default_words: str = ""
    lines: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            msg = f"kind must be one of {', '.join(KINDS)}, got {self.kind!r}"
            raise ValueError(msg)
        if self.kind == CHOICE and not self.choices:
            msg = f"choice key {self.name!r} needs its choices"
            raise ValueError(msg)
        if self.kind in (NUMBER, COUNT, NUMBERS) and None in (self.low, self.high):
            msg = f"number key {self.name!r} needs its range, low and high"
            raise ValueError(msg)

    def allowed(self) -> str:
        """What the key may hold, after "{name} must be …".

        >>> Key("p", "skill", NUMBER, "percent", 0.1, 99.9).allowed()
        'a number from 0.1 to 99.9 (percent)'
        """
        if self.kind in (NUMBER, COUNT, NUMBERS):
            low, high = _plain(self.low), _plain(self.high)
            # TRANSLATORS: what a link's key may hold, after "n must be". {low} and {high} are
            # the ends of its range; {size} how many numbers the key takes.
            kind = {
                COUNT: _("a whole number from {low} to {high}"),
                NUMBER: _("a number from {low} to {high}"),
                NUMBERS: _("{size} numbers from {low} to {high}"),
            }[self.kind].format(low=low, high=high, size=self.size)
            unit = _(UNITS[self.unit]) if self.unit in UNITS else self.unit
            return f"{kind} ({unit})" if unit else kind
        if self.kind == CHOICE:
            listed = ", ".join(f"`{c}`" for c in self.choices[:8])
            # TRANSLATORS: what a choice key may hold; {choices} lists them, in backticks.
            return _("one of {choices}").format(choices=listed) + (
                ", …" if len(self.choices) > 8 else ""
            )
        if self.kind == FLAG:
            return _("`true` or `false`")
        return _("text of up to {count} characters").format(count=words.count(self.max_chars))

    def _refuse(self) -> ValueError:
        # TRANSLATORS: {key} is a link's key (n), {allowed} what it may hold.
        return Refused(_("{key} must be {allowed}").format(key=self.name, allowed=self.allowed()))

    def _number(self, raw: str) -> float | int:
        try:
            x = float(raw) + 0.0  # "-0" reads as 0: IEEE's −0 + 0 is +0
        except (TypeError, ValueError):
            raise self._refuse() from None
        outside = not self.low <= x <= self.high
        if not math.isfinite(x) or outside or (self.kind == COUNT and not x.is_integer()):
            raise self._refuse()
        return int(x) if self.kind == COUNT else x

    def parse(self, raw: str | Sequence[str]) -> Any:
        """The link's value in this key's type (``raw``: the key's values, the last one read
        unless NUMBERS takes them all); ValueError says what is allowed."""
        if self.kind == NUMBERS:
            values = [raw] if isinstance(raw, str) else list(raw)
            if len(values) != self.size:
                raise self._refuse()
            return tuple(sorted(self._number(v) for v in values))
        if not isinstance(raw, str):
            raw = list(raw)[-1]
        if self.kind in (NUMBER, COUNT):
            return self._number(raw.strip())
        if self.kind == CHOICE:
            if raw not in self.choices:
                raise self._refuse()
            return raw
        if self.kind == FLAG:
            if raw.lower() not in ("true", "false"):
                raise self._refuse()
            return raw.lower() == "true"
        text = visible(raw[: self.max_chars])
        if self.read is not None:
            return self.read(text)
        return text if self.lines else clean(text)

    def to_link(self, value: Any) -> str | list[str]:
        """``value`` as the link writes it (numbers in their shortest form)."""
        if self.kind in (NUMBER, COUNT):
            return number_text(value)
        if self.kind == FLAG:
            return "true" if value else "false"
        if self.kind == NUMBERS:
            return [number_text(v) for v in value]
        return str(value)

    def hostile(self) -> tuple[str, ...]:
        """Values a link may carry that this key must refuse (or, for text, show as text): just
        past each end, a fraction for a count, non-numbers, an unknown option, markup."""
        common = ("banana", "nan", "inf", "-inf", "1e308", "<script>alert(1)</script>", "%00")
        if self.kind in (NUMBER, COUNT, NUMBERS):
            step = 1 if self.kind == COUNT else 0.001
            edges = [
                number_text(x) for x in (self.low - step, self.high + step, self.high * 1000 + 1)
            ]
            if self.kind == COUNT:
                edges.append(number_text(self.low + 0.5))
            return (*edges, *common, "1,000", "0x10")
        if self.kind == CHOICE:
            return (*common, self.choices[0].upper() + "x", "bogus", " ")
        if self.kind == FLAG:
            return (*common, "yes", "1", "TRUE!")
        return (
            "<img src=x onerror=alert(1)>",
            "[x](javascript:alert(1))",
            "`rm -rf`",
            "\u202e",
            "x" * (self.max_chars + 300),
            *common,
        )

    def range_words(self) -> str:
        """The docs' "unit, range" cell: "percent, 0–100", "a preset key", "text, ≤ 60"."""
        if self.kind in (NUMBER, COUNT, NUMBERS):
            kind = "count" if self.kind == COUNT else self.unit or "number"
            if self.kind == COUNT and self.unit:
                kind = f"count ({self.unit})"
            lead = f"{self.size} values, " if self.kind == NUMBERS else ""
            return f"{lead}{kind}, {_plain(self.low)}–{_plain(self.high)}"
        if self.kind == CHOICE:
            if len(self.choices) > 8:
                return "a preset key (`" + "`, `".join(self.choices[:3]) + "`, …)"
            return ", ".join(f"`{c}`" for c in self.choices)
        if self.kind == FLAG:
            return "`true`, `false`"
        return f"text, up to {self.max_chars:,} characters"

    def default_text(self) -> str:
        """The docs' "default" cell."""
        if self.default_words:
            return self.default_words
        if self.default is None:
            return "none: the page asks for it" if self.needed else "none"
        value = self.to_link(self.default)
        return ", ".join(f"`{v}`" for v in value) if isinstance(value, list) else f"`{value}`"
