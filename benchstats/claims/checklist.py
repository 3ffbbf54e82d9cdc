"""The questions to ask of a leaderboard row, answered where the claim says."""

from __future__ import annotations

import re
from dataclasses import dataclass

from benchstats import words
from benchstats.benchmarks import Benchmark

NOT_STATED = "not stated"
_METRIC = re.compile(r"(?P<kind>[a-z]+)@(?P<k>\d+|k)")
_KINDS = {
    "pass": "solved if any of k samples passes",
    "maj": "the majority answer of k samples",
    "cons": "the majority answer of k samples",
    "avg": "the average over k samples",
    "mean": "the average over k samples",
    "best": "the best of k samples",
    "top": "right if among the first k answers",
}
_AVERAGES = ("avg", "mean")


@dataclass(frozen=True)
class CheckItem:
    """One question: its words, the answer (or "not stated"), and the key of the page that
    explains it in ``ui.registry``."""

    topic: str
    question: str
    answer: str
    known: bool
    page: str


def chance_floor(options: int) -> float:
    """What guessing scores on questions with ``options`` answer choices: 1/options.

    >>> chance_floor(4)
    0.25
    """
    if isinstance(options, bool) or not isinstance(options, int) or options < 2:
        msg = f"options must be a whole number of answer choices ≥ 2, got {options!r}"
        raise ValueError(msg)
    return 1 / options


def metric_words(metric: str | None) -> tuple[str, bool]:
    """The metric and its k in words, and whether the claim stated it.

    >>> metric_words("maj@8")
    ('maj@k with k = 8: the majority answer of k samples', True)
    >>> metric_words("pass@k"), metric_words(None)
    (('pass@k, k not stated: solved if any of k samples passes', True), ('not stated', False))
    """
    m = _METRIC.fullmatch(metric or "")
    if m is None:
        return NOT_STATED, False
    kind, k = m.group("kind"), m.group("k")
    stated = f"{kind}@k, k not stated" if k == "k" else f"{kind}@k with k = {k}"
    about = _KINDS.get(kind)
    return (f"{stated}: {about}" if about else stated), True


def _floor(bench: Benchmark | None) -> tuple[str, bool]:
    if bench is None:
        return f"{NOT_STATED}: choose the benchmark preset", False
    if bench.options is None:
        return f"none: {bench.name} answers are not picked from a list", True
    floor = words.score(chance_floor(bench.options))
    return f"{floor} ({bench.options} options on {bench.name})", True


def _runs(metric: str | None) -> tuple[str, bool]:
    m = _METRIC.fullmatch(metric or "")
    if m is not None and m.group("kind") in _AVERAGES and m.group("k") not in ("k", "1"):
        return f"an average over {words.plural(int(m.group('k')), 'sample')}", True
    return NOT_STATED, False


def row_checklist(
    n: int | None, *, bench: Benchmark | None = None, metric: str | None = None
) -> tuple[CheckItem, ...]:
    """Five questions (items, chance floor, runs, metric, temperature), answered from ``n``,
    the preset ``bench`` and the parsed ``metric``, "not stated" otherwise.

    Examples
    --------
    >>> from benchstats import get_benchmark
    >>> for item in row_checklist(198, bench=get_benchmark("gpqa-diamond"), metric="pass@1"):
    ...     print(f"{item.question} {item.answer} [{item.page}]")
    How many questions? 198 (GPQA Diamond) [needed]
    What does guessing score? 25% (4 options on GPQA Diamond) [grader]
    One run (one prompt format, one seed), or an average over several? not stated [luck]
    Accuracy, pass@k or maj@k, and at what k? pass@k with k = 1: solved if any of k samples passes [passk]
    At what decoding temperature? not stated [passk]
    """
    size = NOT_STATED if n is None else words.count(n)
    if n is not None and bench is not None:
        size += f" ({bench.name})"
    rows = (
        ("questions", "How many questions?", (size, n is not None), "needed"),
        ("floor", "What does guessing score?", _floor(bench), "grader"),
        (
            "runs",
            "One run (one prompt format, one seed), or an average over several?",
            _runs(metric),
            "luck",
        ),
        ("metric", "Accuracy, pass@k or maj@k, and at what k?", metric_words(metric), "passk"),
        ("temperature", "At what decoding temperature?", (NOT_STATED, False), "passk"),
    )
    return tuple(CheckItem(t, q, answer, known, p) for t, q, (answer, known), p in rows)
