"""The claim parser: one sentence read step by step (see :mod:`benchstats.claims`)."""

from __future__ import annotations

import re

from benchstats import get_benchmark, words
from benchstats.claims.aliases import _METRIC_RE, _benchmarks, _pick_bench
from benchstats.claims.names import _model_names
from benchstats.claims.numbers import _NEGATIVE_LEAD, _clean, _mask, _Num, _read_numbers, _tidy
from benchstats.claims.result import MAX_CHARS, ClaimSpan, ParsedClaim


def _se_value(se: _Num, score: _Num) -> float:
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
        self.bench_hits = _benchmarks(text)
        self.metric_hits = list(_METRIC_RE.finditer(text))
        hits = [(s, e) for s, e, _ in self.bench_hits] + [m.span() for m in self.metric_hits]
        self.masked = _mask(text, hits)  # benchmarks and metrics hidden from numbers and names
        self.nums = _read_numbers(self.masked)
        self.words_only = _mask(self.masked, [(x.start, x.end) for x in self.nums])
        self.found: list[_Num] = []  # the scores, in order: A's, then B's
        self.too_many = False

    def ask(self, question: str) -> None:
        self.questions.append(question)

    def fill(self, name: str, value: object, *where: tuple[int, int]) -> None:
        self.fields[name] = _tidy(value) if isinstance(value, float) else value
        for start, end in where:
            self.spans.append(ClaimSpan(name, self.text[start:end], start, end))

    def of(self, kind: str) -> list[_Num]:
        return [x for x in self.nums if x.kind == kind]

    def words_of(self, x: _Num) -> str:
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
        if len({x.value * x.sign for x in leads}) == 1:
            x = leads[0]
            negative = x.sign < 0 or _NEGATIVE_LEAD.search(self.masked[: x.start]) is not None
            self.fill("lead", -x.value if negative else x.value, (x.start, x.end))
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
        bench = _pick_bench(self.bench_hits, self.text, self.fields.get("n"), self.questions)
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
        found = _model_names(self.found, self.words_only)
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
