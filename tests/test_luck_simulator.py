"""The Luck simulator page, driven by AppTest (no browser).

Independent references: the simulated shares are recomputed here from plain
``numpy`` binomial draws with the same seed, the exact chances from R (the
command is in a comment) or from benchstats functions the page does not call.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import app_test
from test_thumb import release, stop_of, thumb_data

from benchstats import words
from benchstats.difficulty import discordance_share, question_chances
from benchstats.luck import prob_gap_at_least
from ui.registry import page

PAGE = "app_pages/luck-simulator.py"


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def datasets(at) -> dict[str, pd.DataFrame]:
    """Every data set the chart ships to the browser, decoded from Arrow, by name."""
    (chart,) = at.get("vega_lite_chart")
    return {
        d.name: pa.ipc.open_stream(d.data.data).read_all().to_pandas() for d in chart.proto.datasets
    }


def bins(at) -> pd.DataFrame:
    return datasets(at)["bins"]


def stop(at) -> pd.Series:
    """The chart's row for the stop the n thumb is on (axes, band, rules, the figure printed)."""
    stops = datasets(at)["stops"]
    return stops[stops["at"] == thumb_data(at, "n")["at"]].iloc[0]


def runs_in_chart(at) -> int:
    b = bins(at)
    return int(b["runs_closer"].sum() + b["runs_beyond"].sum())


def reference_share(p: float, n: int, runs: int, seed: int, lead_q: int) -> float:
    """The simulation by hand: run r draws A then B, binomially, from default_rng(seed)."""
    ab = np.random.default_rng(seed).binomial(n, p, size=(runs, 2))
    return float(np.mean(np.abs(ab[:, 0] - ab[:, 1]) >= lead_q))


def link(at) -> dict[str, str]:
    """The address bar's keys after the run (the last value of a repeated key)."""
    return {k: v if isinstance(v, str) else v[-1] for k, v in at.query_params.items()}


def text(at) -> str:
    shown = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    return shown.replace("\\", "")  # the card's headline is escaped Markdown


def guess(at, value: float, key: str = "luck"):
    """Type a guess into Predict first and press Reveal."""
    at.number_input(key=f"_predict_guess_{key}").set_value(value).run()
    at.button(key=f"_predict_reveal_{key}").click().run()
    return at


# --------------------------------------------------------------------------- the article's example


# x<-0:100; P<-outer(dbinom(x,100,.8),dbinom(x,100,.8)); D<-outer(x,x,"-")
# sum(P[abs(D)>=4]); sum(P[D>=4]); sum(P[D==0])   # 0.5355091811 0.2677545905 0.0705357939
def test_the_articles_example():
    at = run(p=80, n=100, d=4)
    m = metrics(at)
    assert m["Exact chance"] == "53.55%"
    assert m["SE of the gap"] == "5.66 pts"
    assert m["95% of runs within"] == "±11.0 pts"
    assert "53.55% of runs on 100 questions" in text(at)
    (arithmetic,) = at.expander  # reference material: drawn, closed
    for figure in ("26.78%", "7.05%", "5.66 points", "1.96 × 5.66 = 11.1"):
        assert figure in arithmetic.markdown[0].value
    assert not at.warning and not at.error


def test_default_state_is_the_articles_example():
    m = metrics(run())
    assert m["Exact chance"] == "53.55%"
    assert m["SE of the gap"] == "5.66 pts"


def test_seed_reproduces_the_same_runs():
    a, b = run(seed=7, runs=1000), run(seed=7, runs=1000)
    share = reference_share(0.8, 100, 1000, 7, 4)
    assert metrics(a)["Simulated, 1,000 runs"] == words.percent(share)
    assert metrics(b)["Simulated, 1,000 runs"] == metrics(a)["Simulated, 1,000 runs"]
    pd.testing.assert_frame_equal(bins(a), bins(b))
    other = run(seed=8, runs=1000)
    assert not bins(other)[["runs_closer", "runs_beyond"]].equals(
        bins(a)[["runs_closer", "runs_beyond"]]
    )


# --------------------------------------------------------------------------- build it up


def test_buttons_write_the_runs_into_the_link():
    at = run(seed=3)
    exact_before = bins(at)["exact_pct"].to_numpy()
    at.button(key="add-1000").click().run()
    assert link(at)["runs"] == "2000" and link(at)["seed"] == "3"
    assert at.select_slider(key="runs").value == 2000
    assert runs_in_chart(at) == 2000
    share = reference_share(0.8, 100, 2000, 3, 4)
    assert metrics(at)["Simulated, 2,000 runs"] == words.percent(share)
    # the runs added by the button are the runs a link with runs=2000 draws
    pd.testing.assert_frame_equal(bins(at), bins(run(seed=3, runs=2000)))
    at.button(key="add-1").click().run()
    at.button(key="add-100").click().run()
    assert link(at)["runs"] == "2101"
    assert at.select_slider(key="runs").value == 2101
    assert runs_in_chart(at) == 2101
    np.testing.assert_allclose(bins(at)["exact_pct"].to_numpy(), exact_before)  # the line stays
    assert metrics(at)["Exact chance"] == "53.55%"
    at.button(key="reset").click().run()
    assert link(at)["runs"] == "0"
    assert metrics(at)["Simulated, 0 runs"] == "no runs yet"
    assert runs_in_chart(at) == 0
    assert at.get("vega_lite_chart")  # the exact line is still drawn
    at.button(key="add-1").click().run()
    assert runs_in_chart(at) == 1
    assert any(m.value.startswith("Run 1: model A got") for m in at.markdown)


def test_the_last_button_is_off_at_the_most_runs():
    at = run(runs=999_999)
    assert not at.button(key="add-1").disabled and at.button(key="add-100").disabled


def test_a_changed_setting_restarts_cleanly():
    at = run(seed=5)
    at.button(key="add-1000").click().run()
    at.slider(key="p").set_value(70.0).run()
    assert link(at)["p"] == "70"
    assert runs_in_chart(at) == 2000
    share = reference_share(0.7, 100, 2000, 5, 4)
    assert metrics(at)["Simulated, 2,000 runs"] == words.percent(share)
    assert metrics(at)["Exact chance"] == f"{prob_gap_at_least(0.7, 100, 0.04) * 100:.2f}%"


def test_changing_the_lead_keeps_the_runs():
    at = run(seed=5)
    before = bins(at)[["runs_closer", "runs_beyond"]].sum(axis=1)
    at.slider(key="d").set_value(8.0).run()
    after = bins(at)[["runs_closer", "runs_beyond"]].sum(axis=1)
    pd.testing.assert_series_equal(before, after)
    assert metrics(at)["Exact chance"] == f"{prob_gap_at_least(0.8, 100, 0.08) * 100:.2f}%"


def test_hundred_thousand_runs_on_ten_thousand_questions_ship_as_bins():
    start = time.perf_counter()
    at = run(n=10_000, runs=100_000, d=1)
    elapsed = time.perf_counter() - start
    assert runs_in_chart(at) == 100_000
    assert all(len(df) <= 200 for df in datasets(at).values())  # never 100,000 rows
    share = reference_share(0.8, 10_000, 100_000, 1, 100)
    assert metrics(at)["Simulated, 100,000 runs"] == words.percent(share)
    assert elapsed < 25  # binomial draws; a per-question loop would take minutes


def test_rerun_after_a_lead_change_is_quick():
    """The exact distribution is cached and the runs kept: a rerun does no heavy work."""
    at = run(n=100_000, runs=10_000)
    start = time.perf_counter()
    at.slider(key="d").set_value(1.0).run()
    assert time.perf_counter() - start < 3
    assert not at.exception


def test_chart_spec_holds_still_while_inputs_move():
    """Only the data changes: the browser updates the chart in place (what issue 29 builds on)."""
    at = run(seed=4)
    spec = at.get("vega_lite_chart")[0].proto.spec
    at.button(key="add-1000").click().run()
    assert at.get("vega_lite_chart")[0].proto.spec == spec
    assert runs_in_chart(at) == 2000
    at.slider(key="p").set_value(70.0).run()
    assert at.get("vega_lite_chart")[0].proto.spec == spec
    assert stop(at)[["band_low", "band_high"]].to_dict() == {"band_low": -13.5, "band_high": 13.5}
    at.slider(key="d").set_value(6.0).run()  # a new lead moves a marker, not the spec
    assert at.get("vega_lite_chart")[0].proto.spec == spec
    release(at, "n", stop_of(at, "n", 2000))  # new axes are data too
    assert at.get("vega_lite_chart")[0].proto.spec == spec
    assert link(at)["n"] == "2000" and stop(at)["n"] == 2000


# --------------------------------------------------------------------------- the n thumb


def test_every_stop_of_the_n_thumb_carries_its_exact_chance_and_band():
    at = run(p=80, n=100, d=4)
    stops = datasets(at)["stops"].set_index("n")
    for n in (30, 198, 1000):
        chance = words.chance(prob_gap_at_least(0.8, n, 0.04))
        assert f"≥ 4.0 points apart: {chance}" in stops.loc[n, "said"]
    # what the chart prints at a stop is what the page says once the thumb is released there
    said = stops.loc[14_042, "said"]
    assert f"≥ 4.0 points apart: {metrics(run(p=80, n=14_042, d=4))['Exact chance']}" in said
    assert stops.loc[100, "said"] == (
        "100 questions\n≥ 4.0 points apart: 53.55%\n95% within ±11.0"
    )  # FIGURES.md: 53.55%, and the band of luck ±11 on 100 questions
    # the line at each stop is the exact chance per bar (%): at 1,000 questions the bars hold
    # all but WINDOW_TAIL = 2e-4 of each tail
    family = datasets(at)["family"]
    i = list(stops.index).index(1000)
    assert 100 - 0.04 <= family[f"exact{i}"].sum() <= 100 + 1e-9


def test_the_runs_belong_to_the_links_n_and_show_while_the_thumb_is_there():
    at = run(p=80, n=100, d=4, runs=500, seed=2)
    assert set(bins(at)["at"]) == {thumb_data(at, "n")["at"]}
    # the thumb's own stop is drawn as the server draws it: its axes hold every run
    row = stop(at)
    assert row["x_low"] <= bins(at)["from_pts"].min() and bins(at)["to_pts"].max() <= row["x_high"]


def test_releasing_n_writes_the_link_and_the_sentences_follow():
    at = run(p=80, n=100, d=4, runs=1000, seed=1)
    release(at, "n", stop_of(at, "n", 500))
    assert link(at)["n"] == "500" and link(at)["runs"] == "1000"
    chance = prob_gap_at_least(0.8, 500, 0.04)
    assert metrics(at)["Exact chance"] == f"{chance * 100:.2f}%"
    assert f"apart in {chance * 100:.2f}% of runs on 500 questions" in text(at)
    assert runs_in_chart(at) == 1000  # the runs are drawn again at the new n


def test_an_n_between_the_thumbs_stops_snaps_with_a_note():
    at = run(p=80, n=290, d=4)  # between Minerva Math's 272 and SWE-bench Lite's 300
    (note,) = [w.value for w in at.warning if "`n=290`" in w.value]
    assert note == (
        "The link's `n=290` can't be used: n must be a stop of its slider, here 272 questions "
        "or 300 questions. Using 300 instead."
    )
    assert metrics(at)["Exact chance"] == f"{prob_gap_at_least(0.8, 300, 0.04) * 100:.2f}%"
    assert link(at).get("n", "290") == "290"  # the page does not rewrite the link on its own
    big = run(n=500_000)  # past the thumb's last stop
    assert any("`n=500000`" in w.value and "Using 100,000 instead" in w.value for w in big.warning)


# --------------------------------------------------------------------------- modes


def test_same_questions_mode():
    at = run(mode="same-questions", spread=50, seed=1)
    m = metrics(at)
    assert m["Independent questions"] == "±11.0 pts"
    narrow = float(m["95% of runs within"].strip("±").split()[0])
    assert narrow < 11.0
    # the page draws its questions from the stream [seed, 1]
    chances = question_chances(0.8, 100, 0.5, seed=[1, 1])
    assert m["Questions they disagree on"] == f"{discordance_share(chances) * 100:.1f}%"
    exact = float(m["Exact chance"].rstrip("%"))
    assert exact < 53.55
    assert "difficulty spread 50%" in text(at) and "(80% each)" in text(at)
    assert bins(at)["reference_pct"].notna().all()  # the independent line for comparison
    assert at.slider(key="spread").value == 50


@pytest.mark.parametrize("query", [{"mode": "same-questions"}, {"mode": "best-of-k"}])
def test_simulation_agrees_with_the_exact_chance(query):
    runs = 40_000
    m = metrics(run(runs=runs, seed=12, **query))
    exact = float(m["Exact chance"].rstrip("%")) / 100
    simulated = float(m[f"Simulated, {runs:,} runs"].rstrip("%")) / 100
    se = (exact * (1 - exact) / runs) ** 0.5
    assert abs(simulated - exact) < 5 * se + 0.0005  # + half the last shown digit


def test_same_questions_with_no_spread_is_the_independent_case():
    m = metrics(run(mode="same-questions", spread=0))
    assert m["Exact chance"] == "53.55%"
    assert m["95% of runs within"] == m["Independent questions"] == "±11.0 pts"
    assert m["Questions they disagree on"] == "32.0%"


# x<-0:100; F<-pbinom(x,100,.8); pm<-diff(c(0,F^20)); L<-outer(x,x,"-")
# W<-outer(pm,dbinom(x,100,.8)); sum(W[L>=4]); sum(W*L)/100    # 0.7939161045 0.0715395836
def test_best_of_k_from_a_link_with_variants():
    at = run(variants=20)
    assert at.selectbox(key="mode").value == "best-of-k"
    assert any("Worked out from the link's `variants`" in c.value for c in at.caption)
    m = metrics(at)
    assert m["Exact chance"] == "79.39%"
    assert m["Average lead"] == "+7.2 pts"
    assert m["Median lead"] == "+7.0 pts"
    assert "1.87" in at.expander[0].markdown[0].value
    assert runs_in_chart(at) == 1000
    at.slider(key="p").set_value(70.0).run()  # the link keeps variants: still best of K
    assert at.selectbox(key="mode").value == "best-of-k"


def test_best_of_one_is_the_one_sided_plain_gap():
    m = metrics(run(mode="best-of-k", variants=1))
    assert m["Exact chance"] == "26.78%"  # one particular model ahead by 4+


def test_switching_mode_in_the_menu():
    at = run()
    at.selectbox(key="mode").set_value("same-questions").run()
    assert link(at)["mode"] == "same-questions"
    assert at.slider(key="spread").value == 50
    assert "Independent questions" in metrics(at)
    at.selectbox(key="mode").set_value("best-of-k").run()
    assert at.select_slider(key="variants").value == 20
    assert not at.exception


# --------------------------------------------------------------------------- predict, then reveal


def test_predict_hides_every_answer_until_the_reveal():
    at = run(predict="true")
    assert not at.metric and not at.get("vega_lite_chart") and not at.expander
    assert "53.55" not in text(at)
    assert at.select_slider(key="runs").value == 0  # no runs drawn before a guess
    at.button(key="add-1").click().run()  # the class may still watch runs come in
    assert any(m.value.startswith("Run 1: model A got") for m in at.markdown)
    assert not at.metric  # the share so far would hint at the answer
    guess(at, 30)
    assert metrics(at)["Exact chance"] == "53.55%"
    assert any("Your guess: 30.0%. The answer: 53.6%." in c.value for c in at.success)
    assert metrics(at)["Simulated, 1 run"]
    assert at.get("vega_lite_chart") and at.expander


def test_switching_predict_on_starts_the_runs_at_0():
    at = run()  # no predict: 1,000 runs drawn, the share shown
    assert at.select_slider(key="runs").value == 1000
    at.toggle(key="predict").set_value(True).run()
    assert link(at)["predict"] == "true"
    assert at.select_slider(key="runs").value == 0
    assert not at.metric and not at.get("vega_lite_chart")


def test_a_new_seed_keeps_the_guess_unless_it_draws_the_questions():
    at = guess(run(predict="true"), 30)
    at.number_input(key="seed").set_value(5).run()
    assert metrics(at)["Exact chance"] == "53.55%"  # same question, same answer: still shown
    at = guess(run(predict="true", mode="same-questions"), 30, key="luck-1")
    assert metrics(at)
    at.number_input(key="seed").set_value(5).run()
    assert not at.metric  # new questions, a new answer: guess again


# --------------------------------------------------------------------------- presets and bad links


def test_benchmark_preset_sets_the_questions():
    at = run(bench="gpqa-diamond", n=50)
    assert metrics(at)["Exact chance"] == f"{prob_gap_at_least(0.8, 198, 0.04) * 100:.2f}%"
    assert "on 198 questions (GPQA Diamond)" in text(at)
    data = thumb_data(at, "n")  # the thumb shows the preset's size and cannot move
    assert data["words"][data["at"]] == "198 questions" and data["disabled"]
    assert "From the GPQA Diamond preset." in [c.value for c in at.caption]
    assert any("n=50" in w.value and "198" in w.value for w in at.warning)
    at.selectbox(key="bench").set_value(None).run()  # cleared: its size stays, as the reader's
    assert link(at)["n"] == "198" and "bench" not in link(at)
    data = thumb_data(at, "n")
    assert data["words"][data["at"]] == "198 questions" and not data["disabled"]


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ({"p": "0"}, "p"),
        ({"p": "100"}, "p"),
        ({"n": "0"}, "n"),
        ({"n": "1e12"}, "n"),
        ({"runs": "1000000000"}, "runs"),
        ({"seed": "abc"}, "seed"),
        ({"d": "-4"}, "d"),
        ({"mode": "best-of-k", "variants": "0"}, "variants"),
        ({"mode": "same-questions", "spread": "120"}, "spread"),
        ({"spread": "120"}, "spread"),  # an input this mode does not show: the note still does
        ({"mode": "bogus"}, "mode"),
        ({"bench": "nope"}, "bench"),
    ],
)
def test_a_refused_link_value_gets_the_specs_note_and_the_page_still_draws(query, key):
    at = run(**query)
    note = f"The link's `{key}={query[key]}` can't be used: {key} must be "
    allowed = page("luck").spec(key).allowed()
    assert any(w.value.startswith(note + allowed) for w in at.warning), [
        w.value for w in at.warning
    ]
    assert at.get("vega_lite_chart")
    assert "Exact chance" in metrics(at)
    assert not at.error


def test_a_benchstats_error_is_shown_in_plain_words(monkeypatch):
    import ui.sections.luck

    def refuse(*args, **kwargs):
        raise ValueError("runs must be at most 10, got 1,000")

    monkeypatch.setattr(ui.sections.luck, "add_runs", refuse)
    at = app_test(PAGE).run()
    assert not at.exception
    assert any("can't be worked out: runs must be at most 10" in e.value for e in at.error)
    assert at.selectbox(key="mode")  # the inputs stay, to change what went wrong


# --------------------------------------------------------------------------- the seed and the sliders


def test_the_seed_seeds_the_runs():
    at = run(seed=7, runs=1000)
    assert at.number_input(key="seed").value == 7
    at.number_input(key="seed").set_value(9).run()
    assert link(at)["seed"] == "9"
    share = reference_share(0.8, 100, 1000, 9, 4)
    assert metrics(at)["Simulated, 1,000 runs"] == words.percent(share)
    assert metrics(at)["Exact chance"] == "53.55%"
    assert "default_rng(9)" in at.expander[0].markdown[0].value


def test_a_new_seed_on_the_same_questions_draws_new_questions():
    at = run(mode="same-questions", spread=50, seed=1)
    at.number_input(key="seed").set_value(2).run()
    chances = question_chances(0.8, 100, 0.5, seed=[2, 1])
    assert metrics(at)["Questions they disagree on"] == f"{discordance_share(chances) * 100:.1f}%"


def test_sliders_for_the_explorer_inputs():
    at = run(n=198, runs=2500)
    assert {s.key for s in at.slider} >= {"p", "d"}
    assert {s.key for s in at.select_slider} >= {"runs"}
    assert not [s for s in at.select_slider if s.key == "n"]  # the thumb replaces it
    words = thumb_data(at, "n")["words"]
    assert words[thumb_data(at, "n")["at"]] == "198 questions"  # every preset's size is a stop
    assert {"150 questions", "14,042 questions", "100,000 questions"} <= set(words)
    release(at, "n", stop_of(at, "n", 200))
    assert link(at)["n"] == "200" and link(at)["runs"] == "2500"
    at.button(key="add-1").click().run()
    assert at.select_slider(key="runs").value == 2501
    assert "Simulated, 2,501 runs" in metrics(at)


# --------------------------------------------------------------------------- sentences and scales


def test_count_ladder_is_log_spaced_and_keeps_a_links_count():
    from benchstats.luck import count_ladder

    stops = count_ladder(1, 1_000_000)
    assert stops[:7] == (1, 2, 3, 5, 7, 10, 15) and stops[-1] == 1_000_000
    ratios = np.diff(np.log10(stops[5:]))
    assert ratios.max() < 0.23  # about six stops a decade, none far apart
    assert 198 in count_ladder(1, 1_000_000, keep=(198,))
    assert count_ladder(0, 10) == (0, 1, 2, 3, 5, 7, 10)
    assert 2000 not in count_ladder(1, 1000, keep=(2000,))


def test_sentences_say_one_run_and_an_80_percent_chance():
    from benchstats.prose import luck as prose
    from benchstats.tally import scenario, simulate

    sim = simulate(scenario("independent", 0.8, 100), 0.04, 1, seed=1)
    assert prose.simulated_number(sim)[0] == "Simulated, 1 run"
    assert "with an 80% chance each" in prose.story(sim)
    assert prose.last_run(sim).startswith("Run 1: model A got 80 of 100 right (80%)")
    one = simulate(scenario("independent", 0.8, 1), 0.04, 0)
    assert "on 1 question" in prose.headline(one) and "1 questions" not in prose.headline(one)
    assert prose.last_run(one) is None
    assert prose.simulated_number(one)[1] == "no runs yet"


def test_every_headline_names_its_values():
    from benchstats.prose import luck as prose
    from benchstats.tally import scenario, simulate

    for mode, kw in (("independent", {}), ("same-questions", {"spread": 0.3}), ("best-of-k", {})):
        sim = simulate(scenario(mode, 0.705, 198, k=12, **kw), 0.035, 0)
        for line in (prose.headline(sim, "GPQA Diamond"), prose.question(sim, "GPQA Diamond")):
            for value in ("70.5% each", "3.5 points", "198 questions (GPQA Diamond)"):
                assert value in line, (mode, line)
    assert "spread 30%" in prose.headline(
        simulate(scenario("same-questions", 0.7, 9, spread=0.3), 0, 0)
    )
    assert "best of 12" in prose.headline(simulate(scenario("best-of-k", 0.7, 9, k=12), 0, 0))


def test_best_of_k_story_explains_the_band_and_the_median():
    from benchstats.prose import luck as prose
    from benchstats.tally import scenario, simulate

    sim = simulate(scenario("best-of-k", 0.8, 100, k=20), 0.04, 0)
    story = prose.story(sim)
    assert "grey band holds the middle 95% of best-of-20 leads" in story
    assert "dotted purple line is the median best-of-20 lead, +7.0 points" in story
    assert "variants" in prose.question(sim)
    assert prose.question(simulate(scenario("best-of-k", 0.8, 100, k=1), 0.04, 0)).startswith(
        "A is run with 1 equally good prompt variant (80% each) and"
    )


def test_a_downloaded_chart_carries_its_claim_and_link():
    from benchstats.prose import luck as prose
    from benchstats.tally import scenario, simulate
    from ui.figure import caption
    from ui.sections.luck import link_keys
    from ui.settings import Origin, Settings, Value

    sim = simulate(scenario("best-of-k", 0.805, 198, k=20), 0.045, 2500, seed=7)
    given = {"p": 80.5, "n": 198, "d": 4.5, "bench": "gpqa-diamond", "mode": "best-of-k"}
    given |= {"variants": 20, "runs": 2500, "seed": 7, "spread": 50.0}
    s = Settings("luck", tuple((k, Value(v, Origin.GIVEN)) for k, v in given.items()))
    carried = caption(s, "title", "verdict", link_keys(s, sim))
    assert dict(carried.inputs) == {
        "mode": "best-of-k",
        "p": "80.5",
        "n": "198",
        "d": "4.5",
        "runs": "2500",
        "seed": "7",
        "variants": "20",
        "bench": "gpqa-diamond",
    }
    assert carried.source.endswith(
        "luck-simulator?mode=best-of-k&p=80.5&n=198&d=4.5&runs=2500&seed=7&variants=20"
        "&bench=gpqa-diamond"
    )
    title = prose.caption_title(sim, "GPQA Diamond")
    assert title == (
        "Best of 20 variants against one run (80.5% each) on 198 questions (GPQA Diamond): "
        "2,500 simulated runs"
    )
    assert "%" not in prose.alt_text(sim).split("each")[1]  # no result in a grey caption
