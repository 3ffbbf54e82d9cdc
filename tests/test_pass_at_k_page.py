"""The pass@k page through AppTest: deep links, answers, bad input, uploads."""

from __future__ import annotations

import json
import re

import numpy as np
import pyarrow as pa
import pytest
from conftest import app_test, as_read
from test_thumb import release, stop_of, thumb_data

from benchstats.charts.passk import ESTIMATE, SHORTCUT
from benchstats.passk import maj_at_k, pass_at_k
from benchstats.passk_mix import (
    bootstrap_mix_pass_at_k,
    get_mix,
    k_grid,
    mix_pass_at_k,
    problems,
)
from benchstats.prose.passk import chance
from ui.registry import page

PAGE = "app_pages/pass-at-k.py"


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def texts(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += (
        [w.value for w in at.warning] + [e.value for e in at.error] + [i.value for i in at.info]
    )
    parts += [f"{m.label} {m.value}" for m in at.metric]
    return "\n".join(parts)


def plain(text: str) -> str:
    """Markdown escapes removed (the verdict card escapes ':' and '>')."""
    return re.sub(r"\\(.)", r"\1", text)


def headlines(at) -> list[str]:
    """The verdict cards' sentences: one problem first, then the mix."""
    return [
        re.sub(r"^#### :\w+\[:material/\w+:\] ", "", plain(m.value))
        for m in at.markdown
        if m.value.startswith("####")
    ]


def charts(at) -> list:
    return at.get("vega_lite_chart")


def chart_data(chart) -> list:
    """The data sets of a chart as pandas frames (Arrow IPC streams)."""
    return [pa.ipc.open_stream(d.data.data).read_pandas() for d in chart.proto.datasets]


def assert_page_drew(at) -> None:
    """Six charts, none folded: one problem's pass@k against k and its draws, the
    benchmark and its problems, avg@k and maj@k; the column rule's table."""
    assert len(charts(at)) == 6
    assert not at.expander and not at.tabs
    text = texts(at).lower()
    assert "nan" not in re.findall(r"\bnan\b", text)
    assert not re.search(r"\binf\b|traceback", text)
    assert len(at.table) == 1  # the column rule, always


# --------------------------------------------------------------------------- the deep link


@pytest.fixture(scope="module")
def article():
    return run(samples=20, passed=3, k=5)


def test_article_numbers(article):
    m = metrics(article)
    # FIGURES.md: pass@1 = 0.15, pass@5 = 0.6009, the shortcut 1 − 0.85⁵ = 0.556
    # (as chances through benchstats.words since the one vocabulary, issue 12)
    assert m["pass@1"] == "15%"
    assert m["pass@5 (unbiased)"] == "60.09%"
    assert m["Shortcut 1 − (1 − p)^k"] == "55.63%"
    assert m["Ways to pick k of n"] == "15,504"  # R: choose(20, 5)
    headline = headlines(article)[0]
    assert (
        "pass@5 = 60.09%: the share of the 15,504 ways to pick 5 samples of these 20 "
        "that hold a pass" in headline
    )
    assert "The shortcut says 55.63%, 4.5 points too low." in headline
    assert_page_drew(article)


def test_article_arithmetic_names_the_counts(article):
    at = article
    text = texts(at)
    assert "C(20, 5) = 15,504 ways" in text and "C(17, 5) = 6,188 ways" in text
    assert r"\frac{\binom{17}{5}}{\binom{20}{5}} = 60.09\%" in at.latex[0].value
    assert "the variance of avg@k is" in text  # avg@k and maj@k's arithmetic
    assert "drawn from these problems with replacement (seed 1)" in text  # the benchmark's


def dot_at_k(at) -> dict:
    """The row of the first chart's stops the thumb sits on: the two dots and the figure."""
    _, stops = chart_data(charts(at)[0])
    (row,) = stops[stops["at"] == thumb_data(at, "k")["at"]].to_dict("records")
    return row


def test_the_first_chart_is_pass_at_k_against_k(article):
    curve, stops = chart_data(charts(article)[0])
    dot = dot_at_k(article)
    assert dot["k"] == 5 and round(dot[ESTIMATE], 4) == 0.6009 and round(dot[SHORTCUT], 3) == 0.556
    assert dot["said"] == "pass@5 = 60.09% · shortcut 55.63%"
    assert curve["k"].max() == 20 and stops["k"].tolist() == list(range(1, 21))


def test_every_k_the_thumb_can_reach_has_its_exact_numbers_on_the_chart(article):
    _, stops = chart_data(charts(article)[0])
    k = stops["k"].to_numpy()
    assert np.allclose(stops[ESTIMATE], pass_at_k(20, 3, k), rtol=0, atol=1e-15)
    last = stops.iloc[-1]
    assert last["said"] == "pass@20 = 100% · shortcut 96.12%"  # 1 − 0.85^20, R: 1 - 0.85^20


def test_the_k_thumb_replaces_the_slider_and_names_its_stops_in_words(article):
    assert not [w for w in article.slider if w.key == "k"]
    data = thumb_data(article, "k")
    assert data["words"][:2] == ["1 try", "2 tries"] and data["words"][data["at"]] == "5 tries"


def test_releasing_k_writes_the_link_and_the_sentences_follow():
    at = run(samples=20, passed=3, k=5)
    release(at, "k", stop_of(at, "k", 9))
    assert at.query_params["k"] == "9" and at.query_params["passed"] == "3"
    assert "pass@9 (unbiased)" in metrics(at)
    assert headlines(at)[0].startswith("pass@9 = ")
    assert dot_at_k(at)["k"] == 9


def test_a_k_between_the_thumbs_stops_snaps_with_a_note():
    at = run(samples=1000, passed=30, k=537)
    (note,) = [w.value for w in at.warning if "`k=537`" in w.value]
    assert note == (
        "The link's `k=537` can't be used: k must be a stop of its slider, here 535 tries or "
        "554 tries. Using 535 instead."
    )
    assert "pass@535 (unbiased)" in metrics(at) and dot_at_k(at)["k"] == 535


def test_draws_chart_carries_the_exact_counts(article):
    (df,) = chart_data(charts(article)[1])
    assert df["draws"].tolist() == ["6,188", "7,140", "2,040", "136"]


def test_mix_chart_data_are_the_exact_averages(article):
    # default: the long tail, seed 1
    p = get_mix("long-tail").problems
    ks = k_grid(p.max_k)
    curve = mix_pass_at_k(p, ks)
    band = bootstrap_mix_pass_at_k(p, ks, seed=1)
    frames = chart_data(charts(article)[2])  # after one problem's two
    wide = next(f for f in frames if "low" in f and ESTIMATE in f)
    np.testing.assert_allclose(wide[ESTIMATE], curve.estimate, rtol=1e-12)
    np.testing.assert_allclose(wide["low"], band.low, rtol=1e-12)
    m = metrics(article)
    assert m["pass@1 (both)"] == "30%" and m["pass@50"] == "85.00%"


def test_column_rule_table(article):
    df = article.table[0].value
    assert [as_read(m) for m in df["Metric"]] == ["pass@1", "pass@k (k > 1)", "avg@k", "maj@k"]
    assert all("temperature" in v for v in df["Print with it"])


def test_default_maj_is_the_trap():
    text = texts(run())
    assert "so more votes make it worse" in text
    assert f"with 60 samples maj@k is {chance(maj_at_k(0.3, 0.4, 60))}" in text


def test_preset_buttons_fill_the_chances():
    at = run(p_correct=30, p_distractor=40)
    labels = {b.key: b.label for b in at.button}
    # Short: a narrow column cut the old label ("The trap: a strong wrong answer").
    assert labels["preset_trap"] == "A strong wrong answer"
    assert labels["preset_favourite"] == "A clear favourite"
    at.button(key="preset_favourite").click().run()
    values = {n.key: n.value for n in at.slider}
    assert (values["p_correct"], values["p_distractor"]) == (40.0, 20.0)
    assert "so more votes help" in texts(at)
    at.button(key="preset_trap").click().run()
    values = {n.key: n.value for n in at.slider}
    assert (values["p_correct"], values["p_distractor"]) == (30.0, 40.0)
    assert "so more votes make it worse" in texts(at)


# --------------------------------------------------------------------------- edges


@pytest.mark.parametrize(("n", "c", "k"), [(20, 16, 5), (20, 20, 5), (20, 17, 5), (5, 5, 5)])
def test_enough_passes_give_exactly_one(n, c, k):
    # c ≥ n − k + 1: fewer failures than tries
    at = run(samples=n, passed=c, k=k)
    assert metrics(at)[f"pass@{k} (unbiased)"] == "100%"
    assert f"pass@{k} is exactly 1" in headlines(at)[0]
    assert_page_drew(at)


def test_one_below_the_edge_is_not_one():
    at = run(samples=20, passed=15, k=5)  # c = n − k: one pick of 5 failures exists
    assert metrics(at)["pass@5 (unbiased)"] == "99.99%"  # 1 − 1/15,504, not 100%
    assert "exactly" not in headlines(at)[0]


def test_two_hundred_choose_one_hundred():
    at = run(samples=200, passed=100, k=100)
    m = metrics(at)
    assert m["Ways to pick k of n"] == "9.05 × 10⁵⁸"  # R: choose(200, 100) = 9.054851466e+58
    assert m["pass@100 (unbiased)"] == "more than 99.99%"  # 1 − 1/C(200, 100): not exactly 1
    headline = headlines(at)[0]
    assert "just below 1" in headline and "only 1 of the 9.05 × 10⁵⁸ ways" in headline
    assert_page_drew(at)


def test_nothing_passed():
    at = run(samples=20, passed=0, k=5)
    assert metrics(at)["pass@5 (unbiased)"] == "0%"
    assert "pass@5 is 0" in headlines(at)[0]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("query", "key", "used"),
    [
        ({"samples": 0, "passed": 3, "k": 5}, "samples", ("15%", "pass@5", "60.09%")),
        ({"samples": "banana", "passed": 3, "k": 5}, "samples", ("15%", "pass@5", "60.09%")),
        ({"samples": 20, "passed": 3, "k": 0}, "k", ("15%", "pass@5", "60.09%")),
        ({"samples": 20, "passed": -1, "k": 5}, "passed", ("15%", "pass@5", "60.09%")),
    ],
)
def test_a_value_outside_its_spec_is_named_and_defaulted(query, key, used):
    at = run(**query)
    spec = page("passk").spec(key)
    (note,) = [w.value for w in at.warning if f"`{key}=" in w.value]
    assert note == (
        f"The link's `{key}={query[key]}` can't be used: {key} must be {spec.allowed()}. "
        f"Using {spec.default} instead."
    )
    m = metrics(at)
    assert (m["pass@1"], used[1], m[f"{used[1]} (unbiased)"]) == used
    assert_page_drew(at)


@pytest.mark.parametrize(
    ("query", "key", "note", "shown"),
    [
        ({"samples": 20, "passed": 25, "k": 5}, "passed",
         "passed must be at most samples = 20: no more samples pass than were drawn. "
         "Using 20 instead.", {"pass@1": "100%", "pass@5 (unbiased)": "100%"}),
        ({"samples": 20, "passed": 3, "k": 30}, "k",
         "k must be at most samples = 20: the tries are drawn from the samples. Using 20 "
         "instead.", {"pass@1": "15%", "pass@20 (unbiased)": "100%"}),
    ],
)  # fmt: skip
def test_a_count_above_the_samples_is_refused_with_a_note(query, key, note, shown):
    at = run(**query)
    (said,) = [w.value for w in at.warning if f"`{key}=" in w.value]
    assert said == f"The link's `{key}={query[key]}` can't be used: {note}"
    assert shown.items() <= metrics(at).items()
    assert_page_drew(at)


def test_fewer_samples_refuse_the_k_the_link_gave():
    at = run(samples=20, k=15)
    at.select_slider(key="samples").set_value(10).run()
    assert at.query_params["samples"] == "10"
    (note,) = [w.value for w in at.warning if "`k=15`" in w.value]
    assert "k must be at most samples = 10" in note and "Using 10 instead" in note
    assert "pass@10 (unbiased)" in metrics(at)
    at.select_slider(key="samples").set_value(2).run()  # the page's own c = 3 moves, said so
    assert "Worked out from the 2 samples drawn." in [c.value for c in at.caption]
    assert metrics(at)["pass@1"] == "100%"


def test_chances_past_one_are_named_and_refused():
    at = run(p_correct=70, p_distractor=50)
    (note,) = [w.value for w in at.warning if "`p_distractor=" in w.value]
    assert note == (
        "The link's `p_distractor=50` can't be used: p_distractor must be at most "
        "100 − p_correct = 30 (percent): they are the chances of two different answers. "
        "Using 30 instead."
    )
    assert f"with 60 samples maj@k is {chance(maj_at_k(0.7, 0.3, 60))}" in texts(at)
    assert_page_drew(at)


def test_unknown_mix_is_named():
    at = run(mix="hardest")
    assert any("`mix=hardest`" in w.value for w in at.warning)
    assert headlines(at)[1].startswith("Long tail: at k = 50")
    assert_page_drew(at)


# --------------------------------------------------------------------------- mixes and uploads


@pytest.mark.parametrize(
    ("mix", "estimate"),
    [("easy-and-impossible", 0.3), ("all-medium", 1.0), ("long-tail", 0.85)],
)
def test_presets(mix, estimate):
    at = run(mix=mix)
    curve = mix_pass_at_k(get_mix(mix).problems, [1, 50])
    m = metrics(at)
    assert m["pass@1 (both)"] == "30%"
    assert m["pass@50"] == chance(estimate, exact=mix == "all-medium")
    # at k = n = 50 a problem counts fully once any sample passed: the share of
    # problems with c ≥ 1 (all of all-medium, 85 of the long tail, 30 of easy/impossible)
    assert curve.estimate[1] == estimate == np.mean(get_mix(mix).c > np.zeros(100))
    assert curve.shortcut[1] > 0.9995
    assert "the shortcut says more than 99.99%" in headlines(at)[1]


def test_seed_reproduces_and_changes_the_band():
    def band(at) -> str:
        return metrics(at)["95% band at k = 50"]

    def expected(seed: int) -> str:
        b = bootstrap_mix_pass_at_k(get_mix("long-tail").problems, k_grid(50), seed=seed)
        return f"{chance(b.low[-1])} to {chance(b.high[-1])}"

    at = run(seed=6)
    assert band(at) == expected(6) != expected(7)
    at.number_input(key="seed").set_value(7).run()
    assert band(at) == expected(7)
    at.number_input(key="seed").set_value(6).run()
    assert band(at) == expected(6)


@pytest.fixture(scope="module")
def uploader():
    return run(mix="upload")


def upload(at, data: bytes, name: str = "mine.csv"):
    at.file_uploader(key="mix_csv").set_value((name, data, "text/csv")).run()
    assert not at.exception
    return at


def test_upload_uses_the_file(uploader):
    rows = "n,c\n" + "".join(f"{n},{c}\n" for n, c in [(10, 0), (10, 10), (12, 3), (10, 5)])
    at = upload(uploader, rows.encode())
    m = metrics(at)
    assert m["Problems"] == "4"
    curve = mix_pass_at_k(problems([10, 10, 12, 10], [0, 10, 3, 5]), 10)
    assert m["pass@10"] == chance(curve.estimate[0])
    assert headlines(at)[1].startswith("mine.csv: at k = 10")
    assert_page_drew(at)


@pytest.mark.parametrize(
    ("data", "named"),
    [
        (b"n,c\n20,3\n20,25\n", "line 3: c = 25 passed is more than n = 20 samples"),
        (b"n,c\n20,three\n", "line 2: c = 'three' is not a whole number"),
        (b"question,score\n1,0\n", "needs a header row with a column n"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8 text"),
    ],
)
def test_bad_upload_is_named_and_the_page_still_draws(uploader, data, named):
    at = upload(uploader, data)
    errors = " ".join(e.value for e in at.error)
    assert named in errors and "Showing the Long tail preset" in errors
    assert metrics(at)["Problems"] == "100"
    assert_page_drew(at)


def test_upload_without_a_file_shows_the_preset():
    at = run(mix="upload")
    assert any("No file yet" in i.value for i in at.info)
    assert "Example file" in [b.label for b in at.get("download_button")]
    assert metrics(at)["Problems"] == "100"
    assert_page_drew(at)


def test_never_correct_and_file_names_are_plain_text(uploader):
    at = run(p_correct=0, p_distractor=0)
    assert "No sample is ever correct" in texts(at)
    at = upload(uploader, b"n,c\n10,3\n10,4\n", name="**bold** [x](http://e.com).csv")
    avg_text = next(m.value for m in at.markdown if "avg@k averages" in m.value)
    assert r"\*\*bold\*\* [x]\(http\:" in avg_text  # escaped, not rendered (outside_text)


def test_one_sample_reads_in_the_singular():
    # Issue 18 #10: "Of the 1 ways" is gone; counts and nouns agree.
    text = texts(run(samples=1, passed=1, k=1))
    assert "Of the 1 way to pick 1 sample" in text
    assert not re.search(r"\b1 (ways|samples|tries)\b", text)


# --------------------------------------------------------------------------- the seed and the link


def test_the_problems_chart_does_not_read_the_seed():
    def rates(at):
        return [f.to_dict() for f in chart_data(charts(at)[3])]

    at = run(seed=6)
    before = rates(at)
    at.number_input(key="seed").set_value(7).run()
    assert rates(at) == before and at.query_params["seed"] == "7"
    assert any("100 problems: 15 never passed" in m.value for m in at.markdown)


def test_the_first_charts_spec_stays_while_n_c_and_k_move():
    at = run(samples=20, passed=3, k=5)
    spec = charts(at)[0].proto.spec
    release(at, "k", stop_of(at, "k", 9))
    at.slider(key="passed").set_value(7).run()
    at.select_slider(key="samples").set_value(50).run()
    assert charts(at)[0].proto.spec == spec  # only the rows change
    curve, _ = chart_data(charts(at)[0])
    assert dot_at_k(at)["k"] == 9 and curve["k"].max() == 50


def test_a_linked_chance_is_kept():
    at = run(p_correct=40, p_distractor=20)
    assert "so more votes help" in texts(at)
    assert {n.key: n.value for n in at.slider}["p_correct"] == 40.0
    release(at, "k", stop_of(at, "k", 6))  # another input: the link keeps both chances
    linked = {key: float(at.query_params[key]) for key in ("p_correct", "p_distractor", "k")}
    assert linked == {"p_correct": 40.0, "p_distractor": 20.0, "k": 6.0}


def test_the_shortcut_is_written_one_way_in_the_card_and_the_legend(article):
    """The card's tile and the chart's legend name the shortcut alike, p defined in the help."""
    tile = next(m for m in article.metric if m.label.startswith("Shortcut"))
    spec = json.loads(article.get("vega_lite_chart")[0].proto.spec)
    assert tile.label == SHORTCUT and SHORTCUT in json.dumps(spec, ensure_ascii=False)
    assert "c/n" not in tile.label and "p = c/n = 15%" in tile.help
