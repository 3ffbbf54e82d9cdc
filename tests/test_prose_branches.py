"""Sentences of each branch of the prose builders, word for word.

The docstrings keep one example each; the other branches' sentences are checked here.
"""

from __future__ import annotations


def test_signal_noise_sentences():
    from benchstats.prose.signal_noise import answer, mde_sentence, pick_sentence
    from benchstats.signal_noise import signal_to_noise

    a = signal_to_noise([0.40, 0.50], [0.49, 0.51])
    assert answer(signal_to_noise([0.5, 0.5], [0.49, 0.51]), a, 5, 5, "Two models")[0] == (
        "Two models: the final checkpoints tie, so there is no signal: a signal-to-noise ratio of 0."
    )
    flat = signal_to_noise([0.40, 0.50], [0.37] * 5)
    assert answer(flat, flat, 1, 5, "Two models") == (
        "Two models: the signal-to-noise ratio is infinite.",
        "The final checkpoints are 10.0 points apart; over the last 5 checkpoints one model's "
        "score does not move at all (no noise). Average the last few checkpoints (the slider) to "
        "see the ratio rise.",
    )
    assert pick_sentence(5000, 1.0, 1.0, 1, 1) == (
        "On 5,000 questions (seed 1) the best-scoring final checkpoint is the truly best model "
        "more than 99.99% of the time."
    )
    assert mde_sentence(None, None, 3925, 0.2) == (
        "When two checkpoints disagree on 20% of the questions, a 2-point change needs **3,925** "
        "questions (5% significance, 80% power)."
    )
    assert mde_sentence(200, float("nan"), None, 0.01) == (
        "When two checkpoints disagree on 1% of the questions, 200 questions detect no change "
        "with 80% power: the 2 or so that disagree can move the score by 1.0 points at most, less "
        "than the 2.0 the formula asks for; they cannot be 2 points apart: a change is never "
        "larger than the share of questions that changed."
    )


def test_leaderboard_sentences():
    from benchstats.leaderboard import board
    from benchstats.prose.leaderboard import question

    b = board(["A", "B", "C", "D"], [0.90, 0.89, 0.80, 0.60], n=500)
    assert question(b) == "How many of these 4 models are tied for first?"
    from benchstats.prose.leaderboard import ranks_sentence
    from benchstats.ranks import rank_intervals

    assert ranks_sentence(rank_intervals(board(["A", "B"], [0.9, 0.5], n=500))) == (
        "Of these 2 models, only A can be first: its rank interval is 1 to 1."
    )


def test_gaps_sentences():
    from benchstats import unpaired_gap
    from benchstats.prose.gaps import arithmetic_unpaired

    line = arithmetic_unpaired(unpaired_gap(1.0, 0.05, 20), a=1.0, b=0.05, n=20)[2]
    assert line.endswith(
        "+85.4 to +100.0 points, cut at ±100 points, the largest lead there can be."
    )
