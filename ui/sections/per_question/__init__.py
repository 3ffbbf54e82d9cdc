"""Per-question results on the Gap grader: files read, two models paired, the pair graded.

The panel fills the grader's first screen in file mode; with no file it grades
the example file, labelled as the worked example.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from benchstats import language, words
from benchstats.charts import Caption
from benchstats.charts.grader import lead_figure
from benchstats.charts.items import disagreement_figure, disagreement_frame
from benchstats.clustered import PairGrade, grade_pair
from benchstats.items import Items, PairedItems, pair_items
from benchstats.language import _, pgettext
from benchstats.mcnemar import METHODS, mcnemar
from benchstats.prose import per_question as prose
from benchstats.safe_csv import to_csv
from ui import figure, tables
from ui.sections import grader
from ui.sections.per_question.upload import (
    FILE_TYPES,
    example,
    formats_help,
    key,
    read_upload,
    reading_choices,
)
from ui.verdict import escape_markdown, tiles, verdict_card

FILES = key("files")
SAME_MODEL = "its file (the same model twice)"  # benchstats.items' origin for twin names


def panel(screen) -> None:
    """The file mode of the Gap grader, first screen and all below it."""
    files = st.session_state.get(FILES) or []  # the uploader below keeps them between runs
    with screen.verdict:
        items = read_upload(files) if files else example()
        pair = None if items is None else _pair(items)
        got = None if pair is None else _graded(items, pair)
        if got is not None:
            if not files:
                grader.example_badge(f"{items.sources[0]}, {prose.caption_title(items, got[1])}")
            _card(items, *got)
    with screen.chart:
        if got is None:
            grader.lead_chart(None, None)
        else:
            _leads(got[1], caption(items, *got, example=not files))
    with screen.controls:
        st.file_uploader(
            _("Per-question results: one CSV, or two or more lm-eval or inspect files"),
            type=FILE_TYPES, accept_multiple_files=True, key=FILES,
            help=_("Model A is the first file (or the first score column); B the second."),
        )  # fmt: skip
        formats_help()
        if items is not None:
            _model_choices(items, pair)
            reading_choices(items)
    if got is not None:
        _results(items, *got, example=not files)


def _pair(items: Items) -> tuple[str, str] | None:
    """Model A and model B as the reader picked them; None after saying why there is no pair."""
    names = list(items.models)
    if len(names) < 2:
        fields = dict(
            sources=escape_markdown(", ".join(items.sources)),
            model=escape_markdown(names[0]) if names else _("unnamed"),
            count=words.count(items.questions),
        )
        if items.sources:
            # TRANSLATORS: {sources} the files' names, {model} the one model's name, {count} a
            # count of questions. Keep `model` (a column's name).
            said = _(
                "{sources} holds one model, {model}, on {count} questions: a paired comparison "
                "needs two. Add a column per model (wide CSV), a second model in the `model` "
                "column (long CSV), or a second file."
            )
        else:
            said = _(
                "This upload holds one model, {model}, on {count} questions: a paired comparison "
                "needs two. Add a column per model (wide CSV), a second model in the `model` "
                "column (long CSV), or a second file."
            )
        st.error(said.format(**fields), icon=":material/error:")
        return None
    state = st.session_state
    if len(names) == 2:
        return (names[1], names[0]) if state.get(key("swap")) else (names[0], names[1])
    a = state.get(key("a")) if state.get(key("a")) in names else names[0]
    rest = [m for m in names if m != a]
    return a, state.get(key("b")) if state.get(key("b")) in rest else rest[0]


def _graded(items: Items, pair: tuple[str, str]) -> tuple[PairedItems, PairGrade] | None:
    try:
        paired = pair_items(items, *pair)
        return paired, grade_pair(paired)
    except ValueError as err:
        st.error(escape_markdown(str(err)), icon=":material/error:")
        return None


def _model_choices(items: Items, pair: tuple[str, str] | None) -> None:
    """Two pickers for three or more models, a swap toggle for two."""
    names = list(items.models)
    if len(names) == 2:
        st.toggle(_("Swap A and B"), key=key("swap"))
    elif len(names) > 2:
        left, right = st.columns(2, gap="small")
        st.session_state[key("a")], st.session_state[key("b")] = pair
        left.selectbox(_("Model A"), names, key=key("a"))
        right.selectbox(_("Model B"), [m for m in names if m != pair[0]], key=key("b"))


def _same_model(items: Items, paired: PairedItems) -> str | None:
    """A note when both sides are runs of one model, and when they are the same run."""
    which = [m for m, o in zip(items.models, items.model_origins, strict=False) if o == SAME_MODEL]
    if not {paired.model_a, paired.model_b} <= set(which):
        return None
    # TRANSLATORS: {a} and {b} the two sides' names (the model's name and each file's).
    note = _(
        "Both files name the same model, so they are told apart by file: {a} and {b}. This "
        "compares two runs of one model (two prompts, two dates), not two models."
    ).format(a=paired.model_a, b=paired.model_b)
    if not np.any(paired.diff):
        note += " " + _("They give the same score on every question: is it one run uploaded twice?")
    return escape_markdown(note)


def caption(items: Items, paired: PairedItems, g: PairGrade, *, example: bool = False) -> Caption:
    """What a downloaded chart carries: the pair, task and n; the verdict; what was read."""
    title = prose.caption_title(items, g)
    return Caption(
        _("Worked example: {title}").format(title=title) if example else title,
        prose.headline(g),
        inputs=prose.caption_inputs(items, paired),
    )


def _card(items: Items, paired: PairedItems, g: PairGrade) -> None:
    if note := _same_model(items, paired):
        st.warning(note, icon=":material/content_copy:")
    verdict_card(
        prose.headline(g), prose.key_numbers(g), clears=prose.verdict_gap(g).clears,
        note=prose.clustered_note(g),
    )  # fmt: skip


def _leads(g: PairGrade, claim: Caption) -> None:
    """The same lead graded as a pair, with clusters, and as if the questions were different."""
    rows = [(_("Paired (same questions)"), g.paired)]
    if g.clustered_gap is not None:
        rows.append((_("Paired, clustered SE"), g.clustered_gap))
    rows.append((_("Unpaired (ignores pairing)"), g.unpaired))
    fig = lead_figure(
        rows, (g.model_a, g.model_b), alt_text=prose.leads_alt_text(g), name="per-question-leads"
    )
    figure.show(fig, key="pq-leads", caption=claim)


def _results(items: Items, paired: PairedItems, g: PairGrade, *, example: bool) -> None:
    """Everything the pair says, in reading order."""
    st.subheader(_("What was read"))
    st.markdown(prose.read_summary(items, paired, escape=escape_markdown))
    claim = caption(items, paired, g, example=example)
    if g.counts is None:
        st.info(
            _(
                "These scores are not all 0 or 1 (partial credit, or several runs averaged), so "
                "there is no 2×2 table or McNemar test: the comparison uses each question's "
                "difference in score."
            ),
            icon=":material/info:",
        )
    else:
        c = g.counts
        st.subheader(_("Right and wrong, question by question"))
        a, b = g.model_a, g.model_b
        # TRANSLATORS: the 2×2 table's rows and columns, {model} a model's name.
        right, wrong = _("{model} right"), _("{model} wrong")
        table = pd.DataFrame(
            {
                right.format(model=b): [c.both_right, c.only_b],
                wrong.format(model=b): [c.only_a, c.neither],
            },
            index=[right.format(model=a), wrong.format(model=a)],
        )
        tables.show(table, index=True, width="content")
        a, b = escape_markdown(a), escape_markdown(b)
        st.caption(prose.score_line(g, escape=escape_markdown))
        tests = {m: mcnemar(c.only_a, c.only_b, method=m) for m in METHODS}
        grader.mcnemar_four_ways(c.only_a, c.only_b, g.n, tests, (a, b))
    alt_text = prose.disagreement_alt_text(paired, disagreement_frame(paired))
    figure.show(disagreement_figure(paired, alt_text=alt_text), key="pq-disagree", caption=claim)
    if numbers := prose.repeat_numbers(g):
        st.subheader(_("Repeated answers: where the noise comes from"))
        tiles(numbers)
        st.caption(
            _(
                "More answers per question shrink only the within part; the between-question "
                "part is a floor that only more questions lower."
            )
        )
    st.subheader(_("The arithmetic"))
    st.markdown("\n".join(prose.arithmetic_lines(g, escape=escape_markdown)))
    st.page_link(
        "app_pages/questions-needed.py", label=_("Plan the next eval with these numbers"),
        icon=":material/straighten:", query_params=prose.questions_needed_query(g),
    )  # fmt: skip
    st.download_button(
        _("Paired questions (CSV)"), data=language.bound(lambda: to_csv(_paired_csv(paired))),
        file_name="paired-questions.csv", mime="text/csv", key="pq-paired-csv",
        icon=":material/table:", on_click="ignore",
    )  # fmt: skip


def _paired_csv(paired: PairedItems) -> pd.DataFrame:
    """The paired questions as the download has them: columns in the run's language."""
    columns = {
        "question_id": pgettext("CSV column", "question_id"),
        "cluster": pgettext("CSV column", "cluster"),
        "a": pgettext("CSV column", "a"),
        "b": pgettext("CSV column", "b"),
        "diff": pgettext("CSV column", "diff"),
        "k_a": pgettext("CSV column", "k_a"),
        "k_b": pgettext("CSV column", "k_b"),
        "var_a": pgettext("CSV column", "var_a"),
        "var_b": pgettext("CSV column", "var_b"),
    }
    return paired.table.rename(columns=columns)
