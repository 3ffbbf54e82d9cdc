"""The claim parser: :func:`parse_claim` and what it returns (rules in :mod:`benchstats.claims`)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from benchstats import get_benchmark, words
from benchstats.claims.aliases import find_benchmarks, find_metrics, pick_benchmark
from benchstats.claims.names import model_names
from benchstats.claims.numbers import Number, read_numbers

MAX_CHARS = 2000  # a launch claim is a sentence or two; past this nothing is read


@dataclass(frozen=True)
class ClaimSpan:
    """One thing the parser read: which field, the words, where they are in ``text``."""

    field: str
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class ParsedClaim:
    """What :func:`parse_claim` read. Unread fields are ``None``.

    ``a``, ``b``, ``se_a``, ``se_b`` and ``lead`` are proportions (0.873, not
    87.3). ``bench`` is a key of :data:`benchstats.BENCHMARKS`. ``text`` is
    the text that was read (tags removed, entities decoded, cut at
    :data:`MAX_CHARS`); span offsets refer to it. ``spans`` use the field
    names, plus ``"score"`` for scores it could not assign.
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

    @property
    def fields(self) -> dict[str, object]:
        """The fields it filled, by name (for a page's inputs or a link)."""
        names = ("a", "b", "name_a", "name_b", "bench", "n", "se_a", "se_b", "metric", "lead")
        return {k: getattr(self, k) for k in names if getattr(self, k) is not None}

    @property
    def is_claim(self) -> bool:
        """True when it read two scores, or a lead: something to grade."""
        return (self.a is not None and self.b is not None) or self.lead is not None

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.fields.items()]
        if self.questions:
            parts.append(f"questions={len(self.questions)}")
        return f"ParsedClaim({', '.join(parts)})"


def _clean(text: str) -> str:
    """Tags out, entities decoded, dashes, quotes and "+/-" made one character each."""
    text = html.unescape(re.sub(r"<[^<>]{0,400}>", " ", text))
    for old, new in (
        ("\u2212", "-"),
        ("\u2013", "-"),
        ("\u2010", "-"),
        ("\u2011", "-"),
        ("\u2012", "-"),
        ("\u2019", "'"),
        ("\u2018", "'"),
        ("\uff05", "%"),
        ("+/-", "±"),
        ("+/−", "±"),
    ):
        text = text.replace(old, new)
    return re.sub(r"[\u00a0\u2009\u202f\u2007\t\r\n]+", " ", text)


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with each span's characters replaced by "#" (offsets kept)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = "#" * (end - start)
    return "".join(chars)


def _tidy(x: float) -> float:
    """87.3/100 → 0.873 exactly as typed, not 0.8729999999999999."""
    return round(x, 12)


def _se_value(se: Number, score: Number) -> float:
    if not se.unit and score.unit == "proportion" and se.value < 1:
        return se.value  # 0.873 ± 0.018: the same units as the score
    return se.value / 100


class _Reading:
    """One sentence being read: the text, what it found, the fields and questions so far."""

    def __init__(self, text: str, *, truncated: bool) -> None:
        self.text, self.truncated = text, truncated
        self.fields: dict[str, object] = {}
        self.spans: list[ClaimSpan] = []
        self.questions: list[str] = []
        if truncated:
            self.ask(f"Only the first {words.count(MAX_CHARS)} characters were read.")
        self.bench_hits = find_benchmarks(text)
        self.metric_hits = find_metrics(text)
        hits = [(s, e) for s, e, _ in self.bench_hits] + [m.span() for m in self.metric_hits]
        self.masked = _mask(text, hits)  # benchmarks and metrics hidden from numbers and names
        self.nums = read_numbers(self.masked)
        self.words_only = _mask(self.masked, [(x.start, x.end) for x in self.nums])
        self.found: list[Number] = []  # the scores, in order: A's, then B's
        self.too_many = False

    def ask(self, question: str) -> None:
        self.questions.append(question)

    def fill(self, name: str, value: object, *where: tuple[int, int]) -> None:
        self.fields[name] = _tidy(value) if isinstance(value, float) else value
        for start, end in where:
            self.spans.append(ClaimSpan(name, self.text[start:end], start, end))

    def of(self, kind: str) -> list[Number]:
        return [x for x in self.nums if x.kind == kind]

    def words_of(self, x: Number) -> str:
        return self.text[x.start : x.end]

    def scores(self) -> None:
        found = self.of("score")
        if len(found) >= 3:  # which two? ask, fill neither
            listed = ", ".join(self.words_of(x) for x in found)
            self.ask(
                f"It gives {words.count(len(found))} scores ({listed}): which two are the "
                "two models' scores?"
            )
            self.spans += [ClaimSpan("score", self.words_of(x), x.start, x.end) for x in found]
            self.too_many = True
            return
        for name, x in zip("ab", found, strict=False):
            self.fill(name, x.value, (x.start, x.end))
        self.found = found

    def standard_errors(self) -> None:
        # Each belongs to the nearest score before it (or the first, if none is before).
        for se in self.of("se"):
            before = [i for i, x in enumerate(self.found) if x.start < se.start]
            i = before[-1] if before else (0 if self.found else None)
            if i is not None and f"se_{'ab'[i]}" not in self.fields:
                value = _se_value(se, self.found[i])
                self.fill(f"se_{'ab'[i]}", value, (se.start, se.end))

    def size(self) -> None:
        # From counts ("34 of 40") and sizes ("on 448 questions", "n = 198").
        sizes = [x for x in self.nums if x.n is not None and x.kind in ("size", "score")]
        distinct = list(dict.fromkeys(x.n for x in sizes))
        if len(distinct) == 1:
            self.fill("n", distinct[0], *((x.start, x.end) for x in sizes))
        elif len(distinct) > 1:
            listed = ", ".join(words.count(v) for v in distinct)
            self.ask(f"It gives more than one number of questions ({listed}): which is it?")

    def right_answers(self) -> None:
        # "answered 150 correctly" is a score once n is known.
        n = self.fields.get("n")
        for x in self.of("right"):
            if n is not None and x.value <= n and len(self.found) < 2 and not self.too_many:
                x.kind, x.value = "score", x.value / n
                self.fill("ab"[len(self.found)], x.value, (x.start, x.end))
                self.found.append(x)

    def lead(self) -> None:
        leads = self.of("lead")
        if len({x.value for x in leads}) == 1:
            x = leads[0]
            self.fill("lead", x.value, (x.start, x.end))
        elif len(leads) > 1:
            self.ask("It gives more than one lead in points: which is the claim?")
        for x in self.of("ambiguous-by"):
            self.ask(f"“by {self.words_of(x)}”: percentage points, or a share of the other score?")
        for x in self.of("change"):
            self.ask(
                f"“{self.words_of(x)}” is a change over time, not a score or a lead of one "
                "model over another: it is not used."
            )
        f = self.fields
        if (
            "lead" in f
            and "a" in f
            and "b" in f
            and abs(abs(f["a"] - f["b"]) - abs(f["lead"])) > 0.0051
        ):
            self.ask(
                f"It says the lead is {words.points(f['lead'], signed=False)} points, but its "
                f"scores differ by {words.points(abs(f['a'] - f['b']), signed=False)}: which is right?"
            )

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

    def names(self) -> None:
        found = model_names(self.found, self.words_only)
        for key, name in zip(("name_a", "name_b"), found, strict=True):
            if name is not None:
                self.fill(key, name.text, (name.start, name.end))

    def result(self) -> ParsedClaim:
        spans = tuple(sorted(self.spans, key=lambda s: (s.start, s.field)))
        return ParsedClaim(
            text=self.text,
            spans=spans,
            questions=tuple(self.questions),
            truncated=self.truncated,
            **self.fields,
        )


def parse_claim(text: str) -> ParsedClaim:
    """Read two models' scores, names, benchmark and size from a sentence.

    See the module docstring for what it reads and the rules it follows.
    Never raises for a ``str``, whatever it holds; reads at most
    :data:`MAX_CHARS` characters.

    Raises
    ------
    ValueError
        If ``text`` is not a ``str``.

    Examples
    --------
    >>> from benchstats.claims import parse_claim
    >>> c = parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")
    >>> c.a, c.b, c.name_a, c.name_b, c.bench
    (0.873, 0.851, 'Model X', 'Model Y', 'gpqa-diamond')
    >>> [s.field for s in c.spans]
    ['name_a', 'a', 'bench', 'name_b', 'b']
    >>> c = parse_claim("Beta solved 34 of 40 (± 5.6) vs Alpha's 30/40, maj@8")
    >>> c.a, c.n, c.se_a, c.metric
    (0.85, 40, 0.056, 'maj@8')
    >>> print(parse_claim("Our model scores 87.3% on GPQA, 92% on MMLU-Pro, 61% on AIME").questions[0])
    It gives 3 scores (87.3%, 92%, 61%): which two are the two models' scores?
    """
    if not isinstance(text, str):
        msg = f"parse_claim reads text (a str), got {type(text).__name__}: {text!r:.80}"
        raise ValueError(msg)
    r = _Reading(_clean(text[:MAX_CHARS]), truncated=len(text) > MAX_CHARS)
    r.scores()
    r.standard_errors()
    r.size()
    r.right_answers()
    r.lead()
    r.benchmark()
    r.metric()
    r.names()
    return r.result()
