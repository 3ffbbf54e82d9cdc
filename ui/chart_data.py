"""A chart's data sets as the Arrow bytes Streamlit sends, each converted once per process.

Streamlit turns every data set of a Vega-Lite spec into Arrow at every rerun
(``convert_anything_to_arrow_bytes``: a fifth of a loaded server's CPU), and
sends bytes it is given as they are. :func:`arrow` makes the same bytes: of
the same rows (:func:`benchstats.charts.records`, what a spec held
before) through Streamlit's own converter, or, for a frame whose columns come
back from those rows as they are (:func:`plain`: numbers, flags, strings with
none missing), of the frame itself, as one Arrow chunk a column (as a frame
built from rows has), skipping the rows' detour, which costs most of the
conversion. It keeps them, keyed by the frame's whole content (a
digest of its pickle: columns, types and every value), so a data set that did
not change since any session last drew it (a thumb's family at an unchanged
setting, a chart an edit elsewhere did not touch) is sent without being
converted again. At most :data:`LIMIT` bytes are kept, the least recently
drawn dropped first.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable

import numpy as np
import pandas as pd
import pyarrow as pa
from streamlit import dataframe_util

from benchstats.charts import records

PLAIN = (np.dtype("float64"), np.dtype("int64"), np.dtype("bool"))  # as rows give them back
LIMIT = 32 * 2**20  # bytes of Arrow kept per server process (about 200 thumb families)
_kept: OrderedDict[object, bytes] = OrderedDict()
_lock = threading.Lock()  # sessions rerun in threads of their own
_size = 0


def digest(frame: pd.DataFrame) -> bytes:
    """A key for the frame's whole content: equal frames give equal keys."""
    return hashlib.blake2b(pickle.dumps(frame, protocol=5), digest_size=20).digest()


def plain(frame: pd.DataFrame) -> bool:
    """True when the frame is what Streamlit would build from its rows: some rows, a default
    index, text column names, and columns of floats, whole numbers, flags or strings with none
    missing.

    >>> plain(pd.DataFrame({"x": [0.5, float("nan")], "n": [1, 2], "what": ["a", "b"]}))
    True
    >>> plain(pd.DataFrame({"what": ["a", None]})), plain(pd.DataFrame({"x": [1, "a"]}))
    (False, False)
    >>> plain(pd.DataFrame({"n": pd.array([1, 2], dtype="Int64")})), plain(pd.DataFrame())
    (False, False)
    """
    index = frame.index
    if frame.empty or not isinstance(index, pd.RangeIndex) or index.start != 0 or index.step != 1:
        return False
    if not all(isinstance(c, str) for c in frame.columns):
        return False
    for i, kind in enumerate(frame.dtypes):
        if isinstance(kind, pd.StringDtype):
            if frame.iloc[:, i].isna().any():
                return False
        elif kind not in PLAIN:  # nullable Int64, objects, dates
            return False
    return True


def table(frame: pd.DataFrame, prepare: Callable[[pd.DataFrame], pd.DataFrame] | None = None):
    """The frame as ``st.table`` sends it, read back as an Arrow table: Streamlit sends a table
    as it is, so the bytes are the frame's own (converted once, :func:`arrow`) at a tenth of
    the cost. The frame's index goes as Streamlit sends it (its columns and its place in the
    bytes' pandas metadata): ``st.table(..., hide_index=False)`` shows it as a frame would.
    ``prepare`` (a module's function, named in the key) turns the frame into what is sent, and
    runs only when the frame's bytes are not kept yet.

    >>> df = pd.DataFrame({"n": ["1,000"], "lead": ["2.5"]})
    >>> dataframe_util.convert_anything_to_arrow_bytes(table(df)) == (
    ...     dataframe_util.convert_anything_to_arrow_bytes(df))
    True
    """
    return pa.ipc.open_stream(_frame_bytes(frame, prepare)).read_all()


def _frame_bytes(frame: pd.DataFrame, prepare) -> bytes:
    """Streamlit's bytes of the frame (prepared), as ``st.table`` makes them, kept like
    :func:`arrow`'s."""
    how = None if prepare is None else f"{prepare.__module__}.{prepare.__qualname__}"
    return _kept_or(
        ("frame", how, digest(frame)),
        lambda: dataframe_util.convert_anything_to_arrow_bytes(
            frame if prepare is None else prepare(frame)
        ),
    )


def kept() -> tuple[int, int]:
    """How many data sets are kept now, and their bytes."""
    with _lock:
        return len(_kept), _size


def arrow(frame: pd.DataFrame) -> bytes:
    """The frame's rows as the Arrow IPC stream Streamlit would make of them, converted once."""

    def convert() -> bytes:
        if plain(frame):  # what Streamlit does with a frame, its columns in one chunk each
            converted = pa.Table.from_pandas(frame).combine_chunks()
            return dataframe_util.convert_arrow_table_to_arrow_bytes(converted)
        return dataframe_util.convert_anything_to_arrow_bytes(records(frame))

    return _kept_or(digest(frame), convert)


def _kept_or(key, convert) -> bytes:
    """The bytes kept under ``key``, or ``convert()``'s, kept (the oldest dropped past LIMIT)."""
    global _size
    with _lock:
        if (kept := _kept.get(key)) is not None:
            _kept.move_to_end(key)
            return kept
    data = convert()
    with _lock:
        if key not in _kept:
            _kept[key] = data
            _size += len(data)
            while _size > LIMIT and len(_kept) > 1:
                _size -= len(_kept.popitem(last=False)[1])
    return data
