"""Readings of a claim: every number given a role, and the reading to grade chosen among them.

A *reading* gives each number token one of its candidate roles
(:mod:`benchstats.claims.numbers`). :func:`assignments` lists every assignment
(sentences have few numbers, and most have one role);
:func:`benchstats.claims.build.build` builds each into scores with owners,
benchmarks and metrics (:class:`Entry`), linked by what the sentence states (a
lead, a share, fewer errors, a change), and notes where the arithmetic fails
(a stated lead that is not the scores' gap, a worked-out score outside 0 to
100%, an interval that does not hold its score);
:func:`benchstats.claims.choose.choose` picks the one to grade.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from benchstats.claims.names import Name
from benchstats.claims.numbers import Number, Token

MAX_AMBIGUOUS = 8  # tokens whose roles are enumerated; the rest keep their best role
GRADED = ("a", "b", "n", "se_a", "se_b")  # the fields a verdict is computed from
RELATIONS = ("lead", "relative", "fewer_errors", "change")  # kinds that link two scores


@dataclass(frozen=True)
class Mark:
    """One span of the sentence and the role it plays in the reading.

    ``role``: for a number, score, lead, relative lead, fewer errors, change,
    count, total, number of questions, SE, 95% half-width, interval, interval
    end, bound, or "not used"; for words, model A, model B, benchmark or
    metric. ``field`` is the claim field it fills (``a``, ``b``, ``n``,
    ``lead``, ``se_a``, ``se_b``, ``name_a``…) or None; ``says`` the role in
    words ("score of Pelican"); ``implied`` what it worked out ("Gull 76.4% =
    77.2% − 0.8").
    """

    start: int
    end: int
    text: str
    role: str
    field: str | None
    says: str
    implied: str = ""


@dataclass(frozen=True)
class Choice:
    """One answer to a question: what it puts in the link (``pick``), and its words."""

    pick: str
    label: str


@dataclass(frozen=True)
class Question:
    """What the reader must settle before a verdict: its words, the fields it is about (typing
    them all settles it), the choices that answer it, and the number it is about."""

    text: str
    about: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()
    at: int | None = None  # where the number it asks about starts, if it is about one


@dataclass
class Entry:
    """One model's score on one benchmark and metric, read (``number``) or worked out."""

    score: float
    pos: int
    number: Number | None = None
    owner: Name | None = None
    bench: str | None = None
    metric: str | None = None
    se: float | None = None
    se_number: Number | None = None
    se_how: str = ""
    slot: str | None = None  # "a" or "b" once the pair is chosen


@dataclass
class Link:
    """A stated lead, share or change between two entries: one worked out, or both checked."""

    number: Number
    known: Entry
    other: Entry
    worked_out: bool  # ``other`` was worked out from ``known`` and the number
    is_subject: bool  # ``known`` is the side the number says is ahead
    subject: Name | None = None  # the names the words give each side ("X beats Y by 2")
    object: Name | None = None


@dataclass
class Context:
    """What every reading of one sentence shares: its text, masks, benchmarks, metrics, tokens."""

    text: str
    masked: str  # benchmark names and metrics as "#"
    bench_hits: list[tuple[int, int, str | None]]
    metric_hits: list[re.Match[str]]
    tokens: list[Token]
    lang: str = "en"  # the sentence's language (benchstats.claims.language)

    def words(self, x: Number) -> str:
        """The words a number's role was read from ("+2.6 pts", "34 of 40")."""
        return self.text[x.start : x.end]

    def signed(self, x: Number) -> bool:
        return self.text[x.start : x.start + 1] in "+-"

    def group_of(self, hit: tuple[int, int, str | None]) -> str:
        """Which scores can be compared: one preset (AIME one year), or one benchmark's name."""
        s, e, key = hit
        if key == "aime" and (year := re.search(r"(?:20)?(2\d)\b", self.text[s:e])):
            return f"aime 20{year.group(1)}"  # AIME 2024 and AIME 2025: two benchmarks
        return key if key is not None else re.sub(r"[\s\-_'’]", "", self.text[s:e]).lower()


@dataclass
class Reading:
    """One assignment of roles, built: scores, links, the fields, what it asks, what it says."""

    weight: float
    chosen: tuple[Number | None, ...]
    entries: list[Entry] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)
    pair: tuple[int, int] | None = None
    fields: dict[str, object] = field(default_factory=dict)
    derived: dict[str, str] = field(default_factory=dict)
    spans: list[tuple[str, int, int]] = field(default_factory=list)
    problems: list[Question] = field(default_factory=list)  # the arithmetic fails
    questions: list[Question] = field(default_factory=list)  # it cannot choose
    notes: list[str] = field(default_factory=list)
    nums: list[Number] = field(default_factory=list)  # the roles, counts made scores
    links: list[Link] = field(default_factory=list)
    lower_is_better: bool = False
    lead_number: Number | None = None
    rivals: list[Entry] = field(default_factory=list)  # several rivals: each one, closest first

    @property
    def signature(self) -> tuple:
        """What a grade would use: two readings with the same signature grade alike."""
        keys = ("a", "b", "n", "se_a", "se_b", "lead", "bench")
        sig = tuple(
            round(v, 9) if isinstance(v, float) else v for v in (self.fields.get(k) for k in keys)
        )
        pairs = tuple(
            (round(self.entries[i].score, 9), round(self.entries[j].score, 9))
            for i, j in self.pairs
        )
        return (*sig, pairs, len(self.entries))


def _options(ctx: Context, t: Token) -> tuple[Number | None, ...]:
    """A token's roles worth trying (None: no role); a whole number is a percent only where a
    benchmark is named."""
    named = bool(ctx.bench_hits)
    out = [None if x.kind == "unused" else x for x in t.options if not (x.bare and not named)]
    return tuple(out) or (None,)


def assignments(ctx: Context) -> list[tuple[tuple[Number | None, ...], float]]:
    """Every assignment of roles to tokens, with the sum of its roles' weights."""
    options = [_options(ctx, t) for t in ctx.tokens]
    ambiguous = [i for i, o in enumerate(options) if len(o) > 1][:MAX_AMBIGUOUS]
    fixed = [o if i in ambiguous else o[:1] for i, o in enumerate(options)]
    return [
        (combo, sum(x.weight for x in combo if x is not None))
        for combo in itertools.product(*fixed)
    ]
