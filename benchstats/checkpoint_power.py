"""The smallest change between two training checkpoints a benchmark can detect.

The paired minimum detectable effect of :func:`benchstats.minimum_detectable_effect`
at the share of questions on which the two checkpoints disagree: 8.9 points at
200 questions and 20% discordance, and 3,925 questions for a 2-point change
(Heineman et al. 2025). :mod:`benchstats.signal_noise` re-exports these.
"""

from __future__ import annotations

import numpy as np

from benchstats.power import minimum_detectable_effect, questions_needed_paired

__all__ = ["checkpoint_mde", "checkpoint_questions", "detectable_change"]


def checkpoint_mde(
    n, *, discordance: float = 0.2, alpha: float = 0.05, power: float = 0.8
) -> float | np.ndarray:
    """Smallest change between two checkpoints that n questions detect (proportion).

    The paired minimum detectable effect, z_sum·√(discordance/n):
    :func:`benchstats.minimum_detectable_effect` with ``discordance``, the
    share of questions on which the two checkpoints disagree. *Vectorised*.

    Examples
    --------
    >>> [round(100 * checkpoint_mde(n), 1) for n in (200, 500, 1000, 2000, 5000)]
    [8.9, 5.6, 4.0, 2.8, 1.8]
    """
    return minimum_detectable_effect(n, discordance=discordance, alpha=alpha, power=power)


def detectable_change(
    n, *, discordance: float = 0.2, alpha: float = 0.05, power: float = 0.8
) -> float | np.ndarray:
    """:func:`checkpoint_mde` where a change that size can happen, NaN where it cannot.

    Two checkpoints cannot move a score by more than the share of questions
    they disagree on, so a minimum detectable effect above ``discordance``
    means no possible change reaches the power asked for: at 1% disagreement,
    200 questions give a formula value of 2.0 points, while the 2 questions
    that disagree can move the score by 1 point at most. *Vectorised*.

    Examples
    --------
    >>> round(100 * detectable_change(200), 1), detectable_change(200, discordance=0.01)
    (8.9, nan)
    """
    mde = np.asarray(checkpoint_mde(n, discordance=discordance, alpha=alpha, power=power))
    out = np.where(mde <= discordance, mde, np.nan)
    return float(out) if out.ndim == 0 else out


def checkpoint_questions(
    change: float, *, discordance: float = 0.2, alpha: float = 0.05, power: float = 0.8
) -> int:
    """Questions needed to detect a change between checkpoints:
    :func:`benchstats.questions_needed_paired`.

    Examples
    --------
    >>> checkpoint_questions(0.02)
    3925
    """
    return questions_needed_paired(change, discordance, alpha=alpha, power=power)
