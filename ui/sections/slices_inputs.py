"""Slices' inputs: URL-bound sliders and menus read into one frozen value.

URL keys: ``mode`` (``luck`` or ``table``), ``n``, ``slices``, ``p``
(percent), ``alpha``, ``correction``, ``seed``, ``runs``, ``table`` (the
reader's slices as text) and ``predict``.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from benchstats import words
from benchstats.luck import count_ladder
from benchstats.slices import CORRECTION_NAMES
from ui import params, predict
from ui.sections.coverage_inputs import build_up_row, preset_buttons, runs_row
from ui.sections.needed_inputs import grid_slider, steps

LUCK, TABLE = "luck", "table"
MODES = {LUCK: "Two equal models", TABLE: "Your own slices"}
MAX_N = 20_000
MAX_SLICES = 50
MAX_RUNS = 10_000
MAX_SEED = 999_999_999
ALPHAS = (0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2)
CORRECTIONS = ("holm", "bh")
DEFAULTS = {"n": 198, "slices": 4, "p": 50.0, "alpha": 0.05, "seed": 1}
PRESETS = (
    ("198 items in 4 slices", {"n": "198", "slices": "4", "p": "50"}),
    ("12 slices of 50", {"n": "600", "slices": "12", "p": "50"}),
)
STEPS = (1, 100, 1_000)
EXAMPLE = (
    "algebra, 50, 72, 58\ngeometry, 50, 60, 62\nnumber theory, 49, 55, 57\nprobability, 49, 51, 49"
)


@dataclass(frozen=True)
class Setting:
    """Two equal models on equal slices: n, S, skill p (a proportion), α, the correction.

    The seed is not here: it is drawn in the runs' fragment (:func:`seed`).
    """

    n: int
    slices: int
    p: float
    alpha: float
    correction: str
    predict: bool

    def query(self, runs: int | None = None, seed: int | None = None) -> dict[str, str]:
        """The URL keys that reopen a chart as it is (for a download): runs and seed if it has them."""
        keys = {
            "n": str(self.n),
            "slices": str(self.slices),
            "p": f"{round(self.p * 100, 4):g}",
            "alpha": f"{self.alpha:g}",
            "correction": self.correction,
        }
        if runs is not None:
            keys["runs"] = str(runs)
        return keys if seed is None else keys | {"seed": str(seed)}


def mode(*, container=st) -> str:
    """Two equal models (the lesson) or the reader's own table; a link's ``table`` implies the latter."""
    implied = TABLE if params.raw_param("table") else LUCK
    chosen = params.choice(
        "What to look at", "mode", tuple(MODES), default=implied, format_func=MODES.get,
        widget="segmented_control", container=container,
        help="Two equal models shows how many slices look significant by luck; your own "
        "slices grades a table of slice scores and corrects for testing them all.",
    )  # fmt: skip
    return chosen or implied


def presets(*, container=st) -> None:
    """The articles' settings, one button each."""
    preset_buttons(PRESETS, page="slices", container=container)


def alpha_and_correction(row) -> tuple[float, str]:
    """α for every slice's test, and the correction for testing them all."""
    alpha = grid_slider(
        "Significance (α)", "alpha", ALPHAS, default=DEFAULTS["alpha"], bounds=(0.001, 0.2),
        format_func=lambda v: f"{v:g}", allowed="a number from 0.001 to 0.2",
        help="Each slice's lead counts as significant when its p-value is below α.",
        container=row, width=240,
    )  # fmt: skip
    correction = params.choice(
        "Correction", "correction", CORRECTIONS, default="holm", format_func=CORRECTION_NAMES.get,
        help="Holm controls the chance of any false discovery; Benjamini–Hochberg the share "
        "of discoveries that are false.", container=row, width=220,
    )  # fmt: skip
    return float(alpha), correction or "holm"


def settings(*, container=st) -> Setting:
    """Two equal models: the benchmark, its slices, the skill, α, the correction (not the seed)."""
    row = container.container(horizontal=True, wrap=True, gap="small")
    n = grid_slider(
        "Questions (n)", "n", [*count_ladder(1, MAX_N), 198, 600], default=DEFAULTS["n"],
        whole=True, bounds=(1, MAX_N), format_func=words.count,
        allowed=f"a whole number of questions from 1 to {words.count(MAX_N)}",
        help="Questions in the whole benchmark, on a log scale; a link can name any count.",
        container=row, width=240,
    )  # fmt: skip
    slices = grid_slider(
        "Slices (S)", "slices", steps(1, MAX_SLICES, 1), default=DEFAULTS["slices"], whole=True,
        format_func=words.count, allowed=f"a whole number of slices from 1 to {MAX_SLICES}",
        help="The benchmark is cut into this many slices, as equal as whole questions allow.",
        container=row, width=240,
    )  # fmt: skip
    p_pct = grid_slider(
        "Skill of both models (%)", "p", steps(0, 100, 1), default=DEFAULTS["p"],
        bounds=(0, 100), format_func=lambda v: words.score(v / 100),
        allowed="a percent from 0 to 100", container=row, width=240,
        help="The chance that either model gets a question right. Both have it.",
    )  # fmt: skip
    alpha, correction = alpha_and_correction(row)
    on = predict.switch(container=row)  # a toggle is as wide as its label: no box of its own
    return Setting(int(n), int(slices), float(p_pct) / 100, alpha, correction, on)


def build_up(*, row) -> int:
    """Runs drawn: a slider and the +1 / +100 / +1,000 / Reset buttons, in ``row`` (:func:`seeded_row`)."""
    return runs_row(
        "Runs drawn", "run", most=MAX_RUNS, steps=STEPS, page="slices", row=row,
        help="How many times both models sit every slice; the buttons add runs. The same seed "
        "gives the same runs.",
    )  # fmt: skip


def seeded_row(*, container=st):
    """The wrapping row of the runs' fragment: the build-up (once the answer shows), then the seed."""
    return build_up_row(container)


def seed(*, row) -> int:
    """The seed (``?seed=``): it names the runs and the shared-items curve, so it sits in their fragment."""
    value = params.number(
        "Seed", "seed", default=DEFAULTS["seed"], min_value=0, max_value=MAX_SEED, whole=True,
        help="Names one sequence of random runs and the shared-items curve's questions: the "
        "same seed, the same draws.", container=row, width=130,
    )  # fmt: skip
    return int(value)


def _example() -> None:
    st.session_state["table"] = EXAMPLE


def table_text(*, container=st) -> str:
    """The reader's slices as text (kept in ``?table=``), with a button for an example."""
    container.button("Load an example table", key="slices-example", on_click=_example)
    return container.text_area(
        "Your slices: name, questions, score A, score B (percent), one slice a line",
        key="table", bind="query-params", height=160,
        placeholder="algebra, 50, 72, 58\ngeometry, 50, 60, 62",
        help="Scores are read as the nearest whole count of right answers on the slice.",
    )  # fmt: skip
