"""The questions to ask of a leaderboard row, answered where the claim says."""

from __future__ import annotations

import re
from dataclasses import dataclass

from benchstats import words
from benchstats.benchmarks import Benchmark
from benchstats.language import N_, _, ngettext

# TRANSLATORS: the checklist's answer where the claim does not say.
NOT_STATED = N_("not stated")
_METRIC = re.compile(r"(?P<kind>[a-z]+)@(?P<k>\d+|k)")
# TRANSLATORS: what a metric of k samples counts (pass@k, maj@k…); k stays k.
_KINDS = {
    "pass": N_("solved if any of k samples passes"),
    "maj": N_("the majority answer of k samples"),
    "cons": N_("the majority answer of k samples"),
    "avg": N_("the average over k samples"),
    "mean": N_("the average over k samples"),
    "best": N_("the best of k samples"),
    "top": N_("right if among the first k answers"),
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
        return _(NOT_STATED), False
    kind, k = m.group("kind"), m.group("k")
    about = _(_KINDS[kind]) if kind in _KINDS else None
    # TRANSLATORS: the claim's metric: {kind} is its name (pass, maj), {k} its k as the claim
    # wrote it, {about} what it counts ("solved if any of k samples passes").
    if k == "k" and about:
        said = _("{kind}@k, k not stated: {about}")
    elif k == "k":
        said = _("{kind}@k, k not stated")
    elif about:
        said = _("{kind}@k with k = {k}: {about}")
    else:
        said = _("{kind}@k with k = {k}")
    return said.format(kind=kind, k=k, about=about), True


def _floor(bench: Benchmark | None) -> tuple[str, bool]:
    if bench is None:
        return _("not stated: choose the benchmark preset"), False
    if bench.options is None:
        # TRANSLATORS: the chance floor of a benchmark whose answers are free, not chosen.
        return _("none: {bench} answers are not picked from a list").format(bench=bench.name), True
    floor = words.score(chance_floor(bench.options))
    # TRANSLATORS: the chance floor: {floor} is "25%", {count} the answer options, {bench} the
    # benchmark.
    said = ngettext(
        "{floor} ({count} option on {bench})", "{floor} ({count} options on {bench})", bench.options
    )
    return said.format(floor=floor, count=words.count(bench.options), bench=bench.name), True


def _runs(metric: str | None) -> tuple[str, bool]:
    m = _METRIC.fullmatch(metric or "")
    if m is not None and m.group("kind") in _AVERAGES and m.group("k") not in ("k", "1"):
        # TRANSLATORS: {samples} is "8 samples".
        return _("an average over {samples}").format(
            samples=words.plural(int(m.group("k")), "sample")
        ), True
    return _(NOT_STATED), False


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
    size = _(NOT_STATED) if n is None else words.count(n)
    if n is not None and bench is not None:
        size += f" ({bench.name})"
    # TRANSLATORS: the questions to ask of a leaderboard row.
    rows = (
        ("questions", _("How many questions?"), (size, n is not None), "needed"),
        ("floor", _("What does guessing score?"), _floor(bench), "grader"),
        (
            "runs",
            _("One run (one prompt format, one seed), or an average over several?"),
            _runs(metric),
            "luck",
        ),
        ("metric", _("Accuracy, pass@k or maj@k, and at what k?"), metric_words(metric), "passk"),
        ("temperature", _("At what decoding temperature?"), (_(NOT_STATED), False), "passk"),
    )
    return tuple(CheckItem(t, q, answer, known, p) for t, q, (answer, known), p in rows)
