"""One score: its SE, every method's interval for the same count, and chance correction."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from benchstats import _validate
from benchstats.gaps import GapResult
from benchstats.intervals import METHODS, chance_corrected, critical_value, proportion_ci
from benchstats.language import N_, _
from benchstats.luck import nearest_count

INTERVAL_NAMES = {
    "wilson": "Wilson",
    "clopper-pearson": "Clopper–Pearson",
    "jeffreys": "Jeffreys",
    "bayes": N_("Bayes (uniform prior)"),
    "agresti-coull": "Agresti–Coull",
    "wald": "Wald",
}


def interval_name(method: str) -> str:
    """An interval's name in the run's language ("Bayes (uniform prior)"; the rest are names)."""
    return _(INTERVAL_NAMES[method])


@dataclass(frozen=True)
class ScoreSummary:
    """One score as typed, on n questions.

    ``count`` = score·n need not be whole when the score was rounded;
    ``whole_count`` is the nearest whole count (what the intervals use);
    ``se`` = √(p(1−p)/n); ``low``/``high`` = score ∓ z·se.
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
    """The SE of one score and its normal range p ± z·se, the article's arithmetic.

    Examples
    --------
    >>> s = score_summary(0.60, 198)
    >>> round(s.se * 100, 2), round(s.low * 100, 1), round(s.high * 100, 1), s.whole_count
    (3.48, 53.2, 66.8, 119)
    """
    p = _validate.proportion("score", score)
    n = _validate.count("n", n, minimum=1, what="questions")
    z = critical_value(confidence_level)
    se = math.sqrt(p * (1 - p) / n)
    count = p * n
    whole = nearest_count(p, n)
    return ScoreSummary(p, n, count, whole, se, p - z * se, p + z * se, confidence_level)


@dataclass(frozen=True)
class ScoreInterval:
    """One method's interval for k right out of n (``name`` for people).

    ``zero_width`` when it is a single point (Wald at k = 0 or k = n);
    ``leaves_range`` when it reaches below 0 or above 1.
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
    """
    out = []
    for method in methods:
        ci = proportion_ci(k, n, confidence_level=confidence_level, method=method)
        low, high = float(ci.low), float(ci.high)
        name, leaves = INTERVAL_NAMES[method], low < 0.0 or high > 1.0
        width = high - low
        out.append(
            ScoreInterval(
                method, name, int(k), int(n), k / n, low, high, width, width <= 0.0, leaves
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class ChanceView:
    """Both scores, the lead and their SEs with guessing taken out.

    ``floor`` g = 1/options; ``factor`` 1/(1 − g), by which every distance and
    SE stretches. The lead's z is unchanged: correction buys no precision.
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
    """
    a, b = _validate.scores(a, b)
    options = _validate.count("options", options, minimum=2, what="answer options")
    se_a = _validate.nonnegative("se_a", se_a)
    se_b = _validate.nonnegative("se_b", se_b)
    se_lead = _validate.nonnegative("se_lead", se_lead)
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
    >>> from benchstats import unpaired_gap
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
