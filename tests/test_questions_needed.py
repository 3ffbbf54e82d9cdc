"""The Questions needed page through AppTest: deep links, the issue's figures, bad input."""

from __future__ import annotations

import json
import re

import pyarrow as pa
import pytest
from conftest import app_test, open_lazy

from benchstats import questions_needed, questions_needed_paired
from benchstats.planning import scores_near, two_sided_alpha
from ui.sections.needed_inputs import EXAMPLES

PAGE = "pages/questions_needed.py"


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def opened(**query):
    """The page with its folds open, as a reader who clicked each one sees it."""
    at = open_lazy(run(**query))
    assert not at.exception, [e.value for e in at.exception]
    return at


def headlines(at) -> list[str]:
    """The two answers' headlines: the cards' sentences, and without ``n`` the question that
    closes the first card's text (a card without numbers would cost two more elements)."""
    cards = [m.value for m in at.markdown if m.value.startswith("#### ")]  # not the h5 titles
    asks = [re.search(r"\*\*(Which leads.+?)\*\*", m.value) for m in at.markdown]
    return cards + [a.group(1) for a in asks if a]


def asks_for_n(at) -> bool:
    """Whether the page asks for the benchmark's size, naming the slider that sets it."""
    return any("Which leads" in m.value and "Questions in your benchmark" in m.value
               for m in at.markdown)  # fmt: skip


def plain(text: str) -> str:
    """Markdown with escapes and icons removed, as a reader sees it."""
    text = re.sub(r":\w+\[:material/\w+:\]\s*", "", text)
    return text.replace("\\", "").lstrip("# ").strip()


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def all_text(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for e in at.error] + [w.value for w in at.warning]
    parts += [m.value for m in at.metric] + [m.label for m in at.metric]
    return "\n".join(str(p) for p in parts)


def charts(at) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]


def assert_page_whole(at, n_charts: int = 2):
    """The page still draws everything: two answer cards, its charts, the tables.

    Without ``n`` the repeats chart waits for the benchmark's size (issue 18, finding 4).
    The folds (levels, tables, arithmetic) are opened first: they draw once a reader opens them.
    """
    open_lazy(at)
    assert len(headlines(at)) == 2
    assert len(charts(at)) == n_charts
    assert len(at.table) >= 4
    text = all_text(at)
    assert not re.search(r"\bnan\b|\binf\b|Traceback", text, re.IGNORECASE)


# --------------------------------------------------------------------------- the figures


def test_p80_d4_shows_1566():
    at = run(p=80, d=4)
    first, second = (plain(h) for h in headlines(at))
    assert first == "A 4.0-point lead near 80% needs 1,566 questions."
    assert metrics(at)["Questions needed"] == "1,566"
    # No n in the link: the second card asks for it instead of assuming 198 (issue 18, #4).
    assert second == "Which leads can your benchmark see?"
    assert "Smallest detectable lead" not in metrics(at)
    assert asks_for_n(at)
    assert_page_whole(at)
    # With n: 2.8016·√(0.32/198) = 11.3 points.
    at = run(p=80, d=4, n=198)
    second = plain(headlines(at)[1])
    assert second == (
        "Too few: 198 questions can see leads of about 11.3 points or more near 80%, "
        "and a 4.0-point lead needs 1,566."
    )
    assert_page_whole(at, 3)


def test_p50_d4_shows_2449():
    at = run(p=50, d=4)
    assert plain(headlines(at)[0]) == "A 4.0-point lead near 50% needs 2,449 questions."
    assert metrics(at)["Questions needed"] == "2,449"


def test_gpqa_at_94_percent():
    # The journalist's question: 198 questions at 94% → the smallest lead is 6.7 points.
    at = run(p=94, d=4, n=198)
    assert "198 questions can see leads of about 6.7 points or more near 94%" in plain(
        headlines(at)[1]
    )


def test_enough_questions():
    at = run(p=80, d=4, n=1566)
    assert plain(headlines(at)[1]) == (
        "Enough: 1,566 questions can see leads of about 4.0 points or more near 80%, "
        "yours included."
    )
    assert metrics(at)["Chance to see your lead"] == "80%"


def test_just_short_of_enough():
    # Near the edge the two formulas round alike (4.0 points) but 1,565 < 1,566 questions.
    at = run(p=80, d=4, n=1565)
    assert plain(headlines(at)[1]).startswith("Too few: 1,565 questions")


def test_tables_reproduce_figures():
    at = run()
    assert not at.table  # the tables draw once their fold is opened
    open_lazy(at)
    # Tables are shown as text through benchstats.words (they fit a phone, issue 18 #9).
    mde, paired, repeats, examples = (df.value for df in at.table[-4:])
    assert mde.set_index("Questions").loc["30"].tolist() == ["36.2", "33.1", "21.7"]
    assert mde.set_index("Questions").loc["1,000"].tolist() == ["6.3", "5.7", "3.8"]
    assert mde.set_index("Questions").loc["5,000", "Near 70% (points)"] == "2.6"
    assert paired["Paired, 20% disagree (points)"].tolist() == ["8.9", "5.6", "4.0", "2.8", "1.8"]
    assert repeats["Smallest detectable lead (points)"].tolist() == ["13.3", "7.6", "6.6"]
    assert examples["Questions needed"].tolist() == ["1,566", "11,159", "8,238", "3,925"]
    assert at.download_button  # CSV buttons exist (one per table and per chart)


def test_repeats_example_on_the_page():
    at = run(n=198, omega2=1 / 9, sigma2_a=1 / 6, sigma2_b=1 / 6, repeats=10)
    m = metrics(at)
    assert (m["K = 1"], m["K = 10"], m["K → ∞: the floor"]) == (
        "13.3 points",
        "7.6 points",
        "6.6 points",
    )
    assert "3,960 model calls" in all_text(at)  # 198 × 10 × 2


def test_repeats_cost_wording_edges():
    at = run(repeats=1, n=198)
    text = all_text(at)
    assert "198 questions × 1 answer × 2 models = 396 model calls" in text
    assert "0 of them" not in text
    at = run(repeats=10, sigma2_a=0, sigma2_b=0, n=198)
    assert "repeating them buys nothing" in all_text(at)


def test_clusters_design_effect():
    at = run(n=2500, m=10, icc=0.1)
    m = metrics(at)
    assert m["Design effect"] == "1.90"
    assert m["2,500 questions count as"] == "1,316"  # 2,500 / 1.9


# --------------------------------------------------------------------------- settings move every number


@pytest.mark.parametrize(
    ("alpha", "power", "sides", "r_n"),
    [
        # R power.prop.test(p1=.82, p2=.78, ...) (tests/references/planning.R): R's n is a
        # little larger because it pools the variance under H0; ours never exceeds it.
        (0.01, 0.9, 2, 2973.4046847317304),
        (0.05, 0.8, 1, 1235.4646782352534),
        (0.1, 0.95, 1, 1710.3620564725045),
    ],
)
def test_significance_power_and_sides_change_the_answer(alpha, power, sides, r_n):
    at = opened(
        p=80, d=4, alpha=alpha, power=power, sides="two-sided" if sides == 2 else "one-sided"
    )
    expected = questions_needed(0.82, 0.78, alpha=two_sided_alpha(alpha, sides=sides), power=power)
    assert expected <= r_n < expected * 1.01
    assert metrics(at)["Questions needed"] == f"{expected:,}"
    # The tables follow the same settings.
    examples = at.table[-1].value
    assert examples["Questions needed"].iloc[0] == f"{expected:,}"
    words = "two-sided" if sides == 2 else "one-sided"
    assert words in all_text(at)


def test_paired_planning_with_discordance():
    at = run(p=80, d=4, discordance=20)
    paired = questions_needed_paired(0.04, 0.2)
    assert metrics(at)["Paired, same questions"] == f"{paired:,}" == "982"
    assert metrics(at)["Paired: questions"] == "982"
    curve = charts(at)[0]
    assert curve["layer"][0]["encoding"]["color"]["scale"]["domain"] == ["Unpaired", "Paired"]


def test_without_discordance_only_unpaired():
    at = run(p=80, d=4)
    assert "Paired, same questions" not in metrics(at)
    curve = charts(at)[0]
    assert curve["layer"][0]["encoding"]["color"]["scale"]["domain"] == ["Unpaired"]


def test_fifty_versus_ninety_five():
    at = opened(p=80, d=4)
    at50 = questions_needed(*scores_near(0.5, 0.04))
    at95 = questions_needed(*scores_near(0.95, 0.04))
    assert f"needs {at50:,} questions near 50% but {at95:,} near 95%" in all_text(at)


def test_editing_a_widget_recomputes():
    at = run(p=80, d=4)
    at.select_slider(key="_d_menu").set_value(2.0).run()
    assert metrics(at)["Questions needed"] == f"{questions_needed(0.81, 0.79):,}"


def test_article_example_pills():
    at = run()
    (pills,) = at.button_group
    assert pills.options == [label for label, _ in EXAMPLES]  # one element, four examples
    pills.set_value("71% vs 69%").run()
    assert metrics(at)["Questions needed"] == "8,238"
    assert at.button_group[0].value is None  # let go: the same example can be picked again
    at.button_group[0].set_value("198 questions at 94%").run()
    assert metrics(at)["Smallest detectable lead"] == "6.7 points"  # as test_gpqa_at_94_percent


def test_arithmetic_expander_shows_the_steps():
    at = run(p=80, d=4)
    assert at.expander[-1].label.endswith("the arithmetic")  # the last part of the last fold
    assert not at.expander[-1].markdown  # drawn once a reader opens it
    open_lazy(at)
    title, steps = (m.value for m in at.expander[-1].markdown[-2:])
    assert title == "##### The arithmetic"
    text = steps
    assert "z_sum" not in text  # escaped, or Markdown would italicise between underscores
    text = text.replace("\\_", "_")
    assert "z_sum = 2.8016" in text
    assert "1,565.9, rounded up to 1,566" in text


# --------------------------------------------------------------------------- bad input (the list)


def note_for(at, key: str) -> str:
    found = [w.value for w in at.warning if f"`{key}=" in w.value]
    assert found, f"no note about {key}"
    return found[0]


@pytest.mark.parametrize(
    ("query", "key", "fallback_headline"),
    [
        ({"d": 0}, "d", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"p": 0}, "p", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"p": 100}, "p", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"p": "banana"}, "p", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"alpha": 2}, "alpha", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"power": 1.5}, "power", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"repeats": -2}, "repeats", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"sides": 3}, "sides", "A 4.0-point lead near 80% needs 1,566 questions."),
        ({"sides": "both"}, "sides", "A 4.0-point lead near 80% needs 1,566 questions."),
    ],
)
def test_refused_url_values(query, key, fallback_headline):
    at = run(**query)
    note = note_for(at, key)
    assert f"`{key}={query[key]}`" in note
    assert plain(headlines(at)[0]) == fallback_headline
    assert_page_whole(at)


def test_discordance_zero():
    at = run(discordance=0)
    note = note_for(at, "discordance")
    assert "never disagree" in note and "Paired planning is off" in note
    assert "Paired, same questions" not in metrics(at)
    assert_page_whole(at)


def test_repeats_negative_falls_back_to_ten():
    at = run(repeats=-2, n=198)
    assert "Your K = 10" in metrics(at)


def test_lead_larger_than_the_room_p_leaves():
    at = run(p=98, d=10)
    assert len(at.error) == 1
    message = at.error[0].value
    assert "10.0-point lead does not fit near 98%" in message
    assert "103.0%" in message and "3.9 points" in message
    assert plain(headlines(at)[0]).startswith("A 3.9-point lead near 98% needs")
    assert_page_whole(at)


def test_lead_larger_than_the_room_at_the_bottom():
    at = run(p=2, d=10)
    assert "the trailing model would score −3.0%" in at.error[0].value
    assert_page_whole(at)


def test_discordance_outside_what_the_scores_allow():
    at = run(p=80, d=4, discordance=60)
    message = at.error[0].value
    assert "at most 40% of the questions, so 60% cannot happen. Using 40%." in message
    assert metrics(at)["Paired, same questions"] == f"{questions_needed_paired(0.04, 0.4):,}"
    assert_page_whole(at)


def test_discordance_below_the_lead():
    at = run(p=80, d=10, discordance=5)
    assert "at least 10% " in at.error[0].value
    assert metrics(at)["Paired, same questions"] == f"{questions_needed_paired(0.1, 0.1):,}"


def test_all_variances_zero():
    at = run(omega2=0, sigma2_a=0, sigma2_b=0, n=198)
    assert "no noise to beat" in at.error[0].value
    assert metrics(at)["K = 1"] == "13.3 points"  # the articles' example instead
    assert_page_whole(at, 3)


def test_questions_that_do_not_differ_set_no_floor():
    # ω² = 0 with answer noise left: K → ∞ drives the lead to 0 (found by the page fuzz test).
    at = run(omega2=0, n=1_000_000)
    assert metrics(at)["K → ∞: the floor"] == "0.0 points"
    assert "they set no floor" in all_text(at)
    assert_page_whole(at, 3)


def test_everything_bad_at_once():
    at = run(d=0, p=0, alpha=2, power=1.5, discordance=0, repeats=-2)
    for key in ("d", "p", "alpha", "power", "discordance", "repeats"):
        note_for(at, key)
    assert_page_whole(at)


def chart_rows(chart) -> dict[str, list[dict]]:
    return {
        ds.name: pa.ipc.open_stream(ds.data.data).read_all().to_pylist()
        for ds in chart.proto.datasets
    }


def test_charts_keep_their_spec_while_p_moves():
    """Each chart is a spec built once plus this rerun's rows: moving p changes only rows."""
    at = opened(p=80, d=4, n=198)
    specs = charts(at)
    at.select_slider(key="_p_menu").set_value(61.0).run()
    assert not at.exception
    assert charts(at) == specs
    curve, repeats, variance = at.get("vega_lite_chart")  # the designs fold, then the levels
    mine = next(r for r in chart_rows(variance)["marks"] if r["label"] == "Your p")
    assert mine["p"] == pytest.approx(61.0)
    assert mine["questions"] == questions_needed(*scores_near(0.61, 0.04))
    assert chart_rows(curve)["lead"] == [{"lead": pytest.approx(4.0), "label": "Your lead"}]
    assert {r["name"] for r in chart_rows(curve)["presets"]}  # the benchmarks are drawn
    assert [r["repeats"] for r in chart_rows(repeats)["reader"]] == [10]


def test_every_chart_has_its_downloads():
    at = run(n=198)
    # The curve's; the repeats chart waits for its fold, as the levels chart does.
    assert len([p for p in at.get("popover") if "-lazy-download-" in p.proto.id]) == 1
    labels = [b.proto.label for b in open_lazy(at).get("download_button")]  # opens every fold
    assert len([p for p in at.get("popover") if "-lazy-download-" in p.proto.id]) == 3
    assert labels.count("Picture (PNG)") == labels.count("Picture (SVG)") == 3


def test_one_question_reads_in_the_singular():
    # Issue 18 #10: counts and their nouns agree, articles are read aloud ("an 8-point").
    at = run(p=80, d=8, n=1, m=10)
    text = all_text(at)
    assert "1 question can see" in text and "1 questions" not in text
    assert "1 question counts as" in metrics(at)
    assert plain(headlines(at)[0]).startswith("An 8.0-point lead")
