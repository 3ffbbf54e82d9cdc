"""Draw a :class:`benchstats.charts.Figure`: the chart, its text alternative, one download menu.

Every chart on the site goes through :func:`show`, so every chart has the
same download menu (PNG, SVG, CSV), carries its claim when downloaded, and
is described in words for a screen reader.
"""

from __future__ import annotations

import pandas as pd
import pyarrow as pa
import streamlit as st

from benchstats.charts import Caption, Figure
from ui import view
from ui.downloads import chart_downloads


def accessible(spec: dict) -> dict:
    """The spec with its marks hidden from screen readers; the sentence under it says it.

    Vega draws each mark as an SVG group with an image role; an empty one (a
    rule with no rows this rerun) has no text alternative, which axe reports
    (svg-img-alt). The chart's text alternative is ``Figure.alt_text``, shown
    under it, so the marks are ``aria-hidden``; the axes keep their labels.
    The spec stays the same from rerun to rerun, so charts still patch in place.

    Examples
    --------
    >>> accessible({"mark": "bar", "config": {"mark": {"color": "red"}}})["config"]
    {'mark': {'color': 'red', 'aria': False}}
    """
    config = dict(spec.get("config", {}))
    config["mark"] = {**config.get("mark", {}), "aria": False}
    return {**spec, "config": config}


def arrow_rows(rows: list[dict]) -> bytes | list[dict]:
    """One named data set as Arrow IPC bytes, ready for the chart element.

    Streamlit turns each named data set into a pandas frame and then into
    Arrow on every rerun (about 2 ms for 200 rows, a tenth of a page's
    edit); pyarrow reads the rows directly in a tenth of that. NaN becomes
    null, as it does through pandas. Rows pyarrow cannot type (a column
    mixing text and numbers) and empty sets are left to Streamlit.

    Examples
    --------
    >>> import pyarrow as pa
    >>> pa.ipc.open_stream(arrow_rows([{"x": 1, "y": float("nan")}])).read_all()["y"].null_count
    1
    >>> arrow_rows([])
    []
    """
    if not rows:
        return rows
    try:
        table = pa.table({k: pa.array([r.get(k) for r in rows], from_pandas=True) for k in rows[0]})
    except (pa.ArrowException, TypeError, ValueError):
        return rows
    return ipc_bytes(table)


def arrow_frame(frame: pd.DataFrame) -> bytes | pd.DataFrame:
    """A data set given as a pandas frame, as Arrow IPC bytes (its index left out).

    Column by column through pyarrow: about 40% less time than Streamlit's
    general path for the same frame, with the same columns and types.
    Frames pyarrow cannot type are left to Streamlit.

    Examples
    --------
    >>> import pyarrow as pa
    >>> pa.ipc.open_stream(arrow_frame(pd.DataFrame({"x": [1.5, None]}))).read_all()["x"].null_count
    1
    """
    try:
        table = pa.table({str(c): pa.array(frame[c], from_pandas=True) for c in frame.columns})
    except (pa.ArrowException, TypeError, ValueError):
        return frame
    return ipc_bytes(table)


def ipc_bytes(table: pa.Table) -> bytes:
    """An Arrow table as the IPC stream a chart element sends as it is."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def with_arrow(spec: dict) -> dict:
    """The spec with its named data sets as Arrow bytes (:func:`arrow_rows`, :func:`arrow_frame`)."""
    if not isinstance(spec.get("datasets"), dict):
        return spec
    return {
        **spec,
        "datasets": {
            k: arrow_rows(v)
            if isinstance(v, list)
            else arrow_frame(v)
            if isinstance(v, pd.DataFrame) and v.columns.is_unique
            else v
            for k, v in spec["datasets"].items()
        },
    }


def show(
    figure: Figure,
    *,
    key: str,
    caption: Caption | None = None,
    container=st,
    downloads: bool = True,
) -> None:
    """The figure's chart (sized for the current view) and its download menu under it.

    ``downloads=False`` leaves the menu out (a worked example, an answer still hidden).
    """
    spec = with_arrow(accessible(view.fit(figure.spec)))
    container.vega_lite_chart(spec, width="stretch", theme=None)
    if figure.alt_text:
        container.caption(figure.alt_text)
    if not downloads:
        return
    chart_downloads(
        figure.picture, figure.table, figure.name, key=key, caption=caption, container=container
    )
