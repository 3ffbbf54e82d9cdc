"""Old home of the grading pieces, kept only while pages move to the new modules.

Each name now lives in the module of its concept: :mod:`benchstats.overlap`,
:mod:`benchstats.scores`, :mod:`benchstats.paired`,
:mod:`benchstats.verdict_table`, :mod:`benchstats.prose.gaps`,
:func:`benchstats.power.detectable_lead`, :func:`benchstats.gaps.clearing_lead`,
:func:`benchstats.luck.equal_models_luck`; numbers in words are
:mod:`benchstats.words`. Nothing new goes here.
"""

from benchstats.gaps import PAIRED_INTERVAL_NAMES, clearing_lead
from benchstats.luck import EqualModelsLuck, equal_models_luck
from benchstats.mcnemar import MCNEMAR_NAMES
from benchstats.overlap import OverlapRule, bars_overlap, overlap_rule
from benchstats.paired import PairedCounts, paired_counts, paired_score_b, paired_score_range
from benchstats.power import detectable_lead
from benchstats.prose.gaps import (
    arithmetic_paired,
    arithmetic_reported_se,
    arithmetic_unpaired,
    report_paired,
    report_reported_se,
    report_score,
    report_unpaired,
    verdict_sentence,
)
from benchstats.scores import (
    INTERVAL_NAMES,
    ChanceView,
    ScoreInterval,
    ScoreSummary,
    chance_corrected_gap,
    chance_view,
    score_intervals,
    score_summary,
)
from benchstats.verdict_table import (
    ARTICLE_CASES,
    VerdictRow,
    article_rows,
    paired_row,
    reported_se_row,
    unpaired_row,
    verdict_records,
)
from benchstats.words import chance as fmt_chance
from benchstats.words import count as fmt_count
from benchstats.words import p_is
from benchstats.words import p_value as fmt_p
from benchstats.words import percent as fmt_percent
from benchstats.words import points as fmt_points
from benchstats.words import score as fmt_score
from benchstats.words import z as fmt_z

__all__ = [
    "ARTICLE_CASES", "INTERVAL_NAMES", "MCNEMAR_NAMES", "PAIRED_INTERVAL_NAMES", "ChanceView",
    "EqualModelsLuck", "OverlapRule", "PairedCounts", "ScoreInterval", "ScoreSummary",
    "VerdictRow", "article_rows", "arithmetic_paired", "arithmetic_reported_se",
    "arithmetic_unpaired", "bars_overlap", "chance_corrected_gap", "chance_view",
    "clearing_lead", "detectable_lead", "equal_models_luck", "fmt_chance", "fmt_count",
    "fmt_p", "fmt_percent", "fmt_points", "fmt_score", "fmt_z", "overlap_rule", "p_is",
    "paired_counts", "paired_row", "paired_score_b", "paired_score_range", "report_paired",
    "report_reported_se", "report_score", "report_unpaired", "reported_se_row",
    "score_intervals", "score_summary", "unpaired_row", "verdict_records", "verdict_sentence",
]  # fmt: skip
