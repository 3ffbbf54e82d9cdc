"""Harness runs side by side: one task, one filter, one reducer, one 0–1 metric each.

:func:`combine_runs` refuses runs of different tasks (their question ids name
different questions), takes the epoch reducer the logs used, pairs metrics
by name (or the sole 0–1 metric of each file), and names each model from
its file, or by its place when the file names none.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from benchstats.items._base import Items, RunLog, file_stem, listed_values, shown_value
from benchstats.language import _, ngettext
from benchstats.words import a_or_an, count

EACH_EPOCH = "each epoch"  # no reducer: every epoch is a repeated answer
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _usable(table: pd.DataFrame, metric: str) -> bool:
    """A metric files can be compared on: present, and every value in [0, 1]."""
    v = table[metric].to_numpy(np.float64) if metric in table else np.array([])
    v = v[~np.isnan(v)]
    return v.size > 0 and bool(np.all((v >= 0.0) & (v <= 1.0)))


def _pick(what: str, value: str | None, options: Sequence[str]) -> str:
    if value is None:
        return options[0]
    if value not in options:
        msg = f"{what} must be one of {listed_values(options)}, got {value!r}."
        raise ValueError(msg)
    return value


def _what(run: RunLog) -> str:
    task = f"task {run.task}" if run.task else "no task named"
    return task + (f" on dataset {run.dataset}" if run.dataset else "")


def _check_tasks(first: RunLog, other: RunLog) -> None:
    """Refuse two runs of one harness that name different tasks or datasets."""
    if first.kind.split()[0] != other.kind.split()[0]:
        return  # task names differ across harnesses (lm-eval, inspect) by habit; the ids decide
    named = ((first.task, other.task), (first.dataset, other.dataset))
    if any(x and y and x != y for x, y in named):
        msg = (
            f"expected runs of one task, found {_what(first)} in {first.source} and "
            f"{_what(other)} in {other.source}. Their question ids name different "
            "questions, so they cannot be paired; upload runs of the same task."
        )
        raise ValueError(msg)


def _task_note(runs: Sequence[RunLog]) -> str | None:
    """A warning when runs of different harnesses name different tasks (not refused)."""
    if len({r.task for r in runs if r.task}) < 2:
        return None
    listed = ", ".join(f"{r.task} ({r.source})" for r in runs if r.task)
    # TRANSLATORS: {tasks} each task with its file ("arith (a.eval), arith_v2 (b.jsonl)").
    return _(
        "The files name different tasks: {tasks}. Harnesses name one task differently, so they "
        "were paired on their ids; check that the ids name the same questions."
    ).format(tasks=listed)


def _same_documents(runs: Sequence[RunLog]) -> tuple[set[str], str | None]:
    """lm-eval doc_ids whose document differs between runs, and a note about them."""
    hashed = [r for r in runs if r.doc_hash is not None]
    if len(hashed) < 2:
        return set(), None
    first, bad = hashed[0], set()
    for other in hashed[1:]:
        shared = first.doc_hash.index.intersection(other.doc_hash.index)
        if not len(shared):
            continue
        differ = shared[first.doc_hash[shared].to_numpy() != other.doc_hash[shared].to_numpy()]
        if len(differ) == len(shared):
            msg = (
                f"expected runs of one task, found {first.source} ({_what(first)}) and "
                f"{other.source} ({_what(other)}) with a different document (doc_hash) on "
                f"all {count(len(shared))} doc_ids they share: the same ids name different "
                "questions. Upload runs of the same task."
            )
            raise ValueError(msg)
        bad.update(differ)
    if not bad:
        return bad, None
    # TRANSLATORS: {ids} the doc_ids ("3, 17 and 2 more"); keep doc_id and doc_hash.
    said = ngettext(
        "{count} doc_id ({ids}) hold a different document in different files (doc_hash differs) "
        "and were left out.",
        "{count} doc_ids ({ids}) hold a different document in different files (doc_hash "
        "differs) and were left out.",
        len(bad),
    )
    note = said.format(count=count(len(bad)), ids=listed_values(sorted(bad, key=str), limit=4))
    return bad, note


def _reducer_options(runs: Sequence[RunLog]) -> tuple[tuple[str, ...], str | None]:
    """The epoch reducers every multi-epoch run carries, then EACH_EPOCH; and a note."""
    many = [r for r in runs if r.epochs > 1]
    if not many:
        return (), None
    shared = [k for k in many[0].reductions if all(k in r.reductions for r in many[1:])]
    if shared:
        return (*shared, EACH_EPOCH), None
    none = _("none")
    held = "; ".join(f"{r.source}: {listed_values(list(r.reductions)) or none}" for r in many)
    # TRANSLATORS: {held} each log with its reducers ("a.eval: mean; b.eval: none").
    note = _(
        "The logs hold no epoch reducer in common ({held}), so every epoch counts as a repeated "
        "answer."
    ).format(held=held)
    return (EACH_EPOCH,), note


def _rows(run: RunLog, reducer: str | None, filter: str, bad_docs: set[str]) -> pd.DataFrame:
    """The run's rows on ``filter``: the reducer's one score per question, or every epoch."""
    table = run.table
    if reducer not in (None, EACH_EPOCH) and run.epochs > 1:
        table = run.reductions[reducer].assign(filter="none", run=1)
    table = table[table["filter"] == filter]
    return table[~table["question_id"].isin(bad_docs)] if bad_docs else table


def _metrics(
    runs: Sequence[RunLog], tables: Sequence[pd.DataFrame], metric: str | Sequence[str] | None
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...], str | None]:
    """The metric of each run, the names all share, each run's usable names, and a note."""
    each = tuple(
        tuple(m for m in r.metrics if _usable(t, m)) for r, t in zip(runs, tables, strict=True)
    )
    shared = tuple(m for m in each[0] if all(m in e for e in each[1:]))
    if isinstance(metric, str) or (metric is None and shared):
        if not shared:
            msg = (
                f"metric {metric!r} must be in every file, but the files share no metric "
                "with scores from 0 to 1; give one metric per file instead."
            )
            raise ValueError(msg)
        name = _pick("metric", metric, shared)
        return (name,) * len(runs), shared, each, None
    if metric is None:  # no name in common: the first 0–1 metric of each file
        if not all(each):
            found = "; ".join(f"{listed_values(r.metrics) or 'none'} in {r.source}" for r in runs)
            msg = f"expected a metric with scores from 0 to 1 in every file, found {found}."
            raise ValueError(msg)
        chosen = tuple(e[0] for e in each)
    else:
        chosen = tuple(metric)
        if len(chosen) != len(runs):
            msg = f"metric must name one metric per file ({count(len(runs))}), got {count(len(chosen))}."
            raise ValueError(msg)
        for name, e in zip(chosen, each, strict=True):
            _pick("metric", name, e)
    # TRANSLATORS: a metric and its file ("acc in a.jsonl").
    each_in = _("{metric} in {file}")
    pairs = ", ".join(
        each_in.format(metric=m, file=r.source) for m, r in zip(chosen, runs, strict=True)
    )
    if all(len(e) == 1 for e in each):
        # TRANSLATORS: {pairs} each metric with its file ("acc in a.jsonl, choice in b.eval").
        said = _(
            "The files name their 0–1 metric differently: compared {pairs}, the only 0–1 metric in each."
        )
    else:
        said = _(
            "The files name their 0–1 metric differently: compared {pairs}. Pick another pair if "
            "these differ in meaning."
        )
    note = said.format(pairs=pairs)
    return chosen, shared, each, note


def _labels(runs: Sequence[RunLog]) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """A name per model, where each name came from, and a note for unnamed files."""

    def letter(i: int, other: str) -> str:
        return _LETTERS[i] if i < len(_LETTERS) else other

    names = [r.model or letter(i, f"model {i + 1}") for i, r in enumerate(runs)]
    origins = [r.model_origin if r.model else "its place in the upload" for r in runs]
    for name in list(names):  # the same model twice (two prompts, two dates)
        twins = [j for j, other in enumerate(names) if other == name]
        if len(twins) > 1:
            stems = [file_stem(runs[j].source) for j in twins]
            distinct = len(set(stems)) == len(stems)
            for j, stem in zip(twins, stems, strict=True):
                names[j] = f"{letter(j, str(j + 1))}: {stem}" if distinct else letter(j, str(j + 1))
                origins[j] = "its file (the same model twice)"
    # TRANSLATORS: a model's letter and its file ("A is samples_arith.jsonl").
    is_file = _("{name} is {file}")
    which = "; ".join(
        is_file.format(name=n, file=r.source)
        for n, r in zip(names, runs, strict=True)
        if not r.model
    )
    note = None
    if which:
        # TRANSLATORS: {which} each letter and its file; keep results_<time>.json.
        note = _(
            "lm-eval samples files carry no model name: {which}. Upload each run's "
            "results_<time>.json beside its samples file to show the model's name."
        ).format(which=which)
    return tuple(names), tuple(origins), note


def _filters(runs: Sequence[RunLog]) -> tuple[str, ...]:
    """The filters every run has, in the first run's order."""
    held = [set(r.table["filter"]) for r in runs[1:]]
    filters = tuple(str(f) for f in pd.unique(runs[0].table["filter"]) if all(f in h for h in held))
    if not filters:
        found = "; ".join(
            f"{listed_values(list(pd.unique(r.table['filter'])))} in {r.source}" for r in runs
        )
        msg = f"expected the files to share a filter, found {found}."
        raise ValueError(msg)
    return filters


def _answers(
    tables: Sequence[pd.DataFrame], metrics: Sequence[str]
) -> tuple[pd.Index, tuple[np.ndarray, ...], int]:
    """Question ids, the (question, model, run, score) arrays of scored answers, and unscored."""
    qcode, uniq = pd.factorize(pd.concat([t["question_id"] for t in tables], ignore_index=True))
    score = np.concatenate(
        [t[m].to_numpy(np.float64) for t, m in zip(tables, metrics, strict=True)]
    )
    model = np.repeat(np.arange(len(tables)), [len(t) for t in tables])
    run = np.concatenate([t["run"].to_numpy(np.int64) for t in tables])
    keep = ~np.isnan(score)
    answers = (qcode[keep].astype(np.int64), model[keep], run[keep], score[keep])
    return pd.Index(uniq, dtype="str"), answers, int(keep.size - keep.sum())


def _left_out(errored: int, missing: int, metrics: Sequence[str]) -> list[str]:
    """Notes on samples left out: ended in an error, or without a score."""
    out = []
    if errored > 0:
        said = ngettext(
            "{count} sample ended in an error with no score and was left out.",
            "{count} samples ended in an error with no score and were left out.",
            errored,
        )
        out.append(said.format(count=count(errored)))
    if missing - errored > 0:
        k = missing - errored
        if len(set(metrics)) == 1:
            # TRANSLATORS: {a_metric} the metric's name with English's article ("an acc"); in
            # your language the name alone: write the article yourself if it needs one.
            said = ngettext(
                "{count} sample without {a_metric} score was left out.",
                "{count} samples without {a_metric} score were left out.",
                k,
            )
            out.append(said.format(count=count(k), a_metric=a_or_an(shown_value(metrics[0]))))
        else:
            said = ngettext(
                "{count} sample without a metric score was left out.",
                "{count} samples without a metric score were left out.",
                k,
            )
            out.append(said.format(count=count(k)))
    return out


def combine_runs(
    run_a: RunLog,
    run_b: RunLog,
    *more: RunLog,
    metric: str | Sequence[str] | None = None,
    filter: str | None = None,
    reducer: str | None = None,
) -> Items:
    """Two or more runs (one model each, in the order listed) as :class:`Items`.

    ``metric`` is a metric every file carries, or one name per file when
    their names differ (``("choice", "acc")``); by default the first of
    ``run_a``'s that every file carries with all values in [0, 1], failing
    that the first 0–1 metric of each. ``filter`` is an lm-eval filter every
    file has (default: ``run_a``'s first). ``reducer``, for inspect logs with
    several epochs, is a reducer the logs applied (default: the log's own) or
    ``"each epoch"`` to count every epoch as a repeated answer.

    Runs of different tasks (inspect: the header's task or dataset; lm-eval:
    the file name's task, or a different ``doc_hash`` on every shared
    ``doc_id``), no shared filter, no 0–1 metric or a choice not on offer
    raise ``ValueError``.

    Examples
    --------
    >>> from benchstats.items import read_run
    >>> a = read_run(b'{"doc_id": 0, "filter": "none", "acc": 1.0}', "a.jsonl")
    >>> b = read_run(b'{"doc_id": 0, "filter": "none", "acc": 0.0}', "b.jsonl")
    >>> combine_runs(a, b).table[["model", "score"]].values.tolist()
    [['a', 1.0], ['b', 0.0]]
    """
    runs = (run_a, run_b, *more)
    for other in runs[1:]:
        _check_tasks(runs[0], other)
    bad_docs, doc_note = _same_documents(runs)
    filters = _filters(runs)
    filter = _pick("filter", filter, filters)
    reducers, reducer_note = _reducer_options(runs)
    reducer = _pick("reducer", reducer, reducers) if reducers else None
    tables = [_rows(r, reducer, filter, bad_docs) for r in runs]
    metrics, shared, each, metric_note = _metrics(runs, tables, metric)
    names, origins, name_note = _labels(runs)

    uniq, answers, missing = _answers(tables, metrics)
    notes = [n for n in (_task_note(runs), name_note, metric_note, reducer_note, doc_note) if n]
    notes += _left_out(sum(r.errored for r in runs), missing, metrics)
    return Items(
        " + ".join(dict.fromkeys(r.kind for r in runs)),
        names,
        uniq,
        pd.Index([], dtype="str"),
        np.full(len(uniq), -1, dtype=np.int64),
        answers=answers,
        sources=tuple(r.source for r in runs),
        metric=metrics[0],
        metric_options=shared,
        filter=filter,
        filter_options=filters,
        notes=tuple(notes),
        metrics=metrics,
        metric_options_each=each,
        reducer=None if reducer == EACH_EPOCH else reducer,
        reducer_options=reducers,
        tasks=tuple(r.task for r in runs),
        epochs=tuple(r.epochs for r in runs),
        model_origins=origins,
    )
