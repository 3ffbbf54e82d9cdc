"""The mix chart sends one wide table; folded in the browser it gives the long table melt gave.

A bootstrap seed edit draws the benchmark chart, and every cell it sends
costs the page time to unpack, so the lines are folded from the wide table
in the browser (``transform_fold``) instead of sent as a long table. The rows
they fold into (k, curve, value, in melt's order) must be the ones the long
table held.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from benchstats.charts.passk import ESTIMATE, SHORTCUT, chart_datasets, chart_spec, mix_frame
from benchstats.passk_mix import (
    MIX_PRESETS,
    bootstrap_mix_pass_at_k,
    get_mix,
    k_grid,
    mix_pass_at_k,
)


def melted(df: pd.DataFrame) -> pd.DataFrame:
    """The long table as it was built before: melt, then the curves' names."""
    long = df.melt(id_vars=["k"], value_vars=["estimate", "shortcut"],
                   var_name="curve", value_name="value")  # fmt: skip
    long["curve"] = long["curve"].map({"estimate": ESTIMATE, "shortcut": SHORTCUT})
    return long


def folded(wide: pd.DataFrame) -> pd.DataFrame:
    """What the lines layer's fold makes of the wide table (its fields, in melt's order)."""
    (fold,) = next(layer for layer in chart_spec("mix")["layer"] if "transform" in layer)[
        "transform"
    ]
    names, (key, value) = fold["fold"], fold["as"]
    parts = [pd.DataFrame({"k": wide["k"], key: name, value: wide[name]}) for name in names]
    return pd.concat(parts, ignore_index=True)


@pytest.mark.parametrize("key", list(MIX_PRESETS))
@pytest.mark.parametrize("seed", [0, 1, 77])
def test_the_folded_lines_are_the_melted_table(key, seed):
    p = get_mix(key).problems
    ks = k_grid(50)
    df = mix_frame(mix_pass_at_k(p, ks), bootstrap_mix_pass_at_k(p, ks, seed=seed))
    (wide,) = chart_datasets("mix", df).values()
    pd.testing.assert_frame_equal(folded(wide), melted(df), check_exact=True)
    np.testing.assert_array_equal(wide["low"], df["low"])
    np.testing.assert_array_equal(wide["high"], df["high"])


def test_one_k_and_the_curve_names():
    df = pd.DataFrame({"k": [1], "estimate": [0.3], "low": [0.2], "high": [0.4], "shortcut": [0.5]})
    (wide,) = chart_datasets("mix", df).values()
    assert wide.columns.tolist() == ["k", "low", "high", ESTIMATE, SHORTCUT]  # five cells a k
    lines = folded(wide)
    assert lines["curve"].tolist() == [ESTIMATE, SHORTCUT]
    assert lines["value"].tolist() == [0.3, 0.5]
