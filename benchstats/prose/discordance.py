"""The paired verdict without per-question data, in words: the band, and one point of it."""

from __future__ import annotations

import math

import numpy as np

from benchstats import words
from benchstats.discordance import DiscordanceBand
from benchstats.prose import span


def discordance_sentence(band: DiscordanceBand) -> str:
    """The band in one sentence: below which discordance the lead clears, paired and not.

    >>> from benchstats.discordance import discordance_band
    >>> discordance_sentence(discordance_band(125 / 198, 113 / 198, 198))
    'On the same questions this lead would clear the noise only if the models disagree on fewer than 19.1% of them; on separate questions it does not.'
    """
    separate = "it does" if band.unpaired.clears else "it does not"
    if band.a_right == band.b_right:
        return "The two scores are level: no discordance makes a tie clear the noise."
    if band.threshold is None:
        return (
            "On the same questions this lead clears the noise however often the models "
            f"disagree; on separate questions {separate}."
        )
    if band.threshold <= band.d_min:
        tail = "it does not either" if not band.unpaired.clears else "it does"
        return (
            "Even on the same questions this lead would not clear the noise, however "
            f"rarely the models disagree; on separate questions {tail}."
        )
    # Rounded down to the 0.1% shown, so "fewer than X%" never takes in a rate that fails.
    below = math.floor(band.threshold * 1000) / 1000
    return (
        "On the same questions this lead would clear the noise only if the models disagree "
        f"on fewer than {words.percent(below)} of them; on separate questions "
        f"{separate}."
    )


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
        return "If they never disagree, the two scores are equal and there is no lead to test."
    verdict = "the lead clears the noise" if point.clears else "the lead is inside the noise"
    return (
        f"If they disagree on {words.count(disagree)} of {words.plural(point.n, 'question')} "
        f"({words.percent(point.discordance)}), {words.count(point.a_only)} that only "
        f"{names[0]} got right and {words.count(point.b_only)} that only {names[1]} got "
        f"right, the paired test gives z = {words.z(point.z)}, {words.p_is(point.p_asymptotic)} "
        f"({words.p_is(point.p_value, 'mid-p')}): {verdict} "
        f"({words.level(point.confidence_level)} range {span(point)} points)."
    )
