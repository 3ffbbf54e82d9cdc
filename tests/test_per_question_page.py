"""The Gap grader's per-question files (``mode=file``), driven through AppTest's file_uploader.

One AppTest for the module: each test uploads (or clears) files and reruns.
Each format shows its results, and the pair's verdict is the page's verdict,
on top; each bad file shows a plain error while the rest of the page keeps
working, and never a traceback.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest
from conftest import app_test
from fixtures_items import (
    data_file,
    inspect_eval,
    lm_eval_jsonl,
    long_csv,
    mgsm_like,
    paired_scores,
    wide_csv,
)

from benchstats import mcnemar, paired_gap
from benchstats.items import EACH_EPOCH
from benchstats.words import p_value as fmt_p
from benchstats.words import points
from benchstats.words import points as fmt_points
from ui.registry import page

N, B, C, BOTH = 198, 20, 8, 122


@pytest.fixture(scope="module")
def at():
    test = app_test("app_pages/gap-grader.py", timeout=90, mode="file", a=82, b=78, n=100)
    test.run()
    assert not test.exception
    return test


def upload(at, *files):
    """Upload (name, bytes) files, rerun, and return the AppTest."""
    uploader = at.get("file_uploader")[0]
    uploader.set_value([(name, raw, "application/octet-stream") for name, raw in files] or None)
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def headline(at) -> str:
    """The verdict on top of the page, without its icon and Markdown escapes."""
    card = next(m.value for m in at.markdown if m.value.startswith("#### "))
    return card.split("] ", 1)[1].replace("\\", "")


def metric(at, label: str) -> str:
    found = [m.value for m in at.metric if m.label == label]
    assert found, f"no metric {label!r}; have {[m.label for m in at.metric]}"
    return found[-1]


def lead(at) -> str:
    """The card's lead, whatever the two models are called."""
    return next(m.value for m in at.metric if m.label.startswith("Lead, "))


def link_query(at) -> dict[str, str]:
    links = [el for el in at.get("page_link") if el.proto.page == "questions-needed"]
    assert len(links) == 1
    return {k: v[0] for k, v in parse_qs(links[0].proto.query_string).items()}


def errors(at) -> list[str]:
    return [e.value for e in at.error]


def page_still_works(at) -> None:
    """A refused upload: no verdict, no traceback; the uploader and the chart's place stay."""
    assert not at.exception
    assert not at.metric and not any(m.value.startswith("#### ") for m in at.markdown)
    assert at.get("file_uploader") and at.get("vega_lite_chart")
    assert not [b for b in at.get("download_button") if b.proto.label != "Example CSV"]


def test_no_file_yet_grades_the_example_labelled(at):
    upload(at)
    assert "Worked example" in texts(at) and "example.csv" in texts(at)
    assert headline(at).startswith("Inside the noise: model_a leads model_b by 15.0 points")
    assert not errors(at)
    uploader = at.get("file_uploader")[0]
    assert uploader.accept_multiple_files
    assert set(uploader.allowed_type) >= {".csv", ".jsonl", ".eval"}


def test_wide_csv_its_verdict_is_the_pages(at):
    a, b = paired_scores(N, B, C, BOTH)
    upload(at, ("results.csv", wide_csv({"gpt": a, "claude": b})))
    assert not errors(at)
    # the top of the page is the file's verdict, not the link's 82% vs 78% nor the example
    assert headline(at).startswith("Clears the noise: gpt leads claude by 6.1 points")
    assert "Worked example" not in texts(at) and "82%" not in texts(at)
    assert "198 questions paired" in texts(at)
    assert metric(at, "McNemar p (mid-p)") == fmt_p(mcnemar(B, C).p_value) == "0.024"
    for name, p in (("Exact", "0.036"), ("Mid-p (default)", "0.024"), ("Asymptotic", "0.023")):
        assert metric(at, name) == p  # McNemar's four ways
    g = paired_gap(B, C, N)
    assert metric(at, "95% range (paired)") == f"{fmt_points(g.low)} to {fmt_points(g.high)}"
    assert metric(at, "Questions that disagree") == "28 (14.1%)"
    assert lead(at) == "+6.1" and metric(at, "Lead, gpt − claude (points)")
    table = at.table[-1].value
    assert table.loc["gpt right", "claude wrong"] == B
    assert table.loc["gpt wrong", "claude right"] == C
    assert table.loc["gpt right", "claude right"] == BOTH
    assert table.to_numpy().sum() == N
    assert any("gpt right on 142 of 198 (71.7%)" in c.value for c in at.caption)
    leads, disagree = (json.loads(c.proto.spec) for c in at.get("vega_lite_chart"))
    assert leads["title"]["subtitle"] == "Right of 0: gpt ahead. Left: claude ahead."
    assert disagree["title"] == "Where the two models disagree"
    assert disagree["layer"][1]["encoding"]["x"]["title"] == "Questions won (← claude · gpt →)"
    query = link_query(at)
    assert query["discordance"] == "14.1" and query["d"] == "6.1"
    assert "omega2" not in query
    at.toggle(key="pq_swap").set_value(True).run()  # the reader's pick holds across reruns
    assert headline(at).startswith("Clears the noise: gpt leads claude")  # B − A: same verdict
    assert lead(at) == "−6.1" and at.toggle(key="pq_swap").value is True
    at.toggle(key="pq_swap").set_value(False).run()


def test_a_long_csv_with_one_model_says_what_it_found(at):
    """It raised an IndexError in the model pickers."""
    upload(at, ("one.csv", long_csv([(f"q{i}", "solo", i % 2) for i in range(12)])))
    (message,) = errors(at)
    assert (
        "one.csv holds one model, solo, on 12 questions: a paired comparison needs two" in message
    )
    page_still_works(at)


def test_a_wide_csv_with_one_model_too(at):
    upload(at, ("one.csv", b"question_id,solo\nq1,1\nq2,0\n"))
    assert any("holds one model, solo, on 2 questions" in e for e in errors(at)), errors(at)
    page_still_works(at)


def test_two_files_of_the_same_model_are_named_as_such(at):
    values_a = {i: ["C" if i % 3 else "I"] for i in range(30)}
    values_b = {i: ["C" if i % 5 else "I"] for i in range(30)}
    upload(
        at,
        ("prompt_one.eval", inspect_eval(values_a, model="openai/gpt-4o")),
        ("prompt_two.eval", inspect_eval(values_b, model="openai/gpt-4o")),
    )
    said = " ".join(w.value for w in at.warning).replace("\\", "")
    assert (
        "Both files name the same model, so they are told apart by file: A: prompt_one and B: prompt_two"
        in said
    )
    assert "two runs of one model" in said and "uploaded twice" not in said
    assert metric(at, "Questions that disagree")  # still graded: two prompts are a comparison
    same = inspect_eval(values_a, model="openai/gpt-4o")
    upload(at, ("run.eval", same), ("run_again.eval", same))
    said = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "same score on every question: is it one run uploaded twice?" in said


def test_questions_only_one_model_has_are_counted(at):
    raw = b"question_id,A,B\nq1,1,0\nq2,0,0\nq3,,1\nq4,1,\nq5,1,\nq6,0,1\n"
    upload(at, ("gaps.csv", raw))
    md = texts(at)
    assert "3 questions paired" in md
    assert "2 questions only A answered were left out." in md
    assert "1 question only B answered was left out." in md


def test_long_csv_with_repeats_carries_the_variances(at):
    rows = []
    for i in range(30):
        for run in (1, 2, 3):
            rows.append((f"q{i}", "A", int((i + run) % 3 != 0), run))
            rows.append((f"q{i}", "B", int((i * run) % 4 == 0), run))
    upload(at, ("runs.csv", long_csv(rows)))
    assert not errors(at)
    assert "30 questions paired" in texts(at)
    assert metric(at, "Between questions ω²")
    query = link_query(at)
    assert {"omega2", "sigma2_a", "sigma2_b", "repeats"} <= set(query)
    assert query["repeats"] == "3"
    assert float(query["sigma2_a"]) > 0
    assert any("no 2×2 table" in i.value for i in at.info)


def test_two_lm_eval_files(at):
    a, b = paired_scores(40, 6, 2, 20, seed=4)
    files = [
        ("samples_arc_a.jsonl", lm_eval_jsonl({"acc": a, "acc_norm": b})),
        ("samples_arc_b.jsonl", lm_eval_jsonl({"acc": b, "acc_norm": a})),
    ]
    upload(at, *files)
    assert not errors(at)
    md = texts(at)
    assert "40 questions paired" in md and "Metric `acc`" in md
    assert metric(at, "Questions that disagree") == "8 (20.0%)"
    select = next(s for s in at.selectbox if s.label == "Metric")
    assert select.options == ["acc", "acc_norm"]
    select.set_value("acc_norm").run()
    assert "Metric `acc_norm`" in texts(at)
    assert lead(at) == fmt_points((2 - 6) / 40)


def test_two_inspect_logs(at):
    values_a = {i: ["C" if i % 3 else "I"] for i in range(30)}
    values_b = {i: ["C" if i % 5 else "I"] for i in range(30)}
    upload(
        at,
        ("a.eval", inspect_eval(values_a, model="openai/gpt-4o")),
        ("b.eval", inspect_eval(values_b, model="anthropic/claude")),
    )
    assert not errors(at)
    assert "30 questions paired" in texts(at)
    table = at.table[-1].value
    assert "openai/gpt-4o right" in table.index


def test_clustered_file_shows_both_standard_errors(at):
    raw, _ = mgsm_like()
    upload(at, ("mgsm.csv", raw))
    assert not errors(at)
    assert "2,500 questions paired" in texts(at)
    naive, clustered = metric(at, "SE (naive, points)"), metric(at, "SE (clustered, points)")
    assert float(clustered) > float(naive)
    assert any("clustered SE" in c.value for c in at.caption)


BAD = [
    ("empty.csv", b"", "empty.csv is empty"),
    ("image.csv", b"\x89PNG\r\n\x1a\n" + bytes(64), "expected a text CSV, found a PNG image"),
    ("noid.csv", b"a,b\n1,0\n", "expected a column named question_id"),
    ("pct.csv", b"question_id,a,b\nq1,87,80\n", "found 87 on line 2"),
    ("text.csv", b"question_id,a,b\nq1,1,right\n", "found 'right' on line 2"),
    ("dup.csv", b"question_id,a,b\nq1,1,0\nq1,0,0\n", "expected one row per question"),
    ("notzip.eval", b"hello", "expected an inspect .eval log"),
]


@pytest.mark.parametrize(("name", "raw", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_single_files(at, name, raw, message):
    upload(at, (name, raw))
    assert any(message in e for e in errors(at)), errors(at)
    page_still_works(at)


def test_runs_sharing_no_ids(at):
    upload(
        at,
        ("a.jsonl", lm_eval_jsonl({"acc": [1, 0, 1]}, doc_ids=[0, 1, 2])),
        ("b.jsonl", lm_eval_jsonl({"acc": [0, 0, 1]}, doc_ids=[7, 8, 9])),
    )
    assert any("found none in common" in e for e in errors(at))
    page_still_works(at)


def test_one_bad_json_line(at):
    lines = lm_eval_jsonl({"acc": [1, 0, 1]}).splitlines()
    lines[1] = b'{"doc_id": 1, "acc": '
    upload(at, ("a.jsonl", b"\n".join(lines)), ("b.jsonl", lm_eval_jsonl({"acc": [1, 1, 1]})))
    assert any("found invalid JSON on line 2" in e for e in errors(at))
    page_still_works(at)


def test_zip_that_is_not_an_inspect_log(at):
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("notes.txt", "hi")
    upload(at, ("a.eval", buf.getvalue()), ("b.eval", buf.getvalue()))
    assert any("found a zip holding notes.txt" in e for e in errors(at))
    page_still_works(at)


def test_file_over_the_upload_limit(at):
    big = b"question_id,a,b\n" + b"q,1,0\n" * (20 * 1024 * 1024 // 6 + 10)
    upload(at, ("big.csv", big))
    assert any("expected a file of at most 20 MB, found 20.0 MB" in e for e in errors(at))
    page_still_works(at)


def test_a_million_rows(at):
    upload(at, ("huge.csv", b"question_id,a,b\n" + b"q,1,0\n" * 1_000_000))
    assert any("expected at most 500,000 rows, found 1,000,000" in e for e in errors(at))
    page_still_works(at)


def test_a_good_file_after_a_bad_one(at):
    upload(at, ("empty.csv", b""))
    a, b = paired_scores(50, 5, 5, 30)
    upload(at, ("ok.csv", wide_csv({"A": a, "B": b})))
    assert not errors(at)
    assert "50 questions paired" in texts(at)


def test_the_link_opens_questions_needed_with_the_measured_numbers(at):
    rows = []
    for i in range(40):
        for run in (1, 2):
            rows.append((f"q{i}", "A", int((i + run) % 3 != 0), run))
            rows.append((f"q{i}", "B", int((i * run) % 4 == 0), run))
    upload(at, ("runs.csv", long_csv(rows)))
    query = link_query(at)
    needed = page("needed")  # every key one the planner reads, in range: none refused there
    values = {k: needed.spec(k).parse(v) for k, v in query.items()}
    assert set(values) == {"p", "d", "omega2", "sigma2_a", "sigma2_b", "repeats"}
    assert values["repeats"] == 2 and values["omega2"] >= 0


# --------------------------------------------------------------------------- real logs (issue 14)

NEW = "inspect-0.3.285"
LM = "lm-eval-0.4.13"


def test_current_zstd_inspect_logs_show_models_task_and_metric(at):
    upload(at, data_file(f"{NEW}/arith_alpha.eval"), data_file(f"{NEW}/arith_beta.eval"))
    assert not errors(at)
    md = texts(at)
    assert "12 questions paired" in md
    assert "Models: **mockllm/alpha** (named by the log's header), **mockllm/beta**" in md
    assert "Task `arith`" in md and "Metric `choice`" in md
    table = at.table[-1].value  # questions.py: 7 both, 3 only alpha, 1 only beta, 1 neither
    assert table.loc["mockllm/alpha right", "mockllm/beta wrong"] == 3
    assert table.loc["mockllm/alpha wrong", "mockllm/beta right"] == 1


def test_epochs_name_the_reducer_and_keep_the_per_epoch_view(at):
    upload(
        at, data_file(f"{NEW}/arith_alpha_epochs.eval"), data_file(f"{NEW}/arith_beta_epochs.eval")
    )
    assert not errors(at)
    assert "reduced to one score with `at_least_1`, as the logs did" in texts(at)
    assert lead(at) == points(1 - 5 / 6)  # 6 of 6 against 5 of 6
    select = next(s for s in at.selectbox if s.label == "Epochs")
    assert select.options == [
        "Reduced with at_least_1 (as the logs did)",
        "Each epoch, as a repeated answer",
    ]
    select.set_value(EACH_EPOCH).run()
    assert "each of the 3 epochs counts as a repeated answer" in texts(at)
    assert lead(at) == points((14 - 13) / 18)
    assert metric(at, "Between questions ω²")
    select = next(s for s in at.selectbox if s.label == "Epochs")
    select.set_value("at_least_1").run()


def test_two_different_tasks_are_refused_with_both_names(at):
    upload(at, data_file(f"{NEW}/arith_alpha.eval"), data_file(f"{NEW}/reverse_digits_alpha.eval"))
    assert any(
        "expected runs of one task, found task arith on dataset arith" in e and "task reverse" in e
        for e in errors(at)
    ), errors(at)
    page_still_works(at)


def test_an_lm_eval_results_summary_says_what_to_upload(at):
    upload(at, data_file(f"{LM}/scripted__beta/results_*.json"))
    assert any("is scripted/beta's results summary" in e for e in errors(at)), errors(at)
    assert any("--log\\_samples" in e or "--log_samples" in e for e in errors(at))
    page_still_works(at)


def test_lm_eval_model_names_come_from_the_results_summary(at):
    upload(
        at,
        data_file(f"{LM}/scripted__beta/samples_arith_2*.jsonl"),
        data_file(f"{LM}/scripted__beta/results_*.json"),
        data_file(f"{LM}/scripted__gamma/samples_arith_2*.jsonl"),
    )
    assert not errors(at)
    md = texts(at)
    assert "**scripted/beta** (named by results_" in md
    assert "**B** (named by its place in the upload" in md
    assert "carry no model name: B is samples_arith_" in md
    assert "8 questions paired" in md and "4 questions only scripted/beta answered" in md


def test_different_metric_names_are_paired_and_named(at):
    upload(
        at,
        data_file(f"{NEW}/arith_alpha.eval"),
        data_file(f"{LM}/scripted__beta/samples_arith_2*.jsonl"),
    )
    assert not errors(at)
    md = texts(at)
    assert "Metrics: `choice` for mockllm/alpha, `acc` for B." in md
    assert "the only 0–1 metric in each" in md
    assert "12 questions paired" in md


# --------------------------------------------------------------------------- the sentences, no app


def _graded(a, b):
    from benchstats.clustered import grade_pair
    from benchstats.items import pair_items, read_items

    items = read_items(wide_csv({"gpt": a, "claude": b}), "results.csv")
    paired = pair_items(items)
    return items, paired, grade_pair(paired)


def test_the_sentences_and_the_planner_link_from_one_grade():
    from benchstats.prose import per_question as prose

    items, paired, g = _graded(*paired_scores(N, B, C, BOTH))
    assert prose.headline(g).startswith("Clears the noise: gpt leads claude by 6.1 points")
    assert prose.verdict_gap(g).clears
    numbers = {k.label: k.value for k in prose.key_numbers(g)}
    assert numbers["Questions that disagree"] == "28 (14.1%)"
    assert numbers["McNemar p (mid-p)"] == "0.024"
    assert prose.score_line(g).startswith("gpt right on 142 of 198 (71.7%)")
    assert prose.questions_needed_query(g) == {"p": "68.7", "d": "6.1", "discordance": "14.1"}
    assert prose.clustered_note(g) is None and prose.repeat_numbers(g) == []
    lines = prose.arithmetic_lines(g)
    assert "lead = (b − c)/n = (20 − 8)/198 = +6.1 points" in lines[1]


def test_a_tie_and_the_charts_claim():
    from benchstats.charts.items import disagreement_figure, disagreement_frame
    from benchstats.prose import per_question as prose

    a, b = paired_scores(40, 5, 5, 20)
    items, paired, g = _graded(a, b)
    assert prose.headline(g) == (
        "Inside the noise: gpt and claude tie on these 40 questions, but the 95% range for "
        "the true lead includes zero."
    )
    assert prose.caption_title(items, g) == "gpt vs claude on the same 40 questions"
    inputs = dict(prose.caption_inputs(items, paired))
    assert inputs["files"] == "results.csv" and inputs["paired questions"] == "40"
    text = prose.disagreement_alt_text(paired, disagreement_frame(paired))
    assert "only gpt was right (to the right)" in text and "blocks of file order" in text
    fig = disagreement_figure(paired, alt_text=text)
    assert fig.name == "where-models-disagree" and fig.alt_text == text
    assert fig.table["questions"].sum() == 10
    assert fig.picture().to_dict()["title"] == "Where the two models disagree"


def test_a_downloaded_chart_carries_its_claim():
    from benchstats.charts import captioned, captioned_csv
    from benchstats.charts.items import disagreement_figure
    from ui.sections.per_question import caption

    items, paired, g = _graded(*paired_scores(N, B, C, BOTH))
    claim = caption(items, paired, g)
    csv = captioned_csv(disagreement_figure(paired).table, claim).decode()
    # a caption row holding a comma is one quoted cell (benchstats.safe_csv)
    assert csv.startswith('# claim: gpt vs claude on the same 198 questions\n"# verdict: Clears')
    assert "# paired questions: 198" in csv
    spec = captioned(disagreement_figure(paired).picture(), claim).to_dict()
    assert spec["title"]["text"] == claim.title
