"""Files written by the real harnesses (tests/data; see tests/data/README.md).

inspect_ai 0.3.285 (Zstandard entries) and 0.3.160 (deflate) with scripted
``mockllm`` models, and lm-evaluation-harness 0.4.13 ``--log_samples`` with a
scripted registered model. Who answers what is scripted in
tools/make_fixtures/questions.py; every count below was worked out by hand
from that script and checked against each file's own headline score (the
header's ``accuracy``, the results summary's ``acc``). Neither tool is needed
to run these tests.
"""

from __future__ import annotations

import contextlib
import io
import json
import zipfile

import numpy as np
import pytest
from fixtures_items import data_file

from benchstats import mcnemar
from benchstats.clustered import grade_pair
from benchstats.items import EACH_EPOCH, align_items, load_files, pair_items, read_run

NEW, OLD, LM = "inspect-0.3.285", "inspect-0.3.160", "lm-eval-0.4.13"
LM_ALPHA = f"{LM}/scripted__alpha/samples_arith_2*.jsonl"
LM_ALPHA_RESULTS = f"{LM}/scripted__alpha/results_2*"  # two: arith, then arith_times
LM_BETA = f"{LM}/scripted__beta/samples_arith_2*.jsonl"
LM_GAMMA = f"{LM}/scripted__gamma/samples_arith_2*.jsonl"
LM_TIMES = f"{LM}/scripted__alpha/samples_arith_times_*.jsonl"

# questions.py: alpha gets ids 2 and 5 wrong, beta 1, 2, 7 and 9 (of 12), so on the
# 12 shared questions: both right 7, only alpha 3 (1, 7, 9), only beta 1 (5), neither 1 (2)
ALPHA_RIGHT, BETA_RIGHT, BOTH, ONLY_A, ONLY_B, NEITHER = 10, 8, 7, 3, 1, 1


def _results(pattern: str, which: int = 0) -> tuple[str, bytes]:
    from fixtures_items import DATA

    path = sorted(DATA.glob(pattern))[which]
    return path.name, path.read_bytes()


def _grade(files, **kwargs):
    items = load_files(files, **kwargs)
    return items, grade_pair(pair_items(items))


def _counts(g) -> tuple[int, int, int, int]:
    c = g.counts
    return c.both_right, c.only_a, c.only_b, c.neither


# --------------------------------------------------------------------------- inspect


@pytest.mark.parametrize(("version", "method"), [(NEW, 93), (OLD, zipfile.ZIP_DEFLATED)])
def test_the_fixtures_hold_both_compressions(version, method):
    _, raw = data_file(f"{version}/arith_alpha.eval")
    samples = [
        i for i in zipfile.ZipFile(io.BytesIO(raw)).infolist() if i.filename.startswith("samples/")
    ]
    assert {i.compress_type for i in samples} == {method}


@pytest.mark.parametrize("version", [NEW, OLD])
def test_inspect_logs_read_with_header_facts(version):
    run = read_run(*reversed(data_file(f"{version}/arith_alpha.eval")))
    assert (run.model, run.task, run.dataset, run.epochs) == (
        "mockllm/alpha",
        "arith",
        "arith_sums",
        1,
    )
    assert run.metrics == ("choice",) and len(run.table) == 12
    assert run.table["choice"].sum() == ALPHA_RIGHT
    assert run.model_origin == "the log's header"


@pytest.mark.parametrize("versions", [(NEW, NEW), (OLD, OLD), (OLD, NEW)])
def test_two_models_on_one_task_pair_to_the_hand_counts(versions):
    files = [
        data_file(f"{versions[0]}/arith_alpha.eval"),
        data_file(f"{versions[1]}/arith_beta.eval"),
    ]
    items, g = _grade(files)
    assert items.models == ("mockllm/alpha", "mockllm/beta")
    assert items.tasks == ("arith", "arith") and items.metrics == ("choice", "choice")
    assert _counts(g) == (BOTH, ONLY_A, ONLY_B, NEITHER)
    assert (g.score_a, g.score_b) == (ALPHA_RIGHT / 12, BETA_RIGHT / 12)  # the headers' accuracy
    assert g.mcnemar == mcnemar(ONLY_A, ONLY_B, method="mid-p")


def test_different_inspect_tasks_are_refused():
    files = [data_file(f"{NEW}/arith_alpha.eval"), data_file(f"{NEW}/reverse_digits_alpha.eval")]
    with pytest.raises(
        ValueError,
        match=r"expected runs of one task, found task arith on dataset arith_sums in "
        r"arith_alpha\.eval and task reverse_digits on dataset reverse_digits in "
        r"reverse_digits_alpha\.eval",
    ):
        load_files(files)


@pytest.mark.parametrize("version", [NEW, OLD])
def test_epochs_use_the_logs_reducer(version):
    # 6 questions × 3 epochs; alpha wrong at (id, epoch) (2,1) (5,1) (5,2) (2,3), so
    # at_least_1 gives 6 of 6; beta wrong at (1,1) (2,1) (2,2) (3,2) (2,3): id 2 never
    # right, 5 of 6. The headers say accuracy 1.0 and 0.8333.
    files = [
        data_file(f"{version}/arith_alpha_epochs.eval"),
        data_file(f"{version}/arith_beta_epochs.eval"),
    ]
    items, g = _grade(files)
    assert items.reducer == "at_least_1" and items.reducer_options == ("at_least_1", EACH_EPOCH)
    assert items.epochs == (3, 3)
    assert (g.score_a, g.score_b) == (1.0, 5 / 6)
    assert _counts(g) == (5, 1, 0, 0)
    assert g.repeats is None  # one reduced score per question


@pytest.mark.parametrize("version", [NEW, OLD])
def test_each_epoch_stays_available_as_repeated_answers(version):
    files = [
        data_file(f"{version}/arith_alpha_epochs.eval"),
        data_file(f"{version}/arith_beta_epochs.eval"),
    ]
    items, g = _grade(files, reducer=EACH_EPOCH)
    assert items.reducer is None
    p = pair_items(items)
    assert p.k_a.tolist() == [3] * 6 and p.k_b.tolist() == [3] * 6
    assert p.a.sum() * 3 == pytest.approx(14) and p.b.sum() * 3 == pytest.approx(13)  # of 18
    assert g.repeats is not None


def test_mean_and_max_reducers_match_the_header():
    run = read_run(*reversed(data_file(f"{NEW}/arith_alpha_epochs_mean_max.eval")))
    assert list(run.reductions) == ["mean", "max"]
    mean = run.reductions["mean"].set_index("question_id")["choice"]
    assert mean.to_dict() == pytest.approx({"0": 1, "1": 1, "2": 1 / 3, "3": 1, "4": 1, "5": 1 / 3})
    assert mean.mean() == pytest.approx(0.7777777777777778)  # the header's mean accuracy
    assert run.reductions["max"]["choice"].tolist() == [1.0] * 6  # "C" reduced by max
    beta = data_file(f"{NEW}/arith_beta_epochs.eval")
    items = load_files([data_file(f"{NEW}/arith_alpha_epochs_mean_max.eval"), beta])
    assert items.reducer is None and items.reducer_options == (EACH_EPOCH,)
    assert "no epoch reducer in common" in items.notes[0]


def test_an_errored_sample_and_a_limit():
    # gamma: --limit 8, sample 3 failed, wrong on 0 and 4: 5 of 7 scored (header 0.714)
    run = read_run(*reversed(data_file(f"{NEW}/arith_gamma_limit.eval")))
    assert run.errored == 1 and len(run.table) == 8
    assert np.nansum(run.table["choice"]) == 5 and run.table["choice"].isna().sum() == 1
    items, g = _grade(
        [data_file(f"{NEW}/arith_alpha.eval"), data_file(f"{NEW}/arith_gamma_limit.eval")]
    )
    p = pair_items(items)
    assert (p.n, p.only_a, p.only_b) == (7, 5, 0)
    assert "1 sample ended in an error with no score and was left out." in items.notes
    assert (g.score_a, g.score_b) == (5 / 7, 5 / 7)  # alpha wrong on 2 and 5 of these 7


def test_the_json_log_format_reads_like_the_eval():
    run = read_run(*reversed(data_file(f"{NEW}/arith_alpha.json")))
    assert run.kind == "inspect JSON log" and run.model == "mockllm/alpha" and run.task == "arith"
    assert run.table["choice"].tolist() == [1.0, 1.0, 0.0]  # ids 0, 1, 2 (limit 3)
    items = load_files([data_file(f"{NEW}/arith_alpha.json"), data_file(f"{NEW}/arith_alpha.eval")])
    p = pair_items(items)
    assert (p.n, p.only_a, p.only_b) == (3, 0, 9) and p.diff.tolist() == [0.0] * 3
    assert items.models == ("A", "B")  # one model, two files with one stem: named by place


# --------------------------------------------------------------------------- lm-eval


def test_lm_eval_samples_pair_to_the_hand_counts():
    items, g = _grade([data_file(LM_ALPHA), data_file(LM_BETA)])
    assert items.models == ("A", "B")  # the samples files name no model…
    assert "carry no model name" in items.notes[0]  # …and the page says how to fix that
    assert items.tasks == ("arith", "arith") and items.metric == "acc"
    assert _counts(g) == (BOTH, ONLY_A, ONLY_B, NEITHER)
    assert (g.score_a, g.score_b) == (10 / 12, 8 / 12)  # results_*.json: acc 0.8333, 0.6667


def test_results_summaries_name_the_models():
    files = [data_file(LM_ALPHA), _results(LM_ALPHA_RESULTS), data_file(LM_BETA)]
    files.append(data_file(f"{LM}/scripted__beta/results_*.json"))
    items = load_files(files)
    assert items.models == ("scripted/alpha", "scripted/beta")
    assert items.model_origins[0].startswith("results_") and not items.notes


def test_a_results_summary_alone_says_what_to_upload():
    name, raw = _results(LM_ALPHA_RESULTS)
    time = name.removeprefix("results_").removesuffix(".json")
    with pytest.raises(
        ValueError,
        match=rf"^{name} is scripted/alpha's results summary \(arith: acc 83\.3%\), not "
        rf"per-question lines: compare the samples files \(samples_arith_{time}\.jsonl, from "
        r"lm_eval --log_samples\)\.$",
    ):
        load_files([(name, raw)])
    with pytest.raises(ValueError, match="results summary"):
        read_run(raw, name)


def test_different_lm_eval_tasks_are_refused_by_name_and_by_document():
    with pytest.raises(
        ValueError, match=r"found task arith in samples_arith_.* and task arith_times in"
    ):
        load_files([data_file(LM_ALPHA), data_file(LM_TIMES)])
    renamed = [("a.jsonl", data_file(LM_ALPHA)[1]), ("b.jsonl", data_file(LM_TIMES)[1])]
    with pytest.raises(
        ValueError, match=r"different document \(doc_hash\) on all 12 doc_ids they share"
    ):
        load_files(renamed)


def test_a_changed_document_is_left_out():
    name, raw = data_file(LM_BETA)
    lines = raw.decode().splitlines()
    rec = json.loads(lines[4])
    rec["doc_hash"] = "0" * 64  # doc 4 changed between the runs
    lines[4] = json.dumps(rec)
    items = load_files([data_file(LM_ALPHA), (name, "\n".join(lines).encode())])
    assert pair_items(items).n == 11
    assert any("1 doc_id (4) hold a different document" in n for n in items.notes)


def test_lm_eval_limit():
    items, g = _grade([data_file(LM_ALPHA), data_file(LM_GAMMA)])
    p = pair_items(items)
    assert (p.n, p.only_a, p.only_b) == (8, 4, 0)
    assert g.score_b == 6 / 8  # gamma wrong on 0 and 4; results_*.json: acc 0.75


# --------------------------------------------------------------------------- across harnesses


def test_a_zstd_inspect_log_pairs_with_lm_eval_on_the_same_task():
    items, g = _grade([data_file(f"{NEW}/arith_alpha.eval"), data_file(LM_BETA)])
    assert items.metrics == ("choice", "acc") and items.metric_options == ()
    assert items.models == ("mockllm/alpha", "B")
    assert any(
        "compared choice in arith_alpha.eval, acc in samples_arith_" in n for n in items.notes
    )
    assert _counts(g) == (BOTH, ONLY_A, ONLY_B, NEITHER)
    chosen = load_files(
        [data_file(f"{NEW}/arith_alpha.eval"), data_file(LM_BETA)], metric=("choice", "acc")
    )
    assert chosen.metrics == ("choice", "acc")
    with pytest.raises(ValueError, match=r"metric must be one of acc, got 'choice'"):
        load_files(
            [data_file(f"{NEW}/arith_alpha.eval"), data_file(LM_BETA)], metric=("choice", "choice")
        )


def test_a_csv_of_the_same_questions_pairs_with_the_zstd_log():
    from benchstats.items import read_items

    csv = "question_id,beta\n" + "".join(f"{i},{int(i not in (1, 2, 7, 9))}\n" for i in range(12))
    run = read_run(*reversed(data_file(f"{NEW}/arith_alpha.eval")))
    table = read_items(csv.encode(), "beta.csv").table
    beta = dict(zip(table["question_id"].astype(str), table["score"], strict=True))
    alpha = dict(zip(run.table["question_id"], run.table["choice"], strict=True))
    assert sum(alpha[q] == 1 and beta[q] == 0 for q in alpha) == ONLY_A
    assert sum(alpha[q] == 0 and beta[q] == 1 for q in alpha) == ONLY_B


def test_more_than_two_models_on_one_task():
    files = [
        data_file(f"{NEW}/arith_alpha.eval"),
        data_file(f"{NEW}/arith_beta.eval"),
        data_file(LM_GAMMA),
    ]
    items = load_files(files)
    assert items.models == ("mockllm/alpha", "mockllm/beta", "C")
    g = grade_pair(pair_items(items, "mockllm/beta", "C"))
    assert g.n == 8  # gamma ran --limit 8
    assert g.score_a == 5 / 8  # beta wrong on 1, 2, 7 of ids 0–7
    aligned = align_items(items)
    assert (aligned.n, aligned.left_out) == (8, 4)  # ids 0–7 by all three; 8–11 by two
    # on ids 0–7: alpha wrong on 2, 5; beta on 1, 2, 7; gamma on 0, 4
    assert aligned.scores.sum(axis=0).tolist() == [6.0, 5.0, 6.0]
    assert aligned.table.columns.tolist() == ["question_id", "mockllm/alpha", "mockllm/beta", "C"]
    with pytest.raises(ValueError, match=r"expected two or more different models"):
        align_items(items, ["C"])


# --------------------------------------------------------------------------- damaged files


def _flip(raw: bytes, at: int) -> bytes:
    return raw[:at] + bytes([raw[at] ^ 0xFF]) + raw[at + 1 :]


def test_damaged_zstd_entries_are_a_plain_error():
    name, raw = data_file(f"{NEW}/arith_alpha.eval")
    info = zipfile.ZipFile(io.BytesIO(raw)).getinfo("samples/0_epoch_1.json")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    with pytest.raises(
        ValueError, match=r"samples/0_epoch_1\.json (with damaged Zstandard data|whose checksum)"
    ):
        read_run(_flip(raw, start + info.compress_size // 2), name)


def test_an_unknown_compression_is_a_plain_error():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("samples/1_epoch_1.json", json.dumps({"id": 1, "epoch": 1, "scores": {}}))
    raw = bytearray(buf.getvalue())
    for sig, at in ((b"PK\x03\x04", 8), (b"PK\x01\x02", 10)):  # method: local and central headers
        i = raw.index(sig)
        raw[i + at : i + at + 2] = (99).to_bytes(2, "little")
    with pytest.raises(ValueError, match=r"compressed with zip method 99"):
        read_run(bytes(raw), "odd.eval")


@pytest.mark.parametrize("version", [NEW, OLD])
def test_any_cut_or_flipped_byte_is_a_value_error_or_reads(version):
    name, raw = data_file(f"{version}/arith_beta.eval")
    rng = np.random.default_rng(14)
    cuts = [raw[:n] for n in rng.integers(1, len(raw), 25)]
    flips = [_flip(raw, int(i)) for i in rng.integers(0, len(raw), 60)]
    for bad in cuts + flips:
        with contextlib.suppress(ValueError):  # the only exception a reader may see
            read_run(bad, name)


def test_different_task_names_across_harnesses_pair_with_a_warning():
    # harnesses name one task differently, so only the ids decide; the note says so
    items = load_files([data_file(f"{NEW}/arith_alpha.eval"), data_file(LM_TIMES)])
    assert items.tasks == ("arith", "arith_times")
    assert items.notes[0].startswith(
        "The files name different tasks: arith (arith_alpha.eval), arith_times (samples_arith_times_"
    )
    same = load_files([data_file(f"{NEW}/arith_alpha.eval"), data_file(LM_BETA)])
    assert not any("different tasks" in n for n in same.notes)
