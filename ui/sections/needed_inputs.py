"""Questions needed's inputs: URL-bound sliders read into one frozen value.

URL keys: ``p`` (percent), ``d`` (points), ``n`` (questions, optional),
``alpha``, ``power``, ``sides``, ``discordance`` (percent, optional),
``predict`` (ask for a guess before the answer); the
repeats and clusters sections read their own (``repeats``, ``omega2``,
``sigma2_a``, ``sigma2_b``, ``m``, ``icc``).

:func:`grid_slider` is the slider both of this engineer's pages use: a
``select_slider`` over a grid of values (log-spaced where the scale is), kept
in the URL by :func:`ui.params.choice`, with the link's own value added to the
grid so a link keeps its exact number.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from urllib.parse import urlencode, urljoin

import numpy as np
import streamlit as st

from benchstats import words
from benchstats.benchmarks import BENCHMARKS
from ui import params, predict

SIDES = {"two-sided": 2, "one-sided": 1}
MAX_QUESTIONS = 1_000_000
PAIRED_KEYS = ("discordance",)
REPEATS_KEYS = ("repeats", "omega2", "sigma2_a", "sigma2_b")
CLUSTERS_KEYS = ("m", "icc")
DESIGN_KEYS = PAIRED_KEYS + REPEATS_KEYS + CLUSTERS_KEYS  # the other designs' fold
SETTING = 200  # px: an input's width in a wrapping row (three fit at 1280 px, one a line at 390)
EXAMPLES = [
    ("82% vs 78%", {"p": 80.0, "d": 4.0}),
    ("1.5 points near 80%", {"p": 80.0, "d": 1.5}),
    ("71% vs 69%", {"p": 70.0, "d": 2.0}),
    ("198 questions at 94%", {"p": 94.0, "n": 198}),
]


def log_grid(low: float, high: float, *, per_decade: tuple[float, ...] = (1, 1.5, 2, 3, 5, 7)):
    """Round values from ``low`` to ``high``, evenly spaced on a log scale (1, 1.5, 2, 3, 5, 7, 10…)."""
    out = []
    for e in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1):
        out += [m * 10**e for m in per_decade if low <= m * 10**e <= high]
    return sorted({int(x) if float(x).is_integer() else x for x in [*out, low, high]})


def steps(low: float, high: float, step: float) -> list[float]:
    """Evenly spaced values from ``low`` to ``high`` (a linear slider's stops)."""
    return list(_steps(low, high, step))


@functools.lru_cache(maxsize=256)
def _steps(low: float, high: float, step: float) -> tuple[float, ...]:
    """The stops, worked out once per process (every rerun draws the same sliders)."""
    return tuple(round(float(x), 6) for x in np.arange(low, high + step / 2, step))


def _canonical(raw: str | None, whole: bool, low: float, high: float):
    try:
        x = float(raw)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(x) or not low <= x <= high or (whole and not x.is_integer()):
        return None
    return int(x) if whole else x


def link_value(key: str, *, whole: bool, bounds: tuple[float, float]) -> float | int | None:
    """The link's value for ``key`` when it is a number within ``bounds``, else None."""
    return _canonical(params.raw_param(key), whole, *bounds)


def grid_slider(
    label: str,
    key: str,
    grid: Sequence[float],
    *,
    default: float | None,
    whole: bool = False,
    bounds: tuple[float, float] | None = None,
    format_func: Callable[[float], str] = str,
    none_label: str | None = None,
    allowed: str | None = None,
    help: str | None = None,
    container=st,
    width: int | str | None = None,
):
    """A slider over ``grid`` kept in ``?key=``; a link's value inside ``bounds`` joins the grid.

    ``none_label`` adds a first stop meaning "not set" (the value is None).
    A refused link value gets :func:`ui.params.choice`'s note, naming ``allowed``;
    ``width`` sizes it in a row (:func:`ui.params.slot`).
    """
    low, high = bounds or (min(grid), max(grid))
    options = sorted({int(x) if whole else float(x) for x in grid})
    raw = params.raw_param(key)
    value = _canonical(raw, whole, low, high)
    if value is not None:
        if value not in options:
            options = sorted({*options, value})
        if str(value) != raw:
            st.query_params[key] = str(value)  # the menu finds its option by its text
    if none_label is not None:
        options = [None, *options]
    shown = allowed or f"a {'whole ' if whole else ''}number from {low:g} to {high:g}"
    return params.choice(
        label, key, options, default=default, widget="select_slider", allowed=shown,
        format_func=lambda v: none_label if v is None else format_func(v), help=help,
        container=container, width=width,
    )  # fmt: skip


@dataclass(frozen=True)
class Asked:
    """What the reader asked: proportions for ``p``, ``lead`` and ``discordance``."""

    p: float
    lead: float
    n: int | None
    alpha: float
    power: float
    sides: int
    discordance: float | None = None
    predict: bool = False

    def query(self) -> str:
        """The page's link for this question (the keys the reader set)."""
        keys = {"p": f"{round(self.p * 100, 6):g}", "d": f"{round(self.lead * 100, 6):g}"}
        if self.n is not None:
            keys["n"] = str(self.n)
        if self.discordance is not None:
            keys["discordance"] = f"{self.discordance * 100:g}"
        if (self.alpha, self.power, self.sides) != (0.05, 0.8, 2):
            keys |= {"alpha": f"{self.alpha:g}", "power": f"{self.power:g}"}
            keys["sides"] = next(w for w, s in SIDES.items() if s == self.sides)
        return "/questions-needed?" + urlencode(keys)


def permalink(query: str) -> str:
    """The full address of ``query`` ("/page?key=value") on the host this reader sees."""
    try:
        return urljoin(st.context.url or "", query)
    except Exception:  # no browser behind this run (tests)
        return query


EXAMPLE_KEY = "examples"


def _use_example() -> None:
    """The examples' callback: put the example's values in the link, and let go of the pill."""
    label = st.session_state.get(EXAMPLE_KEY)
    for key, value in dict(EXAMPLES).get(label, {}).items():
        st.query_params[key] = str(value)
    st.session_state[EXAMPLE_KEY] = None  # a pill, not a setting: it never stays selected


def examples(container) -> None:
    """The articles' examples, one click away: one row of pills (one element, not six)."""
    container.pills(
        "Or start from one of the articles' examples:", [label for label, _ in EXAMPLES],
        key=EXAMPLE_KEY, on_change=_use_example,
    )  # fmt: skip


def settings(container) -> tuple[float, float, str]:
    """Significance, power and sides (number boxes: exact values matter here), in one row.

    Not folded: they rerun with the answer on every edit, and an expander around
    them was one more element each time (and three more to open).
    """
    row = container.container(horizontal=True, wrap=True, gap="small")  # one element, not three
    alpha = params.number(
        "Significance (α)", "alpha", default=0.05, min_value=0.001, max_value=0.2,
        step=0.01, format="%.3f", container=row, width=SETTING,
        help="The false-alarm rate you accept: 0.05 is the usual choice.",
    )  # fmt: skip
    power = params.number(
        "Power", "power", default=0.8, min_value=0.5, max_value=0.99, step=0.05,
        format="%.2f", container=row, width=SETTING,
        help="How often a real lead of this size should be detected: 0.8 is the usual choice.",
    )  # fmt: skip
    sides = params.choice(
        "Test", "sides", list(SIDES), default="two-sided", container=row, width=SETTING,
        help="Two-sided asks whether the models differ; one-sided only whether A beats B.",
    )  # fmt: skip
    return alpha, power, sides if sides in SIDES else "two-sided"


def question(container) -> Asked:
    """The level, the lead and the benchmark's size, as sliders; Predict first; the examples.

    The settings are at their defaults here: :func:`with_settings` reads them.
    """
    p = grid_slider(
        "Scores near", "p", steps(1, 99, 1), default=80.0, bounds=(0.5, 99.5),
        format_func=lambda v: words.score(v / 100), container=container,
        allowed="a percent from 0.5 to 99.5",
        help="The level both models score near. 50% is the hardest place to tell models apart.",
    )  # fmt: skip
    d = grid_slider(
        "Lead you care about", "d",
        [*steps(0.1, 1, 0.1), *steps(1.5, 10, 0.5), 12, 15, 20, 25, 30, 40, 50, 60, 80, 99],
        default=4.0, bounds=(0.1, 99), format_func=lambda v: f"{words.points(v / 100, signed=False)} points",
        allowed="a number of points from 0.1 to 99", container=container,
        help="The gap between the two models, in percentage points.",
    )  # fmt: skip
    n = grid_slider(
        "Questions in your benchmark", "n",
        [*log_grid(10, MAX_QUESTIONS), *(b.questions for b in BENCHMARKS)], default=None,
        whole=True, bounds=(1, MAX_QUESTIONS), format_func=words.count, none_label="not set",
        allowed="a whole number of questions from 1 to 1,000,000", container=container,
        help="Optional: the smallest lead this many questions can see. "
        "The marks include real benchmark sizes (198, 500, 1,319…).",
    )  # fmt: skip
    on = predict.switch(container=container)
    examples(container)
    return Asked(p / 100, d / 100, n, 0.05, 0.8, 2, predict=on)


def with_settings(asked: Asked, container) -> Asked:
    """``asked`` with the reader's significance, power and sides (drawn in ``container``)."""
    alpha, power, sides = settings(container)
    return replace(asked, alpha=alpha, power=power, sides=SIDES[sides])


def discordance(container) -> float | None:
    """The share of questions the models disagree on (optional), as a percent slider."""
    pct = grid_slider(
        "Questions on which the two models disagree", "discordance", steps(0.5, 100, 0.5),
        default=None, bounds=(0.1, 100), none_label="not set",
        format_func=lambda v: words.score(v / 100), container=container,
        allowed="a percent from 0.1 to 100 (0% means the two models never disagree, so "
        "neither can lead). Paired planning is off until you pick a rate",
        help="From your per-question results, or a guess. Leave it at “not set” for "
        "unpaired only.",
    )  # fmt: skip
    return None if pct is None else pct / 100
