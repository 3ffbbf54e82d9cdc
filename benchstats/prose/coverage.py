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
from benchstats.prose import in_points
from benchstats.scores import INTERVAL_NAMES

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
    return (
        f"{words.a_or_an(words.level(level)).capitalize()} textbook (Wald) interval is built "
        f"from {words.plural(n, 'question')} whose true score is {words.score(p)}. "
        "How often does it hold the true score?"
    )


def headline(pt: Point) -> str:
    """The answer first: Wald's exact coverage at (n, p), and the chosen interval's."""
    where = f"At {words.plural(pt.n, 'question')} and a true score of {words.score(pt.p)}"
    wald = (
        f"the textbook (Wald) {words.level(pt.level)} interval holds the true score "
        f"{words.percent(pt.wald)} of the time"
    )
    promise = "" if round(pt.wald, 3) == round(pt.level, 3) else f", not {words.level(pt.level)}"
    if pt.method == "wald":
        return f"{where}, {wald}{promise}."
    return (
        f"{where}, {wald}{promise}; {INTERVAL_NAMES[pt.method]}’s holds it "
        f"{words.percent(pt.other)} of the time."
    )


def key_numbers(pt: Point, wald: CoverageSummary, other: CoverageSummary):
    """The card's tiles as (label, value, help)."""
    rows = [
        (
            "Wald, at your true score",
            words.percent(pt.wald),
            "Exact: the binomial probability of every count whose Wald interval holds the true "
            "score. Not simulated.",
        ),
        (
            "Wald, averaged over true scores",
            words.percent(wald.average),
            "The exact average over true scores spread evenly from 0% to 100%.",
        ),
    ]
    if pt.method != "wald":
        rows.insert(
            1, (f"{INTERVAL_NAMES[pt.method]}, at your true score", words.percent(pt.other), "")
        )
        rows.append((f"{INTERVAL_NAMES[pt.method]}, averaged", words.percent(other.average), ""))
    rows.append(
        ("Promised", words.level(pt.level), "The nominal level every interval here aims for.")
    )
    return rows


def table_title(n: int, p: float) -> str:
    """The heading over :func:`table_rows`."""
    return f"All six intervals at {words.plural(n, 'question')}, true score {words.score(p)}"


def table_rows(p: float, at_p: dict[str, float], summaries: dict[str, CoverageSummary]):
    """One row per interval: coverage at the reader's true score p, the average, the worst case."""
    return [
        {
            "Interval": INTERVAL_NAMES[m],
            f"At {words.score(p)}": words.percent(at_p[m]),
            "Average": words.percent(s.average),
            "Worst": f"{words.percent(s.worst)} (near {words.percent(s.worst_p)})",
        }
        for m, s in summaries.items()
    ]


def zero_width(wald: CoverageSummary, wilson_high: float) -> str:
    """Where Wald has no width (0 of n and n of n, at any n), and what Wilson gives at 0 of n."""
    n = wald.n
    ends = " and ".join(f"{words.count(k)} of {words.count(n)}" for k in wald.zero_width)
    return (
        f"At {ends} right the Wald interval has **no width at all**: it says the true score is "
        f"exactly {words.score(0)} (or {words.score(1)}) with no doubt, and it misses every true "
        f"score just inside. Wilson’s interval at 0 of {words.count(n)} runs from 0% to "
        f"{words.percent(wilson_high)}. (At exactly 0% or 100% the Bayes interval never holds "
        "the true score: its coverage there is 0.)"
    )


def simulated(tally: CoverageTally, p: float, exact: float, share: float, se: float) -> str:
    """The Wald interval's simulated coverage at the reader's true score, beside the exact."""
    if tally.runs == 0:
        return "No datasets drawn yet: add some to watch the points settle on the lines."
    return (
        f"After {words.plural(tally.runs, 'dataset')} of {words.plural(tally.n, 'question')} at "
        f"each of {words.plural(tally.p.size, 'true score')}, the textbook (Wald) interval held "
        f"{words.score(p)} in {words.percent(share)} of them (exact: {words.percent(exact)}; "
        f"Monte Carlo SE {in_points(se, 2)})."
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
    return (
        f"Bowyer, Aitchison & Ivanova (ICML 2025) simulated "
        f"{words.count(PAPER_DATASETS)} datasets of {words.plural(wald100.n, 'question')} and "
        f"found the textbook 95% interval covered **{words.percent(PAPER_QUOTED)}** of the time. "
        f"Assuming the true score spread evenly from 0% to 100% (the setting this page assumes), "
        f"the exact average is **{words.percent(wald100.average)}**; this page's own simulation of "
        f"{words.count(sim.datasets)} such datasets (seed {words.count(seed)}) gives "
        f"**{words.percent(sim.share)}** (Monte Carlo SE "
        f"{in_points(sim.standard_error, 2)}). Over true scores "
        f"from 5% to 95% only, the exact average is {words.percent(inner)}. Wilson’s interval "
        f"averages {words.percent(wilson)}, Clopper–Pearson’s {words.percent(cp)}."
    )


def alt_text(n: int, lowest: float, floor: float, level: float = 0.95) -> str:
    """What the chart shows, in one sentence (its text alternative); ``floor`` is the axis' end."""
    below = f" (the axis stops at {words.score(floor)})" if lowest < floor else ""
    return (
        f"How often {words.a_or_an(words.level(level))} interval from "
        f"{words.plural(n, 'question')} holds the true score, at every true score: the lines "
        f"saw-tooth around the dashed {words.level(level)} line and dip as low as "
        f"{words.percent(lowest)}{below}."
    )


def caption_title(n: int, method: str) -> str:
    """The downloaded chart's title line."""
    other = "" if method == "wald" else f" and {INTERVAL_NAMES[method]}"
    return f"Exact coverage of the 95% Wald{other} interval, {words.plural(n, 'question')}"
