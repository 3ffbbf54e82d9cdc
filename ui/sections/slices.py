"""Slices' sections: the rules between its keys, the answer, the chart, the inputs, the runs."""

from __future__ import annotations

import streamlit as st

from benchstats import words
from benchstats.charts import slices as charts
from benchstats.language import N_, _
from benchstats.leaderboard import CORRECTION_NAMES
from benchstats.luck import count_ladder
from benchstats.prose import slices as prose
from benchstats.slices import (
    SliceLuck,
    SliceSimulation,
    compare_slices,
    parse_slice_table,
    simulate_scaling_curves,
    simulate_slices,
    slice_luck,
)
from ui import figure, inputs, predict, settings
from ui.layout import FirstScreen
from ui.settings import Origin, Settings, Value
from ui.verdict import KeyNumber, tiles, verdict_card

INTRO = N_(
    "Cut a small benchmark into slices and each slice is a small benchmark: its score is "
    "noisy, and test enough slices and one will look exciting **by chance**. How often, "
    "and what a correction takes back."
)
MODES = {"luck": N_("Two equal models"), "table": N_("Your own slices")}
PRESETS = (
    (N_("198 items in 4 slices"), {"n": 198, "slices": 4, "p": 50}),
    (N_("12 slices of 50"), {"n": 600, "slices": 12, "p": 50}),
)
ALPHAS = (0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2)
STEPS = (1, 100, 1_000)
MIN_CURVE = 30  # slices on the chance-against-S chart, at least
SCALING_POINTS = tuple(round(0.30 + 0.04 * i, 2) for i in range(8))  # a rising curve's truth
ITEM_CORRELATION = 0.9
EXAMPLE = (
    "algebra, 50, 72, 58\ngeometry, 50, 60, 62\nnumber theory, 49, 55, 57\nprobability, 49, 51, 49"
)


def rules(s: Settings) -> Settings:
    """The page's rules between keys: a link's table means table mode; S at most n."""
    if not s.given("mode") and s.given("table"):
        # TRANSLATORS: where a value comes from, in "Worked out from {source}.".
        s = s.with_values(mode=Value("table", Origin.DERIVED, _("the table in the link")))
    n = s["n"]
    # TRANSLATORS: the end of "slices must be {allowed}." on a refused link value; {questions}
    # "198 questions".
    allowed = _("at most n ({questions}): every slice needs a question").format(
        questions=words.plural(n, "question")
    )
    # TRANSLATORS: where a value comes from, in "Worked out from {source}.".
    return s.within("slices", 1, n, allowed, _("n: every slice needs a question"))


@st.cache_data(max_entries=64, show_spinner=False)  # up to 0.4 s: the caller's spinner says so
def _luck(n: int, slices: int, p: float, alpha: float) -> SliceLuck:
    return slice_luck(n, slices, p=p, alpha=alpha)


@st.cache_data(max_entries=8, show_spinner=False)  # up to 1.2 s at 10,000 runs
def _simulation(
    sizes: tuple[int, ...], runs: int, p: float, alpha: float, seed: int
) -> SliceSimulation:
    return simulate_slices(list(sizes), runs, p=p, alpha=alpha, seed=seed)


def luck(s: Settings) -> SliceLuck:
    """Two equal models on the settings' slices: the noise and the exact chance of a lucky one."""
    with st.spinner(_("Working out the exact chances…")):
        return _luck(s["n"], s["slices"], s["p"] / 100, s["alpha"])


LUCK_KEYS = ("n", "slices", "p", "alpha")


def verdict(s: Settings, result: SliceLuck) -> bool:
    """Predict first (``?predict=true``), then the answer; True once the answer may show."""
    ask = predict.Question(prose.question(result), result.exact, predict.PERCENT)
    if not predict.gate(ask, key="slices", on=s["predict"]):
        return False
    verdict_card(prose.headline(result), prose.key_numbers(result))
    return True


def chance_chart(s: Settings, result: SliceLuck, shown: bool) -> None:
    """1 − (1 − α)^S against S, the reader's S and its exact chance marked."""
    if not shown:
        st.info(
            _("The chart gives the answer away: guess first."), icon=":material/visibility_off:"
        )
        return
    frame = charts.any_significant_frame(max(MIN_CURVE, s["slices"]), alpha=s["alpha"])
    fig = charts.any_significant_figure(frame, here=(s["slices"], result.exact), alpha=s["alpha"])
    caption = figure.caption(s, prose.caption_title(result), prose.headline(result), LUCK_KEYS)
    figure.show(fig, key="slices-any", caption=caption)


def _mode(s: Settings) -> None:
    inputs.choice(
        s, "mode", _("What to look at"), widget="segmented_control",
        format_func=lambda v: _(MODES[v]),
        required=True,
        help=_("Two equal models shows how many slices look significant by luck; your own "
        "slices grades a table of slice scores and corrects for testing them all."),
    )  # fmt: skip


def alpha_text(v: float) -> str:
    """A significance level as a plain number, as many decimals as it has ("0.05", "0,001").

    >>> alpha_text(0.05), alpha_text(0.2)
    ('0.05', '0.2')
    """
    return words.signed(v, decimals=len(f"{v:g}".partition(".")[2]))


def _tests(s: Settings) -> None:
    """α for every slice's test, and the correction for testing them all."""
    inputs.stops(
        s, "alpha", _("Significance of each test (α)"), ALPHAS, format_func=alpha_text,
        help=_("A slice's lead counts as significant when its p-value is below α."),
    )  # fmt: skip
    inputs.choice(
        s, "correction", _("Correction"), widget="segmented_control", required=True,
        format_func=CORRECTION_NAMES.get,
        help=_("Holm controls the chance of any false discovery; Benjamini–Hochberg the share "
        "of discoveries that are false."),
    )  # fmt: skip


def controls(s: Settings) -> None:
    """The benchmark, its slices, the skill, the tests, the articles' settings, predict first."""
    _mode(s)
    row = st.container(horizontal=True, wrap=True, gap="small")
    for i, (label, keys) in enumerate(PRESETS):
        row.button(_(label), key=f"slices-preset-{i}", on_click=settings.write, args=(s, keys))
    inputs.stops(
        s, "n", _("Questions in the benchmark (n)"), count_ladder(1, 20_000, keep=(198, 600)),
        format_func=words.count, help=_("On a log scale; a link can name any count."),
    )  # fmt: skip
    inputs.number(  # one question is one slice: the slider stays, disabled
        s, "slices", _("Slices (S)"), slider=True, high=max(2, min(50, s["n"])), disabled=s["n"] == 1,
        help=_("The benchmark is cut into this many slices, as equal as whole questions allow."),
    )  # fmt: skip
    inputs.number(
        s, "p", _("Skill of both models (%)"), slider=True, step=1.0, format="%.0f",
        help=_("The chance that either model gets a question right. Both have it."),
    )  # fmt: skip
    _tests(s)
    predict.switch(s)


def noise(result: SliceLuck) -> None:
    """Why the exact chance is not the textbook one."""
    st.markdown(prose.size_note(result))


def runs(s: Settings, result: SliceLuck, shown: bool) -> None:
    """Runs of two equal models, built up a click at a time: the shares flagged, one run drawn."""
    st.markdown(_("### Runs of two equal models"))
    row = st.container(horizontal=True, wrap=True, gap="small", vertical_alignment="bottom")
    inputs.stops(
        s, "runs", _("Runs drawn"), count_ladder(0, 10_000), where=row, format_func=words.count,
        width=260, help=_("How many times both models sit every slice; the buttons add runs."),
    )  # fmt: skip
    for step in STEPS:
        row.button(
            f"+{words.count(step)}", key=f"slices-add-{step}", on_click=settings.write,
            args=(s, {"runs": s["runs"] + step}),
            disabled=s["runs"] + step > s.spec("runs").high,
        )  # fmt: skip
    row.button(_("Reset"), key="slices-reset", on_click=settings.write, args=(s, {"runs": None}))
    inputs.number(
        s, "seed", _("Seed"), where=row, width=140,
        help=_("Names one sequence of runs and the shared-items curve: the same seed, the same draws."),
    )  # fmt: skip
    if not shown:
        st.info(_("The runs give the answer away: guess first."), icon=":material/visibility_off:")
        return
    if s["runs"] == 0:
        st.markdown(_("No runs yet: add some to watch lucky slices appear and the correction "
                    "take them back."))  # fmt: skip
        return
    sizes = tuple(int(m) for m in result.noise.sizes)
    with st.spinner(_("Drawing the runs…")):
        sim = _simulation(sizes, s["runs"], s["p"] / 100, s["alpha"], s["seed"])
    tiles([KeyNumber(*x) for x in prose.simulated_numbers(sim)])
    shown_run = sim.shown_run()
    st.markdown(prose.last_run(sim, s["correction"], shown_run))
    graded = sim.graded(shown_run, s["correction"])
    fig = charts.slices_figure(graded, extent=float(result.noise.gap_width.max()))
    keys = (*LUCK_KEYS, "correction", "runs", "seed")
    caption = figure.caption(s, prose.caption_title(result), prose.headline(result), keys)
    figure.show(fig, key="slices-run", caption=caption)


def shared_items(s: Settings) -> None:
    """The articles' related warning: a curve on shared questions looks smoother than its evidence."""
    st.markdown(_("### A curve on shared questions looks smoother than it is"))
    curves = simulate_scaling_curves(
        SCALING_POINTS, s["n"], item_correlation=ITEM_CORRELATION, seed=s["seed"]
    )
    figure.show(charts.scaling_figure(curves), key="slices-shared")
    st.markdown(prose.scaling(curves))


def _table_controls(s: Settings) -> None:
    _mode(s)
    st.button(
        _("Load an example table"), key="slices-example", on_click=settings.write,
        args=(s, {"table": EXAMPLE}),
    )  # fmt: skip
    inputs.text(
        s, "table", _("Your slices: name, questions, score A, score B (percent), one a line"),
        area=True, height=180, placeholder=_("algebra, 50, 72, 58\ngeometry, 50, 60, 62"),
        help=_("Scores are read as the nearest whole count of right answers on the slice."),
    )  # fmt: skip
    _tests(s)


def your_table(s: Settings, screen: FirstScreen) -> None:
    """The reader's own slices: which differences survive the correction."""
    res = None
    with screen.verdict:
        if not s.given("table"):
            st.info(
                _("Paste your slices (or load the example) to grade them: a verdict here stands "
                "only on slices you give."), icon=":material/table:",
            )  # fmt: skip
        else:
            try:
                table = parse_slice_table(s["table"])
                res = compare_slices(table, correction=s["correction"], alpha=s["alpha"])
            except ValueError as err:  # a bad line, said in plain words
                st.error(
                    _("This table can't be read: {err}.").format(err=err), icon=":material/error:"
                )
        if res is not None:
            verdict = prose.comparison(res)
            if s["table"].strip() == EXAMPLE:  # the reader loaded the example: said so
                # TRANSLATORS: the verdict on the example table; {verdict} the verdict.
                verdict = _("The example table (made-up scores): {verdict}").format(verdict=verdict)
            verdict_card(verdict, [], clears=bool(res.survives.any()))
    with screen.chart:
        if res is None:  # the lesson still stands: luck against the number of slices
            frame = charts.any_significant_frame(MIN_CURVE, alpha=s["alpha"])
            figure.show(charts.any_significant_figure(frame, alpha=s["alpha"]), key="slices-any")
        else:
            keys = ("table", "alpha", "correction")
            caption = figure.caption(s, _("Your slices"), verdict, keys)
            figure.show(charts.slices_figure(res), key="slices-table", caption=caption)
    with screen.controls:
        _table_controls(s)
    if res is not None:
        st.markdown(prose.table_luck(res))
