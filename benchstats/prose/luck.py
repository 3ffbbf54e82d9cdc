"""Sentences and arithmetic lines about a luck simulation, built from its result.

Every builder takes a :class:`benchstats.tally.Simulation` (and the
benchmark's name when a preset gave the questions) and formats every number
through :mod:`benchstats.words`. No Streamlit here.

Examples
--------
>>> from benchstats.tally import scenario, simulate
>>> sim = simulate(scenario("independent", 0.8, 100), 0.04, 1000)
>>> headline(sim)
'Luck alone puts two equally good models (80% each) at least 4.0 points apart in 53.55% of runs on 100 questions.'
"""

from __future__ import annotations

from benchstats import words
from benchstats.difficulty import beta_parameters, chance_interval, discordance_share
from benchstats.intervals import critical_value
from benchstats.language import _, ngettext
from benchstats.prose import in_points, span
from benchstats.tally import BEST, INDEPENDENT, SAME, Simulation


def _pts(x: float, *, decimals: int = 1, signed: bool = False) -> str:
    # TRANSLATORS: points, short, on a tile: "2.83 pts".
    return _("{points} pts").format(points=words.points(x, signed=signed, decimals=decimals))


def _where(sim: Simulation, bench: str | None) -> str:
    questions = words.plural(sim.n, "question")
    if bench:
        # TRANSLATORS: where the runs are scored, the end of a sentence: "on 198 questions
        # (GPQA Diamond)"; {questions} is "198 questions", {benchmark} a benchmark's name.
        return _("on {questions} ({benchmark})").format(questions=questions, benchmark=bench)
    # TRANSLATORS: where the runs are scored, the end of a sentence: "on 100 questions".
    return _("on {questions}").format(questions=questions)


def question(sim: Simulation, bench: str | None = None) -> str:
    """The question a class predicts before the answer is shown."""
    bar, skill, where = in_points(sim.lead), words.score(sim.p), _where(sim, bench)
    # TRANSLATORS: {skill} is both models' chance of a right answer ("80%"), {bar} the lead
    # asked about ("4.0 points"), {where} where they are scored ("on 100 questions").
    if sim.mode == INDEPENDENT:
        return _(
            "How often do two equally good models ({skill} each) land at least {bar} apart {where}?"
        ).format(skill=skill, bar=bar, where=where)
    if sim.mode == SAME:
        return _(
            "Two equally good models ({skill} each) now face the same questions, some easy, some "
            "hard (difficulty spread {spread}). How often do they land at least {bar} apart "
            "{where}?"
        ).format(skill=skill, spread=words.score(sim.spread), bar=bar, where=where)
    k = sim.best.k
    return ngettext(
        "A is run with {k} equally good prompt variant ({skill} each) and only the best is "
        "reported against one run of B. How often does it lead by {bar} or more {where}?",
        "A is run with {k} equally good prompt variants ({skill} each) and only the best is "
        "reported against one run of B. How often does it lead by {bar} or more {where}?",
        k,
    ).format(k=words.count(k), skill=skill, bar=bar, where=where)


def headline(sim: Simulation, bench: str | None = None) -> str:
    """The answer in one sentence, the exact chance first.

    Examples
    --------
    >>> from benchstats.tally import scenario, simulate
    >>> headline(simulate(scenario("best-of-k", 0.8, 100, k=20), 0.04, 0))
    'Reporting the best of 20 equally good variants (80% each) shows a lead of 4.0 points or more in 79.39% of runs on 100 questions; the typical (median) lead is +7.0 points, all luck.'
    """
    bar, chance, where = in_points(sim.lead), words.chance(sim.exact_share), _where(sim, bench)
    skill = words.score(sim.p)
    # TRANSLATORS: the answer. {chance} is the exact chance ("53.55%"), {skill} both models'
    # chance of a right answer, {bar} the lead asked about ("4.0 points"), {where} "on 100
    # questions".
    if sim.mode == INDEPENDENT:
        return _(
            "Luck alone puts two equally good models ({skill} each) at least {bar} apart in "
            "{chance} of runs {where}."
        ).format(skill=skill, bar=bar, chance=chance, where=where)
    if sim.mode == SAME:
        # TRANSLATORS: {independent} is the chance if each model had its own questions.
        return _(
            "On the same questions (difficulty spread {spread}), luck puts two equally good "
            "models ({skill} each) at least {bar} apart in {chance} of runs {where} — "
            "{independent} if the questions were independent."
        ).format(
            spread=words.score(sim.spread),
            skill=skill,
            bar=bar,
            chance=chance,
            where=where,
            independent=words.chance(sim.base.share_at_least(sim.lead)),
        )
    # TRANSLATORS: {k} variants (20 or more, as a rule); {median} the median lead ("+7.0").
    return _(
        "Reporting the best of {k} equally good variants ({skill} each) shows a lead of {bar} or "
        "more in {chance} of runs {where}; the typical (median) lead is {median} points, all luck."
    ).format(
        k=words.count(sim.best.k),
        skill=skill,
        bar=bar,
        chance=chance,
        where=where,
        median=words.points(sim.best.median),
    )


def key_numbers(sim: Simulation) -> list[tuple[str, str, str]]:
    """The card's tiles as (label, value, help): the exact answer, which no run changes."""
    exact = (
        _("Exact chance"),
        words.chance(sim.exact_share),
        _("Worked out from the exact distribution of the gap, not simulated."),
    )
    return [exact, *_mode_numbers(sim)]


def simulated_number(sim: Simulation) -> tuple[str, str, str]:
    """The simulated share as (label, value, help): "Simulated, 1 run", "100.0%"."""
    runs = sim.tally.runs
    return (
        # TRANSLATORS: a tile's label: the share simulated so far, "Simulated, 1,000 runs".
        ngettext("Simulated, {count} run", "Simulated, {count} runs", runs).format(
            count=words.count(runs)
        ),
        _("no runs yet") if sim.simulated_share is None else words.percent(sim.simulated_share),
        _(
            "The share of the runs drawn so far at least the lead apart. It drifts toward the "
            "exact chance as runs are added."
        ),
    )


def _mode_numbers(sim: Simulation) -> list[tuple[str, str, str]]:
    # TRANSLATORS: a tile's label: the band that holds 95% of the runs.
    band = (_("95% of runs within"), f"±{_pts(sim.band)}") if sim.two_sided else None
    if sim.mode == INDEPENDENT:
        return [
            (
                _("SE of the gap"),
                _pts(sim.se_gap, decimals=2),
                _("How far the gap typically moves by luck: √(2p(1−p)/n)."),
            ),
            (*band, _("The band of luck: the smallest gap that 95% of runs stay inside.")),
        ]
    if sim.mode == SAME:
        equal = words.percent(discordance_share([sim.p]))
        return [
            (*band, _("The band of luck on the same questions.")),
            (
                _("Independent questions"),
                f"±{_pts(sim.base.half_width(sim.level))}",
                _("The same band if each model got its own independent questions."),
            ),
            (
                _("Questions they disagree on"),
                words.percent(sim.discordance),
                # TRANSLATORS: {equal} is the share if every question were equally hard.
                _(
                    "On average, the share of questions one model gets right and the other wrong "
                    "({equal} if every question were equally hard). Only these questions move "
                    "the gap."
                ).format(equal=equal),
            ),
        ]
    best = sim.best
    return [
        (
            _("Median lead"),
            _pts(best.median, signed=True),
            _("Half of all best-of-K reports show at least this lead."),
        ),
        (
            _("Average lead"),
            _pts(best.mean, signed=True),
            # TRANSLATORS: {factor} is the expected maximum of K standard normals ("1.87"),
            # {shortcut} the lead it gives ("+7.5 pts").
            _("Exact. The normal shortcut, {factor} × one score's SE, gives {shortcut}.").format(
                factor=words.signed(best.max_normal), shortcut=_pts(best.shortcut, signed=True)
            ),
        ),
    ]


def last_run(sim: Simulation) -> str | None:
    """The last run drawn, as two scores and their gap; None before any run.

    Examples
    --------
    >>> from benchstats.tally import scenario, simulate
    >>> last_run(simulate(scenario("independent", 0.8, 100), 0.04, 1))
    'Run 1: model A got 80 of 100 right (80%), model B 73 (73%): a gap of +7.0 points.'
    """
    if sim.tally.last is None:
        return None
    a, b = sim.tally.last
    n = sim.n
    numbers = dict(
        run=words.count(sim.tally.runs),
        a=words.count(a),
        n=words.count(n),
        score_a=words.score(a / n),
        b=words.count(b),
        score_b=words.score(b / n),
        gap=words.points((a - b) / n),
    )
    # TRANSLATORS: the last run drawn: {run} its number, {a} and {b} the two models' right
    # answers out of {n}, {score_a} and {score_b} as percents, {gap} A − B in points ("+7.0").
    if sim.mode == BEST:
        return _(
            "Run {run}: the best variant of A got {a} of {n} right ({score_a}), model B {b} "
            "({score_b}): a gap of {gap} points."
        ).format(**numbers)
    return _(
        "Run {run}: model A got {a} of {n} right ({score_a}), model B {b} ({score_b}): a gap of "
        "{gap} points."
    ).format(**numbers)


def bar_note(width_questions: int, n: int) -> str:
    """What one bar of the histogram holds, and why a bar may reach the top."""
    if width_questions == 1:
        # TRANSLATORS: {width} is one question in points ("1.00 pts").
        each = _("Each bar is one gap of a whole question ({width}).").format(
            width=_pts(1 / n, decimals=2)
        )
    else:
        # TRANSLATORS: {count} neighbouring gaps (an odd number, 3 or more), {width} in points.
        each = _("Each bar gathers {count} neighbouring gaps ({width}).").format(
            count=words.count(width_questions), width=_pts(width_questions / n, decimals=2)
        )
    return each + " " + _("Shares are of all runs so far; the axis grows to hold a tall bar.")


def story(sim: Simulation) -> str:
    """What the chart shows and how to read it, for the current mode."""
    bar = in_points(sim.lead)
    if sim.mode == INDEPENDENT:
        # TRANSLATORS: {questions} is "100 questions"; {a_chance} the chance of a right answer
        # with its English article ("an 80% chance": in your language write the article in the
        # message; the placeholder then holds "80%" alone); {bar} the lead ("4.0 points").
        return _(
            "Each run, both models answer all {questions} with {a_chance} chance each, and the "
            "run's gap lands in one bar. Orange bars are runs at least {bar} apart; the dashed "
            "red lines mark ±{bar}. The black line is the exact chance of each gap: as runs pile "
            "up the bars settle onto it. The grey band holds 95% of runs — a lead inside it is "
            "what two identical models produce by luck."
        ).format(
            questions=words.plural(sim.n, "question"),
            a_chance=words.a_or_an(words.score(sim.p)),
            bar=bar,
        )
    if sim.mode == SAME:
        return _(
            "Now both models face the same {questions}, drawn once from the seed: some easy, some "
            "hard. A question both models nearly always solve (or nearly always miss) cannot "
            "separate them, so only the questions on which they disagree move the gap. The "
            "dashed grey line is the independent-questions case for comparison: the "
            "same-questions gap is narrower. That is why a paired test, which looks only at the "
            "disagreements, sees leads an unpaired one cannot."
        ).format(questions=words.plural(sim.n, "question"))
    best = sim.best
    # TRANSLATORS: {variants} is "20 prompt variants", {k} the number alone; {level} "95%",
    # {span} the range in points ("+1.0 to +13.0"), {median} the median lead ("+7.0"), {bar}
    # the lead asked about ("4.0 points").
    return _(
        "Each run scores {variants} of model A and one run of model B, all exactly equally good, "
        "and reports only the best variant's lead. The whole distribution slides right: picking "
        "the winner of many tries manufactures a lead from nothing. The dashed grey line is one "
        "variant with no picking. The grey band holds the middle {level} of best-of-{k} leads, "
        "{span} points. The dotted purple line is the median best-of-{k} lead, {median} points: "
        "half of all reports show at least that much. The dashed red line marks the lead asked "
        "about, {bar}."
    ).format(
        variants=words.plural(best.k, "prompt variant"),
        k=words.count(best.k),
        level=words.level(sim.level),
        span=span(best),
        median=words.points(best.median),
        bar=bar,
    )


def alt_text(sim: Simulation) -> str:
    """One sentence saying what the histogram shows (its text alternative).

    It names no result: the page shows it in small grey type, and a number
    that matters is never a caption (the card states the chance).
    """
    numbers = dict(
        skill=words.score(sim.p),
        questions=words.plural(sim.n, "question"),
        runs=words.plural(sim.tally.runs, "simulated run"),
        bar=in_points(sim.lead),
    )
    # TRANSLATORS: the chart's text alternative. {skill} "80%", {questions} "100 questions",
    # {runs} "1,000 simulated runs", {bar} the lead ("4.0 points").
    if sim.mode == BEST:
        return _(
            "Histogram of the lead of the best variant ({skill} each) on {questions} over "
            "{runs}, with the exact chance of each gap as a black line; orange bars are runs at "
            "least {bar} ahead."
        ).format(**numbers)
    return _(
        "Histogram of the gap between two equally good models ({skill} each) on {questions} "
        "over {runs}, with the exact chance of each gap as a black line; orange bars are runs "
        "at least {bar} apart."
    ).format(**numbers)


def caption_title(sim: Simulation, bench: str | None = None) -> str:
    """The title a downloaded chart carries: the setting and the runs."""
    numbers = dict(
        skill=words.score(sim.p),
        where=_where(sim, bench),
        runs=words.plural(sim.tally.runs, "simulated run"),
    )
    # TRANSLATORS: a downloaded chart's title. {skill} "80%", {where} "on 100 questions",
    # {runs} "1,000 simulated runs", {variants} "20 variants".
    if sim.mode == BEST:
        return _("Best of {variants} against one run ({skill} each) {where}: {runs}").format(
            variants=words.plural(sim.best.k, "variant"), **numbers
        )
    if sim.mode == SAME:
        return _(
            "Two equally good models on the same questions ({skill} each) {where}: {runs}"
        ).format(**numbers)
    return _("Two equally good models ({skill} each) {where}: {runs}").format(**numbers)


# --------------------------------------------------------------------------- the arithmetic


def arithmetic(sim: Simulation) -> list[str]:
    """The arithmetic behind the card, as Markdown lines."""
    lines = _independent_lines(sim)
    if sim.mode == SAME:
        lines += _same_lines(sim)
    if sim.mode == BEST:
        lines += _best_lines(sim)
    # TRANSLATORS: {seed} is a whole number, written as code (no grouping).
    if sim.mode == INDEPENDENT:
        how = _(
            "**Simulation.** Run r draws A's and B's counts with the random stream "
            "numpy.random.default_rng({seed}): two binomial draws per run. Runs are drawn in "
            "order, so a link with the same seed and number of runs shows the same runs however "
            "they were added."
        )
    else:
        how = _(
            "**Simulation.** Run r draws A's and B's counts with the random stream "
            "numpy.random.default_rng({seed}): each count drawn from its exact distribution (one "
            "uniform number each). Runs are drawn in order, so a link with the same seed and "
            "number of runs shows the same runs however they were added."
        )
    return [*lines, "", how.format(seed=sim.seed)]


def _independent_lines(sim: Simulation) -> list[str]:
    p, n, base, bar = sim.p, sim.n, sim.base, in_points(sim.lead)
    se, z = words.points(sim.se_gap, signed=False, decimals=2), critical_value(sim.level)
    level = words.level(sim.level)
    return [
        # TRANSLATORS: {skill} "80%", {questions} "100 questions", {bar} "4.0 points",
        # {lead_questions} the lead in whole questions ("4 questions").
        _(
            "**Skill p = {skill}, n = {questions}, lead asked about d = {bar}** (= "
            "{lead_questions}: d·n rounded to whole questions)."
        ).format(
            skill=words.score(p),
            questions=words.plural(n, "question"),
            bar=bar,
            lead_questions=words.plural(sim.lead_questions, "question"),
        ),
        "",
        _("**Two models, independent questions.**"),
        # TRANSLATORS: {p} and {q} are p and 1 − p as decimals ("0.800"), {n} the questions,
        # {se} the SE in points ("5.66").
        _(
            "- Each model's number right is Binomial(n, p). The SE of the gap between two such "
            "scores is √(2·p·(1 − p)/n) = √(2 × {p} × {q} / {n}) = **{se} points**."
        ).format(
            p=words.signed(p, decimals=3),
            q=words.signed(1 - p, decimals=3),
            n=words.count(n),
            se=se,
        ),
        _(
            "- The exact chance of a gap of k questions is P(A − B = k) = Σₓ P(A = x)·P(B = x − k): "
            "one binomial distribution convolved with the other reversed."
        ),
        # TRANSLATORS: {both} the chance either model leads by {bar} or more, {one} one given
        # model, {tie} an exact tie.
        _(
            "- Independent questions: P(|gap| ≥ {bar}) = **{both}**; one *particular* model "
            "ahead by {bar} or more: {one}; an exact tie: {tie}."
        ).format(
            bar=bar,
            both=words.chance(base.share_at_least(sim.lead)),
            one=words.chance(base.share_at_least(sim.lead, two_sided=False)),
            tie=words.chance(float(base.probs_for(0, 0)[0])),
        ),
        # TRANSLATORS: {level} "95%", {half} the band's half width ("11.0 points"), {z} the
        # normal critical value ("1.96"), {se} the SE in points, {shortcut} their product.
        _(
            "- {level} of runs land within ±{half} (the smallest h with P(|gap| ≤ h) ≥ {level}); "
            "the normal shortcut {z} × {se} = {shortcut}."
        ).format(
            level=level,
            half=in_points(base.half_width(sim.level)),
            z=words.signed(z),
            se=se,
            shortcut=in_points(z * sim.se_gap),
        ),
    ]


def _same_lines(sim: Simulation) -> list[str]:
    p, spread, bar = sim.p, sim.spread, in_points(sim.lead)
    alpha, beta = beta_parameters(p, spread) if spread else (0.0, 0.0)
    low, high = chance_interval(p, spread, 0.8) if spread else (p, p)
    if spread == 0:
        drawn = _(
            "- Question i's chance qᵢ is drawn once (seed {seed}) from every question has chance "
            "p (no spread)."
        ).format(seed=sim.seed)
    else:
        # TRANSLATORS: {alpha} and {beta} are the Beta distribution's parameters ("2.50"),
        # {spread} the spread ρ as a decimal, {low} and {high} chances ("45.12%").
        drawn = _(
            "- Question i's chance qᵢ is drawn once (seed {seed}) from Beta(α = {alpha}, "
            "β = {beta}), with α = p·(1/ρ − 1) and β = (1 − p)·(1/ρ − 1) for the spread "
            "ρ = {spread}: mean p and variance ρ·p·(1 − p). The middle 80% of questions have a "
            "chance between {low} and {high}."
        ).format(
            seed=sim.seed,
            alpha=words.signed(alpha),
            beta=words.signed(beta),
            spread=words.signed(spread),
            low=words.chance(low),
            high=words.chance(high),
        )
    return [
        "",
        _("**Same questions.**"),
        drawn,
        _(
            "- Each model's number right is a sum of Bernoulli(qᵢ): a Poisson-binomial count, "
            "computed exactly as the product of the polynomials (1 − qᵢ) + qᵢ·x. The gap's "
            "distribution is that count's distribution convolved with itself reversed."
        ),
        # TRANSLATORS: {sd} "3.95 points", {se} the independent SE in points ("5.66"), {bar} the
        # lead, {chance} the exact chance.
        _(
            "- SD of the gap: √(2·Σ qᵢ(1 − qᵢ))/n = {sd}, against {se} on independent questions. "
            "P(|gap| ≥ {bar}) = **{chance}**."
        ).format(
            sd=in_points(sim.exact.sd, 2),
            se=words.points(sim.se_gap, signed=False, decimals=2),
            bar=bar,
            chance=words.chance(sim.exact_share),
        ),
        # TRANSLATORS: {share} and {equal} are percents.
        _(
            "- They disagree on a share 2·mean(qᵢ(1 − qᵢ)) = {share} of questions; "
            "2·p·(1 − p) = {equal} if every question were equally hard."
        ).format(share=words.percent(sim.discordance), equal=words.percent(discordance_share([p]))),
    ]


def _best_lines(sim: Simulation) -> list[str]:
    best, bar = sim.best, in_points(sim.lead)
    return [
        "",
        _("**Best of K = {k}.**").format(k=words.count(best.k)),
        _(
            "- Each variant's count is Binomial(n, p); the best one's has P(best ≤ x) = F(x)ᴷ, "
            "with F the binomial cumulative distribution (an order statistic). The reported lead "
            "is best − B, B one more binomial shared by all variants: the best's distribution "
            "convolved with B's reversed."
        ),
        # TRANSLATORS: {median}, {mean}, {low} and {high} are leads in points with their sign.
        _(
            "- P(lead ≥ {bar}) = **{chance}**; median lead {median}, average {mean}, {level} of "
            "runs between {low} and {high} points."
        ).format(
            bar=bar,
            chance=words.chance(sim.exact_share),
            median=words.points(best.median),
            mean=words.points(best.mean),
            level=words.level(sim.level),
            low=words.points(best.low),
            high=words.points(best.high),
        ),
        # TRANSLATORS: {factor} is the expected maximum ("1.87"), {shortcut} a lead ("+7.5").
        _(
            "- Normal shortcut: the expected maximum of {k} standard normals is {factor}; times "
            "one score's SE √(p(1 − p)/n) gives {shortcut} points of pure luck."
        ).format(
            k=words.count(best.k),
            factor=words.signed(best.max_normal),
            shortcut=words.points(best.shortcut),
        ),
    ]
