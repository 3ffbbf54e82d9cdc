"""A chart's data sets go as the very bytes Streamlit would have made of their rows.

``ui.chart_data.arrow`` converts a frame once (kept by its content) and, for a
plain frame, without the rows' detour. Here, on frames of every kind a chart
sends (floats with NaN and -0.0, whole numbers, flags, strings in several
chunks, nullable integers, text with gaps, an empty frame), its bytes are
compared with Streamlit's own conversion of ``records(frame)``, which is what
a spec's data sets held before; a hit returns the same bytes, a changed value
is a new entry, and the kept bytes stay under the limit.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit import dataframe_util

from benchstats.charts._common import records
from ui import chart_data


def streamlit_bytes(frame: pd.DataFrame) -> bytes:
    """What Streamlit sent for a spec whose data set held the frame's rows."""
    return dataframe_util.convert_anything_to_arrow_bytes(records(frame))


FLOATS = st.floats(allow_nan=True, allow_infinity=False, width=64)
TEXT = st.text(alphabet="abc ±−%", max_size=5)


@st.composite
def frames(draw) -> pd.DataFrame:
    rows = draw(st.integers(1, 6))
    kinds = draw(st.lists(st.sampled_from(["f", "i", "b", "s", "S", "I", "o"]), min_size=1))
    columns = {}
    for i, kind in enumerate(kinds):
        if kind == "f":
            values = draw(st.lists(FLOATS, min_size=rows, max_size=rows))
        elif kind == "i":
            values = draw(st.lists(st.integers(-(2**40), 2**40), min_size=rows, max_size=rows))
        elif kind == "b":
            values = draw(st.lists(st.booleans(), min_size=rows, max_size=rows))
        elif kind == "s":
            values = draw(st.lists(TEXT, min_size=rows, max_size=rows))
        elif kind == "S":  # text with a gap
            values = [*draw(st.lists(TEXT, min_size=rows - 1, max_size=rows - 1)), None]
        elif kind == "I":
            values = pd.array(
                draw(st.lists(st.integers(0, 9) | st.none(), min_size=rows, max_size=rows)),
                dtype="Int64",
            )
        else:  # mixed
            values = draw(st.lists(st.integers(0, 9) | TEXT, min_size=rows, max_size=rows))
        columns[f"c{i}"] = values
    frame = pd.DataFrame(columns)
    if draw(st.booleans()):  # strings in several Arrow chunks, as after a concat
        frame = pd.concat([frame, frame], ignore_index=True)
    return frame


@settings(max_examples=150, deadline=None)
@given(frames())
def test_the_bytes_are_streamlits_own_for_any_frame(frame):
    assert chart_data.arrow(frame) == streamlit_bytes(frame)


@pytest.mark.parametrize(
    "frame",
    [
        pd.DataFrame({"x": [-0.0, 0.0, np.nan], "n": [1, 2, 3], "what": ["a", "b", "c"]}),
        pd.concat([pd.DataFrame({"what": ["a"], "y": [0.5]})] * 3, ignore_index=True),
        pd.DataFrame({"q": pd.array([1, None], dtype="Int64")}),
        pd.DataFrame({"x": [1.0]}, index=[5]),
        pd.DataFrame(columns=["x", "y"]),
    ],
    ids=["signed-zero-nan", "chunked-text", "nullable", "own-index", "empty"],
)
def test_the_bytes_are_streamlits_own_at_the_edges(frame):
    assert chart_data.arrow(frame) == streamlit_bytes(frame)


def test_a_frame_is_converted_once_and_a_change_is_not_missed(monkeypatch):
    calls = []
    real = dataframe_util.convert_arrow_table_to_arrow_bytes
    monkeypatch.setattr(
        dataframe_util,
        "convert_arrow_table_to_arrow_bytes",
        lambda table: calls.append(1) or real(table),
    )
    frame = pd.DataFrame({"x": np.linspace(0, 1, 50), "what": ["a"] * 50})
    first = chart_data.arrow(frame)
    again = chart_data.arrow(frame.copy())  # equal content, another object
    assert again == first and len(calls) == 1
    nudged = frame.copy()
    nudged.loc[49, "x"] = np.nextafter(1.0, 2.0)  # one ulp in one row
    assert chart_data.arrow(nudged) != first and len(calls) == 2
    assert chart_data.arrow(nudged) == streamlit_bytes(nudged)


def test_the_kept_bytes_stay_under_the_limit(monkeypatch):
    monkeypatch.setattr(chart_data, "LIMIT", 20_000)
    for i in range(40):
        chart_data.arrow(pd.DataFrame({"x": np.arange(200, dtype=float) + i}))
    count, size = chart_data.kept()
    assert 1 < count < 40 and 0 < size <= 20_000
