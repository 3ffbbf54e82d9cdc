"""Interval coverage's inputs: URL-bound sliders and menus read into one frozen value.

URL keys: ``n`` (questions), ``p`` (true score, percent), ``interval`` (the
interval set against Wald), ``seed``, ``runs`` (datasets per true score) and
``predict``.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from benchstats import words
from benchstats.coverage import METHODS
from benchstats.luck import count_ladder
from benchstats.scores import INTERVAL_NAMES
from ui import params, predict
from ui.sections.needed_inputs import grid_slider, steps

MAX_N = 2_000  # the exact summaries take 0.3 s a method here; 4 s at 10,000
MAX_RUNS = 100_000
MAX_SEED = 999_999_999
DEFAULTS = {"n": 100, "p": 50.0, "interval": "wilson", "seed": 1}
PRESETS = (
    ("The paper's 92.5%: 100 questions", {"n": "100"}),
    ("20 questions, true score 95%", {"n": "20", "p": "95"}),
)
STEPS = (100, 1_000)


@dataclass(frozen=True)
class Setting:
    """What the reader asked for: n, the true score p (a proportion), the interval.

    The simulation's own inputs (runs, seed) are read inside its fragment.
    """

    n: int
    p: float
    method: str
    predict: bool

    def query(self, runs: int, seed: int) -> dict[str, str]:
        """The URL keys that reopen the page as it is (for a downloaded chart)."""
        return {
            "n": str(self.n),
            "p": f"{round(self.p * 100, 4):g}",
            "interval": self.method,
            "runs": str(runs),
            "seed": str(seed),
        }


def _preset(keys: dict[str, str]) -> None:
    for key, value in keys.items():
        st.query_params[key] = value


def preset_buttons(presets, *, page: str, container=st) -> None:
    """One button per (label, URL keys) preset; a click puts its keys in the link."""
    row = container.container(horizontal=True, wrap=True, gap="small")
    for i, (label, keys) in enumerate(presets):
        row.button(label, key=f"{page}-preset-{i}", on_click=_preset, args=(keys,))


def presets(*, container=st) -> None:
    """The articles' settings, one button each."""
    preset_buttons(PRESETS, page="coverage", container=container)


def settings(*, container=st) -> Setting:
    """Draw the setting's inputs in one wrapping row and read them."""
    row = container.container(horizontal=True, wrap=True, gap="small")
    n = grid_slider(
        "Questions (n)", "n", [*count_ladder(1, MAX_N), 20, 100, 198], default=DEFAULTS["n"],
        whole=True, bounds=(1, MAX_N), format_func=words.count,
        allowed=f"a whole number of questions from 1 to {words.count(MAX_N)}",
        help="How many questions the score comes from, on a log scale. A link can name any "
        f"count up to {words.count(MAX_N)}, e.g. `n=198`.",
        container=row, width=260,
    )  # fmt: skip
    p_pct = grid_slider(
        "True score (%)", "p", steps(0, 100, 0.5), default=DEFAULTS["p"], bounds=(0, 100),
        format_func=lambda v: words.score(v / 100), allowed="a percent from 0 to 100",
        help="The score the model would get on endless questions. A link can name any value, "
        "e.g. `p=95.5`.", container=row, width=260,
    )  # fmt: skip
    method = params.choice(
        "Set Wald against", "interval", [m for m in METHODS if m != "wald"] + ["wald"],
        default=DEFAULTS["interval"], format_func=INTERVAL_NAMES.get,
        help="The interval drawn beside the textbook (Wald) one. The table lists all six.",
        container=row, width=240,
    )  # fmt: skip
    on = predict.switch(container=row)  # a toggle is as wide as its label: no box of its own
    return Setting(int(n), float(p_pct) / 100, method or "wilson", on)


def _add(step: int, runs: int, most: int) -> None:
    st.query_params["runs"] = str(min(most, runs + step))


def _reset() -> None:
    st.query_params.pop("runs", None)


def build_up_row(container=st):
    """The wrapping row a build-up draws into (:func:`runs_row`, then maybe a seed)."""
    return container.container(horizontal=True, wrap=True, gap="small", vertical_alignment="bottom")


def runs_row(
    label: str, noun: str, *, most: int, steps: tuple[int, ...], page: str, help: str, row
) -> int:
    """A build-up in ``row`` (:func:`build_up_row`): a slider over ``?runs=``, a button per step, Reset.

    Shared by this page and Slices; ``noun`` names one run ("dataset", "run")
    and ``page`` prefixes the buttons' keys ("coverage-add-100").
    """
    runs = grid_slider(
        label, "runs", count_ladder(0, most), default=0, whole=True, bounds=(0, most),
        format_func=words.count, help=help, container=row, width=260,
        allowed=f"a whole number of {noun}s from 0 to {words.count(most)}",
    )  # fmt: skip
    for step in steps:
        row.button(
            f"+{words.count(step)}", key=f"{page}-add-{step}", on_click=_add,
            args=(step, int(runs), most), disabled=runs + step > most,
            help=f"Draw {words.plural(step, 'more ' + noun)}.",
        )  # fmt: skip
    row.button("Reset", key=f"{page}-reset", on_click=_reset, icon=":material/restart_alt:")
    return int(runs)


def build_up(*, container=st) -> tuple[int, int]:
    """Datasets per true score (a slider, +100 / +1,000 / Reset) and the seed, in one row.

    Drawn inside the simulation's fragment: the seed seeds nothing else on
    this page, so editing it reruns the simulation only.
    """
    row = build_up_row(container)
    runs = runs_row(
        "Datasets per true score", "dataset", most=MAX_RUNS, steps=STEPS, page="coverage",
        help="How many datasets are drawn at each simulated true score; the buttons add more. "
        "The same seed gives the same datasets.", row=row,
    )  # fmt: skip
    seed = params.number(
        "Seed", "seed", default=DEFAULTS["seed"], min_value=0, max_value=MAX_SEED, whole=True,
        help="Names one sequence of random datasets: the same seed, the same simulation.",
        container=row, width=130,
    )  # fmt: skip
    return runs, int(seed)
