"""Sentences and arithmetic lines of a plan (Questions needed), built from results.

Every builder takes the result objects of :mod:`benchstats.planning.plan`
and formats each number through :mod:`benchstats.words`.
"""

from __future__ import annotations

from benchstats import words
from benchstats.planning.levels import lead_room
from benchstats.planning.plan import ClusterPlan, LeadPlan, PairedPlan, Reach, RepeatsPlan

__all__ = [
    "arithmetic",
    "clusters_sentence",
    "curve_sentence",
    "discordance_refused",
    "lead_phrase",
    "levels_sentence",
    "needed_headline",
    "no_fit",
    "paired_sentence",
    "question",
    "reach_headline",
    "reach_help",
    "repeats_cost",
    "repeats_floor_sentence",
    "scores_line",
    "settings_words",
]

_SIDES = {2: "two-sided", 1: "one-sided"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def question(plan: LeadPlan) -> str:
    """Predict first on Questions needed; it names every input the answer depends on."""
    return f"How many questions does {lead_phrase(plan)} need? {scores_line(plan)}"


def lead_phrase(plan: LeadPlan) -> str:
    """ "a 4.0-point lead" (the article included, as it is read aloud)."""
    return words.a_or_an(f"{words.points(plan.lead, signed=False)}-point lead")


def needed_headline(plan: LeadPlan) -> str:
    """The answer: "A 4.0-point lead near 80% needs 1,566 questions."

    Examples
    --------
    >>> from benchstats.planning import plan_lead
    >>> needed_headline(plan_lead(0.8, 0.04))
    'A 4.0-point lead near 80% needs 1,566 questions.'
    """
    return (
        f"{_cap(lead_phrase(plan))} near {words.score(plan.p)} needs "
        f"{words.plural(plan.needed, 'question')}."
    )


def settings_words(plan: LeadPlan) -> str:
    """ "5% significance (two-sided), 80% power"."""
    return (
        f"{words.level(plan.alpha)} significance ({_SIDES[plan.sides]}), "
        f"{words.level(plan.power)} power"
    )


def scores_line(plan: LeadPlan) -> str:
    """What the plan assumes, in one line."""
    return (
        f"Scores {words.score(plan.a)} and {words.score(plan.b)}; {settings_words(plan)}; "
        "each model answers every question once."
    )


def no_fit(plan: LeadPlan) -> str:
    """Why the asked lead does not fit near p, and what is shown instead.

    Examples
    --------
    >>> from benchstats.planning import plan_lead
    >>> no_fit(plan_lead(0.98, 0.1))[:60]
    'A 10.0-point lead does not fit near 98%: the leader would sc'
    """
    asked = words.points(plan.asked, signed=False)
    high = plan.p + plan.asked / 2
    side = (
        f"the leader would score {words.percent(high)}"
        if high >= 1
        else f"the trailing model would score {words.percent(plan.p - plan.asked / 2)}"
    )
    near = words.score(plan.p)
    room = words.points(lead_room(plan.p), signed=False)
    return (
        f"{_cap(words.a_or_an(asked + '-point lead'))} does not fit near {near}: {side}. "
        f"Scores stay between 0% and 100%, so near {near} a lead must be under {room} points. "
        f"Showing the largest that fits, {words.points(plan.lead, signed=False)} points."
    )


def reach_headline(plan: LeadPlan, r: Reach) -> str:
    """Enough or too few: what n questions can see near p, against the plan's lead."""
    sees = (
        f"{words.plural(r.n, 'question')} can see leads of about "
        f"{words.points(r.mde, signed=False)} points or more near {words.score(plan.p)}"
    )
    if r.sees:
        return f"Enough: {sees}, yours included."
    return f"Too few: {sees}, and {lead_phrase(plan)} needs {words.count(plan.needed)}."


def reach_help(plan: LeadPlan, r: Reach) -> str:
    """What the chance to see the lead means."""
    return (
        f"How often {words.plural(r.n, 'question')} would detect a true "
        f"{words.points(plan.lead, signed=False)}-point lead ({words.score(plan.a)} against "
        f"{words.score(plan.b)}) at {words.level(plan.alpha)} significance."
    )


def discordance_refused(plan: LeadPlan, pp: PairedPlan) -> str:
    """Why the reader's disagreement rate cannot happen with these scores."""
    return (
        f"Two models scoring {words.score(plan.a)} and {words.score(plan.b)} disagree on at "
        f"least {words.score(pp.low)} and at most {words.score(pp.high)} of the questions, so "
        f"{words.score(pp.asked)} cannot happen. Using {words.score(pp.discordance)}."
    )


def curve_sentence(plan: LeadPlan, first: dict | None) -> str:
    """Which benchmarks can see the lead; ``first`` the smallest that can (or None)."""
    lead, near = lead_phrase(plan), words.score(plan.p)
    if first is None:
        return (
            f"No benchmark marked can see {lead} near {near}: it needs "
            f"{words.plural(plan.needed, 'question')}, more than the largest of them has."
        )
    return (
        f"Benchmarks under the dashed line can see {lead} near {near}. The smallest that can "
        f"is **{first['name']}** ({words.plural(first['questions'], 'question')})."
    )


def paired_sentence(plan: LeadPlan, pp: PairedPlan) -> str:
    """What pairing buys at the reader's disagreement rate."""
    start = f"When the models disagree on {words.score(pp.discordance)} of the questions, a paired test "
    paired, unpaired = words.count(pp.questions), words.count(plan.needed)
    if pp.questions < plan.needed:
        return start + f"needs {paired} questions instead of {unpaired}."
    return (
        start + f"needs {paired}, no fewer than the unpaired {unpaired}: at this much "
        "disagreement pairing does not help."
    )


def levels_sentence(plan: LeadPlan, at_50: int | None, at_95: int | None) -> str:
    """Why 50% is the hardest place: the same lead near 50% and near 95%."""
    text = (
        "One answer's variance, p(1 − p), is largest at 50%: a right-or-wrong answer is then "
        f"a coin toss. The same {words.points(plan.lead, signed=False)}-point lead needs "
        f"{words.plural(at_50, 'question')} near 50%"
    )
    if at_95 is None:
        return text + " and does not fit near 95% at all (a lead there must be under 10 points)."
    return text + f" but {words.count(at_95)} near 95%."


def repeats_floor_sentence(rp: RepeatsPlan) -> str:
    """What repeating answers can and cannot shrink, on the reader's n."""
    start = (
        f"Asking each question {words.plural(rp.k, 'time')} shrinks only the "
        "answer-to-answer noise. "
    )
    if rp.floor:
        return start + (
            f"On {words.plural(rp.n, 'question')} no number of answers gets below "
            f"**{words.points(rp.floor, signed=False)} points**: that floor is set by the "
            "questions, and only more questions lower it."
        )
    return start + (
        "With ω² = 0 the questions themselves do not differ, so they set no floor: "
        "enough answers per question could shrink the noise as far as you like."
    )


def repeats_cost(plan: LeadPlan, rp: RepeatsPlan) -> str:
    """The cost in model calls and what the same precision costs with one answer each."""
    answers = words.plural(rp.k, "answer")
    need = (
        f"To see {lead_phrase(plan)} with {answers} per question you need "
        f"{words.plural(rp.questions, 'question')}."
    )
    if rp.n is None:
        return need
    cost = (
        f"**Cost.** {words.plural(rp.n, 'question')} × {answers} × 2 models = "
        f"{words.count(rp.calls)} model calls. "
    )
    if rp.k == 1:
        cost += "More answers per question would shrink the answer noise only. "
    elif rp.once == rp.n:
        cost += "These answers never vary, so repeating them buys nothing: only questions help. "
    else:
        cost += (
            f"{words.plural(rp.once, 'question')} answered once each are as precise, for "
            f"{words.count(rp.calls_once)} calls — but {words.count(rp.once - rp.n)} of them "
            "would have to be written. "
        )
    return cost + need


def clusters_sentence(plan: LeadPlan, cp: ClusterPlan) -> str:
    """What clusters cost: the SE grows by √(design effect)."""
    worth = (
        f"the questions count as {words.plural(round(cp.effective), 'independent question')}: "
        if cp.effective is not None
        else ""
    )
    return (
        f"In clusters of {words.count(cp.m)} with correlation {words.signed(cp.icc)}, {worth}"
        f"the standard error grows {words.signed(cp.se_factor)}×, and "
        f"{lead_phrase(plan)} needs {words.plural(cp.questions, 'question')} instead of "
        f"{words.count(plan.needed)}."
    )


def arithmetic(
    plan: LeadPlan,
    r: Reach | None = None,
    pp: PairedPlan | None = None,
    rp: RepeatsPlan | None = None,
    cp: ClusterPlan | None = None,
) -> list[str]:
    """The steps with the reader's numbers, one Markdown paragraph each."""
    w = plan.work
    z_name = "z₁₋α/₂" if plan.sides == 2 else "z₁₋α"
    lines = [
        f"**Critical values.** {z_name} = {words.z(w.z_alpha, 3)} and z_power = "
        f"{words.z(w.z_power, 3)}, so z_sum = {words.z(w.z_sum, 4)} and z_sum² = "
        f"{words.z(w.z_sum**2, 3)}.",
        f"**Questions needed.** With a = {words.score(plan.a)} and b = {words.score(plan.b)}: "
        f"n = z_sum² × (a(1 − a) + b(1 − b)) / (a − b)² = {words.z(w.z_sum**2, 3)} × "
        f"{words.z(w.variance, 4)} / {words.z(w.lead, 4)}² = {words.count(round(w.exact, 1))}, "
        f"rounded up to {words.count(w.questions)}.",
    ]
    if r is not None:
        lines.append(
            f"**Smallest detectable lead.** z_sum × √(2p(1 − p) / n) with p = "
            f"{words.z(plan.p, 3)} and n = {words.count(r.n)}: "
            f"{words.points(r.mde, signed=False)} points."
        )
    if pp is not None:
        lines.append(
            f"**Paired.** n = z_sum² × discordance / lead² with discordance = "
            f"{words.z(pp.discordance, 3)}: {words.count(pp.questions)}."
        )
    if rp is not None and rp.at_k is not None:
        lines.append(
            f"**Repeated answers.** z_sum × √((ω² + σ²_A/K + σ²_B/K) / n) with ω² = "
            f"{words.z(rp.omega2, 4)}, σ²_A = {words.z(rp.sigma2_a, 4)}, σ²_B = "
            f"{words.z(rp.sigma2_b, 4)}, K = {words.count(rp.k)}: "
            f"{words.points(rp.at_k, signed=False)} points."
        )
    if cp is not None:
        worth = (
            f"; effective questions n / {words.signed(cp.deff)} = "
            f"{words.count(round(cp.effective))}"
            if cp.effective is not None
            else ""
        )
        lines.append(
            f"**Clusters.** Design effect 1 + (m − 1)ρ = 1 + {words.count(cp.m - 1)} × "
            f"{words.signed(cp.icc)} = {words.signed(cp.deff)}{worth}."
        )
    return lines
