"""ui.downloads: charts and tables may be builders, resolved only on click."""

from __future__ import annotations

from functools import partial

import altair as alt
import pandas as pd

from benchstats.charts import to_png, to_svg
from ui.downloads import resolve


def _chart(df: pd.DataFrame) -> alt.Chart:
    return alt.Chart(df).mark_bar().encode(x=alt.X("x:Q").title("x (points)"), y="y:Q")


def test_a_builder_gives_the_same_pictures_as_the_chart() -> None:
    df = pd.DataFrame({"x": [1, 2, 3], "y": [3, 1, 2]})
    built = resolve(partial(_chart, df))
    assert isinstance(built, alt.Chart)
    assert to_svg(built) == to_svg(_chart(df))
    assert to_png(built).startswith(b"\x89PNG")


def test_charts_and_tables_pass_through_and_builders_are_called() -> None:
    df = pd.DataFrame({"x": [1]})
    chart = _chart(df)
    assert resolve(chart) is chart
    assert resolve(df) is df
    assert resolve(partial(pd.DataFrame, {"x": [2]})).equals(pd.DataFrame({"x": [2]}))
