"""Sentences and arithmetic lines about a graded lead, built from results.

"Report it like this" lines (a count with its interval, a lead with its
interval and test), the verdict sentence, and the arithmetic behind each
grading with the reader's numbers. Every number goes through
:mod:`benchstats.words`.
"""

from __future__ import annotations

from benchstats import words
from benchstats.gaps import (
    PAIRED_INTERVAL_NAMES,
    GapResult,
)
from benchstats.intervals import critical_value
from benchstats.mcnemar import MCNEMAR_NAMES, McNemarResult
from benchstats.paired import PairedCounts
from benchstats.scores import score_intervals

__all__ = [
    "arithmetic_paired",
    "arithmetic_reported_se",
    "arithmetic_unpaired",
    "report_paired",
    "report_reported_se",
    "report_score",
    "report_unpaired",
    "verdict_sentence",
]


def report_score(k: int, n: int, *, method: str = "wilson", confidence_level: float = 0.95) -> str:
    """One score as a count and an interval.

    Examples
    --------
    >>> report_score(34, 40)
    '34 of 40, Wilson 95%: 70.9% to 92.9%'
    >>> report_score(34, 40, method="clopper-pearson")
    '34 of 40, Clopper–Pearson 95%: 70.2% to 94.3%'
    """
    (ci,) = score_intervals(k, n, confidence_level=confidence_level, methods=(method,))
    return (
        f"{words.count(k)} of {words.count(n)}, {ci.name} {words.level(confidence_level)}: "
        f"{words.percent(ci.low)} to {words.percent(ci.high)}"
    )


def _minus(names) -> str:
    """The lead's name: "A − B", or the reader's names ("GPT − Claude")."""
    return f"{names[0]} − {names[1]}"


def _interval(gap: GapResult) -> str:
    return f"{words.level(gap.confidence_level)} interval {words.points(gap.low)} to {words.points(gap.high)}"


def report_unpaired(
    gap: GapResult, *, a: float, b: float, n: int, n_b: int | None = None, names=("A", "B")
) -> str:
    """Two scores on their own questions, graded.

    Examples
    --------
    >>> from benchstats import paired_gap, unpaired_gap
    >>> g = unpaired_gap(0.82, 0.78, 448)
    >>> report_unpaired(g, a=0.82, b=0.78, n=448)
    '82% vs 78% on 448 questions each: A − B = +4.0 points, 95% interval −1.2 to +9.2, z = 1.50, p = 0.134'
    """
    nb = n if n_b is None or n_b == n else n_b
    qs = f"{words.plural(n, 'question')} each" if nb == n else f"{n:,} and {nb:,} questions"
    return (
        f"{words.score(a)} vs {words.score(b)} on {qs}: {_minus(names)} = "
        f"{words.points(gap.lead)} points, "
        f"{_interval(gap)}, z = {words.z(gap.z)}, {words.p_is(gap.p_value)}"
    )


def report_reported_se(
    gap: GapResult, *, a: float, se_a: float, b: float, se_b: float, names=("A", "B")
) -> str:
    """Two scores printed with ± SE, graded.

    Examples
    --------
    >>> from benchstats import gap_from_standard_errors
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> report_reported_se(g, a=0.9343, se_a=0.0124, b=0.9520, se_b=0.0107)
    '93.43% ± 1.24 vs 95.2% ± 1.07: A − B = −1.8 points, 95% interval −5.0 to +1.4, z = −1.08, p = 0.280'
    """
    return (
        f"{words.score(a)} ± {round(se_a * 100, 2):g} vs {words.score(b)} ± {round(se_b * 100, 2):g}: "
        f"{_minus(names)} = {words.points(gap.lead)} points, {_interval(gap)}, "
        f"z = {words.z(gap.z)}, {words.p_is(gap.p_value)}"
    )


def report_paired(gap: GapResult, test: McNemarResult, *, n: int, names=("A", "B")) -> str:
    """A paired comparison: the lead, its interval, McNemar's p and the discordant count.

    Examples
    --------
    >>> from benchstats import paired_gap
    >>> from benchstats.mcnemar import mcnemar
    >>> g = paired_gap(20, 8, 198)
    >>> report_paired(g, mcnemar(20, 8), n=198)  # doctest: +ELLIPSIS
    'A − B = +6.1 points, 95% interval +... to +... (Tango), McNemar mid-p = 0.024, 28 of 198 questions discordant'
    """
    key = gap.method.removeprefix("paired-")
    name = PAIRED_INTERVAL_NAMES.get(key, key)
    test_name = "mid-p" if test.method == "mid-p" else f"{MCNEMAR_NAMES[test.method].lower()} p"
    return (
        f"{_minus(names)} = {words.points(gap.lead)} points, {_interval(gap)} ({name}), "
        f"McNemar {words.p_is(test.p_value, test_name)}, "
        f"{words.count(test.b + test.c)} of {words.count(n)} questions discordant"
    )


def verdict_sentence(gap: GapResult, *, questions: str | None = None) -> str:
    """The verdict in one plain sentence, verdict first.

    ``questions`` names what was measured ("these 448 questions"); without it
    the sentence speaks of "these numbers".

    Examples
    --------
    >>> from benchstats import paired_gap, unpaired_gap
    >>> verdict_sentence(unpaired_gap(0.82, 0.78, 448), questions="these 448 questions")
    'Inside the noise: the 95% range for the true lead, −1.2 to +9.2 points, includes zero, so these 448 questions cannot tell the two models apart.'
    >>> verdict_sentence(unpaired_gap(0.78, 0.82, 2000))
    "B's lead clears the noise: the 95% range for the true lead, −6.5 to −1.5 points, stays below zero."
    """
    level = words.level(gap.confidence_level)
    span = f"the {level} range for the true lead, {words.points(gap.low)} to {words.points(gap.high)} points"
    if gap.clears:
        leader, side = ("A", "above") if gap.lead > 0 else ("B", "below")
        return f"{leader}'s lead clears the noise: {span}, stays {side} zero."
    what = questions or "these numbers"
    if gap.lead == 0:
        return f"No lead, and {span}: {what} cannot tell the two models apart."
    return f"Inside the noise: {span}, includes zero, so {what} cannot tell the two models apart."


def _num(x: float, decimals: int = 4) -> str:
    return f"{x:.{decimals}f}"


def arithmetic_unpaired(
    gap: GapResult, *, a: float, b: float, n: int, n_b: int | None = None
) -> list[str]:
    """The unpaired arithmetic with the reader's numbers, one Markdown line each.

    Examples
    --------
    >>> from benchstats import paired_gap, unpaired_gap
    >>> lines = arithmetic_unpaired(unpaired_gap(0.82, 0.78, 100), a=0.82, b=0.78, n=100)
    >>> lines[1]
    'SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √(0.8200 × 0.1800 / 100 + 0.7800 × 0.2200 / 100) = 0.0565, that is 5.65 points.'
    >>> arithmetic_unpaired(unpaired_gap(1.0, 0.05, 20), a=1.0, b=0.05, n=20)[2]
    '95% range = lead ± z × SE = +95.0 ± 1.960 × 4.87 = +85.4 to +100.0 points, cut at ±100 points, the largest lead there can be.'
    """
    nb = n if n_b is None else n_b
    z = critical_value(gap.confidence_level)
    half = z * gap.se
    cut = gap.low > gap.lead - half + 1e-12 or gap.high < gap.lead + half - 1e-12
    return [
        f"Lead = a − b = {_num(a)} − {_num(b)} = {_num(gap.lead)}, that is {words.points(gap.lead)} points.",
        f"SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √({_num(a)} × {_num(1 - a)} / {n:,} + "
        f"{_num(b)} × {_num(1 - b)} / {nb:,}) = {_num(gap.se)}, that is {gap.se * 100:.2f} points.",
        f"{words.level(gap.confidence_level)} range = lead ± z × SE = {words.points(gap.lead)} ± "
        f"{z:.3f} × {gap.se * 100:.2f} = {words.points(gap.low)} to {words.points(gap.high)} points"
        + (", cut at ±100 points, the largest lead there can be." if cut else "."),
        f"z = lead / SE = {words.z(gap.z)}; two-sided p = {words.p_is(gap.p_value, '2 × (1 − Φ(|z|))')}.",
    ]


def arithmetic_reported_se(gap: GapResult, *, se_a: float, se_b: float) -> list[str]:
    """The arithmetic from two printed standard errors.

    Examples
    --------
    >>> from benchstats import gap_from_standard_errors
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> arithmetic_reported_se(g, se_a=0.0124, se_b=0.0107)[:2]  # doctest: +NORMALIZE_WHITESPACE
    ['Lead = a − b = −1.77 points.',
     'SE of the gap = √(se_a² + se_b²) = √(1.24² + 1.07²) = 1.64 points.']
    """
    z = critical_value(gap.confidence_level)
    return [
        f"Lead = a − b = {words.points(gap.lead, decimals=2)} points.",
        f"SE of the gap = √(se_a² + se_b²) = √({se_a * 100:.2f}² + {se_b * 100:.2f}²) = "
        f"{gap.se * 100:.2f} points.",
        f"z = lead / SE = {words.points(gap.lead)} / {gap.se * 100:.2f} = {words.z(gap.z)}; "
        f"two-sided {words.p_is(gap.p_value)}.",
        f"{words.level(gap.confidence_level)} range = lead ± {z:.3f} × SE = {words.points(gap.low)} to "
        f"{words.points(gap.high)} points.",
    ]


def arithmetic_paired(gap: GapResult, counts: PairedCounts) -> list[str]:
    """The paired arithmetic: lead from the disagreements, McNemar's z, Wald's SE.

    Examples
    --------
    >>> from benchstats import paired_gap
    >>> from benchstats.paired import paired_counts
    >>> lines = arithmetic_paired(paired_gap(20, 8, 198), paired_counts(20, 8, 198))
    >>> lines[0]
    'Lead = (a_only − b_only)/n = (20 − 8)/198 = 0.0606, that is +6.1 points.'
    >>> lines[1]
    'SE if the models were equally good = √(a_only + b_only)/n = √28/198 = 2.67 points; McNemar z = (20 − 8)/√28 = 2.27.'
    """
    b, c, n = counts.a_only, counts.b_only, counts.n
    return [
        f"Lead = (a_only − b_only)/n = ({b} − {c})/{n:,} = {_num(counts.lead)}, "
        f"that is {words.points(counts.lead)} points.",
        f"SE if the models were equally good = √(a_only + b_only)/n = √{b + c}/{n:,} = "
        f"{counts.null_se * 100:.2f} points; McNemar z = ({b} − {c})/√{b + c} = {words.z(counts.z)}.",
        f"Wald SE of the lead = √(a_only + b_only − (a_only − b_only)²/n)/n = "
        f"√({b + c} − {(b - c) ** 2}/{n:,})/{n:,} = {gap.se * 100:.2f} points.",
        f"Only the {b + c:,} questions on which the models disagree enter any of this; "
        f"the other {n - b - c:,} cancel out.",
    ]
