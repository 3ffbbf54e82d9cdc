"""Luck simulator: two equally good models, scored again and again.

URL keys: p (percent), n, bench, d (points), mode, spread (percent),
variants, runs, seed, predict. Inputs → benchstats (exact distributions and
a tally of simulated runs kept as counts per gap) → the answer card, the
build-up buttons, the histogram with the exact line, the arithmetic.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from functools import partial

import numpy as np
import streamlit as st
from streamlit.errors import StreamlitAPIException

from benchstats import gap_distribution, unpaired_gap
from benchstats.charts.luck import (
    gap_bins,
    gap_histogram,
    histogram_spec,
    marker_frame,
    with_data,
)
from benchstats.difficulty import (
    beta_parameters,
    chance_interval,
    discordance_share,
    poisson_binomial_pmf,
    question_chances,
)
from benchstats.distribution import GapDistribution, core, questions_for_lead
from benchstats.intervals import critical_value
from benchstats.selection import BestOfK, best_of_k, best_of_k_count_pmfs
from benchstats.tally import GapSampler, GapTally, add_runs, new_tally
from ui import params
from ui.claim import benchmark_menu, count, points
from ui.downloads import chart_downloads
from ui.verdict import KeyNumber, verdict_card

MAX_QUESTIONS = 1_000_000
MAX_RUNS = 1_000_000
MAX_SEED = 999_999_999
MAX_VARIANTS = 1_000
MAX_SPREAD_PCT = 95
DEFAULTS = {"p": 80.0, "n": 100, "d": 4.0, "runs": 1_000, "seed": 1, "spread": 50.0, "variants": 20}
INDEPENDENT, SAME, BEST = "independent", "same-questions", "best-of-k"
MODES = (INDEPENDENT, SAME, BEST)
MODE_LABELS = {
    INDEPENDENT: "Independent questions",
    SAME: "Same questions, mixed difficulty",
    BEST: "Best of K prompt variants",
}
STEPS = (1, 100, 1_000)
LEVEL = 0.95
QUESTION_STREAM = 1  # the questions get their own random stream: adding runs never moves them
WINDOW_TAIL = 2e-4  # the chart shows the gaps that hold all but this much in each tail (~3.5 SD)
_TALLY = "_luck_tally"  # session_state: (setting, GapTally)
_LAST_PRESET = "_luck_last_preset"  # the preset's size on the last run


# --------------------------------------------------------------------------- formatting


def share(x: float | None, decimals: int = 1) -> str:
    """A chance or share as a percent; never "nan"."""
    if x is None or not math.isfinite(x):
        return "no runs yet"
    if x == 0:
        return "0%"
    if x == 1:
        return "100%"
    floor = 10.0**-decimals
    if x * 100 < floor:
        return f"less than {floor:g}%"
    if x * 100 > 100 - floor:
        return f"more than {100 - floor:g}%"
    return f"{x * 100:.{decimals}f}%"


def pts(x: float, *, signed: bool = False, decimals: int = 1) -> str:
    """Points with a true minus: 0.04 → "4.0"; small values keep two significant digits."""
    size = abs(x) * 100
    if 0 < size < 1:  # 0.0045 points must not read "0.0"
        decimals = max(decimals, 1 - math.floor(math.log10(size)))
    return points(x, decimals=decimals, signed=signed)


def chance_text(x: float, decimals: int = 2) -> str:
    """An exact chance. Tails below 1e-10 are trimmed from the cached distributions, so an
    exact 0 here means "too small to show", never "impossible"."""
    return share(x, decimals) if x > 0 else f"less than {10.0**-decimals:g}%"


def pct_input(x: float) -> str:
    """A percent as typed: 80.0 → "80%", 80.5 → "80.5%"."""
    return f"{x:,.2f}".rstrip("0").rstrip(".") + "%"


def chance_word(q: float) -> str:
    """A question's chance of a right answer: "29.7%", "almost 100%"."""
    if q >= 0.9995:
        return "almost 100%"
    if q <= 0.0005:
        return "almost 0%"
    return f"{q * 100:.1f}%"


def questions(k: int) -> str:
    return f"{count(k)} question{'s' if k != 1 else ''}"


# --------------------------------------------------------------------------- exact, cached


@st.cache_data(max_entries=64, show_spinner=False)
def independent_exact(p: float, n: int) -> GapDistribution:
    """Exact gap of two equal models on independent questions (trimmed for the cache)."""
    return GapDistribution.from_support(*gap_distribution(p, n)).trimmed()


@st.cache_data(max_entries=8, show_spinner="Setting the questions…")
def same_questions_exact(
    p: float, n: int, spread: float, seed: int
) -> tuple[GapDistribution, tuple[int, np.ndarray], float]:
    """Seeded per-question chances → exact gap, count pmf (lo, probs), discordance share.

    Both distributions are trimmed of tails below 1e-12 so the cached copies stay
    small (a million questions: thousands of numbers, not millions).
    """
    chances = question_chances(p, n, spread, seed=[seed, QUESTION_STREAM])
    pmf = poisson_binomial_pmf(chances)
    gap = GapDistribution.from_count_pmfs(pmf, pmf).trimmed()
    first, last = core(pmf, 1e-12)
    return gap, (first, pmf[first : last + 1]), discordance_share(chances)


@st.cache_data(max_entries=16, show_spinner="Working out the best of K…")
def best_exact(p: float, n: int, k: int) -> BestOfK:
    best = best_of_k(p, n, k, confidence_level=LEVEL)
    return dataclasses.replace(best, distribution=best.distribution.trimmed())


@st.cache_data(max_entries=8, show_spinner=False)
def best_sampler(p: float, n: int, k: int) -> GapSampler:
    """Draws of the best variant's count and the baseline's, from their trimmed pmfs."""
    best, base = best_of_k_count_pmfs(p, n, k)
    (a0, a1), (b0, b1) = core(best, 1e-12), core(base, 1e-12)
    return GapSampler.from_pmfs(best[a0 : a1 + 1], base[b0 : b1 + 1], n=n, lo_a=a0, lo_b=b0)


@st.cache_data(max_entries=64, show_spinner=False)
def chart_spec(
    x_domain: tuple[float, float],
    y_max: float,
    x_title: str,
    reference_label: str,
    has_reference: bool,
    has_marks: bool,
) -> dict:
    """The chart's spec without its data: built once per shape (most of a chart's cost).

    The same spec while runs are added also lets the browser update the chart
    in place instead of drawing it anew.
    """
    return histogram_spec(
        x_domain=x_domain,
        y_max=y_max,
        x_title=x_title,
        reference_label=reference_label,
        has_reference=has_reference,
        has_marks=has_marks,
    )


# --------------------------------------------------------------------------- runs


def add(step: int) -> None:
    """Button callback: ask for ``step`` more runs (the URL's ``runs`` follows)."""
    st.session_state["runs"] = min(MAX_RUNS, int(st.session_state.get("runs", 0)) + step)


def reset() -> None:
    st.session_state["runs"] = 0


def tally_for(setting: tuple, target: int, sampler) -> GapTally:
    """The session's tally for this setting, topped up (or restarted) to ``target`` runs."""
    stored = st.session_state.get(_TALLY)
    tally = stored[1] if stored is not None and stored[0] == setting else None
    n, seed = setting[2], setting[3]
    if tally is None or tally.runs > target:  # a new setting, or fewer runs asked: redraw
        tally = new_tally(n, seed=seed)
    if target > tally.runs:
        tally = add_runs(tally, sampler(), target - tally.runs)
    st.session_state[_TALLY] = (setting, tally)
    return tally


# --------------------------------------------------------------------------- URL-keyed inputs


def mode_menu(*, container) -> str:
    """The mode menu, kept in ``?mode=`` by its key (``mode=best-of-k``), labels on screen.

    Without ``mode``, a link's ``variants`` means best of K and its ``spread``
    means same questions.
    """
    implied = (
        BEST
        if params.raw_param("variants") is not None
        else SAME
        if params.raw_param("spread") is not None
        else INDEPENDENT
    )
    return params.choice(
        "What to simulate",
        "mode",
        MODES,
        default=implied,
        format_func=MODE_LABELS.get,
        help="Independent questions is the basic picture. Same questions shows why paired "
        "tests win; best of K shows the lead that picking a winner manufactures.",
        container=container,
    )


def questions_input(bench, *, container) -> int:
    """Questions: the preset's size (locked, kept in the URL) or the reader's own ``n``."""
    if bench is not None:
        raw_n = params.raw_param("n")
        with contextlib.suppress(StreamlitAPIException):  # n may still be bound this run
            st.query_params["n"] = str(bench.questions)
        container.number_input(
            "Questions", value=bench.questions, disabled=True, key=f"_luck_n_{bench.key}"
        )
        container.caption(f"From {bench.name}. Clear the preset to type your own.")
        parsed = params._parse_number(raw_n) if raw_n is not None else None
        if parsed is not None and parsed != bench.questions:
            container.warning(
                f"The link's `n={params._shown(raw_n)}` is ignored: {bench.name} has "
                f"{count(bench.questions)} questions.",
                icon=":material/link_off:",
            )
        st.session_state[_LAST_PRESET] = bench.questions
        return bench.questions
    last = st.session_state.pop(_LAST_PRESET, None)
    if last is not None:  # the preset was just cleared: its size stays in the box
        st.session_state["n"] = last
    return int(
        params.number(
            "Questions",
            "n",
            default=DEFAULTS["n"],
            min_value=1,
            max_value=MAX_QUESTIONS,
            whole=True,
            unit="questions",
            help=f"How many questions the benchmark has (up to {count(MAX_QUESTIONS)}).",
            container=container,
        )
    )


# --------------------------------------------------------------------------- inputs

st.title("Luck simulator")
st.markdown(
    "Two models with **exactly the same skill** sit the same benchmark again and again. "
    "Every gap between their scores is luck. How big does luck get?"
)

# Two pairs that stay side by side: four across on a laptop, two rows of two on a phone.
question_half, bench_half = st.columns(2)
c_p, c_d = question_half.columns(2, wrap=False)
c_bench, c_n = bench_half.columns([1.4, 1], wrap=False)
p_pct = params.number(
    "Skill of both models (%)",
    "p",
    default=DEFAULTS["p"],
    min_value=0.1,
    max_value=99.9,
    step=1.0,
    format="%.1f",
    unit="percent",
    help="The chance that either model gets a question right. Both models have it.",
    container=c_p,
)
d_pts = params.number(
    "Lead to ask about (points)",
    "d",
    default=DEFAULTS["d"],
    min_value=0,
    max_value=100,
    step=0.5,
    format="%.1f",
    unit="points",
    help="How often are the two models at least this many percentage points apart?",
    container=c_d,
)
bench = benchmark_menu(container=c_bench)
n = questions_input(bench, container=c_n)

mode_half, setting_half = st.columns(2, vertical_alignment="bottom")
c_setting, c_predict = setting_half.columns(2, wrap=False, vertical_alignment="bottom")
mode = mode_menu(container=mode_half)
spread_pct = k_variants = None
if mode == SAME:
    spread_pct = params.number(
        "Difficulty spread (%)",
        "spread",
        default=DEFAULTS["spread"],
        min_value=0,
        max_value=MAX_SPREAD_PCT,
        step=5.0,
        format="%.0f",
        unit="percent",
        help="How much the questions differ. 0% = every question equally hard. Near 100% = "
        "each question is nearly always or nearly never solved. (The share of the "
        "per-question variance that comes from the questions themselves.)",
        container=c_setting,
    )
elif mode == BEST:
    k_variants = int(
        params.number(
            "Prompt variants (K)",
            "variants",
            default=DEFAULTS["variants"],
            min_value=1,
            max_value=MAX_VARIANTS,
            whole=True,
            unit="variants",
            help="Model A is run with K prompt variants, all exactly as good as model B; "
            "only the best variant's score is reported against one run of B.",
            container=c_setting,
        )
    )
predict = c_predict.toggle(
    "Predict first",
    key="predict",
    bind="query-params",
    help="Hide the answer until you (or the class) have typed a guess.",
)

p, d = p_pct / 100, d_pts / 100
two_sided = mode != BEST
lead_q = questions_for_lead(d, n)

# The page's parts, in reading order; the build-up inputs are drawn before the card is filled.
guess_slot = st.container()
card_slot = st.container()
controls = st.container()
chart_slot = st.container()

with controls:
    numbers_part, c_buttons = st.columns([2, 3], vertical_alignment="bottom")
    c_runs, c_seed = numbers_part.columns(2, wrap=False)
    runs_target = int(
        params.number(
            "Runs drawn",
            "runs",
            default=DEFAULTS["runs"],
            min_value=0,
            max_value=MAX_RUNS,
            whole=True,
            unit="runs",
            help="How many times the pair is scored. The link keeps this number, and the "
            "same seed gives the same runs.",
            container=c_runs,
        )
    )
    seed = int(
        params.number(
            "Seed",
            "seed",
            default=DEFAULTS["seed"],
            min_value=0,
            max_value=MAX_SEED,
            whole=True,
            unit="",
            help="Names one sequence of random draws: the same seed, the same runs.",
            container=c_seed,
        )
    )
    buttons = c_buttons.container(horizontal=True, wrap=True, gap="small")
    for step in STEPS:
        buttons.button(
            f"+{count(step)}",
            key=f"add-{step}",
            on_click=add,
            args=(step,),
            help=f"Add {count(step)} run{'s' if step > 1 else ''} to the ones drawn so far.",
            disabled=runs_target + step > MAX_RUNS,
        )
    buttons.button(
        "Reset",
        key="reset",
        on_click=reset,
        icon=":material/restart_alt:",
        help="Back to 0 runs (the same seed then draws the same runs again).",
    )

# --------------------------------------------------------------------------- compute

try:
    base = independent_exact(p, n)
    extra = None
    if mode == INDEPENDENT:
        exact = base
        setting = (mode, p, n, seed)
        sampler = lambda: GapSampler.binomial(p, n)  # noqa: E731
    elif mode == SAME:
        spread = spread_pct / 100
        exact, (lo_count, count_pmf), discord = same_questions_exact(p, n, spread, seed)
        extra = discord
        setting = (mode, p, n, seed, spread)
        sampler = lambda: GapSampler.from_pmfs(  # noqa: E731
            count_pmf, count_pmf, n=n, lo_a=lo_count, lo_b=lo_count
        )
    else:
        best = best_exact(p, n, k_variants)
        exact = best.distribution
        extra = best
        setting = (mode, p, n, seed, k_variants)
        sampler = lambda: best_sampler(p, n, k_variants)  # noqa: E731
    tally = tally_for(setting, runs_target, sampler)
    exact_share = exact.share_at_least(d, two_sided=two_sided)
    simulated = tally.share_at_least(d, two_sided=two_sided)
    se_gap = unpaired_gap(p, p, n).se
except ValueError as err:
    st.error(f"These settings can't be simulated: {err}.", icon=":material/error:")
    st.stop()

# --------------------------------------------------------------------------- the answer

bar = f"{pts(d)} points"
on = f"on {questions(n)}" + (f" ({bench.name})" if bench is not None else "")
if mode == INDEPENDENT:
    question = (
        f"How often do two equally good models ({pct_input(p_pct)} each) land at least "
        f"{bar} apart {on}?"
    )
    headline = (
        f"Luck alone puts two equally good models ({pct_input(p_pct)} each) at least {bar} "
        f"apart in {chance_text(exact_share)} of runs {on}."
    )
elif mode == SAME:
    question = (
        f"Both models now face the same {questions(n)}, some easy, some hard. How often do "
        f"they land at least {bar} apart?"
    )
    headline = (
        f"On the same questions, luck puts them at least {bar} apart in "
        f"{chance_text(exact_share)} of runs — {chance_text(base.share_at_least(d))} if the "
        "questions were independent."
    )
else:
    question = (
        f"A is run with {k_variants} equally good prompt variants and only the best is "
        f"reported against one run of B. How often does it lead by {bar} or more?"
    )
    headline = (
        f"Reporting the best of {k_variants} equally good variants shows a lead of {bar} or "
        f"more in {chance_text(exact_share)} of runs; the typical (median) lead is "
        f"{pts(extra.median, signed=True)} points, all luck."
    )

revealed = True
if predict:
    with guess_slot:
        st.markdown(f"#### Predict first\n{question}")
        guess = st.number_input(
            "Your guess (% of runs)",
            min_value=0.0,
            max_value=100.0,
            value=None,
            step=1.0,
            format="%.0f",
            placeholder="type a percent",
            key=f"guess-{setting}-{lead_q}",
            width=240,
        )
        revealed = guess is not None
        if not revealed:
            st.info(
                "The answer, the counts and the chart appear once there is a guess.",
                icon=":material/visibility_off:",
            )

if revealed:
    band = exact.half_width(LEVEL) if two_sided else None
    numbers = [
        KeyNumber(
            "Exact chance",
            chance_text(exact_share),
            help="Worked out from the exact distribution of the gap, not simulated.",
        ),
        KeyNumber(
            f"Simulated, {count(tally.runs)} runs",
            share(simulated),
            help="The share of the runs drawn so far. It drifts toward the exact chance "
            "as runs are added.",
        ),
    ]
    if mode == INDEPENDENT:
        numbers += [
            KeyNumber(
                "SE of the gap",
                f"{pts(se_gap, decimals=2)} pts",
                help="How far the gap typically moves by luck: √(2p(1−p)/n).",
            ),
            KeyNumber(
                "95% of runs within",
                f"±{pts(band)} pts",
                help="The band of luck: the smallest gap that 95% of runs stay inside.",
            ),
        ]
    elif mode == SAME:
        numbers += [
            KeyNumber(
                "95% of runs within",
                f"±{pts(band)} pts",
                help="The band of luck on the same questions.",
            ),
            KeyNumber(
                "Independent questions",
                f"±{pts(base.half_width(LEVEL))} pts",
                help="The same band if each model got its own independent questions.",
            ),
            KeyNumber(
                "Questions they disagree on",
                share(extra),
                help="On average, the share of questions one model gets right and the other "
                f"wrong ({share(discordance_share([p]))} if every question were equally hard). "
                "Only these questions move the gap.",
            ),
        ]
    else:
        numbers += [
            KeyNumber(
                "Median lead",
                f"{pts(extra.median, signed=True)} pts",
                help="Half of all best-of-K reports show at least this lead.",
            ),
            KeyNumber(
                "Average lead",
                f"{pts(extra.mean, signed=True)} pts",
                help=f"Exact. The normal shortcut, {extra.max_normal:.2f} × one score's SE, "
                f"gives {pts(extra.shortcut, signed=True)}.",
            ),
        ]
    if predict:
        guess_slot.success(
            f"Your guess: {guess:.0f}%. The exact answer: {chance_text(exact_share)}.",
            icon=":material/visibility:",
        )
    verdict_card(headline, numbers, clears=None, container=card_slot)

# --------------------------------------------------------------------------- the picture


def nice_ceiling(x: float, steps: tuple[float, ...] = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8)) -> float:
    """The next round number (``steps`` × 10^k) at or above x."""
    if x <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(x))
    return next(m * power for m in (*steps, 10) if m * power >= x)


AXIS_ENDS = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8)  # round x-axis ends: a small edit keeps the axis


def chart_range() -> tuple[int, int, tuple[float, float]]:
    """Gaps (whole questions) the chart covers and its x-axis ends (round points).

    It covers the distribution, every run so far and the lead when it is
    near; the ends are rounded coarsely so most edits keep the same axis and
    the browser updates the chart instead of redrawing it.
    """
    lo, hi = exact.window(WINDOW_TAIL)
    if mode != INDEPENDENT:  # the comparison line must fit too
        b_lo, b_hi = base.window(WINDOW_TAIL)
        lo, hi = min(lo, b_lo), max(hi, b_hi)
    if tally.observed is not None:
        lo, hi = min(lo, tally.observed[0]), max(hi, tally.observed[1])
    lo, hi = min(lo, -1), max(hi, 1)  # 0 is always on the chart
    to_pts = 100 / n
    if two_sided:
        half = max(-lo, hi)
        if lead_q <= 1.5 * half:
            half = max(half, lead_q + 1)
        end = min(nice_ceiling((half + 0.5) * to_pts, AXIS_ENDS), 100 + to_pts / 2)
        q = math.floor(end / to_pts)
        return -q, q, (-end, end)
    if lead_q <= hi + (hi - lo) / 2:
        hi = max(hi, lead_q + 1)
    step = nice_ceiling((hi - lo + 1) * to_pts / 8, AXIS_ENDS)
    low = max(math.floor((lo - 0.5) * to_pts / step) * step, -100 - to_pts / 2)
    high = min(math.ceil((hi + 0.5) * to_pts / step) * step, 100 + to_pts / 2)
    return math.ceil(low / to_pts), math.floor(high / to_pts), (low, high)


if revealed:
    lo, hi, x_domain = chart_range()
    reference = base.probs_for(lo, hi) if mode != INDEPENDENT else None
    bins = gap_bins(
        n,
        lo,
        exact.probs_for(lo, hi),
        tally.counts_for(lo, hi),
        lead_q,
        two_sided=two_sided,
        reference=reference,
    )
    if two_sided:
        h = round(band * n)
        band_pts = ((-h - 0.5) * 100 / n, (h + 0.5) * 100 / n)
    else:
        band_pts = ((extra.low * n - 0.5) * 100 / n, (extra.high * n + 0.5) * 100 / n)
    y_top = nice_ceiling(
        1.3 * float(np.nanmax(bins[["exact_pct", "reference_pct"]].to_numpy())),
        (1, 1.5, 2, 3, 5, 7.5),
    )
    markers = marker_frame(
        d_pts,
        two_sided=two_sided,
        extra={f"Median best-of-{k_variants} lead": extra.median * 100} if mode == BEST else None,
    )
    x_title = (
        "Lead of the best variant over model B (points)"
        if mode == BEST
        else "Gap between the two models, A − B (points)"
    )
    reference_label = "Independent questions" if mode == SAME else "One variant, no picking"
    spec = chart_spec(
        x_domain, y_top, x_title, reference_label, reference is not None, mode == BEST
    )
    spec = with_data(spec, bins, markers, band_pts)
    # The full Altair chart is built only if someone downloads a picture.
    picture = partial(
        gap_histogram,
        bins,
        markers,
        band=band_pts,
        x_domain=x_domain,
        y_max=y_top,
        x_title=x_title,
        reference_label=reference_label,
    )
    with chart_slot:
        st.vega_lite_chart(spec, width="stretch", theme=None)
        chart_downloads(picture, bins, "luck-simulator", key="luck")
        width_q = round((bins["to_pts"].iloc[0] - bins["from_pts"].iloc[0]) * n / 100)
        bar_words = (
            f"Each bar is one gap of a whole question ({pts(1 / n)} points)."
            if width_q == 1
            else f"Each bar gathers {width_q} neighbouring gaps ({pts(width_q / n)} points)."
        )
        if mode == INDEPENDENT:
            story = (
                f"Each run, both models answer all {questions(n)} with a {pct_input(p_pct)} "
                "chance each, and the run's gap lands in one bar. Orange bars are runs at least "
                f"{bar} apart; the dashed red lines mark ±{pts(d)} points. The black line is the "
                "exact chance of each gap: as runs pile up the bars settle onto it. The grey band "
                "holds 95% of runs — a lead inside it is what two identical models produce by "
                "luck."
            )
        elif mode == SAME:
            story = (
                f"Now both models face the same {questions(n)}, drawn once from the seed: some "
                "easy, some hard. A question both models nearly always solve (or nearly always "
                "miss) cannot separate them, so only the questions on which they disagree move "
                "the gap. The dashed grey line is the independent-questions case for "
                "comparison: the same-questions gap is narrower. That is why a paired test, "
                "which looks only at the disagreements, sees leads an unpaired one cannot."
            )
        else:
            story = (
                f"Each run scores {k_variants} prompt variants of model A and one run of model B, "
                "all exactly equally good, and reports only the best variant's lead. The whole "
                "distribution slides right: picking the winner of many tries manufactures a "
                "lead from nothing. The dashed grey line is one variant with no picking; the "
                "dashed red line marks the lead asked about, the dotted purple one the median "
                "best-of-K lead."
            )
        st.markdown(story)
        st.caption(
            bar_words + " Bars taller than the chart are cut off at the top (few runs: "
            "hover for the count). Shares are of all runs so far."
        )
st.caption(
    f"Limits: up to {count(MAX_QUESTIONS)} questions, {count(MAX_RUNS)} runs in all and "
    f"{count(MAX_VARIANTS)} variants; seeds 0 to {count(MAX_SEED)}. Runs are kept as counts "
    "per gap, never one by one."
)

# --------------------------------------------------------------------------- the arithmetic

if revealed:  # no answers before a guess
    with st.expander("The arithmetic"):
        z = critical_value(LEVEL)
        lines = [
            f"**Skill p = {pct_input(p_pct)}, n = {questions(n)}, lead asked about d = {bar}** "
            f"(= {questions(lead_q)}: d·n rounded to whole questions).",
            "",
            "**Two models, independent questions.**",
            f"- Each model's number right is Binomial(n, p). The SE of the gap between two such "
            f"scores is √(2·p·(1 − p)/n) = √(2 × {p:.4g} × {1 - p:.4g} / {n:,}) = "
            f"**{pts(se_gap, decimals=2)} points**.",
            "- The exact chance of a gap of k questions is P(A − B = k) = Σₓ P(A = x)·P(B = x − k): "
            "one binomial distribution convolved with the other reversed.",
            f"- Independent questions: P(|gap| ≥ {bar}) = **{chance_text(base.share_at_least(d))}**; "
            f"one *particular* model ahead by {bar} or more: "
            f"{chance_text(base.share_at_least(d, two_sided=False))}; an exact tie: "
            f"{chance_text(float(base.probs_for(0, 0)[0]))}.",
            f"- 95% of runs land within ±{pts(base.half_width(LEVEL))} points (the smallest h with "
            f"P(|gap| ≤ h) ≥ 95%); the normal shortcut {z:.2f} × {pts(se_gap, decimals=2)} = "
            f"{pts(z * se_gap)} points.",
        ]
        if mode == SAME:
            alpha, beta = beta_parameters(p, spread)
            low, high = chance_interval(p, spread, 0.8)
            beta_text = (
                "every question has chance p (no spread)"
                if spread == 0
                else f"Beta(α = {alpha:.3g}, β = {beta:.3g}), with α = p·(1/ρ − 1) and "
                f"β = (1 − p)·(1/ρ − 1) for the spread ρ = {spread:.2f}: mean p and variance "
                f"ρ·p·(1 − p). The middle 80% of questions have a chance between "
                f"{chance_word(low)} and {chance_word(high)}"
            )
            lines += [
                "",
                "**Same questions.**",
                f"- Question i's chance qᵢ is drawn once (seed {seed}) from {beta_text}.",
                "- Each model's number right is a sum of Bernoulli(qᵢ): a Poisson-binomial count, "
                "computed exactly as the product of the polynomials (1 − qᵢ) + qᵢ·x. The gap's "
                "distribution is that count's distribution convolved with itself reversed.",
                f"- SD of the gap: √(2·Σ qᵢ(1 − qᵢ))/n = {pts(exact.sd, decimals=2)} points, against "
                f"{pts(se_gap, decimals=2)} on independent questions. P(|gap| ≥ {bar}) = "
                f"**{chance_text(exact_share)}**.",
                f"- They disagree on a share 2·mean(qᵢ(1 − qᵢ)) = {share(extra)} of questions; "
                f"2·p·(1 − p) = {share(discordance_share([p]))} if every question were equally "
                "hard.",
            ]
        if mode == BEST:
            lines += [
                "",
                f"**Best of K = {k_variants}.**",
                "- Each variant's count is Binomial(n, p); the best one's has "
                "P(best ≤ x) = F(x)ᴷ, with F the binomial cumulative distribution (an order "
                "statistic). The reported lead is best − B, B one more binomial shared by all "
                "variants: the best's distribution convolved with B's reversed.",
                f"- P(lead ≥ {bar}) = **{chance_text(exact_share)}**; median lead "
                f"{pts(extra.median, signed=True)}, average {pts(extra.mean, signed=True)}, 95% "
                f"of runs between {pts(extra.low, signed=True)} and {pts(extra.high, signed=True)} "
                "points.",
                f"- Normal shortcut: the expected maximum of {k_variants} standard normals is "
                f"{extra.max_normal:.2f}; times one score's SE √(p(1 − p)/n) gives "
                f"{pts(extra.shortcut, signed=True)} points of pure luck.",
            ]
        lines += [
            "",
            f"**Simulation.** Run r draws A's and B's counts with the random stream "
            f"numpy.random.default_rng({seed}): "
            + (
                "two binomial draws per run."
                if mode == INDEPENDENT
                else "each count drawn from its exact distribution (one uniform number each)."
            )
            + " Runs are drawn in order, so a link with the same seed and number of runs "
            "shows the same runs however they were added.",
        ]
        st.markdown("\n".join(lines))
