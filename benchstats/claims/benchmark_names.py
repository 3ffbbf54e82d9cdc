"""Benchmark names in a pasted sentence, read from the catalogue (:mod:`benchstats.benchmarks`).

Every name the catalogue declares is matched with or without spaces, hyphens and underscores
("SWE-bench Verified", "swe_bench_verified"), "+" as "Plus", a year as 2025, 25 or '25. What
a hit is:

- a **preset** (one set with a count: "GPQA Diamond");
- a **family** (a name that covers sets of different size: "GPQA", "LiveCodeBench");
- a **named** benchmark whose count is not known ("SWE-bench Multimodal");
- an **unknown** one: a name that continues past a known one is another benchmark
  ("Kotlin-HumanEval", "HumanEval-XL", "BFCL v3", "LiveCodeBench Pro", "HMMT 2024");
- a **subset**: a part of a benchmark ("the physics subset of GPQA Diamond", "a 25% sample of
  SWE-bench", "GPQA Diamond (chemistry)", "LiveCodeBench (2408-2505)").

Only a preset has a count; the others never borrow one.

Examples
--------
>>> [(h.kind, h.key) for h in read_benchmarks("Kotlin-HumanEval and HumanEval+ and GPQA")]
[('named', None), ('preset', 'humaneval-plus'), ('family', 'gpqa')]
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache

from benchstats.benchmarks import BENCHMARKS, FAMILIES, NAMED, get_family, version_of

KINDS = ("preset", "family", "named", "unknown", "subset")


@dataclass(frozen=True)
class BenchmarkHit:
    """One benchmark named in a text: where, what kind (:data:`KINDS`), and its key.

    ``key`` is the preset's or the family's key, None for the other kinds; ``known`` is the
    catalogue's name the text continued or took a part of ("HumanEval" in "HumanEval-XL").
    """

    start: int
    end: int
    kind: str
    key: str | None
    known: str

    @property
    def counted(self) -> bool:
        """The hit carries a count of its own (a preset)."""
        return self.kind == "preset"


# ---- names → one pattern

_TOKEN = re.compile(r"\d+|[^\W\d_]+|[^\w\s\-]")  # hyphens and underscores are separators
_SEP = r"[\s\-_]*"  # between the words of a name: "SWE-bench", "SWE bench", "SWEbench"
_YEAR_SEP = r"[\s\-_'’]*"  # before a year: "AIME'24", "AIME 2024", "AIME24"


def _is_year(tok: str) -> bool:
    return len(tok) == 4 and tok.isdigit() and tok.startswith("20")


def _piece(tok: str) -> str:
    if tok == "+":
        return r"(?:\+|[\s\-_]*plus)"
    if tok in "'’":
        return "['’]?"
    if _is_year(tok):
        return f"(?:20)?{tok[2:]}"  # a year: 2024 or 24
    return re.escape(tok)


def _between(left: str, right: str) -> str:
    """What may stand between two tokens of a name."""
    if left == "." and right.isdigit() and not _is_year(right):
        return ""  # "2.0", "v0.2.0"
    if left in "'’(" or right in "'’.)":
        return ""  # "Humanity's", "(text only)", "Feb."
    if right == "+":
        return ""  # the "+" piece takes its own spaces ("MBPP Plus")
    if _is_year(right):
        return _YEAR_SEP
    if left.isalnum() and right.isalnum():
        return _SEP
    return r"\s*"  # brackets, colons, after a "+"


def _pattern(name: str) -> str:
    """A regular expression for ``name``: separators optional, "+" or "Plus", years short;
    brackets as written or left out ("GPQA (Diamond)" or "GPQA Diamond").

    >>> bool(re.fullmatch(_pattern("AIME 2024"), "AIME'24", re.IGNORECASE))
    True
    """
    tokens = _TOKEN.findall(name)
    if "(" in tokens:
        bare = _joined([t for t in tokens if t not in "()"])
        return f"(?:{_joined(tokens)}|{bare})"
    return _joined(tokens)


def _joined(tokens: list[str]) -> str:
    out = [_piece(tokens[0])] if tokens else []
    for left, right in itertools.pairwise(tokens):
        out += [_between(left, right), _piece(right)]
    return "".join(out)


def _norm(text: str) -> str:
    """The form two spellings of one name share: "AIME '24" and "aime 2024" → "aime24",
    "HumanEval Plus" and "HumanEval+" → "humaneval+"."""
    t = text.casefold().replace("’", "'")
    t = re.sub(r"(?<!\d)(?<!\d\.)20(\d\d)(?!\d)", r"\1", t)
    return re.sub(r"[\s\-_'()]", "", t).replace("plus", "+")


@cache
def _names() -> dict[str, tuple[str, str | None, str]]:
    """Every declared name's normal form → (kind, key, display name)."""
    table: dict[str, tuple[str, str | None, str]] = {}

    def put(name: str, value: tuple[str, str | None, str]) -> None:
        norm = _norm(name)
        if norm in table and table[norm] != value:
            msg = f"benchmarks.toml: the name {name!r} is declared for two benchmarks"
            raise ValueError(msg)
        table[norm] = value

    for b in BENCHMARKS:
        for name in (b.name, *b.names):
            put(name, ("preset", b.key, b.name))
    for f in FAMILIES:
        for name in (f.name, *f.names):
            put(name, ("family", f.key, f.name))
    for n in NAMED:
        for name in n.names:
            put(name, ("named", None, n.name))
    return table


def _case_names() -> set[str]:
    return {name for b in BENCHMARKS for name in b.case_names}


# a name continued: "-XL", "-Kotlin", " v3", "'24", "25" right after it, " Pro", " 2024"
_MORE = (
    r"[\-_+][^\W_][\w.]*"
    r"|[\s\-]?v\d[\w.]*"
    r"|['’]\d\d\b"
    r"|\d[\w.]*"
    r"|\s+(?:mini|lite|hard|pro|plus|extended|verified|multimodal|multilingual|live|main|diamond|"
    r"redux|xl|extra)\b"
    r"|\s+20\d\d\b(?!\s*%)"
)


@cache
def _regex() -> re.Pattern[str]:
    exact = _case_names()
    names = sorted(
        {n for b in BENCHMARKS for n in (b.name, *b.names)}
        | {n for f in FAMILIES for n in (f.name, *f.names)}
        | {n for x in NAMED for n in x.names},
        key=lambda n: (-len(_norm(n)), n),
    )  # longest first: "SWE-bench Verified Mini" before "SWE-bench Verified"
    core = "|".join(f"(?-i:{_pattern(n)})" if n in exact else _pattern(n) for n in names)
    return re.compile(
        rf"(?<![\w\-+.])(?:(?P<core>{core})|(?P<pre>[^\W\d_]\w*[\-_])(?P<tail>{core}))"
        rf"(?:(?P<more>{_MORE})|(?![\w+]))",
        re.IGNORECASE,
    )


# ---- subsets

_PART_WORDS = (
    r"subset|subsample|sample|slice|portion|fraction|part|half|third|quarter|section|"
    r"category|subcategory|subject|domain"
)
_PART_BEFORE = re.compile(rf"\b(?:{_PART_WORDS})\s+(?:of|from|in)\s+(?:the\s+)?$", re.IGNORECASE)
_QUALIFIER = re.compile(r"([\w%.\-]+)\s+$")
# words that end a part's phrase on the left: "scores 61% on | half of MMLU"
_NOT_QUALIFIERS = frozenset(
    [
        "on",
        "in",
        "at",
        "for",
        "of",
        "to",
        "with",
        "by",
        "and",
        "or",
        "vs",
        "versus",
        "from",
        "than",
        "is",
        "was",
        "are",
        "were",
        "scores",
        "scored",
        "reaches",
        "reached",
        "hits",
        "hit",
        "gets",
        "got",
        "achieves",
        "achieved",
        "leads",
        "led",
    ]
)
_ARTICLES = frozenset({"the", "a", "an"})
_PARENS = re.compile(r"\s*\(([^()]{1,60})\)")
_PART_INSIDE = re.compile(
    r"\b(?:only|subset|sample|sampled|subsample|slice|excluding|without|physics|chemistry|"
    r"biology|maths?|mathematics|history|law|medicine|economics)\b"
    # a window of dates (LiveCodeBench "2408-2505", "24.08–25.05", "Aug 2024 – May 2025")
    r"|\b\d{4}\s*[\-–]\s*\d{4}\b|\b\d{2}\.\d{2}\s*[\-–]|\b20\d\d[.\-/]\d{1,2}\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}",
    re.IGNORECASE,
)


def _part_before(text: str, start: int) -> int | None:
    """Where a phrase making the name a part begins ("the physics subset of "), or None: the
    part's word and up to three qualifiers before it ("a 25% sample of ", "half of ")."""
    m = _PART_BEFORE.search(text, max(0, start - 40), start)
    if m is None or m.end() != start:
        return None
    begin = m.start()
    for _ in range(3):
        q = _QUALIFIER.search(text, max(0, begin - 40), begin)
        if q is None or q.end() != begin or q.group(1).casefold() in _NOT_QUALIFIERS:
            break
        begin = q.start()
        if q.group(1).casefold() in _ARTICLES:
            break
    return begin


def _part_after(text: str, end: int) -> int | None:
    """Where a parenthetical making the name a part ends ("(chemistry)"), or None. A count in
    it ("(448 questions)") is the sentence's own and read as such, not a part."""
    m = _PARENS.match(text, end)
    if m is None or _PART_INSIDE.search(m.group(1)) is None:
        return None
    return m.end()


def read_benchmarks(text: str) -> list[BenchmarkHit]:
    """Every benchmark named in ``text``, in order, each with its kind (:class:`BenchmarkHit`).

    >>> [(h.kind, h.key) for h in read_benchmarks("the physics subset of GPQA Diamond")]
    [('subset', None)]
    >>> [(h.kind, h.key) for h in read_benchmarks("AIME'24 vs AIME 2025 II")]
    [('preset', 'aime-2024'), ('preset', 'aime-2025-ii')]
    """
    hits = []
    table = _names()
    for m in _regex().finditer(text):
        name = m.group("core") or m.group("tail")
        # a spelling the patterns take but no declared name shares is no count's
        kind, key, known = table.get(_norm(name), ("unknown", None, name))
        start, end = m.start(), m.end()
        if m.group("pre") or m.group("more"):
            kind, key = "unknown", None
        else:
            before, after = _part_before(text, start), _part_after(text, end)
            if before is not None or after is not None:
                kind, key = "subset", None
                start, end = before if before is not None else start, after or end
        hits.append(BenchmarkHit(start, end, kind, key, known))
    return hits


# ---- the claim reader's shapes

Hit = tuple[int, int, str | None]  # where a benchmark's name stands, and its preset (or family) key


def find_benchmarks(text: str) -> list[Hit]:
    """Every benchmark name in ``text``: start, end and key (a preset's, or a family's such as
    "gpqa"); None for a benchmark with no count (named, unknown, a subset).

    >>> find_benchmarks("61% on MMLU-Pro, 58% on HumanEval-XL")
    [(7, 15, 'mmlu-pro'), (24, 36, None)]
    """
    return [(h.start, h.end, h.key) for h in read_benchmarks(text)]


def pick_benchmark(hits: list[Hit], text: str, n: int | None) -> tuple[str | None, str | None]:
    """The one preset the claim is about, or None and the question to ask instead.

    A family ("GPQA") is the set whose size ``n`` is (198: Diamond), or asked.

    >>> pick_benchmark(find_benchmarks("61% on GPQA"), "61% on GPQA", 198)
    ('gpqa-diamond', None)
    >>> pick_benchmark(find_benchmarks("61% on LiveCodeBench"), "61% on LiveCodeBench", None)[1]
    'LiveCodeBench: which set is it? Its sets differ in size: LiveCodeBench v1 (400 questions), LiveCodeBench v2 (511), LiveCodeBench v3 (612), LiveCodeBench v4 (713), LiveCodeBench v5 (880), LiveCodeBench v6 (1,055).'
    """
    families = {f.key for f in FAMILIES}
    keys = list(dict.fromkeys(k for _, _, k in hits if k is not None))
    for fam in [k for k in keys if k in families]:
        members = {v.key for v in get_family(fam).versions}
        if any(k in members for k in keys):
            keys.remove(fam)  # "GPQA Diamond … on GPQA": the set it named
    unmapped = {_norm(text[s:e]) for s, e, k in hits if k is None}
    if len(keys) + len(unmapped) > 1:
        named = ", ".join(dict.fromkeys(re.sub(r"\s+", " ", text[s:e]) for s, e, _ in hits))
        return None, f"It names more than one benchmark ({named}): which is the claim about?"
    if not keys:
        return None, None
    if keys[0] not in families:
        return keys[0], None
    if (version := version_of(keys[0], n)) is not None:
        return version, None
    return None, which_set(keys[0])


def which_set(family: str) -> str:
    """The question a family's name asks: which of its sets, with their sizes."""
    f = get_family(family)
    listed = [f"{v.label} ({v.questions:,})" for v in f.versions]
    if listed:
        listed[0] = listed[0].replace(")", " questions)", 1)
    return f"{f.name}: which set is it? Its sets differ in size: {', '.join(listed)}."
