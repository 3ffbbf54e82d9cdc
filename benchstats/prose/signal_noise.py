"""Sentences of the Signal and noise page, each naming the setting it rests on.

The articles' own figures are quoted, never computed: :func:`quoted` gives them
with their source.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from benchstats import words
from benchstats.language import N_, _, ngettext
from benchstats.prose import in_points, listed, passk
from benchstats.signal_noise import SignalNoise, checkpoint_mde

HEINEMAN = "Heineman et al. (2025), arXiv:2508.13144"
MAGNUSSON = "Magnusson et al. (2025), DataDecide"
PRESETS = {  # the simulated sets of models (benchstats.signal_noise.PRESETS), in words
    "close": N_("Four close models (50–53%)"),
    "spread": N_("Four spread-out models (40–64%)"),
    "small-benchmark": N_("Three models (30–36%) on a small benchmark"),
    "large-benchmark": N_("Three models (30–36%) on a large benchmark"),
}


def quoted() -> tuple[tuple[str, str, str], ...]:
    """(what, figure, source): the articles' figures, quoted, not recomputed on this page.

    >>> [row[1] for row in quoted()]
    ['2.0 → 41.8', '68% → 93%', 'about 80%']
    """
    # TRANSLATORS: a figure quoted from a paper: {before} and {after} its two values.
    arrow = _("{before} → {after}")
    return (
        (
            _("MBPP's signal-to-noise ratio, accuracy → bits-per-byte"),
            arrow.format(
                before=words.signed(2.0, decimals=1), after=words.signed(41.8, decimals=1)
            ),
            HEINEMAN,
        ),
        (
            _("Small-scale decisions that match the large-scale outcome"),
            arrow.format(before=words.score(0.68), after=words.score(0.93)),
            HEINEMAN,
        ),
        (
            _("Ranking at 150M parameters picks the 1B winner"),
            # TRANSLATORS: a quoted share, {share} "80%".
            _("about {share}").format(share=words.score(0.8)),
            MAGNUSSON,
        ),
    )


def model_names(count: int) -> tuple[str, ...]:
    """The simulated models' names in the run's language: Model A, Model B, … (Model 27 and on
    past Z), as :func:`benchstats.signal_noise.model_names` names them in English.

    >>> model_names(2)
    ('Model A', 'Model B')
    """
    # TRANSLATORS: a simulated model's name; {letter} is A, B, C … (or a number past Z).
    name = _("Model {letter}")
    return tuple(name.format(letter=chr(65 + i) if i < 26 else i + 1) for i in range(count))


def setup(preset: str, n: int, checkpoints: int, seed: int) -> str:
    """The simulated setting in words.

    >>> setup("close", 500, 20, 1)
    'Four close models (50–53%), 20 checkpoints of 500 questions, seed 1'
    """
    # TRANSLATORS: the simulated setting. {models} the set of models ("Four close models
    # (50–53%)"), {checkpoints} "20 checkpoints", {questions} "500 questions" (each checkpoint
    # is scored on them), {seed} the random seed, a bare number.
    return _("{models}, {checkpoints} of {questions}, seed {seed}").format(
        models=_(PRESETS[preset]),
        checkpoints=words.plural(checkpoints, "checkpoint"),
        questions=words.plural(n, "question"),
        seed=seed,
    )


def table_setup(names: tuple[str, ...], checkpoints: int, n: int | None, *, example: bool) -> str:
    """The reader's table (or the example in its place) in words, naming its models.

    >>> table_setup(("A", "B", "C"), 10, 500, example=True)
    'The example table (made-up scores): A, B and C over 10 checkpoints of 500 questions'
    """
    # TRANSLATORS: the reader's table in words. {models} its model names listed ("A, B and
    # C"), {checkpoints} "10 checkpoints", {questions} "500 questions".
    if example and n:
        said = _("The example table (made-up scores): {models} over {checkpoints} of {questions}")
    elif example:
        said = _("The example table (made-up scores): {models} over {checkpoints}")
    elif n:
        said = _("Your table: {models} over {checkpoints} of {questions}")
    else:
        said = _("Your table: {models} over {checkpoints}")
    return said.format(
        models=listed(names),
        checkpoints=words.plural(checkpoints, "checkpoint"),
        questions=words.plural(n, "question") if n else "",
    )


def ratio(result: SignalNoise) -> str:
    """The SNR in words: "15.8", or "infinite" when the checkpoints never move.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> ratio(signal_to_noise([0.40, 0.44, 0.50], [0.49, 0.50, 0.51, 0.50]))
    '15.8'
    """
    # TRANSLATORS: a signal-to-noise ratio with no noise at all, said in place of its number.
    return _("infinite") if math.isinf(result.snr) else words.signed(result.snr, decimals=1)


def _body(one: SignalNoise, averaged: SignalNoise | None) -> str:
    """The sentence under the headline: the spread, one model's jitter (and its mean's)."""
    # TRANSLATORS: the sentence under the answer. {spread} and {jitter} are in points ("10.0
    # points"), {window} "5 checkpoints", {k} a bare count; "jitters by" is the standard
    # deviation of one model's score over the last checkpoints.
    if averaged is None and one.jitter:
        said = _(
            "The final checkpoints are {spread} apart; over the last {window} one model's score "
            "jitters by {jitter}. Average the last few checkpoints (the slider) to see the ratio "
            "rise."
        )
    elif averaged is None:
        said = _(
            "The final checkpoints are {spread} apart; over the last {window} one model's score "
            "does not move at all (no noise). Average the last few checkpoints (the slider) to "
            "see the ratio rise."
        )
    elif one.jitter and averaged.jitter:
        said = _(
            "The final checkpoints are {spread} apart; over the last {window} one model's score "
            "jitters by {jitter}, the mean of its last {k} jitters by {averaged}."
        )
    elif one.jitter:
        said = _(
            "The final checkpoints are {spread} apart; over the last {window} one model's score "
            "jitters by {jitter}, the mean of its last {k} does not move at all (no noise)."
        )
    elif averaged.jitter:
        said = _(
            "The final checkpoints are {spread} apart; over the last {window} one model's score "
            "does not move at all (no noise), the mean of its last {k} jitters by {averaged}."
        )
    else:
        said = _(
            "The final checkpoints are {spread} apart; over the last {window} one model's score "
            "does not move at all (no noise), the mean of its last {k} does not move at all (no "
            "noise)."
        )
    return said


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
        # TRANSLATORS: the answer when the models' final checkpoints score the same; {where}
        # the setting ("Four close models (50–53%), 20 checkpoints of 500 questions, seed 1").
        head = _(
            "{where}: the final checkpoints tie, so there is no signal: a signal-to-noise "
            "ratio of 0."
        )
        return head.format(where=where), ""
    if k == 1:
        # TRANSLATORS: the answer; {where} the setting, {ratio} the ratio ("15.8" or "infinite").
        head = _("{where}: the signal-to-noise ratio is {ratio}.")
    elif math.isinf(one.snr) and math.isinf(averaged.snr):
        head = _("{where}: the signal-to-noise ratio is {ratio}, with or without averaging.")
    else:
        # TRANSLATORS: the answer with averaging; {averaged} the ratio of the mean of the last
        # {checkpoints} ("5 checkpoints").
        head = _(
            "{where}: the signal-to-noise ratio is {ratio}, and {averaged} for the mean of the "
            "last {checkpoints}."
        )
    head = head.format(
        where=where,
        ratio=ratio(one),
        averaged=ratio(averaged),
        checkpoints=words.plural(k, "checkpoint"),
    )
    body = _body(one, None if k == 1 else averaged).format(
        spread=in_points(one.spread),
        window=words.plural(window, "checkpoint"),
        jitter=in_points(one.jitter),
        k=words.count(k),
        averaged=in_points(averaged.jitter),
    )
    return head, body


def models_line(names: tuple[str, ...], finals: tuple[float, ...], chance: float) -> str:
    """The simulated models' true final scores and where they start.

    >>> models_line(("Model A", "Model B"), (0.5, 0.51), 0.25)
    'True final scores: Model A 50%, Model B 51%; every model starts at 25% (chance).'
    """
    scores = ", ".join(f"{name} {words.score(x)}" for name, x in zip(names, finals, strict=True))
    # TRANSLATORS: {scores} each model's name and true final score ("Model A 50%, Model B
    # 51%"); {chance} the score of a random guess ("25%").
    return _("True final scores: {scores}; every model starts at {chance} (chance).").format(
        scores=scores, chance=words.score(chance)
    )


def pick_sentence(n: int, one: float, averaged: float, k: int, seed: int) -> str:
    """How often a ranking on n questions names the truly best model: never "100%", as every
    simulated draw agreeing is not certainty.

    >>> pick_sentence(500, 0.72, 0.9, 5, 1)
    'On 500 questions (seed 1) the best-scoring final checkpoint is the truly best model 72.00% of the time; the mean of the last 5 checkpoints is 90.00% of the time.'
    """
    # TRANSLATORS: {questions} "500 questions", {seed} a bare number, {chance} and {averaged}
    # percents ("72.00%"), {checkpoints} "5 checkpoints".
    if k == 1:
        said = _(
            "On {questions} (seed {seed}) the best-scoring final checkpoint is the truly best "
            "model {chance} of the time."
        )
    else:
        said = _(
            "On {questions} (seed {seed}) the best-scoring final checkpoint is the truly best "
            "model {chance} of the time; the mean of the last {checkpoints} is {averaged} of the "
            "time."
        )
    return said.format(
        questions=words.plural(n, "question"),
        seed=seed,
        chance=passk.chance(one),
        checkpoints=words.plural(k, "checkpoint"),
        averaged=passk.chance(averaged),
    )


def toy_intro(n: int, options: int, checkpoints: int, seed: int) -> str:
    """What the toy benchmark is, and why accuracy lags the continuous metric.

    >>> toy_intro(300, 4, 20, 1)[:80]
    'A toy benchmark of 300 questions with 4 options each, 20 checkpoints, seed 1. Ea'
    """
    # TRANSLATORS: {questions} "300 questions", {options} a bare count of answer options,
    # {checkpoints} "20 checkpoints", {seed} a bare number, {chance} a guess's score ("25%").
    return _(
        "A toy benchmark of {questions} with {options} options each, {checkpoints}, seed {seed}. "
        "Early in training accuracy sits near chance ({chance}) while the probability the model "
        "gives the right answer already moves; late in training, which questions tip over the "
        "edge changes from checkpoint to checkpoint, so accuracy jitters more than the "
        "probability."
    ).format(
        questions=words.plural(n, "question"),
        options=words.count(options),
        checkpoints=words.plural(checkpoints, "checkpoint"),
        seed=seed,
        chance=words.score(1 / options),
    )


def toy_sentence(accuracy: SignalNoise, probability: SignalNoise, k: int, window: int) -> str:
    """Accuracy against the continuous metric on the same toy checkpoints.

    >>> from benchstats.signal_noise import signal_to_noise
    >>> a = signal_to_noise([0.3, 0.5], [0.49, 0.51])
    >>> p = signal_to_noise([0.3, 0.4], [0.495, 0.505])
    >>> print(toy_sentence(a, p, 5, 5))
    Each model scored by the mean of its last 5 checkpoints, the noise over the last 5: by accuracy the toy models have a signal-to-noise ratio of **25.0**; by the probability of the right answer, **28.6**.
    """
    # TRANSLATORS: {window} a bare count of checkpoints, {accuracy} and {probability} two
    # ratios ("25.0" or "infinite"), {checkpoints} "5 checkpoints".
    if k == 1:
        said = _(
            "Each model scored by its last checkpoint, the noise over the last {window}: by "
            "accuracy the toy models have a signal-to-noise ratio of **{accuracy}**; by the "
            "probability of the right answer, **{probability}**."
        )
    else:
        said = _(
            "Each model scored by the mean of its last {checkpoints}, the noise over the last "
            "{window}: by accuracy the toy models have a signal-to-noise ratio of "
            "**{accuracy}**; by the probability of the right answer, **{probability}**."
        )
    return said.format(
        checkpoints=words.plural(k, "checkpoint"),
        window=words.count(window),
        accuracy=ratio(accuracy),
        probability=ratio(probability),
    )


def question(where: str) -> str:
    """Predict first on Signal and noise; ``where`` is :func:`setup`.

    >>> question("Four close models (50–53%), 20 checkpoints of 500 questions, seed 1")
    'Four close models (50–53%), 20 checkpoints of 500 questions, seed 1: how often does the model with the best final checkpoint turn out to be the truly best one?'
    """
    # TRANSLATORS: the guess asked before the answer; {where} the setting.
    return _(
        "{where}: how often does the model with the best final checkpoint turn out to be the "
        "truly best one?"
    ).format(where=where)


def mde_sentence(
    n: int | None, change: float | None, needed_two_points: int | None, discordance: float
) -> str:
    """The smallest change between checkpoints on n questions (if known), and the items for 2 points.

    ``needed_two_points`` is None when the checkpoints disagree on under 2% of
    the questions: then they cannot be 2 points apart.

    >>> print(mde_sentence(500, 0.0561, 3925, 0.2))
    When two checkpoints disagree on 20% of the questions, 500 questions detect a change of 5.6 points or more (5% significance, 80% power); a 2-point change needs **3,925** questions.
    """
    # TRANSLATORS: the smallest change two checkpoints can show. {share} the questions they
    # disagree on ("20%"), {needed} a bare count of questions, {questions} "500 questions",
    # {change} and {most} in points ("5.6 points"), {disagree} a bare count of questions,
    # {formula} a bare number of points ("2.0").
    never = n is None or change is None
    if never and needed_two_points is None:
        said = _(
            "When two checkpoints disagree on {share} of the questions, they cannot be 2 points "
            "apart: a change is never larger than the share of questions that changed."
        )
    elif never:
        said = _(
            "When two checkpoints disagree on {share} of the questions, a 2-point change needs "
            "**{needed}** questions (5% significance, 80% power)."
        )
    elif math.isnan(change) and needed_two_points is None:
        said = ngettext(
            "When two checkpoints disagree on {share} of the questions, {questions} detects no "
            "change with 80% power: the {disagree} or so that disagree can move the score by "
            "{most} at most, less than the {formula} the formula asks for; they cannot be 2 "
            "points apart: a change is never larger than the share of questions that changed.",
            "When two checkpoints disagree on {share} of the questions, {questions} detect no "
            "change with 80% power: the {disagree} or so that disagree can move the score by "
            "{most} at most, less than the {formula} the formula asks for; they cannot be 2 "
            "points apart: a change is never larger than the share of questions that changed.",
            n,
        )
    elif math.isnan(change):
        said = ngettext(
            "When two checkpoints disagree on {share} of the questions, {questions} detects no "
            "change with 80% power: the {disagree} or so that disagree can move the score by "
            "{most} at most, less than the {formula} the formula asks for; a 2-point change "
            "needs **{needed}** questions.",
            "When two checkpoints disagree on {share} of the questions, {questions} detect no "
            "change with 80% power: the {disagree} or so that disagree can move the score by "
            "{most} at most, less than the {formula} the formula asks for; a 2-point change "
            "needs **{needed}** questions.",
            n,
        )
    elif needed_two_points is None:
        said = ngettext(
            "When two checkpoints disagree on {share} of the questions, {questions} detects a "
            "change of {change} or more (5% significance, 80% power); they cannot be 2 points "
            "apart: a change is never larger than the share of questions that changed.",
            "When two checkpoints disagree on {share} of the questions, {questions} detect a "
            "change of {change} or more (5% significance, 80% power); they cannot be 2 points "
            "apart: a change is never larger than the share of questions that changed.",
            n,
        )
    else:
        said = ngettext(
            "When two checkpoints disagree on {share} of the questions, {questions} detects a "
            "change of {change} or more (5% significance, 80% power); a 2-point change needs "
            "**{needed}** questions.",
            "When two checkpoints disagree on {share} of the questions, {questions} detect a "
            "change of {change} or more (5% significance, 80% power); a 2-point change needs "
            "**{needed}** questions.",
            n,
        )
    known = not never
    return said.format(
        share=words.score(discordance),
        needed="" if needed_two_points is None else words.count(needed_two_points),
        questions=words.plural(n, "question") if known else "",
        change=in_points(change) if known and not math.isnan(change) else "",
        disagree=words.count(round(n * discordance)) if known else "",
        most=in_points(discordance),
        formula=words.points(checkpoint_mde(n, discordance=discordance), signed=False)
        if known
        else "",
    )


def mde_cell(change: float) -> str:
    """One cell of the MDE table: the change in points, or "none" where no change can reach
    80% power.

    >>> mde_cell(0.0561), mde_cell(float("nan"))
    ('5.6', 'none at 80% power')
    """
    # TRANSLATORS: a table cell where no change between checkpoints reaches 80% power.
    return _("none at 80% power") if math.isnan(change) else words.points(change, signed=False)


def bad_row(row: int, problem: str, *, file: bool = False) -> str:
    """A note on one row of the reader's table (rows counted from 1; a file's lines after its header).

    >>> bad_row(3, "the score is not a number"), bad_row(3, "it names no model", file=True)
    ('Row 3 is left out: the score is not a number.', 'Line 4 of the file is left out: it names no model.')
    """
    # TRANSLATORS: a note on a row of the reader's table; {row} a bare number, {problem} what
    # is wrong with it ("the score is not a number").
    if file:
        said = _("Line {row} of the file is left out: {problem}.")
    else:
        said = _("Row {row} is left out: {problem}.")
    return said.format(row=words.count(row + 1 if file else row), problem=problem)


def bad_rows(rows: Sequence[tuple[int, str]], *, file: bool = False, named: int = 3) -> str:
    """One note on every row of the reader's table left out: the first ``named`` with what is
    wrong, then how many more (one row: :func:`bad_row`).

    >>> print(bad_rows([(1, "it names no model"), (2, "the step is not a number"),
    ...                 (3, "it names no model"), (9, "it names no model")], file=True, named=2))
    4 lines of the file are left out: line 2, it names no model; line 3, the step is not a number; and 2 more.
    """
    if len(rows) == 1:
        return bad_row(*rows[0], file=file)
    # TRANSLATORS: one of the rows left out, in a list joined by "; ": {row} a bare number,
    # {problem} what is wrong with it.
    one = _("line {row}, {problem}") if file else _("row {row}, {problem}")
    shift = 1 if file else 0
    items = "; ".join(one.format(row=words.count(i + shift), problem=p) for i, p in rows[:named])
    n, more = len(rows), len(rows) > named
    # TRANSLATORS: the note on the rows left out of the reader's table: {count} how many,
    # {listed} the first of them ("line 2, it names no model; line 3, …"), {more} how many more.
    if file and more:
        said = ngettext(
            "{count} line of the file is left out: {listed}; and {more} more.",
            "{count} lines of the file are left out: {listed}; and {more} more.",
            n,
        )
    elif file:
        said = ngettext(
            "{count} line of the file is left out: {listed}.",
            "{count} lines of the file are left out: {listed}.",
            n,
        )
    elif more:
        said = ngettext(
            "{count} row is left out: {listed}; and {more} more.",
            "{count} rows are left out: {listed}; and {more} more.",
            n,
        )
    else:
        said = ngettext(
            "{count} row is left out: {listed}.", "{count} rows are left out: {listed}.", n
        )
    return said.format(count=words.count(n), listed=items, more=words.count(n - named))
