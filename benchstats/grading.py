"""One comparison graded, one object per way the reader has the numbers.

A reader comes with two scores on their questions (:class:`UnpairedGrading`),
two scores printed with ± standard errors (:class:`ReportedSEGrading`) or
paired counts (:class:`PairedGrading`). Each object holds the results: the
graded gap, the luck of equal models, McNemar's tests. A page decides the
mode once, builds one of these and hands it to :mod:`benchstats.prose.claim`
for its words; Check a claim and the Gap grader draw the same objects, so
they cannot disagree.

"Clears the noise" is :attr:`benchstats.gaps.GapResult.clears`, and only that.

Examples
--------
>>> g = grade_unpaired(0.82, 0.78, 100)
>>> round(g.gap.low * 100, 1), round(g.gap.high * 100, 1), g.clears
(-7.1, 15.1, False)
>>> grade_unpaired(1.0, 0.0, 1).clears  # 100% against 0% on one question: inside the noise
False
"""

from __future__ import annotations

from dataclasses import dataclass

from benchstats.gaps import GapResult, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.luck import EqualModelsLuck, equal_models_luck
from benchstats.mcnemar import METHODS as MCNEMAR_METHODS
from benchstats.mcnemar import McNemarResult, mcnemar
from benchstats.paired import PairedCounts, paired_counts, paired_score_b, paired_score_range
from benchstats.scores import ScoreSummary, score_summary

__all__ = [
    "Grading",
    "Names",
    "PairedGrading",
    "ReportedSEGrading",
    "UnpairedGrading",
    "grade_paired",
    "grade_reported_se",
    "grade_unpaired",
]


@dataclass(frozen=True)
class Names:
    """The two models' names as the reader gave them ("" for none: "A" and "B")."""

    a: str = ""
    b: str = ""

    @property
    def first(self) -> str:
        return self.a or "A"

    @property
    def second(self) -> str:
        return self.b or "B"

    @property
    def given(self) -> bool:
        return bool(self.a or self.b)


class Grading:
    """What every grading holds; the three modes fill in the parts that differ.

    ``leads`` (labelled gaps for the lead chart), ``scores`` (each score on
    its questions, or None when there is no count) and ``score_ses`` (the SE
    of each score, or None). ``counts``/``tests`` are the paired counts and
    McNemar's tests, None unless the numbers are paired. ``assumed`` names
    an assumption the grade rests on, in words ("assuming 100 questions: the
    claim gives no count"); every sentence about the grade says it.
    """

    gap: GapResult
    names: Names
    mode: str = ""
    assumed: str = ""

    @property
    def score_ses(self) -> tuple[float, float] | None:
        se_a, se_b = getattr(self, "se_a", None), getattr(self, "se_b", None)
        return None if se_a is None or se_b is None else (se_a, se_b)

    @property
    def clears(self) -> bool:
        """The one rule: the range for the true lead leaves zero out."""
        return self.gap.clears


@dataclass(frozen=True)
class UnpairedGrading(Grading):
    """Two scores on their own questions (``n`` for A, ``n_b`` for B)."""

    a: float
    b: float
    n: int
    n_b: int
    gap: GapResult
    luck: EqualModelsLuck | None
    se_a: float
    se_b: float
    names: Names = Names()
    mode: str = "unpaired"
    assumed: str = ""
    counts = None
    tests = None

    @property
    def leads(self) -> tuple[tuple[str, GapResult], ...]:
        return (("Unpaired", self.gap),)

    @property
    def scores(self) -> dict[str, ScoreSummary]:
        return {"A": score_summary(self.a, self.n), "B": score_summary(self.b, self.n_b)}


@dataclass(frozen=True)
class ReportedSEGrading(Grading):
    """Two scores printed as score ± SE: no count of questions, no luck of equal models."""

    a: float
    b: float
    se_a: float
    se_b: float
    gap: GapResult
    names: Names = Names()
    mode: str = "se"
    assumed: str = ""
    n = None
    luck = None
    counts = None
    tests = None
    scores = None

    @property
    def leads(self) -> tuple[tuple[str, GapResult], ...]:
        return (("From the reported SEs", self.gap),)


@dataclass(frozen=True)
class PairedGrading(Grading):
    """Paired counts of the same ``n`` questions; A's score ``a`` only when given.

    ``gap`` is Tango's interval with McNemar's mid-p; ``wald`` the Wald
    interval; ``tests`` McNemar's four p-values. With A's score, ``b`` and
    ``unpaired`` (the same scores graded as if unpaired) follow; without it
    they are None and nothing is shown that would need them.
    """

    counts: PairedCounts
    gap: GapResult
    wald: GapResult
    tests: dict[str, McNemarResult]
    a: float | None
    b: float | None
    unpaired: GapResult | None
    names: Names = Names()
    mode: str = "paired"
    assumed: str = ""
    luck = None

    @property
    def leads(self) -> tuple[tuple[str, GapResult], ...]:
        out = [("Paired, Tango score interval", self.gap), ("Paired, Wald interval", self.wald)]
        if self.unpaired is not None:
            out.append(("Same scores graded unpaired", self.unpaired))
        return tuple(out)

    @property
    def scores(self) -> dict[str, ScoreSummary] | None:
        if self.a is None:
            return None
        return {"A": score_summary(self.a, self.n), "B": score_summary(self.b, self.n)}

    @property
    def n(self) -> int:
        return self.counts.n

    @property
    def n_b(self) -> int:
        return self.counts.n

    @property
    def se_a(self) -> float | None:
        return None if self.a is None else score_summary(self.a, self.n).se

    @property
    def se_b(self) -> float | None:
        return None if self.b is None else score_summary(self.b, self.n).se


# --------------------------------------------------------------------------- builders


def _luck(a: float, b: float, n: int | None) -> EqualModelsLuck | None:
    return None if n is None else equal_models_luck(a, b, n)


def grade_unpaired(
    a: float, b: float, n: int, *, n_b: int | None = None, names: Names = Names()
) -> UnpairedGrading:
    """Grade two scores on their own questions; luck only when both have ``n`` questions.

    Examples
    --------
    >>> g = grade_unpaired(0.873, 0.851, 198)
    >>> g.luck.lead_questions, round(g.luck.either_way, 4)
    (5, 0.5114)
    """
    nb = n if n_b is None else n_b
    gap = unpaired_gap(a, b, n, n_b=nb)
    luck = _luck(a, b, n) if nb == n else None
    se_a, se_b = score_summary(a, n).se, score_summary(b, nb).se
    return UnpairedGrading(a, b, int(n), int(nb), gap, luck, se_a, se_b, names)


def grade_reported_se(
    a: float, se_a: float, b: float, se_b: float, *, names: Names = Names()
) -> ReportedSEGrading:
    """Grade two scores printed with ± SE: every number comes from the two SEs.

    No count of questions enters: the SEs already say how noisy each score is.

    Examples
    --------
    >>> g = grade_reported_se(0.9343, 0.0124, 0.9520, 0.0107)
    >>> round(g.gap.se * 100, 2), round(abs(g.gap.z), 1)
    (1.64, 1.1)
    """
    gap = gap_from_standard_errors(a, se_a, b, se_b)
    return ReportedSEGrading(a, b, se_a, se_b, gap, names)


def grade_paired(
    a_only: int, b_only: int, n: int, *, a: float | None = None, names: Names = Names()
) -> PairedGrading:
    """Grade paired counts; with A's score, B's and the unpaired grading follow.

    A score that cannot go with the counts raises ValueError saying which
    scores can (A got ``a_only`` right that B missed, so A's score has a floor).

    Examples
    --------
    >>> g = grade_paired(20, 8, 198)
    >>> g.b is None, round(g.gap.p_value, 3), g.counts.discordant
    (True, 0.024, 28)
    >>> grade_paired(20, 8, 198, a=0.05)
    Traceback (most recent call last):
    ValueError: A's score must be from 10.1% to 96% with 20 questions only A got right and 8 only B got right of 198, got 5%
    """
    counts = paired_counts(a_only, b_only, n)
    gap = paired_gap(a_only, b_only, n)
    wald = paired_gap(a_only, b_only, n, method="wald")
    tests = {m: mcnemar(a_only, b_only, method=m) for m in MCNEMAR_METHODS}
    b = unpaired = None
    if a is not None:
        lo, hi = paired_score_range(a_only, b_only, n)
        if not lo - 1e-12 <= a <= hi + 1e-12:
            msg = (
                f"A's score must be from {_pct(lo)} to {_pct(hi)} with {a_only} questions only "
                f"A got right and {b_only} only B got right of {n}, got {_pct(a)}"
            )
            raise ValueError(msg)
        a = min(max(a, lo), hi)
        b = paired_score_b(a, a_only, b_only, n)
        unpaired = unpaired_gap(a, b, n)
    return PairedGrading(counts, gap, wald, tests, a, b, unpaired, names)


def _pct(x: float) -> str:
    return f"{round(x * 100, 1):g}%"
