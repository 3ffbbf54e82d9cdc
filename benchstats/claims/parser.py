"""The claim parser: :func:`parse_claim` and what it returns (how it reads: :mod:`benchstats.claims`)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from benchstats import words
from benchstats.claims.aliases import find_benchmarks, find_metrics
from benchstats.claims.build import build, how
from benchstats.claims.choose import choose
from benchstats.claims.language import dot_groups_thousands, language
from benchstats.claims.marks import marks_of
from benchstats.claims.numbers import GROUP, read_tokens, score_decimals, written_decimals
from benchstats.claims.readings import Context, Mark, Question, assignments
from benchstats.language import N_

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


@dataclass(frozen=True)
class ClaimSpan:
    """One thing the parser read: which field, the words, where they are in ``text``."""

    field: str
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Rival:
    """One of several rivals of model A, on A's benchmark: its name, its score (a proportion),
    its SE, how it was worked out ("" when read), and where the sentence gives its score."""

    name: str
    score: float
    se: float | None = None
    derived_from: str = ""
    span: tuple[int, int] | None = None
    decimals: int = 0  # as the sentence writes it ("83.0%": 1); a worked-out one, as A's


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
    ``lower_is_better``: the scores are rates where lower is better (errors), read as
    each rate's complement. ``rivals``: where the sentence sets model A against several
    models on one benchmark, each of them, the closest first (the first is model B).
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
    rivals: tuple[Rival, ...] = ()

    @property
    def fields(self) -> dict[str, object]:
        """The fields it filled, read or derived, by name (for a page's inputs or a link)."""
        return {k: getattr(self, k) for k in FIELDS if getattr(self, k) is not None}

    @property
    def decimals(self) -> dict[str, int]:
        """The decimals each score and SE the sentence gives was written with, in percent or
        points ("55.0%": 1, "82.25%": 2, "0.873": 1), so a page or a verdict shows it as written;
        worked-out fields have none.

        >>> parse_claim("X scores 55.0% on MMLU vs Y's 0.5225").decimals
        {'a': 1, 'b': 2}
        """
        out = {}
        for s in self.spans:
            if s.field not in ("a", "b", "se_a", "se_b") or s.field in self.derived:
                continue
            token = re.search(r"[\d.,]*\d", s.text)
            if token is None:
                continue
            places = written_decimals(token.group(0))
            if re.fullmatch(r"0?[.,]\d+", token.group(0)) and "%" not in s.text:
                places = max(0, places - 2)  # "0.873" is 87.3%
            out.setdefault(s.field, places)
        return out

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
        roles = {"name_a": N_("model A"), "name_b": N_("model B"), "bench": N_("benchmark"),
                 "metric": N_("metric")}  # fmt: skip
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


# Marks of pasted text that carry no words of the claim: Markdown emphasis, a link's address,
# citation markers ("[1][2]", "[a]"), footnote stars after a name or a number ("GPT-4o*").
_NOT_WORDS = re.compile(
    r"\*\*|__|(?<=\])\([^()\s]{1,300}\)|\[(?:\d{1,3}|[a-z])\](?!\()|(?<=[\w%)])\*+(?=[\s:,;.)|]|$)|"
    # superscript footnote marks and daggers; one inside a name ("τ²-bench") is the name's
    r"[\u00b9\u00b2\u00b3\u2070-\u2079\u2020\u2021]+(?![\w\-])"
)
_LINK_TEXT = re.compile(r"\[([^\[\]]{1,200})\](?=\s|[,;.:)]|$)")


def _clean(text: str) -> str:
    """Tags out, entities decoded, dashes, quotes, spaces and "+/-" made one character each;
    Markdown and citation marks dropped; a thin or no-break space between groups of three
    digits kept as the one narrow space that groups thousands ("1 204")."""
    text = html.unescape(re.sub(r"<[^<>]{0,400}>", " ", text))
    # a spaced dash is a pause ("Vega-3 – 61.5% –"), an unspaced one a minus or a range
    text = re.sub(r"(?<=\s)[\u2013\u2014\-](?=\s)", "\u2014", text)
    text = text.translate(_ONE_CHARACTER).replace("+/-", "±")
    text = _LINK_TEXT.sub(r"\1", _NOT_WORDS.sub("", text))
    text = re.sub(r"\r\n?", "\n", text)  # a line break stays: a table row ends there
    text = re.sub(r"(?<=\d)[\u00a0\u2009\u202f\u2007](?=\d{3}(?!\d))", GROUP, text)
    text = re.sub(r"[\u00a0\u2009\u2007\t]+", " ", text)
    return re.sub(rf"{GROUP}(?!\d{{3}}(?!\d))|(?<!\d){GROUP}", " ", text)


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = "#" * (end - start)
    return "".join(chars)


_DOT_GROUPS = re.compile(r"(?<![\d.,])([1-9]\d{0,2})((?:\.\d{3})+)(?![\d.,]*\d)")
# A count of questions is a whole number: "384 der 1.319", "759 de 1.319", "löst 1.066" group
# thousands with the dot whatever else the sentence writes ("Lumen 2.2 Max").
_COUNT_DOTS = re.compile(
    r"(?:(?<=\bof\s)|(?<=\bder\s)|(?<=\bdes\s)|(?<=\bde\s)|(?<=\bvon\s)|(?<=\blöst\s)|"
    r"(?<=\bresuelve\s))([1-9]\d{0,2})((?:\.\d{3})+)(?![\d.,]*\d)"
    r"|(?<![\d.,])([1-9]\d{0,2})((?:\.\d{3})+)(?=\s+(?:of|der|des|de|von)\s+\d)",
    re.IGNORECASE,
)


def _context(text: str) -> Context:
    bench_hits = find_benchmarks(text)
    metric_hits = find_metrics(text)
    hits = [(s, e) for s, e, _ in bench_hits] + [m.span() for m in metric_hits]
    masked = _mask(text, hits)  # benchmarks and metrics hidden from numbers and names
    lang = language(masked)
    if dot_groups_thousands(masked, lang):  # "1.176 der 1.319": dots group the thousands
        masked = _DOT_GROUPS.sub(lambda m: m.group(1) + m.group(2).replace(".", GROUP), masked)
    masked = _COUNT_DOTS.sub(
        lambda m: "".join(g or "" for g in m.groups()).replace(".", GROUP), masked
    )
    tokens = read_tokens(masked, benchmark_named=bool(bench_hits), lang=lang)
    return Context(text, masked, bench_hits, metric_hits, tokens, lang)


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


def _rival(ctx: Context, r, e) -> Rival:
    link = next((k for k in r.links if k.other is e and k.worked_out), None)
    how_ = how(ctx, r, link) if link is not None else ""
    span = (e.number.start, e.number.end) if e.number is not None else None
    se = round(e.se, 12) if e.se is not None else None
    shown = e.number if e.number is not None else (link.known.number if link is not None else None)
    return Rival(e.owner.text, round(e.score, 12), se, how_, span, score_decimals(shown))


def parse_claim(text: str, picks: tuple[str, ...] | list[str] = ()) -> ParsedClaim:
    """Read two models' scores, names, benchmark and size from a sentence.

    ``picks`` are the answers the reader chose to its questions (each
    :class:`Choice`'s ``pick``: ``"pair-2"``, ``"reading-1"``,
    ``"gpqa-diamond"``). Never raises for a ``str``; anything
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
    chosen = choose(ctx, readings, picks)
    best, fields, derived, spans = chosen.reading, chosen.fields, chosen.derived, chosen.spans
    asks = chosen.asks
    if truncated:
        asks = [Question(f"Only the first {words.count(MAX_CHARS)} characters were read."), *asks]
    spans = sorted(
        {ClaimSpan(f, ctx.text[s:e], s, e) for f, s, e in spans}, key=lambda c: (c.start, c.field)
    )
    marks = tuple(sorted(marks_of(ctx, best, chosen.asked).values(), key=lambda m: m.start))
    rivals = () if asks else tuple(_rival(ctx, best, e) for e in best.rivals)
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
        rivals=rivals,
        **{k: v for k, v in fields.items() if k in FIELDS},
    )
