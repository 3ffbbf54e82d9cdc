"""The Gap grader's sections in words: paired counts, each score, chance correction, overlap.

Each function takes results (a grading of :mod:`benchstats.grading`, a
score summary, an interval, a chance view, an overlap rule) and formats
through :mod:`benchstats.words`; the SE in every sentence is named for what
it is, each model by the name the reader gave ("A" and "B" without). The
card, headline and report live in :mod:`benchstats.prose.claim`.
"""

from __future__ import annotations

from benchstats import words
from benchstats.mcnemar import MCNEMAR_NAMES

MID_P_WHY = (
    "Mid-p is the default: the exact test counts the observed split in full and so raises the "
    "alarm less often than it should; mid-p counts it by half and stays close to 5% (Fagerland, "
    "Lydersen and Laake, 2013)."
)


def _pts(x: float, decimals: int = 1) -> str:
    return f"{words.points(x, signed=False, decimals=decimals)} points"


def _se_units(graded) -> str:
    """The SE the test divides by, named for what it is, as a unit ("unpaired SEs of the gap")."""
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
        f"{words.points(rule.touch_gap, signed=False, decimals=2)} points apart. That is only "
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
        f"{_pts(same.se, 2)} instead of the paired SE if equally good, "
        f"{_pts(graded.counts.null_se, 2)}, and {words.p_is(same.p_value)} instead of "
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
        f"SE of the score √(p(1 − p)/n) = {_pts(s.se, 2)}, so score ± 1.96 SE spans "
        f"{words.percent(s.low)} to {words.percent(s.high)} ({_pts(s.width)} wide)."
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
            _pts(sa, 2), _pts(sb, 2), _pts(sl, 2),
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
