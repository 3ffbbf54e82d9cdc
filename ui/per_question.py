"""Per-question results on the gap grader: upload eval logs, pair them, grade the pair.

The Gap grader page calls :func:`per_question_panel` inside its
"Per-question results" section. Reading, pairing and every number come from
``benchstats.items`` and ``benchstats.clustered``, numbers in words from
``benchstats.words``; this module only reads the upload, asks which models,
metric, filter and epoch reducer to use, and writes what was read: the model
names and where they came from, the task, the metric, the filter or reducer,
and how many questions were paired and left out.

The uploaded bytes stay in memory (Streamlit's upload store and a small
``st.cache_data``); nothing is written to disk.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import streamlit as st

from benchstats.charts.grader import lead_chart, lead_frame
from benchstats.charts.items import disagreement_chart, disagreement_frame
from benchstats.clustered import PairGrade, grade_pair
from benchstats.items import EACH_EPOCH, Items, PairedItems, load_files, pair_items
from benchstats.words import count, p_value, percent, plural, points, signed
from ui.downloads import chart_downloads
from ui.verdict import KeyNumber, escape_markdown, verdict_card

KEY = "pq"  # prefix of this panel's widget keys
FILE_TYPES = ["csv", "jsonl", "json", "eval", "zip"]


def _upload_limit() -> int:
    """Bytes per file: the server's ``server.maxUploadSize`` (MB)."""
    try:
        mb = float(st.get_option("server.maxUploadSize"))
    except Exception:  # an option missing in an odd set-up: the site's own limit
        mb = 20.0
    return int(mb * 1024 * 1024)


@st.cache_data(max_entries=4, show_spinner="Reading the file…")
def _load(
    key: tuple,
    _files: list[tuple[str, bytes]],
    metric: str | tuple[str, ...] | None,
    filter: str | None,
    reducer: str | None,
    limit: int,
) -> Items:
    """The upload read once per file set (``key``: names, upload ids, sizes)."""
    return load_files(_files, metric=metric, filter=filter, reducer=reducer, max_bytes=limit)


def _md(text: object) -> str:
    """Reader-supplied text (file and model names) made safe inside Markdown."""
    return escape_markdown(str(text))


def _code(text: object) -> str:
    """Reader-supplied text as inline code (literal there: only backticks matter)."""
    return "`" + str(text).replace("`", "'").replace("\n", " ") + "`"


def _example_csv() -> bytes:
    """A small wide CSV with clusters, to show the layout."""
    rng = np.random.default_rng(7)
    n = 40
    skill = rng.normal(0, 1.2, n // 4).repeat(4)
    a = (rng.random(n) < 1 / (1 + np.exp(-(skill + 0.9)))).astype(int)
    b = (rng.random(n) < 1 / (1 + np.exp(-(skill + 0.5)))).astype(int)
    frame = pd.DataFrame(
        {
            "question_id": [f"q{i + 1:03d}" for i in range(n)],
            "cluster": [f"passage-{i // 4 + 1}" for i in range(n)],
            "model_a": a,
            "model_b": b,
        }
    )
    return frame.to_csv(index=False).encode()


def _formats_help() -> None:
    with st.expander("Which files work"):
        st.markdown(
            "- **One CSV, wide**: a `question_id` column, then one column per model with "
            "0/1 (wrong/right) or a score from 0 to 1. An optional `cluster` column groups "
            "questions that belong together (one passage, one translated item).\n"
            "- **One CSV, long**: `question_id`, `model`, `score`, optional `cluster`, and "
            "optional `run` when a model answered a question more than once.\n"
            "- **lm-evaluation-harness files** from `--log_samples` (the "
            "`samples_<task>_<time>.jsonl`), one per model, two or more: paired on `doc_id` "
            "and `filter`. Add each run's `results_<time>.json` to show the model's name.\n"
            "- **inspect logs**, `.eval` (old deflate or current Zstandard) or JSON, one per "
            "model: paired on the sample id. Several epochs are reduced the way the log "
            "reduced them (`at_least_1`, `mean`, …), or count as repeated answers if you "
            "pick. C counts 1, P 0.5, I and N 0.\n"
            "- Files of different tasks are refused: the same id names a different "
            "question there.\n\n"
            f"Up to {count(_upload_limit() / 1024 / 1024)} MB and 500,000 rows per file. "
            "The files stay in memory for this session and are never saved."
        )
        st.download_button(
            "Example CSV",
            data=_example_csv,
            file_name="per-question-example.csv",
            mime="text/csv",
            key=f"{KEY}-example",
            icon=":material/download:",
            on_click="ignore",
        )


def _read_upload(files: list) -> Items | None:
    """The uploaded files as Items, or None after showing what went wrong."""
    limit = _upload_limit()
    for f in files:  # the server enforces maxUploadSize; say so plainly anyway
        if f.size > limit:
            st.error(
                f"{_md(f.name)}: expected a file of at most {count(limit / 1024 / 1024)} MB, "
                f"found {count(f.size / 1024 / 1024)} MB. Upload a smaller file, or a sample "
                "of the questions.",
                icon=":material/error:",
            )
            return None
    key = tuple((f.name, f.file_id, f.size) for f in files)
    picked = _picked()
    try:
        pairs = [(f.name, f.getvalue()) for f in files]
        try:
            return _load(key, pairs, *picked, limit)
        except ValueError:
            if picked == (None, None, None):
                raise
            return _load(key, pairs, None, None, None, limit)  # choices of an earlier upload
    except ValueError as err:
        st.error(_md(err), icon=":material/error:")
    except Exception as err:  # a file no reader anticipated: still no traceback
        st.error(
            "Could not read this upload: expected a CSV, lm-eval JSONL or an inspect log, "
            f"found something the reader did not understand ({type(err).__name__}).",
            icon=":material/error:",
        )
    return None


def _picked() -> tuple[str | tuple[str, ...] | None, str | None, str | None]:
    """The metric (one name, or one per model), filter and reducer picked on an earlier run."""
    state = st.session_state
    each = []
    while state.get(f"{KEY}_metric_{len(each)}"):  # one per model when names differ
        each.append(state[f"{KEY}_metric_{len(each)}"])
    metric = tuple(each) if len(each) > 1 else state.get(f"{KEY}_metric")
    return metric, state.get(f"{KEY}_filter"), state.get(f"{KEY}_reducer")


def _select(where, label: str, options: tuple[str, ...], key: str, **kwargs) -> str:
    """A selectbox that forgets a choice left over from another upload."""
    if st.session_state.get(key) not in (None, *options):
        del st.session_state[key]
    return where.selectbox(label, options, key=key, **kwargs)


def _reducer_label(items: Items):
    def label(option: str) -> str:
        if option == EACH_EPOCH:
            return "Each epoch, as a repeated answer"
        first = option == items.reducer_options[0]
        return f"Reduced with {option}" + (" (as the logs did)" if first else "")

    return label


def _choices(items: Items) -> tuple[str, str]:
    """Which two models (and, for harness files, which metric and filter)."""
    models = list(items.models)
    if len(models) > 2:
        cols = st.columns(2)
        a = cols[0].selectbox("Model A", models, index=0, key=f"{KEY}_a")
        rest = [m for m in models if m != a]
        b = cols[1].selectbox("Model B", rest, index=0, key=f"{KEY}_b")
    else:
        swap = st.toggle("Swap A and B", key=f"{KEY}_swap")
        a, b = (models[1], models[0]) if swap else (models[0], models[1])
    many_metrics, many_filters = len(items.metric_options) > 1, len(items.filter_options) > 1
    if many_metrics or many_filters:
        cols = st.columns(2)
        if many_metrics:
            _select(
                cols[0], "Metric", items.metric_options, f"{KEY}_metric",
                help="The numeric score every file carries with values from 0 to 1.",
            )  # fmt: skip
        if many_filters:
            _select(
                cols[1], "Filter", items.filter_options, f"{KEY}_filter",
                help="lm-eval's answer-extraction filter; questions pair within one filter.",
            )  # fmt: skip
    each = items.metric_options_each
    if not items.metric_options and any(len(e) > 1 for e in each):  # no name in common
        cols = st.columns(min(len(each), 3))
        for i, (options, model) in enumerate(zip(each, items.models, strict=True)):
            _select(
                cols[i % len(cols)], f"Metric of {model}", options, f"{KEY}_metric_{i}",
                help="The files name their 0–1 metrics differently: pick the pair that "
                "measures the same thing.",
            )  # fmt: skip
    if len(items.reducer_options) > 1:
        _select(
            st, "Epochs", items.reducer_options, f"{KEY}_reducer",
            format_func=_reducer_label(items),
            help="inspect runs each question several times (epochs) and reduces them to one "
            "score; pick 'each epoch' to see the answer-to-answer noise instead.",
        )  # fmt: skip
    return a, b


def _summary(items: Items, paired: PairedItems) -> str:
    """What was read: the pair, then one line each for models, task, metric, epochs; notes."""
    names = [_code(s) for s in items.sources]
    src = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    parts = [
        f"Read {src or 'the upload'} ({items.kind}): **{plural(paired.n, 'question')} paired**."
    ]
    for n, who in ((paired.only_a, paired.model_a), (paired.only_b, paired.model_b)):
        if n:
            verb = "was" if n == 1 else "were"
            parts.append(f"{plural(n, 'question')} only {_md(who)} answered {verb} left out.")
    lines = [" ".join(parts)]
    lines += [f"- {line}" for line in _facts(items) if line]
    lines += [f"- {_md(n)}" for n in items.notes]
    return "\n".join(lines)


def _facts(items: Items) -> list[str]:
    """Models and where their names came from, the task, the metric, filter and epochs."""
    if not items.model_origins:  # a CSV: the column names are the models
        return [_metric_line(items)] if items.metric else []
    models = ", ".join(
        f"**{_md(m)}** (named by {_md(o)})"
        for m, o in zip(items.models, items.model_origins, strict=True)
    )
    tasks = [t for t in items.tasks if t]
    if tasks and len(set(tasks)) == 1:
        where = "" if len(tasks) == len(items.tasks) else " (in the files that name one)"
        task = f"Task {_code(tasks[0])}{where}."
    elif tasks:
        task = (
            "Tasks: "
            + ", ".join(
                f"{_code(t)} ({_md(m)})"
                for t, m in zip(items.tasks, items.models, strict=True)
                if t
            )
            + "."
        )
    else:
        task = "The files name no task: the question ids decide what pairs."
    return [f"Models: {models}.", task, _metric_line(items), _epochs_line(items)]


def _metric_line(items: Items) -> str:
    if len(set(items.metrics)) > 1:
        line = "Metrics: " + ", ".join(
            f"{_code(x)} for {_md(m)}" for x, m in zip(items.metrics, items.models, strict=True)
        )
    else:
        line = f"Metric {_code(items.metric)}"
    filt = f", filter {_code(items.filter)}" if items.filter and items.filter != "none" else ""
    return line + filt + "."


def _epochs_line(items: Items) -> str:
    most = max(items.epochs, default=1)
    if most <= 1:
        return ""
    if items.reducer:
        return (
            f"Epochs: {plural(most, 'epoch')} per question, reduced to one score with "
            f"{_code(items.reducer)}, as the logs did."
        )
    return f"Epochs: each of the {plural(most, 'epoch')} counts as a repeated answer."


def _headline(g: PairGrade) -> tuple[str, bool]:
    gap = g.clustered_gap or g.paired
    lead = gap.lead
    a, b = g.model_a, g.model_b
    if lead == 0:
        who = f"{a} and {b} tie on these {count(g.n)} questions"
    else:
        first, second = (a, b) if lead > 0 else (b, a)
        who = f"{first} leads {second} by {points(abs(lead), signed=False)} points"
    if gap.clears:
        return f"Clears the noise: {who}, and the 95% range for the true lead excludes zero.", True
    return f"Inside the noise: {who}, but the 95% range for the true lead includes zero.", False


def _range(gap) -> str:
    return f"{points(gap.low)} to {points(gap.high)}"


def _key_numbers(g: PairGrade) -> list[KeyNumber]:
    nums = [
        KeyNumber("Lead (points)", points(g.lead)),
        KeyNumber("95% range (paired)", _range(g.paired)),
    ]
    if g.mcnemar is not None:
        nums.append(KeyNumber("McNemar p (mid-p)", p_value(g.mcnemar.p_value)))
        nums.append(
            KeyNumber(
                "Questions that disagree",
                f"{count(g.counts.only_a + g.counts.only_b)} ({percent(g.discordance)})",
                help="Only these questions carry information about which model is better.",
            )
        )
    else:
        nums.append(KeyNumber("p (paired, normal)", p_value(g.paired.p_value)))
    nums.append(KeyNumber("SE (naive, points)", points(g.paired.se, signed=False, decimals=2)))
    if g.clustered is not None:
        nums.append(
            KeyNumber(
                "SE (clustered, points)",
                points(g.clustered.se, signed=False, decimals=2),
                help="Questions in one cluster rise and fall together, so they count for less.",
            )
        )
    return nums


def _two_by_two(g: PairGrade) -> pd.DataFrame:
    c = g.counts
    return pd.DataFrame(
        {
            f"{g.model_b} right": [c.both_right, c.only_b],
            f"{g.model_b} wrong": [c.only_a, c.neither],
        },
        index=[f"{g.model_a} right", f"{g.model_a} wrong"],
    )


def _score_line(g: PairGrade) -> str:
    c = g.counts
    right_a, right_b = c.both_right + c.only_a, c.both_right + c.only_b
    off = c.only_a + c.only_b
    return (
        f"{_md(g.model_a)} right on {count(right_a)} of {count(c.n)} "
        f"({percent(g.score_a)}), {_md(g.model_b)} on {count(right_b)} "
        f"({percent(g.score_b)}). Only the {plural(off, 'question')} off the diagonal "
        f"{'says' if off == 1 else 'say'} which model is better."
    )


def _questions_needed_params(g: PairGrade) -> dict[str, str]:
    """URL keys for the Questions needed page (its units: percent, points, variances)."""
    out: dict[str, str] = {}
    near = (g.score_a + g.score_b) / 2 * 100
    if 0.5 <= near <= 99.5:
        out["p"] = f"{near:.1f}"
    lead = abs(g.lead) * 100
    if 0.1 <= lead <= 99:
        out["d"] = f"{lead:.1f}"
    if g.discordance is not None and g.discordance >= 0.001:
        out["discordance"] = f"{g.discordance * 100:.1f}"
    r = g.repeats
    if r is not None:
        out |= {
            "omega2": f"{r.omega2:.4f}",
            "sigma2_a": f"{r.sigma2_a:.4f}",
            "sigma2_b": f"{r.sigma2_b:.4f}",
            "repeats": str(max(1, round((r.k_a + r.k_b) / 2))),
        }
    return out


def _arithmetic(g: PairGrade) -> None:
    n = g.n
    with st.expander("The arithmetic"):
        lines = [
            f"- Scores: {_md(g.model_a)} {percent(g.score_a)}, {_md(g.model_b)} "
            f"{percent(g.score_b)} on the same {count(n)} questions; "
            f"lead = {points(g.lead)} points."
        ]
        if g.counts is not None:
            b, c = g.counts.only_a, g.counts.only_b
            lines += [
                f"- Only the disagreements count: b = {count(b)} (only A right), "
                f"c = {count(c)} (only B right); lead = (b − c)/n = "
                f"({count(b)} − {count(c)})/{count(n)} = {points(g.lead)} points.",
                f"- Naive paired SE = √(b + c − (b − c)²/n)/n = "
                f"{points(g.paired.se, signed=False, decimals=2)} points; the 95% range "
                f"{_range(g.paired)} is Tango's score interval.",
                f"- McNemar: mid-p {p_value(g.mcnemar.p_value)}, exact "
                f"{p_value(g.mcnemar_exact.p_value)} (b of b + c coin flips at ½).",
            ]
        else:
            lines.append(
                "- Scores are not all 0 or 1, so the lead is the mean per-question difference "
                f"d and SE = SD(d)/√n = {points(g.paired.se, signed=False, decimals=2)} "
                f"points; 95% range {_range(g.paired)}."
            )
        lines.append(
            f"- Ignoring the pairing (as if the two scores came from different questions): "
            f"SE {points(g.unpaired.se, signed=False, decimals=2)} points, range "
            f"{_range(g.unpaired)}."
        )
        cl = g.clustered
        if cl is not None:
            deff = cl.design_effect
            deff_txt = f"; design effect {signed(deff)}" if math.isfinite(deff) else ""
            lines.append(
                f"- Clustered SE: add up the centred differences within each of the "
                f"{count(cl.clusters)} clusters, square, add across clusters, √ and ÷ n "
                f"(no small-sample correction; CR1 would multiply the variance by "
                f"G/(G − 1) = {signed(cl.clusters / max(cl.clusters - 1, 1), decimals=3)}): "
                f"{points(cl.se, signed=False, decimals=2)} points against "
                f"{points(cl.naive_se, signed=False, decimals=2)} naive{deff_txt}."
            )
        r = g.repeats
        if r is not None:
            text = (
                f"- Repeated answers ({count(r.k_a)} and {count(r.k_b)} per question on average): "
                f"within-question variances σ²_A = {signed(r.sigma2_a, decimals=4)}, σ²_B = {signed(r.sigma2_b, decimals=4)} "
                f"(pooled, ddof 1); variance of the per-question mean differences "
                f"{signed(r.observed, decimals=4)}; ω² = {signed(r.observed, decimals=4)} − σ²_A·mean(1/K_A) − "
                f"σ²_B·mean(1/K_B) = {signed(r.omega2, decimals=4)}"
                + (" (negative, set to 0)." if r.clipped else ".")
            )
            lines.append(text.replace("_", "\\_"))  # subscripts, not Markdown emphasis
        st.markdown("\n".join(lines))


def _show(items: Items, g: PairGrade, paired: PairedItems) -> None:
    headline, clears = _headline(g)
    note = None
    if g.clustered_gap is not None:
        note = (
            f"With clusters the verdict uses the clustered SE: 95% range "
            f"{_range(g.clustered_gap)} points."
        )
    verdict_card(headline, _key_numbers(g), clears=clears, note=note)

    if g.counts is not None:
        st.markdown("**Right and wrong, question by question**")
        st.table(_two_by_two(g), width="content")
        st.caption(_score_line(g))
    else:
        st.info(
            "These scores are not all 0 or 1 (partial credit, or several runs averaged), "
            "so there is no 2×2 table or McNemar test: the comparison uses each question's "
            "difference in score.",
            icon=":material/info:",
        )

    frame = disagreement_frame(paired)
    chart = disagreement_chart(frame)
    st.altair_chart(chart, width="stretch")
    shown, total = frame["group"].nunique(), int(frame["groups_total"].iloc[0])
    if shown < total:
        st.caption(
            f"The {count(shown)} clusters (of {count(total)}) with the most "
            "disagreements; the data download holds these rows."
        )
    elif not paired.has_clusters:
        st.caption("No clusters in the file, so the questions are shown in blocks of file order.")
    chart_downloads(chart, frame, "where-models-disagree", key=f"{KEY}-disagree")

    rows = [("Paired (same questions)", g.paired)]
    if g.clustered_gap is not None:
        rows.append(("Paired, clustered SE", g.clustered_gap))
    rows.append(("Unpaired (ignores pairing)", g.unpaired))
    leads = lead_frame(rows)
    st.markdown("**Paired against unpaired**")
    st.caption(
        "The same two scores graded three ways. Pairing removes the question-to-question "
        "noise both models share; clusters add back what related questions share."
        if g.clustered_gap is not None
        else "The same two scores graded as a pair and, for contrast, as if they came from "
        "different questions. Pairing removes the noise both models share."
    )
    lchart = lead_chart(leads)
    st.altair_chart(lchart, width="stretch")
    chart_downloads(lchart, leads, "per-question-leads", key=f"{KEY}-leads")

    if g.repeats is not None:
        r = g.repeats
        st.markdown("**Repeated answers: where the noise comes from**")
        cols = st.columns(3)
        cols[0].metric("Between questions ω²", f"{signed(r.omega2, decimals=4)}")
        cols[1].metric(f"Within, {g.model_a} σ²", f"{signed(r.sigma2_a, decimals=4)}")
        cols[2].metric(f"Within, {g.model_b} σ²", f"{signed(r.sigma2_b, decimals=4)}")
        st.caption(
            "More answers per question shrink only the within part; the between-question "
            "part is a floor that only more questions lower."
        )

    st.page_link(
        "pages/questions_needed.py",
        label="Plan the next eval with these numbers",
        icon=":material/straighten:",
        query_params=_questions_needed_params(g),
    )
    _arithmetic(g)
    st.download_button(
        "Paired questions (CSV)",
        data=lambda: paired.table.to_csv(index=False).encode(),
        file_name="paired-questions.csv",
        mime="text/csv",
        key=f"{KEY}-paired-csv",
        icon=":material/table:",
        on_click="ignore",
    )


def per_question_panel() -> None:
    """The upload section: one wide or long CSV, or two harness files."""
    st.markdown(
        "Have each question's result? Upload it and the comparison becomes paired: "
        "only the questions where the models disagree count."
    )
    files = st.file_uploader(
        "Per-question results: one CSV, or two or more lm-eval or inspect files",
        type=FILE_TYPES,
        accept_multiple_files=True,
        key=f"{KEY}_files",
        help="Model A is the first file (or the first score column); B the second.",
    )
    _formats_help()
    if not files:
        st.caption("No file yet: the results appear here once one is read.")
        return
    items = _read_upload(files)
    if items is None:
        return
    summary = st.container()
    try:
        model_a, model_b = _choices(items)
        paired = pair_items(items, model_a, model_b)
        grade = grade_pair(paired)
    except ValueError as err:
        st.error(_md(err), icon=":material/error:")
        return
    summary.markdown(_summary(items, paired))
    _show(items, grade, paired)
