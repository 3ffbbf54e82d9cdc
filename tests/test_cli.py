"""``leadorluck compare`` on the real harness files of tests/data (see tests/data/README.md).

The counts must be the ones the site's upload gives for the same files (the
Gap grader's per-question panel: ``load_files`` → ``pair_items`` →
``grade_pair``); the p-values scipy's and statsmodels'; Holm statsmodels';
every refusal one line on standard error with exit code 2. Most tests call
``main(argv)`` in the process; test_cli_script.py runs the installed script.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pandas as pd
import pytest
from fixtures_items import DATA
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

from benchstats.cli import main
from benchstats.cli.files import read_inspect_path
from benchstats.cli.render import markdown_escape
from benchstats.clustered import grade_pair
from benchstats.grading import grade_paired
from benchstats.items import EACH_EPOCH, load_files, pair_items, read_run

NEW, OLD, LM = "inspect-0.3.285", "inspect-0.3.160", "lm-eval-0.4.13"
LM_ALPHA = f"{LM}/scripted__alpha/samples_arith_2*.jsonl"
LM_ALPHA_RESULTS = f"{LM}/scripted__alpha/results_2026-11-30T18-31-40.997941.json"
LM_BETA = f"{LM}/scripted__beta/samples_arith_2*.jsonl"
LM_BETA_RESULTS = f"{LM}/scripted__beta/results_*.json"
LM_GAMMA = f"{LM}/scripted__gamma/samples_arith_2*.jsonl"
LM_TIMES = f"{LM}/scripted__alpha/samples_arith_times_*.jsonl"
ROOT = Path(__file__).resolve().parents[1]
LOCAL = "http://localhost:8501"


@pytest.fixture(autouse=True)
def local_site(monkeypatch):
    """Links open the site on this machine unless a test says otherwise (the default: none);
    the report line in English whatever this machine's locale (a test sets one to see it)."""
    monkeypatch.setenv("LEADORLUCK_SITE", LOCAL)
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)


def path(pattern: str) -> str:
    """The one file under tests/data matching ``pattern``, as a path string."""
    (found,) = sorted(DATA.glob(pattern))
    return str(found)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, "compare", *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def refused(capsys, *argv: str) -> str:
    """Exit 2 and one line on standard error, no traceback; the line."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert out == "" and err.startswith("leadorluck: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def site_grade(patterns, **choices):
    """What the Gap grader's upload panel grades for these files (model A = the first file)."""
    files = [(Path(path(p)).name, Path(path(p)).read_bytes()) for p in patterns]
    items = load_files(files, **choices)
    return items, grade_pair(pair_items(items, items.models[0], items.models[1]))


# --------------------------------------------------------------------------- the site's counts

PAIRS = [
    pytest.param([LM_ALPHA, LM_BETA], {}, id="lm-eval"),
    pytest.param([LM_ALPHA, LM_GAMMA], {}, id="lm-eval-limit"),
    pytest.param([f"{NEW}/arith_alpha.eval", f"{NEW}/arith_beta.eval"], {}, id="inspect-zstd"),
    pytest.param([f"{OLD}/arith_alpha.eval", f"{OLD}/arith_beta.eval"], {}, id="inspect-deflate"),
    pytest.param([f"{OLD}/arith_alpha.eval", f"{NEW}/arith_beta.eval"], {}, id="inspect-mixed"),
    pytest.param([f"{NEW}/arith_alpha.json", f"{NEW}/arith_beta.eval"], {}, id="inspect-json"),
    pytest.param([f"{NEW}/arith_beta.eval", f"{NEW}/arith_gamma_limit.eval"], {}, id="errored"),
    pytest.param(
        [f"{NEW}/arith_alpha_epochs.eval", f"{OLD}/arith_beta_epochs.eval"], {}, id="epochs"
    ),
    pytest.param(
        [f"{NEW}/arith_alpha_epochs.eval", f"{NEW}/arith_beta_epochs.eval"],
        {"reducer": EACH_EPOCH},
        id="each-epoch",
    ),
]


@pytest.mark.parametrize(("patterns", "choices"), PAIRS)
def test_counts_are_the_uploads(capsys, patterns, choices):
    extra = ["--reducer", choices["reducer"]] if choices else []
    doc = as_json(capsys, *map(path, patterns), *extra)
    (c,) = doc["comparisons"]
    items, g = site_grade(patterns, **choices)  # A = baseline, B = candidate on the site
    assert (c["baseline_file"], c["candidate_file"]) == tuple(map(path, patterns))
    assert c["questions"] == g.n
    if g.counts is None:  # every epoch counted: mean scores, no 2×2 table
        assert c["baseline_only"] is None and c["candidate_only"] is None and c["link"] is None
    else:
        assert (c["baseline_only"], c["candidate_only"]) == (g.counts.only_a, g.counts.only_b)
        assert (c["both_right"], c["neither"]) == (g.counts.both_right, g.counts.neither)
    # The lead is candidate − baseline: the site's A − B with the sign turned.
    assert c["lead_points"] == pytest.approx(-100 * g.lead, abs=1e-12)
    assert c["low_points"] == pytest.approx(-100 * g.paired.high, abs=1e-9)
    assert c["high_points"] == pytest.approx(-100 * g.paired.low, abs=1e-9)
    assert (c["baseline_percent"], c["candidate_percent"]) == (100 * g.score_a, 100 * g.score_b)


def test_the_fixtures_counts_by_hand(capsys):
    # tests/data/README.md: alpha 10 of 12, beta 8; only alpha 3 (1, 7, 9), only beta 1 (5)
    doc = as_json(capsys, path(f"{NEW}/arith_alpha.eval"), path(f"{NEW}/arith_beta.eval"))
    c = doc["comparisons"][0]
    assert (c["baseline"], c["candidate"]) == ("mockllm/alpha", "mockllm/beta")
    assert (c["questions"], c["baseline_only"], c["candidate_only"]) == (12, 3, 1)
    assert (c["both_right"], c["neither"]) == (7, 1)
    assert c["lead_points"] == pytest.approx(100 * (1 - 3) / 12)


def test_results_summaries_name_lm_eval_models(capsys):
    files = [LM_ALPHA, LM_ALPHA_RESULTS, LM_BETA, LM_BETA_RESULTS]
    doc = as_json(capsys, *map(path, files))
    c = doc["comparisons"][0]
    assert (doc["baseline"], c["candidate"]) == ("scripted/alpha", "scripted/beta")
    assert (c["baseline_only"], c["candidate_only"]) == (3, 1)
    assert doc["files"] == [path(LM_ALPHA), path(LM_BETA)]  # the summaries only name


def test_lm_eval_files_without_a_summary_are_named_by_their_folder(capsys):
    doc = as_json(capsys, path(LM_ALPHA), path(LM_BETA))
    assert [doc["baseline"], doc["comparisons"][0]["candidate"]] == [
        "scripted__alpha",
        "scripted__beta",
    ]


def test_an_inspect_json_log_reads_as_the_upload_reads_it(capsys):
    # arith_alpha.json is limit=3: ids 0–2, alpha wrong on 2; beta wrong on 1 and 2
    doc = as_json(capsys, path(f"{NEW}/arith_alpha.json"), path(f"{NEW}/arith_beta.eval"))
    c = doc["comparisons"][0]
    assert (c["questions"], c["baseline_only"], c["candidate_only"]) == (3, 1, 0)
    assert c["left_out_candidate"] == 9  # beta answered ids 3–11 too


# --------------------------------------------------------------------------- p-values

B_C_N = [(20, 8, 198), (3, 1, 12), (0, 5, 40), (7, 7, 30), (60, 35, 1000)]


def counts_csv(tmp_path: Path, baseline_only: int, candidate_only: int, n: int) -> str:
    """A wide CSV with these counts: baseline first, then the candidate."""
    rows = ["question_id,base,cand"]
    both = (n - baseline_only - candidate_only) // 2
    for i in range(n):
        if i < baseline_only:
            pair = (1, 0)
        elif i < baseline_only + candidate_only:
            pair = (0, 1)
        else:
            pair = (1, 1) if i < baseline_only + candidate_only + both else (0, 0)
        rows.append(f"q{i},{pair[0]},{pair[1]}")
    out = tmp_path / f"counts_{baseline_only}_{candidate_only}_{n}.csv"
    out.write_text("\n".join(rows) + "\n")
    return str(out)


def scipy_p(test: str, b: int, c: int) -> float:
    """McNemar's p from scipy and statsmodels, b and c the two disagreement counts."""
    if b + c == 0:
        return 1.0
    if test == "exact":  # stats.binomtest(b, b + c, 0.5).pvalue
        return stats.binomtest(b, b + c, 0.5).pvalue
    if test == "mid-p":  # the exact p before capping, 2·P(X ≤ min), minus P(X = min)
        m = min(b, c)
        return min(1.0, 2 * stats.binom.cdf(m, b + c, 0.5) - stats.binom.pmf(m, b + c, 0.5))
    table = [[0, b], [c, 0]]
    if test == "asymptotic":  # sm_mcnemar(table, exact=False, correction=False).pvalue
        return sm_mcnemar(table, exact=False, correction=False).pvalue
    if b == c:  # R's mcnemar.test(correct=TRUE) corrects only an asymmetric table: p = 1
        return 1.0
    return sm_mcnemar(table, exact=False, correction=True).pvalue  # R: mcnemar.test(correct=TRUE)


@pytest.mark.parametrize("test", ["mid-p", "exact", "asymptotic", "corrected"])
@pytest.mark.parametrize(("b", "c", "n"), B_C_N)
def test_p_values_are_scipys(capsys, tmp_path, test, b, c, n):
    doc = as_json(capsys, counts_csv(tmp_path, b, c, n), "--test", test)
    got = doc["comparisons"][0]
    assert (got["baseline_only"], got["candidate_only"], got["questions"]) == (b, c, n)
    assert got["test"] == test
    assert got["p_value"] == pytest.approx(scipy_p(test, b, c), rel=1e-9, abs=1e-15)


def test_the_exact_p_on_the_fixtures_is_scipys(capsys):
    doc = as_json(capsys, path(LM_ALPHA), path(LM_BETA), "--test", "exact")
    # stats.binomtest(1, 4, 0.5).pvalue: only beta right on 1, only alpha on 3
    assert doc["comparisons"][0]["p_value"] == pytest.approx(stats.binomtest(1, 4, 0.5).pvalue)


def test_the_link_opens_the_gap_grader_on_the_same_comparison(capsys, tmp_path):
    doc = as_json(capsys, counts_csv(tmp_path, 8, 20, 198), "--site", "https://example.org/")
    c = doc["comparisons"][0]
    url = urlsplit(c["link"])
    assert (url.scheme, url.netloc, url.path) == ("https", "example.org", "/gap-grader")
    q = {k: v[0] for k, v in parse_qs(url.query).items()}
    assert q == {"mode": "paired", "a_only": "20", "b_only": "8", "n": "198",
                 "name_a": "cand", "name_b": "base"}  # fmt: skip
    # The Gap grader grades A − B from a_only, b_only: the same lead and range as printed.
    g = grade_paired(int(q["a_only"]), int(q["b_only"]), int(q["n"]))
    assert 100 * g.gap.lead == pytest.approx(c["lead_points"])
    assert (100 * g.gap.low, 100 * g.gap.high) == pytest.approx((c["low_points"], c["high_points"]))
    assert g.clears == c["clears"]


# --------------------------------------------------------------------------- several candidates


def three_candidates(tmp_path: Path) -> str:
    """One CSV: a baseline and three candidates with leads of different sizes (600 questions)."""
    leads = {"small": 12, "middle": 30, "large": 60}  # candidate_only − baseline_only
    rows = ["question_id,base," + ",".join(leads)]
    for i in range(600):
        base = int(i % 2 == 0)
        cells = []
        for k, lead in enumerate(leads.values()):
            flip = (i + 7 * k) % 600 < 40 + lead  # questions the candidate answers differently
            right = (1 - base) if flip and (base == 0 or (i + 7 * k) % 600 < 40) else base
            cells.append(str(right))
        rows.append(f"q{i},{base}," + ",".join(cells))
    out = tmp_path / "three.csv"
    out.write_text("\n".join(rows) + "\n")
    return str(out)


@pytest.mark.parametrize(("correction", "method"), [("holm", "holm"), ("bh", "fdr_bh")])
def test_p_values_are_adjusted_as_statsmodels_adjusts_them(capsys, tmp_path, correction, method):
    doc = as_json(capsys, three_candidates(tmp_path), "--correction", correction)
    raw = [c["p_value"] for c in doc["comparisons"]]
    # multipletests(raw, method="holm")[1] (and "fdr_bh" for Benjamini–Hochberg)
    expected = multipletests(raw, method=method)[1]
    assert [c["p_adjusted"] for c in doc["comparisons"]] == pytest.approx(list(expected))
    assert doc["correction"] == correction
    assert [c["candidate"] for c in doc["comparisons"]] == ["small", "middle", "large"]


def test_one_candidate_is_not_corrected(capsys, tmp_path):
    doc = as_json(capsys, counts_csv(tmp_path, 8, 20, 198))
    c = doc["comparisons"][0]
    assert doc["correction"] == "none" and c["p_adjusted"] == c["p_value"]


def holm_holds_back(tmp_path: Path) -> str:
    """Two candidates on 400 questions: one clears alone (19 vs 8, mid-p 0.036), one is noise."""
    rows = ["question_id,base,edge,noise"]
    for i in range(400):
        base = 0 if i < 19 else 1
        edge = 1 if i < 19 else 0 if i < 27 else 1  # only edge right on 19, only base on 8
        noise = 1 if i < 10 else 0 if 100 <= i < 110 else base  # 10 against 10
        rows.append(f"q{i},{base},{edge},{noise}")
    out = tmp_path / "edge.csv"
    out.write_text("\n".join(rows) + "\n")
    return str(out)


def test_holm_can_hold_a_lead_back_and_the_gate_follows(capsys, tmp_path):
    csv = holm_holds_back(tmp_path)
    alone = as_json(capsys, csv, "--correction", "none")
    edge = alone["comparisons"][0]
    assert (edge["baseline_only"], edge["candidate_only"]) == (8, 19)
    assert edge["clears"] and edge["low_points"] > 0 and edge["p_value"] < 0.05
    code, out, _ = run(capsys, "compare", csv, "--gate", "better", "--format", "json")
    doc = json.loads(out)
    edge = doc["comparisons"][0]
    assert 0.05 <= edge["p_adjusted"] == pytest.approx(min(1, 2 * edge["p_value"]))
    assert not edge["clears"] and edge["low_points"] > 0  # the range alone would clear
    assert edge["verdict"].startswith("Inside the noise after Holm for 2 candidates: edge leads")
    assert code == 1 and doc["gate"]["passed"] is False and doc["exit_code"] == 1


# --------------------------------------------------------------------------- the gate


@pytest.mark.parametrize(
    ("counts", "gate", "code"),
    [  # (baseline_only, candidate_only, n): lead and paired range, candidate − baseline
        ((8, 20, 198), ["--gate", "better"], 0),  # +6.1, +0.9 to +11.6
        ((8, 12, 198), ["--gate", "better"], 1),  # +2.0, −2.6 to +6.8
        ((20, 8, 198), ["--gate", "better"], 1),  # −6.1, −11.6 to −0.9: clears, but worse
        ((12, 8, 198), ["--gate", "not-worse", "--margin", "7"], 0),  # −2.0, −6.8 to +2.6
        ((12, 8, 198), ["--gate", "not-worse", "--margin", "6.5"], 1),
        ((20, 8, 198), ["--gate", "not-worse", "--margin", "2"], 1),
        ((20, 8, 198), ["--gate", "not-worse", "--margin", "12"], 0),
        ((8, 12, 198), ["--gate", "not-worse", "--margin", "0"], 1),
        ((8, 20, 198), ["--gate", "not-worse", "--margin", "0"], 0),
        ((8, 20, 198), [], 0),
        ((20, 8, 198), [], 0),  # no gate: 0 whatever the verdict
    ],
)
def test_gate_semantics(capsys, tmp_path, counts, gate, code):
    csv = counts_csv(tmp_path, *counts)
    got, out, err = run(capsys, "compare", csv, *gate, "--format", "json")
    assert got == code, err
    doc = json.loads(out)
    c = doc["comparisons"][0]
    if not gate:
        assert doc["gate"] is None and c["gate_passed"] is None
        return
    passed = c["low_points"] > 0 if gate[1] == "better" else c["low_points"] > -float(gate[3])
    assert c["gate_passed"] is passed is doc["gate"]["passed"] is (code == 0)
    if gate[1] == "not-worse":
        assert doc["gate"]["margin_points"] == pytest.approx(float(gate[3]))


def test_several_candidates_pass_only_if_each_does(capsys, tmp_path):
    csv = three_candidates(tmp_path)
    code, out, _ = run(capsys, "compare", csv, "--gate", "not-worse", "--margin", "3",
                       "--format", "json")  # fmt: skip
    doc = json.loads(out)
    each = [c["gate_passed"] for c in doc["comparisons"]]
    assert each == [c["low_points"] > -3 for c in doc["comparisons"]]
    assert code == (0 if all(each) else 1) and doc["gate"]["passed"] is all(each)
    code, out, _ = run(capsys, "compare", csv, "--gate", "better", "--format", "json")
    doc = json.loads(out)
    each = [c["gate_passed"] for c in doc["comparisons"]]
    assert each == [c["clears"] and c["lead_points"] > 0 for c in doc["comparisons"]]
    assert code == (0 if all(each) else 1)
    assert any(each) and not all(each)  # the large lead passes, the small one does not


def test_the_gate_says_why_in_text(capsys, tmp_path):
    code, out, _ = run(capsys, "compare", counts_csv(tmp_path, 20, 8, 198),
                       "--gate", "not-worse", "--margin", "2")  # fmt: skip
    assert code == 1
    assert out.rstrip().endswith(
        "Gate not-worse, margin 2.0 points: failed.\n"
        "cand fails: the range's low end, −11.7 points, is not above −2.0."
    )


# --------------------------------------------------------------------------- refusals


def test_a_missing_file_is_named(capsys):
    err = refused(capsys, "compare", "no/such.csv", path(LM_BETA))
    assert "no/such.csv: no such file. Expected a CSV, an lm-eval samples_*.jsonl" in err


def test_a_folder_and_the_same_file_twice_are_refused(capsys):
    assert "is a folder" in refused(capsys, "compare", str(DATA), path(LM_BETA))
    same = path(LM_ALPHA)
    err = refused(capsys, "compare", same, str(Path(same).parent / "." / Path(same).name))
    assert "is given twice" in err and "expected one file per model" in err


def fits_two_lines(err: str, *names: str) -> bool:
    """The line, each file name in it counted as one character, fits two 80-column lines."""
    for name in names:
        err = err.replace(name, "F")
    return len(err.rstrip("\n")) <= 160


def test_a_results_summary_where_samples_are_expected_says_so(capsys):
    alpha, beta = path(LM_ALPHA), path(LM_BETA_RESULTS)
    err = refused(capsys, "compare", alpha, beta)
    samples = Path(path(LM_BETA)).name
    assert (
        f"{beta} is scripted/beta's results summary (arith: acc 66.7%), not per-question "
        f"lines: compare {alpha} with {samples} beside it (from lm_eval --log_samples)."
    ) in err
    assert fits_two_lines(err, alpha, beta, samples), err  # it once ran to 760 characters
    err = refused(capsys, "compare", path(LM_ALPHA_RESULTS), beta)
    samples = Path(path(LM_ALPHA)).name
    assert f"{path(LM_ALPHA_RESULTS)} is scripted/alpha's results summary (arith: acc " in err
    assert f"compare the samples files ({samples}, from lm_eval --log_samples)." in err
    assert fits_two_lines(err, path(LM_ALPHA_RESULTS), samples), err


def test_its_own_summary_given_second_is_said_only_to_name_the_model(capsys):
    # The summary from the samples file's own folder names that model; it is no second model.
    alpha, summary = path(LM_ALPHA), path(LM_ALPHA_RESULTS)
    err = refused(capsys, "compare", alpha, summary)
    assert (
        f"{summary} is {alpha}'s own results summary, read only to name its model "
        "(scripted/alpha): add the other model's samples file to compare with."
    ) in err
    assert fits_two_lines(err, alpha, summary), err
    err = refused(capsys, "compare", summary, alpha)  # either order
    assert "own results summary, read only to name its model" in err


def test_the_sites_upload_says_the_same_of_a_results_summary():
    # One message for the site and the command line, from benchstats.items.
    files = [(Path(path(p)).name, Path(path(p)).read_bytes()) for p in (LM_ALPHA, LM_BETA_RESULTS)]
    with pytest.raises(ValueError) as err:
        load_files(files)
    beta, alpha = files[1][0], files[0][0]
    samples = Path(path(LM_BETA)).name
    assert str(err.value) == (
        f"{beta} is scripted/beta's results summary (arith: acc 66.7%), not per-question "
        f"lines: compare {alpha} with {samples} beside it (from lm_eval --log_samples)."
    )
    own = [(Path(path(p)).name, Path(path(p)).read_bytes()) for p in (LM_ALPHA, LM_ALPHA_RESULTS)]
    with pytest.raises(ValueError, match="own results summary, read only to name its model"):
        load_files(own)


@pytest.mark.parametrize(
    ("patterns", "words"),
    [
        (
            [f"{NEW}/arith_alpha.eval", f"{NEW}/reverse_digits_alpha.eval"],
            "expected runs of one task, found task arith",
        ),
        ([LM_ALPHA, LM_TIMES], "found task arith in"),
    ],  # fmt: skip
)
def test_different_tasks_are_refused(capsys, patterns, words):
    assert words in refused(capsys, "compare", *map(path, patterns))


def test_one_model_is_refused(capsys, tmp_path):
    err = refused(capsys, "compare", path(f"{NEW}/arith_alpha.eval"))
    assert "expected a second harness file to compare" in err and "found one" in err
    one = tmp_path / "one.csv"
    one.write_text("question_id,only\nq1,1\nq2,0\n")
    err = refused(capsys, "compare", str(one))
    assert "expected two or more models (the baseline, then each candidate), found one: only" in err


def test_two_files_of_the_same_model_are_two_runs_not_one(capsys):
    # The same model twice (two versions of inspect) is a fair comparison of two runs: named
    # apart by the site's rule, never merged; only the same file twice is refused (above).
    doc = as_json(capsys, path(f"{NEW}/arith_alpha.eval"), path(f"{OLD}/arith_alpha.eval"))
    c = doc["comparisons"][0]
    assert c["baseline"] != c["candidate"]
    assert (c["questions"], c["baseline_only"], c["candidate_only"]) == (12, 0, 0)


@pytest.mark.parametrize(
    ("content", "name", "words"),
    [
        (
            b"\x89PNG\r\n\x1a\n....",
            "picture.eval",
            "picture.eval: expected an inspect .eval log (a zip archive), found a PNG image",
        ),
        (b"", "empty.jsonl", "empty.jsonl is empty"),
        (
            b'{"doc_id": 0, "filter": "none"\n',
            "broken.jsonl",
            "broken.jsonl: expected one JSON object per line, found invalid JSON on line 1",
        ),
        (
            b'{"doc_id": 0, "filter": "none", "acc": 1}\n',
            "notes.txt",
            "expected files of one kind, CSVs or harness files",
        ),
    ],  # fmt: skip
)
def test_a_file_of_another_kind_is_named(capsys, tmp_path, content, name, words):
    bad = tmp_path / name
    bad.write_bytes(content)
    if name == "notes.txt":  # lm-eval lines under another name read as a run: beside a CSV
        assert words in refused(capsys, "compare", counts_csv(tmp_path, 1, 1, 4), str(bad))
        return
    assert words in refused(capsys, "compare", path(LM_ALPHA), str(bad))


def test_a_csv_that_is_not_per_question_results_is_named(capsys, tmp_path):
    bad = tmp_path / "wrong.csv"
    bad.write_text("id,base,cand\nq1,1,0\n")
    err = refused(capsys, "compare", str(bad))
    assert "wrong.csv: expected a column named question_id, found id, base, cand" in err


def test_csvs_and_harness_files_do_not_mix(capsys, tmp_path):
    csv = counts_csv(tmp_path, 1, 2, 10)
    err = refused(capsys, "compare", csv, path(LM_BETA))
    assert "expected files of one kind" in err
    assert "--metric applies to lm-eval and inspect files" in refused(
        capsys, "compare", csv, "--metric", "acc"
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["compare"], "the following arguments are required: FILE"),
        (["compare", "a.csv", "--gate", "sideways"], "invalid choice: 'sideways'"),
        (["compare", "a.csv", "--margin", "2"], "--margin goes with --gate not-worse"),
        (["compare", "a.csv", "--gate", "not-worse"], "--gate not-worse needs --margin M"),
        (["compare", "a.csv", "--test", "fisher"], "argument --test: invalid choice"),
        (
            ["compare", "a.csv", "--site", "localhost"],
            "argument --site: must be the site's address",
        ),
        (["compare", "a.csv", "--margin", "-1", "--gate", "not-worse"], "from 0 to 100"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_usage_mistakes_exit_2_in_one_line(capsys, argv, words):
    assert words in refused(capsys, *argv)


def test_help_and_version_exit_0(capsys):
    code, out, _ = run(capsys, "compare", "--help")
    assert code == 0 and "BASELINE CANDIDATE [MORE ...]" in out and "--gate" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and re.fullmatch(r"leadorluck \S+\n", out)


def test_a_bug_is_one_line_with_exit_3(capsys, monkeypatch, tmp_path):
    import benchstats.cli.compare as compare_module

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(compare_module, "compare", broken)
    code, out, err = run(capsys, "compare", counts_csv(tmp_path, 1, 2, 10))
    assert code == 3 and out == "" and err.count("\n") == 1
    assert "could not finish (ZeroDivisionError: boom); this is a bug" in err


# --------------------------------------------------------------------------- the formats

JSON_KEYS = {
    "schema", "baseline", "files", "kind", "confidence_level", "test", "correction",
    "gate", "exit_code", "notes", "comparisons",
}  # fmt: skip
COMPARISON_KEYS = {
    "baseline", "candidate", "baseline_file", "candidate_file", "questions",
    "baseline_only", "candidate_only", "both_right", "neither", "left_out_baseline",
    "left_out_candidate", "baseline_percent", "candidate_percent", "lead_points",
    "low_points", "high_points", "se_points", "interval", "test", "p_value", "p_adjusted",
    "clears", "verdict", "detectable_points", "link", "link_note", "gate_passed",
}  # fmt: skip


def documented_keys(heading: str) -> set[str]:
    """The keys in the first column of docs/cli.md's table under ``heading``."""
    doc = (ROOT / "docs" / "cli.md").read_text()
    section = doc.split(heading, 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))


def test_json_has_the_documented_keys(capsys):
    code, out, _ = run(capsys, "compare", path(LM_ALPHA), path(LM_BETA), path(LM_GAMMA),
                       "--gate", "better", "--format", "json")  # fmt: skip
    doc = json.loads(out)
    assert code == 1 == doc["exit_code"]
    assert set(doc) == JSON_KEYS == documented_keys("### The report")
    for c in doc["comparisons"]:
        assert set(c) == COMPARISON_KEYS == documented_keys("### Each comparison")
    assert {"baseline", "candidate", "questions", "baseline_only", "candidate_only",
            "lead_points", "low_points", "high_points", "p_value", "verdict"} <= set(c)  # fmt: skip
    assert doc["gate"] == {"kind": "better", "margin_points": None, "passed": False}
    gamma = doc["comparisons"][1]
    assert (gamma["questions"], gamma["left_out_baseline"]) == (8, 4)  # --limit 8 of 12
    assert math.isclose(gamma["detectable_points"], 100 * 2.8016 * math.sqrt(4) / 8, rel_tol=1e-4)


def test_markdown_is_a_table_a_verdict_and_what_was_read(capsys):
    code, out, _ = run(capsys, "compare", path(LM_ALPHA), path(LM_ALPHA_RESULTS), path(LM_BETA),
                       path(LM_GAMMA), "--format", "markdown", "--gate", "better")  # fmt: skip
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "### Lead or luck: 2 candidates against scripted/alpha (baseline)"
    table = [line for line in lines if line.startswith("|")]
    assert len(table) == 4 and re.fullmatch(r"\|(---:?\|)+", table[1])
    widths = {line.count(" | ") for line in table if not line.startswith("|-")}
    assert len(widths) == 1 and table[1].count("|") - 1 == next(iter(widths)) + 1
    assert table[0].startswith("| Candidate | Questions | Only baseline right |")
    assert "| p after Holm |" in table[0] and table[0].endswith("| Verdict | Gate |")
    assert table[2].startswith("| [scripted__beta](http://localhost:8501/gap-grader?mode=paired")
    assert "| **Inside the noise** | **fail** |" in table[2]
    assert "- **scripted__beta**: Inside the noise: scripted/alpha leads" in out
    assert "**Gate better: failed.**" in out
    assert "<details><summary>What was read</summary>" in out and out.rstrip().endswith(
        "</details>"
    )
    assert "- Task `arith`." in out


def test_text_names_every_number(capsys):
    code, out, _ = run(capsys, "compare", path(f"{NEW}/arith_alpha.eval"),
                       path(f"{NEW}/arith_beta.eval"))  # fmt: skip
    assert code == 0
    assert out.startswith(
        "mockllm/beta against mockllm/alpha (baseline) on 12 questions\n"
        "Inside the noise: mockllm/alpha leads mockllm/beta by 16.7 points, but the 95% range "
        "for the true lead includes zero.\n"
    )
    for label in ("Only the baseline right     3", "Only the candidate right    1",
                  "Lead, candidate − baseline  −16.7 points", "McNemar mid-p               0.375",
                  "Smallest detectable lead", "Gap grader                  http://localhost:8501/"):  # fmt: skip
        assert label in out


# --------------------------------------------------------------------------- CSVs


def test_per_model_csvs_are_stacked_with_their_clusters(capsys, tmp_path):
    (tmp_path / "base.csv").write_text(
        "question_id,score,cluster\nq1,1,x\nq2,0,x\nq3,1,y\nq4,0,y\n"
    )
    (tmp_path / "cand.csv").write_text("question_id,score\nq2,1\nq3,1\nq4,1\nq5,1\n")
    doc = as_json(capsys, str(tmp_path / "base.csv"), str(tmp_path / "cand.csv"))
    c = doc["comparisons"][0]
    assert (c["baseline"], c["candidate"]) == ("base", "cand")
    assert (c["questions"], c["baseline_only"], c["candidate_only"]) == (3, 0, 2)
    assert (c["left_out_baseline"], c["left_out_candidate"]) == (1, 1)
    assert c["interval"] == "clustered-none"  # the baseline's clusters hold for the pair
    (tmp_path / "clash.csv").write_text("question_id,score,cluster\nq1,1,z\n")
    err = refused(capsys, "compare", str(tmp_path / "base.csv"), str(tmp_path / "clash.csv"))
    assert "expected one cluster per question, found question_id 'q1' in cluster 'z'" in err


def test_a_third_csvs_own_questions_are_not_paired(capsys, tmp_path):
    # q9 is only in new.csv: base against mid pairs q1 and q2 (it once failed on a NaN p-value).
    for name, rows in (("base", "q1,1\nq2,0\n"), ("mid", "q1,1\nq2,1\n"), ("new", "q1,0\nq9,1\n")):
        (tmp_path / f"{name}.csv").write_text("question_id,score\n" + rows)
    doc = as_json(capsys, *(str(tmp_path / f"{n}.csv") for n in ("base", "mid", "new")))
    assert (doc["comparisons"][0]["questions"], doc["comparisons"][0]["candidate_only"]) == (2, 1)


def test_partial_credit_has_no_counts_and_no_link(capsys, tmp_path):
    (tmp_path / "p.csv").write_text("question_id,a,b\nq1,0.5,1\nq2,0.25,0.75\nq3,1,1\n")
    c = as_json(capsys, str(tmp_path / "p.csv"))["comparisons"][0]
    assert (c["baseline_only"], c["candidate_only"], c["link"]) == (None, None, None)
    assert c["test"] == "paired normal" and c["lead_points"] == pytest.approx(100 * 1 / 3)


def test_a_big_json_log_reads_value_by_value_as_the_site_reads_it(tmp_path):
    # tools/bench_cli.py's log, small: the fixture's samples repeated, text not ASCII
    sys.path.insert(0, str(ROOT / "tools"))
    import bench_cli

    log = bench_cli.big_json_log(tmp_path, 0.4)
    ours, site = read_inspect_path(str(log)), read_run(str(log))
    assert len(ours.table) > 40 and ours.kind == site.kind == "inspect JSON log"
    pd.testing.assert_frame_equal(ours.table, site.table)
    assert (ours.model, ours.task, ours.epochs, ours.errored) == (
        site.model, site.task, site.epochs, site.errored)  # fmt: skip


def test_files_that_are_not_one_inspect_log_go_to_the_sites_reader(tmp_path):
    lines = Path(path(LM_ALPHA)).read_bytes()
    (tmp_path / "lines.json").write_bytes(lines)  # JSONL under a .json name: not one object
    assert read_inspect_path(str(tmp_path / "lines.json")) is None
    assert read_inspect_path(path(LM_ALPHA_RESULTS)) is None  # one object, not an inspect log
    (tmp_path / "cut.json").write_text('{"version": 2, "eval": {"task": "x"}, "samples": [{"id"')
    assert read_inspect_path(str(tmp_path / "cut.json")) is None  # the site's reader says why


def test_an_inspect_log_against_lm_eval_samples_with_a_metric_each(capsys):
    # The same 12 questions in both harnesses; inspect scores "choice", lm-eval "acc".
    files = [path(f"{NEW}/arith_alpha.eval"), path(LM_BETA)]
    doc = as_json(capsys, *files, "--metric", "choice", "--metric", "acc")
    c = doc["comparisons"][0]
    assert doc["kind"] == "inspect .eval + lm-eval log_samples"
    assert (c["questions"], c["baseline_only"], c["candidate_only"]) == (12, 3, 1)
    assert doc == as_json(capsys, *files)  # the sole 0–1 metric of each, by default
    mixed = (
        "Two harnesses: mockllm/alpha read from inspect .eval, scripted__beta from lm-eval "
        "log_samples. Each prompts and scores a task its own way, so part of the lead may be "
        "the harness's, not the model's."
    )
    assert mixed in doc["notes"]
    code, out, _ = run(capsys, "compare", *files)
    assert code == 0 and f"- {mixed}" in out.splitlines()
    code, out, _ = run(capsys, "compare", *files, "--format", "markdown")
    assert code == 0 and f"- {markdown_escape(mixed)}" in out.splitlines()
    # Two formats of one harness (an inspect JSON log against a .eval) are no mix of harnesses.
    same = as_json(capsys, path(f"{NEW}/arith_alpha.json"), path(f"{NEW}/arith_beta.eval"))
    assert not [n for n in same["notes"] if "harnesses" in n]
    assert "metric must be one of choice" in refused(
        capsys, "compare", *files, "--metric", "nope", "--metric", "acc"
    )


def test_every_option_is_documented():
    from benchstats.cli import app, compare

    assert app.GATES == compare.GATES and app.TESTS == compare.TESTS
    with pytest.raises(ValueError, match="a gate is one of better, not-worse"):
        compare.Gate("sideways")
    build_parser = app.build_parser

    doc = (ROOT / "docs" / "cli.md").read_text()
    parser = build_parser()
    (sub,) = [a for a in parser._actions if a.dest == "command"]
    assert set(sub.choices) == {"compare", "check", "plan", "claim", "box", "benchmarks"}
    for name, command in sub.choices.items():
        assert f"## {name}" in doc
        for action in command._actions:
            for option in action.option_strings:
                assert option == "-h" or f"`{option}`" in doc, (name, option)
            for choice in action.choices or ():
                assert f"`{choice}`" in doc, (name, action.dest, choice)


def test_repeated_answers_say_where_the_noise_comes_from(capsys, tmp_path):
    rows = ["question_id,model,score,run"] + [
        f"q{q},{m},{int((q + r + k) % 3 != 0)},{r}"
        for q in range(12) for k, m in enumerate(("base", "new")) for r in (1, 2, 3)
    ]  # fmt: skip
    (tmp_path / "long.csv").write_text("\n".join(rows) + "\n")
    code, out, _ = run(capsys, "compare", str(tmp_path / "long.csv"))
    paired = pair_items(
        load_files([("long.csv", (tmp_path / "long.csv").read_bytes())]), "new", "base"
    )
    g = grade_pair(paired)
    assert code == 0 and g.repeats is not None and paired.has_repeats
    assert f"Within, new σ²              {g.repeats.sigma2_a:.4f}" in out
    assert "Between questions ω²" in out and "p (paired, normal)" in out


# --------------------------------------------------------------------------- help


def subcommands() -> dict:
    from benchstats.cli.app import build_parser

    (sub,) = [a for a in build_parser()._actions if a.dest == "command"]
    return sub.choices


@pytest.mark.parametrize("name", ["compare", "check", "plan", "claim"])
def test_help_writes_a_percent_sign_once(capsys, name):
    code, out, _ = run(capsys, name, "--help")
    assert code == 0 and "%%" not in out
    if name == "compare":
        assert "the paired 95% range" in " ".join(out.split())


@pytest.mark.parametrize("name", ["compare", "check", "plan", "claim"])
def test_every_option_has_help_text(name):
    command = subcommands()[name]
    bare = [a.dest for a in command._actions if not (a.help or "").strip()]
    assert not bare, f"{name}: {bare} have no help text"


# --------------------------------------------------------------------------- links


def test_without_a_site_there_is_no_link(capsys, tmp_path, monkeypatch):
    # A pull-request comment must not carry a dead link to localhost: no --site, no
    # LEADORLUCK_SITE, no link in any format, and JSON's link is null.
    monkeypatch.delenv("LEADORLUCK_SITE")
    csv = counts_csv(tmp_path, 8, 20, 198)
    for fmt in ("text", "markdown"):
        code, out, err = run(capsys, "compare", csv, "--format", fmt)
        assert code == 0 and "http" not in out and "Gap grader" not in out and "](" not in out
    assert as_json(capsys, csv)["comparisons"][0]["link"] is None
    for argv in (["check", "82", "78", "--n", "100"], ["plan", "--p", "80", "--lead", "4"],
                 ["claim", "A scores 82% and B 78% on 100 questions"]):  # fmt: skip
        for fmt in ("text", "markdown"):
            code, out, err = run(capsys, *argv, "--format", fmt)
            assert code == 0 and "http" not in out and "](" not in out, (argv, out)
        code, out, _ = run(capsys, *argv, "--format", "json")
        assert code == 0 and json.loads(out)["link"] is None


def test_the_site_is_the_option_else_the_environment(capsys, tmp_path, monkeypatch):
    csv = counts_csv(tmp_path, 8, 20, 198)
    monkeypatch.setenv("LEADORLUCK_SITE", "https://team.example.org/lead/")
    link = as_json(capsys, csv)["comparisons"][0]["link"]
    assert link.startswith("https://team.example.org/lead/gap-grader?mode=paired&a_only=20")
    link = as_json(capsys, csv, "--site", "https://other.example.org")["comparisons"][0]["link"]
    assert link.startswith("https://other.example.org/gap-grader?")
    code, out, _ = run(capsys, "check", "82", "78", "--n", "100")
    assert out.rstrip().endswith("Check a claim: https://team.example.org/lead/?a=82&b=78&n=100")


@pytest.mark.parametrize(
    ("site", "why"),
    [
        ("localhost:8501", "expected http:// or https://"),
        ("ftp://example.org", "expected http:// or https://"),
        ("http://", "names no host"),
        ("http:///lead", "names no host"),
        ("http://example.org\n/x", "a line break, a space or a control character"),
        ("http://example.org/\n", "a line break, a space or a control character"),
        ("http://exa mple.org", "a line break, a space or a control character"),
        ("http://example.org/\x07", "a line break, a space or a control character"),
        ("http://example.org/\u202e", "a line break, a space or a control character"),
        ("http://example.org/?x=1", "a query (?) or a fragment (#)"),
        ("http://example.org/#top", "a query (?) or a fragment (#)"),
        ("http://me@example.org", "a user name before the host"),
        ("http://example.org:99999", "a port from 1 to 65535"),
        ("http://example.org:x", "a port from 1 to 65535"),
        ("http://exa<mple>.org", "a host of letters, digits, dots and hyphens"),
        ("http://example.org/a)b", "a character a link cannot hold"),
        ("http://例え.jp", "a host of letters, digits, dots and hyphens"),
    ],
)
def test_a_site_is_checked_as_a_url(capsys, tmp_path, monkeypatch, site, why):
    err = refused(capsys, "compare", counts_csv(tmp_path, 1, 2, 10), "--site", site)
    assert "argument --site: must be the site's address, http(s)://host[:port][/path]" in err
    assert why in err and repr(site) in err
    monkeypatch.setenv("LEADORLUCK_SITE", site)
    err = refused(capsys, "check", "82", "78", "--n", "100")
    assert "LEADORLUCK_SITE must be the site's address" in err and why in err


@pytest.mark.parametrize(
    ("site", "opens"),
    [
        ("http://localhost:8501", "http://localhost:8501/gap-grader?"),
        ("https://example.org/", "https://example.org/gap-grader?"),
        ("http://127.0.0.1:8501/lead", "http://127.0.0.1:8501/lead/gap-grader?"),
        ("http://[::1]:8501", "http://[::1]:8501/gap-grader?"),
        ("HTTPS://Example.ORG/a-b_c~d", "HTTPS://Example.ORG/a-b_c~d/gap-grader?"),
    ],
)
def test_a_site_that_is_an_address_opens_the_links(capsys, tmp_path, site, opens):
    doc = as_json(capsys, counts_csv(tmp_path, 1, 2, 10), "--site", site)
    assert doc["comparisons"][0]["link"].startswith(opens)


@pytest.mark.parametrize("doc", ["README.md", "docs/cli.md"])
def test_the_ci_examples_name_the_site_their_links_open(doc):
    # A pull-request comment's links open the site the step names, never a default.
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / doc).read_text(), re.S)
    ci = [b for b in blocks if "> leadorluck.md" in b]
    assert ci, f"{doc} has no CI example"
    for block in ci:
        assert re.search(r"^export LEADORLUCK_SITE=https://\S+", block, re.M) or "--site" in block


# --------------------------------------------------------------------------- errors as JSON


@pytest.mark.parametrize(
    "argv",
    [
        ["compare", "no/such.csv", "other.csv", "--format", "json"],
        ["compare", "a.csv", "--gate", "sideways", "--format", "json"],  # argparse's refusal
        ["compare", "--format=json", "a.csv", "--margin", "2"],
        ["check", "82", "78", "--format", "json"],  # no --n
        ["plan", "--p", "80", "--lead", "70", "--format", "json"],  # a lead that does not fit
        ["claim", "A is better", "--format", "json"],
        ["compare", "a.csv", "--site", "http://x.org\nevil", "--format", "json"],
    ],
)
def test_a_refusal_in_json_is_a_json_object_on_standard_output(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.startswith("leadorluck: error: ") and err.count("\n") == 1
    assert json.loads(out) == {"error": err.removeprefix("leadorluck: error: ").rstrip("\n"),
                               "exit_code": 2}  # fmt: skip


def test_a_bug_in_json_is_a_json_object_too(capsys, monkeypatch, tmp_path):
    import benchstats.cli.compare as compare_module

    monkeypatch.setattr(compare_module, "compare", lambda *a, **k: 1 / 0)
    code, out, err = run(capsys, "compare", counts_csv(tmp_path, 1, 2, 10), "--format", "json")
    assert code == 3 and "this is a bug" in err
    assert json.loads(out) == {"error": err.removeprefix("leadorluck: error: ").rstrip("\n"),
                               "exit_code": 3}  # fmt: skip


# --------------------------------------------------------------------------- what is not a file


def test_a_pipe_a_device_and_a_link_loop_are_named_as_what_they_are(capsys, tmp_path):
    # Each once said "no such file". A FIFO is refused before it is opened (opening one blocks).
    import os

    csv = counts_csv(tmp_path, 1, 2, 10)
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "loop_a").symlink_to(tmp_path / "loop_b")
    (tmp_path / "loop_b").symlink_to(tmp_path / "loop_a")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone.csv")
    for name, words in [
        (str(tmp_path / "pipe"), "is a named pipe (FIFO), not a file on disk"),
        ("/dev/zero", "/dev/zero is a character device, not a file on disk"),
        (str(tmp_path / "loop_a"), "is a symbolic link loop (too many levels of symbolic links)"),
        (str(tmp_path / "dangling"), f"is a symbolic link to {tmp_path / 'gone.csv'}, which"),
    ]:
        err = refused(capsys, "compare", name, csv)
        assert f"{name} " in err and words in err and "no such file" not in err, err
    assert "no/such.csv: no such file" in refused(capsys, "compare", "no/such.csv", csv)


def test_a_csv_with_cr_line_endings_is_read_like_one_with_lf(capsys, tmp_path):
    # Once "found something the reader did not understand (Error)"; the reader now splits
    # rows the way it counts them (LF, CR LF or CR alone).
    rows = ["question_id,a,b", "q1,1,0", "q2,0,1", "q3,1,1"]
    mac, unix = tmp_path / "mac.csv", tmp_path / "unix.csv"
    mac.write_bytes("\r".join(rows).encode() + b"\r")
    unix.write_bytes("\n".join(rows).encode() + b"\n")
    assert main(["compare", str(mac), "--format", "json"]) == 0
    from_mac = json.loads(capsys.readouterr().out)
    assert main(["compare", str(unix), "--format", "json"]) == 0
    from_unix = json.loads(capsys.readouterr().out)

    def counts(out):
        return [{k: v for k, v in c.items() if not k.endswith("_file")} for c in out["comparisons"]]

    assert counts(from_mac) == counts(from_unix)
    assert from_mac["comparisons"][0]["questions"] == 3


def test_a_reader_failure_nobody_anticipated_names_its_message(capsys, monkeypatch, tmp_path):
    import benchstats.cli.files as files_module

    def odd(*args, **kwargs):
        raise LookupError("the table had no rows")

    monkeypatch.setattr(files_module, "read_items", odd)
    err = refused(capsys, "compare", counts_csv(tmp_path, 1, 2, 10))
    assert "did not understand (LookupError: the table had no rows)" in err


# --------------------------------------------------------------------------- clusters and the link


def clustered_csv(tmp_path: Path) -> str:
    """40 questions in 4 clusters of 10; the candidate's wins and losses sit in clusters.

    Only the candidate right: 10 (clusters c0 and c1, 5 each); only the baseline: 4 (c2).
    """
    rows = ["question_id,cluster,base,cand"]
    for i in range(40):
        cluster, k = divmod(i, 10)
        base, cand = (
            (0, 1) if cluster < 2 and k < 5 else (1, 0) if cluster == 2 and k < 4 else (1, 1)
        )
        rows.append(f"q{i},c{cluster},{base},{cand}")
    out = tmp_path / "clustered.csv"
    out.write_text("\n".join(rows) + "\n")
    return str(out)


def test_the_link_says_in_every_format_that_it_leaves_the_clusters_out(capsys, tmp_path):
    csv = clustered_csv(tmp_path)
    c = as_json(capsys, csv)["comparisons"][0]
    assert c["interval"] == "clustered-none" and (c["candidate_only"], c["baseline_only"]) == (
        10,
        4,
    )
    # The page the link opens grades the counts alone: grade_paired, as the Gap grader does.
    q = {k: v[0] for k, v in parse_qs(urlsplit(c["link"]).query).items()}
    page = grade_paired(int(q["a_only"]), int(q["b_only"]), int(q["n"])).gap
    assert (100 * page.low, 100 * page.high) != pytest.approx((c["low_points"], c["high_points"]))
    from benchstats import words
    from benchstats.prose import span

    clustered = f"{words.points(c['low_points'] / 100)} to {words.points(c['high_points'] / 100)}"
    note = (
        "The Gap grader link carries the counts, not the clusters: it grades "
        f"{span(page)} points, not the clustered {clustered}."
    )
    assert c["link_note"] == note
    _, text, _ = run(capsys, "compare", csv)
    _, markdown, _ = run(capsys, "compare", csv, "--format", "markdown")
    assert note in text and f"  {note}" in markdown.splitlines()
    # Without clusters, or without a link, there is nothing to say.
    assert as_json(capsys, counts_csv(tmp_path, 4, 10, 40))["comparisons"][0]["link_note"] is None
    c = as_json(capsys, csv, "--site", "https://example.org")["comparisons"][0]
    assert c["link_note"] == note
