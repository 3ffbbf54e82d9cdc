"""``leadorluck check``, ``plan`` and ``claim``: the same numbers and words as the pages.

Check a claim and the Gap grader grade with :mod:`benchstats.grading`,
Questions needed plans with :mod:`benchstats.planning`; the command must
print exactly their card labels and values, and never grade on a number
nobody gave.
"""

from __future__ import annotations

import io
import json

import pytest
from test_cli import LOCAL, documented_keys, local_site, refused, run  # noqa: F401 (autouse)

from benchstats import planning
from benchstats.grading import Names, grade_reported_se, grade_unpaired
from benchstats.prose import claim as claim_prose
from benchstats.prose import claim as prose
from benchstats.prose import planning as plan_prose


def as_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def card(g) -> list[tuple[str, str]]:
    """The page's verdict card: its key numbers, then its planning numbers."""
    return [(k.label, k.value) for k in (*prose.key_numbers(g), *prose.plan_numbers(g))]


def rows(text: str) -> list[tuple[str, str]]:
    """The "label  value" rows of a text answer (indented two spaces)."""
    out = []
    for line in text.splitlines():
        if line.startswith("  "):
            label, value = line.strip().split("  ", 1)
            out.append((label, value.strip()))
    return out


# --------------------------------------------------------------------------- check


def test_check_prints_the_articles_range(capsys):
    code, out, err = run(capsys, "check", "82", "78", "--n", "100")
    assert code == 0 and err == ""
    assert "−7.1 to +15.1" in out
    assert out.splitlines()[0] == prose.headline(grade_unpaired(0.82, 0.78, 100))


def test_check_is_check_a_claims_card(capsys):
    g = grade_unpaired(0.873, 0.851, 198, names=Names("X", "Y"))
    code, out, _ = run(capsys, "check", "87.3", "85.1", "--n", "198", "--name-a", "X",
                       "--name-b", "Y")  # fmt: skip
    assert code == 0 and rows(out) == card(g)
    assert f"Copy this sentence: {claim_prose.copy_sentence(g)}" in out
    assert "Check a claim: http://localhost:8501/?a=87.3&b=85.1&n=198&name_a=X&name_b=Y" in out


def test_check_json(capsys):
    doc = as_json(capsys, "check", "82", "78", "--n", "100")
    g = grade_unpaired(0.82, 0.78, 100)
    assert (round(doc["low_points"], 1), round(doc["high_points"], 1)) == (-7.1, 15.1)
    assert doc["lead_points"] == pytest.approx(4.0) and doc["p_value"] == g.gap.p_value
    assert doc["verdict"] == prose.headline(g) and doc["clears"] is False
    assert doc["luck_either_way"] == g.luck.either_way and doc["questions_needed"] == 1566
    assert set(doc) == documented_keys("### check")


def test_check_with_reported_standard_errors(capsys):
    g = grade_reported_se(0.714, 0.018, 0.69, 0.019)
    code, out, _ = run(capsys, "check", "71.4", "69", "--se-a", "1.8", "--se-b", "1.9")
    assert code == 0 and rows(out) == card(g) and out.splitlines()[0] == prose.headline(g)
    doc = as_json(capsys, "check", "71.4", "69", "--se-a", "1.8", "--se-b", "1.9", "--n", "500")
    # As on the page: with both SEs every number comes from them, a count adds nothing.
    assert doc["mode"] == "se" and doc["se_points"] == pytest.approx(100 * g.gap.se)
    assert doc["luck_either_way"] is None


def test_check_with_two_question_counts(capsys):
    doc = as_json(capsys, "check", "82", "78", "--n", "100", "--n-b", "400")
    g = grade_unpaired(0.82, 0.78, 100, n_b=400)
    assert (doc["n"], doc["n_b"]) == (100, 400)
    assert doc["se_points"] == pytest.approx(100 * g.gap.se) and doc["luck_either_way"] is None


def test_check_markdown(capsys):
    code, out, _ = run(capsys, "check", "82", "78", "--n", "100", "--format", "markdown")
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"**{prose.headline(grade_unpaired(0.82, 0.78, 100))}**"
    assert "| 95% range for the true lead | −7.1 to +15.1 |" in lines
    assert lines[-1] == "[Check a claim](http://localhost:8501/?a=82&b=78&n=100)"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["check", "82", "78"], "two scores need the number of questions: give --n N"),
        (["check", "82", "78", "--se-a", "1.8"], "give both --se-a and --se-b"),
        (
            ["check", "182", "78", "--n", "100"],
            "argument A: must be a percent from 0 to 100, got 182",
        ),
        (["check", "82", "78", "--n", "0"], "argument --n: must be a whole number of questions"),
        (["check", "82", "78", "--n", "12.5"], "must be a whole number of questions"),
        (["check", "82", "x", "--n", "100"], "argument B: expected a number, got 'x'"),
        (["check", "82", "78", "--se-a", "0", "--se-b", "1"], "a standard error in points above 0"),
        (["check", "82", "nan", "--n", "100"], "expected a finite number"),
    ],
)
def test_check_refuses_in_the_sites_units(capsys, argv, words):
    assert words in refused(capsys, *argv)


# --------------------------------------------------------------------------- plan


def test_plan_is_questions_neededs_answer(capsys):
    lp = planning.plan_lead(0.8, 0.04)
    code, out, _ = run(capsys, "plan", "--p", "80", "--lead", "4")
    assert code == 0 and out.splitlines()[0] == plan_prose.needed_headline(lp)
    assert rows(out) == [("Questions needed", "1,566")]
    assert plan_prose.scores_line(lp) in out
    assert out.rstrip().endswith(
        "Questions needed: http://localhost:8501/questions-needed?p=80&d=4"
    )


def test_plan_paired_and_at_n(capsys):
    lp = planning.plan_lead(0.8, 0.04)
    pp, r = planning.paired_plan(lp, 0.2, 198), planning.reach(lp, 198)
    doc = as_json(capsys, "plan", "--p", "80", "--lead", "4", "--discordance", "20", "--n", "198")
    assert doc["questions_needed"] == 1566 and doc["paired"]["questions_needed"] == pp.questions
    assert doc["paired"]["detectable_points"] == pytest.approx(100 * pp.mde)
    assert doc["reach"] == {"n": 198, "detectable_points": 100 * r.mde, "chance": r.chance,
                            "enough": False}  # fmt: skip
    assert doc["link"].endswith("/questions-needed?p=80&d=4&n=198&discordance=20")
    assert set(doc) == documented_keys("### plan")
    code, out, _ = run(capsys, "plan", "--p", "80", "--lead", "4", "--discordance", "20",
                       "--n", "198")  # fmt: skip
    assert plan_prose.paired_sentence(lp, pp) in out and plan_prose.reach_headline(lp, r) in out
    assert ("Smallest detectable lead", "11.3 points") in rows(out)


def test_plan_refuses_a_lead_that_does_not_fit_as_the_page_does(capsys):
    # Near 98% both scores p ± d/2 stay inside 0–100% only for a lead below 4 points.
    assert "near 0.98 the lead must be below" in refused(
        capsys, "plan", "--p", "98", "--lead", "10"
    )


def test_plan_settings_and_a_refused_discordance(capsys):
    lp = planning.plan_lead(0.8, 0.04, alpha=0.01, power=0.9, sides=1)
    doc = as_json(capsys, "plan", "--p", "80", "--lead", "4", "--alpha", "0.01", "--power",
                  "0.9", "--sides", "one-sided", "--discordance", "30")  # fmt: skip
    assert doc["questions_needed"] == lp.needed and doc["sides"] == "one-sided"
    assert doc["paired"]["discordance_percent"] == pytest.approx(30)
    assert doc["link"].endswith("alpha=0.01&power=0.9&sides=one-sided")
    # 82% and 78% disagree on 4% to 40% of the questions: 90% cannot be
    assert "discordance must be from 0.04 to 0.4" in refused(
        capsys, "plan", "--p", "80", "--lead", "4", "--discordance", "90"
    )
    assert "argument --p: must be a percent from 0.5 to 99.5" in refused(
        capsys, "plan", "--p", "100", "--lead", "4"
    )
    assert "required: --lead" in refused(capsys, "plan", "--p", "80")


# --------------------------------------------------------------------------- claim

EXAMPLE = "Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%"


def test_a_claim_is_graded_as_check_a_claim_grades_it(capsys):
    g = grade_unpaired(0.873, 0.851, 198, names=Names("Model X", "Model Y"))
    code, out, _ = run(capsys, "claim", EXAMPLE)
    assert code == 0 and out.splitlines()[0] == prose.headline(g) and rows(out) == card(g)
    assert "Read: A = Model X 87.3%, B = Model Y 85.1%, GPQA Diamond (198 questions)." in out
    assert claim_prose.copy_sentence(g, "GPQA Diamond") in out
    doc = as_json(capsys, "claim", EXAMPLE)
    assert doc["read"] == {"a_percent": 87.3, "b_percent": 85.1, "name_a": "Model X",
                           "name_b": "Model Y", "bench": "gpqa-diamond"}  # fmt: skip
    assert doc["n"] == 198 and doc["low_points"] == pytest.approx(100 * g.gap.low)
    assert set(doc) == documented_keys("### claim") | documented_keys("### check")


def test_a_claims_scores_are_echoed_as_written(capsys):
    sentence = "Kite-2 scores 55.0% on GPQA Diamond, beating Gull-1's 52.25%"
    code, out, _ = run(capsys, "claim", sentence)
    assert code == 0
    assert "Read: A = Kite-2 55.0%, B = Gull-1 52.25%, GPQA Diamond (198 questions)." in out
    assert "Report it like this: Kite-2 vs Gull-1: 55.0% vs 52.25% on 198 questions" in out
    assert "Copy this sentence: Kite-2 55.0% vs Gull-1 52.25% on GPQA Diamond" in out


def test_a_claim_without_a_count_is_not_graded_on_a_made_up_one(capsys):
    sentence = "Model X scores 87.3%, beating Model Y's 85.1%"
    err = refused(capsys, "claim", sentence)
    assert "the claim gives no number of questions" in err and "Give --n N" in err
    code, out, _ = run(capsys, "claim", sentence, "--n", "500")
    assert code == 0
    assert "The number of questions, 500, comes from --n: the claim gives none." in out
    named = grade_unpaired(0.873, 0.851, 500, names=Names("Model X", "Model Y"))
    assert out.splitlines()[0] == prose.headline(named)
    assert "&n=500" in out


@pytest.mark.parametrize(
    ("sentence", "words"),
    [
        (
            "Model X scores 87.3% on MMLU",
            "the claim gives one score (87.3%): the verdict needs both",
        ),
        ("Model X is the best model on MMLU", "the claim gives no score"),
    ],
)
def test_a_claim_without_two_scores_says_what_is_missing(capsys, sentence, words):
    err = refused(capsys, "claim", sentence)
    assert words in err


def test_a_claims_count_is_never_overridden(capsys):
    err = refused(capsys, "claim", EXAMPLE, "--n", "500")
    assert "the claim says 198 questions; --n says 500" in err


def test_a_claim_with_standard_errors_and_from_standard_input(capsys, monkeypatch):
    sentence = "X scores 71.4 ± 1.8 against Y's 69.0 ± 1.9"
    monkeypatch.setattr("sys.stdin", io.StringIO(sentence))
    doc = as_json(capsys, "claim", "-")
    g = grade_reported_se(0.714, 0.018, 0.69, 0.019, names=Names("X", "Y"))
    assert doc["mode"] == "se" and doc["verdict"] == prose.headline(g) and doc["n"] is None
    assert doc["read"]["se_a_points"] == pytest.approx(1.8)


class Endless(io.TextIOBase):
    """Standard input that never ends (``< /dev/zero``): it records how much was asked for."""

    def __init__(self) -> None:
        self.asked = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        if size is None or size < 0:
            raise MemoryError("read to the end of an endless stream")
        self.asked += size
        return "\0" * size


def test_standard_input_is_read_no_further_than_a_claim_is(capsys, monkeypatch):
    from benchstats.claims import MAX_CHARS

    endless = Endless()
    monkeypatch.setattr("sys.stdin", endless)
    err = refused(capsys, "claim", "-")
    assert f"standard input holds more than {MAX_CHARS:,} characters" in err
    assert 0 < endless.asked <= MAX_CHARS + 3
    long = "A scores 82% and B 78% on 100 questions. " + "x" * MAX_CHARS
    monkeypatch.setattr("sys.stdin", io.StringIO(long))
    assert f"more than {MAX_CHARS:,} characters" in refused(capsys, "claim", "-")


def test_a_claim_of_the_most_characters_and_a_line_break_is_read(capsys, monkeypatch):
    from benchstats.claims import MAX_CHARS

    sentence = "A scores 82% and B 78% on 100 questions."
    for end in ("\n", "\r\n", ""):
        monkeypatch.setattr("sys.stdin", io.StringIO(sentence.ljust(MAX_CHARS) + end))
        assert as_json(capsys, "claim", "-")["n"] == 100


def test_standard_input_that_is_not_utf8_is_named(capsys, monkeypatch):
    raw = io.TextIOWrapper(io.BytesIO(b"A scores \xff82%"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", raw)
    assert "standard input: expected UTF-8 text" in refused(capsys, "claim", "-")


# --------------------------------------------------------------------------- claim: readings


def test_a_claim_that_asks_gets_no_verdict_and_its_choices(capsys):
    # two benchmarks' pairs: which is the claim about? Asked, with choices
    sentence = "Heron-4 scores 71.5% on MMLU-Pro against Robin's 69.0% (HumanEval: 90.2% vs 88.7%)"
    err = refused(capsys, "claim", sentence)
    assert "more than one benchmark (MMLU-Pro, HumanEval)" in err
    assert "--pick pair-2 (Heron-4 90.2% vs Robin 88.7% on HumanEval)" in err
    code, out, err = run(capsys, "claim", sentence, "--format", "json")
    doc = json.loads(out)
    assert code == 2 and doc["verdict"] is None and "sentence" not in doc
    assert [c["pick"] for c in doc["choices"]] == ["pair-1", "pair-2"]
    picked = as_json(capsys, "claim", sentence, "--pick", "pair-2")
    g = grade_unpaired(0.902, 0.887, 164, names=Names("Heron-4", "Robin"))
    assert picked["verdict"] == prose.headline(g) and picked["picks"] == ["pair-2"]
    assert picked["link"].endswith("&pick=pair-2")


def test_several_rivals_are_graded_pair_by_pair_in_the_json_with_a_leaderboard_link(capsys):
    sentence = "X scores 71%, Y 69% and Z 65% on 500 questions"
    doc = as_json(capsys, "claim", sentence, "--site", "http://example.org")
    closest = grade_unpaired(0.71, 0.69, 500, names=Names("X", "Y"))
    assert doc["verdict"] == prose.headline(closest)  # the headline is the closest pair's
    assert [(r["name"], r["score_percent"]) for r in doc["rivals"]] == [("Y", 69.0), ("Z", 65.0)]
    far = grade_unpaired(0.71, 0.65, 500, names=Names("X", "Z"))
    assert doc["rivals"][1]["lead_points"] == pytest.approx(100 * far.gap.lead)
    assert doc["rivals"][1]["low_points"] == pytest.approx(100 * far.gap.low)
    assert [r["clears"] for r in doc["rivals"]] == [closest.clears, far.clears] == [False, True]
    assert doc["rivals_summary"] == (
        "Against 2 rivals, X is ahead of Z by more than luck, and inside the noise against Y."
    )
    assert doc["leaderboard_link"] == (
        "http://example.org/leaderboard?rows=X%3A71%2CY%3A69%2CZ%3A65&n=500"
    )
    assert [m["says"] for m in doc["reading"] if m["role"] == "score"] == [
        "score of X",
        "score of Y",
        "score of Z, a rival of X",
    ]
    code, out, _ = run(capsys, "claim", sentence)
    assert "  vs Z (65%): lead +6.0 points" in out
    picked = as_json(capsys, "claim", sentence, "--pick", "pair-2")  # one pair, as picked
    assert picked["verdict"] == prose.headline(far) and "rivals" not in picked


def test_the_reading_is_in_the_json_each_span_with_its_role(capsys):
    doc = as_json(capsys, "claim", "Pelican reaches 77.2% on MATH-500, +0.8 over Gull")
    spans = [(m["text"], m["role"], m["field"], m["implied"]) for m in doc["reading"]]
    assert spans == [
        ("Pelican", "model A", "name_a", None),
        ("77.2%", "score", "a", None),
        ("MATH-500", "benchmark", "bench", None),
        ("+0.8", "lead", "lead", "Gull 76.4% = 77.2% − 0.8"),
        ("Gull", "model B", "name_b", None),
    ]
    assert doc["b_percent"] == pytest.approx(76.4) and doc["questions"] == []
    code, out, _ = run(capsys, "claim", "Pelican reaches 77.2% on MATH-500, +0.8 over Gull")
    assert "Reading: Pelican [model A] reaches 77.2% [score of Pelican]" in out


def test_n_answers_a_question_about_the_count_as_the_page_s_preset_does(capsys):
    sentence = "Claude 3 Opus reaches 50.4% on GPQA vs GPT-4's 35.7%"
    assert "GPQA: the Diamond set" in refused(capsys, "claim", sentence)
    assert as_json(capsys, "claim", sentence, "--n", "198")["n"] == 198
    assert as_json(capsys, "claim", sentence, "--pick", "gpqa-diamond")["n"] == 198


# ------------------------------------------------------------------ the report line's language


def _report(g, lang: str) -> str:
    from benchstats.language import using

    with using(lang):
        return claim_prose.report(g)


@pytest.mark.parametrize(
    ("argv", "env", "lang"),
    [
        (["--lang", "de"], {}, "de"),
        (["--lang", "es"], {"LANG": "de_DE.UTF-8"}, "es"),  # --lang wins
        ([], {"LANG": "es_ES.UTF-8"}, "es"),
        ([], {"LC_MESSAGES": "de_AT", "LANG": "es_ES"}, "de"),
        ([], {"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first one set decides
        ([], {"LANG": "fr_FR.UTF-8"}, "en"),  # not one of the site's: English
    ],
)
def test_the_report_line_follows_lang_and_the_locale(capsys, monkeypatch, argv, env, lang):
    """Only the report line changes language (its numbers too); every other line stays English,
    in text and in JSON."""
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    g = grade_unpaired(0.82, 0.78, 1319)
    code, out, err = run(capsys, "check", "82", "78", "--n", "1319", *argv)
    assert code == 0, err
    for key in env:
        monkeypatch.delenv(key)
    _, english, _ = run(capsys, "check", "82", "78", "--n", "1319")
    said = [line for line in out.splitlines() if line.startswith("Report it like this: ")]
    assert said == [f"Report it like this: {_report(g, lang)}"]
    others = [line for line in out.splitlines() if not line.startswith("Report it like this: ")]
    assert others == [x for x in english.splitlines() if not x.startswith("Report it like this")]
    if lang != "en":
        assert _report(g, lang) != _report(g, "en")  # the numbers at least are the language's
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    data = as_json(capsys, "check", "82", "78", "--n", "1319", *argv)
    assert data["report"] == _report(g, lang)
    assert data["verdict"] == claim_prose.headline(g)  # English


def test_a_claims_report_line_follows_lang(capsys):
    code, out, err = run(
        capsys,
        "claim",
        "Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%",
        "--lang",
        "de",
    )
    assert code == 0, err
    (line,) = [x for x in out.splitlines() if x.startswith("Report it like this: ")]
    assert "87,3" in line and "87.3" not in line


def test_the_box_is_made_in_lang(capsys, monkeypatch):
    from benchstats.box import static_box

    code, out, err = run(capsys, "box", "82", "78", "--n", "100", "--lang", "de")
    assert code == 0, err
    assert out == static_box(82, 78, 100, site=f"{LOCAL}/", lang="de") + "\n"
    assert '<html lang="de">' in out and '"decimal": ","' in out
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    _, out, _ = run(capsys, "box", "82", "78", "--n", "100")
    assert '<html lang="es">' in out
    monkeypatch.delenv("LANG")
    _, out, _ = run(capsys, "box", "82", "78", "--n", "100")
    assert out == static_box(82, 78, 100, site=f"{LOCAL}/") + "\n"
    assert '<html lang="en">' in out
