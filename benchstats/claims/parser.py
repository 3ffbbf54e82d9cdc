"""The claim parser: :func:`parse_claim` and what it returns (how it reads: :mod:`benchstats.claims`)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from benchstats import words
from benchstats.claims.aliases import find_benchmarks, find_metrics
from benchstats.claims.numbers import read_tokens
from benchstats.claims.readings import (
    ASK_MARGIN,
    Choice,
    Context,
    Mark,
    Question,
    Reading,
    assignments,
    build,
)

MAX_CHARS = 2000  # a launch claim is a sentence or two; past this nothing is read
_PICK = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def read_picks(text: str) -> str:
    """The answers a link gives to the reader's questions, checked: comma-separated picks.

    >>> read_picks("pair-2,gpqa-diamond")
    'pair-2,gpqa-diamond'
    >>> read_picks("<b>")
    Traceback (most recent call last):
    ValueError: pick must be choices the page offered, such as pair-2 or reading-1, got '<b>'
    """
    picks = [p.strip() for p in text.split(",") if p.strip()]
    if not picks or not all(_PICK.fullmatch(p) for p in picks):
        msg = (
            f"pick must be choices the page offered, such as pair-2 or reading-1, got {text!r:.40}"
        )
        raise ValueError(msg)
    return ",".join(dict.fromkeys(picks))


FIELDS = ("a", "b", "name_a", "name_b", "bench", "n", "se_a", "se_b", "metric", "lead")
GRADED = ("a", "b", "n", "se_a", "se_b")  # the fields a verdict is computed from


@dataclass(frozen=True)
class ClaimSpan:
    """One thing the parser read: which field, the words, where they are in ``text``."""

    field: str
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class ParsedClaim:
    """What :func:`parse_claim` read or worked out. Unread fields are ``None``.

    Scores, SEs and ``lead`` (A − B) are proportions; ``bench`` is a preset key.
    ``text`` is the text read (cleaned, cut at :data:`MAX_CHARS`), which span
    offsets refer to; ``spans`` use the field names, or ``"score"`` for scores
    it could not assign. ``derived_from`` holds ``(field, how)`` for each field
    worked out from other words (``("a", "412 of 500")``).

    ``marks`` is the reading: every number token with its role and what it
    implied (:class:`Mark`). ``asks`` are the questions (``questions`` their
    words): while any is open, nothing is graded. ``notes`` say what it chose
    without asking (a "±" read as one SE, the sentence's count over a preset's).
    ``lower_is_better``: the scores are rates where lower is better (errors).
    """

    text: str
    a: float | None = None
    b: float | None = None
    name_a: str | None = None
    name_b: str | None = None
    bench: str | None = None
    n: int | None = None
    se_a: float | None = None
    se_b: float | None = None
    metric: str | None = None
    lead: float | None = None
    spans: tuple[ClaimSpan, ...] = ()
    questions: tuple[str, ...] = ()
    truncated: bool = False
    derived_from: tuple[tuple[str, str], ...] = ()
    marks: tuple[Mark, ...] = ()
    asks: tuple[Question, ...] = ()
    notes: tuple[str, ...] = ()
    lower_is_better: bool = False
    picks: tuple[str, ...] = ()

    @property
    def fields(self) -> dict[str, object]:
        """The fields it filled, read or derived, by name (for a page's inputs or a link)."""
        return {k: getattr(self, k) for k in FIELDS if getattr(self, k) is not None}

    @property
    def derived(self) -> tuple[str, ...]:
        """The fields worked out rather than read (see ``derived_from`` for how)."""
        return tuple(field for field, _ in self.derived_from)

    @property
    def is_claim(self) -> bool:
        """True when it read two scores, or a lead: something to grade."""
        return (self.a is not None and self.b is not None) or self.lead is not None

    @property
    def reading(self) -> tuple[Mark, ...]:
        """The sentence's marked spans, in order: every number (:attr:`marks`), and the model
        names, benchmark and metric the claim was read with."""
        roles = {"name_a": "model A", "name_b": "model B", "bench": "benchmark", "metric": "metric"}
        named = [
            Mark(s.start, s.end, s.text, roles[s.field], s.field, roles[s.field])
            for s in self.spans
            if s.field in roles
        ]
        return tuple(sorted((*self.marks, *named), key=lambda m: (m.start, -m.end)))

    @property
    def asking(self) -> bool:
        """True while it asks something: no verdict until it is settled."""
        return bool(self.asks)

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.fields.items()]
        if self.derived:
            parts.append(f"derived={self.derived!r}")
        if self.questions:
            parts.append(f"questions={len(self.questions)}")
        return f"ParsedClaim({', '.join(parts)})"


#: Minus, en dash and the other hyphens read "-"; curly single quotes "'"; a full-width "%".
_ONE_CHARACTER = str.maketrans("\u2212\u2013\u2010\u2011\u2012\u2019\u2018\uff05", "-----''%")


def _clean(text: str) -> str:
    """Tags out, entities decoded, dashes, quotes, spaces and "+/-" made one character each."""
    text = html.unescape(re.sub(r"<[^<>]{0,400}>", " ", text))
    text = text.translate(_ONE_CHARACTER).replace("+/-", "±")
    text = re.sub(r"\r\n?", "\n", text)  # a line break stays: a table row ends there
    return re.sub(r"[\u00a0\u2009\u202f\u2007\t]+", " ", text)


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = "#" * (end - start)
    return "".join(chars)


def _context(text: str) -> Context:
    bench_hits = find_benchmarks(text)
    metric_hits = find_metrics(text)
    hits = [(s, e) for s, e, _ in bench_hits] + [m.span() for m in metric_hits]
    masked = _mask(text, hits)  # benchmarks and metrics hidden from numbers and names
    tokens = read_tokens(masked, benchmark_named=bool(bench_hits))
    return Context(text, masked, bench_hits, metric_hits, tokens)


def _reading_question(ctx: Context, close: list[Reading]) -> Question:
    """Which of two (or more) consistent readings is meant, in the words of the first number
    they read differently, with each reading as a choice."""
    first, second = close[0], close[1]
    i = next(
        (
            i
            for i, (x, y) in enumerate(zip(first.chosen, second.chosen, strict=True))
            if x != y and not (x is None and y is None)
        ),
        0,
    )
    x, y = first.chosen[i], second.chosen[i]
    token = ctx.tokens[i] if ctx.tokens else None
    kinds = {getattr(z, "kind", None) for z in (x, y)}
    units = {getattr(z, "unit", None) for z in (x, y)}
    w = ctx.text[(x or y).start : (x or y).end] if (x or y) is not None else ""
    if kinds <= {"score", "count", "right"} and "count" in units | kinds and token is not None:
        total = next((z.n for z in (x, y) if z is not None and z.n), None)
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
    choices = tuple(Choice(f"reading-{k + 1}", _reading_label(r)) for k, r in enumerate(close[:4]))
    at = (x or y).start if (x or y) is not None else None
    return Question(text, tuple(differ) or GRADED[:2], choices, at)


def _reading_label(r: Reading) -> str:
    f = r.fields
    parts = []
    for slot in ("a", "b"):
        if f.get(slot) is not None:
            who = f.get(f"name_{slot}") or slot.upper()
            parts.append(f"{who} {words.score(f[slot])}")
    if f.get("lead") is not None:
        parts.append(f"a lead of {words.points(f['lead'])} points")
    if not parts:
        relative = [m for m in r.marks.values() if m.role in ("relative lead", "relative change")]
        if relative:
            return f"“{relative[0].text}” as a share of the other score"
        return "as a share of the other score"
    return ", ".join(parts)


def _agreed(close: list[Reading]) -> tuple[dict, dict, list]:
    """The fields (and their spans and how) every close reading gives alike."""
    best = close[0]
    same = {k: v for k, v in best.fields.items() if all(r.fields.get(k) == v for r in close[1:])}
    derived = {k: v for k, v in best.derived.items() if k in same}
    spans = [s for s in best.spans if s[0] in same or s[0] == "score"]
    return same, derived, spans


def _complement(r: Reading) -> None:
    """The reader chose to grade each rate's complement: 100% − a and 100% − b, worked out."""
    f = r.fields
    for slot in ("a", "b"):
        if f.get(slot) is not None:
            rate = f[slot]
            f[slot] = round(1 - rate, 12)
            r.derived[slot] = f"100% − {words.score(rate)}, the share without one"
    r.spans = [s for s in r.spans if s[0] not in ("a", "b")]
    r.questions = [q for q in r.questions if not any(c.pick == "complement" for c in q.choices)]


def marked(
    claim: ParsedClaim, show: Callable[[Mark], str], plain: Callable[[str], str] = str
) -> str:
    """The sentence with each marked span written by ``show`` and the words between by
    ``plain`` (an escape, on a page). A span inside another ("30" in "9 of 30") is told by the
    outer one, and a digit inside a model's name by the name.

    >>> c = parse_claim("Pelican reaches 77.2% on MATH-500, +0.8 over Gull")
    >>> marked(c, lambda m: f"{m.text} [{m.says}]")
    'Pelican [model A] reaches 77.2% [score of Pelican] on MATH-500 [benchmark], +0.8 [lead of Pelican over Gull] over Gull [model B]'
    """
    out, at = [], 0
    for m in claim.reading:
        if m.start < at or (m.role == "not used" and m.says == "part of a name"):
            continue
        out += [plain(claim.text[at : m.start]), show(m)]
        at = m.end
    out.append(plain(claim.text[at:]))
    return "".join(out).replace("\n", " ")


def parse_claim(text: str, picks: tuple[str, ...] | list[str] = ()) -> ParsedClaim:
    """Read two models' scores, names, benchmark and size from a sentence.

    ``picks`` are the answers the reader chose to its questions (each
    :class:`Choice`'s ``pick``: ``"pair-2"``, ``"reading-1"``,
    ``"gpqa-diamond"``, ``"complement"``). Never raises for a ``str``; anything
    else raises ValueError.

    Examples
    --------
    >>> c = parse_claim("Zephyr 2 improves on Zephyr 1.5 by +2.3 points, reaching 58.1%")
    >>> c.a, c.b, c.lead, c.derived_from
    (0.581, 0.558, 0.023, (('b', "Zephyr 2's 58.1% and a lead of +2.3 points"),))
    >>> c = parse_claim("Beta solved 34 of 40 (± 5.6) vs Alpha's 30/40, maj@8")
    >>> c.a, c.n, c.se_a, c.metric
    (0.85, 40, 0.056, 'maj@8')
    >>> c = parse_claim("Pelican reaches 77.2% on MATH-500, +0.8 over Gull")
    >>> c.b, [m.implied for m in c.marks if m.role == "lead"]
    (0.764, ['Gull 76.4% = 77.2% − 0.8'])
    """
    if not isinstance(text, str):
        msg = f"parse_claim reads text (a str), got {type(text).__name__}: {text!r:.80}"
        raise ValueError(msg)
    picks = tuple(p for p in picks if isinstance(p, str))
    truncated = len(text) > MAX_CHARS
    ctx = _context(_clean(text[:MAX_CHARS]))
    readings = [build(ctx, chosen, w, picks) for chosen, w in assignments(ctx)]
    consistent = [r for r in readings if not r.problems]
    pool = consistent or readings
    top = max(r.weight for r in pool)
    close = sorted((r for r in pool if r.weight >= top - ASK_MARGIN), key=lambda r: -r.weight)
    distinct: dict[tuple, Reading] = {}
    for r in close:
        distinct.setdefault(r.signature, r)
    close = list(distinct.values())
    asks: list[Question] = []
    if truncated:
        asks.append(Question(f"Only the first {words.count(MAX_CHARS)} characters were read."))
    chosen_pick = next(
        (int(p.split("-")[1]) - 1 for p in picks if re.fullmatch(r"reading-\d+", p)), None
    )
    if len(close) > 1 and consistent and chosen_pick is not None and chosen_pick < len(close):
        best = close[chosen_pick]
        fields, derived, spans = best.fields, best.derived, best.spans
    elif len(close) > 1 and consistent:
        best = close[0]
        question = _reading_question(ctx, close)
        asks.append(question)
        best.questions = [q for q in best.questions if q.at is None or q.at != question.at]
        fields, derived, spans = _agreed(close)
    else:
        best = close[0]
        fields, derived, spans = best.fields, best.derived, best.spans
    if "complement" in picks and best.lower_is_better:
        _complement(best)
        fields, derived, spans = best.fields, best.derived, best.spans
    asks += best.problems + best.questions
    spans = sorted(
        {ClaimSpan(f, ctx.text[s:e], s, e) for f, s, e in spans}, key=lambda c: (c.start, c.field)
    )
    marks = tuple(sorted(best.marks.values(), key=lambda m: m.start))
    return ParsedClaim(
        text=ctx.text,
        spans=tuple(spans),
        questions=tuple(q.text for q in asks),
        truncated=truncated,
        derived_from=tuple((k, derived[k]) for k in FIELDS if k in derived and k in fields),
        marks=marks,
        asks=tuple(asks),
        notes=tuple(dict.fromkeys(best.notes)),
        lower_is_better=best.lower_is_better,
        picks=picks,
        **{k: v for k, v in fields.items() if k in FIELDS},
    )
