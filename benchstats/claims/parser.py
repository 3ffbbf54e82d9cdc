"""The claim parser: :func:`parse_claim` and what it returns (rules in :mod:`benchstats.claims`)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from benchstats import get_benchmark, words
from benchstats.claims.aliases import find_benchmarks, find_metrics, pick_benchmark
from benchstats.claims.names import model_names
from benchstats.claims.numbers import Number, count_scores, read_numbers, se_value
from benchstats.prose import in_points

MAX_CHARS = 2000  # a launch claim is a sentence or two; past this nothing is read
FIELDS = ("a", "b", "name_a", "name_b", "bench", "n", "se_a", "se_b", "metric", "lead")


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
    """The text with each span's characters replaced by "#" (offsets kept)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = "#" * (end - start)
    return "".join(chars)


_FROM_BEFORE = re.compile(r"\bfrom\s+(?:an?\s+)?(?:score\s+of\s+)?$", re.IGNORECASE)
_TO_BETWEEN = re.compile(r"\s*(?:±\s*#+\s*)?(?:\([^()]{0,30}\)\s*)?(?:to|→|->)\s*", re.IGNORECASE)


def _from_to(words_only: str, old: Number, new: Number) -> bool:
    """ "from 45% to 52.5%" or "45% → 52.5%": the second score is the new model's."""
    between = words_only[old.end : new.start]
    if not _TO_BETWEEN.fullmatch(between):
        return False
    return "→" in between or "->" in between or bool(_FROM_BEFORE.search(words_only[: old.start]))


def _count_words(x: Number) -> str:
    """ "412 of 500": what a score or n from a count was worked out from."""
    return f"{words.count(x.k)} of {words.count(x.n)}"


class _Reading:
    """One sentence being read: the text, what it found, the fields and questions so far."""

    def __init__(self, text: str, *, truncated: bool) -> None:
        self.text, self.truncated = text, truncated
        self.fields: dict[str, object] = {}
        self.derived: dict[str, str] = {}
        self.spans: list[ClaimSpan] = []
        self.questions: list[str] = []
        if truncated:
            self.ask(f"Only the first {words.count(MAX_CHARS)} characters were read.")
        self.bench_hits = find_benchmarks(text)
        self.metric_hits = find_metrics(text)
        hits = [(s, e) for s, e, _ in self.bench_hits] + [m.span() for m in self.metric_hits]
        self.masked = _mask(text, hits)  # benchmarks and metrics hidden from numbers and names
        self.nums = read_numbers(self.masked)
        # Numbers hidden too, for the names; "5% better than" keeps its words ("than").
        numbers = [(x.start, x.end) for x in self.nums if x.kind != "relative"]
        self.words_only = _mask(self.masked, numbers)
        self.found: list[Number] = []  # the two scores, the new model's first after "from … to"
        self.slots: dict[str, Number] = {}  # "a", "b": the score each model has
        self.several = False  # it asks which two scores, or which lead

    def ask(self, question: str) -> None:
        self.questions.append(question)

    def fill(self, name: str, value: object, *where: tuple[int, int], how: str = "") -> None:
        """Set a field from the words at ``where``; ``how`` says how it was worked out."""
        if isinstance(value, float):
            value = round(value, 12)  # 87.3/100 → 0.873 exactly as typed, not 0.8729999999999999
        self.fields[name] = value
        for start, end in where:
            self.spans.append(ClaimSpan(name, self.text[start:end], start, end))
        if how:
            self.derived[name] = how

    def of(self, kind: str) -> list[Number]:
        return [x for x in self.nums if x.kind == kind]

    def words_of(self, x: Number) -> str:
        return self.text[x.start : x.end]

    def size(self) -> None:
        # From sizes ("on 448 questions", "n = 198") and counts ("34 of 40": derived).
        sizes = [x for x in self.nums if x.n is not None]
        distinct = list(dict.fromkeys(x.n for x in sizes))
        if len(distinct) == 1:
            stated = any(x.kind == "size" for x in sizes)
            how = "" if stated else _count_words(sizes[0])
            self.fill("n", distinct[0], *((x.start, x.end) for x in sizes), how=how)
        elif len(distinct) > 1:
            listed = ", ".join(words.count(v) for v in distinct)
            self.ask(f"It gives more than one number of questions ({listed}): which is it?")
        self.nums = count_scores(self.nums, self.fields.get("n"), self.masked)

    def scores(self) -> None:
        found = self.of("score")
        if len(found) >= 3:  # which two? ask, fill neither (nor the names)
            listed = ", ".join(self.words_of(x) for x in found)
            self.ask(
                f"It gives {words.count(len(found))} scores ({listed}): which two are the "
                "two models' scores?"
            )
            self.spans += [ClaimSpan("score", self.words_of(x), x.start, x.end) for x in found]
            self.several = True
            return
        if len(found) == 2 and _from_to(self.words_only, *found):
            found.reverse()  # the new model is A, so the lead is new − old
        self.found = found
        if len(found) < 2:  # a count it could not make a score: say what it needs
            for x in self.of("right"):
                self.ask(f"“{self.words_of(x)}” is not read as a score: out of how many?")
            for x in self.of("count"):
                w = self.words_of(x)
                self.ask(f"“{w}” is not read as a score: is it {w}% or {w} of some total?")

    def models(self) -> None:
        """Who has which score: the names, and each score in A's or B's slot."""
        in_text = sorted(self.found, key=lambda x: x.start)
        a, b, lone_is_b = model_names(in_text, self.words_only)
        if in_text != self.found and b is not None:
            a, b = b, a  # "from 61% (v1) to 66% (v2)"; "M went from … to …" keeps M as A
        for slot, x in zip("b" if lone_is_b else "ab", self.found, strict=False):
            self.slots[slot] = x
            how = _count_words(x) if x.k is not None else ""
            self.fill(slot, x.value, (x.start, x.end), how=how)
        for key, name in (("name_a", a), ("name_b", b)):
            if name is not None and not self.several:  # asked which two: no names either
                self.fill(key, name.text, (name.start, name.end))

    def standard_errors(self) -> None:
        # Each belongs to the nearest score before it (or the first, if none is before).
        in_text = sorted(self.slots.items(), key=lambda item: item[1].start)
        for se in self.of("se"):
            before = [slot for slot, x in in_text if x.start < se.start]
            slot = before[-1] if before else (in_text[0][0] if in_text else None)
            if slot is not None and f"se_{slot}" not in self.fields:
                self.fill(f"se_{slot}", se_value(se, self.slots[slot]), (se.start, se.end))

    def leads(self) -> None:
        leads = self.of("lead")
        if len({x.value for x in leads}) == 1:
            self.fill("lead", leads[0].value, (leads[0].start, leads[0].end))
        elif len(leads) > 1:  # which? ask, fill neither (nor the names)
            self.ask("It gives more than one lead in points: which is the claim?")
            self.several = True
        for x in self.of("relative"):
            self.ask(f"“{self.words_of(x)}”: percentage points, or a share of the other score?")
        for x in self.of("change"):
            self.ask(
                f"“{self.words_of(x)}” is a change over time, not a score or a lead of one "
                "model over another: it is not used."
            )

    def lead_and_scores(self) -> None:
        """A lead beside both scores must be their gap; beside one, it gives the other."""
        f = self.fields
        if "lead" in f and "a" in f and "b" in f:
            gap = abs(f["a"] - f["b"])
            if abs(gap - abs(f["lead"])) > 0.0051:
                self.ask(
                    f"It says the lead is {in_points(f['lead'])}, but its "
                    f"scores differ by {words.points(gap, signed=False)}: which is right?"
                )
        elif "lead" in f and ("a" in f or "b" in f):
            self.other_score()

    def other_score(self) -> None:
        """One score and the lead give the other: b = a − lead, or a = b + lead."""
        lead, known = self.fields["lead"], "a" if "a" in self.fields else "b"
        score = self.fields[known]
        other, value = ("b", score - lead) if known == "a" else ("a", score + lead)
        if not 0 <= value <= 1:
            self.ask(
                f"{words.score(score)} and a lead of {words.points(lead)} points put the other "
                "score outside 0 to 100%: which number is wrong?"
            )
            return
        who = self.fields.get(f"name_{known}", known.upper())
        how = f"{who}'s {words.score(score)} and a lead of {words.points(lead)} points"
        self.fill(other, value, how=how)

    def benchmark(self) -> None:
        bench, question = pick_benchmark(self.bench_hits, self.text, self.fields.get("n"))
        if question:
            self.ask(question)
        if bench is None:
            return
        where = [
            (s, e)
            for s, e, k in self.bench_hits
            if k == bench or (k == "gpqa" and bench.startswith("gpqa-"))
        ]
        self.fill("bench", bench, *where)
        preset, n = get_benchmark(bench), self.fields.get("n")
        if n is not None and n != preset.questions:
            self.ask(
                f"It says {words.count(n)} questions; the {preset.name} preset has "
                f"{words.count(preset.questions)}: which is right?"
            )

    def metric(self) -> None:
        hits = self.metric_hits
        metrics = list(dict.fromkeys(re.sub(r"\s", "", m.group(0)).lower() for m in hits))
        if len(metrics) == 1:
            self.fill("metric", metrics[0], *(m.span() for m in hits))
        elif len(metrics) > 1:
            self.ask(f"It names more than one metric ({', '.join(metrics)}): which is it?")

    def result(self) -> ParsedClaim:
        spans = tuple(sorted(self.spans, key=lambda s: (s.start, s.field)))
        return ParsedClaim(
            text=self.text,
            spans=spans,
            questions=tuple(self.questions),
            truncated=self.truncated,
            derived_from=tuple((k, self.derived[k]) for k in FIELDS if k in self.derived),
            **self.fields,
        )


def parse_claim(text: str) -> ParsedClaim:
    """Read two models' scores, names, benchmark and size from a sentence.

    The rules are :mod:`benchstats.claims`'. Never raises for a ``str``; anything
    else raises ValueError.

    Examples
    --------
    >>> c = parse_claim("Zephyr 2 improves on Zephyr 1.5 by +2.3 points, reaching 58.1%")
    >>> c.a, c.b, c.lead, c.derived_from
    (0.581, 0.558, 0.023, (('b', "Zephyr 2's 58.1% and a lead of +2.3 points"),))
    >>> c = parse_claim("Beta solved 34 of 40 (± 5.6) vs Alpha's 30/40, maj@8")
    >>> c.a, c.n, c.se_a, c.metric
    (0.85, 40, 0.056, 'maj@8')
    """
    if not isinstance(text, str):
        msg = f"parse_claim reads text (a str), got {type(text).__name__}: {text!r:.80}"
        raise ValueError(msg)
    r = _Reading(_clean(text[:MAX_CHARS]), truncated=len(text) > MAX_CHARS)
    r.size()
    r.scores()
    r.leads()
    r.models()
    r.standard_errors()
    r.lead_and_scores()
    r.benchmark()
    r.metric()
    return r.result()
