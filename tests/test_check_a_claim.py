"""Check a claim through AppTest: deep links reproduce FIGURES.md, bad links degrade gently,
and no verdict stands on a number the link did not give.

Reference values are computed here independently of benchstats (scipy and
the formulas of FIGURES.md), with the figure they reproduce named.
"""

from __future__ import annotations

import math
import re
from urllib.parse import parse_qs

import pytest
from conftest import app_test, card_numbers, chart_rows
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats

PAGE = "app_pages/check_a_claim.py"


def texts(at) -> list[str]:
    """Every piece of text the page shows (markdown, metrics, notes, code, captions)."""
    out = [m.value for m in at.markdown] + [c.value for c in at.caption]
    out += [f"{m.label}: {m.value}" for m in at.metric]
    out += [c.value for c in at.code]
    out += [x.value for kind in ("warning", "info", "error", "success") for x in at.get(kind)]
    return out


def metrics(at) -> dict[str, str]:
    return card_numbers(at)


def luck_tile(at):
    """The card's one chance of a gap this big by luck (its value and help)."""
    return next(m for m in at.metric if m.label == "Same or bigger gap by luck")


def headline(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("#### "))


def has_verdict(at) -> bool:
    return any(m.value.startswith("#### ") for m in at.markdown)


def missing_note(at) -> str:
    return next(i.value for i in at.info if i.value.startswith("**No verdict yet"))


def summary(at) -> str:
    return at.code[0].value


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


_NOT_A_NUMBER = re.compile(r"\b(nan|inf|infinity)\b|∞", re.IGNORECASE)


def no_nan(at) -> None:
    for text in texts(at):
        assert not _NOT_A_NUMBER.search(text), text


# FIGURES.md, "Grading a lead": SE and 95% range of 82% vs 78% on n questions.
@pytest.mark.parametrize(
    ("n", "se", "rng", "clears"),
    [
        (100, "5.65", "−7.1 to +15.1", False),
        (448, "2.67", "−1.2 to +9.2", False),
        (1000, "1.79", "+0.5 to +7.5", True),
        (2000, "1.26", "+1.5 to +6.5", True),
    ],
)
def test_deep_link_reproduces_figures(n, se, rng, clears):
    at = run(a=82, b=78, n=n)
    m = metrics(at)
    assert m["SE of the gap"] == f"{se} points"
    assert m["95% range for the true lead"] == rng
    assert m["Lead, A − B"] == "+4.0 points"
    words = "Clears the noise" if clears else "Inside the noise"
    assert words in headline(at)
    assert summary(at).startswith(f"82% vs 78% on {n:,} questions: the 95% range for the true lead")
    assert f"{rng} points" in summary(at)
    no_nan(at)


def test_other_figures_rows():
    # FIGURES.md: 81.5% vs 80% on 500 → SE 2.49, −3.4 to +6.4; 81% vs 79% on 1,000 → −1.5 to +5.5
    m = metrics(run(a=81.5, b=80, n=500))
    assert (m["SE of the gap"], m["95% range for the true lead"]) == ("2.49 points", "−3.4 to +6.4")
    m = metrics(run(a=81, b=79, n=1000))
    assert (m["SE of the gap"], m["95% range for the true lead"]) == ("1.79 points", "−1.5 to +5.5")


def test_numbers_match_independent_references():
    at = run(a=82, b=78, n=100)
    m = metrics(at)
    # Exact luck chance, both models at 80% on 100 questions, |gap| ≥ 4 (FIGURES.md: 53.55%),
    # by a direct double sum over the two binomials.
    pmf = stats.binom.pmf(range(101), 100, 0.8)
    luck = sum(pmf[i] * pmf[j] for i in range(101) for j in range(101) if abs(i - j) >= 4)
    # The card gives it at two figures, the exact one in its help.
    tile = luck_tile(at)
    assert (tile.value, f"{luck * 100:.2f}%") == ("54%", "53.55%") and "(53.55%)" in tile.help
    # Questions needed (FIGURES.md: 1,566) and smallest detectable lead near 80% on 100.
    zs = stats.norm.ppf(0.975) + stats.norm.ppf(0.8)
    need = math.ceil(zs**2 * (0.82 * 0.18 + 0.78 * 0.22) / 0.04**2)
    assert m["Questions to detect this lead"] == f"{need:,}" and need == 1566
    mde = zs * math.sqrt(2 * 0.8 * 0.2 / 100) * 100
    assert m["Smallest lead it can detect"] == f"{mde:.1f} points"
    # z and two-sided p of the normal approximation behind the range: named in the one
    # chance's help (issue 38: two near-equal chances side by side read as one)
    z = 0.04 / math.sqrt(0.82 * 0.18 / 100 + 0.78 * 0.22 / 100)
    assert f"p = {2 * stats.norm.sf(z):.3f} (z = {z:.2f})" in tile.help
    assert "p (two-sided)" not in m


def test_reported_standard_errors_row():
    # FIGURES.md: 93.43% ± 1.24 vs 95.20% ± 1.07 → SE 1.64, gap 1.1 SE, detectable 4.6 points
    at = run(a=93.43, b=95.20, se_a=1.24, se_b=1.07)
    m = metrics(at)
    assert m["SE of the gap"] == "1.64 points"
    assert m["Same or bigger gap by luck"] == "28%"  # the normal p, 0.280, from the SEs
    assert m["Smallest lead it can detect"] == "4.6 points"
    assert m["Lead, A − B"] == "−1.8 points"
    assert "Inside the noise" in headline(at)
    assert summary(at).startswith("93.43% vs 95.2% (± 1.24 and ± 1.07 points)")
    # Every number comes from the SEs: no luck of equal models on a count nobody gave.
    assert "from the reported SEs" in luck_tile(at).help and "questions" not in luck_tile(at).help


def test_reported_standard_errors_with_a_preset_still_grade_from_the_errors():
    # issue 27: "71.4% ± 1.2 on MMLU-Pro, compared with 68.3% ± 1.1" gave a binomial tail on 12,032
    at = run(a=71.4, b=68.3, se_a=1.2, se_b=1.1, bench="mmlu-pro")
    m = metrics(at)
    assert m["SE of the gap"] == f"{math.hypot(1.2, 1.1):.2f} points"
    z = 3.1 / math.hypot(1.2, 1.1)  # the SEs' normal p, not a binomial tail on 12,032
    assert m["Same or bigger gap by luck"] == f"{200 * stats.norm.sf(z):.1f}%" == "5.7%"
    assert "from the reported SEs" in luck_tile(at).help


def test_benchmark_preset_sets_198_questions():
    at = run(bench="gpqa-diamond", a=93.43, b=95.20)
    assert "on GPQA Diamond (198 questions)" in summary(at)
    # unpaired SE on 198: √(0.9343·0.0657/198 + 0.952·0.048/198)
    se = math.sqrt(0.9343 * 0.0657 / 198 + 0.952 * 0.048 / 198) * 100
    assert metrics(at)["SE of the gap"] == f"{se:.2f} points"
    assert at.selectbox(key="bench").value == "gpqa-diamond"
    box = at.number_input(key="n")
    assert box.value == 198 and box.proto.disabled
    assert "From the GPQA Diamond preset." in [c.value for c in at.caption]


def test_preset_overrides_a_disagreeing_n_and_says_so():
    at = run(bench="gpqa-diamond", n=500, a=82, b=78)
    assert "(198 questions)" in summary(at)
    assert any("`n=500` can't be used" in w.value for w in at.warning)


def test_clearing_the_preset_keeps_its_size_as_the_readers():
    at = run(bench="gpqa-diamond", a=82, b=78)
    at.selectbox(key="bench").set_value(None).run()
    assert dict(at.query_params)["n"] == "198" and "bench" not in at.query_params
    assert "on 198 questions" in summary(at)


def test_verdict_flips_where_the_range_crosses_zero():
    # 82 vs 78: the lower end 0.04 − z·√(0.3192/n) crosses 0 between n = 766 and 767.
    n_cross = (stats.norm.ppf(0.975) ** 2) * (0.82 * 0.18 + 0.78 * 0.22) / 0.04**2
    assert 766 < n_cross < 767
    at = run(a=82, b=78, n=766)
    assert "Inside the noise" in headline(at)
    at.number_input(key="n").set_value(767).run()
    assert "Clears the noise" in headline(at)
    assert metrics(at)["95% range for the true lead"].startswith("+0.0 to")
    assert dict(at.query_params)["n"] == "767"  # the edit is in the link
    at.number_input(key="n").set_value(766).run()
    assert "Inside the noise" in headline(at)
    assert metrics(at)["95% range for the true lead"].startswith("−0.0 to")


@pytest.mark.parametrize(
    ("key", "value"),
    [("bench", "unknown"), ("se_a", "-1"), ("se_b", "1e12"), ("more", "0"), ("predict", "yes")],
)
def test_bad_optional_values_are_named_and_the_verdict_stands(key, value):
    at = run(a=82, b=78, n=100, **{key: value})
    notes = [w.value for w in at.warning]
    assert any(f"`{key}={value}` can't be used" in note for note in notes), notes
    assert metrics(at)["95% range for the true lead"] == "−7.1 to +15.1"
    no_nan(at)


@pytest.mark.parametrize(
    ("key", "value", "needs"),
    [
        ("a", "banana", "the score of A"),
        ("a", "150", "the score of A"),
        ("n", "-5", "the number of questions"),
        ("n", "0", "the number of questions"),
        ("n", "3.7", "the number of questions"),
        ("n", "1e12", "the number of questions"),
    ],
)
def test_a_refused_needed_value_gives_no_verdict_and_says_what_is_missing(key, value, needs):
    at = run(**{"a": 82, "b": 78, "n": 100, key: value})
    assert any(f"`{key}={value}` can't be used" in w.value for w in at.warning)
    assert not has_verdict(at) and not at.code and not at.get("download_button")
    assert needs in missing_note(at)
    no_nan(at)


@pytest.mark.parametrize(
    ("query", "needs"),
    [
        ({"a": 85}, ("the score of B", "the number of questions")),
        ({"b": 70, "n": 198}, ("the score of A",)),
        ({"a": 85, "b": 80}, ("the number of questions",)),
        ({"a": 85, "b": 80, "se_a": 1.2}, ("both reported standard errors",)),
        ({"n": 500, "name_a": "Tiger"}, ("the score of Tiger", "the score of B")),
    ],
)
def test_a_link_that_gives_some_values_is_never_completed_with_the_examples(query, needs):
    at = run(**query)
    assert not has_verdict(at)
    assert not at.code and not at.get("download_button") and not at.get("vega_lite_chart")
    note = missing_note(at)
    assert all(n in note for n in needs), note
    assert not any("82%" in x or "78%" in x for x in texts(at))  # the example's scores nowhere


def test_an_empty_first_visit_is_a_labelled_worked_example_until_edited():
    at = run()
    assert headline(at).startswith("#### :orange[:material/balance:] Worked example.")
    assert metrics(at)["95% range for the true lead"] == "−7.1 to +15.1"
    assert not at.code and not at.get("download_button")  # nothing to quote or download
    assert "From the worked example: change it to grade your own." in [c.value for c in at.caption]
    at.number_input(key="a").set_value(85.0).run()
    assert dict(at.query_params) == {"a": "85", "b": "78", "n": "100"}  # the example is theirs
    assert "Worked example" not in headline(at)
    assert summary(at).startswith("85% vs 78% on 100 questions")
    assert at.get("download_button")


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ({"a": 80, "b": 80, "n": 100}, "No lead"),
        ({"a": 0, "b": 0, "n": 100}, "No lead"),
        ({"a": 100, "b": 100, "n": 100}, "No lead"),
        ({"a": 100, "b": 0, "n": 1}, "Inside the noise"),  # exact luck: 50%
        ({"a": 100, "b": 0, "n": 100}, "Clears the noise"),
        ({"a": 100, "b": 90, "n": 100}, "Clears the noise"),
        ({"a": 0, "b": 3, "n": 100}, "Inside the noise"),
        ({"a": 82, "b": 78, "n": 1}, "Inside the noise"),
    ],
)
def test_edge_cases_read_honestly(query, words):
    at = run(**query)
    assert words in headline(at)
    no_nan(at)
    rng = metrics(at)["95% range for the true lead"]
    # a range cut at −100 says so in the arithmetic (no lead can be larger)
    assert "−100.0" not in rng or any("cut at ±100 points" in t for t in texts(at))


def test_degenerate_scores_explain_the_zero_width_range():
    # 100% vs 0% on one question: Newcombe's range and the pooled test (benchstats.gaps),
    # the same verdict as the Gap grader's
    at = run(a=100, b=0, n=1)
    assert metrics(at)["95% range for the true lead"] == "−12.2 to +100.0"
    assert metrics(at)["SE if equally good"] == "70.71 points"
    assert metrics(at)["Same or bigger gap by luck"] == "50%"
    assert "Inside the noise" in headline(at)
    assert any("zero width" in i.value for i in at.info)


def test_score_that_is_not_a_whole_count_gets_a_note():
    at = run(a=82, b=78, n=30)  # 82% of 30 is 24.6 questions
    assert any("steps of 3.3 points" in m.value for m in at.markdown)  # not a grey caption
    at = run(a=82, b=78, n=100)
    assert not any("steps of" in t for t in texts(at))


def _links(at) -> dict[str, dict[str, str]]:
    text = next(m.value for m in at.markdown if "](gap-grader" in m.value)
    links = dict(re.findall(r"\]\(([a-z-]+)\??([^)]*)\)", text))
    return {page: {k: v[-1] for k, v in parse_qs(q).items()} for page, q in links.items()}


def test_links_carry_the_same_claim():
    flat = _links(run(a=82, b=78, n=448))
    assert flat["gap-grader"] == {"a": "82", "b": "78", "n": "448"}
    assert flat["luck-simulator"] == {"p": "80", "n": "448", "d": "4"}
    assert flat["questions-needed"] == {"p": "80", "d": "4"}


def test_links_carry_preset_and_standard_errors():
    flat = _links(run(a=93.43, b=95.2, se_a=1.24, se_b=1.07, bench="gpqa-diamond"))
    assert flat["gap-grader"] == {
        "a": "93.43", "b": "95.2", "n": "198", "se_a": "1.24", "se_b": "1.07",
    }  # fmt: skip


def test_links_never_carry_an_assumed_count():
    at = run(claim="Atlas-Mini beats Sparrow 91.5% to 89.0% on our internal reasoning suite")
    assert "n" not in _links(at)["gap-grader"]


def test_chart_downloads_and_arithmetic_are_there():
    at = run(a=82, b=78, n=100)
    charts = at.get("vega_lite_chart")
    assert len(charts) == 2  # the lead against zero and every possible disagreement
    assert '"vconcat"' in charts[0].proto.spec
    labels = [b.proto.label for b in at.get("download_button")]
    chart = ["Picture (PNG)", "Picture (SVG)", "Data (CSV)"]
    assert labels == [*chart, "Download the box as HTML", *chart]  # Embed this check's file
    work = next(m.value for m in at.markdown if m.value.startswith("- Lead = a − b"))
    # 1.96 × 5.65 = 11.07: the half-width of FIGURES.md's −7.1 to +15.1
    assert "+4.0 ± 1.960 × 5.65 = −7.1 to +15.1 points" in work
    assert "= 0.479" in work and "**1,566**" in work


def test_the_same_scores_on_more_questions_follow_the_slider():
    # FIGURES.md: 82% vs 78% on 1,000 → +0.5 to +7.5 (clears); 2,000 → +1.5 to +6.5
    at = run(a=82, b=78, n=100, more=1000)
    line = next(m.value for m in at.markdown if m.value.startswith("The same scores"))
    assert "on 1,000 questions would give a range of +0.5 to +7.5 points" in line
    at.select_slider(key="more").set_value(2000).run()
    line = next(m.value for m in at.markdown if m.value.startswith("The same scores"))
    assert "+1.5 to +6.5" in line and dict(at.query_params)["more"] == "2000"
    rows = chart_rows(at.get("vega_lite_chart")[0])
    assert [r["label"] for r in rows] == ["A", "B", "A − B", "On 2,000 questions"]


def test_names_the_reader_gave_are_in_the_chart_and_the_sentence():
    at = run(a=82, b=78, n=100, name_a="Zephyr 2", name_b="Mistral")
    rows = chart_rows(at.get("vega_lite_chart")[0])
    assert [r["label"] for r in rows][:3] == ["Zephyr 2", "Mistral", "Zephyr 2 − Mistral"]
    assert summary(at).startswith("Zephyr 2 82% vs Mistral 78% on 100 questions")
    assert "Lead, Zephyr 2 − Mistral" in metrics(at)


_shared = {}


def _one_app():
    if "at" not in _shared:
        _shared["at"] = run(a=82, b=78, n=100)
    return _shared["at"]


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    a=st.floats(0, 100).map(lambda x: round(x, 2)),
    b=st.floats(0, 100).map(lambda x: round(x, 2)),
    n=st.integers(1, 20_000),
)
def test_any_claim_gives_a_verdict_without_nan(a, b, n):
    from benchstats import unpaired_gap

    at = _one_app()
    at.number_input(key="a").set_value(a)
    at.number_input(key="b").set_value(b)
    at.number_input(key="n").set_value(n).run()
    assert not at.exception
    no_nan(at)
    h = headline(at)
    g = unpaired_gap(a / 100, b / 100, n)
    if a == b:
        assert "No lead" in h
    elif g.se > 0:
        assert ("Clears the noise" in h) == g.clears


def test_a_link_giving_the_default_n_counts_as_given():
    """`n=100` in a link is the reader's number, though it equals the worked example's."""
    at = run(a="82", b="78", n="100")
    assert "Questions on which they disagree" in [s.label for s in at.slider]
    assert "Worked example" not in headline(at)


def test_the_room_view_shows_the_chart_and_the_inputs():
    at = run(a=85, b=78, n=100, view="room")
    assert len(at.get("vega_lite_chart")) == 2
    assert at.number_input(key="a").value == 85


def test_a_pasted_claim_fills_the_boxes_with_its_decimals_and_the_verdict_keeps_them():
    at = run(claim="Kite-2 scores 55.0% on GPQA Diamond, beating Gull-1's 52.25%")
    a, b = at.number_input(key="a"), at.number_input(key="b")
    assert (a.value, a.proto.format, b.value, b.proto.format) == (55.0, "%.1f", 52.25, "%.2f")
    assert summary(at).startswith("Kite-2 55.0% vs Gull-1 52.25% on GPQA Diamond")
    typed = run(a="55.0", b="52.25", n="198")  # typed in the link: the same boxes
    assert typed.number_input(key="a").proto.format == "%.1f"
