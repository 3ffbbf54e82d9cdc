"""The Gap grader's sections, each drawn from the settings and the grading: the verdict and the
lead chart (:func:`first_screen`), then everything below (:func:`details`)."""

from __future__ import annotations

import contextlib

import pandas as pd
import streamlit as st

from benchstats import language, words
from benchstats.charts import Caption, records
from benchstats.charts.grader import intervals_figure, lead_figure, se_bars_figure
from benchstats.grading import Grading, Names
from benchstats.language import N_, _, pgettext
from benchstats.mcnemar import METHODS as MCNEMAR_METHODS
from benchstats.overlap import bars_overlap, overlap_rule
from benchstats.prose import claim as prose
from benchstats.prose import gaps as words_of
from benchstats.safe_csv import to_csv
from benchstats.scores import chance_corrected_gap, chance_view, interval_name, score_intervals
from ui import figure, inputs, predict, tables
from ui.claim import bench_name, bench_of, names_of
from ui.sections import grader_inputs
from ui.sections.claim_predict import grader_question
from ui.settings import Settings
from ui.verdict import escape_markdown, plan_list, verdict_card

# The labels the gradings give their leads (benchstats.grading), marked for the catalogue.
LEAD_LABELS = (
    N_("Unpaired"), N_("From the reported SEs"), N_("Paired, Tango score interval"),
    N_("Paired, Wald interval"), N_("Same scores graded unpaired"),
)  # fmt: skip


def _shown(g: Grading) -> tuple[str, str]:
    """The two names as Markdown shows them (escaped: they are the reader's text)."""
    return escape_markdown(g.names.first), escape_markdown(g.names.second)


def example_badge(what: str) -> None:
    """The label over a worked example: whose numbers these are, and how to make them yours."""
    st.markdown(
        _(
            ":blue-badge[:material/school: Worked example] {what}: change any input to grade your own."
        ).format(what=what)
    )


def first_screen(s: Settings, screen) -> Grading | None:
    """The verdict and the lead chart; the grading when the page may show it."""
    g = None
    with screen.verdict:
        if gone := grader_inputs.missing(s):
            st.info(gone, icon=":material/edit_note:")
        else:
            try:
                g = grader_inputs.grade(s)
            except ValueError as err:
                st.error(
                    _("These numbers can't be graded: {err}.").format(err=err),
                    icon=":material/error:",
                )
        if g is not None:
            if not predict.gate(grader_question(g, bench_name(s)), key="grader", on=s["predict"]):
                screen.chart.caption(_("The chart waits for your guess too."))
                return None
            if s.example:
                example_badge(escape_markdown(prose.question_claim(g)))
            verdict_card(prose.headline(g), prose.key_numbers(g), clears=g.clears)
    with screen.chart:
        lead_chart(s, g)
    return g


def below(g: Grading | None) -> set[str]:
    """The URL keys the sections under the first screen draw an input for."""
    if g is None:
        return set()
    keys = {"interval": g.scores is not None, "options": g.score_ses is not None}
    return {k for k, drawn in keys.items() if drawn}


def caption(s: Settings, g: Grading) -> Caption:
    """What a downloaded chart carries: the claim, the verdict, the permalink, the inputs."""
    title = prose.question_claim(g, bench_name(s))
    return Caption(
        title=_("Worked example: {title}").format(title=title) if s.example else title,
        verdict=prose.headline(g),
        source=s.permalink(),
        inputs=tuple((k, str(v)) for k, v in s.query().items()),
    )


def options(s: Settings) -> int | None:
    """Answer options per question: the reader's, or the preset's."""
    bench = bench_of(s)
    return s["options"] if s.value("options").stands else bench and bench.options


def lead_chart(s: Settings | None, g: Grading | None) -> None:
    """Each lead against zero (a chance-corrected one when options are known); empty until graded."""
    if g is None:
        names = Names() if s is None else names_of(s)
        fig = lead_figure(
            [], (names.first, names.second), domain=(-10, 10),
            alt_text=_("The lead's 95% range is drawn here once it is graded."),
        )  # fmt: skip
        figure.show(fig, key="lead-interval", downloads=False)
        return
    leads = [(_(label), gap) for label, gap in g.leads]
    if (k := options(s)) is not None and g.score_ses is not None:
        with contextlib.suppress(ValueError):  # the chance correction section says why
            label = _("Chance-corrected, {k} options").format(k=k)
            leads.append((label, chance_corrected_gap(g.gap, k)))
    fig = lead_figure(
        leads, (g.names.first, g.names.second),
        alt_text=_("Each lead with its 95% range against zero: a range that crosses the line at "
        "0 is inside the noise."),
    )  # fmt: skip
    figure.show(fig, key="lead-interval", caption=caption(s, g))


def details(s: Settings, g: Grading) -> None:
    """Everything under the first screen, in reading order; a part that fails says why."""
    parts = [report, paired_test, arithmetic, score_intervals_section, chance, overlap]
    if g.score_ses is None:
        parts = [report, paired_test, arithmetic, scores_wanted]
    for part in [*parts, table]:
        try:
            part(s, g)
        except ValueError as exc:
            st.error(_("This part cannot be worked out for these numbers: {exc}.").format(exc=exc))


def report(s: Settings, g: Grading) -> None:
    """The report to copy (each score's interval when there are scores), then the planning."""
    st.subheader(_("Report it like this"))
    lines = [prose.report(g)]
    if g.scores is not None:
        lines += [
            # TRANSLATORS: a model's name and its score's interval, "GPT: 34 of 40, …".
            _("{name}: {score}").format(
                name=name, score=words_of.report_score(x.whole_count, x.n, method=s["interval"])
            )
            for name, x in zip((g.names.first, g.names.second), g.scores.values(), strict=True)
        ]
    st.code("\n".join(lines), language=None, wrap_lines=True)
    luck = prose.luck_line(g) if g.counts is None else words_of.derived_score_line(g)
    luck = luck and escape_markdown(luck)
    st.markdown("\n\n".join(x for x in (luck, plan_list(prose.plan_numbers(g))) if x))


def mcnemar_four_ways(a_only: int, b_only: int, n: int, tests: dict, names: tuple) -> None:
    """McNemar's four p-values side by side, with which counts carry the information."""
    st.subheader(_("McNemar's test, four ways"))
    st.markdown(words_of.paired_intro(a_only, b_only, n, *names))
    row = st.container(horizontal=True, wrap=True, gap="small")
    for m in MCNEMAR_METHODS:
        row.metric(words_of.mcnemar_label(m), words.p_value(tests[m].p_value), width="content")
    none = a_only + b_only == 0
    why = _(words_of.MID_P_WHY)
    if none:
        why += " " + _("With a_only + b_only = 0 no question separates the models: every p is 1.")
    st.markdown(why)


def paired_test(s: Settings, g: Grading) -> None:
    """Paired counts: the four McNemar tests, then the paired intervals beside the unpaired."""
    if g.counts is None:
        return
    c = g.counts
    mcnemar_four_ways(c.a_only, c.b_only, c.n, g.tests, _shown(g))
    st.markdown(_("**The interval for the lead, and the same scores graded unpaired**"))
    tables.show(prose.same_scores_table(g))
    if same := words_of.paired_vs_unpaired(g):
        st.markdown(same)


def scores_wanted(s: Settings, g: Grading) -> None:
    st.info(
        _("Each score's interval, chance correction and the overlap rule need the scores.")
        + " "
        + prose.scores_need(g),
        icon=":material/info:",
    )


def arithmetic(s: Settings, g: Grading) -> None:
    st.subheader(_("The arithmetic"))
    st.markdown("\n".join(f"- {x}" for x in prose.arithmetic(g)))


def score_intervals_section(s: Settings, g: Grading) -> None:
    """Each score's interval by every method, the chosen one (``interval``) in the report too."""
    st.subheader(_("Each score's interval"))
    if g.scores is None:
        st.info(prose.scores_need(g), icon=":material/info:")
        return
    inputs.choice(s, "interval", _("Interval for one score"), format_func=interval_name, width=320)
    names, each, said, notes = (g.names.first, g.names.second), [], [], []
    for name, mark, x in zip(names, _shown(g), g.scores.values(), strict=True):
        each.append((name, score_intervals(x.whole_count, x.n)))
        by = {ci.method: ci for ci in each[-1][1]}
        said.append(words_of.score_detail(mark, x, by[s["interval"]]))
        notes.append(words_of.wald_note(mark, by["wald"]))
    st.markdown("\n\n".join(said))
    for note in filter(None, notes):
        st.warning(note, icon=":material/warning:")
    fig = intervals_figure(
        each, chosen=s["interval"],
        alt_text=_("Every interval method for each score, side by side; the chosen one thicker."),
    )  # fmt: skip
    figure.show(fig, key="intervals", caption=caption(s, g))


def chance(s: Settings, g: Grading) -> None:
    """The scores with guessing taken out (the lead chart shows the corrected lead too)."""
    st.subheader(_("Chance correction"))
    inputs.number(
        s, "options", _("Answer options per question"),
        help=_("For multiple-choice benchmarks: guessing then scores 1/options. Free-answer "
        "benchmarks have no chance floor."),
    )  # fmt: skip
    k = options(s)
    if k is None:
        st.info(
            _("Give the number of answer options to see the scores with guessing taken out."),
            icon=":material/info:",
        )
    else:
        if not s.value("options").stands:
            st.markdown(
                _("{name} has {k} options per question.").format(name=bench_of(s).name, k=k)
            )
        se_a, se_b = g.score_ses
        v = chance_view(g.a, g.b, k, se_a=se_a, se_b=se_b, se_lead=g.gap.se)
        tables.show(pd.DataFrame(words_of.chance_rows(g, v)))
        st.markdown(words_of.chance_text(v, k))


def overlap(s: Settings, g: Grading) -> None:
    """The ±1 SE bars readers eyeball, against the real test."""
    st.subheader(_("The overlap rule"))
    ses = g.score_ses
    rule = words_of.overlap_rule_text(overlap_rule(1.0))
    if ses == (0.0, 0.0):
        st.info(
            _(
                "Both scores sit at 0% or 100%: their ±1 SE bars have no length, so there is "
                "nothing to overlap."
            ),
            icon=":material/info:",
        )
    else:
        names = (g.names.first, g.names.second)
        (se_a, se_b), alt_text = ses, _("Each score with a bar one SE either side.")
        fig = se_bars_figure(g.a, se_a, g.b, se_b, names, alt_text=alt_text)
        figure.show(fig, key="se-bars", caption=caption(s, g))
        if bars_overlap(g.gap.lead, *ses):
            shown = _("The ±1 SE bars overlap.")
        else:
            shown = _("The ±1 SE bars do not overlap.")
        real, touch = words_of.overlap_lines(g, overlap_rule(*ses))
        rule = f"{shown} {real}\n\n{touch}\n\n{rule}"
    st.markdown(rule)


def table(s: Settings, g: Grading) -> None:
    """The articles' comparisons recomputed, with the reader's last; scrolls within itself."""
    st.subheader(_("The articles' verdict table"))
    rows = pd.DataFrame(prose.verdict_table(g))
    st.markdown(
        _(
            "Each comparison recomputed now, with yours in the last row. Leads, SEs and ranges in "
            "points; each row's SE is the one its z divides by."
        )
    )
    shown = pd.DataFrame(prose.verdict_table_words(records(rows)))  # to_dict's, faster
    tables.show(shown.rename(columns=verdict_headers(csv=False)), columns_wide=True)

    def download() -> bytes:  # made on the click, in the language of the page drawn
        return to_csv(
            rows.assign(kind=rows["kind"].map(lambda k: _(k))).rename(columns=verdict_headers())
        )

    st.download_button(
        _("Verdict table (CSV)"), data=language.bound(download),
        file_name="verdict-table.csv", mime="text/csv", key="dl-verdict-table",
        icon=":material/table:", on_click="ignore",
    )  # fmt: skip


#: The verdict table's kinds of comparison (benchstats.prose.verdict_table), for the catalogue.
KINDS = (N_("unpaired"), N_("reported SE"), N_("paired"))


def verdict_headers(*, csv: bool = True) -> dict[str, str]:
    """The verdict table's columns in the run's language: the download's (``csv``) or the page's."""
    if not csv:
        # TRANSLATORS: the verdict table's columns on the page (each row's SE is the one its z
        # divides by; "SE is" says which SE that is).
        return {
            "case": pgettext("verdict table column", "case"),
            "verdict": pgettext("verdict table column", "verdict"),
            "lead": pgettext("verdict table column", "lead"),
            "low": pgettext("verdict table column", "low"),
            "high": pgettext("verdict table column", "high"),
            "SE": pgettext("verdict table column", "SE"),
            "SE is": pgettext("verdict table column", "SE is"),
            "z": pgettext("verdict table column", "z"),
            "p": pgettext("verdict table column", "p"),
            "test": pgettext("verdict table column", "test"),
        }
    # TRANSLATORS: the verdict table's CSV columns: short, in points where they say so.
    return {
        "case": pgettext("CSV column", "case"), "verdict": pgettext("CSV column", "verdict"),
        "lead (points)": pgettext("CSV column", "lead (points)"),
        "low (points)": pgettext("CSV column", "low (points)"),
        "high (points)": pgettext("CSV column", "high (points)"),
        "SE (points)": pgettext("CSV column", "SE (points)"),
        "z": pgettext("CSV column", "z"), "p": pgettext("CSV column", "p"),
        "kind": pgettext("CSV column", "kind"), "test": pgettext("CSV column", "test"),
        "confidence": pgettext("CSV column", "confidence"),
        "source": pgettext("CSV column", "source"), "SE is": pgettext("CSV column", "SE is"),
    }  # fmt: skip
