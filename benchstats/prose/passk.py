"""Sentences and arithmetic lines of the pass@k page, built from results.

Builders take :mod:`benchstats.passk_mix` results and format every number
through :mod:`benchstats.words`; :func:`count_text` adds the one form words
lacks, an exact count too large for a float (C(200, 100) ≈ 9.05 × 10⁵⁸).
A pass@k is a chance (:func:`chance`): "100%" only when it is exactly 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from benchstats import words
from benchstats.passk import DrawCounts, MajCurve
from benchstats.passk_mix import AvgAtK, MixBand, MixCurve
from benchstats.prose import in_points

_BELOW_ONE = math.nextafter(1.0, 0.0)


def chance(x: float, *, exact: bool = False) -> str:
    """A pass@k as a chance: "100%" only when the caller knows it is exactly 1.

    A float rounds 1 − 10⁻⁵⁹ to 1.0; that must still read "more than 99.99%".

    Examples
    --------
    >>> chance(0.6009), chance(1.0), chance(1.0, exact=True), chance(0.0)
    ('60.09%', 'more than 99.99%', '100%', '0%')
    """
    return words.chance(x if exact or x < 1.0 else _BELOW_ONE)


def count_text(x: int) -> str:
    """An exact count for people: ``15,504`` up to 10¹⁵, then ``9.05 × 10⁵⁸``.

    Works for integers far beyond a float (uses ``math.log10``, not ``str``).

    Examples
    --------
    >>> count_text(15504), count_text(math.comb(200, 100)), count_text(0)
    ('15,504', '9.05 × 10⁵⁸', '0')
    """
    x = int(x)
    return words.count(x) if x < 10**15 else power_text(math.log10(x))


def power_text(log10: float) -> str:
    """A huge number given by its base-10 logarithm, as ``9.05 × 10⁵⁸``.

    Examples
    --------
    >>> power_text(58.956881), power_text(2.99999999)
    ('9.05 × 10⁵⁸', '1.00 × 10³')
    """
    exponent = math.floor(log10)
    mantissa = 10 ** (log10 - exponent)
    if round(mantissa, 2) >= 10:  # 9.999… rounds up to 10.00
        mantissa, exponent = mantissa / 10, exponent + 1
    sup = str(exponent).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{mantissa:.2f} × 10{sup}"


# --------------------------------------------------------------------------- one problem


def _ways(x: int) -> str:
    """ "1 way", "15,504 ways", "9.05 × 10⁵⁸ ways"."""
    return "1 way" if x == 1 else f"{count_text(x)} ways"


def _pick(d: DrawCounts) -> str:
    return f"{words.plural(d.k, 'sample')} of these {words.count(d.n)}"


def question(samples: int, passed: int, k: int) -> str:
    """Predict first on one problem.

    >>> question(20, 3, 5)
    'What is pass@5 for 3 passing samples of 20?'
    """
    return (
        f"What is pass@{words.count(k)} for {words.plural(passed, 'passing sample')} "
        f"of {words.count(samples)}?"
    )


def problem_headline(d: DrawCounts) -> str:
    """The answer for one problem: pass@k, and how far below the shortcut sits.

    Examples
    --------
    >>> from benchstats.passk import draw_counts
    >>> problem_headline(draw_counts(20, 3, 5))
    'pass@5 = 60.09%: the share of the 15,504 ways to pick 5 samples of these 20 that hold a pass. The shortcut says 55.63%, 4.5 points too low.'
    """
    k, fails = d.k, d.n - d.c
    if fails == 0:
        return (
            f"pass@{k} is exactly 1: all {words.plural(d.n, 'sample')} passed, so every pick of "
            f"{words.count(k)} holds a pass."
        )
    if fails < k:
        return (
            f"pass@{k} is exactly 1: only {words.count(fails)} of the {words.plural(d.n, 'sample')} "
            f"failed, fewer than the {words.plural(k, 'try', 'tries')}, so every pick of "
            f"{words.count(k)} holds a pass."
        )
    if d.c == 0:
        return f"pass@{k} is 0: no sample passed, so no pick of {words.count(k)} can hold a pass."
    pk = d.pass_at_k
    if pk >= 0.99995:
        first = (
            f"pass@{k} is just below 1: a pick misses every pass in only "
            f"{count_text(d.without_pass)} of the {_ways(d.total)} to pick {_pick(d)}."
        )
    else:
        first = (
            f"pass@{k} = {chance(pk)}: the share of the {_ways(d.total)} to pick "
            f"{_pick(d)} that hold a pass."
        )
    short = d.shortcut
    gap = pk - short  # never negative: the shortcut is always the lower
    if k == 1:
        second = "At k = 1 the shortcut agrees: both are c/n."
    elif gap < 0.0005:
        second = f"The shortcut says {chance(short)}, within 0.1 points here."
    else:
        second = f"The shortcut says {chance(short)}, {in_points(gap)} too low."
    return f"{first} {second}"


def draws_note(d: DrawCounts) -> str:
    """How many of the draws hold no pass."""
    return (
        f"Of the {_ways(d.total)} to pick {_pick(d)}, "
        f"{count_text(d.without_pass)} {'contains' if d.without_pass == 1 else 'contain'} "
        "no passing sample."
    )


def problem_arithmetic(d: DrawCounts) -> tuple[str, str]:
    """The counting argument in words, and the formula with the reader's numbers (LaTeX)."""
    n, c, k = d.n, d.c, d.k
    text = (
        f"Picking {words.count(k)} of {words.plural(n, 'sample')} can be done in "
        f"C({words.count(n)}, {words.count(k)}) = {_ways(d.total)}, all equally "
        f"likely. A pick holds no pass only if all {words.count(k)} come from the "
        f"{words.plural(n - c, 'failure')}: C({words.count(n - c)}, {words.count(k)}) = "
        f"{_ways(d.without_pass)}. So"
    )
    value = chance(d.pass_at_k, exact=d.certain).replace("%", r"\%")
    latex = (
        rf"\text{{pass@}}{k} = 1 - \frac{{\binom{{{n - c}}}{{{k}}}}}"
        rf"{{\binom{{{n}}}{{{k}}}}} = {value}"
    )
    return text, latex


def shortcut_arithmetic(d: DrawCounts) -> str:
    """Why the running product, and what the shortcut multiplies."""
    return (
        "The binomials get huge (C(200, 100) is about 9 × 10⁵⁸, too big for a "
        "floating-point number), so the ratio is computed as a running product "
        "∏ (1 − k/i) over i = n − c + 1 … n, which never leaves 0 to 1. When fewer than "
        "k samples failed, every pick holds a pass and pass@k is exactly 1.\n\n"
        f"The shortcut 1 − (1 − {words.score(d.c / d.n)})^{d.k} = {chance(d.shortcut)} multiplies "
        f"{words.count(d.k)} independent chances of failing, as if each try were a fresh sample "
        "from a problem whose pass rate is exactly c/n. Drawing without replacement "
        "cannot pick the same failure twice, so the true share is higher."
    )


def samples_allowed(samples: int, what: str) -> str:
    """What ``passed`` or ``k`` may be at n samples, for the note on a refused one.

    >>> samples_allowed(20, "tries")
    'at most samples = 20: the tries are drawn from the samples'
    """
    why = (
        "no more samples pass than were drawn"
        if what == "passes"
        else f"the {what} are drawn from the samples"
    )
    return f"at most samples = {words.count(samples)}: {why}"


def distractor_allowed(p_correct: float) -> str:
    """What the strongest wrong answer's chance may be beside the correct one's (percent).

    >>> distractor_allowed(70)
    'at most 100 − p_correct = 30 (percent): they are the chances of two different answers'
    """
    return f"at most 100 − p_correct = {100 - p_correct:g} (percent): they are the chances of two different answers"


# --------------------------------------------------------------------------- the mix


def mix_headline(name: str, curve: MixCurve, departs: int | None) -> str:
    """The benchmark's pass@k at the last k against the shortcut, and where they part."""
    last = words.count(int(curve.k[-1]))
    drift = (
        "the shortcut stays inside the 95% band all the way"
        if departs is None
        else f"the shortcut leaves the 95% band from k = {words.count(departs)}"
    )
    at_last = chance(curve.estimate[-1], exact=bool(curve.exactly_one[-1]))
    return (
        f"{name}: at k = {last} the benchmark's pass@k is {at_last}, "
        f"the shortcut says {chance(curve.shortcut[-1])}; {drift}."
    )


def mix_arithmetic(size: int, curve: MixCurve, band: MixBand, capped: bool) -> str:
    """How the benchmark curve, the shortcut and the band are computed."""
    return (
        f"For each of the {words.plural(size, 'problem')}, pass@k = 1 − C(n − c, k)/C(n, k) "
        "from its own n and c; the benchmark's pass@k is their plain average (the blue "
        "line). The shortcut takes the average pass rate "
        f"p = {words.score(curve.mean_pass_rate)} and reports 1 − (1 − p)^k (the dashed line).\n\n"
        "Why they part: 1 − (1 − p)^k bends (it is concave in p), so the average of the "
        "bent values is below the bent average. A problem nobody solves stays at 0 "
        "however many tries you allow, but in the shortcut its zero is mixed into the "
        "average and then gets tries of its own.\n\n"
        f"The band: {words.count(band.resamples)} benchmarks of {words.plural(size, 'problem')} "
        f"drawn from these problems with replacement (seed {band.seed}), each averaged the same "
        "way; the band runs from the 2.5th to the 97.5th percentile at each k. It shows "
        "how much the curve would move with other problems of the same kind. "
        f"The curve is drawn up to k = {words.count(int(curve.k[-1]))}, the fewest samples any "
        "problem has" + (" (capped)." if capped else ".")
    )


def avg_sentence(name: str, avg: AvgAtK) -> str:
    """avg@k: pass@1 with less noise, down to the floor the problems set."""
    return (
        "avg@k averages k samples per problem. It estimates the same thing as pass@1, "
        f"with a smaller error bar: on {name} the standard error falls from "
        f"{in_points(avg.se[0])} with one sample to "
        f"{words.points(avg.se[-1], signed=False)} with {words.count(int(avg.k[-1]))}. It cannot "
        f"go below {in_points(avg.se_floor)}: that part comes from which "
        "problems are in the benchmark, and only more problems shrink it."
    )


def maj_sentence(maj: MajCurve) -> str:
    """Where maj@k heads as k grows, against pass@k (the two chances named first).

    >>> from benchstats.passk import maj_curve
    >>> maj_sentence(maj_curve(0.3, 0.4, [1, 60]))[:103]
    'With 30% correct and 40% for the strongest wrong answer: **with 60 samples maj@k is 17.64% while pass@k'
    """
    k_max = words.count(int(maj.k[-1]))
    lead = (
        f"With {words.score(maj.p_correct)} correct and {words.score(maj.p_distractor)} for the "
        f"strongest wrong answer: **with {k_max} samples maj@k is {chance(maj.maj[-1])} while "
        f"pass@k is {chance(maj.pass_[-1])}.**"
    )
    if maj.p_correct == 0:
        return lead + " No sample is ever correct, so neither a vote nor k tries can be."
    where = {
        1.0: "towards 1: the correct answer is the most common, so more votes help",
        0.0: "towards 0: a wrong answer is the most common, so more votes make it worse",
        0.5: "towards ½: the two top answers tie and the vote is a coin flip",
    }[maj.limit]
    best = int(maj.k[int(maj.maj.argmax())])
    return lead + (
        f" A majority vote converges to the most common answer, so maj@k heads {where}. "
        f"It peaks at k = {words.count(best)} ({chance(float(maj.maj.max()))}). pass@k only "
        "needs one correct sample, so it rises whatever the wrong answers do."
    )


# --------------------------------------------------------------------------- the column rule


@dataclass(frozen=True)
class ColumnRule:
    """One row of the column rule: a metric, what it is, and its company."""

    metric: str
    measures: str
    same_column_as: str
    print_with: str


COLUMN_RULE: tuple[ColumnRule, ...] = (
    ColumnRule(
        "pass@1",
        "The chance that one sample passes, averaged over problems.",
        "avg@k (both estimate pass@1), at the same temperature.",
        "n samples per problem, temperature (and top-p), the estimator.",
    ),
    ColumnRule(
        "pass@k (k > 1)",
        "The chance that at least one of k samples passes.",
        "Only pass@k with the same k.",
        "k, n (n ≥ k samples drawn), temperature; the unbiased estimator, not 1 − (1 − p)^k.",
    ),
    ColumnRule(
        "avg@k",
        "The pass rate averaged over k samples per problem: pass@1 with less noise.",
        "pass@1 (the same quantity), at the same temperature.",
        "k, temperature.",
    ),
    ColumnRule(
        "maj@k",
        "The chance that the most common answer of k samples is correct.",
        "Only maj@k with the same k.",
        "k, temperature, how answers are matched and ties broken.",
    ),
)
