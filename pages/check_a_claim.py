"""Check a claim: is a lead on a benchmark more than luck?

Inputs (URL keys a, b, n, bench, se_a, se_b) → benchstats → verdict card,
a sentence to copy, the chart with downloads, the arithmetic, and links that
open the deeper pages with the same claim.
"""

from __future__ import annotations

from functools import partial

import pandas as pd
import pyarrow as pa
import streamlit as st

from benchstats import (
    gap_from_standard_errors,
    minimum_detectable_effect,
    prob_gap_at_least,
    questions_needed,
    unpaired_gap,
    z_sum,
)
from benchstats.charts.claim import claim_chart, claim_rows, claim_spec
from benchstats.intervals import critical_value
from benchstats.verdicts import detectable_lead
from ui.claim import (
    Claim,
    chance,
    claim_inputs,
    count,
    p_value,
    page_url,
    pct,
    points,
    signed,
    whole_count_note,
)
from ui.downloads import chart_downloads
from ui.verdict import KeyNumber, verdict_card

LEVEL = 0.95
ALPHA, POWER = 0.05, 0.8


def claim_rows_frame(rows: dict[str, list]) -> pd.DataFrame:
    return pd.DataFrame(rows)


def claim_picture(rows: dict[str, list]):
    """The Altair chart, built only when a reader downloads a picture."""
    return claim_chart(pd.DataFrame(rows))


@st.cache_data(max_entries=256, show_spinner=False)
def luck_chance(p: float, n: int, lead: float) -> float:
    """Exact P(|gap| ≥ lead) for two equal models at p (slow only for huge n: cached)."""
    return prob_gap_at_least(p, n, lead)


def grade(claim: Claim):
    """The gap, graded from the reported SEs when both are given, else from n."""
    if claim.uses_se:
        return gap_from_standard_errors(
            claim.a, claim.se_a, claim.b, claim.se_b, confidence_level=LEVEL
        )
    return unpaired_gap(claim.a, claim.b, claim.n, confidence_level=LEVEL)


def on_what(claim: Claim) -> str:
    """ "on 100 questions", "on GPQA Diamond (198 questions)", or the SEs."""
    if claim.uses_se:
        return f"(± {points(claim.se_a, decimals=2, signed=False)} and ± {points(claim.se_b, decimals=2, signed=False)} points)"
    if claim.bench is not None:
        return f"on {claim.bench.name} ({count(claim.n)} questions)"
    return f"on {count(claim.n)} question{'s' if claim.n != 1 else ''}"


def range_text(gap, unit: str = "") -> str:
    """The range for the true lead in points, cut at ±100 (no lead can be larger)."""
    if gap.se == 0:
        return "not defined"
    low, high = max(-1.0, gap.low), min(1.0, gap.high)  # benchstats cuts there too
    cut = " (cut at ±100)" if low == -1.0 or high == 1.0 else ""
    return f"{points(low, keep_side=True)} to {points(high, keep_side=True)}{unit}{cut}"


def summary_middle(claim: Claim, gap, luck: float) -> str:
    """The evidence clause of the sentence to copy."""
    if claim.lead == 0:
        return "the two scores are equal"
    if gap.se == 0:
        return f"two equally good models land this far apart by luck {chance(luck)} of the time"
    return f"the 95% range for the true lead is {range_text(gap, ' points')}"


def verdict(claim: Claim, gap, luck: float) -> tuple[str, bool | None, str]:
    """Headline, tone (True clears, False inside, None neutral) and the summary's ending."""
    if claim.lead == 0:
        return (
            "No lead: the two scores are equal, so there is nothing for luck to explain.",
            None,
            "so there is no lead to explain",
        )
    # Both scores at 0% or 100%: the normal range has no width, so the exact luck chance decides.
    clears = luck < ALPHA if gap.se == 0 else gap.clears
    if clears:
        basis = "with these error bars" if claim.uses_se else "on this many questions"
        return (
            f"Clears the noise: a lead this size {basis} is unlikely to be luck.",
            True,
            "so the lead is unlikely to be luck",
        )
    return (
        "Inside the noise: this benchmark cannot tell these two models apart.",
        False,
        "so this benchmark cannot tell the models apart",
    )


def needs_questions(claim: Claim) -> int | None:
    """Questions this lead needs; None for no lead or one too small to plan for."""
    if not claim.lead:
        return None
    try:
        return questions_needed(claim.a, claim.b, alpha=ALPHA, power=POWER)
    except ValueError:  # a lead of 1e-300 points: more questions than can be counted
        return None


def secondary_numbers(claim: Claim, gap, needed: int | None, smallest: float) -> str:
    """The card's second line: z and p, questions needed, the smallest detectable lead."""
    if gap.se == 0:
        test = "z and p: not defined (no spread at 0% and 100%)"
    else:
        test = f"z = {signed(gap.z)}, two-sided p = {p_value(gap.p_value)}"
    if needed is None:
        need = "no lead to detect" if not claim.lead else "too small a lead to plan for"
    else:
        need = f"this lead needs **{count(needed)}** questions to detect (5%, 80% power)"
    if smallest == 0:
        small = "the smallest detectable lead is not defined at 0% or 100%"
    elif smallest > 1:
        small = "no lead of 100 points or less is detectable here"
    else:
        where = "these error bars" if claim.uses_se else f"{count(claim.n)} questions"
        small = (
            f"the smallest lead {where} can detect is **{points(smallest, signed=False)} points**"
        )
    line = f"{test} · {need} · {small}."
    if claim.uses_se:
        line += (
            f" From the reported standard errors; the chance by luck alone uses the "
            f"{count(claim.n)} questions set above."
        )
    return line


def arithmetic(claim: Claim, gap, luck: float, needed: int | None, smallest: float) -> str:
    """The working behind every number, as one Markdown list."""
    se = points(gap.se, decimals=2, signed=False)
    zs = z_sum(ALPHA, POWER)
    if claim.uses_se:
        sa = points(claim.se_a, decimals=2, signed=False)
        sb = points(claim.se_b, decimals=2, signed=False)
        lines = [f"SE of the gap = √({sa}² + {sb}²) = **{se} points**."]
    else:
        lines = [
            f"SE of the gap = √(a(1−a)/n + b(1−b)/n) with a = {pct(claim.a)}, "
            f"b = {pct(claim.b)}, n = {count(claim.n)}: **{se} points**."
        ]
    if gap.se == 0:
        lines.append("95% range: the SE is 0, so the normal range has no width.")
    else:
        lines.append(
            f"95% range = lead ± z₀.₉₇₅ × SE = {points(claim.lead)} ± "
            f"{points(critical_value(gap.confidence_level) * gap.se, signed=False)} → "
            f"**{range_text(gap, ' points')}**."
        )
        lines.append(f"z = lead / SE = {signed(gap.z)}; two-sided p = {p_value(gap.p_value)}.")
    lines.append(
        f"Luck: two models that both answer each question right with chance "
        f"{pct(claim.mean)} (the mean of the two scores) land at least "
        f"{points(abs(claim.lead), signed=False)} points apart on {count(claim.n)} questions "
        f"with exact probability **{chance(luck)}** (the lead rounded to whole questions; "
        "the distribution of the gap is computed exactly, not simulated)."
    )
    if needed is not None:
        lines.append(
            f"Questions needed = (z₀.₉₇₅ + z₀.₈)² × (a(1−a) + b(1−b)) / lead², with "
            f"z₀.₉₇₅ + z₀.₈ = {zs:.4f}, rounded up: **{count(needed)}**."
        )
    beyond = " (more than any lead can be)" if smallest > 1 else ""
    if claim.uses_se:
        lines.append(
            f"Smallest detectable lead = (z₀.₉₇₅ + z₀.₈) × SE = {zs:.2f} × {se} = "
            f"**{points(smallest, signed=False)} points**{beyond}."
        )
    else:
        lines.append(
            f"Smallest detectable lead = (z₀.₉₇₅ + z₀.₈) × √(2p(1−p)/n) with p = "
            f"{pct(claim.mean)}: **{points(smallest, signed=False)} points**{beyond}."
        )
    return "\n".join(f"- {line}" for line in lines)


st.title("Check a claim")
st.markdown("Two scores on one benchmark: is the lead more than luck?")

claim = claim_inputs()

try:
    gap = grade(claim)
    luck = luck_chance(claim.mean, claim.n, claim.lead)
    needed = needs_questions(claim)
    if claim.uses_se:
        smallest = detectable_lead(gap.se, alpha=ALPHA, power=POWER)
    else:
        smallest = minimum_detectable_effect(claim.n, p=claim.mean, alpha=ALPHA, power=POWER)
except ValueError as err:
    st.error(f"These numbers can't be graded: {err}.", icon=":material/error:")
    st.stop()

headline, tone, ending = verdict(claim, gap, luck)
claim_words = f"{pct(claim.a)} vs {pct(claim.b)} {on_what(claim)}"
summary = f"{claim_words}: {summary_middle(claim, gap, luck)}, {ending}."
leader = "A ahead" if claim.lead > 0 else "B ahead" if claim.lead < 0 else "a tie"
degenerate = gap.se == 0
numbers = [
    KeyNumber(
        "Lead",
        f"{points(claim.lead)} pts",
        help=f"Score A minus score B, in percentage points ({leader}).",
    ),
    KeyNumber(
        "95% range for the true lead",
        range_text(gap),
        help="Leads compatible with these scores. If it includes 0, the lead may be luck.",
    ),
    KeyNumber(
        "SE of the gap",
        f"{points(gap.se, decimals=2, signed=False)} pts",
        help=(
            "How far the lead typically moves by chance: √(SE of A² + SE of B²)."
            if claim.uses_se
            else "How far the lead typically moves by chance: √(a(1−a)/n + b(1−b)/n)."
        ),
    ),
    KeyNumber(
        "Same or bigger gap by luck",
        chance(luck),
        help=(
            f"Exact chance that two equally good models, both at {pct(claim.mean)}, land at "
            f"least {points(abs(claim.lead), signed=False)} points apart on {count(claim.n)} "
            "questions."
        ),
    ),
]
verdict_card(headline, numbers, clears=tone, note=secondary_numbers(claim, gap, needed, smallest))

if degenerate and claim.lead:
    st.info(
        "Both scores sit at 0% or 100%, where the usual error bar has zero width and says "
        "nothing. The verdict uses the exact chance of a gap this big between two equally "
        "good models instead.",
        icon=":material/info:",
    )
elif claim.n < 30 and not claim.uses_se:
    st.info(
        f"With {count(claim.n)} question{'s' if claim.n != 1 else ''} the normal-approximation "
        "range is rough; the exact chance by luck is the better guide.",
        icon=":material/info:",
    )
if not claim.uses_se and (note := whole_count_note(claim)):
    st.caption(note)

st.markdown("**Copy this sentence**")
st.code(summary, language=None, wrap_lines=True)

st.subheader("The lead against zero")
rows = claim_rows(
    claim.a,
    claim.b,
    gap,
    n=claim.n,
    se_a=claim.se_a if claim.uses_se else None,
    se_b=claim.se_b if claim.uses_se else None,
)
# The spec is the same for every claim: hand it over ready-made with this claim's rows,
# so a rerun skips Altair's assembly and validation and the browser patches the data.
st.vega_lite_chart(pa.table(rows), claim_spec(), width="stretch")
st.caption(
    "Top: each score with its 95% interval"
    + (" (score ± 1.96 reported SE)." if claim.uses_se else " (Wilson).")
    + " Bottom: the lead with its 95% range; a range that crosses the black line at 0 "
    "is inside the noise."
)
chart_downloads(
    partial(claim_picture, rows), partial(claim_rows_frame, rows), "lead-against-zero", key="claim"
)


with st.expander("The arithmetic"):
    st.markdown(arithmetic(claim, gap, luck, needed, smallest))

st.subheader("Look deeper with the same claim")
# Plain links (a fresh tab, a fresh session), not st.page_link: on an in-app page change
# Streamlit 1.67 drops URL keys bound on the page being left, and a, b, n are bound here.
st.markdown(
    "Each opens in a new tab with this claim filled in.\n\n"
    + "\n".join(
        f"- [{label}]({page_url(claim, page)}): {why}"
        for page, label, why in (
            ("luck", "Luck simulator", "watch two equally good models drift apart by luck"),
            ("grader", "Gap grader", "paired tests, other intervals, per-question files"),
            ("needed", "Questions needed", "how many questions this lead would need"),
        )
    )
)
