"""The mix chart's long table is the one ``DataFrame.melt`` gave, built without melt.

A bootstrap seed edit draws the benchmark chart, and melt cost several
milliseconds of it; the table (rows, order, values, dtypes) must not change.
"""

from __future__ import annotations

import pandas as pd
import pytest

from benchstats.charts.passk import ESTIMATE, SHORTCUT, _mix_lines, chart_datasets, mix_frame
from benchstats.passk_mix import (
    MIX_PRESETS,
    bootstrap_mix_pass_at_k,
    get_mix,
    k_grid,
    mix_pass_at_k,
)


def melted(df: pd.DataFrame) -> pd.DataFrame:
    """The long table as it was built before: melt, then the curves' names."""
    long = df.melt(id_vars=["k", "low", "high"], value_vars=["estimate", "shortcut"],
                   var_name="curve", value_name="value")  # fmt: skip
    long["curve"] = long["curve"].map({"estimate": ESTIMATE, "shortcut": SHORTCUT})
    return long


@pytest.mark.parametrize("key", list(MIX_PRESETS))
@pytest.mark.parametrize("seed", [0, 1, 77])
def test_lines_are_the_melted_table(key, seed):
    p = get_mix(key).problems
    ks = k_grid(50)
    df = mix_frame(mix_pass_at_k(p, ks), bootstrap_mix_pass_at_k(p, ks, seed=seed))
    pd.testing.assert_frame_equal(_mix_lines(df), melted(df), check_exact=True)
    assert chart_datasets("mix", df)["lines"].equals(melted(df))


def test_one_k_and_the_curve_names():
    df = pd.DataFrame({"k": [1], "estimate": [0.3], "low": [0.2], "high": [0.4], "shortcut": [0.5]})
    lines = _mix_lines(df)
    pd.testing.assert_frame_equal(lines, melted(df), check_exact=True)
    assert lines["curve"].tolist() == [ESTIMATE, SHORTCUT]
    assert lines["value"].tolist() == [0.3, 0.5]
