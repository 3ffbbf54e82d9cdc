"""A chart's data sets as the Arrow bytes Streamlit sends, each converted once per process.

Streamlit turns every data set of a Vega-Lite spec into Arrow at every rerun
(``convert_anything_to_arrow_bytes``: a fifth of a loaded server's CPU), and
sends bytes it is given as they are. :func:`arrow` does the same conversion,
on the same rows (:func:`benchstats.charts._common.records`, what a spec held
before), so the bytes are Streamlit's own; it keeps them, keyed by the frame's
whole content (a digest of its pickle: columns, types and every value), so a
data set that did not change since any session last drew it (a thumb's family
at an unchanged setting, a chart an edit elsewhere did not touch) is sent
without being converted again. At most :data:`LIMIT` bytes are kept, the
least recently drawn dropped first.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict

import pandas as pd
from streamlit import dataframe_util

from benchstats.charts._common import records

LIMIT = 64 * 2**20  # bytes of Arrow kept per server process
_kept: OrderedDict[bytes, bytes] = OrderedDict()
_lock = threading.Lock()  # sessions rerun in threads of their own
_size = 0


def digest(frame: pd.DataFrame) -> bytes:
    """A key for the frame's whole content: equal frames give equal keys."""
    return hashlib.blake2b(pickle.dumps(frame, protocol=5), digest_size=20).digest()


def arrow(frame: pd.DataFrame) -> bytes:
    """The frame's rows as the Arrow IPC stream Streamlit would make of them, converted once."""
    global _size
    key = digest(frame)
    with _lock:
        if (kept := _kept.get(key)) is not None:
            _kept.move_to_end(key)
            return kept
    data = dataframe_util.convert_anything_to_arrow_bytes(records(frame))
    with _lock:
        if key not in _kept:
            _kept[key] = data
            _size += len(data)
            while _size > LIMIT and len(_kept) > 1:
                _size -= len(_kept.popitem(last=False)[1])
    return data
