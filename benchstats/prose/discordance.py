"""The paired verdict without per-question data, in words: the band, and one point of it."""

from __future__ import annotations

import math

import numpy as np

from benchstats import words
from benchstats.discordance import DiscordanceBand
from benchstats.language import _
from benchstats.prose import span


def discordance_sentence(band: DiscordanceBand) -> str:
    """The band in one sentence: below which discordance the lead clears, paired and not.

    >>> from benchstats.discordance import discordance_band
    >>> discordance_sentence(discordance_band(125 / 198, 113 / 198, 198))
    'On the same questions this lead would clear the noise only if the models disagree on fewer than 19.1% of them; on separate questions it does not.'
    """
    if band.a_right == band.b_right:
        return _("The two scores are level: no discordance makes a tie clear the noise.")
    if band.threshold is None:
        if band.unpaired.clears:
            return _(
                "On the same questions this lead clears the noise however often the models "
                "disagree; on separate questions it does."
            )
        return _(
            "On the same questions this lead clears the noise however often the models "
            "disagree; on separate questions it does not."
        )
    if band.threshold <= band.d_min:
        if band.unpaired.clears:
            return _(
                "Even on the same questions this lead would not clear the noise, however rarely "
                "the models disagree; on separate questions it does."
            )
        return _(
            "Even on the same questions this lead would not clear the noise, however rarely "
            "the models disagree; on separate questions it does not either."
        )
    # Rounded down to the 0.1% shown, so "fewer than X%" never takes in a rate that fails.
    share = words.percent(math.floor(band.threshold * 1000) / 1000)
    if band.unpaired.clears:
        # TRANSLATORS: {share} a percent of the questions ("19.1%").
        said = _(
            "On the same questions this lead would clear the noise only if the models disagree "
            "on fewer than {share} of them; on separate questions it does."
        )
    else:
        said = _(
            "On the same questions this lead would clear the noise only if the models disagree "
            "on fewer than {share} of them; on separate questions it does not."
        )
    return said.format(share=share)


def point_sentence(point: DiscordanceBand, names: tuple[str, str] = ("A", "B")) -> str:
    """The paired verdict at one discordance (``point``: a band at a scalar discordance).

    >>> from benchstats.discordance import discordance_band
    >>> print(point_sentence(discordance_band(125 / 198, 113 / 198, 198, 28 / 198)))
    If they disagree on 28 of 198 questions (14.1%), 20 that only A got right and 8 that only B got right, the paired test gives z = 2.27, p = 0.023 (mid-p = 0.024): the lead clears the noise (95% range +0.9 to +11.7 points).
    """
    if np.ndim(point.discordance) != 0:
        msg = "point_sentence needs a band at one discordance (a scalar), got an array"
        raise ValueError(msg)
    disagree = point.a_only + point.b_only
    if disagree == 0:  # no question tells them apart: the paired test has nothing to weigh
        return _("If they never disagree, the two scores are equal and there is no lead to test.")
    fields = dict(
        disagree=words.count(disagree), questions=words.plural(point.n, "question"),
        share=words.percent(point.discordance), a_only=words.count(point.a_only),
        name_a=names[0], b_only=words.count(point.b_only), name_b=names[1], z=words.z(point.z),
        p=words.p_is(point.p_asymptotic), mid_p=words.p_is(point.p_value, "mid-p"),
        level=words.level(point.confidence_level), range=span(point),
    )  # fmt: skip
    if point.clears:
        # TRANSLATORS: {disagree} of {questions} ("28 of 198 questions"), {share} a percent,
        # {a_only} and {b_only} counts, {name_a} and {name_b} the models, {z} "2.27", {p}
        # "p = 0.023", {mid_p} "mid-p = 0.024", {level} "95%", {range} "+0.9 to +11.7".
        said = _(
            "If they disagree on {disagree} of {questions} ({share}), {a_only} that only {name_a} "
            "got right and {b_only} that only {name_b} got right, the paired test gives z = {z}, "
            "{p} ({mid_p}): the lead clears the noise ({level} range {range} points)."
        )
    else:
        said = _(
            "If they disagree on {disagree} of {questions} ({share}), {a_only} that only {name_a} "
            "got right and {b_only} that only {name_b} got right, the paired test gives z = {z}, "
            "{p} ({mid_p}): the lead is inside the noise ({level} range {range} points)."
        )
    return said.format(**fields)
