"""The Luck simulator's inputs: URL-bound widgets read into one frozen value.

URL keys: p (percent), n, bench, d (points), mode, spread (percent),
variants, seed, predict, runs. :func:`settings` draws the setting,
:func:`build_up` the runs (a slider, the seed and the +1 / +100 / +1,000
buttons).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import streamlit as st
from streamlit.errors import StreamlitAPIException

from benchstats import words
from benchstats.benchmarks import Benchmark
from benchstats.luck import count_ladder
from benchstats.tally import BEST, INDEPENDENT, MODES, SAME
from ui import params
from ui.claim import benchmark_menu

MAX_QUESTIONS = 1_000_000
MAX_RUNS = 1_000_000
MAX_SEED = 999_999_999
MAX_VARIANTS = 1_000
MAX_SPREAD_PCT = 95
DEFAULTS = {"p": 80.0, "n": 100, "d": 4.0, "runs": 1_000, "seed": 1, "spread": 50.0, "variants": 20}
MODE_LABELS = {
    INDEPENDENT: "Independent questions",
    SAME: "Same questions, mixed difficulty",
    BEST: "Best of K prompt variants",
}
STEPS = (1, 100, 1_000)
WIDTH = 190  # px a slider takes in the settings' wrapping row: one row at 1920, one on a phone
MENU_WIDTH = 255  # a menu shows its whole choice ("Same questions, mixed difficulty")
SEED_WIDTH = 130
SEED_NOTE_WIDTH = 320  # while a note about the link's seed shows under it
SEED = "seed"  # its URL key (and session key)
_LAST_PRESET = "_luck_last_preset"  # the preset's size on the last run


@dataclass(frozen=True)
class Setting:
    """What the reader asked for, in proportions (``p``, ``lead``, ``spread``)."""

    p: float
    lead: float
    n: int
    bench: Benchmark | None
    mode: str
    spread: float
    k: int
    predict: bool
    seed: int

    @property
    def bench_name(self) -> str | None:
        return self.bench.name if self.bench is not None else None


def _row(container):
    return container.container(horizontal=True, wrap=True, gap="small")


def _refused(key: str, lo: float, hi: float, whole: bool) -> str | None:
    """The link's value for ``key`` when the slider cannot take it (then dropped), else None."""
    raw = params.raw_param(key)
    if raw is None or params.acceptable(raw, lo, hi, whole):
        return None
    params.drop_from_link(key)
    return raw


def _note(key: str, raw: str | None, allowed: str, value, container) -> None:
    """Say which link value was refused and what is shown instead (kept until changed)."""
    if raw is not None:
        shown = value if isinstance(value, int) else f"{value:g}"
        params.note_refused(
            key,
            f"The link's `{key}={params.quoted_value(raw)}` can't be used: {key} must be {allowed}. "
            f"Showing {shown}.",
            value,
        )
    params.show_note(key, container)


def _place(container, key: str, raw: str | None, *, boxed: bool = False, width=WIDTH):
    """Where an input goes and its width (:func:`ui.params.slot`; ``raw``: a refused link value).

    ``boxed=True`` keeps a box of its own either way.
    """
    if boxed:
        return container.container(width=width), "stretch"
    box, sized = params.slot(container, width, key=key, refused=raw is not None)
    return box, sized.get("width", "stretch")


def slider(
    label, key, *, default, lo, hi, step, allowed, help, container, fmt="%.1f", boxed=True
) -> float:
    """A slider bound to ``?key=`` whose step gives the precision (0.1 of a percent).

    ``boxed=False``: a box of its own only while a note about the link shows.
    """
    raw = _refused(key, lo, hi, whole=False)
    box, width = _place(container, key, raw, boxed=boxed)
    value = box.slider(
        label, lo, hi, float(default), step, format=fmt, key=key, bind="query-params", help=help,
        width=width,
    )  # fmt: skip
    _note(key, raw, allowed, value, box)
    return value


def count_slider(label, key, *, default, lo, hi, allowed, help, container, **kwargs) -> int:
    """A log-spaced slider over whole counts bound to ``?key=``; a link's exact count is a stop.

    The stops are :func:`benchstats.luck.count_ladder`, plus the link's
    value and the session's (a button may have set it), so any count in
    range can be linked to and kept.
    """
    raw = _refused(key, lo, hi, whole=True)
    linked = params.raw_param(key) if raw is None else None
    keep = [int(default), int(st.session_state.get(key, default))]
    if linked is not None:
        keep.append(int(float(linked)))
        if str(keep[-1]) != linked:  # `n=1e3`, `n=100.0`: the stop is named "1000", "100"
            params.drop_from_link(key)
            st.session_state[key] = keep[-1]
    box, width = _place(container, key, raw)
    value = box.select_slider(
        label,
        count_ladder(lo, hi, keep=tuple(keep)),
        value=int(default),
        key=key,
        bind="query-params",
        help=help,
        width=width,
        **kwargs,
    )
    _note(key, raw, allowed, value, box)
    return int(value)


def mode_menu(*, container) -> str:
    """The mode menu, kept in ``?mode=`` by its key (``mode=best-of-k``), labels on screen.

    Without ``mode``, a link's ``variants`` means best of K and its ``spread``
    means same questions; the mode then goes into the link, since the browser
    drops ``variants=20`` (the slider's default) after the first run.
    """
    implied = (
        BEST
        if params.raw_param("variants") is not None
        else SAME
        if params.raw_param("spread") is not None
        else INDEPENDENT
    )
    if implied != INDEPENDENT and params.raw_param("mode") is None:
        st.query_params["mode"] = implied
    return params.choice(
        "What to simulate",
        "mode",
        MODES,
        default=implied,
        format_func=MODE_LABELS.get,
        help="Independent questions is the basic picture. Same questions shows why paired "
        "tests win; best of K shows the lead that picking a winner manufactures.",
        container=container,
        width=MENU_WIDTH,
    )


def _preset_questions(bench: Benchmark, *, container) -> int:
    """A preset gives the questions: a locked box, its size kept in the URL."""
    raw_n = params.raw_param("n")
    with contextlib.suppress(StreamlitAPIException):  # n may still be bound this run
        st.query_params["n"] = str(bench.questions)
    box = container.container(width=WIDTH)
    box.number_input("Questions", value=bench.questions, disabled=True, key=f"_luck_n_{bench.key}")
    box.caption(f"From {bench.name}. Clear the preset to choose your own.")
    parsed = params.parse_number(raw_n) if raw_n is not None else None
    if parsed is not None and parsed != bench.questions:
        box.warning(
            f"The link's `n={params.quoted_value(raw_n)}` is ignored: {bench.name} has "
            f"{words.plural(bench.questions, 'question')}.",
            icon=":material/link_off:",
        )
    st.session_state[_LAST_PRESET] = bench.questions
    return bench.questions


def questions_input(bench: Benchmark | None, *, container) -> int:
    """Questions: the preset's size (locked, kept in the URL) or the reader's own ``n``."""
    if bench is not None:
        return _preset_questions(bench, container=container)
    last = st.session_state.pop(_LAST_PRESET, None)
    if last is not None:  # the preset was just cleared: its size stays in the box
        st.session_state["n"] = last
    return count_slider(
        "Questions",
        "n",
        default=DEFAULTS["n"],
        lo=1,
        hi=MAX_QUESTIONS,
        allowed=f"a whole number of questions from 1 to {words.count(MAX_QUESTIONS)}",
        help=f"How many questions the benchmark has, on a log scale (up to "
        f"{words.count(MAX_QUESTIONS)}). A link can name any count, e.g. `n=198`.",
        container=container,
    )


def _skill_and_lead(row) -> tuple[float, float]:
    p_pct = slider(
        "Skill of both models (%)",
        "p",
        default=DEFAULTS["p"],
        lo=0.1,
        hi=99.9,
        step=0.1,
        allowed="a percent from 0.1 to 99.9",
        help="The chance that either model gets a question right. Both models have it. "
        "Arrow keys move it by 0.1.",
        container=row,
        boxed=False,
    )
    d_pts = slider(
        "Lead to ask about (points)",
        "d",
        default=DEFAULTS["d"],
        lo=0.0,
        hi=100.0,
        step=0.1,
        allowed="a number of points from 0 to 100",
        help="How often are the two models at least this many percentage points apart? "
        "Arrow keys move it by 0.1.",
        container=row,
        boxed=False,
    )
    return p_pct / 100, d_pts / 100


def _mode_setting(mode: str, row) -> tuple[float, int]:
    """The mode's own input: the difficulty spread, or the number of variants K."""
    if mode == SAME:
        spread_pct = slider(
            "Difficulty spread (%)",
            "spread",
            default=DEFAULTS["spread"],
            lo=0.0,
            hi=float(MAX_SPREAD_PCT),
            step=1.0,
            fmt="%.0f",
            allowed=f"a percent from 0 to {MAX_SPREAD_PCT}",
            help="How much the questions differ. 0% = every question equally hard. Near 100% "
            "= each question is nearly always or nearly never solved. (The share of the "
            "per-question variance that comes from the questions themselves.)",
            container=row,
            boxed=False,
        )
        return spread_pct / 100, 1
    if mode == BEST:
        k = count_slider(
            "Prompt variants (K)",
            "variants",
            default=DEFAULTS["variants"],
            lo=1,
            hi=MAX_VARIANTS,
            allowed=f"a whole number of variants from 1 to {words.count(MAX_VARIANTS)}",
            help="Model A is run with K prompt variants, all exactly as good as model B; "
            "only the best variant's score is reported against one run of B.",
            container=row,
        )
        return 0.0, k
    return 0.0, 1


def _predict_switched() -> None:
    """Toggle callback: switched on, the runs start again at 0 (no answer drawn before a guess)."""
    if st.session_state.get("predict"):
        _reset()


def settings(*, container=st) -> Setting:
    """Draw the setting's inputs in one wrapping row and read them.

    The seed is read, not drawn: its input sits with the runs it seeds, in
    the simulation's fragment (:func:`seed_input`).
    """
    row = _row(container)
    p, lead = _skill_and_lead(row)
    bench = benchmark_menu(container=row.container(width=MENU_WIDTH))
    n = questions_input(bench, container=row)
    mode = mode_menu(container=row)
    spread, k = _mode_setting(mode, row)
    predict = row.toggle(
        "Predict first",
        width="content",
        key="predict",
        bind="query-params",
        on_change=_predict_switched,
        help="Hide the answer until you (or the class) have typed a guess. The runs start at 0.",
    )
    return Setting(p, lead, n, bench, mode, spread, k, predict, current_seed())


# --------------------------------------------------------------------------- the runs


def current_seed() -> int:
    """The seed before its input is drawn this run: the input's last value, else the link's.

    Read the way :func:`seed_input` reads it: a link's value it refuses gives
    the default. The simulation checks the two agree (see ``sections.luck``).
    """
    if SEED in st.session_state:
        return int(st.session_state[SEED])
    raw = params.raw_param(SEED)
    if raw is not None and params.acceptable(raw, 0, MAX_SEED, whole=True):
        return int(float(raw))
    return DEFAULTS[SEED]


def seed_input(*, container) -> int:
    """The seed, bound to ``?seed=``: it names the runs' random draws.

    Its box widens while a note about the link's seed shows, so the note reads
    in a few lines.
    """
    raw = params.raw_param(SEED)
    refused = raw is not None and not params.acceptable(raw, 0, MAX_SEED, whole=True)
    noted = refused or params.note_pending(SEED)
    seed = params.number(
        "Seed",
        SEED,
        default=DEFAULTS[SEED],
        min_value=0,
        max_value=MAX_SEED,
        whole=True,
        help="Names one sequence of random draws: the same seed, the same runs (and, on the "
        "same questions, the same questions).",
        container=container.container(width=SEED_NOTE_WIDTH if noted else SEED_WIDTH),
    )
    return int(seed)


def _add(step: int) -> None:
    """Button callback: ask for ``step`` more runs (the URL's ``runs`` follows)."""
    st.session_state["runs"] = min(MAX_RUNS, int(st.session_state.get("runs", 0)) + step)


def _reset() -> None:
    st.session_state["runs"] = 0


def _buttons(row, runs: int) -> None:
    for step in STEPS:
        row.button(
            f"+{words.count(step)}",
            key=f"add-{step}",
            on_click=_add,
            args=(step,),
            help=f"Add {words.plural(step, 'run')} to the ones drawn so far.",
            disabled=runs + step > MAX_RUNS,
        )
    row.button(
        "Reset",
        key="reset",
        on_click=_reset,
        icon=":material/restart_alt:",
        help="Back to 0 runs (the same seed then draws the same runs again).",
    )


def build_up(setting: Setting, *, container=st) -> tuple[int, int, object]:
    """The runs drawn, the seed and the build-up buttons.

    Returns (runs, seed, slot): ``slot`` ends the buttons' row, for the
    simulated share and the last run's scores. It is as wide as its content,
    so where the row has no room for it (a split screen, an iframe) it moves
    to the next line whole instead of squeezing the tile and cutting its label.
    """
    row = container.container(horizontal=True, wrap=True, gap="small", vertical_alignment="bottom")
    runs = count_slider(
        "Runs drawn",
        "runs",
        default=0 if setting.predict else DEFAULTS["runs"],
        lo=0,
        hi=MAX_RUNS,
        allowed=f"a whole number of runs from 0 to {words.count(MAX_RUNS)}",
        help="How many times the pair is scored, on a log scale; the buttons add runs. The "
        "link keeps this number, and the same seed gives the same runs.",
        container=row,
    )
    seed = seed_input(container=row)
    _buttons(row.container(horizontal=True, gap="small", width="content"), int(runs))
    return int(runs), seed, row.container(horizontal=True, wrap=True, width="content")


def query(setting: Setting, runs: int) -> dict[str, str]:
    """The URL keys that reopen this page as it is now (for a downloaded chart's link)."""

    def pct(x: float) -> str:  # the URL's units: 0.805 → "80.5"
        return f"{round(x * 100, 4):g}"

    keys = {"p": pct(setting.p), "n": str(setting.n), "d": pct(setting.lead)}
    if setting.bench is not None:
        keys["bench"] = setting.bench.key
    keys["mode"] = setting.mode
    if setting.mode == SAME:
        keys["spread"] = pct(setting.spread)
    if setting.mode == BEST:
        keys["variants"] = str(setting.k)
    return keys | {"runs": str(runs), "seed": str(setting.seed)}
