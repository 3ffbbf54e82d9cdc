"""Sentences and arithmetic lines of a plan (Questions needed), built from results.

Every builder takes the result objects of :mod:`benchstats.planning.plan`
and formats each number through :mod:`benchstats.words`.
"""

from __future__ import annotations

from benchstats import words
from benchstats.language import N_, _, ngettext, pgettext
from benchstats.planning.levels import lead_room
from benchstats.planning.plan import ClusterPlan, LeadPlan, PairedPlan, Reach, RepeatsPlan


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lead(plan: LeadPlan) -> str:
    """The plan's lead as a bare number of points ("4.0")."""
    return words.points(plan.lead, signed=False)


def _a_lead(plan: LeadPlan) -> str:
    """The plan's lead with English's article ("a 4.0", "an 8.0"); the number alone in another
    language (its messages write their own article)."""
    return words.a_or_an(_lead(plan))


def question(plan: LeadPlan) -> str:
    """Predict first on Questions needed; it names every input the answer depends on."""
    # TRANSLATORS: {a_lead} is the lead in points with English's article ("a 4.0": "a 4.0-point
    # lead"); in your language it holds the number alone ("4,0"): write the article yourself.
    asked = _("How many questions does {a_lead}-point lead need?").format(a_lead=_a_lead(plan))
    return f"{asked} {scores_line(plan)}"


def needed_headline(plan: LeadPlan) -> str:
    """The answer: "A 4.0-point lead near 80% needs 1,566 questions."

    Examples
    --------
    >>> from benchstats.planning import plan_lead
    >>> needed_headline(plan_lead(0.8, 0.04))
    'A 4.0-point lead near 80% needs 1,566 questions.'
    >>> from benchstats.language import using
    >>> with using("de"):
    ...     needed_headline(plan_lead(0.8, 0.04))
    'Ein Vorsprung von 4,0 Punkten nahe 80\xa0% braucht 1.566 Fragen.'
    """
    # TRANSLATORS: the answer. {a_lead} is "A 4.0" in English (capitalised, with its article:
    # "A 4.0-point lead"), the number alone in your language; {level} the level both models
    # score near ("80%"); {questions} "1,566 questions".
    return _("{a_lead}-point lead near {level} needs {questions}.").format(**_needed(plan))


def curve_headline(plan: LeadPlan) -> str:
    """The answer as the curve prints it at its stop: the headline's words, which a language
    may break onto two lines (the plot beside the inputs is narrow).

    >>> from benchstats.planning import plan_lead
    >>> curve_headline(plan_lead(0.8, 0.04)) == needed_headline(plan_lead(0.8, 0.04))
    True
    """
    return _curve_message().format(**_needed(plan))


def curve_headline_lines() -> int:
    """How many lines :func:`curve_headline` takes in the run's language (the chart makes room).

    >>> curve_headline_lines()
    1
    """
    return _curve_message().count("\n") + 1


def _curve_message() -> str:
    # TRANSLATORS: the answer printed in the corner of a narrow chart, as the headline says it;
    # put a line break (\n) in it where a long sentence needs one.
    return pgettext("chart", "{a_lead}-point lead near {level} needs {questions}.")


def _needed(plan: LeadPlan) -> dict[str, str]:
    return dict(
        a_lead=_capitalized(_a_lead(plan)),
        level=words.score(plan.p),
        questions=words.plural(plan.needed, "question"),
    )


def settings_words(plan: LeadPlan) -> str:
    """ "5% significance (two-sided), 80% power"."""
    if plan.sides == 2:
        # TRANSLATORS: the test a plan assumes, a phrase used inside sentences ("At {settings},
        # …", "Recomputed at {settings}"); {alpha} and {power} are percents ("5%", "80%").
        said = _("{alpha} significance (two-sided), {power} power")
    else:
        # TRANSLATORS: as above, for a one-sided test.
        said = _("{alpha} significance (one-sided), {power} power")
    return said.format(alpha=words.level(plan.alpha), power=words.level(plan.power))


def scores_line(plan: LeadPlan) -> str:
    """What the plan assumes, in one line."""
    # TRANSLATORS: {a} and {b} the two scores ("82%", "78%"), {settings} the test ("5%
    # significance (two-sided), 80% power").
    return _("Scores {a} and {b}; {settings}; each model answers every question once.").format(
        a=words.score(plan.a), b=words.score(plan.b), settings=settings_words(plan)
    )


def paired_line(discordance: float) -> str:
    """What the paired answer assumes on top (``discordance`` a proportion).

    >>> paired_line(0.2)
    'Paired: the models disagree on 20% of the questions.'
    """
    return _("Paired: the models disagree on {share} of the questions.").format(
        share=words.score(discordance)
    )


def lead_allowed(p: float) -> str:
    """What a lead near p may be, for the note on a refused ``d`` (p a proportion).

    >>> lead_allowed(0.98)
    'below 4.0 points near 98%: both scores, p ± d/2, stay between 0% and 100%'
    """
    # TRANSLATORS: the end of a note "d must be {allowed}." on a refused link value; {points}
    # the largest lead ("4.0"), {level} the level ("98%").
    return _(
        "below {points} points near {level}: both scores, p ± d/2, stay between 0% and 100%"
    ).format(points=words.points(lead_room(p), signed=False), level=words.score(p))


def discordance_allowed(a: float, b: float, low: float, high: float) -> str:
    """What the disagreement rate may be for two scores, for the note on a refused one.

    >>> discordance_allowed(0.82, 0.78, 0.04, 0.4)
    'from 4% to 40%: two models scoring 82% and 78% disagree on at least 4% and at most 40% of the questions'
    """
    # TRANSLATORS: the end of a note "discordance must be {allowed}." on a refused link value;
    # {low} and {high} shares of the questions, {a} and {b} the two scores.
    return _(
        "from {low} to {high}: two models scoring {a} and {b} disagree on at least {low} and at "
        "most {high} of the questions"
    ).format(low=words.score(low), high=words.score(high), a=words.score(a), b=words.score(b))


# TRANSLATORS: the end of a note "omega2 must be {allowed}." on a refused link value.
NO_NOISE = N_("above 0 while σ²_A and σ²_B are 0: with no noise at all there is nothing to plan")


def reach_headline(plan: LeadPlan, r: Reach) -> str:
    """Enough or too few: what n questions can see near p, against the plan's lead.

    >>> from benchstats.planning import plan_lead, reach
    >>> plan = plan_lead(0.8, 0.04)
    >>> reach_headline(plan, reach(plan, 198))
    'Too few: 198 questions can see leads of about 11.3 points or more near 80%, and a 4.0-point lead needs 1,566.'
    """
    numbers = dict(
        count=words.count(r.n), points=words.points(r.mde, signed=False), level=words.score(plan.p)
    )
    if r.sees:
        # TRANSLATORS: {count} questions (the reader's benchmark), {points} the smallest lead
        # they can see ("6.3"), {level} the level ("80%").
        return ngettext(
            "Enough: {count} question can see leads of about {points} points or more near "
            "{level}, yours included.",
            "Enough: {count} questions can see leads of about {points} points or more near "
            "{level}, yours included.",
            r.n,
        ).format(**numbers)
    # TRANSLATORS: as above; {a_lead} the reader's lead ("a 4.0" in English: "a 4.0-point
    # lead", the number alone in your language), {needed} the questions it needs ("1,566").
    return ngettext(
        "Too few: {count} question can see leads of about {points} points or more near {level}, "
        "and {a_lead}-point lead needs {needed}.",
        "Too few: {count} questions can see leads of about {points} points or more near {level}, "
        "and {a_lead}-point lead needs {needed}.",
        r.n,
    ).format(**numbers, a_lead=_a_lead(plan), needed=words.count(plan.needed))


def reach_help(plan: LeadPlan, r: Reach) -> str:
    """What the chance to see the lead means."""
    # TRANSLATORS: {count} questions, {lead} the lead in points ("4.0"), {a} and {b} the two
    # scores, {alpha} the significance ("5%").
    return ngettext(
        "How often {count} question would detect a true {lead}-point lead ({a} against {b}) at "
        "{alpha} significance.",
        "How often {count} questions would detect a true {lead}-point lead ({a} against {b}) at "
        "{alpha} significance.",
        r.n,
    ).format(
        count=words.count(r.n),
        lead=_lead(plan),
        a=words.score(plan.a),
        b=words.score(plan.b),
        alpha=words.level(plan.alpha),
    )


def curve_sentence(plan: LeadPlan, first: dict | None) -> str:
    """Which benchmarks can see the lead; ``first`` the smallest that can (or None).

    >>> from benchstats.planning import plan_lead
    >>> curve_sentence(plan_lead(0.8, 0.04), {"name": "MGSM", "questions": 2500})
    'At 5% significance (two-sided), 80% power, benchmarks under the dashed line can see a 4.0-point lead near 80%: the smallest is **MGSM** (2,500 questions).'
    """
    numbers = dict(settings=settings_words(plan), a_lead=_a_lead(plan), level=words.score(plan.p))
    if first is None:
        # TRANSLATORS: {settings} the test ("5% significance (two-sided), 80% power"), {a_lead}
        # the lead ("a 4.0" in English, the number alone in your language), {level} "80%",
        # {questions} "1,566 questions".
        return _(
            "At {settings}, no benchmark marked can see {a_lead}-point lead near {level}: it "
            "needs {questions}, more than the largest of them has."
        ).format(**numbers, questions=words.plural(plan.needed, "question"))
    # TRANSLATORS: as above; {benchmark} the smallest benchmark that can see the lead ("MGSM"),
    # {questions} its size ("2,500 questions").
    return _(
        "At {settings}, benchmarks under the dashed line can see {a_lead}-point lead near "
        "{level}: the smallest is **{benchmark}** ({questions})."
    ).format(
        **numbers,
        benchmark=first["name"],
        questions=words.plural(first["questions"], "question"),
    )


def paired_sentence(plan: LeadPlan, pp: PairedPlan) -> str:
    """What pairing buys at the reader's disagreement rate.

    >>> from benchstats.planning import paired_plan, plan_lead
    >>> plan = plan_lead(0.8, 0.04)
    >>> paired_sentence(plan, paired_plan(plan, 0.2))
    'When the models disagree on 20% of the questions, a paired test of a 4.0-point lead near 80% needs 982 questions instead of 1,566.'
    """
    numbers = dict(
        share=words.score(pp.discordance),
        a_lead=_a_lead(plan),
        level=words.score(plan.p),
        paired=words.count(pp.questions),
        unpaired=words.count(plan.needed),
    )
    if pp.questions < plan.needed:
        # TRANSLATORS: {share} the questions the models disagree on ("20%"), {a_lead} the lead
        # ("a 4.0" in English, the number alone in your language), {level} "80%", {paired} and
        # {unpaired} counts of questions.
        return ngettext(
            "When the models disagree on {share} of the questions, a paired test of "
            "{a_lead}-point lead near {level} needs {paired} question instead of {unpaired}.",
            "When the models disagree on {share} of the questions, a paired test of "
            "{a_lead}-point lead near {level} needs {paired} questions instead of {unpaired}.",
            pp.questions,
        ).format(**numbers)
    return _(
        "When the models disagree on {share} of the questions, a paired test of {a_lead}-point "
        "lead near {level} needs {paired}, no fewer than the unpaired {unpaired}: at this much "
        "disagreement pairing does not help."
    ).format(**numbers)


def levels_sentence(plan: LeadPlan, at_50: int | None, at_95: int | None) -> str:
    """Why 50% is the hardest place: the same lead near 50% and near 95%.

    >>> from benchstats.planning import plan_lead
    >>> levels_sentence(plan_lead(0.8, 0.04), 2449, None)[-81:]
    'near 50% and does not fit near 95% at all (a lead there must be under 10 points).'
    """
    why = _(
        "One answer's variance, p(1 − p), is largest at 50%: a right-or-wrong answer is then a "
        "coin toss."
    )
    numbers = dict(lead=_lead(plan), questions=words.plural(at_50, "question"))
    if at_95 is None:
        # TRANSLATORS: {lead} the lead in points ("4.0"), {questions} "2,449 questions".
        same = _(
            "The same {lead}-point lead needs {questions} near 50% and does not fit near 95% at "
            "all (a lead there must be under 10 points)."
        ).format(**numbers)
    else:
        # TRANSLATORS: {lead} the lead in points ("4.0"), {questions} "2,449 questions", {count}
        # the questions it needs near 95% ("449").
        same = _("The same {lead}-point lead needs {questions} near 50% but {count} near 95%.")
        same = same.format(**numbers, count=words.count(at_95))
    return f"{why} {same}"


def example_case(case: dict) -> str:
    """One of the articles' examples in words (a record of
    :func:`benchstats.planning.questions_needed_examples`).

    >>> from benchstats.planning import questions_needed_examples
    >>> [example_case(r) for r in questions_needed_examples()]
    ['4 points, 82% vs 78%', '1.5 points near 80%', '2 points, 71% vs 69%', '2 points, paired, 20% discordant']
    """
    points = words.count(round(100 * case["lead"], 6))  # "4", "1.5"
    if "discordance" in case:
        # TRANSLATORS: an example: a paired lead of {points} points ("2") when the models
        # disagree on {share} of the questions ("20%").
        said = _("{points} points, paired, {share} discordant")
        return said.format(points=points, share=words.score(case["discordance"]))
    if "near" in case:
        # TRANSLATORS: an example: a lead of {points} points ("1.5") near a level ("80%").
        return _("{points} points near {level}").format(
            points=points, level=words.score(case["near"])
        )
    # TRANSLATORS: an example: a lead of {points} points ("4") between two scores ({a} against
    # {b}: "82% vs 78%").
    return _("{points} points, {a} vs {b}").format(
        points=points, a=words.score(case["a"]), b=words.score(case["b"])
    )


def repeats_floor_sentence(rp: RepeatsPlan) -> str:
    """What repeating answers can and cannot shrink, on the reader's n."""
    # TRANSLATORS: {count} answers per question, K ("10").
    start = ngettext(
        "Asking each question {count} time shrinks only the answer-to-answer noise.",
        "Asking each question {count} times shrinks only the answer-to-answer noise.",
        rp.k,
    ).format(count=words.count(rp.k))
    if rp.floor:
        # TRANSLATORS: {questions} "198 questions", {points} the floor in points ("2.3").
        rest = _(
            "On {questions} no number of answers gets below **{points} points**: that floor is "
            "set by the questions, and only more questions lower it."
        ).format(
            questions=words.plural(rp.n, "question"),
            points=words.points(rp.floor, signed=False),
        )
    else:
        rest = _(
            "With ω² = 0 the questions themselves do not differ, so they set no floor: enough "
            "answers per question could shrink the noise as far as you like."
        )
    return f"{start} {rest}"


def repeats_cost(plan: LeadPlan, rp: RepeatsPlan) -> str:
    """The cost in model calls and what the same precision costs with one answer each."""
    answers = words.plural(rp.k, "answer")
    # TRANSLATORS: {a_lead} the lead ("a 4.0" in English: "a 4.0-point lead", the number alone
    # in your language), {answers} "10 answers", {questions} "2,000 questions".
    need = _("To see {a_lead}-point lead with {answers} per question you need {questions}.")
    need = need.format(
        a_lead=_a_lead(plan), answers=answers, questions=words.plural(rp.questions, "question")
    )
    if rp.n is None:
        return need
    # TRANSLATORS: {questions} "198 questions", {answers} "10 answers", {calls} a count ("3,960").
    cost = _("**Cost.** {questions} × {answers} × 2 models = {calls} model calls.").format(
        questions=words.plural(rp.n, "question"), answers=answers, calls=words.count(rp.calls)
    )
    if rp.k == 1:
        instead = _("More answers per question would shrink the answer noise only.")
    elif rp.once == rp.n:
        instead = _(
            "These answers never vary, so repeating them buys nothing: only questions help."
        )
    else:
        # TRANSLATORS: {questions} (two or more: "1,250 questions") answered once each are as
        # precise as the reader's questions with K answers; {calls} a count of model calls,
        # {extra} how many more questions that takes.
        instead = _(
            "{questions} answered once each are as precise, for {calls} calls — but {extra} of "
            "them would have to be written."
        ).format(
            questions=words.plural(rp.once, "question"),
            calls=words.count(rp.calls_once),
            extra=words.count(rp.once - rp.n),
        )
    return f"{cost} {instead} {need}"


def clusters_sentence(plan: LeadPlan, cp: ClusterPlan) -> str:
    """What clusters cost: the SE grows by √(design effect).

    >>> from benchstats.planning import cluster_plan, plan_lead
    >>> plan = plan_lead(0.8, 0.04)
    >>> clusters_sentence(plan, cluster_plan(plan, 10, 0.1))
    'In clusters of 10 with correlation 0.10, the standard error grows 1.38×, and a 4.0-point lead needs 2,976 questions instead of 1,566.'
    """
    numbers = dict(
        m=words.count(cp.m),
        icc=words.signed(cp.icc),
        factor=words.signed(cp.se_factor),
        a_lead=_a_lead(plan),
        questions=words.plural(cp.questions, "question"),
        needed=words.count(plan.needed),
    )
    if cp.effective is None:
        # TRANSLATORS: {m} questions per cluster ("10"), {icc} the correlation within a cluster
        # ("0.10"), {factor} how many times the standard error grows ("1.38"), {a_lead} the lead
        # ("a 4.0" in English, the number alone in your language), {questions} "2,976
        # questions", {needed} the questions it needs without clusters ("1,566").
        return _(
            "In clusters of {m} with correlation {icc}, the standard error grows {factor}×, and "
            "{a_lead}-point lead needs {questions} instead of {needed}."
        ).format(**numbers)
    effective = round(cp.effective)
    # TRANSLATORS: how many independent questions the reader's clustered ones are worth.
    independent = ngettext(
        "{count} independent question", "{count} independent questions", effective
    ).format(count=words.count(effective))
    # TRANSLATORS: as above; {independent} "55 independent questions".
    return _(
        "In clusters of {m} with correlation {icc}, the questions count as {independent}: the "
        "standard error grows {factor}×, and {a_lead}-point lead needs {questions} instead of "
        "{needed}."
    ).format(**numbers, independent=independent)


def repeats_step(rp: RepeatsPlan) -> str:
    """The repeated-answers step of the arithmetic (at the reader's n)."""
    # TRANSLATORS: a line of the arithmetic; the formula stays as it is, {points} the result in
    # points ("4.4").
    return _(
        "**Repeated answers.** z_sum × √((ω² + σ²_A/K + σ²_B/K) / n) with ω² = {omega2}, σ²_A = "
        "{sigma2_a}, σ²_B = {sigma2_b}, K = {k}, n = {n}: {points} points."
    ).format(
        omega2=words.z(rp.omega2, 4),
        sigma2_a=words.z(rp.sigma2_a, 4),
        sigma2_b=words.z(rp.sigma2_b, 4),
        k=words.count(rp.k),
        n=words.count(rp.n),
        points=words.points(rp.at_k, signed=False),
    )


def clusters_step(cp: ClusterPlan) -> str:
    """The clusters step of the arithmetic.

    >>> from benchstats.planning import cluster_plan, plan_lead
    >>> clusters_step(cluster_plan(plan_lead(0.8, 0.04), 10, 0.1, n=500))
    '**Clusters.** Design effect 1 + (m − 1)ρ = 1 + 9 × 0.10 = 1.90; effective questions n / 1.90 = 263.'
    """
    numbers = dict(m1=words.count(cp.m - 1), icc=words.signed(cp.icc), deff=words.signed(cp.deff))
    if cp.effective is None:
        # TRANSLATORS: a line of the arithmetic: {m1} is m − 1 ("9"), {icc} ρ, {deff} the result.
        return _("**Clusters.** Design effect 1 + (m − 1)ρ = 1 + {m1} × {icc} = {deff}.").format(
            **numbers
        )
    # TRANSLATORS: as above, then the effective questions ({effective}, "263").
    return _(
        "**Clusters.** Design effect 1 + (m − 1)ρ = 1 + {m1} × {icc} = {deff}; effective "
        "questions n / {deff} = {effective}."
    ).format(**numbers, effective=words.count(round(cp.effective)))


def arithmetic(plan: LeadPlan, r: Reach | None = None, pp: PairedPlan | None = None) -> list[str]:
    """The steps with the reader's numbers, one Markdown paragraph each.

    >>> from benchstats.planning import plan_lead
    >>> arithmetic(plan_lead(0.8, 0.04))[0]
    '**Critical values.** z₁₋α/₂ = 1.960 and z_power = 0.842, so z_sum = 2.8016 and z_sum² = 7.849.'
    """
    w = plan.work
    lines = [
        # TRANSLATORS: lines of the arithmetic: the formulas and their symbols stay as they are.
        _(
            "**Critical values.** {z_name} = {z_alpha} and z_power = {z_power}, so z_sum = "
            "{z_sum} and z_sum² = {z_sum2}."
        ).format(
            z_name="z₁₋α/₂" if plan.sides == 2 else "z₁₋α",
            z_alpha=words.z(w.z_alpha, 3),
            z_power=words.z(w.z_power, 3),
            z_sum=words.z(w.z_sum, 4),
            z_sum2=words.z(w.z_sum**2, 3),
        ),
        _(
            "**Questions needed.** With a = {a} and b = {b}: n = z_sum² × (a(1 − a) + b(1 − b)) "
            "/ (a − b)² = {z_sum2} × {variance} / {lead}² = {exact}, rounded up to {questions}."
        ).format(
            a=words.score(plan.a),
            b=words.score(plan.b),
            z_sum2=words.z(w.z_sum**2, 3),
            variance=words.z(w.variance, 4),
            lead=words.z(w.lead, 4),
            exact=words.count(round(w.exact, 1)),
            questions=words.count(w.questions),
        ),
    ]
    if r is not None:
        lines.append(
            _(
                "**Smallest detectable lead.** z_sum × √(2p(1 − p) / n) with p = {p} and n = {n}: "
                "{points} points."
            ).format(
                p=words.z(plan.p, 3),
                n=words.count(r.n),
                points=words.points(r.mde, signed=False),
            )
        )
    if pp is not None:
        lines.append(
            _(
                "**Paired.** n = z_sum² × discordance / lead² with discordance = {discordance}: "
                "{questions}."
            ).format(discordance=words.z(pp.discordance, 3), questions=words.count(pp.questions))
        )
    return lines
