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
from benchstats.prose import in_points, span
from benchstats.tally import BEST, INDEPENDENT, SAME, Simulation


def _pts(x: float, *, decimals: int = 1, signed: bool = False) -> str:
    return f"{words.points(x, signed=signed, decimals=decimals)} pts"


def _where(sim: Simulation, bench: str | None) -> str:
    return f"on {words.plural(sim.n, 'question')}" + (f" ({bench})" if bench else "")


def question(sim: Simulation, bench: str | None = None) -> str:
    """The question a class predicts before the answer is shown."""
    bar, skill, where = in_points(sim.lead), words.score(sim.p), _where(sim, bench)
    if sim.mode == INDEPENDENT:
        return f"How often do two equally good models ({skill} each) land at least {bar} apart {where}?"
    if sim.mode == SAME:
        return (
            f"Two equally good models ({skill} each) now face the same questions, some easy, some "
            f"hard (difficulty spread {words.score(sim.spread)}). How often do they land at least "
            f"{bar} apart {where}?"
        )
    return (
        f"A is run with {words.plural(sim.best.k, 'equally good prompt variant')} ({skill} each) "
        f"and only the best is reported against one run of B. How often does it lead by {bar} "
        f"or more {where}?"
    )


def headline(sim: Simulation, bench: str | None = None) -> str:
    """The answer in one sentence, the exact chance first.

    Examples
    --------
    >>> from benchstats.tally import scenario, simulate
    >>> headline(simulate(scenario("best-of-k", 0.8, 100, k=20), 0.04, 0))
    'Reporting the best of 20 equally good variants (80% each) shows a lead of 4.0 points or more in 79.39% of runs on 100 questions; the typical (median) lead is +7.0 points, all luck.'
    """
    bar, chance, where = in_points(sim.lead), words.chance(sim.exact_share), _where(sim, bench)
    if sim.mode == INDEPENDENT:
        return (
            f"Luck alone puts two equally good models ({words.score(sim.p)} each) at least {bar} "
            f"apart in {chance} of runs {where}."
        )
    if sim.mode == SAME:
        independent = words.chance(sim.base.share_at_least(sim.lead))
        return (
            f"On the same questions (difficulty spread {words.score(sim.spread)}), luck puts two "
            f"equally good models ({words.score(sim.p)} each) at least {bar} apart in {chance} of "
            f"runs {where} — {independent} if the questions were independent."
        )
    return (
        f"Reporting the best of {sim.best.k} equally good variants ({words.score(sim.p)} each) "
        f"shows a lead of {bar} or more in {chance} of runs {where}; the typical (median) lead "
        f"is {words.points(sim.best.median)} points, all luck."
    )


def key_numbers(sim: Simulation) -> list[tuple[str, str, str]]:
    """The card's tiles as (label, value, help): the exact answer, which no run changes."""
    exact = (
        "Exact chance",
        words.chance(sim.exact_share),
        "Worked out from the exact distribution of the gap, not simulated.",
    )
    return [exact, *_mode_numbers(sim)]


def simulated_number(sim: Simulation) -> tuple[str, str, str]:
    """The simulated share as (label, value, help): "Simulated, 1 run", "100.0%"."""
    return (
        f"Simulated, {words.plural(sim.tally.runs, 'run')}",
        "no runs yet" if sim.simulated_share is None else words.percent(sim.simulated_share),
        "The share of the runs drawn so far at least the lead apart. It drifts toward the "
        "exact chance as runs are added.",
    )


def _mode_numbers(sim: Simulation) -> list[tuple[str, str, str]]:
    band = ("95% of runs within", f"±{_pts(sim.band)}") if sim.two_sided else None
    if sim.mode == INDEPENDENT:
        return [
            (
                "SE of the gap",
                _pts(sim.se_gap, decimals=2),
                "How far the gap typically moves by luck: √(2p(1−p)/n).",
            ),
            (*band, "The band of luck: the smallest gap that 95% of runs stay inside."),
        ]
    if sim.mode == SAME:
        equal = words.percent(discordance_share([sim.p]))
        return [
            (*band, "The band of luck on the same questions."),
            (
                "Independent questions",
                f"±{_pts(sim.base.half_width(sim.level))}",
                "The same band if each model got its own independent questions.",
            ),
            (
                "Questions they disagree on",
                words.percent(sim.discordance),
                "On average, the share of questions one model gets right and the other wrong "
                f"({equal} if every question were equally hard). Only these questions move the gap.",
            ),
        ]
    best = sim.best
    return [
        (
            "Median lead",
            _pts(best.median, signed=True),
            "Half of all best-of-K reports show at least this lead.",
        ),
        (
            "Average lead",
            _pts(best.mean, signed=True),
            f"Exact. The normal shortcut, {words.signed(best.max_normal)} × one score's SE, "
            f"gives {_pts(best.shortcut, signed=True)}.",
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
    who = "the best variant of A" if sim.mode == BEST else "model A"
    return (
        f"Run {words.count(sim.tally.runs)}: {who} got {words.count(a)} of {words.count(n)} "
        f"right ({words.score(a / n)}), model B {words.count(b)} ({words.score(b / n)}): "
        f"a gap of {words.points((a - b) / n)} points."
    )


def bar_note(width_questions: int, n: int) -> str:
    """What one bar of the histogram holds, and why a bar may reach the top."""
    each = (
        f"Each bar is one gap of a whole question ({_pts(1 / n, decimals=2)})."
        if width_questions == 1
        else f"Each bar gathers {width_questions} neighbouring gaps "
        f"({_pts(width_questions / n, decimals=2)})."
    )
    return each + " Shares are of all runs so far; the axis grows to hold a tall bar."


def story(sim: Simulation) -> str:
    """What the chart shows and how to read it, for the current mode."""
    if sim.mode == INDEPENDENT:
        chance = words.a_or_an(f"{words.score(sim.p)} chance")
        return (
            f"Each run, both models answer all {words.plural(sim.n, 'question')} with {chance} "
            "each, and the run's gap lands in one bar. Orange bars are runs at least "
            f"{in_points(sim.lead)} apart; the dashed red lines mark ±{in_points(sim.lead)}. "
            "The black line is the exact chance of each gap: as runs pile up the bars "
            "settle onto it. The grey band holds 95% of runs — a lead inside it is what two "
            "identical models produce by luck."
        )
    if sim.mode == SAME:
        return (
            f"Now both models face the same {words.plural(sim.n, 'question')}, drawn once from "
            "the seed: some easy, some hard. A question both models nearly always solve (or "
            "nearly always miss) cannot separate them, so only the questions on which they "
            "disagree move the gap. The dashed grey line is the independent-questions case for "
            "comparison: the same-questions gap is narrower. That is why a paired test, which "
            "looks only at the disagreements, sees leads an unpaired one cannot."
        )
    best = sim.best
    return (
        f"Each run scores {words.plural(best.k, 'prompt variant')} of model A and one run of "
        "model B, all exactly equally good, and reports only the best variant's lead. The whole "
        "distribution slides right: picking the winner of many tries manufactures a lead from "
        "nothing. The dashed grey line is one variant with no picking. The grey band holds the "
        f"middle {words.level(sim.level)} of best-of-{best.k} leads, "
        f"{span(best)} points. The dotted purple line "
        f"is the median best-of-{best.k} lead, {words.points(best.median)} points: half of all "
        f"reports show at least that much. The dashed red line marks the lead asked about, "
        f"{in_points(sim.lead)}."
    )


def alt_text(sim: Simulation) -> str:
    """One sentence saying what the histogram shows (its text alternative).

    It names no result: the page shows it in small grey type, and a number
    that matters is never a caption (the card states the chance).
    """
    runs = words.plural(sim.tally.runs, "simulated run")
    what = "lead of the best variant" if sim.mode == BEST else "gap between two equally good models"
    return (
        f"Histogram of the {what} ({words.score(sim.p)} each) on "
        f"{words.plural(sim.n, 'question')} over {runs}, with the exact chance of each gap as a "
        f"black line; orange bars are runs at least {in_points(sim.lead)} "
        + ("ahead." if sim.mode == BEST else "apart.")
    )


def caption_title(sim: Simulation, bench: str | None = None) -> str:
    """The title a downloaded chart carries: the setting and the runs."""
    if sim.mode == BEST:
        setting = f"Best of {words.plural(sim.best.k, 'variant')} against one run"
    else:
        setting = "Two equally good models" + (" on the same questions" if sim.mode == SAME else "")
    return (
        f"{setting} ({words.score(sim.p)} each) {_where(sim, bench)}: "
        f"{words.plural(sim.tally.runs, 'simulated run')}"
    )


# --------------------------------------------------------------------------- the arithmetic


def arithmetic(sim: Simulation) -> list[str]:
    """The arithmetic behind the card, as Markdown lines."""
    lines = _independent_lines(sim)
    if sim.mode == SAME:
        lines += _same_lines(sim)
    if sim.mode == BEST:
        lines += _best_lines(sim)
    how = (
        "two binomial draws per run."
        if sim.mode == INDEPENDENT
        else "each count drawn from its exact distribution (one uniform number each)."
    )
    return [
        *lines,
        "",
        f"**Simulation.** Run r draws A's and B's counts with the random stream "
        f"numpy.random.default_rng({sim.seed}): {how} Runs are drawn in order, so a link with the "
        "same seed and number of runs shows the same runs however they were added.",
    ]


def _independent_lines(sim: Simulation) -> list[str]:
    p, n, base, bar = sim.p, sim.n, sim.base, in_points(sim.lead)
    se, z = words.points(sim.se_gap, signed=False, decimals=2), critical_value(sim.level)
    return [
        f"**Skill p = {words.score(p)}, n = {words.plural(n, 'question')}, lead asked about "
        f"d = {bar}** (= {words.plural(sim.lead_questions, 'question')}: d·n rounded to whole "
        "questions).",
        "",
        "**Two models, independent questions.**",
        f"- Each model's number right is Binomial(n, p). The SE of the gap between two such "
        f"scores is √(2·p·(1 − p)/n) = √(2 × {words.signed(p, decimals=3)} × "
        f"{words.signed(1 - p, decimals=3)} / {words.count(n)}) = **{se} points**.",
        "- The exact chance of a gap of k questions is P(A − B = k) = Σₓ P(A = x)·P(B = x − k): "
        "one binomial distribution convolved with the other reversed.",
        f"- Independent questions: P(|gap| ≥ {bar}) = **{words.chance(base.share_at_least(sim.lead))}**; "
        f"one *particular* model ahead by {bar} or more: "
        f"{words.chance(base.share_at_least(sim.lead, two_sided=False))}; an exact tie: "
        f"{words.chance(float(base.probs_for(0, 0)[0]))}.",
        f"- {words.level(sim.level)} of runs land within ±{in_points(base.half_width(sim.level))} "
        f"(the smallest h with P(|gap| ≤ h) ≥ {words.level(sim.level)}); the normal "
        f"shortcut {words.signed(z)} × {se} = {in_points(z * sim.se_gap)}.",
    ]


def _same_lines(sim: Simulation) -> list[str]:
    p, spread, bar = sim.p, sim.spread, in_points(sim.lead)
    alpha, beta = beta_parameters(p, spread) if spread else (0.0, 0.0)
    low, high = chance_interval(p, spread, 0.8) if spread else (p, p)
    beta_text = (
        "every question has chance p (no spread)"
        if spread == 0
        else f"Beta(α = {words.signed(alpha)}, β = {words.signed(beta)}), with α = p·(1/ρ − 1) "
        f"and β = (1 − p)·(1/ρ − 1) for the spread ρ = {words.signed(spread)}: mean p and "
        f"variance ρ·p·(1 − p). The middle 80% of questions have a chance between "
        f"{words.chance(low)} and {words.chance(high)}"
    )
    return [
        "",
        "**Same questions.**",
        f"- Question i's chance qᵢ is drawn once (seed {sim.seed}) from {beta_text}.",
        "- Each model's number right is a sum of Bernoulli(qᵢ): a Poisson-binomial count, "
        "computed exactly as the product of the polynomials (1 − qᵢ) + qᵢ·x. The gap's "
        "distribution is that count's distribution convolved with itself reversed.",
        f"- SD of the gap: √(2·Σ qᵢ(1 − qᵢ))/n = {in_points(sim.exact.sd, 2)}, "
        f"against {words.points(sim.se_gap, signed=False, decimals=2)} on independent questions. "
        f"P(|gap| ≥ {bar}) = **{words.chance(sim.exact_share)}**.",
        f"- They disagree on a share 2·mean(qᵢ(1 − qᵢ)) = {words.percent(sim.discordance)} of "
        f"questions; 2·p·(1 − p) = {words.percent(discordance_share([p]))} if every question "
        "were equally hard.",
    ]


def _best_lines(sim: Simulation) -> list[str]:
    best, bar = sim.best, in_points(sim.lead)
    return [
        "",
        f"**Best of K = {best.k}.**",
        "- Each variant's count is Binomial(n, p); the best one's has P(best ≤ x) = F(x)ᴷ, with "
        "F the binomial cumulative distribution (an order statistic). The reported lead is "
        "best − B, B one more binomial shared by all variants: the best's distribution "
        "convolved with B's reversed.",
        f"- P(lead ≥ {bar}) = **{words.chance(sim.exact_share)}**; median lead "
        f"{words.points(best.median)}, average {words.points(best.mean)}, "
        f"{words.level(sim.level)} of runs between {words.points(best.low)} and "
        f"{words.points(best.high)} points.",
        f"- Normal shortcut: the expected maximum of {best.k} standard normals is "
        f"{words.signed(best.max_normal)}; times one score's SE √(p(1 − p)/n) gives "
        f"{words.points(best.shortcut)} points of pure luck.",
    ]
