"""Sentences of the Signal and noise page, built from :mod:`benchstats.signal_noise` results.

Every number goes through :mod:`benchstats.words`. The articles' own figures
(MBPP's SNR, decision accuracy) are quoted, never computed here: :data:`QUOTED`
keeps them with their source.
"""

from __future__ import annotations

import math

from benchstats import words
from benchstats.signal_noise import SignalNoise, checkpoint_mde

__all__ = [
    "QUOTED",
    "SOURCE",
    "answer",
    "bad_row",
    "models_line",
    "mde_cell",
    "mde_sentence",
    "question",
    "pick_sentence",
    "ratio",
    "toy_intro",
    "toy_sentence",
]

SOURCE = (
    "Heineman et al. (2025), “Signal and Noise: A Framework for Reducing Uncertainty in "
    "Language Model Evaluation”, arXiv:2508.13144"
)

# (what, before, after): quoted from SOURCE, not recomputed on this page.
QUOTED = (
    ("MBPP's signal-to-noise ratio, accuracy → bits-per-byte", "2.0", "41.8"),
    ("Small-scale decisions that match the large-scale outcome", "68%", "93%"),
)


def ratio(result: SignalNoise) -> str:
    """The SNR in words: "15.8", or "infinite" when the checkpoints never move.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> ratio(signal_to_noise([0.40, 0.44, 0.50], [0.49, 0.50, 0.51, 0.50]))
    '15.8'
    """
    return "infinite" if math.isinf(result.snr) else words.signed(result.snr, decimals=1)


def _jitter(result: SignalNoise) -> str:
    return f"{words.points(result.jitter, signed=False)} points"


def answer(one: SignalNoise, averaged: SignalNoise, k: int, n: int | None) -> str:
    """The page's answer: the SNR of this setup, and what averaging the last k does to it.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> a = signal_to_noise([0.40, 0.50], [0.49, 0.51])
    >>> b = signal_to_noise([0.40, 0.50], [0.495, 0.505])
    >>> print(answer(a, b, 5, 500))
    On 500 questions a checkpoint, the models end 10.0 points apart and one checkpoint jitters by 1.0 points: a signal-to-noise ratio of **11.1**. Averaging the last 5 checkpoints brings the jitter to 0.5 points and the ratio to **22.2**.
    """
    where = f"On {words.plural(n, 'question')} a checkpoint, the" if n else "The"
    first = (
        f"{where} models end {words.points(one.spread, signed=False)} points apart and one "
        f"checkpoint jitters by {_jitter(one)}: a signal-to-noise ratio of **{ratio(one)}**."
    )
    if k == 1:
        return first + " Average the last few checkpoints (the slider) to see the ratio rise."
    return (
        f"{first} Averaging the last {words.plural(k, 'checkpoint')} brings the jitter to "
        f"{_jitter(averaged)} and the ratio to **{ratio(averaged)}**."
    )


def models_line(names: tuple[str, ...], finals: tuple[float, ...], chance: float) -> str:
    """The simulated models' true final scores and where they start.

    >>> models_line(("Model A", "Model B"), (0.5, 0.51), 0.25)
    'True final scores: Model A 50%, Model B 51%; every model starts at 25% (chance).'
    """
    listed = ", ".join(f"{name} {words.score(x)}" for name, x in zip(names, finals, strict=True))
    return f"True final scores: {listed}; every model starts at {words.score(chance)} (chance)."


_BELOW_ONE = math.nextafter(1.0, 0.0)


def _simulated(x: float) -> str:
    """A simulated share: never "100%" (every draw agreeing is not certainty)."""
    return words.chance(min(x, _BELOW_ONE))


def pick_sentence(n: int, one: float, averaged: float, k: int) -> str:
    """How often a ranking on n questions names the truly best model.

    >>> pick_sentence(500, 0.72, 0.9, 5)
    'On 500 questions the best-scoring final checkpoint is the truly best model 72.00% of the time; the mean of the last 5 checkpoints is 90.00% of the time.'
    >>> pick_sentence(5000, 1.0, 1.0, 1)
    'On 5,000 questions the best-scoring final checkpoint is the truly best model more than 99.99% of the time.'
    """
    text = (
        f"On {words.plural(n, 'question')} the best-scoring final checkpoint is the truly best "
        f"model {_simulated(one)} of the time"
    )
    if k == 1:
        return text + "."
    return f"{text}; the mean of the last {words.plural(k, 'checkpoint')} is {_simulated(averaged)} of the time."


def toy_sentence(accuracy: SignalNoise, probability: SignalNoise) -> str:
    """Accuracy against the continuous metric on the same toy checkpoints.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> a = signal_to_noise([0.3, 0.5], [0.49, 0.51])
    >>> p = signal_to_noise([0.3, 0.4], [0.495, 0.505])
    >>> print(toy_sentence(a, p))
    Scored by accuracy the toy models have a signal-to-noise ratio of **25.0**; scored by the probability of the right answer, **28.6**.
    """
    return (
        f"Scored by accuracy the toy models have a signal-to-noise ratio of "
        f"**{ratio(accuracy)}**; scored by the probability of the right answer, "
        f"**{ratio(probability)}**."
    )


def question(n: int) -> str:
    """Predict first on Signal and noise.

    >>> question(500)
    'On 500 questions a checkpoint, how often does the model with the best final checkpoint turn out to be the truly best one?'
    """
    return (
        f"On {words.plural(n, 'question')} a checkpoint, how often does the model with "
        "the best final checkpoint turn out to be the truly best one?"
    )


def mde_sentence(
    n: int | None, change: float | None, needed_two_points: int | None, discordance: float
) -> str:
    """The smallest change between checkpoints on n questions (if known), and the items for 2 points.

    ``needed_two_points`` is None when the checkpoints disagree on under 2% of
    the questions: then they cannot be 2 points apart.

    >>> print(mde_sentence(500, 0.0561, 3925, 0.2))
    When two checkpoints disagree on 20% of the questions, 500 questions detect a change of 5.6 points or more; a 2-point change needs **3,925** questions.
    >>> print(mde_sentence(None, None, 3925, 0.2))
    When two checkpoints disagree on 20% of the questions, a 2-point change needs **3,925** questions.
    >>> print(mde_sentence(200, float("nan"), None, 0.01))
    When two checkpoints disagree on 1% of the questions, 200 questions detect no change with 80% power: the 2 or so that disagree can move the score by 1.0 points at most, less than the 2.0 the formula asks for; they cannot be 2 points apart: a change is never larger than the share of questions that changed.
    >>> print(mde_sentence(None, None, None, 0.01))
    When two checkpoints disagree on 1% of the questions, they cannot be 2 points apart: a change is never larger than the share of questions that changed.
    """
    head = f"When two checkpoints disagree on {words.score(discordance)} of the questions, "
    if needed_two_points is None:
        two = (
            "they cannot be 2 points apart: a change is never larger than the share of "
            "questions that changed."
        )
    else:
        two = f"a 2-point change needs **{words.count(needed_two_points)}** questions."
    if n is None or change is None:
        return head + two
    verb = "detects" if n == 1 else "detect"
    if math.isnan(change):
        return (
            f"{head}{words.plural(n, 'question')} {verb} no change with 80% power: the "
            f"{words.count(round(n * discordance))} or so that disagree can move the score by "
            f"{words.points(discordance, signed=False)} points at most, less than the "
            f"{words.points(checkpoint_mde(n, discordance=discordance), signed=False)} the formula "
            f"asks for; {two}"
        )
    return (
        f"{head}{words.plural(n, 'question')} {verb} a change of "
        f"{words.points(change, signed=False)} points or more; {two}"
    )


def mde_cell(change: float) -> str:
    """One cell of the MDE table: the change in points, or "none" where no possible change
    reaches 80% power (:func:`benchstats.signal_noise.detectable_change`).

    >>> mde_cell(0.0561), mde_cell(float("nan"))
    ('5.6', 'none at 80% power')
    """
    return "none at 80% power" if math.isnan(change) else words.points(change, signed=False)


def bad_row(row: int, problem: str, *, file: bool = False) -> str:
    """A note on one row of the reader's table (rows counted from 1; a file's lines after its header).

    >>> bad_row(3, "the score is not a number"), bad_row(3, "it names no model", file=True)
    ('Row 3 is left out: the score is not a number.', 'Line 4 of the file is left out: it names no model.')
    """
    where = f"Line {words.count(row + 1)} of the file" if file else f"Row {words.count(row)}"
    return f"{where} is left out: {problem}."


def toy_intro(n: int, options: int, checkpoints: int) -> str:
    """What the toy benchmark is, and why accuracy lags the continuous metric.

    >>> toy_intro(300, 4, 20)[:80]
    'A toy benchmark of 300 questions with 4 options each, 20 checkpoints, the seed a'
    """
    return (
        f"A toy benchmark of {words.plural(n, 'question')} with {options} options each, "
        f"{words.plural(checkpoints, 'checkpoint')}, the seed above. Early in training "
        f"accuracy sits near chance ({words.score(1 / options)}) while the probability the "
        "model gives the right answer already moves; late in training, which questions tip "
        "over the edge changes from checkpoint to checkpoint, so accuracy jitters more than "
        "the probability."
    )
