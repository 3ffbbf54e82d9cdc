"""Planning a benchmark: what the power formulas of :mod:`benchstats.power` need around them.

The core answers "how many questions for this lead" and "which lead for this
many questions". Planning a real eval asks a few more things, one module each:

- :mod:`~benchstats.planning.levels`: scores around a level p, the room p
  leaves for a lead, one- or two-sided tests, the chance to detect a lead,
  the disagreement two scores allow, the steps of the basic formula;
- :mod:`~benchstats.planning.designs`: clustered questions (design effect)
  and repeated answers per question (Miller 2024), with their cost;
- :mod:`~benchstats.planning.tables`: the articles' tables and the curves,
  as records;
- :mod:`~benchstats.planning.plan`: one reader's plan (a lead near p at a
  significance and power) and what follows from it at n questions, as
  result objects the Questions needed page and its sentences read.

Every public name is importable from ``benchstats.planning``.
"""

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
    SIDES,
    UnpairedArithmetic,
    detection_power,
    discordance_bounds,
    largest_lead_near,
    lead_room,
    scores_near,
    two_sided_alpha,
    unpaired_arithmetic,
    z_sum_sided,
)
from benchstats.planning.plan import (
    ClusterPlan,
    LeadPlan,
    PairedPlan,
    Reach,
    RepeatsPlan,
    cluster_plan,
    first_seeing,
    first_to_see,
    needed_at,
    paired_plan,
    plan_lead,
    reach,
    repeats_plan,
)
from benchstats.planning.tables import (
    MDE_TABLE_LEVELS,
    MDE_TABLE_QUESTIONS,
    PAIRED_TABLE_QUESTIONS,
    REPEATS_EXAMPLE,
    REPEATS_TABLE_K,
    benchmark_reach,
    mde_curve,
    mde_table,
    paired_vs_unpaired_table,
    questions_needed_examples,
    repeats_table,
    variance_curve,
)

__all__ = [
    "MDE_TABLE_LEVELS",
    "MDE_TABLE_QUESTIONS",
    "PAIRED_TABLE_QUESTIONS",
    "REPEATS_EXAMPLE",
    "REPEATS_TABLE_K",
    "SIDES",
    "ClusterPlan",
    "LeadPlan",
    "PairedPlan",
    "Reach",
    "RepeatsPlan",
    "cluster_plan",
    "first_seeing",
    "first_to_see",
    "needed_at",
    "paired_plan",
    "plan_lead",
    "reach",
    "repeats_plan",
    "UnpairedArithmetic",
    "benchmark_reach",
    "design_effect",
    "detection_power",
    "discordance_bounds",
    "effective_questions",
    "largest_lead_near",
    "lead_room",
    "mde_curve",
    "mde_table",
    "minimum_detectable_effect_clustered",
    "model_calls",
    "paired_vs_unpaired_table",
    "questions_needed_clustered",
    "questions_needed_examples",
    "questions_needed_repeats",
    "repeats_floor",
    "repeats_table",
    "scores_near",
    "single_answer_questions",
    "two_sided_alpha",
    "unpaired_arithmetic",
    "variance_curve",
    "z_sum_sided",
]
