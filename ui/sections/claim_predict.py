"""Predict first on Check a claim and the Gap grader: the question each asks, and its answer
(from ``clears`` of the page's own grading, so the reveal agrees with the card)."""

from __future__ import annotations

from benchstats.grading import Grading
from benchstats.language import _
from benchstats.prose import claim as prose
from ui import predict

LUCK = prose.LUCK_ANSWERS  # translated where asked
AGREE = prose.AGREE_ANSWERS


def luck_question(g: Grading, bench_name: str | None = None) -> predict.Question:
    """ "Is this lead more than luck?": yes when the grading clears the noise.

    >>> from benchstats.grading import grade_unpaired
    >>> q = luck_question(grade_unpaired(0.82, 0.78, 100))
    >>> q.text, q.answer
    ('82% vs 78% on 100 questions: is this lead more than luck?', 'No, it could be luck')
    """
    options = tuple(_(x) for x in LUCK)
    answer = options[0] if g.clears else options[1]
    return predict.Question(
        prose.luck_question(g, bench_name), answer, predict.CHOICE, options=options
    )


def grader_question(g: Grading, bench_name: str | None = None) -> predict.Question:
    """Paired counts with A's score: will the paired test agree with the unpaired one?
    Otherwise (no unpaired grading beside a paired one) the luck question.

    >>> from benchstats.grading import grade_paired
    >>> q = grader_question(grade_paired(20, 8, 198, a=0.5))
    >>> q.text.endswith("will the paired test agree with the unpaired one?"), q.answer
    (True, 'No, they disagree')
    """
    same = getattr(g, "unpaired", None)
    if same is None:
        return luck_question(g, bench_name)
    options = tuple(_(x) for x in AGREE)
    answer = options[0] if g.clears == same.clears else options[1]
    text = prose.agree_question(g, bench_name)
    return predict.Question(text, answer, predict.CHOICE, options=options)
