"""One comparison graded, one object per way the reader has the numbers.

A reader comes with two scores on their questions (:class:`UnpairedGrading`),
two scores printed with ± standard errors (:class:`ReportedSEGrading`) or
paired counts (:class:`PairedGrading`). Each object holds the results (the
graded gap, the luck of equal models, the planning numbers) and says them:
``key_numbers`` and ``plan_numbers`` for the verdict card, ``headline``,
``report``, ``arithmetic`` and ``verdict_row``. A page decides the mode once,
builds one of these and draws whatever it got; Check a claim and the Gap
grader draw the same objects, so they cannot disagree.

"Clears the noise" is :attr:`benchstats.gaps.GapResult.clears`, and only that.

Examples
--------
>>> g = grade_unpaired(0.82, 0.78, 100)
>>> [(k.label, k.value) for k in g.key_numbers][:4]  # doctest: +NORMALIZE_WHITESPACE
[('Lead, A − B', '+4.0 points'), ('95% range for the true lead', '−7.1 to +15.1'),
 ('SE of the gap', '5.65 points'), ('p (two-sided)', '0.479')]
>>> grade_unpaired(1.0, 0.0, 1).clears  # 100% against 0% on one question: inside the noise
False
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from benchstats import words
from benchstats.gaps import GapResult, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.luck import EqualModelsLuck, equal_models_luck
from benchstats.mcnemar import METHODS as MCNEMAR_METHODS
from benchstats.mcnemar import McNemarResult, mcnemar
from benchstats.paired import PairedCounts, paired_counts, paired_score_b, paired_score_range
from benchstats.prose import claim as prose
from benchstats.scores import ScoreSummary, score_summary
from benchstats.verdict_table import (
    VerdictRow,
    article_rows,
    paired_row,
    reported_se_row,
    unpaired_row,
    verdict_records,
)

__all__ = [
    "Grading",
    "KeyNumber",
    "Names",
    "PairedGrading",
    "ReportedSEGrading",
    "UnpairedGrading",
    "grade_paired",
    "grade_reported_se",
    "grade_unpaired",
    "verdict_table",
]


@dataclass(frozen=True)
class KeyNumber:
    """One number on a verdict card: a short label, the value in words, optional help."""

    label: str
    value: str
    help: str | None = None


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
    """What every grading says; the three modes fill in the parts that differ.

    Besides the words: ``leads`` (labelled gaps for the lead chart),
    ``scores`` (each score on its questions, or None when there is no count,
    ``scores_need`` then says what is missing) and ``score_ses`` (the SE of
    each score, or None). ``counts``/``tests`` are the paired counts and
    McNemar's tests, None unless the numbers are paired.
    """

    gap: GapResult
    names: Names
    mode: str = ""
    scores_need = ""

    @property
    def score_ses(self) -> tuple[float, float] | None:
        se_a, se_b = getattr(self, "se_a", None), getattr(self, "se_b", None)
        return None if se_a is None or se_b is None else (se_a, se_b)

    @property
    def clears(self) -> bool:
        """The one rule: the range for the true lead leaves zero out."""
        return self.gap.clears

    @property
    def headline(self) -> str:
        return prose.headline(self)

    @property
    def key_numbers(self) -> tuple[KeyNumber, ...]:
        return tuple(KeyNumber(*row) for row in prose.key_numbers(self))

    @property
    def plan_numbers(self) -> tuple[KeyNumber, ...]:
        return tuple(KeyNumber(*row) for row in prose.plan_numbers(self))

    @property
    def report(self) -> str:
        """ "Report it like this": the lead, its interval and its test in one line."""
        return prose.report(self)

    @property
    def arithmetic(self) -> tuple[str, ...]:
        """The working behind every number on the card, one Markdown line each."""
        return prose.arithmetic(self)

    @property
    def verdict_row(self) -> VerdictRow:
        row = self._row()
        return replace(row, case="Your numbers: " + row.case, source="you")

    def _row(self) -> VerdictRow:  # pragma: no cover - each mode has its own
        raise NotImplementedError


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
    counts = None
    tests = None

    @property
    def leads(self) -> tuple[tuple[str, GapResult], ...]:
        return (("Unpaired", self.gap),)

    @property
    def scores(self) -> dict[str, ScoreSummary]:
        return {"A": score_summary(self.a, self.n), "B": score_summary(self.b, self.n_b)}

    def _row(self) -> VerdictRow:
        return unpaired_row(self.a, self.b, self.n, n_b=self.n_b)


@dataclass(frozen=True)
class ReportedSEGrading(Grading):
    """Two scores printed as score ± SE; ``n`` only for the luck chance, when given."""

    a: float
    b: float
    se_a: float
    se_b: float
    gap: GapResult
    n: int | None
    luck: EqualModelsLuck | None
    names: Names = Names()
    mode: str = "se"
    counts = None
    tests = None
    scores = None
    scores_need = (
        "Intervals for one score need its count of questions. Switch to **Two scores** "
        "or **Paired counts** to see them."
    )

    @property
    def leads(self) -> tuple[tuple[str, GapResult], ...]:
        return (("From the reported SEs", self.gap),)

    def _row(self) -> VerdictRow:
        return reported_se_row(self.a, self.se_a, self.b, self.se_b)


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
    notes: tuple[str, ...] = ()
    names: Names = Names()
    mode: str = "paired"
    luck = None
    scores_need = (
        "This needs A's score: give it in **Score A** above (B's follows from it and "
        "the two counts). Nothing here is worked out from a score the link did not give."
    )

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

    def _row(self) -> VerdictRow:
        return paired_row(self.counts.a_only, self.counts.b_only, self.n)


def verdict_table(graded: Grading) -> list[dict]:
    """The articles' verdict table with the reader's row last, each SE named.

    Examples
    --------
    >>> rows = verdict_table(grade_paired(20, 8, 198))
    >>> rows[-1]["case"], rows[-1]["SE (points)"], rows[-1]["z"], rows[-1]["SE is"]
    ('Your numbers: 20 vs 8 of 198 questions, paired', 2.6725, 2.2678, 'paired, if equally good')
    """
    rows = [*article_rows(), graded.verdict_row]
    records = verdict_records(rows)
    for record in records:
        record["SE is"] = prose.SE_KIND[record["kind"]]
    return records


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
    >>> g.luck.lead_questions, words.chance(g.luck.either_way)
    (5, '51.14%')
    """
    nb = n if n_b is None else n_b
    gap = unpaired_gap(a, b, n, n_b=nb)
    luck = _luck(a, b, n) if nb == n else None
    se_a, se_b = score_summary(a, n).se, score_summary(b, nb).se
    return UnpairedGrading(a, b, int(n), int(nb), gap, luck, se_a, se_b, names)


def grade_reported_se(
    a: float, se_a: float, b: float, se_b: float, *, n: int | None = None, names: Names = Names()
) -> ReportedSEGrading:
    """Grade two scores printed with ± SE; ``n`` (if the reader gave it) for the luck chance.

    Examples
    --------
    >>> g = grade_reported_se(0.714, 0.018, 0.69, 0.019)
    >>> g.luck is None, [k.value for k in g.key_numbers][-1]
    (True, 'needs n')
    """
    gap = gap_from_standard_errors(a, se_a, b, se_b)
    return ReportedSEGrading(a, b, se_a, se_b, gap, n, _luck(a, b, n), names)


def grade_paired(
    a_only: int, b_only: int, n: int, *, a: float | None = None, names: Names = Names()
) -> PairedGrading:
    """Grade paired counts; with A's score, B's and the unpaired grading follow.

    A score that cannot go with the counts is moved to the nearest that can,
    and ``notes`` says so.

    Examples
    --------
    >>> g = grade_paired(20, 8, 198)
    >>> g.b is None, words.p_value(g.gap.p_value), g.report.endswith("28 of 198 questions discordant")
    (True, '0.024', True)
    """
    counts = paired_counts(a_only, b_only, n)
    gap = paired_gap(a_only, b_only, n)
    wald = paired_gap(a_only, b_only, n, method="wald")
    tests = {m: mcnemar(a_only, b_only, method=m) for m in MCNEMAR_METHODS}
    notes: tuple[str, ...] = ()
    b = unpaired = None
    if a is not None:
        lo, hi = paired_score_range(a_only, b_only, n)
        if not lo <= a <= hi:
            fixed = min(max(a, lo), hi)
            notes = (prose.score_outside_counts(a, counts, lo, hi, fixed),)
            a = fixed
        b = paired_score_b(a, a_only, b_only, n)
        unpaired = unpaired_gap(a, b, n)
    return PairedGrading(counts, gap, wald, tests, a, b, unpaired, notes, names)


def same_scores_table(graded: PairedGrading) -> list[dict[str, str]]:
    """The paired intervals and the same scores graded unpaired, as table rows in words."""
    return [
        {
            "How": label,
            "Lead (points)": words.points(g.lead),
            "95% range (points)": f"{words.points(g.low)} to {words.points(g.high)}",
            "p": words.p_value(g.p_value),
            "Verdict": "clears zero" if g.clears else "inside the noise",
        }
        for label, g in graded.leads
    ]
