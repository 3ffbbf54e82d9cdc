"""Sentences about per-question results: what was read, the verdict, the arithmetic.

Lines meant for Markdown take ``escape``, which makes the reader's text (file,
model and cluster names) safe there; the default leaves it as it is.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pandas as pd

from benchstats import words
from benchstats.clustered import PairGrade
from benchstats.gaps import GapResult
from benchstats.items import Items, PairedItems
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
    return (
        f"{escape(name)}: expected a file of at most {words.count(limit / _MB)} MB, "
        f"found {words.count(size / _MB)} MB. Upload a smaller file, or a sample "
        "of the questions."
    )


def formats_help(limit: int) -> str:
    """Which files the reader may upload (Markdown), with the size limit in bytes."""
    return (
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
        f"Up to {words.count(limit / _MB)} MB and 500,000 rows per file. "
        "The files stay in memory for this session and are never saved."
    )


def read_summary(items: Items, paired: PairedItems, *, escape: Escape = str) -> str:
    """What was read (Markdown): the pair, then a line each for models, task, metric, epochs.

    >>> from benchstats.items import pair_items, read_items
    >>> raw = b"question_id,model,score\\nq1,A,1\\nq1,B,0\\nq2,A,0\\nq2,B,0\\nq3,A,1\\n"
    >>> print(read_summary(items := read_items(raw, "r.csv"), pair_items(items)))
    Read `r.csv` (long CSV): **2 questions paired**. 1 question only A answered was left out.
    """
    src = listed([_code(s) for s in items.sources])
    parts = [
        f"Read {src or 'the upload'} ({items.kind}): "
        f"**{words.plural(paired.n, 'question')} paired**."
    ]
    for n, who in _left_out(paired):
        verb = "was" if n == 1 else "were"
        parts.append(f"{words.plural(n, 'question')} only {escape(who)} answered {verb} left out.")
    lines = [" ".join(parts)]
    lines += [f"- {line}" for line in _facts(items, escape) if line]
    lines += [f"- {escape(n)}" for n in items.notes]
    return "\n".join(lines)


def _facts(items: Items, escape: Escape) -> list[str]:
    """Models and where their names came from, the task, the metric, filter and epochs."""
    if not items.model_origins:  # a CSV: the column names are the models
        return [_metric_line(items, escape)] if items.metric else []
    models = ", ".join(
        f"**{escape(m)}** (named by {escape(o)})"
        for m, o in zip(items.models, items.model_origins, strict=True)
    )
    return [
        f"Models: {models}.",
        _task_line(items, escape),
        _metric_line(items, escape),
        _epochs_line(items),
    ]


def _task_line(items: Items, escape: Escape) -> str:
    tasks = [t for t in items.tasks if t]
    if tasks and len(set(tasks)) == 1:
        where = "" if len(tasks) == len(items.tasks) else " (in the files that name one)"
        return f"Task {_code(tasks[0])}{where}."
    if tasks:
        each = (
            f"{_code(t)} ({escape(m)})" for t, m in zip(items.tasks, items.models, strict=True) if t
        )
        return "Tasks: " + ", ".join(each) + "."
    return "The files name no task: the question ids decide what pairs."


def _metric_line(items: Items, escape: Escape) -> str:
    if len(set(items.metrics)) > 1:
        line = "Metrics: " + ", ".join(
            f"{_code(x)} for {escape(m)}" for x, m in zip(items.metrics, items.models, strict=True)
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
            f"Epochs: {words.plural(most, 'epoch')} per question, reduced to one score with "
            f"{_code(items.reducer)}, as the logs did."
        )
    return f"Epochs: each of the {words.plural(most, 'epoch')} counts as a repeated answer."


def verdict_gap(g: PairGrade) -> GapResult:
    """The gap the verdict reads: the clustered one when the questions carry clusters."""
    return g.clustered_gap or g.paired


def headline(g: PairGrade) -> str:
    """The verdict first, in one plain sentence (no Markdown: the card escapes it)."""
    gap = verdict_gap(g)
    a, b = g.model_a, g.model_b
    if gap.lead == 0:
        who = f"{a} and {b} tie on these {words.count(g.n)} questions"
    else:
        first, second = (a, b) if gap.lead > 0 else (b, a)
        who = f"{first} leads {second} by {in_points(abs(gap.lead))}"
    level = words.level(gap.confidence_level)
    if gap.clears:
        return f"Clears the noise: {who}, and the {level} range for the true lead excludes zero."
    return f"Inside the noise: {who}, but the {level} range for the true lead includes zero."


def clustered_note(g: PairGrade) -> str | None:
    """Under the card when the questions carry clusters: the range the verdict used."""
    if g.clustered_gap is None:
        return None
    level = words.level(g.clustered_gap.confidence_level)
    return (
        f"With clusters the verdict uses the clustered SE: {level} range "
        f"{span(g.clustered_gap)} points."
    )


def key_numbers(g: PairGrade) -> list[KeyNumber]:
    """The verdict card's numbers: lead, paired range, a p-value, disagreements, the SEs."""
    nums = [
        KeyNumber(f"Lead, {g.model_a} − {g.model_b} (points)", words.points(g.lead)),
        KeyNumber("95% range (paired)", span(g.paired)),
    ]
    if g.mcnemar is not None:
        disagree = g.counts.only_a + g.counts.only_b
        nums += [
            KeyNumber("McNemar p (mid-p)", words.p_value(g.mcnemar.p_value)),
            KeyNumber(
                "Questions that disagree",
                f"{words.count(disagree)} ({words.percent(g.discordance)})",
                help="Only these questions carry information about which model is better.",
            ),
        ]
    else:
        nums.append(KeyNumber("p (paired, normal)", words.p_value(g.paired.p_value)))
    nums.append(KeyNumber("SE (naive, points)", _se(g.paired.se)))
    if g.clustered is not None:
        nums.append(
            KeyNumber(
                "SE (clustered, points)",
                _se(g.clustered.se),
                help="Questions in one cluster rise and fall together, so they count for less.",
            )
        )
    return nums


def repeat_numbers(g: PairGrade) -> list[KeyNumber]:
    """With repeated answers: the between-question variance and each model's within variance."""
    r = g.repeats
    if r is None:
        return []
    return [
        KeyNumber("Between questions ω²", words.signed(r.omega2, decimals=4)),
        KeyNumber(f"Within, {g.model_a} σ²", words.signed(r.sigma2_a, decimals=4)),
        KeyNumber(f"Within, {g.model_b} σ²", words.signed(r.sigma2_b, decimals=4)),
    ]


def score_line(g: PairGrade, *, escape: Escape = str) -> str:
    """Under the 2×2 table: each model's right answers and what the off-diagonal means."""
    c = g.counts
    right_a, right_b = c.both_right + c.only_a, c.both_right + c.only_b
    off = c.only_a + c.only_b
    return (
        f"{escape(g.model_a)} right on {words.count(right_a)} of {words.count(c.n)} "
        f"({words.percent(g.score_a)}), {escape(g.model_b)} on {words.count(right_b)} "
        f"({words.percent(g.score_b)}). Only the {words.plural(off, 'question')} off the "
        f"diagonal {'says' if off == 1 else 'say'} which model is better."
    )


def caption_title(items: Items, g: PairGrade) -> str:
    """The claim a downloaded chart carries: "a vs b on the same 2 questions, task t"."""
    tasks = sorted({t for t in items.tasks if t})
    task = f", task {' and '.join(tasks)}" if tasks else ""
    return f"{g.model_a} vs {g.model_b} on the same {words.plural(g.n, 'question')}{task}"


def caption_inputs(items: Items, paired: PairedItems) -> tuple[tuple[str, str], ...]:
    """What was read, as (name, value) rows above a downloaded chart's data."""
    rows = [("files", ", ".join(items.sources)), ("read as", items.kind)]
    metrics = items.metrics if len(set(items.metrics)) > 1 else (items.metric,)
    rows.append(("metric", ", ".join(m for m in metrics if m)))
    if items.filter and items.filter != "none":
        rows.append(("filter", items.filter))
    if max(items.epochs, default=1) > 1:
        rows.append(("epochs", items.reducer or "each epoch, as a repeated answer"))
    rows.append(("paired questions", words.count(paired.n)))
    rows += [(f"left out (only {who} answered)", words.count(n)) for n, who in _left_out(paired)]
    return tuple((k, v) for k, v in rows if v)


def disagreement_alt_text(paired: PairedItems, frame: pd.DataFrame) -> str:
    """What the disagreement chart shows (``frame``: its rows), and which groups it leaves out."""
    shown = frame["group"].nunique()
    total = int(frame["groups_total"].iloc[0]) if len(frame) else 0
    what = "was right" if paired.binary else "scored higher"
    line = (
        f"Bars count the questions on which only {paired.model_a} {what} (to the right) and "
        f"only {paired.model_b} (to the left)"
    )
    if shown < total:
        return (
            f"{line}, in the {words.count(shown)} clusters (of {words.count(total)}) with the "
            "most disagreements; the data download holds these rows."
        )
    if not paired.has_clusters:
        return (
            f"{line}. No clusters in the file, so the questions are shown in blocks of file order."
        )
    return f"{line}, one row per cluster."


def leads_alt_text(g: PairGrade) -> str:
    """What the paired-against-unpaired chart shows."""
    level = words.level(g.paired.confidence_level)
    return (
        f"Each bar is the {level} range for the true lead of {g.model_a} over {g.model_b}, "
        f"the dot the lead, {words.points(g.lead)} points, in every row: only the width changes."
    )


def arithmetic_lines(g: PairGrade, *, escape: Escape = str) -> list[str]:
    """The arithmetic behind every number, one Markdown bullet each, with the reader's data."""
    lines = [
        f"- Scores: {escape(g.model_a)} {words.percent(g.score_a)}, {escape(g.model_b)} "
        f"{words.percent(g.score_b)} on the same {words.count(g.n)} questions; "
        f"lead = {words.points(g.lead)} points."
    ]
    lines += _paired_lines(g, escape)
    lines.append(
        f"- Ignoring the pairing (as if the two scores came from different questions): "
        f"SE {in_points(g.unpaired.se, 2)}, range {span(g.unpaired)}."
    )
    if g.clustered is not None:
        lines.append(_clustered_line(g))
    if g.repeats is not None:
        lines.append(_repeats_line(g))
    return lines


def _paired_lines(g: PairGrade, escape: Escape) -> list[str]:
    if g.counts is None:
        return [
            "- Scores are not all 0 or 1, so the lead is the mean per-question difference "
            f"d and SE = SD(d)/√n = {in_points(g.paired.se, 2)}; 95% range {span(g.paired)}."
        ]
    b, c, n = words.count(g.counts.only_a), words.count(g.counts.only_b), words.count(g.n)
    return [
        f"- Only the disagreements count: b = {b} (only {escape(g.model_a)} right), "
        f"c = {c} (only {escape(g.model_b)} right); "
        f"lead = (b − c)/n = ({b} − {c})/{n} = {words.points(g.lead)} points.",
        f"- Naive paired SE = √(b + c − (b − c)²/n)/n = {in_points(g.paired.se, 2)}; "
        f"the 95% range {span(g.paired)} is Tango's score interval.",
        f"- McNemar's exact test counts b of b + c coin flips at ½: exact "
        f"{words.p_value(g.mcnemar_exact.p_value)}, mid-p {words.p_value(g.mcnemar.p_value)}.",
    ]


def _clustered_line(g: PairGrade) -> str:
    cl = g.clustered
    deff = cl.design_effect
    deff_txt = f"; design effect {words.signed(deff)}" if math.isfinite(deff) else ""
    cr1 = words.signed(cl.clusters / max(cl.clusters - 1, 1), decimals=3)
    return (
        f"- Clustered SE: add up the centred differences within each of the "
        f"{words.count(cl.clusters)} clusters, square, add across clusters, √ and ÷ n "
        f"(no small-sample correction; CR1 would multiply the variance by "
        f"G/(G − 1) = {cr1}): {in_points(cl.se, 2)} against {_se(cl.naive_se)} naive{deff_txt}."
    )


def _repeats_line(g: PairGrade) -> str:
    r = g.repeats

    def v(x: float) -> str:
        return words.signed(x, decimals=4)

    text = (
        f"- Repeated answers ({words.count(r.k_a)} and {words.count(r.k_b)} per question on "
        f"average): within-question variances σ²_A = {v(r.sigma2_a)}, σ²_B = {v(r.sigma2_b)} "
        f"(pooled, ddof 1); variance of the per-question mean differences {v(r.observed)}; "
        f"ω² = {v(r.observed)} − σ²_A·mean(1/K_A) − σ²_B·mean(1/K_B) = {v(r.omega2)}"
        + (" (negative, set to 0)." if r.clipped else ".")
    )
    return text.replace("_", "\\_")  # subscripts, not Markdown emphasis


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
