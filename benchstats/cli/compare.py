"""Each candidate against the baseline, graded as the Gap grader grades an upload.

:func:`compare` pairs each candidate (as model A, so leads are candidate −
baseline) with the baseline, grades the pair with
:func:`benchstats.clustered.grade_pair`, reads the verdict the per-question
panel reads and adjusts the p-values across candidates; :class:`Gate` is
the pass/fail rule a CI step asks for.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, urlencode

from benchstats import words
from benchstats.clustered import PairGrade, grade_pair
from benchstats.gaps import GapResult
from benchstats.items import Items, PairedItems, pair_items
from benchstats.leaderboard import CORRECTION_NAMES, adjust_p_values
from benchstats.mcnemar import MCNEMAR_NAMES, METHODS, mcnemar
from benchstats.paired import paired_counts
from benchstats.power import detectable_lead
from benchstats.prose import per_question as prose
from benchstats.prose import span

TESTS = METHODS  # McNemar's four p-values; the default is the site's, mid-p
GATES = ("better", "not-worse")
NAME_CHARS = 60  # the Gap grader cuts a model's name to 60 characters


@dataclass(frozen=True)
class Comparison:
    """One candidate (``grade``'s model A) against the baseline on the questions both answered.

    ``gap`` is the range the verdict reads; ``p_value`` the test named by
    ``test`` (McNemar's for right/wrong scores, else the normal test of
    ``gap``), ``p_adjusted`` the same after the correction across
    candidates; ``detectable`` the smallest lead this comparison detects
    with 80% power at 5% (None when no question tells the models apart).
    """

    baseline: str
    candidate: str
    paired: PairedItems
    grade: PairGrade
    gap: GapResult
    test: str
    p_value: float
    p_adjusted: float
    clears: bool
    verdict: str
    detectable: float | None

    questions = property(lambda self: self.grade.n)
    lead = property(lambda self: self.gap.lead, doc="Candidate − baseline, a proportion.")

    @property
    def baseline_only(self) -> int | None:
        """Questions only the baseline got right (None unless every score is 0 or 1)."""
        return None if self.grade.counts is None else self.grade.counts.only_b

    @property
    def candidate_only(self) -> int | None:
        """Questions only the candidate got right (None unless every score is 0 or 1)."""
        return None if self.grade.counts is None else self.grade.counts.only_a

    def link(self, site: str | None) -> str | None:
        """The Gap grader at ``site`` opened on these counts (A = candidate); None without either.

        Examples
        --------
        >>> from benchstats.items import read_items
        >>> items = read_items(b"question_id,base,new\\nq1,1,1\\nq2,0,1\\nq3,1,0\\nq4,0,1\\n")
        >>> compare(items).comparisons[0].link("http://localhost:8501")
        'http://localhost:8501/gap-grader?mode=paired&a_only=2&b_only=1&n=4&name_a=new&name_b=base'
        """
        if self.grade.counts is None or site is None:
            return None
        query = {
            "mode": "paired",
            "a_only": self.candidate_only,
            "b_only": self.baseline_only,
            "n": self.questions,
            "name_a": self.candidate[:NAME_CHARS],
            "name_b": self.baseline[:NAME_CHARS],
        }
        return f"{site.rstrip('/')}/gap-grader?{urlencode(query, quote_via=quote)}"

    @property
    def link_note(self) -> str | None:
        """What the Gap grader link leaves out, or None: with clusters, the page grades the
        counts alone (the Gap grader takes no clusters), so its range is not the one here."""
        g = self.grade
        if g.clustered_gap is None or g.counts is None:
            return None
        return (
            "The Gap grader link carries the counts, not the clusters: it grades "
            f"{span(g.paired)} points, not the clustered {span(self.gap)}."
        )

    @property
    def test_name(self) -> str:
        """The p-value's name in words: "McNemar mid-p", "p (clustered, normal)"."""
        if self.test in MCNEMAR_NAMES:
            return "McNemar mid-p" if self.test == "mid-p" else f"McNemar {self.test} p"
        return f"p ({self.test.replace(' ', ', ')})"


@dataclass(frozen=True)
class Gate:
    """The rule a CI step asks for: ``better``, or ``not-worse`` within ``margin`` (a proportion).

    ``better`` passes when the lead clears the noise upwards (with several
    candidates, after the correction); ``not-worse`` when the range's low
    end is above −margin.
    """

    kind: str
    margin: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in GATES or not 0 <= self.margin <= 1:
            msg = (
                f"a gate is one of {', '.join(GATES)} with a margin from 0 to 1, "
                f"got {self.kind!r} with {self.margin!r}"
            )
            raise ValueError(msg)

    def passes(self, c: Comparison) -> bool:
        if self.kind == "better":
            return c.clears and c.lead > 0
        return c.gap.low > -self.margin

    def describe(self) -> str:
        """ "better", "not-worse, margin 2.0 points"."""
        if self.kind == "better":
            return "better"
        return f"not-worse, margin {words.points(self.margin, signed=False)} points"

    def why(self, c: Comparison) -> str:
        """Why ``c`` passed or failed, in one clause."""
        low = words.points(c.gap.low)
        if self.kind == "not-worse":
            edge = words.points(-self.margin) if self.margin else "0.0"
            side = "above" if self.passes(c) else "not above"
            return f"the range's low end, {low} points, is {side} {edge}"
        range_ = f"{span(c.gap)} points"
        if self.passes(c):
            return f"the lead clears the noise, range {range_}"
        if c.gap.clears and c.lead > 0:
            return f"the range is above zero, but the adjusted p is {words.p_value(c.p_adjusted)}"
        return f"the range, {range_}, is not above zero"


@dataclass(frozen=True)
class Report:
    """Every comparison of one run of ``leadorluck compare``, and the gate's outcome."""

    items: Items
    comparisons: tuple[Comparison, ...]
    test: str
    correction: str
    gate: Gate | None = None

    @property
    def corrected(self) -> bool:
        """True when the p-values were adjusted across two or more candidates."""
        return len(self.comparisons) > 1 and self.correction != "none"

    @property
    def passed(self) -> bool | None:
        """Whether every candidate passed the gate; None without a gate."""
        return None if self.gate is None else all(self.gate.passes(c) for c in self.comparisons)

    @property
    def exit_code(self) -> int:
        """0 passed (or no gate), 1 the gate failed."""
        return 1 if self.passed is False else 0


def _p_value(g: PairGrade, test: str) -> tuple[float, str]:
    """The p-value the verdict stands beside: McNemar's, or the normal test of the range."""
    if g.clustered_gap is not None:
        return g.clustered_gap.p_value, "clustered normal"
    if g.counts is None:
        return g.paired.p_value, "paired normal"
    return mcnemar(g.counts.only_a, g.counts.only_b, method=test).p_value, test


def _detectable(g: PairGrade) -> float | None:
    """The smallest lead this comparison detects (80% power, 5%), as the site states it.

    z_sum·SE with the clustered SE, √(a_only + b_only)/n for right/wrong
    scores (the Gap grader's paired form) or the paired SE; None when SE = 0.
    """
    if g.clustered is not None:
        se = g.clustered.se
    elif g.counts is not None:
        se = paired_counts(g.counts.only_a, g.counts.only_b, g.n).null_se
    else:
        se = g.paired.se
    return float(detectable_lead(se)) if se > 0 else None


def _verdict(
    g: PairGrade, gap: GapResult, p_adjusted: float, correction: str | None, m: int
) -> tuple[bool, str]:
    """Clears or not, and the Gap grader's sentence or why the correction holds the lead back."""
    if correction is None or not gap.clears or p_adjusted < 1 - gap.confidence_level:
        return gap.clears, prose.headline(g)
    held = prose.headline(g).removeprefix("Clears the noise: ").removesuffix(".")
    return False, (
        f"Inside the noise after {CORRECTION_NAMES[correction]} for {words.count(m)} "
        f"candidates: {held}, but the adjusted p is {words.p_value(p_adjusted)}."
    )


def compare(
    items: Items, *, test: str = "mid-p", correction: str = "holm", gate: Gate | None = None
) -> Report:
    """Grade each model after the first (a candidate) against the first (the baseline).

    Examples
    --------
    >>> from benchstats.items import read_items
    >>> rows = "question_id,base,new\\n" + "".join(
    ...     f"q{i},{int(i < 20 or 28 <= i < 150)},{int(20 <= i < 150)}\\n" for i in range(198))
    >>> c = compare(read_items(rows.encode())).comparisons[0]
    >>> c.baseline_only, c.candidate_only, words.points(c.lead), words.p_value(c.p_value)
    (20, 8, '−6.1', '0.024')
    """
    if len(items.models) < 2:
        msg = (
            f"expected two or more models (the baseline, then each candidate), found one: "
            f"{items.models[0] if items.models else 'none'} in {', '.join(items.sources)}."
        )
        raise ValueError(msg)
    baseline, candidates = items.models[0], items.models[1:]
    pairs = [pair_items(items, c, baseline) for c in candidates]
    grades = [grade_pair(p) for p in pairs]
    gaps = [prose.verdict_gap(g) for g in grades]
    tests = [_p_value(g, test) for g in grades]
    adjusted = adjust_p_values([p for p, _ in tests], correction)
    applied = correction if len(pairs) > 1 and correction != "none" else None
    comparisons = []
    for pair, g, gap, (p, used), p_adj in zip(pairs, grades, gaps, tests, adjusted, strict=True):
        clears, verdict = _verdict(g, gap, float(p_adj), applied, len(pairs))
        graded = (baseline, pair.model_a, pair, g, gap, used, float(p), float(p_adj))
        comparisons.append(Comparison(*graded, clears, verdict, _detectable(g)))
    return Report(items, tuple(comparisons), test, correction, gate)
