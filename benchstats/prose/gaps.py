"""Sentences about a graded lead: "report it like this" lines, the arithmetic with the
reader's numbers, and the Gap grader's sections (paired counts, each score, chance
correction, the overlap rule)."""

from __future__ import annotations

from benchstats import words
from benchstats.gaps import PAIRED_INTERVAL_NAMES, GapResult
from benchstats.intervals import critical_value
from benchstats.mcnemar import MCNEMAR_NAMES, McNemarResult
from benchstats.paired import PairedCounts
from benchstats.prose import in_points, span
from benchstats.scores import score_intervals


def report_score(k: int, n: int, *, method: str = "wilson", confidence_level: float = 0.95) -> str:
    """One score as a count and an interval.

    >>> report_score(34, 40, method="clopper-pearson")
    '34 of 40, Clopper–Pearson 95%: 70.2% to 94.3%'
    """
    (ci,) = score_intervals(k, n, confidence_level=confidence_level, methods=(method,))
    return (
        f"{words.count(k)} of {words.count(n)}, {ci.name} {words.level(confidence_level)}: "
        f"{words.percent(ci.low)} to {words.percent(ci.high)}"
    )


def _lead(gap: GapResult, names) -> str:
    return (
        f"{names[0]} − {names[1]} = {words.points(gap.lead)} points, "
        f"{words.level(gap.confidence_level)} interval {span(gap)}"
    )


def _test(gap: GapResult) -> str:
    return f"z = {words.z(gap.z)}, {words.p_is(gap.p_value)}"


def report_unpaired(
    gap, *, a: float, b: float, n: int, n_b: int | None = None, names=("A", "B"), decimals=(0, 0)
):
    """Two scores on their own questions, graded (``decimals``: each score's as written).

    >>> from benchstats import unpaired_gap
    >>> report_unpaired(unpaired_gap(0.82, 0.78, 448), a=0.82, b=0.78, n=448)
    '82% vs 78% on 448 questions each: A − B = +4.0 points, 95% interval −1.2 to +9.2, z = 1.50, p = 0.134'
    """
    nb = n if n_b is None else n_b
    qs = f"{words.plural(n, 'question')} each" if nb == n else f"{n:,} and {nb:,} questions"
    scores = f"{words.score(a, decimals=decimals[0])} vs {words.score(b, decimals=decimals[1])}"
    return f"{scores} on {qs}: {_lead(gap, names)}, {_test(gap)}"


def report_reported_se(
    gap, *, a: float, se_a: float, b: float, se_b: float, names=("A", "B"), decimals=(0, 0)
):
    """Two scores printed with ± SE, graded (``decimals``: each score's as written).

    >>> from benchstats import gap_from_standard_errors
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> report_reported_se(g, a=0.9343, se_a=0.0124, b=0.9520, se_b=0.0107)
    '93.43% ± 1.24 vs 95.2% ± 1.07: A − B = −1.8 points, 95% interval −5.0 to +1.4, z = −1.08, p = 0.280'
    """
    ses = round(se_a * 100, 2), round(se_b * 100, 2)
    sa, sb = (words.score(x, decimals=d) for x, d in zip((a, b), decimals, strict=True))
    scores = f"{sa} ± {ses[0]:g} vs {sb} ± {ses[1]:g}"
    return f"{scores}: {_lead(gap, names)}, {_test(gap)}"


def report_paired(gap: GapResult, test: McNemarResult, *, n: int, names=("A", "B")) -> str:
    """A paired comparison: the lead, its interval, McNemar's p and the discordant count.

    >>> from benchstats import paired_gap
    >>> from benchstats.mcnemar import mcnemar
    >>> report_paired(paired_gap(20, 8, 198), mcnemar(20, 8), n=198)
    'A − B = +6.1 points, 95% interval +0.9 to +11.7 (Tango), McNemar mid-p = 0.024, 28 of 198 questions discordant'
    """
    key = gap.method.removeprefix("paired-")
    test_name = "mid-p" if test.method == "mid-p" else f"{MCNEMAR_NAMES[test.method].lower()} p"
    return (
        f"{_lead(gap, names)} ({PAIRED_INTERVAL_NAMES.get(key, key)}), McNemar "
        f"{words.p_is(test.p_value, test_name)}, {words.count(test.b + test.c)} of "
        f"{words.count(n)} questions discordant"
    )


def _num(x: float) -> str:
    return f"{x:.4f}"


def arithmetic_unpaired(
    gap: GapResult, *, a: float, b: float, n: int, n_b: int | None = None
) -> list[str]:
    """The unpaired arithmetic with the reader's numbers, one Markdown line each.

    >>> from benchstats import unpaired_gap
    >>> arithmetic_unpaired(unpaired_gap(0.82, 0.78, 100), a=0.82, b=0.78, n=100)[1]
    'SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √(0.8200 × 0.1800 / 100 + 0.7800 × 0.2200 / 100) = 0.0565, that is 5.65 points.'
    """
    nb = n if n_b is None else n_b
    z = critical_value(gap.confidence_level)
    half = z * gap.se
    cut = gap.low > gap.lead - half + 1e-12 or gap.high < gap.lead + half - 1e-12
    lead, se = words.points(gap.lead), f"{gap.se * 100:.2f}"
    return [
        f"Lead = a − b = {_num(a)} − {_num(b)} = {_num(gap.lead)}, that is {lead} points.",
        f"SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √({_num(a)} × {_num(1 - a)} / {n:,} + "
        f"{_num(b)} × {_num(1 - b)} / {nb:,}) = {_num(gap.se)}, that is {se} points.",
        f"{words.level(gap.confidence_level)} range = lead ± z × SE = {lead} ± {z:.3f} × {se} = "
        f"{span(gap)} points"
        + (", cut at ±100 points, the largest lead there can be." if cut else "."),
        f"z = lead / SE = {words.z(gap.z)}; two-sided "
        f"p = {words.p_is(gap.p_value, '2 × (1 − Φ(|z|))')}.",
    ]


def arithmetic_reported_se(gap: GapResult, *, se_a: float, se_b: float) -> list[str]:
    """The arithmetic from two printed standard errors.

    >>> from benchstats import gap_from_standard_errors
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> arithmetic_reported_se(g, se_a=0.0124, se_b=0.0107)[1]
    'SE of the gap = √(se_a² + se_b²) = √(1.24² + 1.07²) = 1.64 points.'
    """
    z, se = critical_value(gap.confidence_level), f"{gap.se * 100:.2f}"
    return [
        f"Lead = a − b = {words.points(gap.lead, decimals=2)} points.",
        f"SE of the gap = √(se_a² + se_b²) = √({se_a * 100:.2f}² + {se_b * 100:.2f}²) = {se} points.",
        f"z = lead / SE = {words.points(gap.lead)} / {se} = {words.z(gap.z)}; two-sided "
        f"{words.p_is(gap.p_value)}.",
        f"{words.level(gap.confidence_level)} range = lead ± {z:.3f} × SE = {span(gap)} points.",
    ]


def arithmetic_paired(gap: GapResult, counts: PairedCounts) -> list[str]:
    """The paired arithmetic: lead from the disagreements, McNemar's z, Wald's SE.

    >>> from benchstats import paired_gap
    >>> from benchstats.paired import paired_counts
    >>> arithmetic_paired(paired_gap(20, 8, 198), paired_counts(20, 8, 198))[1]
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


MID_P_WHY = (
    "Mid-p is the default: the exact test counts the observed split in full and so raises the "
    "alarm less often than it should; mid-p counts it by half and stays close to 5% (Fagerland, "
    "Lydersen and Laake, 2013)."
)


def _se_units(graded) -> str:
    """The SE the test divides by, as a unit: "unpaired SEs of the gap"."""
    if graded.mode == "paired":
        return "paired SEs if equally good (McNemar's z)"
    if graded.mode == "se":
        return "SEs of the gap from the reported SEs"
    if graded.gap.se == 0:
        return "pooled SEs if equally good"
    return "unpaired SEs of the gap"


def overlap_lines(graded, rule) -> tuple[str, str]:
    """The overlap rule against the real test, each SE named for what it is."""
    gap = graded.gap
    real = (
        f"The real test: the lead is {words.z(abs(gap.z))} {_se_units(graded)} from zero, "
        f"two-sided {words.p_is(gap.p_value)}, and its 95% range "
        f"{'leaves zero out' if graded.clears else 'includes zero'}."
    )
    touch = (
        f"These two bars would just touch with the scores se_a + se_b = "
        f"{in_points(rule.touch_gap, 2)} apart. That is only "
        f"{words.z(rule.z)} unpaired SEs of the gap, √(se_a² + se_b²): two-sided "
        f"{words.p_is(rule.p_value)}."
    )
    return real, touch


def overlap_rule_text(rule_equal) -> str:
    """Why non-overlapping bars are a generous test."""
    return (
        f"The rule: with equal SEs, bars that just fail to touch are √2 = {words.z(rule_equal.z)} "
        f"SEs of the gap apart, {words.p_is(rule_equal.p_value)}, far from a 5% result. "
        "Bars that do not overlap are a generous test of a lead, not a strict one."
    )


def paired_intro(a_only: int, b_only: int, n: int, first: str = "A", second: str = "B") -> str:
    """Which questions carry the information, in words.

    >>> paired_intro(20, 8, 198, "GPT", "Claude")[:88]
    'Only **28 of 198 questions** carry information about the difference: the 20 only GPT got'
    """
    off = a_only + b_only
    return (
        f"Only **{words.count(off)} of {words.count(n)} questions** carry information about "
        f"the difference: the {words.count(a_only)} only {first} got right and the "
        f"{words.count(b_only)} only {second} got right. On the other {words.count(n - off)} "
        "both models were right or both wrong."
    )


def mcnemar_label(method: str) -> str:
    """A McNemar variant's name, the default marked."""
    return MCNEMAR_NAMES[method] + (" (default)" if method == "mid-p" else "")


def derived_score_line(graded) -> str | None:
    """How the score the reader did not give follows from the other and the counts."""
    if graded.a is None:
        return None
    names, lead = graded.names, words.points(graded.counts.lead)
    return (
        f"With paired counts one score gives the other: {names.first}'s "
        f"{words.percent(graded.a)} less a lead of {lead} points is {names.second}'s "
        f"{words.percent(graded.b)}."
    )


def paired_vs_unpaired(graded) -> str | None:
    """The same lead graded unpaired, each SE named (None without the scores)."""
    same = graded.unpaired
    if same is None:
        return None
    return (
        f"Graded as if the scores ({words.percent(graded.a)} and {words.percent(graded.b)}) came "
        f"from separate question sets, the same lead has an unpaired SE of the gap of "
        f"{in_points(same.se, 2)} instead of the paired SE if equally good, "
        f"{in_points(graded.counts.null_se, 2)}, and {words.p_is(same.p_value)} instead of "
        f"{words.p_is(graded.gap.p_value)}: pairing removes the questions both models find "
        "easy or hard."
    )


def score_detail(name: str, summary, chosen) -> str:
    """One score: its count, the chosen interval, and the textbook SE and normal range."""
    s = summary
    rounding = (
        ""
        if s.is_whole
        else f" ({words.score(s.score)} of {words.count(s.n)} is {words.count(s.count)} "
        f"questions; the intervals use {words.count(s.whole_count)})"
    )
    return (
        f"**{name}:** {words.count(s.whole_count)} of {words.count(s.n)}{rounding}. "
        f"{chosen.name} 95%: {words.percent(chosen.low)} to {words.percent(chosen.high)}. "
        f"SE of the score √(p(1 − p)/n) = {in_points(s.se, 2)}, so score ± 1.96 SE spans "
        f"{words.percent(s.low)} to {words.percent(s.high)} ({in_points(s.width)} wide)."
    )


def wald_note(name: str, wald) -> str | None:
    """What goes wrong with Wald's interval for this score, if anything."""
    if wald.zero_width:
        return (
            f"Wald's interval for {name} has zero width: at {words.count(wald.k)} of "
            f"{words.count(wald.n)} its SE formula gives 0, as if the score were known exactly. "
            "The other methods still give a range."
        )
    if wald.leaves_range:
        return (
            f"Wald's interval for {name} runs from {words.percent(wald.low)} to "
            f"{words.percent(wald.high)}: past the 0–100% that any score must lie in."
        )
    return None


def chance_text(view, options: int) -> str:
    """What chance correction does to the scores and their error bars."""
    z = (
        f"The lead is still {words.z(abs(view.z))} standard errors from zero: "
        if view.se_lead > 0
        else "The lead's SE is 0 before and after: "
    )
    below = (
        "\n\nA score below the chance floor comes out negative after correction."
        if view.a < 0 or view.b < 0
        else ""
    )
    return (
        f"Guessing among {options} options scores {words.percent(view.floor)}, so correction "
        f"moves {words.percent(view.floor)} to 0 and keeps 100% at 100%: every distance and "
        f"every error bar stretches by the same factor, 1/(1 − 1/{options}) = "
        f"{words.signed(view.factor)}. {z}correction changes what the number means, not how "
        f"precisely it is known.{below}"
    )


def chance_rows(graded, view) -> dict[str, list[str]]:
    """The chance-correction table: as measured and corrected, in words, models by name."""
    first, second = graded.names.first, graded.names.second
    se_a, se_b = graded.score_ses

    def column(a, b, lead, sa, sb, sl) -> list[str]:
        return [
            words.percent(a), words.percent(b), f"{words.points(lead)} points",
            in_points(sa, 2), in_points(sb, 2), in_points(sl, 2),
        ]  # fmt: skip

    gap = graded.gap
    return {
        "": [
            f"Score of {first}",
            f"Score of {second}",
            f"Lead, {first} − {second}",
            f"SE of {first}",
            f"SE of {second}",
            "SE of the lead",
        ],  # fmt: skip
        "As measured": column(graded.a, graded.b, gap.lead, se_a, se_b, gap.se),
        "Chance-corrected": column(view.a, view.b, view.lead, view.se_a, view.se_b, view.se_lead),
    }
