"""Readings of a claim: every number given a role, and the reading to grade chosen among them.

A *reading* gives each number token one of its candidate roles
(:mod:`benchstats.claims.numbers`). :func:`assignments` lists every assignment
(sentences have few numbers, and most have one role);
:func:`benchstats.claims.build.build` builds each into scores with owners,
benchmarks and metrics (:class:`Entry`), linked by what the sentence states (a
lead, a share, fewer errors, a change), and notes where the arithmetic fails
(a stated lead that is not the scores' gap, a worked-out score outside 0 to
100%, an interval that does not hold its score). :func:`choose` keeps the
consistent readings, ranks them by how strongly their words say each role and
where two near the top grade different numbers, asks which one is meant,
offering both.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from benchstats import words
from benchstats.claims.names import Name
from benchstats.claims.numbers import Number, Token

ASK_MARGIN = 0.75  # readings this close to the best one are as likely: asked, not chosen
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
    marks: dict[int, Mark] = field(default_factory=dict)  # by token start
    links: list[Link] = field(default_factory=list)
    lower_is_better: bool = False
    lead_number: Number | None = None

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


@dataclass
class Chosen:
    """The reading to show, the fields to fill (those every close reading agrees on, when it
    asks which one), and the questions to ask before a verdict."""

    reading: Reading
    fields: dict[str, object]
    derived: dict[str, str]
    spans: list[tuple[str, int, int]]
    asks: list[Question]


def _first_difference(first: Reading, second: Reading) -> int:
    pairs = zip(first.chosen, second.chosen, strict=True)
    return next((i for i, (x, y) in enumerate(pairs) if x != y), 0)


def _reading_question(ctx: Context, close: list[Reading]) -> Question:
    """Which of two (or more) consistent readings is meant, in the words of the first number
    they read differently, with each reading as a choice."""
    i = _first_difference(close[0], close[1])
    x, y = close[0].chosen[i], close[1].chosen[i]
    token = ctx.tokens[i] if ctx.tokens else None
    kinds = {getattr(z, "kind", None) for z in (x, y)}
    units = {getattr(z, "unit", None) for z in (x, y)}
    said = x or y
    w = ctx.words(said) if said is not None else ""
    if kinds <= {"score", "count", "right"} and "count" in units | kinds and token is not None:
        counted = [e.number for r in close for e in r.entries if e.number is not None]
        total = next((z.n for z in counted if z.start == token.start and z.n), None)
        of = f"{token.text} of {words.count(total)}" if total else f"{token.text} of some total"
        text = f"“{token.text}” is not read as a score yet: is it {token.text}% or {of}?"
    elif kinds == {"change"}:
        v = token.text if token is not None else w
        text = f"“{w}” is a change over time: {v} points, or {v}% of the earlier score?"
    elif kinds <= {"relative", "lead"}:
        text = f"“{w}”: percentage points, or a share of the other score?"
    elif "relative" in kinds and "score" in kinds:
        text = f"“{w}”: a share of the other score, or a score of its own?"
    else:
        text = "It can be read more than one way: which is meant?"
    differ = [k for k in (*GRADED, "lead") if len({r.fields.get(k) for r in close}) > 1]
    choices = tuple(Choice(f"reading-{k + 1}", _label(r)) for k, r in enumerate(close[:4]))
    return Question(text, tuple(differ) or GRADED[:2], choices, said.start if said else None)


def _label(r: Reading) -> str:
    """A reading as a choice: its two scores and its lead, or its share."""
    f = r.fields
    parts = [
        f"{f.get(f'name_{slot}') or slot.upper()} {words.score(f[slot])}"
        for slot in ("a", "b")
        if f.get(slot) is not None
    ]
    if f.get("lead") is not None:
        parts.append(f"a lead of {words.points(f['lead'])} points")
    if parts:
        return ", ".join(parts)
    shares = [m for m in r.marks.values() if m.role in ("relative lead", "relative change")]
    return f"“{shares[0].text}” as a share of the other score" if shares else "as a share"


def _agreed(close: list[Reading]) -> tuple[dict, dict, list]:
    """The fields (and their spans and how) every close reading gives alike."""
    best = close[0]
    same = {k: v for k, v in best.fields.items() if all(r.fields.get(k) == v for r in close[1:])}
    derived = {k: v for k, v in best.derived.items() if k in same}
    spans = [s for s in best.spans if s[0] in same or s[0] == "score"]
    return same, derived, spans


def _complement(r: Reading) -> None:
    """The reader chose to grade each rate's complement: 100% − a and 100% − b, worked out."""
    for slot in ("a", "b"):
        if (rate := r.fields.get(slot)) is not None:
            r.fields[slot] = round(1 - rate, 12)
            r.derived[slot] = f"100% − {words.score(rate)}, the share without one"
    r.spans = [s for s in r.spans if s[0] not in ("a", "b")]
    r.questions = [q for q in r.questions if not any(c.pick == "complement" for c in q.choices)]


def _mark_asked(ctx: Context, best: Reading, close: list[Reading]) -> None:
    """While it asks which reading is meant, the numbers they read differently are marked as
    asked, with nothing implied (the reading shown is not yet the one to grade)."""
    differ = {t.start for i, t in enumerate(ctx.tokens) if len({r.chosen[i] for r in close}) > 1}
    for start, m in best.marks.items():
        if start in differ:
            best.marks[start] = Mark(
                m.start, m.end, m.text, "asked", None, "asked: see the question"
            )
        else:
            best.marks[start] = Mark(m.start, m.end, m.text, m.role, m.field, m.says)


def choose(ctx: Context, readings: list[Reading], picks: tuple[str, ...]) -> Chosen:
    """The reading to grade: the best consistent one, or the one the reader picked; when two
    near the top grade differently, the question that asks which, filling what they share."""
    consistent = [r for r in readings if not r.problems]
    pool = consistent or readings  # nothing holds: the best one, and what fails is asked
    top = max(r.weight for r in pool)
    close = sorted((r for r in pool if r.weight >= top - ASK_MARGIN), key=lambda r: -r.weight)
    distinct: dict[tuple, Reading] = {}
    for r in close:  # the best reading of each signature
        distinct.setdefault(r.signature, r)
    close = list(distinct.values())
    picked = next((int(p[8:]) - 1 for p in picks if re.fullmatch(r"reading-\d+", p)), None)
    asks: list[Question] = []
    best = close[0]
    if len(close) > 1 and consistent and picked is not None and picked < len(close):
        best = close[picked]
    if "complement" in picks and best.lower_is_better:
        _complement(best)
    fields, derived, spans = best.fields, best.derived, best.spans
    if len(close) > 1 and consistent and (picked is None or picked >= len(close)):
        question = _reading_question(ctx, close)
        asks.append(question)
        best.questions = [q for q in best.questions if q.at is None or q.at != question.at]
        fields, derived, spans = _agreed(close)
        _mark_asked(ctx, best, close)
    return Chosen(best, fields, derived, spans, asks + best.problems + best.questions)
