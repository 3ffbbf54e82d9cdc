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


def test_a_captioned_chart_carries_its_claim_verdict_and_link():
    """A downloaded picture stands on its own: claim, verdict, permalink; the CSV its inputs."""
    import altair as alt
    import pandas as pd

    from benchstats.charts import Caption, captioned, captioned_csv, style, to_svg

    rows = pd.DataFrame({"x": [1, 2], "y": [3, 4]})
    base = alt.Chart(rows).mark_point().encode(x="x:Q", y="y:Q")
    caption = Caption(
        "Model X 87.3% vs Model Y 85.1% on GPQA Diamond (198 questions)",
        "Inside the noise",
        "http://localhost/?a=87.3&b=85.1",
        (("a", "87.3"), ("bench", "gpqa-diamond")),
    )
    for chart in (style(base), style(base + base)):  # a styled chart and a styled layer
        svg = to_svg(captioned(chart, caption))
        assert "Model X 87.3% vs Model Y 85.1%" in svg
        assert "Inside the noise" in svg
        assert "Source: http://localhost/?a=87.3&amp;b=85.1" in svg
    csv = captioned_csv(rows, caption).decode()
    assert csv.splitlines()[:5] == [
        "# claim: Model X 87.3% vs Model Y 85.1% on GPQA Diamond (198 questions)",
        "# verdict: Inside the noise",
        "# source: http://localhost/?a=87.3&b=85.1",
        "# a: 87.3",
        "# bench: gpqa-diamond",
    ]
    assert csv.splitlines()[5] == "x,y"
