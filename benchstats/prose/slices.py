"""Sentences about slices and many comparisons, built from :mod:`benchstats.slices` results."""

from __future__ import annotations

import numpy as np

from benchstats import words
from benchstats.intervals import critical_value
from benchstats.language import _, ngettext
from benchstats.leaderboard import CORRECTION_NAMES
from benchstats.prose import KeyNumber, in_points, listed
from benchstats.slices import ScalingCurves, SliceComparison, SliceLuck, SliceSimulation


def caption_title(luck: SliceLuck) -> str:
    """The setting in words, the downloaded chart's title line.

    >>> from benchstats.slices import slice_luck
    >>> caption_title(slice_luck(200, 4)), caption_title(slice_luck(50, 1))
    ('Two equally good models at 50%, 200 questions in 4 slices of 50', 'Two equally good models at 50%, 50 questions in one slice')
    """
    lo, hi = int(luck.noise.sizes.min()), int(luck.noise.sizes.max())
    # TRANSLATORS: the setting of Slices. {skill} both models' score ("50%"), {questions} "198
    # questions", {slices} "4 slices", {size} a bare count of questions in each slice.
    if luck.slices == 1:
        said = _("Two equally good models at {skill}, {questions} in one slice")
    elif lo == hi:
        said = _("Two equally good models at {skill}, {questions} in {slices} of {size}")
    else:
        said = _("Two equally good models at {skill}, {questions} in {slices} of about {size}")
    return said.format(
        skill=words.score(luck.p),
        questions=words.plural(luck.n, "question"),
        slices=words.plural(luck.slices, "slice"),
        size=words.count(lo) if lo == hi else words.count(round(luck.n / luck.slices)),
    )


def _points(values) -> str:
    """One value in points, or "low to high" when the slices differ in size."""
    lo, hi = (words.points(float(f(values)), signed=False) for f in (np.min, np.max))
    return lo if lo == hi else _("{low} to {high}").format(low=lo, high=hi)


def question(luck: SliceLuck) -> str:
    """The predict question."""
    # TRANSLATORS: the guess asked first; {setting} the setting ("Two equally good models at
    # 50%, 198 questions in 4 slices of about 50"), {alpha} the level of each test ("5%").
    return _(
        "{setting}; each slice’s lead is tested at {alpha}. In what share of runs does at "
        "least one slice look “significant”?"
    ).format(setting=caption_title(luck), alpha=words.level(luck.alpha))


def headline(luck: SliceLuck) -> str:
    """The answer first: the exact chance of at least one lucky slice.

    >>> from benchstats.slices import slice_luck
    >>> headline(slice_luck(198, 4))
    'Two equally good models at 50%, 198 questions in 4 slices of about 50: at least one slice looks “significant” at 5% in 20.48% of runs, by luck alone.'
    """
    # TRANSLATORS: the answer; {setting} the setting, {alpha} "5%", {chance} "20.48%".
    return _(
        "{setting}: at least one slice looks “significant” at {alpha} in {chance} of runs, by "
        "luck alone."
    ).format(
        setting=caption_title(luck), alpha=words.level(luck.alpha), chance=words.chance(luck.exact)
    )


def key_numbers(luck: SliceLuck) -> list[KeyNumber]:
    """The card's tiles."""
    level = words.level(luck.noise.confidence_level)
    # TRANSLATORS: a number in points on a tile, "4.0 pts" (or "3.5 to 4.0 pts").
    pts = _("{points} pts")
    return [
        KeyNumber(
            _("At least one lucky slice"),
            words.chance(luck.exact),
            _(
                "Exact for the unpaired test on these slices: 1 − the product of each slice’s "
                "chance of not being flagged."
            ),
        ),
        KeyNumber(
            f"1 − (1 − α)^{luck.slices}",
            words.chance(luck.formula),
            # TRANSLATORS: {tests} "4 independent tests", {alpha} "5%".
            _("The textbook figure: {tests} of exactly {alpha} each.").format(
                tests=words.counted(
                    luck.slices,
                    ngettext("{count} independent test", "{count} independent tests", luck.slices),
                ),
                alpha=words.level(luck.alpha),
            ),
        ),
        KeyNumber(
            _("SE of one slice’s score"),
            pts.format(points=_points(luck.noise.se)),
            # TRANSLATORS: {skill} the models' score ("50%").
            _("√(p(1 − p)/m) at p = {skill}, m the questions in a slice.").format(
                skill=words.score(luck.p)
            ),
        ),
        KeyNumber(
            # TRANSLATORS: {level} the interval's confidence level ("95%").
            _("Width of one slice’s {level} interval").format(level=level),
            pts.format(points=_points(luck.noise.width)),
            # TRANSLATORS: {z} the normal quantile ("1.96").
            _("2 × {z} × the SE: how far one slice’s score can sit from the truth.").format(
                z=words.signed(critical_value(luck.noise.confidence_level), decimals=2)
            ),
        ),
    ]


def size_note(luck: SliceLuck) -> str:
    """The honest note: the real test flags a slice more (or less) often than α."""
    lo, hi = sorted(luck.sizes_flagged)
    each = words.percent(lo, decimals=2)
    if round(lo, 4) != round(hi, 4):
        each = _("{low} to {high}").format(low=each, high=words.percent(hi, decimals=2))
    # TRANSLATORS: {formula} the textbook chance ("18.55%"), {each} the share of equal pairs
    # the real test flags ("5.74%" or "5.74% to 6.10%"), {alpha} "5%".
    return _(
        "Why not exactly the textbook {formula}? The unpaired test on a slice this size flags "
        "{each} of equal pairs, not {alpha}: it is a normal approximation on whole counts. The "
        "exact figure above sums the binomial probabilities of every pair of slice scores the "
        "test flags."
    ).format(formula=words.chance(luck.formula), each=each, alpha=words.level(luck.alpha))


def simulated_numbers(sim: SliceSimulation):
    """The simulation's tiles: runs with a lucky slice, before and after each correction."""
    return [
        (
            # TRANSLATORS: a tile's label; {runs} "1,000 runs".
            _("Simulated, {runs}").format(runs=words.plural(sim.runs, "run")),
            words.percent(sim.share_any("none")),
            _("Share of runs with at least one slice flagged, no correction."),
        ),
        (
            _("After Holm"),
            words.percent(sim.share_any("holm")),
            _("Holm’s step-down correction."),
        ),
        (
            _("After Benjamini–Hochberg"),
            words.percent(sim.share_any("bh")),
            _("Benjamini–Hochberg’s false-discovery-rate correction."),
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
    seeded = sim.seed is not None
    # TRANSLATORS: the run on the chart. {run} and {runs} bare counts, {seed} a bare number,
    # {alpha} "5%", {flagged} "1 slice", {correction} a correction's name ("Holm"), {kept} a
    # bare count.
    if flagged == 0 and seeded:
        said = _(
            "Run {run} of {runs} (seed {seed}) is on the chart: no slice flagged at {alpha} in "
            "any run so far."
        )
    elif flagged == 0:
        said = _(
            "Run {run} of {runs} is on the chart: no slice flagged at {alpha} in any run so far."
        )
    elif run == sim.runs - 1 and seeded:
        said = _(
            "Run {run} of {runs} (seed {seed}) is on the chart: {flagged} flagged at {alpha}, "
            "every one a false discovery since the models are equal; after {correction}, {kept} "
            "still flagged."
        )
    elif run == sim.runs - 1:
        said = _(
            "Run {run} of {runs} is on the chart: {flagged} flagged at {alpha}, every one a false "
            "discovery since the models are equal; after {correction}, {kept} still flagged."
        )
    elif seeded:
        said = _(
            "Run {run} of {runs} (seed {seed}) is on the chart, the latest with a flagged slice: "
            "{flagged} flagged at {alpha}, every one a false discovery since the models are "
            "equal; after {correction}, {kept} still flagged."
        )
    else:
        said = _(
            "Run {run} of {runs} is on the chart, the latest with a flagged slice: {flagged} "
            "flagged at {alpha}, every one a false discovery since the models are equal; after "
            "{correction}, {kept} still flagged."
        )
    return said.format(
        run=words.count(run + 1),
        runs=words.count(sim.runs),
        seed=sim.seed,
        alpha=words.level(sim.alpha),
        flagged=words.plural(flagged, "slice"),
        correction=CORRECTION_NAMES[correction],
        kept=words.count(kept),
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
    # TRANSLATORS: the first half of the verdict on the reader's slices; {flagged} a bare
    # count, {slices} "3 slices", {alpha} "5%", {names} the slices' names ("algebra and sets").
    if flagged:
        before = ngettext(
            "{flagged} of {slices} looks significant at {alpha} before correction ({names})",
            "{flagged} of {slices} look significant at {alpha} before correction ({names})",
            len(flagged),
        )
    else:
        before = ngettext(
            "{flagged} of {slices} looks significant at {alpha} before correction",
            "{flagged} of {slices} look significant at {alpha} before correction",
            len(flagged),
        )
    # TRANSLATORS: the second half: {correction} its name ("Holm"), {kept} a bare count,
    # {names} the slices' names.
    if kept:
        after = ngettext(
            "after {correction}, {kept} survives ({names})",
            "after {correction}, {kept} survive ({names})",
            len(kept),
        )
    else:
        after = ngettext(
            "after {correction}, {kept} survives", "after {correction}, {kept} survive", len(kept)
        )
    before = before.format(
        flagged=words.count(len(flagged)),
        slices=words.plural(len(names), "slice"),
        alpha=words.level(res.alpha),
        names=listed(flagged, 4),
    )
    after = after.format(
        correction=CORRECTION_NAMES[res.correction],
        kept=words.count(len(kept)),
        names=listed(kept, 4),
    )
    # TRANSLATORS: the verdict on the reader's slices, its two halves joined.
    return _("{before}; {after}.").format(before=before, after=after)


def table_luck(res: SliceComparison) -> str:
    """What luck alone would do to a table of this many slices."""
    slices = res.lead.size
    # TRANSLATORS: {slices} "4 slices", {alpha} "5%", {chance} "18.55%", {count} the slices
    # as a bare number (the exponent of the formula).
    return _(
        "You tested {slices}. If no slice really differed, at least one would look significant "
        "at {alpha} by luck with a chance of about {chance} (1 − (1 − α)^{count}, for "
        "independent tests of exactly α)."
    ).format(
        slices=words.plural(slices, "slice"),
        alpha=words.level(res.alpha),
        chance=words.chance(res.by_luck),
        count=slices,
    )


def scaling(curves: ScalingCurves) -> str:
    """Why the shared-question curve looks smoother than its evidence (or, this draw, did not)."""
    shared, fresh = curves.wiggle
    smoother, seeded = shared < fresh, curves.seed is not None
    # TRANSLATORS: the shared-questions curve. {scores} a bare count of true scores,
    # {questions} "500 questions", {seed} a bare number, {r} the question correlation ("0.9"),
    # {shared} in points ("1.23 points"), {fresh} a bare number of points ("2.34").
    if smoother and seeded:
        said = _(
            "Both curves measure the same {scores} true scores on {questions} a point (seed "
            "{seed}). On one shared set the errors move together (question correlation {r}): "
            "the shared curve bends {shared} a step on average, the fresh one {fresh}. Smoother, "
            "but no point is any more accurate."
        )
    elif smoother:
        said = _(
            "Both curves measure the same {scores} true scores on {questions} a point. On one "
            "shared set the errors move together (question correlation {r}): the shared curve "
            "bends {shared} a step on average, the fresh one {fresh}. Smoother, but no point is "
            "any more accurate."
        )
    elif seeded:
        said = _(
            "Both curves measure the same {scores} true scores on {questions} a point (seed "
            "{seed}). On one shared set the errors move together (question correlation {r}), "
            "which in most draws makes its curve smoother; in this one the shared curve bends "
            "{shared} a step on average, the fresh one {fresh}. Try another seed. Either way, no "
            "point on the shared curve is any more accurate."
        )
    else:
        said = _(
            "Both curves measure the same {scores} true scores on {questions} a point. On one "
            "shared set the errors move together (question correlation {r}), which in most "
            "draws makes its curve smoother; in this one the shared curve bends {shared} a step "
            "on average, the fresh one {fresh}. Try another seed. Either way, no point on the "
            "shared curve is any more accurate."
        )
    return said.format(
        scores=words.count(curves.true.size),
        questions=words.plural(curves.n, "question"),
        seed=curves.seed,
        r=words.signed(curves.item_correlation, decimals=1),
        shared=in_points(shared, 2),
        fresh=words.points(fresh, signed=False, decimals=2),
    )
