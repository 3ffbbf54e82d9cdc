"""No verdict on a number nobody wrote: random links that leave out any subset of their keys.

For Check a claim, the Gap grader and the Leaderboard checker, hypothesis
builds links from a random subset of each page's claim keys with valid
values. After the run:

- with a value the verdict needs missing, the page shows no verdict, no
  sentence to copy and no download, and says what is missing;
- otherwise the claim the page quotes (in its sentence to copy, its report,
  its download caption) holds only numbers the link gave (or a preset's
  size), apart from an assumption the verdict names in words;
- a link with no key at all shows the worked example, labelled as one.
"""

from __future__ import annotations

import re

import pytest
from conftest import app_test
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchstats import BENCHMARKS

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")


def numbers_in(text: str) -> set[float]:
    return {float(x.replace(",", "")) for x in NUMBER.findall(text)}


def has_verdict(at) -> bool:
    return any(m.value.startswith("#### ") and "Predict" not in m.value for m in at.markdown)


def said_missing(at) -> bool:
    return any(i.value.startswith("**No verdict yet") for i in at.info)


score = st.floats(0, 100).map(lambda x: round(x, 1))
CHECK_KEYS = {
    "a": score,
    "b": score,
    "n": st.integers(1, 5000),
    "bench": st.sampled_from([b.key for b in BENCHMARKS]),
    "se_a": st.floats(0.1, 5).map(lambda x: round(x, 2)),
    "se_b": st.floats(0.1, 5).map(lambda x: round(x, 2)),
    "name_a": st.sampled_from(["Zephyr 2", "Orion"]),
    "name_b": st.sampled_from(["Mistral", "Vega"]),
}


@SETTINGS
@given(data=st.data())
def test_check_a_claim_grades_only_what_the_link_gave(data):
    keys = data.draw(st.lists(st.sampled_from(sorted(CHECK_KEYS)), unique=True))
    query = {k: data.draw(CHECK_KEYS[k], label=k) for k in keys}
    at = app_test("app_pages/check_a_claim.py", **query).run()
    assert not at.exception, [e.value for e in at.exception]
    if not query:
        assert any("Worked example." in m.value for m in at.markdown)
        assert not at.code and not at.get("download_button")
        return
    uses_se = "se_a" in query and "se_b" in query
    counted = "n" in query or "bench" in query
    complete = "a" in query and "b" in query and (uses_se or counted)
    if not complete:
        assert not has_verdict(at) and not at.code and not at.get("download_button"), query
        assert said_missing(at), query
        return
    assert has_verdict(at), query
    sentence = at.code[0].value
    claim = sentence.split(": ", 1)[0]  # the claim quoted, before the verdict's evidence
    given = {float(query[k]) for k in ("a", "b", "n", "se_a", "se_b") if k in query}
    if "bench" in query:
        given |= {float(b.questions) for b in BENCHMARKS if b.key == query["bench"]}
    names = {float(x) for k in ("name_a", "name_b") for x in numbers_in(query.get(k, ""))}
    assert numbers_in(claim) <= given | names, (query, claim)


def says_what_is_missing(at) -> bool:
    return any(
        i.value.startswith(("**No verdict yet", "Nothing is graded yet", "No verdict yet"))
        for i in [*at.info, *at.warning]
    )


count = st.integers(0, 60)
GRADER_KEYS = {
    "a": score,
    "b": score,
    "n": st.integers(200, 5000),
    "bench": st.sampled_from(["gpqa-main", "mmlu", "gsm8k"]),  # more than 120 questions each
    "se_a": st.floats(0.1, 5).map(lambda x: round(x, 2)),
    "se_b": st.floats(0.1, 5).map(lambda x: round(x, 2)),
    "a_only": count,
    "b_only": count,
}


def check_the_gap_grader(query: dict) -> None:
    at = app_test("app_pages/gap-grader.py", **query).run()
    assert not at.exception, [e.value for e in at.exception]
    counted = "n" in query or "bench" in query
    if "a_only" in query or "b_only" in query:  # paired counts decide the mode
        complete = "a_only" in query and "b_only" in query and counted
    elif "se_a" in query or "se_b" in query:
        complete = all(k in query for k in ("a", "b", "se_a", "se_b"))
    else:
        complete = "a" in query and "b" in query and counted
    if not complete:
        assert not has_verdict(at) and not at.code and not at.get("download_button"), query
        assert says_what_is_missing(at), query
        return
    assert has_verdict(at), query
    if "a_only" not in query:  # two scores (and their SEs): the report quotes them
        claim = at.code[0].value.split(": ", 1)[0]
        given = {float(query[k]) for k in ("a", "b", "n", "se_a", "se_b") if k in query}
        if "bench" in query:
            given |= {float(b.questions) for b in BENCHMARKS if b.key == query["bench"]}
        assert numbers_in(claim) <= given, (query, claim)


@SETTINGS
@given(data=st.data())
def test_the_gap_grader_grades_only_what_the_link_gave(data):
    keys = data.draw(st.lists(st.sampled_from(sorted(GRADER_KEYS)), unique=True, min_size=1))
    check_the_gap_grader({k: data.draw(GRADER_KEYS[k], label=k) for k in keys})


# Random subsets of eight keys rarely hold a complete link of two scores;
# these do, so the quoted claim is checked on every run.
@pytest.mark.parametrize(
    "query",
    [
        {"a": 71.0, "b": 69.5, "n": 448},
        {"a": 64.2, "b": 61.0, "bench": "mmlu"},
        {"a": 88.0, "b": 85.5, "se_a": 1.2, "se_b": 1.4},
        {"a": 50.0, "b": 50.0, "n": 1000},
    ],
    ids=["scores-n", "scores-bench", "scores-ses", "a-tie"],
)
def test_a_complete_gap_grader_link_quotes_only_its_numbers(query):
    check_the_gap_grader(query)


row = st.tuples(st.sampled_from("ABCDEF"), score, st.booleans(), st.integers(50, 900))


@SETTINGS
@given(data=st.data())
def test_the_leaderboard_grades_only_boards_whose_rows_have_questions(data):
    rows = data.draw(st.lists(row, min_size=2, max_size=4, unique_by=lambda r: r[0]))
    own = data.draw(st.booleans(), label="rows carry their own questions")
    items = [f"{name}:{s}" + (f":n{q}" if own and keep else "") for name, s, keep, q in rows]
    query = {"rows": ",".join(items)}
    for key in data.draw(st.lists(st.sampled_from(["n", "bench"]), unique=True), label="keys"):
        query[key] = 500 if key == "n" else "gpqa-diamond"
    at = app_test("app_pages/leaderboard.py", **query).run()
    assert not at.exception, [e.value for e in at.exception]
    every_row_counted = "n" in query or "bench" in query or all(r[2] for r in rows) and own
    if not every_row_counted:
        assert not has_verdict(at) and not at.get("download_button"), query
        assert says_what_is_missing(at), query
        return
    assert has_verdict(at), query
