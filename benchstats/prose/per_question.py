"""Sentences about per-question results: what was read, the verdict, the arithmetic.

Lines meant for Markdown take ``escape``, which makes the reader's text (file,
model and cluster names) safe there; the default leaves it as it is.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import pandas as pd

from benchstats import words
from benchstats.clustered import PairGrade
from benchstats.gaps import GapResult
from benchstats.items import MAX_ROWS, Items, PairedItems
from benchstats.language import N_, _, ngettext, pgettext
from benchstats.prose import KeyNumber, in_points, listed, span

Escape = Callable[[str], str]
_MB = 1024 * 1024


def _code(text: object) -> str:
    """Reader-supplied text as inline code (literal there: only backticks matter)."""
    return "`" + str(text).replace("`", "'").replace("\n", " ") + "`"


def _se(x: float) -> str:
    return words.points(x, signed=False, decimals=2)


def _left_out(paired: PairedItems) -> list[tuple[int, str]]:
    """(questions, model) for each model that answered questions the other did not."""
    each = ((paired.only_a, paired.model_a), (paired.only_b, paired.model_b))
    return [(n, who) for n, who in each if n]


def too_big(name: str, size: int, limit: int, *, escape: Escape = str) -> str:
    """An upload over the size limit (bytes), in words the reader can act on.

    >>> too_big("big.csv", 21 * 1024 * 1024, 20 * 1024 * 1024)[:54]
    'big.csv: expected a file of at most 20 MB, found 21 MB'
    """
    # TRANSLATORS: {name} the file's name, {limit} and {size} numbers of megabytes ("20").
    return _(
        "{name}: expected a file of at most {limit} MB, found {size} MB. Upload a smaller file, "
        "or a sample of the questions."
    ).format(name=escape(name), limit=words.count(limit / _MB), size=words.count(size / _MB))


def formats_help(limit: int) -> str:
    """Which files the reader may upload (Markdown), with the size limit in bytes."""
    # TRANSLATORS: Markdown bullets; keep the column names, file names, keys and codes in
    # backticks as they are (question_id, model, score, cluster, run, doc_id, filter, C, P, I, N).
    said = _(
        "- **One CSV, wide**: a `question_id` column, then one column per model with 0/1 "
        "(wrong/right) or a score from 0 to 1. An optional `cluster` column groups questions "
        "that belong together (one passage, one translated item).\n"
        "- **One CSV, long**: `question_id`, `model`, `score`, optional `cluster`, and optional "
        "`run` when a model answered a question more than once.\n"
        "- **lm-evaluation-harness files** from `--log_samples` (the "
        "`samples_<task>_<time>.jsonl`), one per model, two or more: paired on `doc_id` and "
        "`filter`. Add each run's `results_<time>.json` to show the model's name.\n"
        "- **inspect logs**, `.eval` (old deflate or current Zstandard) or JSON, one per model: "
        "paired on the sample id. Several epochs are reduced the way the log reduced them "
        "(`at_least_1`, `mean`, …), or count as repeated answers if you pick. C counts 1, P "
        "0.5, I and N 0.\n"
        "- Files of different tasks are refused: the same id names a different question "
        "there.\n\n"
        "Up to {limit} MB and {rows} rows per file. The files stay in memory for this session "
        "and are never saved."
    )
    return said.format(limit=words.count(limit / _MB), rows=words.count(MAX_ROWS))


# What the readers of benchstats.items call a file and where a model's name came from, in
# words for the reader (the readers keep the English as data).
_KINDS = {
    "wide CSV": N_("wide CSV"),
    "long CSV": N_("long CSV"),
    "lm-eval log_samples": N_("lm-eval log_samples"),
    "inspect .eval": N_("inspect .eval"),
    "inspect JSON log": N_("inspect JSON log"),
}
_ORIGINS = {
    "the file name": N_("the file name"),
    "the log's header": N_("the log's header"),
    "its place in the upload": N_("its place in the upload"),
    "its file (the same model twice)": N_("its file (the same model twice)"),
}


def kind_words(kind: str) -> str:
    """What the upload was read as ("long CSV", "lm-eval log_samples + inspect .eval")."""
    return " + ".join(_(_KINDS[k]) if k in _KINDS else k for k in kind.split(" + "))


def _origin(origin: str) -> str:
    """Where a model's name came from: a reader's phrase, else a file's name as it is."""
    return _(_ORIGINS[origin]) if origin in _ORIGINS else origin


def read_summary(items: Items, paired: PairedItems, *, escape: Escape = str) -> str:
    """What was read (Markdown): the pair, then a line each for models, task, metric, epochs.

    >>> from benchstats.items import pair_items, read_items
    >>> raw = b"question_id,model,score\\nq1,A,1\\nq1,B,0\\nq2,A,0\\nq2,B,0\\nq3,A,1\\n"
    >>> print(read_summary(items := read_items(raw, "r.csv"), pair_items(items)))
    Read `r.csv` (long CSV): **2 questions paired**. 1 question only A answered was left out.
    """
    src = listed([_code(s) for s in items.sources])
    fields = dict(
        sources=src, kind=kind_words(items.kind), questions=words.plural(paired.n, "question")
    )
    if src:
        # TRANSLATORS: {sources} the files' names, {kind} what they were read as ("long CSV"),
        # {questions} "40 questions".
        parts = [_("Read {sources} ({kind}): **{questions} paired**.").format(**fields)]
    else:
        parts = [_("Read the upload ({kind}): **{questions} paired**.").format(**fields)]
    for n, who in _left_out(paired):
        # TRANSLATORS: {model} a model's name; its questions the other model did not answer.
        said = ngettext(
            "{count} question only {model} answered was left out.",
            "{count} questions only {model} answered were left out.",
            n,
        )
        parts.append(said.format(count=words.count(n), model=escape(who)))
    lines = [" ".join(parts)]
    lines += [f"- {line}" for line in _facts(items, escape) if line]
    lines += [f"- {escape(n)}" for n in items.notes]
    return "\n".join(lines)


def _facts(items: Items, escape: Escape) -> list[str]:
    """Models and where their names came from, the task, the metric, filter and epochs."""
    if not items.model_origins:  # a CSV: the column names are the models
        return [_metric_line(items, escape)] if items.metric else []
    # TRANSLATORS: a model's name, bold, and where it came from ("the log's header").
    named = _("**{model}** (named by {origin})")
    models = ", ".join(
        named.format(model=escape(m), origin=escape(_origin(o)))
        for m, o in zip(items.models, items.model_origins, strict=True)
    )
    return [
        _("Models: {models}.").format(models=models),
        _task_line(items, escape),
        _metric_line(items, escape),
        _epochs_line(items),
    ]


def _task_line(items: Items, escape: Escape) -> str:
    tasks = [t for t in items.tasks if t]
    if tasks and len(set(tasks)) == 1:
        if len(tasks) == len(items.tasks):
            return _("Task {task}.").format(task=_code(tasks[0]))
        return _("Task {task} (in the files that name one).").format(task=_code(tasks[0]))
    if tasks:
        # TRANSLATORS: a task's name and the model whose file names it.
        each = _("{task} ({model})")
        found = (
            each.format(task=_code(t), model=escape(m))
            for t, m in zip(items.tasks, items.models, strict=True)
            if t
        )
        return _("Tasks: {tasks}.").format(tasks=", ".join(found))
    return _("The files name no task: the question ids decide what pairs.")


def _metric_line(items: Items, escape: Escape) -> str:
    filt = _code(items.filter) if items.filter and items.filter != "none" else None
    if len(set(items.metrics)) > 1:
        # TRANSLATORS: a metric's name and the model it scores.
        each = _("{metric} for {model}")
        metrics = ", ".join(
            each.format(metric=_code(x), model=escape(m))
            for x, m in zip(items.metrics, items.models, strict=True)
        )
        if filt is None:
            return _("Metrics: {metrics}.").format(metrics=metrics)
        return _("Metrics: {metrics}, filter {filter}.").format(metrics=metrics, filter=filt)
    metric = _code(items.metric)
    if filt is None:
        return _("Metric {metric}.").format(metric=metric)
    return _("Metric {metric}, filter {filter}.").format(metric=metric, filter=filt)


def _epochs_line(items: Items) -> str:
    most = max(items.epochs, default=1)
    if most <= 1:
        return ""
    if items.reducer:
        # TRANSLATORS: {reducer} the name of inspect's reducer, as code ("`mean`").
        said = ngettext(
            "Epochs: {count} epoch per question, reduced to one score with {reducer}, as the "
            "logs did.",
            "Epochs: {count} epochs per question, reduced to one score with {reducer}, as the "
            "logs did.",
            most,
        )
        return said.format(count=words.count(most), reducer=_code(items.reducer))
    said = ngettext(
        "Epochs: each of the {count} epoch counts as a repeated answer.",
        "Epochs: each of the {count} epochs counts as a repeated answer.",
        most,
    )
    return said.format(count=words.count(most))


def verdict_gap(g: PairGrade) -> GapResult:
    """The gap the verdict reads: the clustered one when the questions carry clusters."""
    return g.clustered_gap or g.paired


def headline(g: PairGrade) -> str:
    """The verdict first, in one plain sentence (no Markdown: the card escapes it)."""
    gap = verdict_gap(g)
    a, b = g.model_a, g.model_b
    level = words.level(gap.confidence_level)
    if gap.lead == 0:
        fields = dict(a=a, b=b, count=words.count(g.n), level=level)
        if gap.clears:
            said = _(
                "Clears the noise: {a} and {b} tie on these {count} questions, and the {level} "
                "range for the true lead excludes zero."
            )
        else:
            said = _(
                "Inside the noise: {a} and {b} tie on these {count} questions, but the {level} "
                "range for the true lead includes zero."
            )
        return said.format(**fields)
    first, second = (a, b) if gap.lead > 0 else (b, a)
    fields = dict(first=first, second=second, lead=in_points(abs(gap.lead)), level=level)
    if gap.clears:
        # TRANSLATORS: {first} the model ahead, {second} the other, {lead} "4.0 points",
        # {level} "95%".
        said = _(
            "Clears the noise: {first} leads {second} by {lead}, and the {level} range for the "
            "true lead excludes zero."
        )
    else:
        said = _(
            "Inside the noise: {first} leads {second} by {lead}, but the {level} range for the "
            "true lead includes zero."
        )
    return said.format(**fields)


def clustered_note(g: PairGrade) -> str | None:
    """Under the card when the questions carry clusters: the range the verdict used."""
    if g.clustered_gap is None:
        return None
    # TRANSLATORS: {level} "95%", {range} the range's ends in points ("−1.2 to +9.2").
    return _(
        "With clusters the verdict uses the clustered SE: {level} range {range} points."
    ).format(level=words.level(g.clustered_gap.confidence_level), range=span(g.clustered_gap))


def key_numbers(g: PairGrade) -> list[KeyNumber]:
    """The verdict card's numbers: lead, paired range, a p-value, disagreements, the SEs."""
    # TRANSLATORS: {a} and {b} the two models' names.
    lead = _("Lead, {a} − {b} (points)").format(a=g.model_a, b=g.model_b)
    nums = [
        KeyNumber(lead, words.points(g.lead)),
        KeyNumber(_("95% range (paired)"), span(g.paired)),
    ]
    if g.mcnemar is not None:
        disagree = g.counts.only_a + g.counts.only_b
        nums += [
            KeyNumber(_("McNemar p (mid-p)"), words.p_value(g.mcnemar.p_value)),
            KeyNumber(
                _("Questions that disagree"),
                f"{words.count(disagree)} ({words.percent(g.discordance)})",
                help=_("Only these questions carry information about which model is better."),
            ),
        ]
    else:
        nums.append(KeyNumber(_("p (paired, normal)"), words.p_value(g.paired.p_value)))
    nums.append(KeyNumber(_("SE (naive, points)"), _se(g.paired.se)))
    if g.clustered is not None:
        nums.append(
            KeyNumber(
                _("SE (clustered, points)"),
                _se(g.clustered.se),
                help=_("Questions in one cluster rise and fall together, so they count for less."),
            )
        )
    return nums


def repeat_numbers(g: PairGrade) -> list[KeyNumber]:
    """With repeated answers: the between-question variance and each model's within variance."""
    r = g.repeats
    if r is None:
        return []
    # TRANSLATORS: {model} a model's name; σ² its answer-to-answer variance within a question.
    within = _("Within, {model} σ²")
    return [
        KeyNumber(_("Between questions ω²"), words.signed(r.omega2, decimals=4)),
        KeyNumber(within.format(model=g.model_a), words.signed(r.sigma2_a, decimals=4)),
        KeyNumber(within.format(model=g.model_b), words.signed(r.sigma2_b, decimals=4)),
    ]


def score_line(g: PairGrade, *, escape: Escape = str) -> str:
    """Under the 2×2 table: each model's right answers and what the off-diagonal means."""
    c = g.counts
    right_a, right_b = c.both_right + c.only_a, c.both_right + c.only_b
    off = c.only_a + c.only_b
    # TRANSLATORS: {a} and {b} the models, {right_a} and {right_b} their right answers, {n} the
    # questions, {score_a} and {score_b} percents; {count} the questions off the diagonal.
    said = ngettext(
        "{a} right on {right_a} of {n} ({score_a}), {b} on {right_b} ({score_b}). Only the "
        "{count} question off the diagonal says which model is better.",
        "{a} right on {right_a} of {n} ({score_a}), {b} on {right_b} ({score_b}). Only the "
        "{count} questions off the diagonal say which model is better.",
        off,
    )
    return said.format(
        a=escape(g.model_a), right_a=words.count(right_a), n=words.count(c.n),
        score_a=words.percent(g.score_a), b=escape(g.model_b), right_b=words.count(right_b),
        score_b=words.percent(g.score_b), count=words.count(off),
    )  # fmt: skip


def caption_title(items: Items, g: PairGrade) -> str:
    """The claim a downloaded chart carries: "a vs b on the same 2 questions, task t"."""
    tasks = sorted({t for t in items.tasks if t})
    fields = dict(a=g.model_a, b=g.model_b, questions=words.plural(g.n, "question"))
    if not tasks:
        # TRANSLATORS: a downloaded chart's title; {questions} "40 questions".
        return _("{a} vs {b} on the same {questions}").format(**fields)
    joined = functools.reduce(lambda x, y: _("{items} and {last}").format(items=x, last=y), tasks)
    return _("{a} vs {b} on the same {questions}, task {task}").format(**fields, task=joined)


def caption_inputs(items: Items, paired: PairedItems) -> tuple[tuple[str, str], ...]:
    """What was read, as (name, value) rows above a downloaded chart's data."""
    rows = [
        (pgettext("download", "files"), ", ".join(items.sources)),
        (pgettext("download", "read as"), kind_words(items.kind)),
    ]
    metrics = items.metrics if len(set(items.metrics)) > 1 else (items.metric,)
    rows.append((pgettext("download", "metric"), ", ".join(m for m in metrics if m)))
    if items.filter and items.filter != "none":
        rows.append((pgettext("download", "filter"), items.filter))
    if max(items.epochs, default=1) > 1:
        each = pgettext("download", "each epoch, as a repeated answer")
        rows.append((pgettext("download", "epochs"), items.reducer or each))
    rows.append((pgettext("download", "paired questions"), words.count(paired.n)))
    # TRANSLATORS: a download's row: the questions only {model} answered, left out.
    left = pgettext("download", "left out (only {model} answered)")
    rows += [(left.format(model=who), words.count(n)) for n, who in _left_out(paired)]
    return tuple((k, v) for k, v in rows if v)


def disagreement_alt_text(paired: PairedItems, frame: pd.DataFrame) -> str:
    """What the disagreement chart shows (``frame``: its rows), and which groups it leaves out."""
    shown = frame["group"].nunique()
    total = int(frame["groups_total"].iloc[0]) if len(frame) else 0
    fields = dict(
        a=paired.model_a, b=paired.model_b, shown=words.count(shown), total=words.count(total)
    )
    if shown < total:
        if paired.binary:
            # TRANSLATORS: a chart's description; {shown} and {total} counts of clusters.
            said = _(
                "Bars count the questions on which only {a} was right (to the right) and only {b} "
                "(to the left), in the {shown} clusters (of {total}) with the most disagreements; "
                "the data download holds these rows."
            )
        else:
            said = _(
                "Bars count the questions on which only {a} scored higher (to the right) and only "
                "{b} (to the left), in the {shown} clusters (of {total}) with the most "
                "disagreements; the data download holds these rows."
            )
    elif not paired.has_clusters:
        if paired.binary:
            said = _(
                "Bars count the questions on which only {a} was right (to the right) and only {b} "
                "(to the left). No clusters in the file, so the questions are shown in blocks of "
                "file order."
            )
        else:
            said = _(
                "Bars count the questions on which only {a} scored higher (to the right) and only "
                "{b} (to the left). No clusters in the file, so the questions are shown in blocks "
                "of file order."
            )
    elif paired.binary:
        said = _(
            "Bars count the questions on which only {a} was right (to the right) and only {b} "
            "(to the left), one row per cluster."
        )
    else:
        said = _(
            "Bars count the questions on which only {a} scored higher (to the right) and only {b} "
            "(to the left), one row per cluster."
        )
    return said.format(**fields)


def leads_alt_text(g: PairGrade) -> str:
    """What the paired-against-unpaired chart shows."""
    # TRANSLATORS: a chart's description; {level} "95%", {lead} the lead in points ("+6.1").
    return _(
        "Each bar is the {level} range for the true lead of {a} over {b}, the dot the lead, "
        "{lead} points, in every row: only the width changes."
    ).format(
        level=words.level(g.paired.confidence_level), a=g.model_a, b=g.model_b,
        lead=words.points(g.lead),
    )  # fmt: skip


def arithmetic_lines(g: PairGrade, *, escape: Escape = str) -> list[str]:
    """The arithmetic behind every number, one Markdown bullet each, with the reader's data."""
    # TRANSLATORS: {a} and {b} the models, {score_a} and {score_b} percents, {n} the questions,
    # {lead} the lead in points ("+6.1").
    scores = _(
        "- Scores: {a} {score_a}, {b} {score_b} on the same {n} questions; lead = {lead} points."
    )
    lines = [
        scores.format(
            a=escape(g.model_a),
            score_a=words.percent(g.score_a),
            b=escape(g.model_b),
            score_b=words.percent(g.score_b),
            n=words.count(g.n),
            lead=words.points(g.lead),
        )  # fmt: skip
    ]
    lines += _paired_lines(g, escape)
    # TRANSLATORS: {se} "2.67 points", {range} "−1.2 to +9.2".
    unpaired = _(
        "- Ignoring the pairing (as if the two scores came from different questions): SE {se}, "
        "range {range}."
    )
    lines.append(unpaired.format(se=in_points(g.unpaired.se, 2), range=span(g.unpaired)))
    if g.clustered is not None:
        lines.append(_clustered_line(g))
    if g.repeats is not None:
        lines.append(_repeats_line(g))
    return lines


def _paired_lines(g: PairGrade, escape: Escape) -> list[str]:
    if g.counts is None:
        # TRANSLATORS: {se} "2.67 points", {range} "−1.2 to +9.2"; keep the formula.
        said = _(
            "- Scores are not all 0 or 1, so the lead is the mean per-question difference d and "
            "SE = SD(d)/√n = {se}; 95% range {range}."
        )
        return [said.format(se=in_points(g.paired.se, 2), range=span(g.paired))]
    b, c, n = words.count(g.counts.only_a), words.count(g.counts.only_b), words.count(g.n)
    a_name, b_name = escape(g.model_a), escape(g.model_b)
    # TRANSLATORS: McNemar's b and c (keep the letters), {a} and {b_name} the models' names.
    only = _(
        "- Only the disagreements count: b = {b} (only {a} right), c = {c} (only {b_name} right); "
        "lead = (b − c)/n = ({b} − {c})/{n} = {lead} points."
    )
    # TRANSLATORS: {se} "2.67 points", {range} "−1.2 to +9.2"; keep the formula.
    naive = _(
        "- Naive paired SE = √(b + c − (b − c)²/n)/n = {se}; the 95% range {range} is Tango's "
        "score interval."
    )
    # TRANSLATORS: {exact} and {mid_p} p-values ("0.024", "< 0.001").
    exact = _(
        "- McNemar's exact test counts b of b + c coin flips at ½: exact {exact}, mid-p {mid_p}."
    )
    return [
        only.format(b=b, a=a_name, c=c, b_name=b_name, n=n, lead=words.points(g.lead)),
        naive.format(se=in_points(g.paired.se, 2), range=span(g.paired)),
        exact.format(
            exact=words.p_value(g.mcnemar_exact.p_value), mid_p=words.p_value(g.mcnemar.p_value)
        ),
    ]


def _clustered_line(g: PairGrade) -> str:
    cl = g.clustered
    deff = cl.design_effect
    fields = dict(
        clusters=words.count(cl.clusters),
        cr1=words.signed(cl.clusters / max(cl.clusters - 1, 1), decimals=3),
        se=in_points(cl.se, 2),
        naive=_se(cl.naive_se),
    )
    if math.isfinite(deff):
        # TRANSLATORS: {clusters} a count, {cr1} a factor ("1.111"), {se} "2.67 points", {naive}
        # the naive SE in points ("2.10"), {deff} the design effect ("1.62"); keep G/(G − 1).
        said = _(
            "- Clustered SE: add up the centred differences within each of the {clusters} "
            "clusters, square, add across clusters, √ and ÷ n (no small-sample correction; CR1 "
            "would multiply the variance by G/(G − 1) = {cr1}): {se} against {naive} naive; "
            "design effect {deff}."
        )
        return said.format(**fields, deff=words.signed(deff))
    said = _(
        "- Clustered SE: add up the centred differences within each of the {clusters} clusters, "
        "square, add across clusters, √ and ÷ n (no small-sample correction; CR1 would multiply "
        "the variance by G/(G − 1) = {cr1}): {se} against {naive} naive."
    )
    return said.format(**fields)


def _repeats_line(g: PairGrade) -> str:
    r = g.repeats

    def v(x: float) -> str:
        return words.signed(x, decimals=4)

    fields = dict(
        k_a=words.count(r.k_a), k_b=words.count(r.k_b), s_a=v(r.sigma2_a), s_b=v(r.sigma2_b),
        observed=v(r.observed), omega2=v(r.omega2),
    )  # fmt: skip
    if r.clipped:
        # TRANSLATORS: {k_a} and {k_b} answers per question, the others variances ("0.0123");
        # keep the formula and its subscripts (σ²_A, K_A).
        said = _(
            "- Repeated answers ({k_a} and {k_b} per question on average): within-question "
            "variances σ²_A = {s_a}, σ²_B = {s_b} (pooled, ddof 1); variance of the per-question "
            "mean differences {observed}; ω² = {observed} − σ²_A·mean(1/K_A) − σ²_B·mean(1/K_B) "
            "= {omega2} (negative, set to 0)."
        )
    else:
        said = _(
            "- Repeated answers ({k_a} and {k_b} per question on average): within-question "
            "variances σ²_A = {s_a}, σ²_B = {s_b} (pooled, ddof 1); variance of the per-question "
            "mean differences {observed}; ω² = {observed} − σ²_A·mean(1/K_A) − σ²_B·mean(1/K_B) "
            "= {omega2}."
        )
    return said.format(**fields).replace("_", "\\_")  # subscripts, not Markdown emphasis


def questions_needed_query(g: PairGrade) -> dict[str, str]:
    """URL keys for the Questions needed page, in its units: ``p`` the scores' mean, ``d``
    the lead, ``discordance``, and with repeated answers the variances and the answers per
    question. A value the planner would refuse is left out.
    """
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
