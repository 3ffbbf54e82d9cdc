"""The Questions needed page through AppTest: deep links, the issue's figures, bad input."""

from __future__ import annotations

import json
import re

import pyarrow as pa
import pytest
from conftest import app_test
from test_thumb import release, stop_of, thumb_data

from benchstats import questions_needed, questions_needed_paired
from benchstats.planning import scores_near, two_sided_alpha
from ui.registry import page
from ui.sections.needed import examples as article_examples

PAGE = "app_pages/questions-needed.py"
SPECS = page("needed")


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def plain(text: str) -> str:
    """Markdown with escapes and icons removed, as a reader sees it."""
    text = re.sub(r":\w+\[:material/\w+:\]\s*", "", text)
    return text.replace("\\", "").lstrip("# ").strip()


def headlines(at) -> list[str]:
    """The answer cards' sentences, in order."""
    return [plain(m.value) for m in at.markdown if m.value.startswith("#### ")]


def asks_for_n(at) -> bool:
    """Whether the page asks for the benchmark's size, naming the input that sets it."""
    return any("Which leads" in i.value and "Questions in your benchmark" in i.value
               for i in at.info)  # fmt: skip


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def all_text(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += (
        [e.value for e in at.error] + [w.value for w in at.warning] + [i.value for i in at.info]
    )
    parts += [m.value for m in at.metric] + [m.label for m in at.metric]
    return "\n".join(str(p) for p in parts)


def charts(at) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]


def chart_rows(chart) -> dict[str, list[dict]]:
    return {
        ds.name: pa.ipc.open_stream(ds.data.data).read_all().to_pylist()
        for ds in chart.proto.datasets
    }


def note_for(at, key: str) -> str:
    found = [w.value for w in at.warning if f"`{key}=" in w.value]
    assert found, f"no note about {key}"
    return found[0]


def assert_page_whole(at, n_charts: int = 3):
    """The page draws everything, unfolded: the answer, its charts, the tables, no junk."""
    assert len(headlines(at)) in (1, 2)
    assert len(charts(at)) == n_charts
    assert len(at.table) == 5  # every benchmark, and the articles' four tables
    assert not at.expander and not at.tabs  # nothing the page teaches is folded
    assert not re.search(r"\bnan\b|\binf\b|\bNone\b|Traceback", all_text(at), re.IGNORECASE)


# --------------------------------------------------------------------------- the figures


def test_p80_d4_shows_1566():
    at = run(p=80, d=4)
    assert headlines(at) == ["A 4.0-point lead near 80% needs 1,566 questions."]
    assert metrics(at)["Questions needed"] == "1,566"
    # No n in the link: the page asks for it instead of assuming 198 (issue 18, #4).
    assert asks_for_n(at) and "Smallest detectable lead" not in metrics(at)
    assert_page_whole(at, 2)  # the repeats chart waits for n
    # With n: 2.8016·√(0.32/198) = 11.3 points.
    at = run(p=80, d=4, n=198)
    assert headlines(at)[1] == (
        "Too few: 198 questions can see leads of about 11.3 points or more near 80%, "
        "and a 4.0-point lead needs 1,566."
    )
    assert_page_whole(at)


def test_p50_d4_shows_2449():
    at = run(p=50, d=4)
    assert headlines(at)[0] == "A 4.0-point lead near 50% needs 2,449 questions."
    assert metrics(at)["Questions needed"] == "2,449"


def test_gpqa_at_94_percent():
    # The journalist's question: 198 questions at 94% → the smallest lead is 6.7 points.
    at = run(p=94, d=4, n=198)
    assert "198 questions can see leads of about 6.7 points or more near 94%" in headlines(at)[1]


def test_enough_questions():
    at = run(p=80, d=4, n=1566)
    assert headlines(at)[1] == (
        "Enough: 1,566 questions can see leads of about 4.0 points or more near 80%, "
        "yours included."
    )
    assert metrics(at)["Chance to see your lead"] == "80%"


def test_just_short_of_enough():
    # Near the edge the two formulas round alike (4.0 points) but 1,565 < 1,566 questions.
    assert headlines(run(p=80, d=4, n=1565))[1].startswith("Too few: 1,565 questions")


def test_tables_reproduce_figures():
    at = run()
    # Tables are shown as text through benchstats.words (they fit a phone, issue 18 #9).
    mde, paired, repeats, examples = (df.value for df in at.table[-4:])
    assert mde.set_index("Questions").loc["30"].tolist() == ["36.2", "33.1", "21.7"]
    assert mde.set_index("Questions").loc["1,000"].tolist() == ["6.3", "5.7", "3.8"]
    assert mde.set_index("Questions").loc["5,000", "Near 70% (points)"] == "2.6"
    assert paired["Paired, 20% disagree (points)"].tolist() == ["8.9", "5.6", "4.0", "2.8", "1.8"]
    assert repeats["Smallest detectable lead (points)"].tolist() == ["13.3", "7.6", "6.6"]
    assert examples["Questions needed"].tolist() == ["1,566", "11,159", "8,238", "3,925"]
    tables = [b for b in at.get("download_button") if "dl-table-" in b.proto.id]
    assert len(tables) == 5  # a CSV for each table


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
    text = all_text(run(repeats=1, n=198))
    assert "198 questions × 1 answer × 2 models = 396 model calls" in text
    assert "0 of them" not in text
    assert "repeating them buys nothing" in all_text(run(repeats=10, sigma2_a=0, sigma2_b=0, n=198))


def test_clusters_design_effect():
    m = metrics(run(n=2500, m=10, icc=0.1))
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
    words = "two-sided" if sides == 2 else "one-sided"
    at = run(p=80, d=4, alpha=alpha, power=power, sides=words)
    expected = questions_needed(0.82, 0.78, alpha=two_sided_alpha(alpha, sides=sides), power=power)
    assert expected <= r_n < expected * 1.01
    assert metrics(at)["Questions needed"] == f"{expected:,}"
    # The tables and the sentences follow the same settings, and name them.
    assert at.table[-1].value["Questions needed"].iloc[0] == f"{expected:,}"
    assert f"({words})" in all_text(at)


def test_paired_planning_follows_the_discordance():
    at = run(p=80, d=4)  # the page starts from the articles' 20%, and says so
    assert metrics(at)["Paired, same questions"] == f"{questions_needed_paired(0.04, 0.2):,}"
    assert "If the models disagree on 20% of the questions" in at.metric[1].help
    at = run(p=80, d=4, discordance=10)
    assert metrics(at)["Paired, same questions"] == f"{questions_needed_paired(0.04, 0.1):,}"
    assert metrics(at)["Paired: questions"] == "491"
    assert "disagree on 10% of the questions" in all_text(at)
    curve = charts(at)[0]
    assert curve["layer"][0]["encoding"]["color"]["scale"]["domain"] == ["Unpaired", "Paired"]


def test_fifty_versus_ninety_five():
    at50 = questions_needed(*scores_near(0.5, 0.04))
    at95 = questions_needed(*scores_near(0.95, 0.04))
    assert f"needs {at50:,} questions near 50% but {at95:,} near 95%" in all_text(run(p=80, d=4))


def test_editing_a_widget_recomputes_and_keeps_the_link():
    at = run(p=80, d=4)
    release(at, "d", stop_of(at, "d", 2.0))
    assert metrics(at)["Questions needed"] == f"{questions_needed(0.81, 0.79):,}"
    assert dict(at.query_params) == {"p": "80", "d": "2"}
    at.number_input(key="n").set_value(500).run()
    assert headlines(at)[1].startswith("Too few: 500 questions")
    assert at.query_params["n"] == "500"


def test_article_example_buttons():
    at = run()
    examples = [b for b in at.button if (b.key or "").startswith("example-")]
    labels = ["82% vs 78%", "1.5 points at 80%", "71% vs 69%", "GPQA at 94%"]
    assert [b.label for b in examples] == labels == [x[0] for x in article_examples()]
    assert examples[1].help == "A 1.5-point lead near 80%."

    examples[2].click().run()  # 71% vs 69%
    assert metrics(at)["Questions needed"] == "8,238"
    assert dict(at.query_params) == {"p": "70", "d": "2"}
    at.button(key="example-3").click().run()  # 198 questions at 94%
    assert metrics(at)["Smallest detectable lead"] == "6.7 points"  # as test_gpqa_at_94_percent


def test_arithmetic_shows_the_steps():
    at = run(p=80, d=4)
    steps = next(m.value for m in at.markdown if m.value.startswith("**Critical values.**"))
    assert "z_sum" not in steps  # escaped, or Markdown would italicise between underscores
    steps = steps.replace("\\_", "_")
    assert "z_sum = 2.8016" in steps
    assert "1,565.9, rounded up to 1,566" in steps


def test_charts_keep_their_spec_while_inputs_move():
    """Each chart is a spec built once plus this rerun's rows: moving an input changes rows."""
    at = run(p=80, d=4, n=198)
    specs = charts(at)
    at.select_slider(key="p").set_value(61.0).run()
    release(at, "d", stop_of(at, "d", 5.0))
    at.number_input(key="n").set_value(None).run()
    assert not at.exception
    assert charts(at)[0] == specs[0] and charts(at)[1] == specs[2]  # the repeats chart waits for n
    curve, variance = at.get("vega_lite_chart")
    mine = next(r for r in chart_rows(variance)["marks"] if r["label"] == "Your p")
    assert mine["p"] == pytest.approx(61.0)
    assert mine["questions"] == questions_needed(*scores_near(0.61, 0.05))
    (row,) = [r for r in chart_rows(curve)["stops"] if r["at"] == thumb_data(at, "d")["at"]]
    assert (row["lead"], row["label"]) == (pytest.approx(5.0), "Your lead")
    assert row["questions"] == questions_needed(*scores_near(0.61, 0.05))
    assert {r["name"] for r in chart_rows(curve)["family"]}  # the benchmarks are drawn
    assert chart_rows(curve).get("benchmark", []) == []  # no n: the reader's benchmark unmarked


def test_the_lead_thumb_replaces_the_slider_with_its_stops_in_words():
    at = run(p=80, d=4)
    assert not [w for w in at.select_slider if w.key == "d"]
    data = thumb_data(at, "d")
    assert data["words"][data["at"]] == "4.0 points" and data["words"][0] == "0.1 points"
    # near 98% a lead fits up to 3.9 points: the thumb stops there, that largest lead included
    near = thumb_data(run(p=98, d=1), "d")["words"]
    assert near[-1] == "3.9 points" and "4.0 points" not in near


def test_every_stop_of_the_lead_prints_what_it_needs():
    at = run(p=80, d=4)
    stops = {r["lead"]: r for r in chart_rows(at.get("vega_lite_chart")[0])["stops"]}
    for lead in (1.5, 4.0, 10.0):
        needed = questions_needed(*scores_near(0.8, lead / 100))
        assert stops[lead]["questions"] == needed
        assert (
            stops[lead]["said"] == f"A {lead:.1f}-point lead near 80% needs {needed:,} questions."
        )


def test_a_lead_between_the_thumbs_stops_snaps_with_a_note():
    at = run(p=80, d=4.3)
    (note,) = [w.value for w in at.warning if "`d=4.3`" in w.value]
    assert note == (
        "The link's `d=4.3` can't be used: d must be a stop of its slider, here 4.0 points or "
        "4.5 points. Using 4.5 instead."
    )
    assert metrics(at)["Questions needed"] == f"{questions_needed(*scores_near(0.8, 0.045)):,}"
    assert headlines(at)[0] == "A 4.5-point lead near 80% needs " + (
        f"{questions_needed(*scores_near(0.8, 0.045)):,} questions."
    )


def test_the_readers_benchmark_is_marked_on_the_curve():
    (mine,) = chart_rows(run(p=80, d=4, n=198).get("vega_lite_chart")[0])["benchmark"]
    assert (mine["questions"], round(mine["lead"], 1)) == (198, 11.3)


def test_every_chart_has_its_downloads():
    at = run(n=198)
    labels = [b.proto.label for b in at.get("download_button")]
    assert len(at.get("popover")) == 3  # the curve, the repeats and the levels charts
    assert labels.count("Picture (PNG)") == labels.count("Picture (SVG)") == 3


def test_one_question_reads_in_the_singular():
    # Issue 18 #10: counts and their nouns agree, articles are read aloud ("an 8-point").
    at = run(p=80, d=8, n=1, m=10)
    text = all_text(at)
    assert "1 question can see" in text and "1 questions" not in text
    assert "1 question counts as" in metrics(at)
    assert headlines(at)[0].startswith("An 8.0-point lead")


# --------------------------------------------------------------------------- bad input: notes from the specs


@pytest.mark.parametrize(
    ("key", "raw"),
    [("d", 0), ("p", 0), ("p", 100), ("p", "banana"), ("alpha", 2), ("power", 1.5),
     ("repeats", -2), ("sides", 3), ("sides", "both"), ("discordance", 0), ("n", 0),
     ("icc", 2), ("m", 0.5)],
)  # fmt: skip
def test_refused_url_values(key, raw):
    at = run(**{key: raw})
    spec = SPECS.spec(key)
    note = note_for(at, key)
    assert note.startswith(
        f"The link's `{key}={raw}` can't be used: {key} must be {spec.allowed()}."
    )
    if spec.default is not None:  # the page's own value instead, named
        shown = f"`{spec.default}`" if isinstance(spec.default, str) else f"{spec.default:,g}"
        assert f"Using {shown} instead" in note
    assert headlines(at)[0] == "A 4.0-point lead near 80% needs 1,566 questions."
    assert_page_whole(at, 2)


def test_repeats_negative_falls_back_to_ten():
    assert "Your K = 10" in metrics(run(repeats=-2, n=198))


@pytest.mark.parametrize(
    ("p", "d", "used", "words"),
    [(98, 10, 3.9, "103.0%"), (2, 10, 3.9, "−3.0%"), (80, 60, 39.9, "110.0%")],
)
def test_a_lead_larger_than_the_room_p_leaves_is_refused(p, d, used, words):
    at = run(p=p, d=d)
    note = note_for(at, "d")
    room = f"{2 * min(p, 100 - p):.1f}"
    assert f"d must be below {room} points near {p}%" in note and f"Using {used:g} instead" in note
    assert headlines(at)[0].startswith(f"A {used:.1f}-point lead near {p}% needs")
    assert not at.error
    assert_page_whole(at, 2)


def test_the_default_lead_moves_where_p_leaves_no_room():
    at = run(p=1)  # the page's own 4 points do not fit near 1%: moved, and said under the slider
    assert headlines(at)[0].startswith("A 1.9-point lead near 1% needs")
    assert "Worked out from the largest lead that fits near 1%." in [c.value for c in at.caption]
    assert not at.warning  # nothing the reader gave was refused


def test_moving_p_past_the_lead_refuses_the_lead_given():
    at = run(p=80, d=10)
    at.select_slider(key="p").set_value(97.0).run()
    assert "d must be below 6.0 points near 97%" in note_for(at, "d")
    assert headlines(at)[0].startswith("A 5.9-point lead near 97%")


@pytest.mark.parametrize(
    ("query", "used", "bounds"),
    [({"p": 80, "d": 4, "discordance": 60}, 0.4, "from 4% to 40%"),
     ({"p": 80, "d": 10, "discordance": 5}, 0.1, "from 10% to 40%")],
)  # fmt: skip
def test_a_discordance_the_scores_cannot_have_is_refused(query, used, bounds):
    at = run(**query)
    note = note_for(at, "discordance")
    assert f"discordance must be {bounds}: two models scoring" in note
    assert f"Using {100 * used:g} instead" in note
    lead = query["d"] / 100
    assert metrics(at)["Paired, same questions"] == f"{questions_needed_paired(lead, used):,}"
    assert_page_whole(at, 2)


def test_all_variances_zero():
    at = run(omega2=0, sigma2_a=0, sigma2_b=0, n=198)
    note = note_for(at, "omega2")
    assert "nothing to plan" in note and "Using 0.111111 instead" in note
    assert metrics(at)["K = 1"] == metrics(at)["K → ∞: the floor"] == "6.6 points"
    assert_page_whole(at)


def test_questions_that_do_not_differ_set_no_floor():
    # ω² = 0 with answer noise left: K → ∞ drives the lead to 0 (found by the page fuzz test).
    at = run(omega2=0, n=1_000_000)
    assert metrics(at)["K → ∞: the floor"] == "0.0 points"
    assert "they set no floor" in all_text(at)
    assert_page_whole(at)


def test_everything_bad_at_once():
    at = run(d=0, p=0, alpha=2, power=1.5, discordance=0, repeats=-2)
    for key in ("d", "p", "alpha", "power", "discordance", "repeats"):
        note_for(at, key)
    assert_page_whole(at, 2)
