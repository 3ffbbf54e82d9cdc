"""pass@k's inputs: URL-bound sliders and menus read into plain values.

URL keys: ``samples``, ``passed``, ``k``, ``predict`` (one problem: predict
asks for a guess first); ``mix``, ``seed`` (the benchmark); ``p_correct``,
``p_distractor`` (percent, maj@k).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from benchstats import words
from benchstats.passk_mix import MIX_PRESETS
from benchstats.prose import passk as prose
from ui import params, predict
from ui.sections.needed_inputs import grid_slider, link_value, log_grid, steps

MAX_SAMPLES = 1_000  # per problem on this page
DEFAULTS = {"samples": 20, "passed": 3, "k": 5}
UPLOAD = "upload"
DEFAULT_MIX = "long-tail"
TRAP = (30.0, 40.0)  # p_correct, p_distractor in percent: the distractor is the mode
FAVOURITE = (40.0, 20.0)
SLIDER, MENU, SEED = 220, 320, 160  # widths in a row (px): each wraps where narrow


@dataclass(frozen=True)
class OneProblem:
    """One problem: n samples drawn, c passed, k tries."""

    samples: int
    passed: int
    k: int
    predict: bool = False

    def query(self) -> str:
        return f"/pass-at-k?samples={self.samples}&passed={self.passed}&k={self.k}"


def _at_most(key: str, samples: int, message) -> int:
    """The default for ``key`` within n; a link's value above n is refused with ``message``."""
    default = min(DEFAULTS[key], samples)
    asked = link_value(key, whole=True, bounds=(samples + 1, MAX_SAMPLES))
    if asked is not None:
        st.query_params.pop(key, None)
        st.warning(message(asked, samples, default), icon=":material/link_off:")
    return default


def one_problem() -> OneProblem:
    """n, c and k as sliders (c and k never above n), then Predict first.

    One wrapping row (one element) instead of three columns (four): every edit redraws it.
    """
    row = st.container(horizontal=True, wrap=True, gap="small")
    samples = grid_slider(
        "Samples drawn (n)", "samples", [*log_grid(1, MAX_SAMPLES), 20, 40, 50], default=20,
        whole=True, format_func=words.count, container=row,
        width=SLIDER, allowed=f"a whole number of samples from 1 to {words.count(MAX_SAMPLES)}",
        help="How many answers were generated for the problem.",
    )  # fmt: skip
    c_default = _at_most("passed", samples, prose.passed_refused)
    k_default = _at_most("k", samples, prose.tries_refused)
    passed = grid_slider(
        "Samples that passed (c)", "passed", steps(0, samples, 1), default=c_default,
        whole=True, format_func=words.count, container=row, width=SLIDER,
        allowed=f"a whole number of samples from 0 to n = {words.count(samples)}",
        help="How many of those answers passed the tests. At most n.",
    )  # fmt: skip
    k = grid_slider(
        "Tries allowed (k)", "k", steps(1, samples, 1), default=k_default, whole=True,
        format_func=words.count, container=row, width=SLIDER,
        allowed=f"a whole number of tries from 1 to n = {words.count(samples)}",
        help="pass@k asks: if you could submit k of the samples, does one of them pass? At most n.",
    )  # fmt: skip
    on = predict.switch()
    return OneProblem(int(samples), int(passed), int(k), on)


def mix_name(key: str) -> str:
    """The menu's words for a mix key (the URL keeps the key)."""
    return MIX_PRESETS[key].name if key in MIX_PRESETS else "Your own file (CSV)"


def benchmark() -> str:
    """Which benchmark of mixed difficulty (the seed is :func:`seed`, in the band's fragment)."""
    mix = params.choice(
        "Benchmark", "mix", [*MIX_PRESETS, UPLOAD], default=DEFAULT_MIX, format_func=mix_name,
        width=MENU,
        help="All medium, Easy and impossible and Long tail are 100 problems of 50 samples "
        "each; your own file takes a per-problem CSV.",
    )  # fmt: skip
    return mix if mix in (*MIX_PRESETS, UPLOAD) else DEFAULT_MIX


def seed() -> int:
    """The bootstrap seed: it drives the band alone, so it sits in the band's fragment."""
    value = params.number(
        "Bootstrap seed", "seed", default=1, min_value=0, max_value=999_999, whole=True,
        width=SEED, help="The same seed gives the same band, so a link reproduces it exactly.",
    )  # fmt: skip
    return int(value)


def _set_answers(p_correct: float, p_distractor: float) -> None:
    """A preset button's callback: put both chances (percent) in the link."""
    st.query_params["p_correct"] = str(p_correct)
    st.query_params["p_distractor"] = str(p_distractor)


def answers() -> tuple[float, float]:
    """The correct answer's and the strongest wrong answer's chances (proportions)."""
    # Wrapping, so a narrow column puts the second button below instead of cutting both.
    buttons = st.container(horizontal=True, wrap=True, gap="small")
    buttons.button("A strong wrong answer", on_click=_set_answers, args=TRAP,
                   icon=":material/warning:", key="preset_trap",
                   help="The trap: one wrong answer comes up more often than the right one, "
                   "so the vote follows it.")  # fmt: skip
    buttons.button("A clear favourite", on_click=_set_answers, args=FAVOURITE,
                   icon=":material/thumb_up:", key="preset_favourite")  # fmt: skip
    row = st.container(horizontal=True, wrap=True, gap="small")  # one element, not three
    pc = grid_slider(
        "Correct answer", "p_correct", steps(0, 100, 1), default=TRAP[0],
        format_func=lambda v: words.score(v / 100), container=row,
        allowed="a percent from 0 to 100", help="Chance that one sample gives the correct answer.",
    )  # fmt: skip
    pd = grid_slider(
        "Strongest wrong answer", "p_distractor", steps(0, 100, 1), default=TRAP[1],
        format_func=lambda v: words.score(v / 100), container=row,
        allowed="a percent from 0 to 100",
        help="Chance that one sample gives the most common wrong answer. Every other "
        "sample is a wrong answer of its own that never repeats.",
    )  # fmt: skip
    if pc + pd > 100:
        st.warning(prose.chances_refused(pc / 100, pd / 100, (TRAP[0] / 100, TRAP[1] / 100)),
                   icon=":material/link_off:")  # fmt: skip
        pc, pd = TRAP
    return pc / 100, pd / 100
