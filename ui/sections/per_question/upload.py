"""The uploader's help and reading an upload into :class:`~benchstats.items.Items`.

The uploaded bytes stay in memory (Streamlit's upload store and a small
``st.cache_data``); nothing is written to disk. A file that cannot be read
shows the reader's error in plain words, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from benchstats.items import Items, load_files
from benchstats.prose import per_question as prose
from ui import lazy
from ui.sections.per_question.keys import KEY
from ui.sections.per_question.pickers import picked
from ui.verdict import escape_markdown

FILE_TYPES = ["csv", "jsonl", "json", "eval", "zip"]
EXAMPLE = Path(__file__).with_name("example.csv")  # 40 questions in 10 clusters, two models


def upload_limit() -> int:
    """Bytes per file: the server's ``server.maxUploadSize`` (MB)."""
    try:
        mb = float(st.get_option("server.maxUploadSize"))
    except Exception:  # an option missing in an odd set-up: the site's own limit
        mb = 20.0
    return int(mb * 1024 * 1024)


@st.cache_data(max_entries=4, show_spinner="Reading the file…")
def _load(
    key: tuple,
    _files: list[tuple[str, bytes]],
    metric: str | tuple[str, ...] | None,
    filter: str | None,
    reducer: str | None,
    limit: int,
) -> Items:
    """The upload read once per file set (``key``: names, upload ids, sizes)."""
    return load_files(_files, metric=metric, filter=filter, reducer=reducer, max_bytes=limit)


def formats_help() -> None:
    """Which files work, and an example CSV to download (drawn only while open)."""
    box = lazy.fold("Which files work", key=f"{KEY}-formats")
    if not box.open:
        return
    with box:
        st.markdown(prose.formats_help(upload_limit()))
        st.download_button(
            "Example CSV",
            data=EXAMPLE.read_bytes,
            file_name="per-question-example.csv",
            mime="text/csv",
            key=f"{KEY}-example",
            icon=":material/download:",
            on_click="ignore",
        )


def _read(files: list, limit: int) -> Items:
    """The files read with the choices of the previous run, or afresh when they no longer fit."""
    key = tuple((f.name, f.file_id, f.size) for f in files)
    choices = picked()
    pairs = [(f.name, f.getvalue()) for f in files]
    try:
        return _load(key, pairs, *choices, limit)
    except ValueError:
        if choices == (None, None, None):
            raise
        return _load(key, pairs, None, None, None, limit)  # choices of an earlier upload


def read_upload(files: list) -> Items | None:
    """The uploaded files as Items, or None after showing what went wrong."""
    limit = upload_limit()
    for f in files:  # the server enforces maxUploadSize; say so plainly anyway
        if f.size > limit:
            st.error(
                prose.too_big(f.name, f.size, limit, escape=escape_markdown),
                icon=":material/error:",
            )
            return None
    try:
        return _read(files, limit)
    except ValueError as err:
        st.error(escape_markdown(str(err)), icon=":material/error:")
    except Exception as err:  # a file no reader anticipated: still no traceback
        st.error(
            "Could not read this upload: expected a CSV, lm-eval JSONL or an inspect log, "
            f"found something the reader did not understand ({type(err).__name__}).",
            icon=":material/error:",
        )
    return None
