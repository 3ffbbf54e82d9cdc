"""Sentences about slices and many comparisons, built from :mod:`benchstats.slices` results."""

from __future__ import annotations

import numpy as np

from benchstats import words
from benchstats.intervals import critical_value
from benchstats.leaderboard import CORRECTION_NAMES
from benchstats.prose import KeyNumber, in_points, listed
from benchstats.slices import ScalingCurves, SliceComparison, SliceLuck, SliceSimulation


def caption_title(luck: SliceLuck) -> str:
    """The setting in words, the downloaded chart's title line."""
    lo, hi = int(luck.noise.sizes.min()), int(luck.noise.sizes.max())
    size = words.count(lo) if lo == hi else f"about {words.count(round(luck.n / luck.slices))}"
    slices = f"{words.plural(luck.slices, 'slice')} of {size}" if luck.slices > 1 else "one slice"
    return (
        f"Two equally good models at {words.score(luck.p)}, "
        f"{words.plural(luck.n, 'question')} in {slices}"
    )


def _points(values) -> str:
    """One value in points, or "low to high" when the slices differ in size."""
    lo, hi = (words.points(float(f(values)), signed=False) for f in (np.min, np.max))
    return lo if lo == hi else f"{lo} to {hi}"


def question(luck: SliceLuck) -> str:
    """The predict question."""
    return (
        f"{caption_title(luck)}; each slice’s lead is tested at "
        f"{words.level(luck.alpha)}. In what share of runs does at least one slice look "
        "“significant”?"
    )


def headline(luck: SliceLuck) -> str:
    """The answer first: the exact chance of at least one lucky slice.

    >>> from benchstats.slices import slice_luck
    >>> headline(slice_luck(198, 4))
    'Two equally good models at 50%, 198 questions in 4 slices of about 50: at least one slice looks “significant” at 5% in 20.48% of runs, by luck alone.'
    """
    return (
        f"{caption_title(luck)}: at least one slice looks “significant” at "
        f"{words.level(luck.alpha)} in {words.chance(luck.exact)} of runs, by luck alone."
    )


def key_numbers(luck: SliceLuck) -> list[KeyNumber]:
    """The card's tiles."""
    level = words.level(luck.noise.confidence_level)
    return [
        KeyNumber(
            "At least one lucky slice",
            words.chance(luck.exact),
            "Exact for the unpaired test on these slices: 1 − the product of each slice’s "
            "chance of not being flagged.",
        ),
        KeyNumber(
            f"1 − (1 − α)^{luck.slices}",
            words.chance(luck.formula),
            f"The textbook figure: {words.plural(luck.slices, 'independent test')} of exactly "
            f"{words.level(luck.alpha)} each.",
        ),
        KeyNumber(
            "SE of one slice’s score",
            f"{_points(luck.noise.se)} pts",
            f"√(p(1 − p)/m) at p = {words.score(luck.p)}, m the questions in a slice.",
        ),
        KeyNumber(
            f"Width of one slice’s {level} interval",
            f"{_points(luck.noise.width)} pts",
            f"2 × {critical_value(luck.noise.confidence_level):.2f} × the SE: how far one "
            "slice’s score can sit from the truth.",
        ),
    ]


def size_note(luck: SliceLuck) -> str:
    """The honest note: the real test flags a slice more (or less) often than α."""
    lo, hi = sorted(luck.sizes_flagged)
    each = words.percent(lo, decimals=2)
    if round(lo, 4) != round(hi, 4):
        each += f" to {words.percent(hi, decimals=2)}"
    return (
        f"Why not exactly the textbook {words.chance(luck.formula)}? The unpaired test on a "
        f"slice this size flags {each} of equal pairs, not {words.level(luck.alpha)}: it is a "
        "normal approximation on whole counts. The exact figure above sums the binomial "
        "probabilities of every pair of slice scores the test flags."
    )


def simulated_numbers(sim: SliceSimulation):
    """The simulation's tiles: runs with a lucky slice, before and after each correction."""
    return [
        (
            f"Simulated, {words.plural(sim.runs, 'run')}",
            words.percent(sim.share_any("none")),
            "Share of runs with at least one slice flagged, no correction.",
        ),
        ("After Holm", words.percent(sim.share_any("holm")), "Holm’s step-down correction."),
        (
            "After Benjamini–Hochberg",
            words.percent(sim.share_any("bh")),
            "Benjamini–Hochberg’s false-discovery-rate correction.",
        ),
    ]


def last_run(sim: SliceSimulation, correction: str, run: int) -> str:
    """What the run on the chart (index ``run``) shows: its false discoveries, and what survived.

    >>> from benchstats.slices import simulate_slices
    >>> sim = simulate_slices([50] * 12, 100, seed=1)
    >>> last_run(sim, "holm", sim.shown_run())
    'Run 99 of 100 (seed 1) is on the chart, the latest with a flagged slice: 1 slice flagged at 5%, every one a false discovery since the models are equal; after Holm, 0 still flagged.'
    """
    flagged = int(sim.flagged["none"][run].sum())
    kept = int(sim.flagged[correction][run].sum())
    seed = "" if sim.seed is None else f" (seed {sim.seed})"
    which = f"Run {words.count(run + 1)} of {words.count(sim.runs)}{seed} is on the chart"
    if flagged == 0:
        return f"{which}: no slice flagged at {words.level(sim.alpha)} in any run so far."
    latest = "" if run == sim.runs - 1 else ", the latest with a flagged slice"
    return (
        f"{which}{latest}: {words.plural(flagged, 'slice')} flagged at "
        f"{words.level(sim.alpha)}, every one a false discovery since the models are equal; "
        f"after {CORRECTION_NAMES[correction]}, {words.count(kept)} still flagged."
    )


def comparison(res: SliceComparison) -> str:
    """The reader's table: which slices look significant, and which survive the correction.

    >>> from benchstats.slices import compare_slices, slice_table
    >>> t = slice_table(["algebra", "logic", "sets"], [50] * 3, [0.8, 0.5, 0.9], [0.6, 0.52, 0.5])
    >>> comparison(compare_slices(t))
    '2 of 3 slices look significant at 5% before correction (algebra and sets); after Holm, 1 survives (sets).'
    """
    names = list(res.table.names)
    flagged = [x for x, f in zip(names, res.flagged, strict=True) if f]
    kept = [x for x, k in zip(names, res.survives, strict=True) if k]
    verb = "survives" if len(kept) == 1 else "survive"
    return (
        f"{words.count(len(flagged))} of {words.plural(len(names), 'slice')} "
        f"{'looks' if len(flagged) == 1 else 'look'} significant at {words.level(res.alpha)} "
        f"before correction{f' ({listed(flagged, 4)})' if flagged else ''}; after "
        f"{CORRECTION_NAMES[res.correction]}, {words.count(len(kept))} {verb}"
        f"{f' ({listed(kept, 4)})' if kept else ''}."
    )


def table_luck(res: SliceComparison) -> str:
    """What luck alone would do to a table of this many slices."""
    slices = res.lead.size
    return (
        f"You tested {words.plural(slices, 'slice')}. If no slice really differed, at least one "
        f"would look significant at {words.level(res.alpha)} by luck with a chance of about "
        f"{words.chance(res.by_luck)} (1 − (1 − α)^{slices}, for independent tests of exactly α)."
    )


def scaling(curves: ScalingCurves) -> str:
    """Why the shared-question curve looks smoother than its evidence (or, this draw, did not)."""
    shared, fresh = curves.wiggle
    bends = (
        f"the shared curve bends {in_points(shared, 2)} a step "
        f"on average, the fresh one {words.points(fresh, signed=False, decimals=2)}"
    )
    seed = "" if curves.seed is None else f" (seed {curves.seed})"
    setup = (
        f"Both curves measure the same {words.count(curves.true.size)} true scores on "
        f"{words.plural(curves.n, 'question')} a point{seed}. On one shared set the errors move together (question correlation "
        f"{words.signed(curves.item_correlation, decimals=1)})"
    )
    if shared < fresh:
        return f"{setup}: {bends}. Smoother, but no point is any more accurate."
    return (
        f"{setup}, which in most draws makes its curve smoother; in this one {bends}. "
        "Try another seed. Either way, no point on the shared curve is any more accurate."
    )
