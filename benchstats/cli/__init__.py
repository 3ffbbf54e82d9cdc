"""``leadorluck``: Lead or Luck on the command line, for a terminal and for CI.

``compare`` grades per-question files as the Gap grader's upload does
(:mod:`~benchstats.cli.files`, :mod:`~benchstats.cli.compare`,
:mod:`~benchstats.cli.render`); ``check``, ``plan`` and ``claim`` answer as
Check a claim and Questions needed do (:mod:`~benchstats.cli.answers`). The
arguments and exit codes live in :mod:`~benchstats.cli.app`; docs/cli.md
documents every option, exit code and JSON key.
"""

from benchstats.cli.app import main

__all__ = ["main"]
