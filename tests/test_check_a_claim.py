"""Check a claim through AppTest: deep links reproduce FIGURES.md, bad links degrade gently.

Reference values are computed here independently of benchstats (scipy and
the formulas of FIGURES.md), with the figure they reproduce named.
"""

from __future__ import annotations

import math
import re
from urllib.parse import parse_qs

import pytest
from conftest import app_test, card_numbers, open_lazy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats

PAGE = "pages/check_a_claim.py"


def texts(at) -> list[str]:
    """Every piece of text the page shows (markdown, metrics, notes, code, captions)."""
    out = [m.value for m in at.markdown] + [c.value for c in at.caption]
    out += [f"{m.label}: {m.value}" for m in at.metric]
    out += [c.value for c in at.code]
    out += [x.value for kind in ("warning", "info", "error", "success") for x in at.get(kind)]
    return out


def metrics(at) -> dict[str, str]:
    return card_numbers(at)


def headline(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("#### "))


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
    assert m["Same or bigger gap by luck"] == f"{luck * 100:.2f}%" == "53.55%"
    # Questions needed (FIGURES.md: 1,566) and smallest detectable lead near 80% on 100.
    zs = stats.norm.ppf(0.975) + stats.norm.ppf(0.8)
    need = math.ceil(zs**2 * (0.82 * 0.18 + 0.78 * 0.22) / 0.04**2)
    assert m["Questions to detect this lead"] == f"{need:,}" and need == 1566
    mde = zs * math.sqrt(2 * 0.8 * 0.2 / 100) * 100
    assert m["Smallest lead it can detect"] == f"{mde:.1f} points"
    # z and two-sided p (a key number, not grey small print: issue 18 #11)
    z = 0.04 / math.sqrt(0.82 * 0.18 / 100 + 0.78 * 0.22 / 100)
    assert m["p (two-sided)"] == f"{2 * stats.norm.sf(z):.3f}"


def test_reported_standard_errors_row():
    # FIGURES.md: 93.43% ± 1.24 vs 95.20% ± 1.07 → SE 1.64, gap 1.1 SE, detectable 4.6 points
    at = run(a=93.43, b=95.20, se_a=1.24, se_b=1.07)
    m = metrics(at)
    assert m["SE of the gap"] == "1.64 points"
    assert m["p (two-sided)"] == "0.280"
    assert m["Smallest lead it can detect"] == "4.6 points"
    assert m["Lead, A − B"] == "−1.8 points"
    assert "Inside the noise" in headline(at)
    assert summary(at).startswith("93.43% vs 95.2% (± 1.24 and ± 1.07 points)")
    # issue 18 #1: no luck chance from a default n the reader never gave; it says what it needs
    assert m["Same or bigger gap by luck"] == "needs n"
    assert any("The chance by luck needs the number of questions" in t for t in texts(at))


def test_benchmark_preset_sets_198_questions():
    at = run(bench="gpqa-diamond", a=93.43, b=95.20)
    assert "on GPQA Diamond (198 questions)" in summary(at)
    # unpaired SE on 198: √(0.9343·0.0657/198 + 0.952·0.048/198)
    se = math.sqrt(0.9343 * 0.0657 / 198 + 0.952 * 0.048 / 198) * 100
    assert metrics(at)["SE of the gap"] == f"{se:.2f} points"
    assert at.selectbox(key="_bench_menu").value == "gpqa-diamond"
    assert at.number_input(key="_n_preset_gpqa-diamond").value == 198


def test_preset_overrides_a_disagreeing_n_and_says_so():
    at = run(bench="gpqa-diamond", n=500, a=82, b=78)
    assert "(198 questions)" in summary(at)
    assert any("`n=500` is ignored" in w.value for w in at.warning)


def test_verdict_flips_where_the_range_crosses_zero():
    # 82 vs 78: the lower end 0.04 − z·√(0.3192/n) crosses 0 between n = 766 and 767.
    n_cross = (stats.norm.ppf(0.975) ** 2) * (0.82 * 0.18 + 0.78 * 0.22) / 0.04**2
    assert 766 < n_cross < 767
    at = run(a=82, b=78, n=766)
    assert "Inside the noise" in headline(at)
    at.number_input(key="n").set_value(767).run()
    assert "Clears the noise" in headline(at)
    assert metrics(at)["95% range for the true lead"].startswith("+0.0 to")
    at.number_input(key="n").set_value(766).run()
    assert "Inside the noise" in headline(at)
    assert metrics(at)["95% range for the true lead"].startswith("−0.0 to")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("a", "banana"),
        ("a", "150"),
        ("n", "-5"),
        ("n", "0"),
        ("n", "3.7"),
        ("n", "1e12"),
        ("bench", "unknown"),
        ("se_a", "-1"),
    ],
)
def test_bad_link_values_are_named_and_the_page_still_works(key, value):
    query = {"a": 82, "b": 78, "n": 100, key: value}
    at = run(**query)
    notes = [w.value for w in at.warning]
    assert any(f"`{key}={value}`" in note for note in notes), notes
    assert "Inside the noise" in headline(at)  # the defaults 82 vs 78 on 100
    assert metrics(at)["95% range for the true lead"] == "−7.1 to +15.1"
    no_nan(at)


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
    at = open_lazy(run(**query))  # the arithmetic too, folded until a reader opens it
    assert words in headline(at)
    no_nan(at)
    rng = metrics(at)["95% range for the true lead"]
    # a range cut at −100 says so in the arithmetic (no lead can be larger)
    assert "−100.0" not in rng or any("cut at ±100 points" in t for t in texts(at))


def test_degenerate_scores_explain_the_zero_width_range():
    # 100% vs 0% on one question: Newcombe's range and the pooled test (benchstats.gaps),
    # the same verdict as the Gap grader's (issue 12)
    at = run(a=100, b=0, n=1)
    assert metrics(at)["95% range for the true lead"] == "−12.2 to +100.0"
    assert metrics(at)["SE if equally good"] == "70.71 points"
    assert metrics(at)["Same or bigger gap by luck"] == "50.00%"
    assert "Inside the noise" in headline(at)
    assert any("zero width" in i.value for i in at.info)


def test_score_that_is_not_a_whole_count_gets_a_note():
    at = run(a=82, b=78, n=30)  # 82% of 30 is 24.6 questions
    assert any("steps of 3.3 points" in m.value for m in at.markdown)  # not a grey caption
    at = run(a=82, b=78, n=100)
    assert not any("steps of" in t for t in texts(at))


def test_links_carry_the_same_claim():
    at = run(a=82, b=78, n=448)
    text = next(m.value for m in at.markdown if "](gap-grader?" in m.value)
    links = dict(re.findall(r"\]\(([a-z-]+)\?([^)]*)\)", text))
    flat = {page: {k: v[-1] for k, v in parse_qs(q).items()} for page, q in links.items()}
    assert flat["gap-grader"] == {"a": "82", "b": "78", "n": "448"}
    assert flat["luck-simulator"] == {"p": "80", "n": "448", "d": "4"}
    assert flat["questions-needed"] == {"p": "80", "d": "4"}


def test_links_carry_preset_and_standard_errors():
    at = run(a=93.43, b=95.2, se_a=1.24, se_b=1.07, bench="gpqa-diamond")
    text = next(m.value for m in at.markdown if "](gap-grader?" in m.value)
    query = re.search(r"\]\(gap-grader\?([^)]*)\)", text).group(1)
    assert {k: v[-1] for k, v in parse_qs(query).items()} == {
        "a": "93.43",
        "b": "95.2",
        "n": "198",
        "se_a": "1.24",
        "se_b": "1.07",
    }


def test_chart_and_arithmetic_are_there():
    at = run(a=82, b=78, n=100)
    assert not at.get("vega_lite_chart")  # both charts folded
    assert any(e.label == "The lead against zero (chart) and the arithmetic" for e in at.expander)
    assert any(e.label.startswith("The verdict without per-question") for e in at.expander)
    assert not any(m.value.startswith("- Lead = a − b") for m in at.markdown)  # drawn once open
    assert not at.get("download_button")  # each menu draws its buttons once opened
    labels = [b.proto.label for b in open_lazy(at).get("download_button")]
    charts = at.get("vega_lite_chart")
    assert len(charts) == 2  # the lead against zero and every possible disagreement, once open
    assert '"vconcat"' in charts[0].proto.spec
    assert labels == ["Picture (PNG)", "Picture (SVG)", "Data (CSV)"] * 2
    work = next(m.value for m in at.markdown if m.value.startswith("- Lead = a − b"))
    # 1.96 × 5.65 = 11.07: the half-width of FIGURES.md's −7.1 to +15.1
    assert "+4.0 ± 1.960 × 5.65 = −7.1 to +15.1 points" in work
    assert "= 0.479" in work and "**1,566**" in work


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
    """`n=100` in a link is the reader's number even though it equals the box's default.

    The bound box drops a default value from the query string on its first run,
    so the page must read the link before drawing the box; otherwise the
    disagreement section asked for the number of questions the card had used.
    """
    at = open_lazy(app_test("pages/check_a_claim.py", a="82", b="78", n="100").run())
    assert not at.exception
    assert "Questions on which they disagree" in [s.label for s in at.slider]
    assert not [i.value for i in at.info if "number of questions" in i.value]
    without = app_test("pages/check_a_claim.py", a="82", b="78").run()
    assert [i.value for i in without.info if "number of questions" in i.value]


def test_the_room_view_keeps_the_inputs_in_its_fold_after_an_edit():
    """In the room view the inputs sit in "The claim" fold, written there by the page's
    fragment; an edit reruns the fragment and they stay in the fold, the verdict follows."""
    at = app_test(PAGE, a=85)
    at.session_state["_view_room"] = True  # what app.py's switch sets for ?view=room
    at.run()
    assert not at.exception
    fold = at.expander[0]
    assert fold.label == "The claim"
    assert [w.label for w in fold.number_input] == ["Score A (%)", "Score B (%)", "Questions"]
    at.number_input(key="a").set_value(90).run()
    assert not at.exception
    assert at.expander[0].number_input(key="a").value == 90
    assert at.metric[0].value == "+12.0 points"


def test_the_room_view_draws_the_lead_chart_open():
    """A projected page is read, not edited: its lead-against-zero chart is drawn without a
    click, while the reading view keeps it folded (a chart is the costliest redraw)."""
    reading = app_test(PAGE, a=85).run()
    assert not reading.get("vega_lite_chart")
    room = app_test(PAGE, a=85)
    room.session_state["_view_room"] = True  # what app.py's switch sets for ?view=room
    room.run()
    assert not room.exception
    assert len(room.get("vega_lite_chart")) == 1
