"""Metrics ("pass@1", "maj@8"), rates where lower is better, and the benchmark finder's names."""

from __future__ import annotations

import re

# The benchmark names come from the catalogue (benchstats.benchmarks): found there, kept here
# for the claim reader's imports.
from benchstats.claims.benchmark_names import Hit, find_benchmarks, pick_benchmark

__all__ = ["SCALES", "Hit", "find_benchmarks", "find_metrics", "lower_is_better", "pick_benchmark"]

#: Benchmarks scored on a scale other than a share of questions right (a judge's 1–10).
SCALES: dict[str, int] = {"mtbench": 10}

_METRIC_RE = re.compile(r"\b(?:pass|maj|cons|best|avg|mean|top)@\s?(?:\d+|k)\b", re.IGNORECASE)


def find_metrics(text: str) -> list[re.Match[str]]:
    """Every metric named in ``text``: "pass@1", "maj@ 8", "avg@16"."""
    return list(_METRIC_RE.finditer(text))


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
