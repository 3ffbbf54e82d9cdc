"""The pass@k explainer, section by section: each draws one part from its settings.

Numbers come from :mod:`benchstats.passk` and :mod:`benchstats.passk_mix`,
sentences from :mod:`benchstats.prose.passk`, charts from
:mod:`benchstats.charts.passk` as Figures drawn by :func:`ui.figure.show`;
the inputs (:mod:`ui.inputs`) write the reader's changes into the link.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from benchstats import language, words
from benchstats.charts import Caption
from benchstats.charts import passk as charts
from benchstats.charts.thumb import Thumb
from benchstats.language import N_, _
from benchstats.passk import DrawCounts, maj_curve, naive_pass_at_k, pass_at_k
from benchstats.passk_mix import (
    MAX_CSV_BYTES,
    MAX_MIX_K,
    MIX_PRESETS,
    avg_at_k_standard_error,
    bootstrap_mix_pass_at_k,
    first_k_outside,
    get_mix,
    k_grid,
    mix_pass_at_k,
    parse_problems_csv,
)
from benchstats.prose import passk as prose
from benchstats.safe_csv import to_csv
from ui import inputs, predict, tables, thumb
from ui import settings as settings_
from ui.figure import show
from ui.settings import Settings
from ui.verdict import KeyNumber, escape_markdown, verdict_card

RESAMPLES = 1_000
AVG_K_MAX = 50
MAJ_K_MAX = 60
K_STOPS = 200  # the k thumb's stops at most: every k up to 200 samples, then a log scale
DEFAULT_MIX = "long-tail"
ANSWERS = {  # the maj@k buttons: label, icon, help, the two chances (percent) they write
    "trap": (N_("A strong wrong answer"), ":material/warning:",
             N_("The trap: one wrong answer comes up more often than the right one, so the vote "
                "follows it."), {"p_correct": 30, "p_distractor": 40}),
    "favourite": (N_("A clear favourite"), ":material/thumb_up:", None,
                  {"p_correct": 40, "p_distractor": 20}),
}  # fmt: skip


def rules(s: Settings) -> Settings:
    """The page's rules between keys: c and k at most n, the two answers' chances at most 100%."""
    n = s["samples"]
    # TRANSLATORS: where a value came from: "Worked out from the 20 samples drawn."
    drawn = _("the {samples} drawn").format(samples=words.plural(n, "sample"))
    s = s.within("passed", 0, n, prose.samples_allowed(n, "passes"), drawn)
    s = s.within("k", 1, n, prose.samples_allowed(n, "tries"), drawn)
    s = thumb.snap(s, "k", *k_stops(n))
    room = 100 - s["p_correct"]
    return s.within("p_distractor", 0, room, prose.distractor_allowed(s["p_correct"]),
                    _("100% less the correct answer's chance"))  # fmt: skip


def k_stops(n: int) -> tuple[list[int], list[str]]:
    """The k thumb's stops for n samples (every k up to 200, then a log scale) in words."""
    ks = [int(k) for k in k_grid(n, points=K_STOPS)]
    return ks, [words.plural(k, "try") for k in ks]


def k_thumb(s: Settings) -> Thumb:
    """The thumb over k, at the link's k."""
    return thumb.at(s, "k", *k_stops(s["samples"]))


def columns(s: Settings):
    """Two columns to read side by side; one in the room view, where charts need the width."""
    return st.columns(1 if s.room else 2, gap="large") * (2 if s.room else 1)


def caption(s: Settings, title: str, verdict: str) -> Caption:
    """What a downloaded chart carries: its claim, the sentence, the link."""
    return Caption(title, verdict.replace("**", ""), s.permalink())


def verdict(s: Settings, d: DrawCounts) -> bool:
    """One problem's card (with Predict first on, the question until the reveal).

    Returns True once the answer may show.
    """
    ask = predict.Question(prose.question(d.n, d.c, d.k), d.pass_at_k, predict.PERCENT)
    if not predict.gate(ask, key="passk", on=s["predict"]):
        return False
    verdict_card(prose.problem_headline(d), [
        KeyNumber(_("pass@1"), words.score(d.c / d.n), help=_("c/n: the chance that one sample passes.")),
        KeyNumber(_('pass@{k} (unbiased)').format(k=d.k), prose.chance(d.pass_at_k, exact=d.certain),
                  help=_("1 − C(n − c, k)/C(n, k): the share of all draws of k that hold a pass.")),
        KeyNumber(_(charts.SHORTCUT), prose.chance(d.shortcut),  # the chart's legend says it alike
                  help=_("With p = c/n = {score}: treats the samples' pass rate as the true one and the k tries as independent; it counts draws with replacement.").format(score=words.score(d.c / d.n))),
        KeyNumber(_("Ways to pick k of n"), prose.count_text(d.total)),
    ])  # fmt: skip
    return True


def problem_caption(s: Settings, d: DrawCounts) -> Caption:
    # TRANSLATORS: a downloaded chart's title: {k} a plain whole number (pass@5), {count} the
    # samples that passed of {samples} ("20 samples").
    title = _("pass@{k} of one problem: {count} of {samples} passed").format(
        k=d.k, count=words.count(d.c), samples=words.plural(d.n, "sample")
    )
    return caption(s, title, prose.problem_headline(d))


@st.cache_data(max_entries=64, show_spinner=False)
def curve_frames(n: int, c: int, lang: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """pass@k against k at the k thumb's stops, and each stop's dots and printed figure, in
    ``lang`` (the run's language: the curves' names and the figure are words)."""
    ks = np.asarray(k_stops(n)[0])
    estimate, shortcut = pass_at_k(n, c, ks), naive_pass_at_k(c / n, ks)
    return (
        charts.problem_curve_frame(ks, estimate, shortcut),
        charts.problem_marks_frame(ks, estimate, shortcut, certain=n - c < ks),
    )


def curve(s: Settings, d: DrawCounts, revealed: bool, at: Thumb) -> None:
    """The main chart: pass@k against k for the reader's problem, the estimate and the shortcut;
    the dots follow the k thumb."""
    if not revealed:
        st.info(
            _("The chart appears with the answer: it shows it."), icon=":material/visibility_off:"
        )
        return
    figure = charts.curve_figure(*curve_frames(d.n, d.c, language.current()), at)
    show(figure, key="curve", caption=problem_caption(s, d))


def controls(s: Settings, at: Thumb) -> None:
    """n, c and k (c and k never above n; the chart follows k's thumb), then Predict first."""
    n = s["samples"]
    inputs.stops(s, "samples", _("Samples drawn (n)"), sorted({*inputs.log_stops(1, 1000), 20, 40, 50}),
                 format_func=words.count,
                 help=_("How many answers were generated for the problem."))  # fmt: skip
    inputs.number(s, "passed", _("Samples that passed (c)"), slider=True, high=n,
                  help=_("How many of those answers passed the tests. At most n."))  # fmt: skip
    thumb.slider(s, at, _("Tries allowed (k)"), disabled=n == 1)
    predict.switch(s)


def estimator(s: Settings, d: DrawCounts, revealed: bool) -> None:
    """What the estimator counts: the draws of k by passes held, and the arithmetic."""
    st.subheader(_("What the estimator counts"))
    if not revealed:
        st.info(
            _("This part appears with the answer: it states it."), icon=":material/visibility_off:"
        )
        return
    left, right = columns(s)
    with left:
        show(charts.figure("draws", charts.draws_frame(d)), key="draws",
             caption=problem_caption(s, d))  # fmt: skip
    with right:
        st.markdown(prose.draws_note(d))
        text, latex = prose.problem_arithmetic(d)
        st.markdown(text)
        st.latex(latex)
        st.markdown(prose.shortcut_arithmetic(d))


@st.cache_data(max_entries=32, show_spinner=False)  # a bootstrap of 1,000 benchmarks: cached
def mix_results(key: str, data: bytes | None, seed: int):
    """Problems, curve, band and avg@k for a preset or an uploaded file."""
    problems = parse_problems_csv(data) if data is not None else get_mix(key).problems
    curve = mix_pass_at_k(problems, k_grid(min(problems.max_k, MAX_MIX_K)))
    band = bootstrap_mix_pass_at_k(problems, curve.k, resamples=RESAMPLES, seed=seed)
    avg = avg_at_k_standard_error(problems.pass_rates, np.arange(1, AVG_K_MAX + 1))
    return problems, curve, band, avg


def upload() -> tuple[bytes | None, str | None]:
    """The upload: its bytes and file name, or None with a note saying what is shown."""
    st.markdown(
        _(
            "One row per problem, with a column **n** (samples drawn) and a column **c** "
            "(samples that passed); other columns are ignored. Nothing leaves this page."
        )
    )
    file = st.file_uploader(_("Per-problem CSV"), type=["csv", "txt"], key="mix_csv")
    example = get_mix(DEFAULT_MIX).problems
    frame = pd.DataFrame({"problem": range(1, example.size + 1), "n": example.n, "c": example.c})
    st.download_button(_("Example file"), data=to_csv(frame),
                       file_name="pass-at-k-problems.csv", mime="text/csv",
                       icon=":material/download:", on_click="ignore")  # fmt: skip
    preset = _(MIX_PRESETS[DEFAULT_MIX].name)
    if file is None:
        st.info(_("No file yet: showing the {preset} preset.").format(preset=preset))
        return None, None
    if file.size > MAX_CSV_BYTES:
        st.error(_('That file is {count} bytes; at most {count_2} are allowed. Showing the {preset} preset.').format(count=words.count(file.size), count_2=words.count(MAX_CSV_BYTES), preset=preset))  # fmt: skip
        return None, None
    return file.getvalue(), file.name


def load(s: Settings):
    """The benchmark's results and name: a preset, or the reader's file (the preset when it
    can't be used, said in words)."""
    data, name = upload() if s["mix"] == "upload" else (None, None)
    key = s["mix"] if s["mix"] in MIX_PRESETS else DEFAULT_MIX
    try:
        return mix_results(key, data, s["seed"]), name or _(MIX_PRESETS[key].name), key
    except ValueError as exc:
        preset = _(MIX_PRESETS[DEFAULT_MIX].name)
        st.error(
            _("That file can't be used: {exc}. Showing the {preset} preset.").format(
                exc=exc, preset=preset
            )
        )
        return mix_results(DEFAULT_MIX, None, s["seed"]), preset, DEFAULT_MIX


def mix_name(key: str) -> str:
    """The menu's words for a mix key (the link keeps the key)."""
    return _(MIX_PRESETS[key].name) if key in MIX_PRESETS else _("Your own file (CSV)")


def benchmark(s: Settings):
    """The benchmark of mixed difficulty: its card, pass@k against k with the band, the
    problems, the arithmetic. Returns its results for avg@k."""
    st.header(_("A benchmark of mixed difficulty"))
    st.markdown(
        _(
            "A benchmark's pass@k is the **average of each problem's pass@k**. The shortcut "
            "applies 1 − (1 − p)^k to the average pass rate instead. The two agree at k = 1 and "
            "then drift apart: averaging first and bending second is not the same as bending "
            "each problem first. All three presets have the same pass@1, 30%."
        )
    )
    row = st.container(horizontal=True, wrap=True, gap="small")
    inputs.choice(s, "mix", _("Benchmark"), where=row, format_func=mix_name, width=320,
                  help=_("All medium, Easy and impossible and Long tail are 100 problems of 50 "
                  "samples each; your own file takes a per-problem CSV."))  # fmt: skip
    inputs.number(s, "seed", _("Bootstrap seed"), where=row, width=180,
                  help=_("The same seed gives the same band, so a link reproduces it exactly."))  # fmt: skip
    (problems, curve, band, avg), name, key = load(s)
    last = int(curve.k[-1])
    departs = first_k_outside(curve.k, curve.shortcut, band.low, band.high)
    headline = prose.mix_headline(name, curve, departs)
    verdict_card(headline, [
        KeyNumber(_("Problems"), words.count(problems.size)),
        KeyNumber(_("pass@1 (both)"), words.score(curve.mean_pass_rate)),
        KeyNumber(_('pass@{last}').format(last=last), prose.chance(curve.estimate[-1], exact=bool(curve.exactly_one[-1]))),
        KeyNumber(_('95% band at k = {count}').format(count=words.count(last)),
                  _("{low} to {high}").format(low=prose.chance(band.low[-1]),
                                              high=prose.chance(band.high[-1])),
                  help=_('Bootstrap over problems, {count} resamples, seed {seed}.').format(count=words.count(RESAMPLES), seed=band.seed)),
        KeyNumber(_('Shortcut at k = {count}').format(count=words.count(last)), prose.chance(curve.shortcut[-1])),
    ])  # fmt: skip
    title = f"{name} ({words.plural(problems.size, 'problem')})"
    left, right = columns(s)
    # TRANSLATORS: downloaded charts' titles; {benchmark} "Long tail (100 problems)".
    of_mix = _("pass@k of {benchmark}").format(benchmark=title)
    of_problems = _("The problems of {benchmark}").format(benchmark=title)
    with left:
        show(charts.figure("mix", charts.mix_frame(curve, band)), key="mix",
             caption=caption(s, of_mix, headline))  # fmt: skip
    with right:
        preset = MIX_PRESETS[key]
        about = _(preset.description) if name == _(preset.name) else ""
        show(charts.figure("rates", charts.rates_frame(problems)), key="rates",
             caption=caption(s, of_problems, about))  # fmt: skip
        st.markdown(about)
    st.markdown(prose.mix_arithmetic(problems.size, curve, band, problems.max_k > MAX_MIX_K))
    return avg, name


@st.cache_data(max_entries=64, show_spinner=False)  # exact sums over binomials, ~0.1 s: cached
def maj_results(p_correct: float, p_distractor: float):
    """maj@k and pass@k for k = 1…MAJ_K_MAX."""
    return maj_curve(p_correct, p_distractor, np.arange(1, MAJ_K_MAX + 1))


def avg(s: Settings, result, name: str) -> None:
    """avg@k: pass@1 with less noise, down to the floor the problems set."""
    st.subheader(_("avg@k: pass@1 with less noise"))
    st.markdown(prose.avg_sentence(escape_markdown(name), result))
    # TRANSLATORS: a downloaded chart's title; {benchmark} a benchmark's name.
    title = _("avg@k on {benchmark}").format(benchmark=name)
    show(charts.figure("avg", charts.avg_frame(result)), key="avg",
         caption=caption(s, title, prose.avg_sentence(name, result)))  # fmt: skip


def maj(s: Settings) -> None:
    """maj@k against pass@k for the reader's answer distribution."""
    st.subheader(_("maj@k: the vote follows the most common answer"))
    buttons = st.container(horizontal=True, wrap=True, gap="small")
    for which, (label, icon, help, chances) in ANSWERS.items():
        buttons.button(_(label), icon=icon, help=help and _(help), key=f"preset_{which}",
                       on_click=settings_.write, args=(s, chances))  # fmt: skip
    row = st.container(horizontal=True, wrap=True, gap="small")
    inputs.number(s, "p_correct", _("Correct answer (%)"), where=row, slider=True, step=1.0,
                  format="%.0f", help=_("Chance that one sample gives the correct answer."))  # fmt: skip
    inputs.number(s, "p_distractor", _("Strongest wrong answer (%)"), where=row, slider=True,
                  step=1.0, format="%.0f",
                  help=_("Chance that one sample gives the most common wrong answer. Every other "
                  "sample is a wrong answer of its own that never repeats."))  # fmt: skip
    result = maj_results(s["p_correct"] / 100, s["p_distractor"] / 100)
    sentence = prose.maj_sentence(result)
    st.markdown(sentence)
    # TRANSLATORS: a downloaded chart's title; {correct} and {wrong} two chances ("30%").
    title = _("maj@k with {correct} correct, {wrong} for the strongest wrong answer").format(
        correct=words.score(result.p_correct), wrong=words.score(result.p_distractor)
    )
    show(charts.figure("maj", charts.maj_frame(result)), key="maj",
         caption=caption(s, title, sentence))  # fmt: skip


AVG_MAJ_ARITHMETIC = N_(
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


def avg_and_maj(s: Settings, result, name: str) -> None:
    """Two other ways to spend k samples per problem, side by side."""
    st.header(_("avg@k and maj@k"))
    st.markdown(
        _(
            "Two other ways to spend k samples per problem: **avg@k** averages them (pass@1 with "
            "less noise), **maj@k** lets them vote."
        )
    )
    left, right = columns(s)
    with left:
        avg(s, result, name)
    with right:
        maj(s)
    st.markdown(_(AVG_MAJ_ARITHMETIC))


def column_rule() -> None:
    """Which numbers may share a column of a table."""
    st.header(_("The column rule"))
    st.markdown(
        _(
            "Four numbers, four questions. Only numbers that answer the same question may sit in "
            "one column of a table, and none of them means anything without **n, k and the "
            "sampling temperature** printed beside it."
        )
    )
    tables.show(column_rule_frame())


def column_rule_frame() -> pd.DataFrame:
    """The column rule as a table, in the run's language."""
    rule = prose.COLUMN_RULE
    return pd.DataFrame({
        _("Metric"): [r.metric for r in rule],
        _("What it measures"): [_(r.measures) for r in rule],
        _("May share a column with"): [_(r.same_column_as) for r in rule],
        _("Print with it"): [_(r.print_with) for r in rule],
    })  # fmt: skip
