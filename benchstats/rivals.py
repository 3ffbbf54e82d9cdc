"""One model against several rivals on one benchmark, graded pair by pair.

A claim that sets model A against several models ("A 71.0%, beating B (68.2%)
and C (64.9%)") is several claims, one a rival: each pair is graded on its
own, exactly as two scores are (:func:`benchstats.grading.grade_unpaired`, or
:func:`~benchstats.grading.grade_reported_se` where both give an SE). The
closest rival comes first: its pair is the claim's hardest test, and the
headline's. :func:`board_rows` gives the same models as the Leaderboard
checker's ``rows``, to see them ranked all at once.

>>> pairs = grade_rivals(("Orca-7", 0.71, None), [("Wren", 0.649, None), ("Lark", 0.682, None)], n=1000)
>>> [(p.name, round(p.grading.gap.lead, 3), p.grading.clears) for p in pairs]
[('Lark', 0.028, False), ('Wren', 0.061, True)]
>>> str(board_rows(("Orca-7", 0.71, None), [("Lark", 0.682, None), ("Wren", 0.649, None)]))
'Orca-7:71,Lark:68.2,Wren:64.9'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from benchstats.grading import Grading, Names, grade_reported_se, grade_unpaired
from benchstats.leaderboard_links import BoardRows

Model = tuple[str, float, float | None]  # a name, a score (a proportion) and its SE, or None


@dataclass(frozen=True)
class RivalPair:
    """Model A against one rival: the rival's name and score, and the pair's grade."""

    name: str
    score: float
    grading: Grading


def grade_rivals(winner: Model, rivals: Sequence[Model], *, n: int | None) -> tuple[RivalPair, ...]:
    """A against each rival, the closest first (ties in the order given). Each pair uses both
    SEs where A and that rival give one, else the ``n`` questions; ValueError names what is
    missing or out of range."""
    name_a, a, se_a = winner
    out = []
    for name, score, se in sorted(rivals, key=lambda r: round(abs(a - r[1]), 9)):
        names = Names(name_a, name)
        if se_a is not None and se is not None:
            g = grade_reported_se(a, se_a, score, se, names=names)
        elif n is None:
            msg = f"the pair {name_a} vs {name} needs a number of questions or both SEs"
            raise ValueError(msg)
        else:
            g = grade_unpaired(a, score, n, names=names)
        out.append(RivalPair(name, score, g))
    return tuple(out)


def board_rows(winner: Model, rivals: Sequence[Model], *, n: int | None = None) -> BoardRows:
    """Every model of the claim as the Leaderboard checker's ``rows``: SEs where every model
    gives one, else the questions (``n``) on each row, or none (the board then asks)."""
    models = [winner, *rivals]
    every_se = all(se is not None for _, _, se in models)
    return BoardRows(
        tuple(m for m, _, _ in models),
        tuple(x for _, x, _ in models),
        tuple(se if every_se else None for _, _, se in models),
        tuple(None for _ in models) if every_se or n is None else tuple(n for _ in models),
    )
