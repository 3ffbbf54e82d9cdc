"""Benchmark names and aliases mapped to presets, and metrics ("pass@1", "maj@8")."""

from __future__ import annotations

import re

# (pattern, key); None for a name that has no preset (read, so not taken as a model name).
_BENCHMARK_PATTERNS: tuple[tuple[str, str | None], ...] = (
    (r"gpqa[\s\-_]*diamond|gpqa[\s\-_]*d\b", "gpqa-diamond"),
    (r"gpqa[\s\-_]*main", "gpqa-main"),
    (r"gpqa(?:[\s\-_]*extended)", None),
    (r"gpqa", "gpqa"),  # which set? resolved from n, or asked
    (r"aime(?:[\s\-_]*'?(?:20)?2\d)?(?:[\s\-_]*(?:i{1,2}\b))?", "aime"),
    (r"human[\s\-]?eval\+|humaneval[\s\-]?plus", None),
    (r"human[\s\-]?eval", "humaneval"),
    (r"mbpp\+|mbpp[\s\-]?plus", None),
    (r"mbpp", "mbpp"),
    (r"math[\s\-_]?500", "math-500"),
    (r"swe[\s\-_]?bench[\s\-_:]*verified", "swe-bench-verified"),
    (r"swe[\s\-_]?bench(?:[\s\-_]*(?:lite|multimodal|pro|full))?", None),
    (r"gsm[\s\-_]?8k", "gsm8k"),
    (r"m?mmlu[\s\-_]*pro", "mmlu-pro"),
    (r"mmlu[\s\-_]*redux|mmmlu", None),
    (r"mmlu", "mmlu"),
    (r"arc[\s\-_]*(?:challenge|c)\b", "arc-challenge"),
    (r"mgsm", "mgsm"),
    (r"simple[\s\-]?qa", "simpleqa"),
    (r"hella[\s\-]?swag", "hellaswag"),
    (r"livecodebench|big[\s\-]?bench(?:[\s\-]hard)?|bbh|(?-i:DROP)|ifeval|arena[\s\-]?hard", None),
    # Named so their words are not read as model names or numbers; no preset.
    (r"mt[\s\-]?bench", None),
    (
        r"alpaca[\s\-]?eval(?:[\s\-]*2(?:\.0)?)?(?:[\s\-]*lc)?|wildbench|livebench|mmmu(?:[\s\-]*pro)?",
        None,
    ),
    (r"math[\s\-]?vista|chartqa|docvqa|truthful[\s\-]?qa|wino[\s\-]?grande|piqa|boolq", None),
    (
        r"terminal[\s\-]?bench|aider(?:[\s\-]polyglot)?|bfcl(?:[\s\-]*v\d)?|tau[\s\-]?bench|τ\S?[\s\-]?bench",
        None,
    ),
    (
        r"humanity'?s\s+last\s+exam|\bhle|arc[\s\-]?agi(?:[\s\-]*\d)?|frontier[\s\-]?math|codeforces|"
        r"cruxeval|natural[\s\-]?questions|trivia[\s\-]?qa|(?-i:MATH)|(?-i:MMMLU)",
        None,
    ),
)
#: Benchmarks scored on a scale other than a share of questions right (a judge's 1–10).
SCALES: dict[str, int] = {"mtbench": 10}
_BENCHMARK_RE = re.compile(
    # A name ends where a word would: "MMLU professional law" is MMLU, not MMLU-Pro.
    "|".join(f"(?P<b{i}>\\b(?:{p})(?!\\w))" for i, (p, _) in enumerate(_BENCHMARK_PATTERNS)),
    re.IGNORECASE,
)
_GPQA_SETS = {198: "gpqa-diamond", 448: "gpqa-main"}

_METRIC_RE = re.compile(r"\b(?:pass|maj|cons|best|avg|mean|top)@\s?(?:\d+|k)\b", re.IGNORECASE)


Hit = tuple[int, int, str | None]  # where a benchmark's name stands, and its preset key


def find_benchmarks(text: str) -> list[Hit]:
    """Every benchmark name in ``text``: start, end and preset key (None: no preset)."""
    return [
        (m.start(), m.end(), _BENCHMARK_PATTERNS[int(m.lastgroup[1:])][1])
        for m in _BENCHMARK_RE.finditer(text)
    ]


def find_metrics(text: str) -> list[re.Match[str]]:
    """Every metric named in ``text``: "pass@1", "maj@ 8", "avg@16"."""
    return list(_METRIC_RE.finditer(text))


def pick_benchmark(hits: list[Hit], text: str, n: int | None) -> tuple[str | None, str | None]:
    """The one preset the claim is about, or None and the question to ask instead.

    A bare "GPQA" is the set whose size ``n`` is (198 Diamond, 448 main), or asked.

    >>> pick_benchmark(find_benchmarks("61% on GPQA"), "61% on GPQA", 198)
    ('gpqa-diamond', None)
    """
    keys = list(dict.fromkeys(k for _, _, k in hits if k is not None))
    if "gpqa" in keys and any(k.startswith("gpqa-") for k in keys):
        keys.remove("gpqa")  # "GPQA Diamond … on GPQA": the set it named
    unmapped = {re.sub(r"[\s\-_]", "", text[s:e]).lower() for s, e, k in hits if k is None}
    if len(keys) + len(unmapped) > 1:
        named = ", ".join(dict.fromkeys(re.sub(r"\s+", " ", text[s:e]) for s, e, _ in hits))
        return None, f"It names more than one benchmark ({named}): which is the claim about?"
    if not keys:
        return None, None
    if keys[0] != "gpqa":
        return keys[0], None
    if n in _GPQA_SETS:
        return _GPQA_SETS[n], None
    return None, "GPQA: the Diamond set (198 questions) or the main set (448)?"


_LOWER_IS_BETTER_RE = re.compile(
    r"\b(?P<what>hallucination[\s\-]rate|hallucinat\w*|error[\s\-]rate|word[\s\-]error[\s\-]rate|"
    r"(?-i:WER|CER)|failure[\s\-]rate|attack[\s\-]success[\s\-]rate|jailbreak[\s\-]rate|"
    r"halluzinationsrate|fehlerrate|tasa\s+de\s+(?:alucinaci[oó]n(?:es)?|error(?:es)?))\b",
    re.IGNORECASE,
)
_RATE_NAMES = {
    "hallucinat": "hallucination rate",
    "halluzinat": "hallucination rate",
    "tasa de aluc": "hallucination rate",
    "fehler": "error rate",
    "tasa de error": "error rate",
    "wer": "word error rate",
    "cer": "character error rate",
}


def lower_is_better(text: str) -> str | None:
    """The rate named where lower is better ("hallucination rate"), or None.

    >>> lower_is_better("X hallucinates 4.1% of the time vs Y's 6.3%")
    'hallucination rate'
    """
    m = _LOWER_IS_BETTER_RE.search(text)
    if m is None:
        return None
    what = re.sub(r"[\s\-]+", " ", m.group("what").lower())
    return next((v for k, v in _RATE_NAMES.items() if what.startswith(k)), what)
