"""One reader's plan and what follows from it, as result objects.

The Questions needed page asks: a lead ``d`` near a level ``p``, at a
significance and power, one- or two-sided. :func:`plan_lead` answers with
a :class:`LeadPlan` (the two scores, the questions needed and every step of
the formula); the other builders say what follows at the reader's own
numbers (n questions, a disagreement rate, K answers per question, clusters).
Each takes only what the reader gave: nothing here invents an n.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from benchstats import _validate as check
from benchstats.planning.designs import (
    design_effect,
    effective_questions,
    minimum_detectable_effect_clustered,
    model_calls,
    questions_needed_clustered,
    questions_needed_repeats,
    repeats_floor,
    single_answer_questions,
)
from benchstats.planning.levels import (
    UnpairedArithmetic,
    detection_power,
    discordance_bounds,
    scores_near,
    two_sided_alpha,
    unpaired_arithmetic,
)
from benchstats.power import (
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    questions_needed,
    questions_needed_paired,
)

__all__ = [
    "ClusterPlan",
    "LeadPlan",
    "PairedPlan",
    "Reach",
    "RepeatsPlan",
    "cluster_plan",
    "first_seeing",
    "needed_at",
    "paired_plan",
    "plan_lead",
    "reach",
    "repeats_plan",
]

_DUST = 1e-12  # 0.82 − 0.78 is 0.03999…: a typed rate at the bound is at the bound


@dataclass(frozen=True)
class LeadPlan:
    """A lead near a level and the questions it needs (unpaired, one answer each).

    ``alpha`` is the level as given, ``alpha2`` its two-sided equivalent that
    every formula takes.
    """

    p: float
    lead: float
    a: float
    b: float
    alpha: float
    power: float
    sides: int
    alpha2: float
    work: UnpairedArithmetic

    @property
    def needed(self) -> int:
        """Questions each model must answer to detect the lead."""
        return self.work.questions


def plan_lead(
    p: float, lead: float, *, alpha: float = 0.05, power: float = 0.8, sides: int = 2
) -> LeadPlan:
    """The plan for a lead near p (both scores p ± lead/2 strictly inside 0 and 1).

    Examples
    --------
    >>> plan_lead(0.8, 0.04).needed
    1566
    >>> plan_lead(0.98, 0.1)
    Traceback (most recent call last):
    ...
    ValueError: a lead of 0.1 around p = 0.98 puts the leader at 1.03, above 1: near 0.98 the lead must be below 2·min(p, 1 − p) = 0.04
    """
    alpha2 = two_sided_alpha(alpha, sides=sides)
    a, b = scores_near(p, lead)
    work = unpaired_arithmetic(a, b, alpha=alpha2, power=power)
    return LeadPlan(p, lead, a, b, alpha, power, sides, alpha2, work)


def needed_at(plan: LeadPlan, level: float) -> int | None:
    """Questions the plan's lead needs near another level; None when it does not fit there.

    Examples
    --------
    >>> plan = plan_lead(0.8, 0.04)
    >>> needed_at(plan, 0.5), needed_at(plan_lead(0.5, 0.2), 0.95)
    (2449, None)
    """
    try:
        a, b = scores_near(level, plan.lead)
    except ValueError:
        return None
    return questions_needed(a, b, alpha=plan.alpha2, power=plan.power)


def first_seeing(rows: Sequence[dict], lead: float) -> dict | None:
    """The first of :func:`benchmark_reach` rows (smallest first) that can see ``lead``, or None.

    Examples
    --------
    >>> first_seeing([{"name": "S", "mde": 0.1}, {"name": "L", "mde": 0.03}], 0.04)["name"]
    'L'
    """
    return next((row for row in rows if row["mde"] <= lead), None)


@dataclass(frozen=True)
class Reach:
    """What n questions can see: the smallest detectable lead near p, the chance to see the plan's."""

    n: int
    mde: float
    chance: float
    sees: bool  # n ≥ the questions the plan needs (the same test as the plan)


def reach(plan: LeadPlan, n: int) -> Reach:
    """The plan seen from a benchmark of n questions.

    Examples
    --------
    >>> r = reach(plan_lead(0.8, 0.04), 198)
    >>> round(100 * r.mde, 1), round(r.chance, 3), r.sees
    (11.3, 0.168, False)
    """
    mde = float(minimum_detectable_effect(n, p=plan.p, alpha=plan.alpha2, power=plan.power))
    chance = detection_power(n, plan.a, plan.b, alpha=plan.alpha2)
    return Reach(int(n), mde, chance, int(n) >= plan.needed)


@dataclass(frozen=True)
class PairedPlan:
    """The same questions for both models, disagreeing on a share of them."""

    discordance: float
    questions: int
    mde: float | None  # at the reader's n, when given


def paired_plan(plan: LeadPlan, discordance: float, n: int | None = None) -> PairedPlan:
    """Paired planning at a disagreement rate the two scores allow (:func:`discordance_bounds`).

    Examples
    --------
    >>> paired_plan(plan_lead(0.8, 0.04), 0.2).questions
    982
    >>> paired_plan(plan_lead(0.8, 0.04), 0.6)
    Traceback (most recent call last):
    ...
    ValueError: discordance must be from 0.04 to 0.4 for scores 0.82 and 0.78, got 0.6
    """
    rate = check.proportion("discordance", discordance)
    low, high = discordance_bounds(plan.a, plan.b)
    if not low - _DUST <= rate <= high + _DUST:
        msg = (
            f"discordance must be from {low:.4g} to {high:.4g} for scores {plan.a:.4g} and "
            f"{plan.b:.4g}, got {rate!r}"
        )
        raise ValueError(msg)
    test = {"alpha": plan.alpha2, "power": plan.power}
    questions = questions_needed_paired(plan.lead, rate, **test)
    mde = None if n is None else float(minimum_detectable_effect(n, discordance=rate, **test))
    return PairedPlan(rate, questions, mde)


@dataclass(frozen=True)
class RepeatsPlan:
    """K answers per question from each model (Miller 2024)."""

    k: int
    omega2: float
    sigma2_a: float
    sigma2_b: float
    questions: int  # questions the plan's lead needs with K answers each
    n: int | None = None
    at_1: float | None = None  # smallest detectable lead on n questions, K = 1
    at_10: float | None = None
    at_k: float | None = None
    floor: float | None = None  # K → ∞
    once: int | None = None  # questions answered once that are as precise
    calls: int | None = None  # model calls for n × K × 2
    calls_once: int | None = None


def repeats_plan(
    plan: LeadPlan, k: int, variances: tuple[float, float, float], *, n: int | None = None
) -> RepeatsPlan:
    """Repeated answers: questions needed with K each, and at n the leads K buys.

    ``variances`` is (ω², σ²_A, σ²_B); they may not all be 0 (no noise to beat).

    Examples
    --------
    >>> r = repeats_plan(plan_lead(0.8, 0.04), 10, (1/9, 1/6, 1/6), n=198)
    >>> [round(100 * x, 1) for x in (r.at_1, r.at_10, r.floor)], r.calls, r.once
    ([13.3, 7.6, 6.6], 3960, 610)
    """
    omega2, s_a, s_b = variances
    kw = {"omega2": omega2, "sigma2_a": s_a, "sigma2_b": s_b}
    test = {"alpha": plan.alpha2, "power": plan.power}
    questions = questions_needed_repeats(plan.lead, k_a=k, k_b=k, **kw, **test)
    if n is None:
        return RepeatsPlan(k, omega2, s_a, s_b, questions)

    def lead_at(kk: float) -> float:
        return float(minimum_detectable_effect_repeats(n, k_a=kk, k_b=kk, **kw, **test))

    once = single_answer_questions(n, k_a=k, k_b=k, **kw)
    return RepeatsPlan(
        k, omega2, s_a, s_b, questions, n,
        at_1=lead_at(1), at_10=lead_at(10), at_k=lead_at(k),
        floor=repeats_floor(n, omega2=omega2, **test),
        once=once, calls=model_calls(n, k), calls_once=model_calls(once, 1),
    )  # fmt: skip


@dataclass(frozen=True)
class ClusterPlan:
    """Questions in clusters of m with correlation ρ within a cluster."""

    m: float
    icc: float
    deff: float
    questions: int  # questions the plan's lead needs in such clusters
    n: int | None = None
    effective: float | None = None  # n / deff
    mde: float | None = None  # at n

    @property
    def se_factor(self) -> float:
        """How much the standard error grows: √(design effect)."""
        return math.sqrt(self.deff)


def cluster_plan(plan: LeadPlan, m: float, icc: float, *, n: int | None = None) -> ClusterPlan:
    """Clusters: the design effect, the questions the lead needs, and at n their worth.

    Examples
    --------
    >>> c = cluster_plan(plan_lead(0.8, 0.04), 10, 0.1, n=2500)
    >>> round(c.deff, 2), c.questions, round(c.effective, 1)
    (1.9, 2976, 1315.8)
    """
    test = {"alpha": plan.alpha2, "power": plan.power}
    deff = design_effect(m, icc)
    questions = questions_needed_clustered(plan.a, plan.b, m=m, icc=icc, **test)
    if n is None:
        return ClusterPlan(m, icc, deff, questions)
    return ClusterPlan(
        m, icc, deff, questions, n,
        effective=effective_questions(n, m, icc),
        mde=minimum_detectable_effect_clustered(n, p=plan.p, m=m, icc=icc, **test),
    )  # fmt: skip
