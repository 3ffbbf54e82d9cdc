"""Sentences of the Signal and noise page, each naming the setting it rests on.

The articles' own figures are quoted, never computed: :data:`QUOTED` keeps them
with their source.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from benchstats import words
from benchstats.prose import in_points, listed, passk
from benchstats.signal_noise import SignalNoise, checkpoint_mde

HEINEMAN = "Heineman et al. (2025), arXiv:2508.13144"
PRESETS = {  # the simulated sets of models (benchstats.signal_noise.PRESETS), in words
    "close": "Four close models (50–53%)",
    "spread": "Four spread-out models (40–64%)",
    "small-benchmark": "Three models (30–36%) on a small benchmark",
    "large-benchmark": "Three models (30–36%) on a large benchmark",
}

# (what, figure, source): quoted, not recomputed on this page.
QUOTED = (
    ("MBPP's signal-to-noise ratio, accuracy → bits-per-byte", "2.0 → 41.8", HEINEMAN),
    ("Small-scale decisions that match the large-scale outcome", "68% → 93%", HEINEMAN),
    (
        "Ranking at 150M parameters picks the 1B winner",
        "about 80%",
        "Magnusson et al. (2025), DataDecide",
    ),
)


def setup(preset: str, n: int, checkpoints: int, seed: int) -> str:
    """The simulated setting in words.

    >>> setup("close", 500, 20, 1)
    'Four close models (50–53%), 20 checkpoints of 500 questions, seed 1'
    """
    return (
        f"{PRESETS[preset]}, {words.plural(checkpoints, 'checkpoint')} of "
        f"{words.plural(n, 'question')}, seed {seed}"
    )


def table_setup(names: tuple[str, ...], checkpoints: int, n: int | None, *, example: bool) -> str:
    """The reader's table (or the example in its place) in words, naming its models.

    >>> table_setup(("A", "B", "C"), 10, 500, example=True)
    'The example table (made-up scores): A, B and C over 10 checkpoints of 500 questions'
    """
    whose = "The example table (made-up scores)" if example else "Your table"
    of = f" of {words.plural(n, 'question')}" if n else ""
    return f"{whose}: {listed(names)} over {words.plural(checkpoints, 'checkpoint')}{of}"


def ratio(result: SignalNoise) -> str:
    """The SNR in words: "15.8", or "infinite" when the checkpoints never move.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> ratio(signal_to_noise([0.40, 0.44, 0.50], [0.49, 0.50, 0.51, 0.50]))
    '15.8'
    """
    return "infinite" if math.isinf(result.snr) else words.signed(result.snr, decimals=1)


def _moves(result: SignalNoise) -> str:
    if result.jitter == 0:
        return "does not move at all (no noise)"
    return f"jitters by {in_points(result.jitter)}"


def answer(
    one: SignalNoise, averaged: SignalNoise, k: int, window: int, where: str
) -> tuple[str, str]:
    """The headline (the SNR in ``where``, and of the mean of the last k) and the sentence under it.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> a = signal_to_noise([0.40, 0.50], [0.49, 0.51])
    >>> b = signal_to_noise([0.40, 0.50], [0.495, 0.505])
    >>> print(*answer(a, b, 5, 5, "Two models"), sep="\\n")
    Two models: the signal-to-noise ratio is 11.1, and 22.2 for the mean of the last 5 checkpoints.
    The final checkpoints are 10.0 points apart; over the last 5 checkpoints one model's score jitters by 1.0 points, the mean of its last 5 jitters by 0.5 points.
    """
    if one.spread == 0:
        return (
            f"{where}: the final checkpoints tie, so there is no signal: a signal-to-noise ratio of 0.",
            "",
        )
    head = f"{where}: the signal-to-noise ratio is {ratio(one)}"
    body = (
        f"The final checkpoints are {in_points(one.spread)} apart; over the last "
        f"{words.plural(window, 'checkpoint')} one model's score {_moves(one)}"
    )
    if k == 1:
        return (
            f"{head}.",
            f"{body}. Average the last few checkpoints (the slider) to see the ratio rise.",
        )
    mean = f"the mean of the last {words.plural(k, 'checkpoint')}"
    both = math.isinf(one.snr) and math.isinf(averaged.snr)
    head += ", with or without averaging" if both else f", and {ratio(averaged)} for {mean}"
    return f"{head}.", f"{body}, the mean of its last {words.count(k)} {_moves(averaged)}."


def models_line(names: tuple[str, ...], finals: tuple[float, ...], chance: float) -> str:
    """The simulated models' true final scores and where they start.

    >>> models_line(("Model A", "Model B"), (0.5, 0.51), 0.25)
    'True final scores: Model A 50%, Model B 51%; every model starts at 25% (chance).'
    """
    listed = ", ".join(f"{name} {words.score(x)}" for name, x in zip(names, finals, strict=True))
    return f"True final scores: {listed}; every model starts at {words.score(chance)} (chance)."


def pick_sentence(n: int, one: float, averaged: float, k: int, seed: int) -> str:
    """How often a ranking on n questions names the truly best model: never "100%", as every
    simulated draw agreeing is not certainty.

    >>> pick_sentence(500, 0.72, 0.9, 5, 1)
    'On 500 questions (seed 1) the best-scoring final checkpoint is the truly best model 72.00% of the time; the mean of the last 5 checkpoints is 90.00% of the time.'
    """
    text = (
        f"On {words.plural(n, 'question')} (seed {seed}) the best-scoring final checkpoint is "
        f"the truly best model {passk.chance(one)} of the time"
    )
    if k == 1:
        return text + "."
    return (
        f"{text}; the mean of the last {words.plural(k, 'checkpoint')} is "
        f"{passk.chance(averaged)} of the time."
    )


def toy_intro(n: int, options: int, checkpoints: int, seed: int) -> str:
    """What the toy benchmark is, and why accuracy lags the continuous metric.

    >>> toy_intro(300, 4, 20, 1)[:80]
    'A toy benchmark of 300 questions with 4 options each, 20 checkpoints, seed 1. Ea'
    """
    return (
        f"A toy benchmark of {words.plural(n, 'question')} with {options} options each, "
        f"{words.plural(checkpoints, 'checkpoint')}, seed {seed}. Early in training "
        f"accuracy sits near chance ({words.score(1 / options)}) while the probability the "
        "model gives the right answer already moves; late in training, which questions tip "
        "over the edge changes from checkpoint to checkpoint, so accuracy jitters more than "
        "the probability."
    )


def toy_sentence(accuracy: SignalNoise, probability: SignalNoise, k: int, window: int) -> str:
    """Accuracy against the continuous metric on the same toy checkpoints.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> a = signal_to_noise([0.3, 0.5], [0.49, 0.51])
    >>> p = signal_to_noise([0.3, 0.4], [0.495, 0.505])
    >>> print(toy_sentence(a, p, 5, 5))
    Each model scored by the mean of its last 5 checkpoints, the noise over the last 5: by accuracy the toy models have a signal-to-noise ratio of **25.0**; by the probability of the right answer, **28.6**.
    """
    score = (
        "its last checkpoint" if k == 1 else f"the mean of its last {words.plural(k, 'checkpoint')}"
    )
    return (
        f"Each model scored by {score}, the noise over the last {words.count(window)}: by "
        f"accuracy the toy models have a signal-to-noise ratio of **{ratio(accuracy)}**; by "
        f"the probability of the right answer, **{ratio(probability)}**."
    )


def question(where: str) -> str:
    """Predict first on Signal and noise; ``where`` is :func:`setup`.

    >>> question("Four close models (50–53%), 20 checkpoints of 500 questions, seed 1")
    'Four close models (50–53%), 20 checkpoints of 500 questions, seed 1: how often does the model with the best final checkpoint turn out to be the truly best one?'
    """
    return (
        f"{where}: how often does the model with the best final checkpoint turn out to be "
        "the truly best one?"
    )


def mde_sentence(
    n: int | None, change: float | None, needed_two_points: int | None, discordance: float
) -> str:
    """The smallest change between checkpoints on n questions (if known), and the items for 2 points.

    ``needed_two_points`` is None when the checkpoints disagree on under 2% of
    the questions: then they cannot be 2 points apart.

    >>> print(mde_sentence(500, 0.0561, 3925, 0.2))
    When two checkpoints disagree on 20% of the questions, 500 questions detect a change of 5.6 points or more (5% significance, 80% power); a 2-point change needs **3,925** questions.
    """
    head = f"When two checkpoints disagree on {words.score(discordance)} of the questions, "
    level = " (5% significance, 80% power)"
    if needed_two_points is None:
        two = (
            "they cannot be 2 points apart: a change is never larger than the share of "
            "questions that changed."
        )
    else:
        two = f"a 2-point change needs **{words.count(needed_two_points)}** questions."
    if n is None or change is None:
        return head + (two if needed_two_points is None else two[:-1] + level + ".")
    verb = "detects" if n == 1 else "detect"
    if math.isnan(change):
        return (
            f"{head}{words.plural(n, 'question')} {verb} no change with 80% power: the "
            f"{words.count(round(n * discordance))} or so that disagree can move the score by "
            f"{in_points(discordance)} at most, less than the "
            f"{words.points(checkpoint_mde(n, discordance=discordance), signed=False)} the formula "
            f"asks for; {two}"
        )
    return (
        f"{head}{words.plural(n, 'question')} {verb} a change of {in_points(change)} or "
        f"more{level}; {two}"
    )


def mde_cell(change: float) -> str:
    """One cell of the MDE table: the change in points, or "none" where no change can reach
    80% power.

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


def bad_rows(rows: Sequence[tuple[int, str]], *, file: bool = False, named: int = 3) -> str:
    """One note on every row of the reader's table left out: the first ``named`` with what is
    wrong, then how many more (one row: :func:`bad_row`).

    >>> print(bad_rows([(1, "it names no model"), (2, "the step is not a number"),
    ...                 (3, "it names no model"), (9, "it names no model")], file=True, named=2))
    4 lines of the file are left out: line 2, it names no model; line 3, the step is not a number; and 2 more.
    """
    if len(rows) == 1:
        return bad_row(*rows[0], file=file)
    what, shift = ("line", 1) if file else ("row", 0)
    listed = "; ".join(f"{what} {words.count(i + shift)}, {problem}" for i, problem in rows[:named])
    more = f"; and {words.count(len(rows) - named)} more" if len(rows) > named else ""
    where = f"{words.count(len(rows))} {what}s" + (" of the file" if file else "")
    return f"{where} are left out: {listed}{more}."
