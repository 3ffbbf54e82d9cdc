"""The recompute box in words: its four figures, each the very one Check a claim shows.

The SE and the range come from the verdict card (:func:`~benchstats.prose.claim.key_numbers`),
the questions needed from its planning list (:func:`~benchstats.prose.claim.plan_numbers`),
the chance by luck from the card's luck tile; where the card has none, the figure says why.
"""

from __future__ import annotations

from benchstats.language import N_, _
from benchstats.prose import KeyNumber
from benchstats.prose.claim import LUCK, NEEDED, RANGE, key_numbers, plan_numbers, se_number

# TRANSLATORS: the box's figure where it has no value, and why.
NO_COUNT = N_("needs the number of questions")
NO_LEAD = N_("no lead to detect")


def figures(graded) -> tuple[KeyNumber, ...]:
    """The SE of the gap, the 95% range, the questions this lead would need, the chance by luck.

    Examples
    --------
    >>> from benchstats.grading import grade_unpaired
    >>> [(k.label, k.value) for k in figures(grade_unpaired(0.82, 0.78, 100))]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('SE of the gap', '5.65 points'), ('95% range for the true lead', '−7.1 to +15.1'),
     ('Questions to detect this lead', '1,566'), ('Same or bigger gap by luck', '54%')]
    """
    said = {k.label: k for k in (*key_numbers(graded), *plan_numbers(graded))}
    counted = graded.mode != "se"  # reported SEs: no count to plan on
    why_not = _(NO_LEAD if counted and graded.a == graded.b else NO_COUNT)
    return (
        KeyNumber(*se_number(graded)),
        said[_(RANGE)],
        said.get(_(NEEDED)) or KeyNumber(_(NEEDED), why_not),
        said.get(_(LUCK)) or KeyNumber(_(LUCK), _(NO_COUNT)),
    )
