"""A score's stated spread as its standard error: "± 1.8", "(SE 1.8)", "(95% CI 70.1–72.9)".

Each one belongs to the score just before it (or the first score, when none is
before). An interval gives SE = (high − low) / (2 × 1.96). A "±" is one SE,
unless the sentence says it is a 95% interval, or, on a benchmark whose size is
known, it is about 1.96 times the binomial SE √(p(1 − p)/n): then it is read as
a 95% half-width, SE = ± / 1.96. Which one was used, and why, is a note.
"""

from __future__ import annotations

import math
import re

from benchstats import words
from benchstats.claims.numbers import Number, se_value
from benchstats.claims.readings import Context, Entry, Question

Z = {90: 1.645, 95: 1.96, 99: 2.576}  # the normal quantile of each interval level
Z_WORDS = {90: "1.645", 95: "1.96", 99: "2.576"}
CI_BAND = (1.6, 2.4)  # a ± this many binomial SEs is read as a 95% half-width


def _owner(read: list[Entry], x: Number) -> Entry:
    before = [e for e in read if e.number.start < x.start]
    return before[-1] if before else read[0]


def _level(ctx: Context, x: Number) -> int:
    m = re.search(r"\b(9[05]|99)\s?%", ctx.masked[max(0, x.start - 40) : x.start])
    return int(m.group(1)) if m else 95


def convention(
    ctx: Context, read: list[Entry], spreads: list[Number], n: int | None
) -> tuple[str, str]:
    """ "se" or "ci" for the sentence's "±"s, and the note that says which and why ("" for none)."""
    pms = [x for x in spreads if x.kind == "se" and (x.pm or x.ci)]
    if not pms:
        return "se", ""
    if any(x.ci for x in pms):
        return (
            "ci",
            "The ± is read as a 95% interval's half-width, as the sentence says; SE = ± / 1.96.",
        )
    if re.search(r"\b(?:se|s\.e\.|standard\s+errors?)\b", ctx.masked, re.I):
        return "se", ""
    if n is None:
        return "se", (
            "The ± is read as one standard error (the usual leaderboard ±); no count of "
            "questions says otherwise."
        )
    ratios = []
    for x in pms:
        e = _owner(read, x)
        binomial = math.sqrt(max(e.score * (1 - e.score), 1e-12) / n)
        ratios.append(se_value(x, e.number) / binomial)
    ratio = sum(ratios) / len(ratios)
    times = words.z(ratio)
    if CI_BAND[0] <= ratio <= CI_BAND[1]:
        return "ci", (
            f"The ± is read as a 95% interval's half-width, not one SE: on "
            f"{words.plural(n, 'question')} it is {times} times the binomial SE, near 1.96; "
            "SE = ± / 1.96."
        )
    return "se", (
        f"The ± is read as one standard error: on {words.plural(n, 'question')} it is "
        f"{times} times the binomial SE (a 95% half-width would be near 1.96)."
    )


def attach(
    ctx: Context, read: list[Entry], spreads: list[Number], n: int | None
) -> tuple[list[str], list[Question]]:
    """Each spread's SE set on the score it belongs to; the notes, and any interval that does not
    hold its score (a problem: the reading is not graded)."""
    if not read:
        return [], []
    rule, note = convention(ctx, read, spreads, n)
    problems: list[Question] = []
    for x in spreads:
        e = _owner(read, x)
        if e.se is not None:
            continue
        if x.kind == "interval":
            scale = 1 if x.unit == "proportion" else 100
            level = _level(ctx, x)
            low, high = x.value / scale, x.high / scale
            e.se = (high - low) / (2 * Z[level])
            e.se_how = (
                f"SE {words.points(e.se, signed=False, decimals=2)} = ({words.score(high)} − "
                f"{words.score(low)}) / (2 × {Z_WORDS[level]}), from the {level}% interval"
            )
            slack = e.number.half + x.half + 1e-9
            if not low - slack <= e.score <= high + slack:
                problems.append(
                    Question(
                        f"The interval {ctx.words(x)} does not hold its score "
                        f"{ctx.words(e.number)}: which is right?",
                        ("a", "b", "se_a", "se_b"),
                    )
                )
        else:
            e.se = se_value(x, e.number)
            if rule == "ci" and (x.pm or x.ci):
                e.se /= 1.96
                e.se_how = (
                    f"SE {words.points(e.se, signed=False, decimals=2)} = {ctx.words(x)} / 1.96"
                )
        e.se_number = x
    return ([note] if note else []), problems
