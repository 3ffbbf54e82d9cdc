"""Questions needed, section by section: each draws one part of the page from its settings.

Every number comes from :mod:`benchstats.planning` and every sentence from
:mod:`benchstats.prose.planning`; these functions lay them out and draw the
inputs (:mod:`ui.inputs`) that write the reader's changes into the link. A
section that needs the benchmark's size when the reader gave none says so
and points at the input instead of assuming one.
"""

from __future__ import annotations

import functools
from typing import Any

import pandas as pd
import streamlit as st

from benchstats import language, planning, words
from benchstats.charts import Caption
from benchstats.charts import planning as charts
from benchstats.charts.thumb import Thumb
from benchstats.language import N_, _, ngettext
from benchstats.planning import LeadPlan
from benchstats.prose import in_points
from benchstats.prose import planning as prose
from benchstats.safe_csv import to_csv
from ui import fragments, inputs, predict, thumb
from ui import settings as settings_
from ui import tables as table_view
from ui.figure import show
from ui.settings import Origin, Settings, Value
from ui.verdict import KeyNumber, tiles, verdict_card

SIDES = {"two-sided": 2, "one-sided": 1}
SIDE_LABELS = {"two-sided": N_("two-sided"), "one-sided": N_("one-sided")}
VARIANCES = (  # key, label, help
    ("omega2", N_("ω², between questions"),
     N_("How much the per-question difference between the models varies across questions.")),
    ("sigma2_a", N_("σ²_A, answer noise of A"),
     N_("How much model A's answers to one question vary between tries.")),
    ("sigma2_b", N_("σ²_B, answer noise of B"),
     N_("How much model B's answers to one question vary between tries.")),
)  # fmt: skip


def examples() -> list[tuple[str, dict[str, float], str]]:
    """The articles' examples as (label, what each writes into the link, its help), in the run's
    language."""
    p80, p70, p94 = words.score(0.8), words.score(0.7), words.score(0.94)
    # TRANSLATORS: an example's button, two scores ("82% vs 78%").
    versus = _("{a} vs {b}")
    # TRANSLATORS: an example's help: {a_lead} a lead in points with English's article ("A 4":
    # "A 4-point lead"; in your language the number alone), {level} "80%".
    lead = _("{a_lead}-point lead near {level}.")

    def a_lead(points: float) -> str:
        text = words.a_or_an(words.count(points))
        return text[:1].upper() + text[1:]

    return [
        (versus.format(a=words.score(0.82), b=words.score(0.78)), {"p": 80, "d": 4},
         lead.format(a_lead=a_lead(4), level=p80)),
        # TRANSLATORS: an example's button: a lead of {points} points ("1.5") at a level ("80%").
        (_("{points} points at {level}").format(points=words.count(1.5), level=p80),
         {"p": 80, "d": 1.5}, lead.format(a_lead=a_lead(1.5), level=p80)),
        (versus.format(a=words.score(0.71), b=words.score(0.69)), {"p": 70, "d": 2},
         lead.format(a_lead=a_lead(2), level=p70)),
        # TRANSLATORS: an example's button: a benchmark at a level ("GPQA at 94%").
        (_("{benchmark} at {level}").format(benchmark="GPQA", level=p94), {"p": 94, "n": 198},
         # TRANSLATORS: {benchmark} a benchmark's name, {questions} "198 questions".
         _("{benchmark}'s {questions}, scores near {level}.").format(
             benchmark="GPQA Diamond", questions=words.plural(198, "question"), level=p94)),
    ]  # fmt: skip


NEEDS_N = N_(
    "Type the number of questions in your benchmark into **Questions in your benchmark** "
    "to see the smallest lead it can detect."
)
BOX, SLIDER = 170, 250  # px: a number box's and a slider's width in a wrapping row


P_STOPS = inputs.even_stops(1, 99, 1)


def stop_percent(v: float) -> str:
    """A slider stop in percent, as its label reads in the run's language ("12.5%")."""
    return _stop_percent(v, language.current())


@functools.lru_cache(maxsize=4096)
def _stop_percent(v: float, lang: str) -> str:
    """A ladder's hundreds of labels are the same at every run: made once per language."""
    return words.score(v / 100)


COARSE = (12, 15, 20, 25, 30, 40, 50, 60, 80, 99)  # the lead's stops past 10 points
D_STOPS = [*inputs.even_stops(0.1, 1, 0.1), *inputs.even_stops(1.5, 10, 0.5), *COARSE]


def lead_stops(p: float) -> tuple[list[float], list[str]]:
    """The lead thumb's stops near ``p`` (percent): :data:`D_STOPS` up to the largest lead that
    fits there, that lead too, in words."""
    top = round(100 * planning.largest_lead_near(p / 100), 6)
    values = sorted({*(d for d in D_STOPS if d <= top), top})
    return values, [in_points(d / 100) for d in values]


def lead_thumb(s: Settings) -> Thumb:
    """The thumb over the lead, at the link's lead."""
    return thumb.at(s, "d", *lead_stops(s["p"]))


def rules(s: Settings) -> Settings:
    """The page's rules between keys: the lead fits near p and sits on a stop of its thumb, the
    disagreement fits the scores, and some noise is left to plan against."""
    p = s["p"] / 100
    top = round(100 * planning.largest_lead_near(p), 6)
    # TRANSLATORS: where a lead came from: "Worked out from the largest lead that fits near 98%."
    fits = _("the largest lead that fits near {level}").format(level=words.score(p))
    s = s.within("d", 0, top, prose.lead_allowed(p), fits)
    s = thumb.snap(s, "d", *lead_stops(s["p"]))
    a, b = planning.scores_near(p, s["d"] / 100)
    low, high = planning.discordance_bounds(a, b)
    s = s.within(
        "discordance", round(100 * low, 6), round(100 * high, 6),
        prose.discordance_allowed(a, b, low, high), _("what the two scores allow"),
    )  # fmt: skip
    if all(s[key] == 0 for key, _, _ in VARIANCES):
        s = s.refuse(
            "omega2", "0", _(prose.NO_NOISE), Value(s.spec("omega2").default, Origin.DEFAULT)
        )
    return s


def plan_of(s: Settings) -> LeadPlan:
    """The reader's plan: the lead near p at their significance, power and sides."""
    return planning.plan_lead(
        s["p"] / 100, s["d"] / 100, alpha=s["alpha"], power=s["power"], sides=SIDES[s["sides"]]
    )


def caption(s: Settings, plan: LeadPlan) -> Caption:
    """What a downloaded chart carries: the plan, what the reader's benchmark sees, the link."""
    verdict = "" if s["n"] is None else prose.reach_headline(plan, planning.reach(plan, s["n"]))
    # TRANSLATORS: the names of a download's "#" lines ("# scores near: 80%"), short.
    inputs_ = (
        (_("scores near"), words.score(plan.p)),
        (_("lead (points)"), words.points(plan.lead, signed=False)),
        (_("questions"), _("not given") if s["n"] is None else words.count(s["n"])),
        (_("disagreement (paired)"), words.score(s["discordance"] / 100)),
        (_("test"), prose.settings_words(plan)),
    )
    return Caption(prose.needed_headline(plan), verdict, s.permalink(), inputs_)


def verdict(s: Settings, plan: LeadPlan) -> bool:
    """The two answers: questions the lead needs, and what the reader's benchmark can see.

    With Predict first on, the question stands here instead until the reveal;
    returns True once the answers may show.
    """
    ask = predict.Question(prose.question(plan), plan.needed, predict.COUNT, unit="question")
    if not predict.gate(ask, key="needed", on=s["predict"]):
        return False
    pp = planning.paired_plan(plan, s["discordance"] / 100)
    first, second = st.columns(2)
    numbers = [
        KeyNumber(_("Questions needed"), words.count(plan.needed),
                  help=_('At {settings_words}. Both models answer every question.').format(settings_words=prose.settings_words(plan))),
        KeyNumber(_("Paired, same questions"), words.count(pp.questions),
                  help=_('If the models disagree on {score} of the questions.').format(score=words.score(pp.discordance))),
    ]  # fmt: skip
    body = f"{prose.scores_line(plan)} {prose.paired_line(pp.discordance)}"
    verdict_card(prose.needed_headline(plan), numbers, body=body, container=first)
    if s["n"] is None:
        second.info(
            "**" + _("Which leads can your benchmark see?") + "** " + _(NEEDS_N),
            icon=":material/straighten:",
        )
        return True
    r = planning.reach(plan, s["n"])
    numbers = [
        KeyNumber(_("Smallest detectable lead"), in_points(r.mde)),
        KeyNumber(_("Chance to see your lead"), words.percent(r.chance, decimals=0),
                  help=prose.reach_help(plan, r)),
    ]  # fmt: skip
    verdict_card(prose.reach_headline(plan, r), numbers, clears=r.sees, container=second)
    return True


@st.cache_data(max_entries=64, show_spinner=False)
def lead_family(p: float, alpha: float, power: float, sides: int, lang: str):
    """Every stop of the lead's thumb near p (percent): its rule, marker and sentence, and which
    benchmarks see it, in ``lang`` (the run's language: its words are drawn)."""
    leads = lead_stops(p)[0]
    plans = [
        planning.plan_lead(p / 100, d / 100, alpha=alpha, power=power, sides=sides) for d in leads
    ]
    reach = planning.benchmark_reach(p=p / 100, alpha=plans[0].alpha2, power=power)
    said = [prose.curve_headline(plan) for plan in plans]
    return charts.presets_family(reach, leads), charts.lead_stops(plans, said)


def curve(s: Settings, plan: LeadPlan, revealed: bool, at: Thumb) -> None:
    """The main chart: the smallest detectable lead against n, benchmarks marked, your lead and
    the questions it needs following the lead's thumb."""
    if not revealed:
        st.info(
            _("The curve appears with the answer: it shows it."), icon=":material/visibility_off:"
        )
        return
    test = {"alpha": plan.alpha2, "power": plan.power}
    rows = planning.mde_curve(
        charts.CURVE_QUESTIONS, p=plan.p, discordance=s["discordance"] / 100, **test
    )
    reach = planning.benchmark_reach(p=plan.p, **test)
    n = s["n"]
    mine = None if n is None else 100 * planning.reach(plan, n).mde
    presets, stops = lead_family(
        s["p"], s["alpha"], s["power"], SIDES[s["sides"]], language.current()
    )
    figure = charts.curve_figure(
        charts.curve_frame(rows), presets, stops, at, charts.benchmark_frame(n, mine)
    )
    show(figure, key="curve", caption=caption(s, plan))
    st.markdown(prose.curve_sentence(plan, planning.first_seeing(reach, plan.lead)))


def controls(s: Settings, at: Thumb) -> None:
    """The level, the lead (the curve's marker follows its thumb), the benchmark's size, the
    test; Predict first; the examples."""
    inputs.stops(s, "p", _("Scores near"), P_STOPS, format_func=stop_percent,
                 help=_("The level both models score near. 50% is the hardest place to tell "
                 "models apart."))  # fmt: skip
    thumb.slider(s, at, _("Lead you care about"))
    inputs.number(s, "n", _("Questions in your benchmark"),
                  help=_("Optional: the smallest lead this many questions can see."))  # fmt: skip
    test = st.container(horizontal=True, wrap=True, gap="small")
    inputs.number(s, "alpha", _("Significance (α)"), where=test, step=0.01, format="%.3f", width=BOX,
                  help=_("The false-alarm rate you accept: 0.05 is the usual choice."))  # fmt: skip
    inputs.number(s, "power", _("Power"), where=test, step=0.05, format="%.2f", width=BOX,
                  help=_("How often a real lead of this size should be detected: 0.8 is usual."))  # fmt: skip
    inputs.choice(s, "sides", _("Test"), widget="segmented_control",
                  format_func=lambda side: _(SIDE_LABELS[side]),
                  help=_("Two-sided asks whether the models differ; one-sided only whether A "
                  "beats B."))  # fmt: skip
    predict.switch(s)
    st.markdown(_("Or start from one of the articles' examples:"))
    shortcuts = st.container(horizontal=True, wrap=True, gap="small")
    for i, (label, values, help) in enumerate(examples()):
        shortcuts.button(label, key=f"example-{i}", help=help, on_click=settings_.write,
                         args=(s, values))  # fmt: skip


def table(df: pd.DataFrame, title: str, name: str, text: pd.DataFrame | None = None) -> None:
    """A table that fits a phone (values wrap, never cut) and its CSV; ``text`` is ``df`` as
    :func:`benchstats.charts.planning.table_text` writes it, when already made."""
    st.markdown(f"**{title}**")
    shown = charts.table_text(df) if text is None else text
    table_view.show(shown)
    st.download_button(
        _("Data (CSV)"), data=lambda: to_csv(df), file_name=f"{name}.csv",
        mime="text/csv", key=f"dl-table-{name}", icon=":material/table:", on_click="ignore",
    )  # fmt: skip


def row() -> Any:
    """A section's inputs side by side, wrapping onto new lines where the screen is narrow."""
    return st.container(horizontal=True, wrap=True, gap="medium")


def paired(s: Settings, plan: LeadPlan) -> None:
    """The same questions for both models: only the disagreements carry information."""
    st.subheader(_("Paired: the same questions for both models"))
    inputs.stops(
        s, "discordance", _("Questions on which the two models disagree"), inputs.even_stops(0.5, 100, 0.5),
        where=row(), format_func=stop_percent, width=SLIDER,
        help=_("From your per-question results, or a guess: the articles use 20%."),
    )  # fmt: skip
    pp = planning.paired_plan(plan, s["discordance"] / 100, s["n"])
    items = [(_("Unpaired: questions"), words.count(plan.needed)),
             (_("Paired: questions"), words.count(pp.questions))]  # fmt: skip
    if s["n"] is not None:
        at = words.count(s["n"])
        # TRANSLATORS: a tile's label: the smallest lead {count} questions ("198") can see.
        items += [(_("Unpaired: lead at {count}").format(count=at),
                   in_points(planning.reach(plan, s["n"]).mde)),
                  (_("Paired: lead at {count}").format(count=at), in_points(pp.mde))]  # fmt: skip
    tiles([KeyNumber(*x) for x in items], gap="medium")
    st.markdown(prose.paired_sentence(plan, pp))


def repeats(s: Settings, plan: LeadPlan) -> None:
    """Repeated answers: what K buys on the reader's questions, and what it costs."""
    st.subheader(_("Repeated answers per question"))
    where = row()
    inputs.stops(s, "repeats", _("Answers per question, K"), inputs.log_stops(1, 1000),
                 where=where, format_func=words.count, width=SLIDER)  # fmt: skip
    for key, label, help in VARIANCES:
        inputs.number(s, key, _(label), where=where, step=0.01, format="%.4f", width=BOX,
                      help=_(help))  # fmt: skip
    k, variances = s["repeats"], tuple(s[key] for key, _, _ in VARIANCES)
    rp = planning.repeats_plan(plan, k, variances, n=s["n"])
    if rp.n is None:
        st.markdown(prose.repeats_cost(plan, rp))
        st.info(_(NEEDS_N), icon=":material/straighten:")
        return
    items = [
        ("K = 1", in_points(rp.at_1)),
        ("K = 10", in_points(rp.at_10)),
        # TRANSLATORS: a tile's label: the reader's answers per question ("Your K = 10").
        (_("Your K = {k}").format(k=words.count(k)), in_points(rp.at_k)),
        (_("K → ∞: the floor"), in_points(rp.floor)),
    ]
    tiles([KeyNumber(*x) for x in items], gap="medium")
    st.markdown(f"{prose.repeats_floor_sentence(rp)}\n\n{prose.repeats_cost(plan, rp)}")
    table_rows = planning.repeats_table(
        rp.n, repeats=charts.repeats_axis(k), alpha=plan.alpha2, power=plan.power,
        **dict(zip(("omega2", "sigma2_a", "sigma2_b"), variances, strict=True)),
    )  # fmt: skip
    figure = charts.repeats_figure(charts.repeats_frame(table_rows), 100 * rp.floor, k)
    show(figure, key="repeats", caption=caption(s, plan))
    st.markdown(prose.repeats_step(rp).replace("_", "\\_"))


def clusters(s: Settings, plan: LeadPlan) -> None:
    """Clustered questions: the design effect and what it costs."""
    st.subheader(_("Clustered questions"))
    where = row()
    inputs.stops(s, "m", _("Questions per cluster (m)"), inputs.log_stops(1, 10_000), where=where,
                 format_func=words.count, width=SLIDER,
                 help=_("Questions that share a passage, a template or a translated item."))  # fmt: skip
    inputs.number(s, "icc", _("Correlation within a cluster (ρ)"), where=where, slider=True,
                  step=0.01, format="%.2f", width=SLIDER,
                  help=_("0: the cluster does not matter. 1: a cluster is one question asked m "
                  "times."))  # fmt: skip
    cp = planning.cluster_plan(plan, s["m"], s["icc"], n=s["n"])
    items = [(_("Design effect"), words.signed(cp.deff)),
             (_("Questions for your lead"), words.count(cp.questions))]  # fmt: skip
    if cp.n is not None:
        # TRANSLATORS: a tile's label: what the reader's clustered questions are worth ("500
        # questions count as" 263 independent ones).
        worth = ngettext("{count} question counts as", "{count} questions count as", cp.n)
        items += [(worth.format(count=words.count(cp.n)), words.count(round(cp.effective))),
                  (_("Smallest lead"), in_points(cp.mde))]  # fmt: skip
    tiles([KeyNumber(*x) for x in items], gap="medium")
    st.markdown(f"{prose.clusters_sentence(plan, cp)}\n\n{prose.clusters_step(cp)}")


def levels(s: Settings, plan: LeadPlan) -> None:
    """Why 50% is the hardest place: the same lead near 50%, 95% and p."""
    st.subheader(_("Why 50% is the hardest place"))
    at_50, at_95 = planning.needed_at(plan, 0.5), planning.needed_at(plan, 0.95)
    st.markdown(prose.levels_sentence(plan, at_50, at_95))
    # The reader's mark last, so it is drawn on top when p is 50% or 95%.
    fifty, ninety_five = charts.level_marks()
    marks = [
        (fifty, 0.5, at_50),
        (ninety_five, 0.95, at_95),
        (_(charts.YOUR_P), plan.p, plan.needed),
    ]
    frame = charts.variance_marks_frame(
        [{"label": label, "p": lp, "questions": q} for label, lp, q in marks]
    )
    figure = charts.variance_figure(variance_frame(), frame)
    show(figure, key="variance", caption=caption(s, plan))


@st.cache_data(max_entries=1, show_spinner=False)
def variance_frame() -> pd.DataFrame:
    """p(1 − p) against p: the same at every setting."""
    return charts.variance_frame(planning.variance_curve())


def benchmarks(plan: LeadPlan) -> None:
    """Every benchmark marked against the lead, as a table."""
    st.subheader(_("Every benchmark marked"))
    marked, text = marked_benchmarks(plan.p, plan.alpha2, plan.power, plan.lead, language.current())
    # TRANSLATORS: a table's title: {level} "80%", {settings} the test ("5% significance
    # (two-sided), 80% power").
    title = _("Benchmarks near {level}, at {settings}").format(
        level=words.score(plan.p), settings=prose.settings_words(plan)
    )
    table(marked, title, "benchmarks", text)


@st.cache_data(max_entries=64, show_spinner=False)
def marked_benchmarks(p: float, alpha: float, power: float, lead: float, lang: str):
    """Every benchmark against the lead, as a frame and its text in ``lang`` (the run's
    language; an edit of n reuses it)."""
    reach = planning.benchmark_reach(p=p, alpha=alpha, power=power)
    marked = charts.reach_table_frame(charts.presets_frame(reach, 100 * lead))
    return marked, charts.table_text(marked)


def tables(plan: LeadPlan) -> None:
    """The articles' tables recomputed at the reader's significance and power."""
    st.subheader(_("The articles' tables, at your settings"))
    # TRANSLATORS: {settings} the test ("5% significance (two-sided), 80% power").
    recomputed = _(
        "Recomputed at {settings}; at 5% significance (two-sided) and 80% power they are the "
        "articles' own numbers."
    )
    st.markdown(recomputed.format(settings=prose.settings_words(plan)))
    for df, text, title, name in article_tables(plan.alpha2, plan.power, language.current()):
        table(df, title, name, text)


@st.cache_data(max_entries=32, show_spinner=False)
def article_tables(
    alpha: float, power: float, lang: str
) -> list[tuple[pd.DataFrame, pd.DataFrame, str, str]]:
    """The articles' four tables at one significance and power, in ``lang`` (the run's
    language): each frame, its text, title and file name (they depend on these only, so an
    edit of anything else reuses them)."""
    test = {"alpha": alpha, "power": power}
    paired = planning.paired_vs_unpaired_table(**test)
    parts = (
        (charts.mde_table_frame(planning.mde_table(**test)), _("Smallest detectable lead"),
         "smallest-detectable-lead-table"),
        (charts.paired_table_frame(paired, p=0.7, discordance=0.2), _("Unpaired against paired"),
         "paired-vs-unpaired-table"),
        # TRANSLATORS: a table's title; {questions} "198 questions", {variances} the articles'
        # variances ("ω² = 1/9, σ²_A = σ²_B = 1/6").
        (charts.repeats_table_frame(planning.repeats_table(**test)),
         _("Repeated answers: {questions}, {variances}").format(
             questions=words.plural(planning.REPEATS_EXAMPLE["n"], "question"),
             variances="ω² = 1/9, σ²\\_A = σ²\\_B = 1/6"),
         "repeats-table"),
        (charts.examples_frame(planning.questions_needed_examples(**test)),
         _("Questions needed: the articles' examples"), "questions-needed-examples"),
    )  # fmt: skip
    return [(df, charts.table_text(df), title, name) for df, title, name in parts]


def arithmetic(s: Settings, plan: LeadPlan) -> None:
    """The steps with the reader's numbers."""
    st.subheader(_("The arithmetic"))
    r = None if s["n"] is None else planning.reach(plan, s["n"])
    pp = planning.paired_plan(plan, s["discordance"] / 100)
    # Subscripts are written with underscores (z_sum): keep Markdown from italicising.
    st.markdown("\n\n".join(prose.arithmetic(plan, r, pp)).replace("_", "\\_"))


# TRANSLATORS: the page's parts, as the object of "Could not work out {what} from these inputs".
PARTS = {
    "paired": N_("the paired plan"),
    "repeats": N_("the repeated answers"),
    "clusters": N_("the clustered questions"),
    "levels": N_("the comparison of levels"),
    "benchmarks": N_("the benchmarks"),
    "tables": N_("the tables"),
    "arithmetic": N_("the arithmetic"),
}


def could_not(what: str, exc: ValueError) -> str:
    """A part that failed, and why (``what`` one of :data:`PARTS`; ``exc`` from benchstats, in
    the run's language)."""
    # TRANSLATORS: {what} is one of the page's parts ("the paired plan"), {exc} why.
    return _("Could not work out {what} from these inputs: {exc}").format(what=_(what), exc=exc)


def read() -> Settings:
    """The page's settings from the link, its rules applied."""
    return rules(settings_.read("needed"))


def alone(what: str, draw, own: tuple[str, ...]):
    """``draw(s, plan)`` as a part that reruns alone when only its ``own`` keys change
    (:func:`ui.fragments.alone`; the plan rests on other keys, so it holds); a ValueError is
    said inside it."""

    def part(s: Settings, plan: LeadPlan) -> None:
        def body(now: Settings) -> None:
            try:
                draw(now, plan)
            except ValueError as exc:
                st.error(could_not(what, exc), icon=":material/error:")

        fragments.alone(s, own, read, body)

    return part


def more(s: Settings, plan: LeadPlan) -> None:
    """Everything below the first screen, in the order the page teaches it; a part that fails
    says why (a ValueError from benchstats) and the page goes on. The repeated answers' and
    the clusters' own inputs move only their part: those rerun alone."""
    parts = (
        (PARTS["paired"], paired, (s, plan)),
        (
            PARTS["repeats"],
            alone(PARTS["repeats"], repeats, ("repeats", "omega2", "sigma2_a", "sigma2_b")),
            (s, plan),
        ),
        (PARTS["clusters"], alone(PARTS["clusters"], clusters, ("m", "icc")), (s, plan)),
        (PARTS["levels"], levels, (s, plan)),
        (PARTS["benchmarks"], benchmarks, (plan,)),
        (PARTS["tables"], tables, (plan,)),
        (PARTS["arithmetic"], arithmetic, (s, plan)),
    )
    for what, draw, args in parts:
        try:
            draw(*args)
        except ValueError as exc:
            st.error(could_not(what, exc), icon=":material/error:")
