"""Sentences about interval coverage, built from :mod:`benchstats.coverage` results.

Every number goes through :mod:`benchstats.words`; no Streamlit here.

Examples
--------
>>> headline(Point(20, 0.95, 0.6389, "wilson", 0.9245))
'At 20 questions and a true score of 95%, the textbook (Wald) 95% interval holds the true score 63.9% of the time, not 95%; Wilson’s holds it 92.5% of the time.'
"""

from __future__ import annotations

from dataclasses import dataclass

from benchstats import words
from benchstats.coverage import CoverageSummary, CoverageTally, SimulatedAverage
from benchstats.language import _, npgettext
from benchstats.prose import in_points
from benchstats.scores import interval_name

PAPER_QUOTED = 0.925  # Bowyer, Aitchison & Ivanova (ICML 2025): Wald at N = 100, 80,000 datasets
PAPER_DATASETS = 80_000


@dataclass(frozen=True)
class Point:
    """Exact coverage at the reader's n and true score: Wald's and the chosen interval's."""

    n: int
    p: float
    wald: float
    method: str
    other: float
    level: float = 0.95


def question(n: int, p: float, level: float = 0.95) -> str:
    """The predict question: how often does the textbook interval hold p at n?"""
    # TRANSLATORS: {a_level} is the level with its English article ("A 95%": in your language
    # write the article in the message; the placeholder then holds "95%" alone), {questions}
    # "20 questions", {score} the true score ("95%").
    return _(
        "{a_level} textbook (Wald) interval is built from {questions} whose true score is "
        "{score}. How often does it hold the true score?"
    ).format(
        a_level=_capitalized(words.a_or_an(words.level(level))),
        questions=words.plural(n, "question"),
        score=words.score(p),
    )


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def headline(pt: Point) -> str:
    """The answer first: Wald's exact coverage at (n, p), and the chosen interval's."""
    numbers = dict(
        questions=words.plural(pt.n, "question"),
        score=words.score(pt.p),
        level=words.level(pt.level),
        wald=words.percent(pt.wald),
        name=interval_name(pt.method),
        other=words.percent(pt.other),
    )
    kept = round(pt.wald, 3) == round(pt.level, 3)  # Wald keeps its promise here
    # TRANSLATORS: the answer. {questions} "20 questions", {score} the true score, {level} the
    # promised level ("95%"), {wald} Wald's exact coverage ("63.9%"), {name} the other
    # interval's name ("Wilson"), {other} its coverage.
    if pt.method == "wald":
        if kept:
            message = _(
                "At {questions} and a true score of {score}, the textbook (Wald) {level} interval "
                "holds the true score {wald} of the time."
            )
        else:
            message = _(
                "At {questions} and a true score of {score}, the textbook (Wald) {level} interval "
                "holds the true score {wald} of the time, not {level}."
            )
    elif kept:
        message = _(
            "At {questions} and a true score of {score}, the textbook (Wald) {level} interval "
            "holds the true score {wald} of the time; {name}’s holds it {other} of the time."
        )
    else:
        message = _(
            "At {questions} and a true score of {score}, the textbook (Wald) {level} interval "
            "holds the true score {wald} of the time, not {level}; {name}’s holds it {other} of "
            "the time."
        )
    return message.format(**numbers)


def key_numbers(pt: Point, wald: CoverageSummary, other: CoverageSummary):
    """The card's tiles as (label, value, help)."""
    rows = [
        (
            _("Wald, at your true score"),
            words.percent(pt.wald),
            _(
                "Exact: the binomial probability of every count whose Wald interval holds the "
                "true score. Not simulated."
            ),
        ),
        (
            _("Wald, averaged over true scores"),
            words.percent(wald.average),
            _("The exact average over true scores spread evenly from {low} to {high}.").format(
                low=words.score(0), high=words.score(1)
            ),
        ),
    ]
    if pt.method != "wald":
        name = interval_name(pt.method)
        # TRANSLATORS: a tile's label; {name} is an interval's name ("Wilson").
        at = _("{name}, at your true score").format(name=name)
        rows.insert(1, (at, words.percent(pt.other), ""))
        # TRANSLATORS: a tile's label; {name} is an interval's name ("Wilson").
        averaged = _("{name}, averaged").format(name=name)
        rows.append((averaged, words.percent(other.average), ""))
    rows.append(
        (
            _("Promised"),
            words.level(pt.level),
            _("The nominal level every interval here aims for."),
        )
    )
    return rows


def table_title(n: int, p: float) -> str:
    """The heading over :func:`table_rows`."""
    # TRANSLATORS: a heading; {questions} "20 questions", {score} the true score ("95%").
    return _("All six intervals at {questions}, true score {score}").format(
        questions=words.plural(n, "question"), score=words.score(p)
    )


def table_rows(p: float, at_p: dict[str, float], summaries: dict[str, CoverageSummary]):
    """One row per interval: coverage at the reader's true score p, the average, the worst case."""
    # TRANSLATORS: the table's columns; {score} is the true score ("95%").
    interval, at, average, worst = (
        _("Interval"),
        _("At {score}").format(score=words.score(p)),
        _("Average"),
        _("Worst"),
    )
    return [
        {
            interval: interval_name(m),
            at: words.percent(at_p[m]),
            average: words.percent(s.average),
            # TRANSLATORS: the worst coverage and where it is: "0.0% (near 0.1%)".
            worst: _("{worst} (near {where})").format(
                worst=words.percent(s.worst), where=words.percent(s.worst_p)
            ),
        }
        for m, s in summaries.items()
    ]


def zero_width(wald: CoverageSummary, wilson_high: float) -> str:
    """Where Wald has no width (0 of n and n of n, at any n), and what Wilson gives at 0 of n."""
    n = words.count(wald.n)
    # TRANSLATORS: {n} is the questions; "0 of 20 and 20 of 20": the counts where Wald has no
    # width; {zero} and {all} are "0%" and "100%", {high} Wilson's upper end ("16.1%").
    return _(
        "At 0 of {n} and {n} of {n} right the Wald interval has **no width at all**: it says the "
        "true score is exactly {zero} (or {all}) with no doubt, and it misses every true score "
        "just inside. Wilson’s interval at 0 of {n} runs from {zero} to {high}. (At exactly "
        "{zero} or {all} the Bayes interval never holds the true score: its coverage there is 0.)"
    ).format(n=n, zero=words.score(0), all=words.score(1), high=words.percent(wilson_high))


def simulated(tally: CoverageTally, p: float, exact: float, share: float, se: float) -> str:
    """The Wald interval's simulated coverage at the reader's true score, beside the exact."""
    if tally.runs == 0:
        return _("No datasets drawn yet: add some to watch the points settle on the lines.")
    # TRANSLATORS: {datasets} "1,000 datasets", {questions} "20 questions", {scores} "40 true
    # scores", {score} the true score, {share} the simulated coverage, {exact} the exact one,
    # {se} the Monte Carlo SE ("0.69 points").
    return _(
        "After {datasets} of {questions} at each of {scores}, the textbook (Wald) interval held "
        "{score} in {share} of them (exact: {exact}; Monte Carlo SE {se})."
    ).format(
        # TRANSLATORS: the counts after "After" and "at each of": inflect them as the sentence
        # needs ("nach 1.000 Datensätzen").
        datasets=words.counted(
            tally.runs,
            npgettext("after", "{count} dataset", "{count} datasets", tally.runs),
        ),
        questions=words.plural(tally.n, "question"),
        scores=words.counted(
            tally.p.size,
            npgettext("at each of", "{count} true score", "{count} true scores", tally.p.size),
        ),
        score=words.score(p),
        share=words.percent(share),
        exact=words.percent(exact),
        se=in_points(se, 2),
    )


def paper(
    wald100: CoverageSummary,
    inner: float,
    wilson: float,
    cp: float,
    sim: SimulatedAverage,
    seed: int,
) -> str:
    """The articles' 92.5% beside the exact figure in the setting assumed."""
    # TRANSLATORS: the articles' figure beside ours. {datasets} "80,000", {questions} "100
    # questions", {quoted} "92.5%", {zero} "0%", {all} "100%", {average} the exact average,
    # {ours} this page's datasets, {seed} the seed, {share} their coverage, {se} its Monte Carlo
    # SE ("0.09 points"), {five} "5%", {ninety_five} "95%", {inner} the average between them,
    # {wilson} and {cp} Wilson's and Clopper–Pearson's averages.
    return _(
        "Bowyer, Aitchison & Ivanova (ICML 2025) simulated {datasets} datasets of {questions} and "
        "found the textbook {ninety_five} interval covered **{quoted}** of the time. Assuming the "
        "true score spread evenly from {zero} to {all} (the setting this page assumes), the exact "
        "average is **{average}**; this page's own simulation of {ours} such datasets (seed "
        "{seed}) gives **{share}** (Monte Carlo SE {se}). Over true scores from {five} to "
        "{ninety_five} only, the exact average is {inner}. Wilson’s interval averages {wilson}, "
        "Clopper–Pearson’s {cp}."
    ).format(
        datasets=words.count(PAPER_DATASETS),
        questions=words.plural(wald100.n, "question"),
        quoted=words.percent(PAPER_QUOTED),
        zero=words.score(0),
        all=words.score(1),
        average=words.percent(wald100.average),
        ours=words.count(sim.datasets),
        seed=words.count(seed),
        share=words.percent(sim.share),
        se=in_points(sim.standard_error, 2),
        five=words.score(0.05),
        ninety_five=words.score(0.95),
        inner=words.percent(inner),
        wilson=words.percent(wilson),
        cp=words.percent(cp),
    )


def alt_text(n: int, lowest: float, floor: float, level: float = 0.95) -> str:
    """What the chart shows, in one sentence (its text alternative); ``floor`` is the axis' end."""
    numbers = dict(
        a_level=words.a_or_an(words.level(level)),
        level=words.level(level),
        questions=words.plural(n, "question"),
        lowest=words.percent(lowest),
        floor=words.score(floor),
    )
    # TRANSLATORS: the chart's text alternative. {a_level} "a 95%" (English article: write your
    # own in the message), {level} "95%", {questions} "20 questions", {lowest} the lowest
    # coverage, {floor} where the axis stops ("50%").
    if lowest < floor:
        return _(
            "How often {a_level} interval from {questions} holds the true score, at every true "
            "score: the lines saw-tooth around the dashed {level} line and dip as low as "
            "{lowest} (the axis stops at {floor})."
        ).format(**numbers)
    return _(
        "How often {a_level} interval from {questions} holds the true score, at every true "
        "score: the lines saw-tooth around the dashed {level} line and dip as low as {lowest}."
    ).format(**numbers)


def caption_title(n: int, method: str) -> str:
    """The downloaded chart's title line."""
    questions, level = words.plural(n, "question"), words.level(0.95)
    # TRANSLATORS: a downloaded chart's title; {level} "95%", {questions} "20 questions",
    # {name} the other interval's name ("Wilson").
    if method == "wald":
        return _("Exact coverage of the {level} Wald interval, {questions}").format(
            level=level, questions=questions
        )
    return _("Exact coverage of the {level} Wald and {name} interval, {questions}").format(
        level=level, name=interval_name(method), questions=questions
    )
