"""Signal and noise's inputs: URL-bound sliders read into one frozen value, and the reader's table.

URL keys: ``preset`` (a simulated set of models, or ``table`` for the
reader's own), ``n`` (questions per checkpoint), ``checkpoints``, ``seed``,
``average`` (the last k checkpoints averaged), ``window`` (the checkpoints
the noise is measured over), ``discordance`` (percent). The table itself
is not in the link: the page says so.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from benchstats import words
from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import PRESETS
from ui import params
from ui.sections.needed_inputs import grid_slider, log_grid, steps

TABLE = "table"
NAMES = {  # the menu's words: short enough for its box at 800-900 px
    "close": "Close (50–53%)",
    "spread": "Spread out (40–64%)",
    "small-benchmark": "Small benchmark",
    "large-benchmark": "Large benchmark",
    TABLE: "Your own table",
}
DESCRIBED = {  # the same in full, for chart titles and downloads
    "close": "Four close models (50–53%)",
    "spread": "Four spread-out models (40–64%)",
    "small-benchmark": "Three models (30–36%), a small benchmark",
    "large-benchmark": "Three models (30–36%), a large benchmark",
    TABLE: "Your own table",
}
DEFAULT_PRESET = "close"
MENU_WIDTH = 260  # px: the models menu shows its whole choice ("Spread out (40–64%)")
WIDTH = 240  # px a slider takes in the settings' wrapping row: its label whole, one row at 1920
SEED_WIDTH = 160
MAX_UPLOAD = 1_000_000  # bytes
COLUMNS = ("model", "step", "score", "n")
_SEEN = "_signal_noise_preset"


@dataclass(frozen=True)
class Setup:
    """What the reader chose (``finals`` and ``chance`` are proportions, from the preset)."""

    preset: str
    n: int | None  # None for the reader's table (its own n column, if any)
    checkpoints: int
    seed: int | None  # None until its input, in the seed's fragment, is read (see seed())
    average: int
    window: int

    @property
    def simulated(self) -> bool:
        return self.preset != TABLE

    @property
    def finals(self) -> tuple[float, ...]:
        return tuple(PRESETS[self.preset]["final_scores"]) if self.simulated else ()

    @property
    def chance(self) -> float:
        return float(PRESETS[self.preset]["chance"]) if self.simulated else 0.0

    def query(self) -> str:
        """The page's link for this setup."""
        keys = {"preset": self.preset, "average": self.average, "window": self.window}
        if self.simulated:
            keys |= {"n": self.n, "checkpoints": self.checkpoints}
        if self.simulated and self.seed is not None:  # a part the seed does not draw: no seed
            keys["seed"] = self.seed
        return "/signal-noise?" + urlencode(keys)


def _preset(container) -> str:
    """The models; a new choice drops the old ``n`` so the preset's own applies."""
    preset = params.choice(
        "Models", "preset", list(NAMES), default=DEFAULT_PRESET, format_func=NAMES.get,
        container=container, width=MENU_WIDTH,
        help="Simulated training runs of models whose true scores you know — four close "
        "together, four spread out, or three on a small or a large benchmark — or your own table.",
    )  # fmt: skip
    preset = preset if preset in NAMES else DEFAULT_PRESET
    seen = st.session_state.get(_SEEN)
    if seen is not None and seen != preset:
        st.query_params.pop("n", None)
    st.session_state[_SEEN] = preset
    return preset


def _count(label, key, grid, default, container, allowed, help, bounds=None) -> int:
    value = grid_slider(
        label, key, grid, default=default, whole=True, bounds=bounds, format_func=words.count,
        container=container, allowed=allowed, help=help, width=WIDTH,
    )  # fmt: skip
    return int(value)


def setup(container) -> tuple[Setup, object, object]:
    """The models, the benchmark's size, the checkpoints and the averaging, as sliders.

    Returns the setup (its ``seed`` None), the seed's slot (:func:`seed` draws
    it there, from the seed's fragment) and a slot beside it (for the predict switch).
    The inputs share one wrapping row, each at its own width (one block, not
    a block per column: every rerun redraws every element), the seed and the
    switch a second.
    """
    row = container.container(horizontal=True, wrap=True, gap="small")
    preset = _preset(row)
    simulated = preset != TABLE
    n = _count(
        "Questions per checkpoint (n)", "n", log_grid(50, 20_000), PRESETS[preset]["n"], row,
        "a whole number of questions from 1 to 100,000",
        "Each checkpoint is scored on this many questions.", bounds=(1, 100_000),
    ) if simulated else None  # fmt: skip
    checkpoints = _count(
        "Checkpoints", "checkpoints", steps(5, 60, 1), 20, row,
        "a whole number of checkpoints from 2 to 200", "Evaluations along each training run.",
        bounds=(2, 200),
    ) if simulated else 20  # fmt: skip
    average = _count(
        "Average the last k checkpoints", "average", steps(1, 10, 1), 5, row,
        "a whole number of checkpoints from 1 to 10",
        "Each model's score is the mean of its last k checkpoints (k = 1: the last one alone).",
    )  # fmt: skip
    window = _count(
        "Noise window", "window", steps(2, 10, 1), 5, row,
        "a whole number of checkpoints from 2 to 10",
        "The jitter is measured over this many last checkpoints.",
    )  # fmt: skip
    below = container.container(
        horizontal=True, wrap=True, gap="small", vertical_alignment="bottom"
    )
    seed_box = below.container(width=SEED_WIDTH)  # the fragment's seed, and a note under it
    return Setup(preset, n, checkpoints, None, average, window), seed_box, below


def seed(container) -> int:
    """The seed, bound to ``?seed=``: drawn by the fragment of the parts it draws."""
    value = params.number(
        "Seed", "seed", default=1, min_value=0, max_value=999_999, whole=True, container=container,
        help="The same seed draws the same curves and toy benchmark, so a link reproduces them.",
    )  # fmt: skip
    return int(value)


def discordance(container) -> float:
    """The share of questions two checkpoints disagree on (proportion), as a percent slider."""
    value = grid_slider(
        "Checkpoints disagree on (%)", "discordance", steps(1, 50, 1), default=20,
        format_func=lambda v: words.score(v / 100), container=container,
        allowed="a percent from 1 to 50", bounds=(0.5, 50),
        help="The share of questions on which two checkpoints give different answers: "
        "it sets the smallest change between them a benchmark can detect.",
    )  # fmt: skip
    return float(value) / 100


def _read_upload(upload) -> pd.DataFrame | str:
    """The uploaded CSV as a frame, or what is wrong with it."""
    if upload.size > MAX_UPLOAD:
        return f"the file is {words.count(upload.size)} bytes; at most {words.count(MAX_UPLOAD)}"
    try:
        frame = pd.read_csv(io.BytesIO(upload.getvalue()))
    except Exception as exc:  # any unreadable file: said in words
        return f"it could not be read as a CSV ({type(exc).__name__})"
    frame.columns = [str(c).strip().lower() for c in frame.columns]
    missing = [c for c in COLUMNS[:3] if c not in frame.columns]
    if missing:
        return f"it has no {', '.join(missing)} column (it needs model, step, score and may have n)"
    return frame


def _row_problem(row) -> str | None:
    """What is wrong with one row of the table, or None."""
    if pd.isna(row.get("model")) or not str(row.get("model")).strip():
        return "it names no model"
    for col in ("step", "score"):
        if pd.isna(pd.to_numeric(row.get(col), errors="coerce")):
            return f"the {col} is not a number"
    if not 0 <= float(row["score"]) <= 100:
        return "the score must be a percent from 0 to 100"
    n = pd.to_numeric(row.get("n"), errors="coerce")
    if not pd.isna(row.get("n")) and (pd.isna(n) or n < 1 or n != int(n)):
        return "n must be a whole number of questions"
    return None


def clean_rows(frame: pd.DataFrame, *, file: bool = False) -> tuple[pd.DataFrame, list[str]]:
    """The table's usable rows (scores as proportions) and a note for each row left out."""
    keep, notes = [], []
    for i, (_, row) in enumerate(frame.iterrows(), start=1):
        problem = _row_problem(row)
        if problem is None:
            keep.append(row)
        elif not row.isna().all():  # an empty row the editor adds is not an error
            notes.append(prose.bad_row(i, problem, file=file))
    rows = pd.DataFrame(keep, columns=frame.columns)
    out = pd.DataFrame(
        {
            "model": rows["model"].astype(str).str.strip(),
            "step": pd.to_numeric(rows["step"]),
            "score": pd.to_numeric(rows["score"]) / 100,
        }
    )
    if "n" in rows and rows["n"].notna().any():
        out["n"] = pd.to_numeric(rows["n"])
    return out, notes


def own_table(example: pd.DataFrame, container) -> tuple[pd.DataFrame, list[str]]:
    """The reader's rows, from an uploaded CSV or the editor, and notes on rows left out."""
    container.markdown(
        "One row per model and checkpoint: **model**, **step**, **score** (percent) and, "
        "if you know it, **n** (questions). Edit the example or upload a CSV with those "
        "columns. The table stays on this page: a link carries the settings, not the rows."
    )
    upload = container.file_uploader(
        "Upload a CSV", type=["csv", "txt"], key="sn_csv", max_upload_size=MAX_UPLOAD // 1_000_000
    )
    frame = _read_upload(upload) if upload is not None else None
    if isinstance(frame, str):
        container.error(f"That file can't be used: {frame}. Using the table below.")
        frame = None
    if frame is not None:
        return clean_rows(frame, file=True)
    edited = container.data_editor(
        example, num_rows="dynamic", key="sn_table", width="stretch", height=280, hide_index=True
    )
    return clean_rows(edited)
