"""pass@k explainer: the unbiased estimator, and why the shortcut is wrong.

Inputs → benchstats → charts → output. Every input is in the URL:
``samples``, ``passed``, ``k`` (one problem), ``mix`` and ``seed`` (a
benchmark of mixed difficulty), ``p_correct`` and ``p_distractor`` (percent,
the answer distribution behind maj@k).
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd
import pyarrow as pa
import streamlit as st

from benchstats import naive_pass_at_k, pass_at_k
from benchstats.charts.passk import (
    avg_chart,
    avg_frame,
    chart_datasets,
    chart_spec,
    draws_chart,
    draws_frame,
    maj_chart,
    maj_frame,
    mix_chart,
    mix_frame,
    problem_curve_chart,
    problem_curve_frame,
    rates_chart,
    rates_frame,
)
from benchstats.passk_mix import (
    COLUMN_RULE,
    MAX_CSV_BYTES,
    MAX_MIX_K,
    MIX_PRESETS,
    avg_at_k_standard_error,
    bootstrap_mix_pass_at_k,
    count_text,
    draw_counts,
    first_k_outside,
    get_mix,
    k_grid,
    maj_curve,
    mix_pass_at_k,
    parse_problems_csv,
)
from ui import params
from ui.downloads import chart_downloads
from ui.verdict import KeyNumber, escape_markdown, verdict_card

MAX_SAMPLES = 1_000  # per problem on this page
DEFAULT_SAMPLES, DEFAULT_PASSED, DEFAULT_K = 20, 3, 5
UPLOAD = "upload"
DEFAULT_MIX = "long-tail"
RESAMPLES = 1_000
AVG_K_MAX = 50
MAJ_K_MAX = 60
TRAP = (30.0, 40.0)  # p_correct, p_distractor in percent: the distractor is the mode
FAVOURITE = (40.0, 20.0)


def fmt(x: float, *, exact: bool = False) -> str:
    """A chance as a reader sees it: three decimals, trailing zeros dropped.

    "1" only when the caller knows the value is exactly 1 (``exact``): a float
    can round 1 − 10⁻⁵⁹ to 1.0, and that must still read "> 0.999".
    """
    if exact and x == 1.0:
        return "1"
    if x == 0.0:
        return "0"
    if x > 0.9995:
        return "> 0.999"
    if x < 0.0005:
        return "< 0.001"
    return f"{x:.3f}".rstrip("0").rstrip(".")


def say(x: float, *, exact: bool = False) -> str:
    """:func:`fmt` for the middle of a sentence: "over 0.999" rather than "> 0.999"."""
    return fmt(x, exact=exact).replace("> ", "over ").replace("< ", "under ")


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def set_answers(p_correct: float, p_distractor: float) -> None:
    """A preset button's callback: put both chances (percent) in their inputs."""
    st.session_state["p_correct"] = p_correct
    st.session_state["p_distractor"] = p_distractor


def refuse(message: str) -> None:
    st.warning(message, icon=":material/link_off:")


def tables(kind: str, df: pd.DataFrame) -> dict[str, pa.Table]:
    """The chart's named data sets, ready for the browser (Arrow)."""
    return {
        name: pa.Table.from_pandas(d, preserve_index=False)
        for name, d in chart_datasets(kind, df).items()
    }


def draw(kind: str, df: pd.DataFrame, build, name: str, data: dict | None = None) -> None:
    """One chart and its downloads. The spec is built once per process (Altair
    assembly and schema validation are most of a rerun's cost); a rerun only hands
    over the rows (``data``, from :func:`tables`, when they are cached), and the
    browser swaps them in place. The Altair chart is built only for a download."""
    spec = {**chart_spec(kind), "datasets": data or tables(kind, df)}
    st.vega_lite_chart(spec, width="stretch")
    chart_downloads(partial(build, df), df, name, key=kind)


# --------------------------------------------------------------------------- page

st.title("pass@k explainer")
st.markdown(
    "pass@k is the chance that **at least one of k tries** solves a problem. It has to be "
    "estimated from a finite pile of samples, and the quick formula people reach for gets "
    "it wrong. Here is what the right estimator counts, and which numbers may be compared."
)

# --------------------------------------------------------------------------- 1. one problem

st.header("One problem", divider="gray")
cols = st.columns(3)
samples = params.number(
    "Samples drawn (n)",
    "samples",
    default=DEFAULT_SAMPLES,
    min_value=1,
    max_value=MAX_SAMPLES,
    whole=True,
    unit="samples",
    container=cols[0],
    help="How many answers were generated for the problem.",
)
passed = params.number(
    "Samples that passed (c)",
    "passed",
    default=DEFAULT_PASSED,
    min_value=0,
    max_value=MAX_SAMPLES,
    whole=True,
    unit="samples",
    container=cols[1],
    help="How many of those answers passed the tests. At most n.",
)
k = params.number(
    "Tries allowed (k)",
    "k",
    default=DEFAULT_K,
    min_value=1,
    max_value=MAX_SAMPLES,
    whole=True,
    unit="samples",
    container=cols[2],
    help="pass@k asks: if you could submit k of the samples, does one of them pass? At most n.",
)
if passed > samples:
    shown = min(DEFAULT_PASSED, samples)
    refuse(
        f"c = {passed:,} passing samples is more than the n = {samples:,} samples drawn, "
        f"so it can't be used. Showing c = {shown:,}; lower c or raise n."
    )
    passed = shown
if k > samples:
    shown = min(DEFAULT_K, samples)
    refuse(
        f"k = {k:,} tries is more than the n = {samples:,} samples drawn: pass@k needs "
        f"k ≤ n. Showing k = {shown:,}; lower k or raise n."
    )
    k = shown

try:
    draws = draw_counts(samples, passed, k)
    p1 = pass_at_k(samples, passed, 1)
    pk = pass_at_k(samples, passed, k)
    short = naive_pass_at_k(passed / samples, k)
except ValueError as exc:
    st.error(f"These numbers can't be used: {exc}.")
    draws = None

if draws is not None:
    certain = samples - passed < k  # fewer failures than tries: every pick holds a pass
    pk_text = fmt(pk, exact=certain)
    if certain:
        headline = (
            f"pass@{k} is exactly 1: only {samples - passed:,} of the {samples:,} samples "
            f"failed, fewer than the {k:,} tries, so every pick of {k:,} holds a pass."
        )
    elif passed == 0:
        headline = f"pass@{k} is 0: no sample passed, so no pick of {k:,} can hold a pass."
    else:
        if pk > 0.9995:
            first = (
                f"pass@{k} is just below 1: a pick misses every pass in only "
                f"{count_text(draws.without_pass)} of the {count_text(draws.total)} ways to "
                f"choose {k:,} of these {samples:,} samples."
            )
        else:
            first = (
                f"pass@{k} = {pk_text}: {pct(pk)} of the ways to pick {k:,} of these "
                f"{samples:,} samples hold a pass."
            )
        gap = pk - short  # never negative: the shortcut is always the lower
        if k == 1:
            second = "At k = 1 the shortcut agrees: both are c/n."
        elif gap < 0.0005:
            second = f"The shortcut says {say(short)}, within 0.001 here."
        else:
            second = f"The shortcut says {say(short)}, {100 * gap:.1f} points too low."
        headline = f"{first} {second}"
    verdict_card(
        headline,
        [
            KeyNumber(
                "pass@1",
                fmt(p1, exact=passed == samples),
                help="c/n: the chance that one sample passes.",
            ),
            KeyNumber(
                f"pass@{k} (unbiased)",
                pk_text,
                help="1 − C(n − c, k)/C(n, k): the share of all draws of k that hold a pass.",
            ),
            KeyNumber(
                "Shortcut 1 − (1 − c/n)^k",
                fmt(short),
                help="Treats c/n as if it were the true pass rate and the k tries as "
                "independent; it counts draws with replacement.",
            ),
            KeyNumber("Ways to pick k of n", count_text(draws.total)),
        ],
        note=(
            f"Of the {count_text(draws.total)} ways to pick {k:,} of the {samples:,} samples, "
            f"{count_text(draws.without_pass)} contain no passing sample."
        ),
    )

    left, right = st.columns(2, gap="large")
    with left:
        st.subheader("What the estimator counts")
        st.caption(
            f"Every way to pick {k:,} of the {samples:,} samples, sorted by how many passing "
            "samples the pick holds. pass@k is the green share."
        )
        df_draws = draws_frame(draws)
        draw("draws", df_draws, draws_chart, "pass-at-k-draws")
    with right:
        st.subheader("pass@k against k")
        st.caption(
            "Both curves for this problem. The shortcut sits below: it lets a try repeat "
            "a sample already drawn."
        )
        ks = k_grid(samples, points=200)
        ks = np.union1d(ks, [k])
        df_curve = problem_curve_frame(
            ks, pass_at_k(samples, passed, ks), naive_pass_at_k(passed / samples, ks), k
        )
        draw("curve", df_curve, problem_curve_chart, "pass-at-k-one-problem")

    with st.expander("The arithmetic"):
        st.markdown(
            f"Picking {k:,} of {samples:,} samples can be done in C({samples:,}, {k:,}) = "
            f"{count_text(draws.total)} ways, all equally likely. A pick holds no pass only if "
            f"all {k:,} come from the {samples - passed:,} failures: C({samples - passed:,}, "
            f"{k:,}) = {count_text(draws.without_pass)} ways. So"
        )
        st.latex(
            rf"\text{{pass@}}{k} = 1 - \frac{{\binom{{{samples - passed}}}{{{k}}}}}"
            rf"{{\binom{{{samples}}}{{{k}}}}} = {pk_text}"
        )
        st.markdown(
            "The binomials get huge (C(200, 100) is about 9 × 10⁵⁸, too big for a "
            "floating-point number), so the ratio is computed as a running product "
            "∏ (1 − k/i) over i = n − c + 1 … n, which never leaves 0 to 1. When fewer than "
            "k samples failed, every pick holds a pass and pass@k is exactly 1.\n\n"
            f"The shortcut 1 − (1 − {fmt(passed / samples)})^{k} = {fmt(short)} multiplies "
            f"{k:,} independent chances of failing, as if each try were a fresh sample "
            "from a problem whose pass rate is exactly c/n. Drawing without replacement "
            "cannot pick the same failure twice, so the true share is higher."
        )

# --------------------------------------------------------------------------- 2. the mix

st.header("A benchmark of mixed difficulty", divider="gray")
st.markdown(
    "A benchmark's pass@k is the **average of each problem's pass@k**. The shortcut "
    "applies 1 − (1 − p)^k to the average pass rate instead. The two agree at k = 1 and "
    "then drift apart: averaging first and bending second is not the same as bending "
    "each problem first. All three presets have the same pass@1, 0.3."
)
mix_options = [*MIX_PRESETS, UPLOAD]
cols = st.columns([2, 1])
mix = params.choice(
    "Benchmark",
    "mix",
    mix_options,
    default=DEFAULT_MIX,
    # No format_func: a bound selectbox puts the label it shows into the URL,
    # so the labels are the URL values (`?mix=easy-and-impossible`).
    help="all-medium, easy-and-impossible and long-tail are 100 problems of 50 samples "
    "each; upload takes your own per-problem CSV.",
    container=cols[0],
)
seed = params.number(
    "Bootstrap seed",
    "seed",
    default=1,
    min_value=0,
    max_value=999_999,
    whole=True,
    container=cols[1],
    help="The same seed gives the same band, so a link reproduces it exactly.",
)


@st.cache_data(max_entries=32, show_spinner=False)
def mix_results(key: str, data: bytes | None, seed: int):
    """Curve, bootstrap band and problems for a preset or an uploaded file."""
    mix_problems = parse_problems_csv(data) if data is not None else get_mix(key).problems
    ks = k_grid(min(mix_problems.max_k, MAX_MIX_K))
    curve = mix_pass_at_k(mix_problems, ks)
    band = bootstrap_mix_pass_at_k(mix_problems, ks, resamples=RESAMPLES, seed=seed)
    return mix_problems, curve, band


@st.cache_data(max_entries=64, show_spinner=False)
def maj_results(p_correct: float, p_distractor: float):
    """maj@k and pass@k for k = 1…MAJ_K_MAX (exact sums over binomials: ~0.1 s)."""
    return maj_curve(p_correct, p_distractor, np.arange(1, MAJ_K_MAX + 1))


@st.cache_resource(max_entries=32, show_spinner=False)
def benchmark_views(key: str, data: bytes | None, seed: int):
    """What the three benchmark charts draw: built once per benchmark and seed, so
    moving an input of another section doesn't rebuild them. Shared, never mutated."""
    mix_problems, curve, band = mix_results(key, data, seed)
    avg = avg_at_k_standard_error(mix_problems.pass_rates, np.arange(1, AVG_K_MAX + 1))
    frames = {
        "mix": mix_frame(curve, band),
        "rates": rates_frame(mix_problems),
        "avg": avg_frame(avg),
    }
    return avg, {kind: (df, tables(kind, df)) for kind, df in frames.items()}


@st.cache_resource(max_entries=64, show_spinner=False)
def maj_view(p_correct: float, p_distractor: float):
    """maj@k's curves, table and chart data, once per answer distribution."""
    maj = maj_results(p_correct, p_distractor)
    df = maj_frame(maj)
    return maj, df, tables("maj", df)


data = None
label = None
if mix == UPLOAD:
    st.markdown(
        "One row per problem, with a column **n** (samples drawn) and a column **c** "
        "(samples that passed); other columns are ignored. Nothing leaves this page."
    )
    upload = st.file_uploader("Per-problem CSV", type=["csv", "txt"], key="mix_csv")
    example = get_mix(DEFAULT_MIX).problems
    st.download_button(
        "Example file",
        data=pd.DataFrame({"problem": range(1, example.size + 1), "n": example.n, "c": example.c})
        .to_csv(index=False)
        .encode(),
        file_name="pass-at-k-problems.csv",
        mime="text/csv",
        icon=":material/download:",
        on_click="ignore",
    )
    if upload is None:
        st.info(f"No file yet: showing the {MIX_PRESETS[DEFAULT_MIX].name} preset.")
    elif upload.size > MAX_CSV_BYTES:
        st.error(
            f"That file is {upload.size:,} bytes; at most {MAX_CSV_BYTES:,} are allowed. "
            f"Showing the {MIX_PRESETS[DEFAULT_MIX].name} preset."
        )
    else:
        data = upload.getvalue()
        label = upload.name

mix_args = (mix if mix in MIX_PRESETS else DEFAULT_MIX, data, int(seed))
try:
    mix_problems, curve, band = mix_results(*mix_args)
except ValueError as exc:
    st.error(f"That file can't be used: {exc}. Showing the {MIX_PRESETS[DEFAULT_MIX].name} preset.")
    label = None
    mix_args = (DEFAULT_MIX, None, int(seed))
    mix_problems, curve, band = mix_results(*mix_args)
avg, views = benchmark_views(*mix_args)

name = label or MIX_PRESETS[mix if mix in MIX_PRESETS else DEFAULT_MIX].name
last = int(curve.k[-1])
departs = first_k_outside(curve.k, curve.shortcut, band.low, band.high)
if departs is None:
    drift = "the shortcut stays inside the 95% band all the way"
else:
    drift = f"the shortcut leaves the 95% band from k = {departs:,}"
at_last = say(curve.estimate[-1], exact=bool(curve.exactly_one[-1]))
verdict_card(
    f"{name}: at k = {last:,} the benchmark's pass@k is {at_last}, "
    f"the shortcut says {say(curve.shortcut[-1])}; {drift}.",
    [
        KeyNumber("Problems", f"{mix_problems.size:,}"),
        KeyNumber("pass@1 (both)", fmt(curve.mean_pass_rate)),
        KeyNumber(f"pass@{last:,}", fmt(curve.estimate[-1], exact=bool(curve.exactly_one[-1]))),
        KeyNumber(
            f"95% band at k = {last:,}",
            f"{fmt(band.low[-1])}–{fmt(band.high[-1])}",
            help=f"Bootstrap over problems, {RESAMPLES:,} resamples, seed {int(seed)}.",
        ),
        KeyNumber(f"Shortcut at k = {last:,}", fmt(curve.shortcut[-1])),
    ],
    note=None if mix not in MIX_PRESETS else MIX_PRESETS[mix].description,
)
left, right = st.columns(2, gap="large")
with left:
    st.subheader("Benchmark pass@k against k")
    st.caption(
        "Blue: the average of each problem's pass@k, with its 95% band (shaded). "
        "Dashed: the shortcut on the average pass rate."
    )
    draw("mix", views["mix"][0], mix_chart, "pass-at-k-benchmark", views["mix"][1])
with right:
    st.subheader("The problems")
    st.caption("How many problems sit at each pass rate c/n.")
    draw("rates", views["rates"][0], rates_chart, "pass-at-k-problems", views["rates"][1])

with st.expander("The arithmetic"):
    st.markdown(
        f"For each of the {mix_problems.size:,} problems, pass@k = 1 − C(n − c, k)/C(n, k) "
        "from its own n and c; the benchmark's pass@k is their plain average (the blue "
        "line). The shortcut takes the average pass rate "
        f"p = {fmt(curve.mean_pass_rate)} and reports 1 − (1 − p)^k (the dashed line).\n\n"
        "Why they part: 1 − (1 − p)^k bends (it is concave in p), so the average of the "
        "bent values is below the bent average. A problem nobody solves stays at 0 "
        "however many tries you allow, but in the shortcut its zero is mixed into the "
        "average and then gets tries of its own.\n\n"
        f"The band: {RESAMPLES:,} benchmarks of {mix_problems.size:,} problems drawn "
        f"from these problems with replacement (seed {int(seed)}), each averaged the same "
        "way; the band runs from the 2.5th to the 97.5th percentile at each k. It shows "
        "how much the curve would move with other problems of the same kind. "
        f"The curve is drawn up to k = {last:,}, the fewest samples any problem has"
        + (f" (capped at {MAX_MIX_K:,})." if mix_problems.max_k > MAX_MIX_K else ".")
    )

# --------------------------------------------------------------------------- 3. avg@k, maj@k

st.header("avg@k and maj@k", divider="gray")
left, right = st.columns(2, gap="large")
with left:
    st.subheader("avg@k: pass@1 with less noise")
    st.markdown(
        f"avg@k averages k samples per problem. It estimates the same thing as pass@1, "
        f"with a smaller error bar: on {escape_markdown(name)} the standard error falls from "
        f"{100 * avg.se[0]:.1f} points with one sample to {100 * avg.se[-1]:.1f} with "
        f"{AVG_K_MAX}. It cannot go below {100 * avg.se_floor:.1f} points: that part comes "
        "from which problems are in the benchmark, and only more problems shrink it."
    )
    st.caption("Dashed: the floor set by the spread of difficulty between problems.")
    draw("avg", views["avg"][0], avg_chart, "avg-at-k-standard-error", views["avg"][1])

with right:
    st.subheader("maj@k: the vote follows the most common answer")
    buttons = st.container(horizontal=True, gap="small")
    buttons.button(
        "The trap: a strong wrong answer",
        on_click=set_answers,
        args=TRAP,
        icon=":material/warning:",
        key="preset_trap",
    )
    buttons.button(
        "A clear favourite",
        on_click=set_answers,
        args=FAVOURITE,
        icon=":material/thumb_up:",
        key="preset_favourite",
    )
    cols = st.columns(2)
    p_correct = params.number(
        "Correct answer (%)",
        "p_correct",
        default=TRAP[0],
        min_value=0,
        max_value=100,
        step=1.0,
        format="%.1f",
        unit="percent",
        container=cols[0],
        help="Chance that one sample gives the correct answer.",
    )
    p_distractor = params.number(
        "Strongest wrong answer (%)",
        "p_distractor",
        default=TRAP[1],
        min_value=0,
        max_value=100,
        step=1.0,
        format="%.1f",
        unit="percent",
        container=cols[1],
        help="Chance that one sample gives the most common wrong answer. Every other "
        "sample is a wrong answer of its own that never repeats.",
    )
    if p_correct + p_distractor > 100:
        refuse(
            f"{p_correct:g}% correct plus {p_distractor:g}% for the strongest wrong answer "
            f"is {p_correct + p_distractor:g}%, more than 100%: they are chances of two "
            f"different answers. Showing the trap, {TRAP[0]:g}% and {TRAP[1]:g}%."
        )
        p_correct, p_distractor = TRAP
    try:
        maj, df_maj, maj_data = maj_view(p_correct / 100, p_distractor / 100)
    except ValueError as exc:
        st.error(f"These chances can't be used: {exc}.")
        maj = None
    if maj is not None:
        best = int(maj.k[np.argmax(maj.maj)])
        where = {
            1.0: "towards 1: the correct answer is the most common, so more votes help",
            0.0: "towards 0: a wrong answer is the most common, so more votes make it worse",
            0.5: "towards ½: the two top answers tie and the vote is a coin flip",
        }[maj.limit]
        if maj.p_correct == 0:
            story = "No sample is ever correct, so neither a vote nor k tries can be."
        else:
            story = (
                f"A majority vote converges to the most common answer, so maj@k heads {where}. "
                f"It peaks at k = {best} ({say(float(maj.maj.max()))}). pass@k only needs one "
                "correct sample, so it rises whatever the wrong answers do."
            )
        st.markdown(
            f"**With {MAJ_K_MAX} samples maj@k is {say(maj.maj[-1])} while pass@k is "
            f"{say(maj.pass_[-1])}.** {story}"
        )
        draw("maj", df_maj, maj_chart, "maj-at-k", maj_data)

with st.expander("The arithmetic"):
    st.markdown(
        "**avg@k.** With m problems of pass rates pᵢ, the variance of avg@k is "
        "(Var(p) + mean(p(1 − p))/k)/m: the spread of difficulty between problems plus the "
        "sampling noise within each, which k divides. Here the pᵢ are the benchmark's "
        "c/n, taken as the true rates. k = 1 is plain pass@1 from one sample.\n\n"
        "**maj@k.** Out of k samples, X are correct (binomial with the correct answer's "
        "chance), and the strongest wrong answer gets a binomial share of the rest; every "
        "other wrong answer appears once. The vote is right when X beats the wrong answer's "
        "count (ties broken at random), summed exactly over all counts. pass@k here is "
        "1 − (1 − p)^k with p the correct answer's chance: exact, because p is known, not "
        "estimated from samples."
    )

# --------------------------------------------------------------------------- 4. the column rule

st.header("The column rule", divider="gray")
st.markdown(
    "Four numbers, four questions. Only numbers that answer the same question may sit in "
    "one column of a table, and none of them means anything without **n, k and the "
    "sampling temperature** printed beside it."
)
st.table(
    pd.DataFrame(
        {
            "Metric": [r.metric for r in COLUMN_RULE],
            "What it measures": [r.measures for r in COLUMN_RULE],
            "May share a column with": [r.same_column_as for r in COLUMN_RULE],
            "Print with it": [r.print_with for r in COLUMN_RULE],
        }
    ),
    hide_index=True,
)
