"""Per-question eval results: read the files harnesses write, pair two models.

Four layouts are read, all from bytes (or a path); nothing is written to disk:

- a **wide CSV**: ``question_id``, one column of scores per model, optional
  ``cluster``; a **long CSV**: ``question_id``, ``model``, ``score``,
  optional ``cluster`` and ``run`` (:mod:`benchstats.items.csv_files`);
- **lm-evaluation-harness** ``--log_samples`` files: JSONL, one model's run
  each, paired on (``doc_id``, ``filter``) (:mod:`benchstats.items.lm_eval`);
- **inspect** logs, one model's run each, paired on the sample id
  (:mod:`benchstats.items.inspect_logs`).

Every reader returns :class:`Items`; its ``table`` is one tidy frame with
``question_id``, ``model``, ``run``, ``score`` (a proportion in [0, 1]) and
``cluster``. :func:`load_files` reads an upload (:mod:`benchstats.items.runs`),
:func:`combine_runs` puts harness runs side by side (:mod:`benchstats.items.combine`),
:func:`pair_items` lines two models up question by question
(:func:`align_items`, several)
(:mod:`benchstats.items.pairing`) and :func:`benchstats.clustered.grade_pair`
grades the pair.

A file that cannot be read raises ``ValueError`` whose message names what
was expected and what was found, in words a reader can act on.
"""

from benchstats.items._base import MAX_BYTES, MAX_ROWS, Items, RunLog
from benchstats.items.combine import EACH_EPOCH, combine_runs
from benchstats.items.csv_files import read_items
from benchstats.items.pairing import AlignedItems, PairedItems, align_items, pair_items
from benchstats.items.runs import (
    ResultsNotSamples,
    combine_read,
    is_run_file,
    load_files,
    read_run,
)

__all__ = [
    "EACH_EPOCH",
    "AlignedItems",
    "MAX_BYTES",
    "MAX_ROWS",
    "Items",
    "PairedItems",
    "ResultsNotSamples",
    "RunLog",
    "align_items",
    "combine_read",
    "combine_runs",
    "is_run_file",
    "load_files",
    "pair_items",
    "read_items",
    "read_run",
]
