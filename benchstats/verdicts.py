"""Grading one comparison in full: the pieces the gap grader adds to the core.

The core (:mod:`benchstats.intervals`, :mod:`benchstats.gaps`,
:mod:`benchstats.mcnemar`, :mod:`benchstats.power`) computes intervals, gaps
and tests. This module puts them together the way a careful reader grades a
comparison, and holds the little arithmetic the core has no reason to carry:

- the **overlap rule**: two ±1 SE bars just touch when the gap equals
  se_a + se_b, that is z = (se_a + se_b)/√(se_a² + se_b²) standard errors of
  the gap (√2 for equal SEs, two-sided p = 0.157);
- **one score**: its SE √(p(1−p)/n) and the interval of every method for the
  same count, with the two ways Wald fails flagged;
- **chance correction** of both scores, the lead and their SEs by one factor;
- **paired counts**: the lead (b − c)/n, the SE McNemar's z uses, √(b + c)/n,
  and B's score implied by A's;
- the **verdict table** of the articles' cases, computed live;
- **"report it like this"** sentences: a count with its interval, a lead with
  its interval and test.

Everything is in proportions (0.82, not 82); only the ``fmt_*`` and
``report_*`` helpers speak in percent and points.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace

from scipy import stats

from benchstats import _validate
from benchstats.gaps import GapResult, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.intervals import METHODS, chance_corrected, critical_value, proportion_ci
from benchstats.luck import gap_distribution, prob_gap_at_least
from benchstats.mcnemar import McNemarResult
from benchstats.power import z_sum

__all__ = [
    "ARTICLE_CASES",
    "INTERVAL_NAMES",
    "MCNEMAR_NAMES",
    "PAIRED_INTERVAL_NAMES",
    "ChanceView",
    "EqualModelsLuck",
    "OverlapRule",
    "PairedCounts",
    "ScoreInterval",
    "ScoreSummary",
    "VerdictRow",
    "article_rows",
    "arithmetic_paired",
    "arithmetic_reported_se",
    "arithmetic_unpaired",
    "bars_overlap",
    "chance_corrected_gap",
    "chance_view",
    "clearing_lead",
    "detectable_lead",
    "equal_models_luck",
    "fmt_count",
    "fmt_p",
    "fmt_percent",
    "fmt_points",
    "fmt_score",
    "fmt_z",
    "fmt_chance",
    "p_is",
    "overlap_rule",
    "paired_counts",
    "paired_row",
    "paired_score_b",
    "paired_score_range",
    "report_paired",
    "report_reported_se",
    "report_score",
    "report_unpaired",
    "reported_se_row",
    "score_intervals",
    "score_summary",
    "unpaired_row",
    "verdict_records",
    "verdict_sentence",
]

INTERVAL_NAMES = {
    "wilson": "Wilson",
    "clopper-pearson": "Clopper–Pearson",
    "jeffreys": "Jeffreys",
    "bayes": "Bayes (uniform prior)",
    "agresti-coull": "Agresti–Coull",
    "wald": "Wald",
}
PAIRED_INTERVAL_NAMES = {"tango": "Tango", "wald": "Wald"}
MCNEMAR_NAMES = {
    "exact": "Exact",
    "mid-p": "Mid-p",
    "asymptotic": "Asymptotic",
    "corrected": "Continuity-corrected",
}

MINUS = "\u2212"


def _nonnegative(name: str, value: object) -> float:
    """A standard error: finite and ≥ 0 (0 at a score of 0% or 100%)."""
    x = _validate.real(name, value)
    if x < 0.0:
        msg = f"{name} must be 0 or more, got {value!r}"
        raise ValueError(msg)
    return x


# --------------------------------------------------------------------------- overlap rule


@dataclass(frozen=True)
class OverlapRule:
    """Where two ±1 SE bars just touch, and what the real test says there.

    Fields: ``se_a``, ``se_b``; ``touch_gap`` = se_a + se_b, the gap at which
    the bars touch; ``se_gap`` = √(se_a² + se_b²), the SE of the gap; ``z`` =
    touch_gap / se_gap; ``p_value``, the two-sided p of a gap of that size.
    """

    se_a: float
    se_b: float
    touch_gap: float
    se_gap: float
    z: float
    p_value: float


def overlap_rule(se_a: float, se_b: float | None = None) -> OverlapRule:
    """The z and two-sided p at which two ±1 SE bars just touch.

    Two bars a ± se_a and b ± se_b touch when |a − b| = se_a + se_b. The gap's
    own SE is √(se_a² + se_b²), so at that point

        z = (se_a + se_b) / √(se_a² + se_b²),   p = 2·(1 − Φ(z)).

    For equal SEs z = √2 = 1.414 and p = 0.157: bars that just fail to touch
    are far from significant at 5%. z is largest (√2) for equal SEs and falls
    towards 1 as one SE dwarfs the other.

    Parameters
    ----------
    se_a : float
        Standard error of score A (a proportion), ≥ 0.
    se_b : float, optional
        Standard error of score B, ≥ 0; equal to ``se_a`` when omitted. At
        least one of the two must be above 0.

    Examples
    --------
    >>> r = overlap_rule(0.0348)
    >>> round(r.z, 3), round(r.p_value, 3)
    (1.414, 0.157)
    >>> r = overlap_rule(0.0124, 0.0107)
    >>> round(r.touch_gap, 4), round(r.se_gap, 4), round(r.z, 3), round(r.p_value, 3)
    (0.0231, 0.0164, 1.41, 0.158)
    """
    se_a = _nonnegative("se_a", se_a)
    se_b = se_a if se_b is None else _nonnegative("se_b", se_b)
    if se_a == 0.0 and se_b == 0.0:
        msg = "se_a and se_b cannot both be 0: bars of zero length never overlap by chance"
        raise ValueError(msg)
    touch = se_a + se_b
    se_gap = math.hypot(se_a, se_b)
    z = touch / se_gap
    return OverlapRule(se_a, se_b, touch, se_gap, z, float(2 * stats.norm.sf(z)))


def bars_overlap(lead: float, se_a: float, se_b: float) -> bool:
    """True when the bars a ± se_a and b ± se_b overlap or touch (|a − b| ≤ se_a + se_b).

    Examples
    --------
    >>> bars_overlap(0.9343 - 0.9520, 0.0124, 0.0107)
    True
    >>> bars_overlap(0.04, 0.0124, 0.0107)
    False
    """
    lead = _validate.real("lead", lead)
    se_a = _nonnegative("se_a", se_a)
    se_b = _nonnegative("se_b", se_b)
    return abs(lead) <= se_a + se_b


# --------------------------------------------------------------------------- one score


@dataclass(frozen=True)
class ScoreSummary:
    """One score as typed, on n questions.

    Fields: ``score``; ``n``; ``count`` = score·n (it need not be whole when
    the score was rounded); ``whole_count``, the nearest whole count (what
    the intervals use); ``se`` = √(p(1−p)/n) of the score as typed;
    ``low``/``high`` = score ∓ z·se, the textbook normal range;
    ``confidence_level``.
    """

    score: float
    n: int
    count: float
    whole_count: int
    se: float
    low: float
    high: float
    confidence_level: float

    @property
    def width(self) -> float:
        """Width of the normal range, 2·z·se."""
        return self.high - self.low

    @property
    def is_whole(self) -> bool:
        """True when score·n is a whole number of questions (to 10⁻⁶)."""
        return abs(self.count - self.whole_count) < 1e-6


def score_summary(score: float, n: int, *, confidence_level: float = 0.95) -> ScoreSummary:
    """The SE of one score and its normal range, the article's arithmetic.

    se = √(p(1−p)/n); range p ± z·se with z = Φ⁻¹(1 − α/2). The count
    p·n is rounded to the nearest whole question (halves up) for the
    intervals that need a count.

    Examples
    --------
    >>> s = score_summary(0.60, 198)
    >>> round(s.se * 100, 2), round(s.low * 100, 1), round(s.high * 100, 1)
    (3.48, 53.2, 66.8)
    >>> round(s.count, 1), s.whole_count, s.is_whole
    (118.8, 119, False)
    """
    p = _validate.proportion("score", score)
    n = _validate.count("n", n, minimum=1, what="questions")
    z = critical_value(confidence_level)
    se = math.sqrt(p * (1 - p) / n)
    count = p * n
    whole = math.floor(count + 0.5)
    return ScoreSummary(p, n, count, whole, se, p - z * se, p + z * se, confidence_level)


@dataclass(frozen=True)
class ScoreInterval:
    """One method's interval for k right out of n.

    Fields: ``method`` (the key), ``name`` (for people), ``k``, ``n``,
    ``estimate`` = k/n, ``low``, ``high``, ``width``; ``zero_width`` when the
    interval is a single point (Wald at k = 0 or k = n); ``leaves_range``
    when it reaches below 0 or above 1.
    """

    method: str
    name: str
    k: int
    n: int
    estimate: float
    low: float
    high: float
    width: float
    zero_width: bool
    leaves_range: bool


def score_intervals(
    k: int, n: int, *, confidence_level: float = 0.95, methods: tuple[str, ...] = METHODS
) -> tuple[ScoreInterval, ...]:
    """The interval of every method for the same count, in ``methods`` order.

    Examples
    --------
    >>> rows = score_intervals(34, 40, methods=("wilson", "clopper-pearson"))
    >>> [(r.name, round(r.low, 3), round(r.high, 3)) for r in rows]
    [('Wilson', 0.709, 0.929), ('Clopper–Pearson', 0.702, 0.943)]
    >>> wald = score_intervals(0, 20, methods=("wald",))[0]
    >>> wald.zero_width, wald.leaves_range
    (True, False)
    >>> score_intervals(1, 20, methods=("wald",))[0].leaves_range
    True
    """
    out = []
    for method in methods:
        low, high = proportion_ci(k, n, confidence_level=confidence_level, method=method)
        out.append(
            ScoreInterval(
                method=method,
                name=INTERVAL_NAMES[method],
                k=int(k),
                n=int(n),
                estimate=k / n,
                low=float(low),
                high=float(high),
                width=float(high - low),
                zero_width=bool(high - low <= 0.0),
                leaves_range=bool(low < 0.0 or high > 1.0),
            )
        )
    return tuple(out)


# --------------------------------------------------------------------------- chance correction


@dataclass(frozen=True)
class ChanceView:
    """Both scores, the lead and their SEs with guessing taken out.

    Fields: ``options`` (k), ``floor`` g = 1/k, ``factor`` 1/(1 − g) by
    which every distance and SE stretches, ``a``, ``b`` (corrected scores),
    ``lead`` (corrected), ``se_a``, ``se_b``, ``se_lead`` (stretched). The
    lead's z is unchanged: correction buys no precision.
    """

    options: int
    floor: float
    factor: float
    a: float
    b: float
    lead: float
    se_a: float
    se_b: float
    se_lead: float

    @property
    def z(self) -> float:
        """The corrected lead in SEs: the same as before correction (±inf at SE 0)."""
        if self.se_lead == 0.0:
            return 0.0 if self.lead == 0.0 else math.copysign(math.inf, self.lead)
        return self.lead / self.se_lead


def chance_view(
    a: float, b: float, options: int, *, se_a: float, se_b: float, se_lead: float
) -> ChanceView:
    """Rescale both scores so guessing scores 0, and every SE by the same factor.

    a' = (a − g)/(1 − g) with g = 1/options; a distance (the lead) and a
    standard error only stretch, by 1/(1 − g).

    Examples
    --------
    >>> v = chance_view(0.60, 0.60, 4, se_a=0.0348, se_b=0.0348, se_lead=0.0492)
    >>> round(v.a, 3), round(v.factor, 3), round(v.se_a * 100, 2)
    (0.467, 1.333, 4.64)
    >>> round(chance_view(0.6, 0.5, 10, se_a=0.03, se_b=0.03, se_lead=0.04).factor, 2)
    1.11
    """
    a = _validate.proportion("a", a)
    b = _validate.proportion("b", b)
    options = _validate.count("options", options, minimum=2, what="answer options")
    se_a = _nonnegative("se_a", se_a)
    se_b = _nonnegative("se_b", se_b)
    se_lead = _nonnegative("se_lead", se_lead)
    g = 1.0 / options
    factor = 1.0 / (1.0 - g)
    ca, cb = chance_corrected(a, options), chance_corrected(b, options)
    return ChanceView(
        options, g, factor, ca, cb, ca - cb, se_a * factor, se_b * factor, se_lead * factor
    )


def chance_corrected_gap(gap: GapResult, options: int) -> GapResult:
    """The same graded lead with guessing taken out: lead, SE and interval × 1/(1 − g).

    z and p do not change: a rescaled lead is no better known than before.

    Examples
    --------
    >>> g = chance_corrected_gap(unpaired_gap(0.82, 0.78, 448), 4)
    >>> round(g.lead * 100, 2), round(g.low * 100, 1), round(g.z, 2), g.method
    (5.33, -1.6, 1.5, 'unpaired, chance-corrected')
    """
    options = _validate.count("options", options, minimum=2, what="answer options")
    factor = 1.0 / (1.0 - 1.0 / options)
    return replace(
        gap,
        lead=gap.lead * factor,
        se=gap.se * factor,
        low=gap.low * factor,
        high=gap.high * factor,
        method=f"{gap.method}, chance-corrected",
        se_null=None if gap.se_null is None else gap.se_null * factor,
    )


# --------------------------------------------------------------------------- paired counts


@dataclass(frozen=True)
class PairedCounts:
    """What paired counts say before any test.

    Fields: ``a_only`` (b: A right, B wrong), ``b_only`` (c: the reverse),
    ``n``; ``discordant`` = b + c, the only questions that carry information
    about the difference; ``discordance`` = (b + c)/n; ``lead`` = (b − c)/n;
    ``null_se`` = √(b + c)/n, the SE of the lead if the two models were
    equally good (the one McNemar's z uses); ``z`` = lead/null_se (0 when
    b + c = 0: nobody disagrees, nothing to test).
    """

    a_only: int
    b_only: int
    n: int
    discordant: int
    discordance: float
    lead: float
    null_se: float
    z: float


def _paired_args(a_only: int, b_only: int, n: int) -> tuple[int, int, int]:
    b = _validate.count("a_only", a_only, what="questions only A got right")
    c = _validate.count("b_only", b_only, what="questions only B got right")
    n = _validate.count("n", n, minimum=1, what="questions")
    if b + c > n:
        msg = (
            f"a_only + b_only must be at most n (questions only one model got right "
            f"cannot outnumber all questions), got {b} + {c} = {b + c} with n = {n}"
        )
        raise ValueError(msg)
    return b, c, n


def paired_counts(a_only: int, b_only: int, n: int) -> PairedCounts:
    """The lead, the discordant share and the null SE of paired counts.

    Examples
    --------
    >>> p = paired_counts(20, 8, 198)
    >>> p.discordant, round(p.lead * 100, 1), round(p.null_se * 100, 2), round(p.z, 2)
    (28, 6.1, 2.67, 2.27)
    """
    b, c, n = _paired_args(a_only, b_only, n)
    d = b + c
    null_se = math.sqrt(d) / n
    lead = (b - c) / n
    z = lead / null_se if d else 0.0  # no disagreements: no evidence either way
    return PairedCounts(b, c, n, d, d / n, lead, null_se, z)


def paired_score_range(a_only: int, b_only: int, n: int) -> tuple[float, float]:
    """The scores A can have with these paired counts: a_only/n to 1 − b_only/n.

    Examples
    --------
    >>> [round(x, 4) for x in paired_score_range(20, 8, 198)]
    [0.101, 0.9596]
    """
    b, c, n = _paired_args(a_only, b_only, n)
    return b / n, 1 - c / n


def paired_score_b(a: float, a_only: int, b_only: int, n: int) -> float:
    """B's score implied by A's score and the paired counts: a − (b − c)/n.

    A got ``a_only`` questions right that B missed, so A's right answers
    a·n are at least a_only; B's right answers a·n − a_only + b_only are at
    least b_only, and at most n. A score outside that range cannot go with
    these counts.

    Examples
    --------
    >>> round(paired_score_b(0.60, 20, 8, 198), 4)
    0.5394
    """
    a = _validate.proportion("a", a)
    b, c, n = _paired_args(a_only, b_only, n)
    lo, hi = paired_score_range(b, c, n)
    tol = 1e-9
    if not lo - tol <= a <= hi + tol:
        msg = (
            f"A's score must be from {lo:.1%} to {hi:.1%} with a_only = {b}, "
            f"b_only = {c} and n = {n} (A got at least {b} right and missed at least {c}), "
            f"got {a:.1%}"
        )
        raise ValueError(msg)
    return min(max(a - (b - c) / n, 0.0), 1.0)


# --------------------------------------------------------------------------- power


def detectable_lead(se: float, *, alpha: float = 0.05, power: float = 0.8) -> float:
    """The smallest lead a comparison with this SE detects: z_sum · se.

    z_sum = z₁₋α/₂ + z_power (2.8016 at the defaults). With se the SE of
    the gap of two scores near p on n questions each this is the core's
    ``minimum_detectable_effect(n, p=p)``.

    Examples
    --------
    >>> round(detectable_lead(0.016408) * 100, 1)
    4.6
    """
    se = _nonnegative("se", se)
    return z_sum(alpha, power) * se


def clearing_lead(gap: GapResult) -> float:
    """The smallest lead that would clear zero with this SE: z₁₋α/₂ · se.

    Examples
    --------
    >>> round(clearing_lead(unpaired_gap(0.60, 0.60, 198)) * 100, 1)
    9.7
    """
    return critical_value(gap.confidence_level) * gap.se


@dataclass(frozen=True)
class EqualModelsLuck:
    """How two equally good models, both at ``p``, land on ``n`` questions each.

    ``either_way``: chance they land at least |lead| apart, either one ahead;
    ``one_way``: chance one particular model leads by at least that much;
    ``tie``: chance of exactly equal scores. The lead is compared in whole
    questions (lead·n rounded, ties up).
    """

    p: float
    n: int
    lead: float
    either_way: float
    one_way: float
    tie: float


def equal_models_luck(a: float, b: float, n: int) -> EqualModelsLuck:
    """Luck alone, for two models both at (a + b)/2: exact chances (no simulation).

    Examples
    --------
    >>> luck = equal_models_luck(0.82, 0.78, 100)
    >>> round(luck.either_way, 4), round(luck.one_way, 4), round(luck.tie, 4)
    (0.5355, 0.2678, 0.0705)
    """
    a = _validate.proportion("a", a)
    b = _validate.proportion("b", b)
    p = (a + b) / 2
    _, probs = gap_distribution(p, n)
    n = int(n)
    return EqualModelsLuck(
        p,
        n,
        a - b,
        prob_gap_at_least(p, n, a - b),
        prob_gap_at_least(p, n, a - b, two_sided=False),
        float(probs[n]),  # the support runs −n … n questions: index n is a gap of 0
    )


# --------------------------------------------------------------------------- verdict table


@dataclass(frozen=True)
class VerdictRow:
    """One graded comparison, as a row of the verdict table (proportions).

    ``case`` names it for people; ``kind`` is "unpaired", "reported SE" or
    "paired"; ``test`` names what produced ``p_value``.
    """

    case: str
    kind: str
    lead: float
    se: float
    low: float
    high: float
    confidence_level: float
    z: float
    p_value: float
    test: str
    verdict: str
    source: str


def _verdict(gap: GapResult) -> str:
    return "clears zero" if gap.clears else "inside the noise"


def _row(case: str, kind: str, gap: GapResult, test: str, source: str) -> VerdictRow:
    """A graded gap as a table row."""
    return VerdictRow(
        case, kind, gap.lead, gap.se, gap.low, gap.high, gap.confidence_level,
        gap.z, gap.p_value, test, _verdict(gap), source,
    )  # fmt: skip


def fmt_score(x: float) -> str:
    """A score as compact as it was typed, to two decimals: 82%, 81.5%, 93.43%.

    Examples
    --------
    >>> fmt_score(0.82), fmt_score(0.815), fmt_score(0.9343), fmt_score(0.12345)
    ('82%', '81.5%', '93.43%', '12.35%')
    """
    return f"{round(x * 100, 2):g}%"


def unpaired_row(
    a: float,
    b: float,
    n: int,
    *,
    n_b: int | None = None,
    confidence_level: float = 0.95,
    case: str | None = None,
    source: str = "",
) -> VerdictRow:
    """Grade two scores on their own questions (z test) as a table row.

    Examples
    --------
    >>> r = unpaired_row(0.82, 0.78, 448)
    >>> r.case, round(r.se * 100, 2), round(r.low * 100, 1), round(r.high * 100, 1), r.verdict
    ('82% vs 78%, 448 questions', 2.67, -1.2, 9.2, 'inside the noise')
    """
    gap = unpaired_gap(a, b, n, n_b=n_b, confidence_level=confidence_level)
    nb = n if n_b is None else n_b
    qs = f"{n:,} questions" if nb == n else f"{n:,} and {nb:,} questions"
    return _row(
        case or f"{fmt_score(a)} vs {fmt_score(b)}, {qs}", "unpaired", gap, "z test", source
    )


def reported_se_row(
    a: float,
    se_a: float,
    b: float,
    se_b: float,
    *,
    confidence_level: float = 0.95,
    case: str | None = None,
    source: str = "",
) -> VerdictRow:
    """Grade two scores printed as score ± SE as a table row.

    Examples
    --------
    >>> r = reported_se_row(0.9343, 0.0124, 0.9520, 0.0107)
    >>> r.case, round(r.se * 100, 2), round(abs(r.z), 1)
    ('93.43% ± 1.24 vs 95.2% ± 1.07', 1.64, 1.1)
    """
    gap = gap_from_standard_errors(a, se_a, b, se_b, confidence_level=confidence_level)
    label = (
        f"{fmt_score(a)} ± {round(se_a * 100, 2):g} vs {fmt_score(b)} ± {round(se_b * 100, 2):g}"
    )
    return _row(case or label, "reported SE", gap, "z test", source)


def paired_row(
    a_only: int,
    b_only: int,
    n: int,
    *,
    confidence_level: float = 0.95,
    method: str = "tango",
    case: str | None = None,
    source: str = "",
) -> VerdictRow:
    """Grade paired counts (McNemar mid-p, ``method`` interval) as a table row.

    Examples
    --------
    >>> r = paired_row(20, 8, 198)
    >>> r.case, round(r.lead * 100, 1), round(r.p_value, 3), r.test
    ('20 vs 8 of 198 questions, paired', 6.1, 0.024, 'McNemar mid-p')
    """
    b, c, n = _paired_args(a_only, b_only, n)
    gap = paired_gap(b, c, n, confidence_level=confidence_level, method=method)
    return _row(
        case or f"{b} vs {c} of {n:,} questions, paired", "paired", gap, "McNemar mid-p", source
    )


_GRADING = "FIGURES.md, grading a lead"
#: The articles' comparisons (FIGURES.md): (kind, arguments, source).
ARTICLE_CASES: tuple[tuple[str, tuple, str], ...] = (
    ("unpaired", (0.82, 0.78, 100), _GRADING),
    ("unpaired", (0.82, 0.78, 448), _GRADING),
    ("unpaired", (0.82, 0.78, 1000), _GRADING),
    ("unpaired", (0.82, 0.78, 2000), _GRADING),
    ("unpaired", (0.815, 0.80, 500), _GRADING),
    ("unpaired", (0.81, 0.79, 1000), _GRADING),
    ("unpaired", (0.60, 0.60, 198), _GRADING),
    (
        "reported SE",
        (0.9343, 0.0124, 0.9520, 0.0107),
        "FIGURES.md, a public leaderboard's GPQA Diamond row",
    ),
    ("paired", (20, 8, 198), "FIGURES.md, paired comparisons"),
)

_ROW_BUILDERS = {"unpaired": unpaired_row, "reported SE": reported_se_row, "paired": paired_row}


def article_rows(*, confidence_level: float = 0.95) -> list[VerdictRow]:
    """The articles' verdict table, every row recomputed now.

    Examples
    --------
    >>> rows = article_rows()
    >>> [(r.case, r.verdict) for r in rows[:4]]  # doctest: +NORMALIZE_WHITESPACE
    [('82% vs 78%, 100 questions', 'inside the noise'),
     ('82% vs 78%, 448 questions', 'inside the noise'),
     ('82% vs 78%, 1,000 questions', 'clears zero'),
     ('82% vs 78%, 2,000 questions', 'clears zero')]
    """
    return [
        _ROW_BUILDERS[kind](*args, confidence_level=confidence_level, source=source)
        for kind, args, source in ARTICLE_CASES
    ]


def verdict_records(rows: list[VerdictRow]) -> list[dict]:
    """Rows as plain records in points (for a table or a CSV), rounded to 4 decimals.

    Examples
    --------
    >>> verdict_records([unpaired_row(0.82, 0.78, 100)])[0]["low (points)"]
    -7.0734
    """
    out = []
    for row in rows:
        d = asdict(row)
        z = d["z"]
        out.append(
            {
                "case": d["case"],
                "verdict": d["verdict"],
                "lead (points)": round(d["lead"] * 100, 4),
                "low (points)": round(d["low"] * 100, 4),
                "high (points)": round(d["high"] * 100, 4),
                "SE (points)": round(d["se"] * 100, 4),
                "z": round(z, 4) if math.isfinite(z) else None,  # ±inf only at SE 0
                "p": round(d["p_value"], 4),
                "kind": d["kind"],
                "test": d["test"],
                "confidence": d["confidence_level"],
                "source": d["source"],
            }
        )
    return out


# --------------------------------------------------------------------------- formatting


def fmt_points(x: float, *, signed: bool = True, decimals: int = 1) -> str:
    """A lead (a proportion) in points: +6.1, −1.2, 0.0 (a true minus sign).

    Examples
    --------
    >>> fmt_points(0.0606), fmt_points(-0.0123), fmt_points(-0.0001), fmt_points(0.0348, signed=False)
    ('+6.1', '−1.2', '0.0', '3.5')
    """
    v = round(x * 100, decimals)
    if v == 0:
        return f"{0:.{decimals}f}"
    text = f"{abs(v):,.{decimals}f}"
    if v < 0:
        return MINUS + text
    return ("+" if signed else "") + text


def fmt_percent(x: float, *, decimals: int = 1) -> str:
    """A proportion as a percent: 70.9%, −12.0% (below chance after correction).

    Examples
    --------
    >>> fmt_percent(0.70906), fmt_percent(-0.12)
    ('70.9%', '−12.0%')
    """
    v = round(x * 100, decimals)
    text = f"{abs(v):,.{decimals}f}%"
    return MINUS + text if v < 0 else text


def fmt_p(p: float) -> str:
    """A p-value to three decimals, "< 0.001" below that.

    Examples
    --------
    >>> fmt_p(0.0235), fmt_p(0.00195), fmt_p(0.0004), fmt_p(1.0)
    ('0.024', '0.002', '< 0.001', '1.000')
    """
    return "< 0.001" if p < 0.0005 else f"{p:.3f}"


def p_is(p: float, name: str = "p") -> str:
    """ "p = 0.024", or "p < 0.001" when it is that small.

    Examples
    --------
    >>> p_is(0.0235), p_is(0.0001, "mid-p")
    ('p = 0.024', 'mid-p < 0.001')
    """
    text = fmt_p(p)
    return f"{name} {text}" if text.startswith("<") else f"{name} = {text}"


def fmt_chance(p: float) -> str:
    """A probability as a percent to two decimals; "less than 0.01%" below that.

    Examples
    --------
    >>> fmt_chance(0.5355091811), fmt_chance(3e-9), fmt_chance(0.0)
    ('53.55%', 'less than 0.01%', '0%')
    """
    if p == 0.0:
        return "0%"
    if p < 0.00005:
        return "less than 0.01%"
    return fmt_percent(p, decimals=2)


def fmt_count(x: float) -> str:
    """A count with thousands separators; one decimal when it is not whole.

    Examples
    --------
    >>> fmt_count(1566), fmt_count(118.8), fmt_count(34.000000001)
    ('1,566', '118.8', '34')
    """
    if abs(x - round(x)) < 1e-6:
        return f"{round(x):,}"
    return f"{x:,.1f}"


def _level(confidence_level: float) -> str:
    return f"{confidence_level * 100:g}%"


def report_score(k: int, n: int, *, method: str = "wilson", confidence_level: float = 0.95) -> str:
    """One score as a count and an interval.

    Examples
    --------
    >>> report_score(34, 40)
    '34 of 40, Wilson 95%: 70.9% to 92.9%'
    >>> report_score(34, 40, method="clopper-pearson")
    '34 of 40, Clopper–Pearson 95%: 70.2% to 94.3%'
    """
    (ci,) = score_intervals(k, n, confidence_level=confidence_level, methods=(method,))
    return (
        f"{fmt_count(k)} of {fmt_count(n)}, {ci.name} {_level(confidence_level)}: "
        f"{fmt_percent(ci.low)} to {fmt_percent(ci.high)}"
    )


def _interval(gap: GapResult) -> str:
    return (
        f"{_level(gap.confidence_level)} interval {fmt_points(gap.low)} to {fmt_points(gap.high)}"
    )


def report_unpaired(gap: GapResult, *, a: float, b: float, n: int, n_b: int | None = None) -> str:
    """Two scores on their own questions, graded.

    Examples
    --------
    >>> g = unpaired_gap(0.82, 0.78, 448)
    >>> report_unpaired(g, a=0.82, b=0.78, n=448)
    '82% vs 78% on 448 questions each: A − B = +4.0 points, 95% interval −1.2 to +9.2, z = 1.50, p = 0.134'
    """
    nb = n if n_b is None or n_b == n else n_b
    qs = f"{n:,} questions each" if nb == n else f"{n:,} and {nb:,} questions"
    return (
        f"{fmt_score(a)} vs {fmt_score(b)} on {qs}: A − B = {fmt_points(gap.lead)} points, "
        f"{_interval(gap)}, z = {fmt_z(gap.z)}, {p_is(gap.p_value)}"
    )


def fmt_z(x: float, decimals: int = 2) -> str:
    """A signed statistic with a true minus sign: −1.08, 2.27.

    Examples
    --------
    >>> fmt_z(-1.0807), fmt_z(2.268), fmt_z(-0.001), fmt_z(float("-inf"))
    ('−1.08', '2.27', '0.00', '−∞')
    """
    if math.isinf(x):
        return MINUS + "∞" if x < 0 else "∞"
    text = f"{abs(x):.{decimals}f}"
    return MINUS + text if round(x, decimals) < 0 else text


def report_reported_se(gap: GapResult, *, a: float, se_a: float, b: float, se_b: float) -> str:
    """Two scores printed with ± SE, graded.

    Examples
    --------
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> report_reported_se(g, a=0.9343, se_a=0.0124, b=0.9520, se_b=0.0107)
    '93.43% ± 1.24 vs 95.2% ± 1.07: A − B = −1.8 points, 95% interval −5.0 to +1.4, z = −1.08, p = 0.280'
    """
    return (
        f"{fmt_score(a)} ± {round(se_a * 100, 2):g} vs {fmt_score(b)} ± {round(se_b * 100, 2):g}: "
        f"A − B = {fmt_points(gap.lead)} points, {_interval(gap)}, "
        f"z = {fmt_z(gap.z)}, {p_is(gap.p_value)}"
    )


def report_paired(gap: GapResult, test: McNemarResult, *, n: int) -> str:
    """A paired comparison: the lead, its interval, McNemar's p and the discordant count.

    Examples
    --------
    >>> from benchstats.mcnemar import mcnemar
    >>> g = paired_gap(20, 8, 198)
    >>> report_paired(g, mcnemar(20, 8), n=198)  # doctest: +ELLIPSIS
    'A − B = +6.1 points, 95% interval +... to +... (Tango), McNemar mid-p = 0.024, 28 of 198 questions discordant'
    """
    key = gap.method.removeprefix("paired-")
    name = PAIRED_INTERVAL_NAMES.get(key, key)
    test_name = "mid-p" if test.method == "mid-p" else f"{MCNEMAR_NAMES[test.method].lower()} p"
    return (
        f"A − B = {fmt_points(gap.lead)} points, {_interval(gap)} ({name}), "
        f"McNemar {p_is(test.p_value, test_name)}, "
        f"{fmt_count(test.b + test.c)} of {fmt_count(n)} questions discordant"
    )


# --------------------------------------------------------------------------- sentences


def verdict_sentence(gap: GapResult, *, questions: str | None = None) -> str:
    """The verdict in one plain sentence, verdict first.

    ``questions`` names what was measured ("these 448 questions"); without it
    the sentence speaks of "these numbers".

    Examples
    --------
    >>> verdict_sentence(unpaired_gap(0.82, 0.78, 448), questions="these 448 questions")
    'Inside the noise: the 95% range for the true lead, −1.2 to +9.2 points, includes zero, so these 448 questions cannot tell the two models apart.'
    >>> verdict_sentence(unpaired_gap(0.78, 0.82, 2000))
    "B's lead clears the noise: the 95% range for the true lead, −6.5 to −1.5 points, stays below zero."
    """
    level = _level(gap.confidence_level)
    span = f"the {level} range for the true lead, {fmt_points(gap.low)} to {fmt_points(gap.high)} points"
    if gap.clears:
        leader, side = ("A", "above") if gap.lead > 0 else ("B", "below")
        return f"{leader}'s lead clears the noise: {span}, stays {side} zero."
    what = questions or "these numbers"
    if gap.lead == 0:
        return f"No lead, and {span}: {what} cannot tell the two models apart."
    return f"Inside the noise: {span}, includes zero, so {what} cannot tell the two models apart."


def _num(x: float, decimals: int = 4) -> str:
    return f"{x:.{decimals}f}"


def arithmetic_unpaired(
    gap: GapResult, *, a: float, b: float, n: int, n_b: int | None = None
) -> list[str]:
    """The unpaired arithmetic with the reader's numbers, one Markdown line each.

    Examples
    --------
    >>> lines = arithmetic_unpaired(unpaired_gap(0.82, 0.78, 100), a=0.82, b=0.78, n=100)
    >>> lines[1]
    'SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √(0.8200 × 0.1800 / 100 + 0.7800 × 0.2200 / 100) = 0.0565, that is 5.65 points.'
    >>> arithmetic_unpaired(unpaired_gap(1.0, 0.05, 20), a=1.0, b=0.05, n=20)[2]
    '95% range = lead ± z × SE = +95.0 ± 1.960 × 4.87 = +85.4 to +100.0 points, cut at ±100 points, the largest lead there can be.'
    """
    nb = n if n_b is None else n_b
    z = critical_value(gap.confidence_level)
    half = z * gap.se
    cut = gap.low > gap.lead - half + 1e-12 or gap.high < gap.lead + half - 1e-12
    return [
        f"Lead = a − b = {_num(a)} − {_num(b)} = {_num(gap.lead)}, that is {fmt_points(gap.lead)} points.",
        f"SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √({_num(a)} × {_num(1 - a)} / {n:,} + "
        f"{_num(b)} × {_num(1 - b)} / {nb:,}) = {_num(gap.se)}, that is {gap.se * 100:.2f} points.",
        f"{_level(gap.confidence_level)} range = lead ± z × SE = {fmt_points(gap.lead)} ± "
        f"{z:.3f} × {gap.se * 100:.2f} = {fmt_points(gap.low)} to {fmt_points(gap.high)} points"
        + (", cut at ±100 points, the largest lead there can be." if cut else "."),
        f"z = lead / SE = {fmt_z(gap.z)}; two-sided p = {p_is(gap.p_value, '2 × (1 − Φ(|z|))')}.",
    ]


def arithmetic_reported_se(gap: GapResult, *, se_a: float, se_b: float) -> list[str]:
    """The arithmetic from two printed standard errors.

    Examples
    --------
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> arithmetic_reported_se(g, se_a=0.0124, se_b=0.0107)[:2]  # doctest: +NORMALIZE_WHITESPACE
    ['Lead = a − b = −1.77 points.',
     'SE of the gap = √(se_a² + se_b²) = √(1.24² + 1.07²) = 1.64 points.']
    """
    z = critical_value(gap.confidence_level)
    return [
        f"Lead = a − b = {fmt_points(gap.lead, decimals=2)} points.",
        f"SE of the gap = √(se_a² + se_b²) = √({se_a * 100:.2f}² + {se_b * 100:.2f}²) = "
        f"{gap.se * 100:.2f} points.",
        f"z = lead / SE = {fmt_points(gap.lead)} / {gap.se * 100:.2f} = {fmt_z(gap.z)}; "
        f"two-sided {p_is(gap.p_value)}.",
        f"{_level(gap.confidence_level)} range = lead ± {z:.3f} × SE = {fmt_points(gap.low)} to "
        f"{fmt_points(gap.high)} points.",
    ]


def arithmetic_paired(gap: GapResult, counts: PairedCounts) -> list[str]:
    """The paired arithmetic: lead from the disagreements, McNemar's z, Wald's SE.

    Examples
    --------
    >>> lines = arithmetic_paired(paired_gap(20, 8, 198), paired_counts(20, 8, 198))
    >>> lines[0]
    'Lead = (a_only − b_only)/n = (20 − 8)/198 = 0.0606, that is +6.1 points.'
    >>> lines[1]
    'SE if the models were equally good = √(a_only + b_only)/n = √28/198 = 2.67 points; McNemar z = (20 − 8)/√28 = 2.27.'
    """
    b, c, n = counts.a_only, counts.b_only, counts.n
    return [
        f"Lead = (a_only − b_only)/n = ({b} − {c})/{n:,} = {_num(counts.lead)}, "
        f"that is {fmt_points(counts.lead)} points.",
        f"SE if the models were equally good = √(a_only + b_only)/n = √{b + c}/{n:,} = "
        f"{counts.null_se * 100:.2f} points; McNemar z = ({b} − {c})/√{b + c} = {fmt_z(counts.z)}.",
        f"Wald SE of the lead = √(a_only + b_only − (a_only − b_only)²/n)/n = "
        f"√({b + c} − {(b - c) ** 2}/{n:,})/{n:,} = {gap.se * 100:.2f} points.",
        f"Only the {b + c:,} questions on which the models disagree enter any of this; "
        f"the other {n - b - c:,} cancel out.",
    ]
