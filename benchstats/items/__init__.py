"""Per-question eval results: read the files harnesses write, line models up.

Readers take bytes or a path and return :class:`Items` (``table``: one row
per answer with ``question_id``, ``model``, ``run``, ``score`` in [0, 1] and
``cluster``): :func:`read_items` for wide and long CSVs, :func:`read_run`
and :func:`combine_runs` for lm-evaluation-harness ``--log_samples`` files
and inspect logs, :func:`load_files` for an upload. :func:`pair_items` and
:func:`align_items` line models up question by question. A file that cannot
be read raises ``ValueError`` naming what was expected and what was found.
"""

from benchstats.items._base import (
    MAX_BYTES,
    MAX_ENTRY,
    MAX_ROWS,
    MAX_UNZIPPED,
    Items,
    RunLog,
    file_stem,
)
from benchstats.items.combine import EACH_EPOCH, combine_runs
from benchstats.items.csv_files import read_items
from benchstats.items.pairing import AlignedItems, PairedItems, align_items, pair_items
from benchstats.items.runs import ResultsNotSamples, combine_read, is_run_file, load_files, read_run

__all__ = [
    "EACH_EPOCH",
    "AlignedItems",
    "MAX_BYTES",
    "MAX_ENTRY",
    "MAX_ROWS",
    "MAX_UNZIPPED",
    "Items",
    "PairedItems",
    "ResultsNotSamples",
    "RunLog",
    "align_items",
    "combine_read",
    "combine_runs",
    "file_stem",
    "is_run_file",
    "load_files",
    "pair_items",
    "read_items",
    "read_run",
]
