"""The pass@k explainer, section by section: each draws one part from benchstats results.

Numbers come from :mod:`benchstats.passk` and :mod:`benchstats.passk_mix`,
sentences from :mod:`benchstats.prose.passk`, charts from
:mod:`benchstats.charts.passk` as Figures drawn by :func:`ui.figure.show`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import streamlit as st

from benchstats import naive_pass_at_k, pass_at_k, words
from benchstats.charts import Caption
from benchstats.charts import passk as charts
from benchstats.passk_mix import (
    COLUMN_RULE,
    MAX_CSV_BYTES,
    MAX_MIX_K,
    MIX_PRESETS,
    DrawCounts,
    MixResampler,
    avg_at_k_standard_error,
    draw_counts,
    first_k_outside,
    get_mix,
    k_grid,
    maj_curve,
    mix_pass_at_k,
    mix_resampler,
    parse_problems_csv,
)
from benchstats.prose import passk as prose
from ui import lazy, predict, view
from ui.figure import show
from ui.sections import passk_inputs
from ui.sections.needed_inputs import permalink
from ui.sections.passk_inputs import DEFAULT_MIX, OneProblem, answers
from ui.verdict import KeyNumber, escape_markdown, verdict_card

RESAMPLES = 1_000
AVG_K_MAX = 50
MAJ_K_MAX = 60
PROBLEM_TABS = ["What the estimator counts", "pass@k against k"]


def columns():
    """Two columns to read side by side; one in the room view, where charts need the width."""
    return st.columns(1 if view.is_room() else 2, gap="large") * (2 if view.is_room() else 1)


def caption(title: str, verdict: str, query: str) -> Caption:
    """What a downloaded chart carries: its claim, the sentence, the link."""
    return Caption(title, verdict, permalink(query))


def mix_query(key: str, seed: int | None = None) -> str:
    """The link that reopens this benchmark (and, given a seed, this band)."""
    return f"/pass-at-k?mix={key}" + ("" if seed is None else f"&seed={seed}")


@st.fragment
def problem_part() -> None:
    """One problem with its own inputs (n, c, k), which nothing else on the page reads.

    A fragment: moving one of them reruns this part only, not the benchmark's
    four charts below.
    """
    problem = passk_inputs.one_problem()
    try:
        d = draw_counts(problem.samples, problem.passed, problem.k)
        if guess(problem, d.pass_at_k):  # with Predict first on, nothing below until the reveal
            one_problem(problem, d)
    except ValueError as exc:  # said in plain words; the rest of the page stands
        st.error(f"These numbers can't be used: {exc}.")


@st.fragment
def benchmark_part() -> None:
    """The benchmark of mixed difficulty, then avg@k and maj@k, which read the same benchmark.

    A fragment with its own inputs (the benchmark, the upload), so they rerun
    this part only. The seed drives the bootstrap band alone, so the band is a
    fragment inside (:func:`band_part`): a seed edit redraws one chart. avg@k
    and maj@k are folded (:func:`avg_and_maj`).
    """
    mix_key = passk_inputs.benchmark()
    results, name, key, data = load_mix(mix_key)
    st.markdown("### Benchmark pass@k against k")  # above the seed: a seed edit leaves it
    band_part(key, data, name)
    the_problems(results[0], name, key, preset=mix_key in MIX_PRESETS)
    avg_and_maj(results, name, key)


@st.fragment
def band_part(key: str, data: bytes | None, name: str) -> None:
    """The seed and what it drives: the card, the curve with its band, the arithmetic.

    ``data`` is the uploaded file's bytes (None for a preset); both are cached,
    so a seed edit recomputes only the band.
    """
    seed = passk_inputs.seed()
    problems, curve, _ = mix_results(key, data)
    mix(problems, curve, mix_band(key, data, seed), name, mix_query(key, seed), seed)


def guess(q: OneProblem, answer: float) -> bool:
    """With ``predict`` on, ask for pass@k first; True once the answer may show."""
    ask = predict.Question(prose.question(q.samples, q.passed, q.k), answer, predict.PERCENT)
    return predict.gate(ask, key="passk", on=q.predict)


def one_problem(q: OneProblem, d: DrawCounts) -> None:
    """One problem (``d`` its draw counts): the card, the two charts, the arithmetic."""
    short = float(naive_pass_at_k(q.passed / q.samples, q.k))
    certain = q.samples - q.passed < q.k
    headline = prose.problem_headline(d, short)
    verdict_card(headline, [
        KeyNumber("pass@1", words.score(q.passed / q.samples),
                  help="c/n: the chance that one sample passes."),
        KeyNumber(f"pass@{q.k} (unbiased)", prose.chance(d.pass_at_k, exact=certain),
                  help="1 − C(n − c, k)/C(n, k): the share of all draws of k that hold a pass."),
        KeyNumber("Shortcut 1 − (1 − c/n)^k", prose.chance(short),
                  help="Treats c/n as if it were the true pass rate and the k tries as "
                  "independent; it counts draws with replacement."),
        KeyNumber("Ways to pick k of n", prose.count_text(d.total)),
    ])  # fmt: skip
    st.markdown(prose.draws_note(d))
    cap = caption(f"pass@{q.k} of one problem: {q.passed} of {q.samples} samples passed",
                  headline, q.query())  # fmt: skip
    # Two tabs, only the open one drawn: an edit of n, c or k redraws one chart, not two.
    counts, curve = lazy.tabs(PROBLEM_TABS, key="passk-problem-charts")
    if counts.open:
        with counts:
            show(charts.figure("draws", charts.draws_frame(d)), key="draws", caption=cap)
    if curve.open:
        with curve:
            ks = np.union1d(k_grid(q.samples, points=200), [q.k])
            frame = charts.problem_curve_frame(
                ks, pass_at_k(q.samples, q.passed, ks),
                naive_pass_at_k(q.passed / q.samples, ks), q.k,
            )  # fmt: skip
            show(charts.figure("curve", frame), key="curve", caption=cap)
    box = lazy.fold("The arithmetic", key="passk-problem-arithmetic")
    if box.open:  # drawn only while a reader has it open
        text, latex = prose.problem_arithmetic(d)
        box.markdown(text)
        box.latex(latex)
        box.markdown(prose.shortcut_arithmetic(d, short))


@st.cache_data(max_entries=32, show_spinner=False)
def mix_results(key: str, data: bytes | None):
    """Problems, curve and avg@k for a preset or an uploaded file (none reads the seed)."""
    problems = parse_problems_csv(data) if data is not None else get_mix(key).problems
    curve = mix_pass_at_k(problems, k_grid(min(problems.max_k, MAX_MIX_K)))
    avg = avg_at_k_standard_error(problems.pass_rates, np.arange(1, AVG_K_MAX + 1))
    return problems, curve, avg


@st.cache_resource(max_entries=32, show_spinner=False)
def mix_bootstrap(key: str, data: bytes | None) -> MixResampler:
    """What every seed's band of :func:`mix_results`' curve shares (each problem's pass@k
    at each k), built once per benchmark and shared as is: its arrays are read-only."""
    problems, curve, _ = mix_results(key, data)
    return mix_resampler(problems, curve.k)


@st.cache_data(max_entries=64, show_spinner=False)
def mix_band(key: str, data: bytes | None, seed: int):
    """The bootstrap band of :func:`mix_results`' curve for ``seed``: a new seed costs its
    draws and percentiles only (the same numbers as ``bootstrap_mix_pass_at_k``)."""
    return mix_bootstrap(key, data).band(resamples=RESAMPLES, seed=seed)


def upload_panel() -> tuple[bytes | None, str | None]:
    """The upload: its bytes and file name, or None with a note saying what is shown."""
    st.markdown(
        "One row per problem, with a column **n** (samples drawn) and a column **c** "
        "(samples that passed); other columns are ignored. Nothing leaves this page."
    )
    upload = st.file_uploader("Per-problem CSV", type=["csv", "txt"], key="mix_csv")
    example = get_mix(DEFAULT_MIX).problems
    frame = pd.DataFrame({"problem": range(1, example.size + 1), "n": example.n, "c": example.c})
    st.download_button("Example file", data=frame.to_csv(index=False).encode(),
                       file_name="pass-at-k-problems.csv", mime="text/csv",
                       icon=":material/download:", on_click="ignore")  # fmt: skip
    preset = MIX_PRESETS[DEFAULT_MIX].name
    if upload is None:
        st.info(f"No file yet: showing the {preset} preset.")
        return None, None
    if upload.size > MAX_CSV_BYTES:
        st.error(f"That file is {words.count(upload.size)} bytes; at most "
                 f"{words.count(MAX_CSV_BYTES)} are allowed. Showing the {preset} preset.")  # fmt: skip
        return None, None
    return upload.getvalue(), upload.name


def load_mix(mix: str):
    """The benchmark's results, name, key and file bytes (None for a preset).

    A file that can't be used falls back to the preset.
    """
    data, label = upload_panel() if mix not in MIX_PRESETS else (None, None)
    key = mix if mix in MIX_PRESETS else DEFAULT_MIX
    try:
        return mix_results(key, data), label or MIX_PRESETS[key].name, key, data
    except ValueError as exc:
        st.error(f"That file can't be used: {exc}. Showing the "
                 f"{MIX_PRESETS[DEFAULT_MIX].name} preset.")  # fmt: skip
        return mix_results(DEFAULT_MIX, None), MIX_PRESETS[DEFAULT_MIX].name, DEFAULT_MIX, None


def mix(problems, curve, band, name: str, query: str, seed: int) -> None:
    """The benchmark: the card, its curve and band against the shortcut, the arithmetic."""
    last = int(curve.k[-1])
    departs = first_k_outside(curve.k, curve.shortcut, band.low, band.high)
    headline = prose.mix_headline(name, curve, band, departs)
    verdict_card(headline, [
        KeyNumber("Problems", words.count(problems.size)),
        KeyNumber("pass@1 (both)", words.score(curve.mean_pass_rate)),
        KeyNumber(f"pass@{last}", prose.chance(curve.estimate[-1], exact=bool(curve.exactly_one[-1]))),
        KeyNumber(f"95% band at k = {words.count(last)}",
                  f"{prose.chance(band.low[-1])} to {prose.chance(band.high[-1])}",
                  help=f"Bootstrap over problems, {words.count(RESAMPLES)} resamples, seed {seed}."),
        KeyNumber(f"Shortcut at k = {words.count(last)}", prose.chance(curve.shortcut[-1])),
    ])  # fmt: skip
    cap = caption(f"pass@k of {name} ({words.plural(problems.size, 'problem')})", headline,
                  query)  # fmt: skip
    show(charts.figure("mix", charts.mix_frame(curve, band)), key="mix", caption=cap)
    box = lazy.fold("The arithmetic", key="passk-mix-arithmetic")
    if box.open:
        box.markdown(prose.mix_arithmetic(problems.size, curve, band, problems.max_k > MAX_MIX_K))


def the_problems(problems, name: str, key: str, preset: bool) -> None:
    """How hard the benchmark's problems are: outside the band's fragment (the seed moves no bar)."""
    about = MIX_PRESETS[key].description if preset else ""
    st.markdown(f"### The problems\n\n{about}")  # heading and description: one element
    cap = caption(f"The problems of {name} ({words.plural(problems.size, 'problem')})",
                  about, mix_query(key))  # fmt: skip
    show(charts.figure("rates", charts.rates_frame(problems)), key="rates", caption=cap)


@st.cache_data(max_entries=64, show_spinner=False)
def maj_results(p_correct: float, p_distractor: float):
    """maj@k and pass@k for k = 1…MAJ_K_MAX (exact sums over binomials: ~0.1 s)."""
    return maj_curve(p_correct, p_distractor, np.arange(1, MAJ_K_MAX + 1))


def avg(results, name: str, query: str) -> None:
    """avg@k: pass@1 with less noise, down to the floor the problems set."""
    sentence = prose.avg_sentence(escape_markdown(name), results[2])
    st.markdown(f"### avg@k: pass@1 with less noise\n\n{sentence}")
    cap = caption(f"avg@k on {name}", prose.avg_sentence(name, results[2]), query)
    show(charts.figure("avg", charts.avg_frame(results[2])), key="avg", caption=cap)


MAJ_KEYS = ("p_correct", "p_distractor")
AVG_MAJ = "avg@k and maj@k: two more numbers on this benchmark"


def avg_and_maj(results, name: str, key: str) -> None:
    """avg@k and maj@k in a fold: drawn while open, its sliders while the link holds them.

    Folded because every element on the page costs every seed edit in the
    browser (two charts, a row of columns, buttons and sliders here); the
    fold opens at first for a link that sets ``p_correct`` or ``p_distractor``.
    """
    st.markdown(
        "## avg@k and maj@k\n\nTwo other ways to spend k samples per problem: **avg@k** "
        "averages them (pass@1 with less noise), **maj@k** lets them vote."
    )
    box = lazy.input_fold(AVG_MAJ, key="passk-avg-maj", keys=MAJ_KEYS)
    if not box.draws():  # closed, and the link holds neither chance
        return
    with box:
        if not box.open:  # closed, but the link's chances must stay in it: the sliders alone
            maj(drawn=False)
            return
        left, right = columns()
        with left:
            avg(results, name, mix_query(key))
        with right:
            maj(drawn=True)
        st.markdown(AVG_MAJ_ARITHMETIC)


@st.fragment
def maj(*, drawn: bool) -> None:
    """maj@k against pass@k for the reader's answer distribution (owns its inputs).

    ``drawn`` False draws the inputs alone (a closed fold that keeps a link's values).
    """
    if drawn:
        st.markdown("### maj@k: the vote follows the most common answer")
    p_correct, p_distractor = answers()
    if not drawn:
        return
    try:
        result = maj_results(p_correct, p_distractor)
    except ValueError as exc:
        st.error(f"These chances can't be used: {exc}.")
        return
    sentence = prose.maj_sentence(result)
    st.markdown(sentence)
    query = f"/pass-at-k?p_correct={100 * p_correct:g}&p_distractor={100 * p_distractor:g}"
    cap = caption(f"maj@k with {words.score(p_correct)} correct, {words.score(p_distractor)} "
                  "for the strongest wrong answer", sentence.replace("**", ""), query)  # fmt: skip
    show(charts.figure("maj", charts.maj_frame(result)), key="maj", caption=cap)


AVG_MAJ_ARITHMETIC = (  # how avg@k's error and maj@k are computed: under the charts
    "**The arithmetic of avg@k.** With m problems of pass rates pᵢ, the variance of avg@k is "
    "(Var(p) + mean(p(1 − p))/k)/m: the spread of difficulty between problems plus the "
    "sampling noise within each, which k divides. Here the pᵢ are the benchmark's "
    "c/n, taken as the true rates. k = 1 is plain pass@1 from one sample.\n\n"
    "**The arithmetic of maj@k.** Out of k samples, X are correct (binomial with the correct "
    "answer's chance), and the strongest wrong answer gets a binomial share of the rest; every "
    "other wrong answer appears once. The vote is right when X beats the wrong answer's "
    "count (ties broken at random), summed exactly over all counts. pass@k here is "
    "1 − (1 − p)^k with p the correct answer's chance: exact, because p is known, not "
    "estimated from samples."
)


def column_rule() -> None:
    """Which numbers may share a column of a table: the heading, a sentence, the table."""
    st.markdown(
        "## The column rule\n\nFour numbers, four questions. Only numbers that answer the same question may sit in "
        "one column of a table, and none of them means anything without **n, k and the "
        "sampling temperature** printed beside it."
    )
    st.table(_column_rule_table(), hide_index=True)


@st.cache_resource(show_spinner=False)
def _column_rule_table() -> pa.Table:
    """The column rule as Arrow, built once per process (the same for every reader)."""
    return pa.table({
        "Metric": [r.metric for r in COLUMN_RULE],
        "What it measures": [r.measures for r in COLUMN_RULE],
        "May share a column with": [r.same_column_as for r in COLUMN_RULE],
        "Print with it": [r.print_with for r in COLUMN_RULE],
    })  # fmt: skip
