"""One comparison graded, one object per way the reader has the numbers.

Two scores on their questions (:class:`UnpairedGrading`), two scores printed
with ± standard errors (:class:`ReportedSEGrading`) or paired counts
(:class:`PairedGrading`): each holds the graded gap, the luck of equal models
and McNemar's tests, for :mod:`benchstats.prose.claim` to put in words. Check a
claim and the Gap grader draw the same objects, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from benchstats.gaps import GapResult, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.luck import EqualModelsLuck, equal_models_luck
from benchstats.mcnemar import METHODS as MCNEMAR_METHODS
from benchstats.mcnemar import McNemarResult, mcnemar
from benchstats.paired import PairedCounts, paired_counts, paired_score_b, paired_score_range
from benchstats.scores import ScoreSummary, score_summary


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
    """What every grading holds: ``leads`` (labelled gaps for the lead chart),
    ``scores`` and ``score_ses`` (None without a count), ``counts``/``tests``
    (None unless paired) and ``assumed``, an assumption the grade rests on, in
    words, which every sentence about the grade says; ``decimals``, how many
    decimals the reader wrote each score with, which the sentences keep.
    """

    gap: GapResult
    names: Names
    mode: str = ""
    assumed: str = ""
    decimals: tuple[int, int] = (0, 0)  # the scores' decimals as the reader wrote them (percent)

    @property
    def score_ses(self) -> tuple[float, float] | None:
        se_a, se_b = getattr(self, "se_a", None), getattr(self, "se_b", None)
        return None if se_a is None or se_b is None else (se_a, se_b)

    @property
    def clears(self) -> bool:
        """The one rule, :attr:`GapResult.clears`: the range for the true lead leaves zero out."""
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
    decimals: tuple[int, int] = (0, 0)  # the scores' decimals as the reader wrote them (percent)
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
    decimals: tuple[int, int] = (0, 0)  # the scores' decimals as the reader wrote them (percent)
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
    """Paired counts of the same ``n`` questions: ``gap`` (Tango), ``wald`` and McNemar's
    four ``tests``; ``b`` and ``unpaired`` only with A's score ``a``."""

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
    decimals: tuple[int, int] = (0, 0)  # the scores' decimals as the reader wrote them (percent)
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


def grade_unpaired(
    a: float, b: float, n: int, *, n_b: int | None = None, names: Names = Names()
) -> UnpairedGrading:
    """Grade two scores on their own questions; luck only when both have ``n`` questions.

    Examples
    --------
    >>> g = grade_unpaired(0.873, 0.851, 198)
    >>> g.clears, g.luck.lead_questions, round(g.luck.either_way, 4)
    (False, 5, 0.5114)
    """
    nb = n if n_b is None else n_b
    gap = unpaired_gap(a, b, n, n_b=nb)
    luck = equal_models_luck(a, b, n) if nb == n else None
    se_a, se_b = score_summary(a, n).se, score_summary(b, nb).se
    return UnpairedGrading(a, b, int(n), int(nb), gap, luck, se_a, se_b, names)


def grade_reported_se(
    a: float, se_a: float, b: float, se_b: float, *, names: Names = Names()
) -> ReportedSEGrading:
    """Grade two scores printed with ± SE: every number comes from the two SEs, no count.

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

    Examples
    --------
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
