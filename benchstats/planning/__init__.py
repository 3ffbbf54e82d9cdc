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

from benchstats.planning import designs, levels, plan, tables
from benchstats.planning.designs import *  # noqa: F403
from benchstats.planning.levels import *  # noqa: F403
from benchstats.planning.plan import *  # noqa: F403
from benchstats.planning.tables import *  # noqa: F403

__all__ = [*designs.__all__, *levels.__all__, *plan.__all__, *tables.__all__]
