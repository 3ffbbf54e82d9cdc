"""The Gap grader's tabs in words: paired counts, each score, chance correction, overlap.

Each function takes results (a grading of :mod:`benchstats.grading`, a
score summary, an interval, a chance view, an overlap rule) and formats
through :mod:`benchstats.words`; the SE in every sentence is named for what
it is. The card, headline and report live in :mod:`benchstats.prose.claim`.
"""

from __future__ import annotations

from benchstats import words


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


def paired_intro(counts) -> str:
    """Which questions carry the information, in words."""
    c = counts
    return (
        f"Only **{words.count(c.discordant)} of {words.count(c.n)} questions** carry information "
        f"about the difference: the {words.count(c.a_only)} only A got right and the "
        f"{words.count(c.b_only)} only B got right. On the other "
        f"{words.count(c.n - c.discordant)} both models were right or both wrong."
    )


def paired_b_line(graded) -> str | None:
    """B's score, from A's and the paired counts (None until the reader gives A's)."""
    if graded.a is None:
        return None
    return (
        f"B's score follows from A's and the two counts: {words.percent(graded.a)} minus a lead "
        f"of {words.points(graded.counts.lead)} points = {words.percent(graded.b)}."
    )


def paired_vs_unpaired(graded) -> str | None:
    """The same lead graded unpaired, each SE named (None without A's score)."""
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
    return (
        f"Guessing among {options} options scores {words.percent(view.floor)}, so correction "
        f"moves {words.percent(view.floor)} to 0 and keeps 100% at 100%: every distance and "
        f"every error bar stretches by the same factor, 1/(1 − 1/{options}) = "
        f"{words.signed(view.factor)}. {z}correction changes what the number means, not how "
        "precisely it is known."
    )


def chance_rows(graded, view) -> dict[str, list[str]]:
    """The chance-correction table: as measured and corrected, in words."""
    se_a, se_b = graded.score_ses
    gap = graded.gap
    return {
        "": ["Score A", "Score B", "Lead, A − B", "SE of A", "SE of B", "SE of the lead"],
        "As measured": [
            words.percent(graded.a),
            words.percent(graded.b),
            f"{words.points(gap.lead)} points",
            _pts(se_a, 2),
            _pts(se_b, 2),
            _pts(gap.se, 2),
        ],
        "Chance-corrected": [
            words.percent(view.a),
            words.percent(view.b),
            f"{words.points(view.lead)} points",
            _pts(view.se_a, 2),
            _pts(view.se_b, 2),
            _pts(view.se_lead, 2),
        ],
    }


def overlap_rule_text(rule_equal) -> str:
    """Why non-overlapping bars are a generous test."""
    return (
        f"The rule: with equal SEs, bars that just fail to touch are √2 = {words.z(rule_equal.z)} "
        f"SEs of the gap apart, {words.p_is(rule_equal.p_value)}, far from a 5% result. "
        "Bars that do not overlap are a generous test of a lead, not a strict one."
    )
