"""Sentences and arithmetic lines of a plan (Questions needed), built from results.

Every builder takes the result objects of :mod:`benchstats.planning.plan`
and formats each number through :mod:`benchstats.words`.
"""

from __future__ import annotations

from benchstats import words
from benchstats.planning.levels import lead_room
from benchstats.planning.plan import ClusterPlan, LeadPlan, PairedPlan, Reach, RepeatsPlan
from benchstats.prose import in_points

_SIDES = {2: "two-sided", 1: "one-sided"}


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
        f"{lead_phrase(plan).capitalize()} near {words.score(plan.p)} needs "
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


def paired_line(discordance: float) -> str:
    """What the paired answer assumes on top (``discordance`` a proportion).

    >>> paired_line(0.2)
    'Paired: the models disagree on 20% of the questions.'
    """
    return f"Paired: the models disagree on {words.score(discordance)} of the questions."


def lead_allowed(p: float) -> str:
    """What a lead near p may be, for the note on a refused ``d`` (p a proportion).

    >>> lead_allowed(0.98)
    'below 4.0 points near 98%: both scores, p ± d/2, stay between 0% and 100%'
    """
    return (
        f"below {in_points(lead_room(p))} near {words.score(p)}: both scores, p ± d/2, stay "
        "between 0% and 100%"
    )


def discordance_allowed(a: float, b: float, low: float, high: float) -> str:
    """What the disagreement rate may be for two scores, for the note on a refused one.

    >>> discordance_allowed(0.82, 0.78, 0.04, 0.4)
    'from 4% to 40%: two models scoring 82% and 78% disagree on at least 4% and at most 40% of the questions'
    """
    low_w, high_w = words.score(low), words.score(high)
    return (
        f"from {low_w} to {high_w}: two models scoring {words.score(a)} and {words.score(b)} "
        f"disagree on at least {low_w} and at most {high_w} of the questions"
    )


NO_NOISE = "above 0 while σ²_A and σ²_B are 0: with no noise at all there is nothing to plan"


def reach_headline(plan: LeadPlan, r: Reach) -> str:
    """Enough or too few: what n questions can see near p, against the plan's lead."""
    sees = (
        f"{words.plural(r.n, 'question')} can see leads of about "
        f"{in_points(r.mde)} or more near {words.score(plan.p)}"
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


def curve_sentence(plan: LeadPlan, first: dict | None) -> str:
    """Which benchmarks can see the lead; ``first`` the smallest that can (or None).

    >>> from benchstats.planning import plan_lead
    >>> curve_sentence(plan_lead(0.8, 0.04), {"name": "MGSM", "questions": 2500})
    'At 5% significance (two-sided), 80% power, benchmarks under the dashed line can see a 4.0-point lead near 80%: the smallest is **MGSM** (2,500 questions).'
    """
    lead, near = lead_phrase(plan), words.score(plan.p)
    if first is None:
        return (
            f"At {settings_words(plan)}, no benchmark marked can see {lead} near {near}: it "
            f"needs {words.plural(plan.needed, 'question')}, more than the largest of them has."
        )
    return (
        f"At {settings_words(plan)}, benchmarks under the dashed line can see {lead} near "
        f"{near}: the smallest is **{first['name']}** "
        f"({words.plural(first['questions'], 'question')})."
    )


def paired_sentence(plan: LeadPlan, pp: PairedPlan) -> str:
    """What pairing buys at the reader's disagreement rate."""
    start = (
        f"When the models disagree on {words.score(pp.discordance)} of the questions, a paired "
        f"test of {lead_phrase(plan)} near {words.score(plan.p)} "
    )
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
            f"**{in_points(rp.floor)}**: that floor is set by the "
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


def repeats_step(rp: RepeatsPlan) -> str:
    """The repeated-answers step of the arithmetic (at the reader's n)."""
    return (
        f"**Repeated answers.** z_sum × √((ω² + σ²_A/K + σ²_B/K) / n) with ω² = "
        f"{words.z(rp.omega2, 4)}, σ²_A = {words.z(rp.sigma2_a, 4)}, σ²_B = "
        f"{words.z(rp.sigma2_b, 4)}, K = {words.count(rp.k)}, n = {words.count(rp.n)}: "
        f"{in_points(rp.at_k)}."
    )


def clusters_step(cp: ClusterPlan) -> str:
    """The clusters step of the arithmetic."""
    worth = (
        ""
        if cp.effective is None
        else f"; effective questions n / {words.signed(cp.deff)} = {words.count(round(cp.effective))}"
    )
    return (
        f"**Clusters.** Design effect 1 + (m − 1)ρ = 1 + {words.count(cp.m - 1)} × "
        f"{words.signed(cp.icc)} = {words.signed(cp.deff)}{worth}."
    )


def arithmetic(plan: LeadPlan, r: Reach | None = None, pp: PairedPlan | None = None) -> list[str]:
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
            f"{words.z(plan.p, 3)} and n = {words.count(r.n)}: {in_points(r.mde)}."
        )
    if pp is not None:
        lines.append(
            f"**Paired.** n = z_sum² × discordance / lead² with discordance = "
            f"{words.z(pp.discordance, 3)}: {words.count(pp.questions)}."
        )
    return lines
