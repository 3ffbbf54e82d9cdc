"""``leadorluck``: Lead or Luck on the command line, for a terminal and for CI.

Four commands, each the site's own numbers and words:

- ``leadorluck compare BASELINE CANDIDATE [MORE ...]``: per-question files
  (CSV wide or long, lm-eval ``samples_*.jsonl``, inspect ``.eval`` or JSON
  logs) paired by question id as the Gap grader's upload pairs them; each
  candidate graded against the baseline, with a gate for CI
  (:mod:`benchstats.cli.files`, :mod:`benchstats.cli.compare`,
  :mod:`benchstats.cli.render`);
- ``leadorluck check A B --n N``, ``leadorluck plan --p P --lead D`` and
  ``leadorluck claim "sentence"``: Check a claim and Questions needed
  (:mod:`benchstats.cli.answers`).

The arguments and exit codes live in :mod:`benchstats.cli.app`; docs/cli.md
documents every option, exit code and JSON key. ``python -m benchstats``
runs the same command.
"""

from benchstats.cli.app import main

__all__ = ["main"]
