"""The paired verdict across every discordance two scores allow (issue 16, part 2)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchstats import paired_gap, unpaired_gap
from benchstats.discordance import (
    DiscordanceBand,
    discordance_band,
    discordance_counts,
    discordance_range,
    nearest_disagreements,
)
from benchstats.prose.discordance import discordance_sentence, point_sentence

# (k_a, k_b, n, D, a_only, b_only, mid_p, asymptotic_p), produced by
# `Rscript tests/references/discordance.R` (R 4.2.2), with m = min(a_only, b_only):
#   mid-p:      min(1, 2 * pbinom(m - 1, D, 0.5) + dbinom(m, D, 0.5))
#   asymptotic: mcnemar.test(matrix(c(n - D, b_only, a_only, 0), 2), correct = FALSE)$p.value
R_ROWS = [
    (125, 113, 198, 12, 12, 0, 0.00024414062500000016, 0.00053200550513924966),
    (125, 113, 198, 28, 20, 8, 0.024119544774293872, 0.023342202012890875),
    (125, 113, 198, 36, 24, 12, 0.047031027439516149, 0.045500263896358473),
    (125, 113, 198, 38, 25, 13, 0.053251914097927629, 0.05157586362087721),
    (125, 113, 198, 100, 56, 44, 0.23230046428473874, 0.23013934044341661),
    (125, 113, 198, 158, 85, 73, 0.34129449183050087, 0.33974524243837284),
    (367, 349, 448, 18, 18, 0, 3.8146972656250008e-06, 2.2090496998585445e-05),
    (367, 349, 448, 60, 39, 21, 0.020414713799634943, 0.020136751550346353),
    (367, 349, 448, 180, 99, 81, 0.18076160320203466, 0.17971249487899982),
    (34, 30, 40, 4, 4, 0, 0.0625, 0.045500263896358473),
    (34, 30, 40, 10, 7, 3, 0.22656250000000008, 0.20590321073206835),
    (820, 780, 1000, 100, 70, 30, 5.533070587580155e-05, 6.3342483666239808e-05),
    (820, 780, 1000, 380, 210, 170, 0.040296095956673779, 0.040173870288512097),
]  # fmt: skip

# The articles' example: 6.1-point lead on GPQA Diamond's 198 questions, split 20 to 8.
A, B, N = 125 / 198, 113 / 198, 198


@pytest.mark.parametrize("k_a, k_b, n, d, a_only, b_only, mid_p, asym_p", R_ROWS)
def test_against_r(k_a, k_b, n, d, a_only, b_only, mid_p, asym_p):
    band = discordance_band(k_a / n, k_b / n, n, d / n)
    assert (band.a_only, band.b_only) == (a_only, b_only)
    assert band.discordance == pytest.approx(d / n, abs=1e-15)
    assert band.p_value == pytest.approx(mid_p, rel=1e-10, abs=1e-15)
    assert band.p_asymptotic == pytest.approx(asym_p, rel=1e-10, abs=1e-15)


def test_articles_paired_figure_at_28_of_198():
    band = discordance_band(A, B, N, 28 / 198)
    assert (band.a_only, band.b_only, band.n) == (20, 8, 198)
    assert round(band.lead * 100, 1) == 6.1
    assert round(band.z, 2) == 2.27
    assert round(band.p_asymptotic, 3) == 0.023
    assert round(band.p_value, 3) == 0.024
    assert band.clears


def test_unpaired_verdict_at_the_upper_end():
    # The same scores on separate questions: inside the noise, and so is the paired test
    # when the two models disagree as often as they can.
    band = discordance_band(A, B, N)
    assert band.d_max == pytest.approx(2 - (125 + 113) / 198)
    assert not band.unpaired.clears
    assert band.unpaired == unpaired_gap(A, B, N)
    assert band.discordance[-1] == band.d_max
    assert not band.clears[-1]
    assert band.p_value[-1] > band.unpaired.p_value


def test_threshold_and_sentence_for_the_articles_example():
    band = discordance_band(A, B, N)
    assert band.threshold == pytest.approx(38 / 198)  # 37 cannot happen: D has L's parity
    # R's mid-p crosses 5% at the same place: 0.047 at D = 36, 0.053 at D = 38 (R_ROWS).
    assert discordance_band(A, B, N, 36 / 198).clears
    assert not discordance_band(A, B, N, 38 / 198).clears
    assert discordance_sentence(band) == (
        "On the same questions this lead would clear the noise only if the models disagree "
        "on fewer than 19.1% of them; on separate questions it does not."
    )


def test_rounding_rule_keeps_the_lead_and_rounds_discordance_to_its_parity():
    # L = 12: D must be even. 29/198 sits between 28 and 30: ties go up.
    assert discordance_counts(A, B, N, 29 / 198) == (21, 9)
    assert discordance_counts(A, B, N, 28.9 / 198) == (20, 8)
    # Below the least and above the most: clipped to the feasible range.
    assert discordance_counts(A, B, N, 0.0) == (12, 0)
    assert discordance_counts(A, B, N, 1.0) == (85, 73)
    # Scores between whole counts: 87.3% and 85.1% of 198 are 172.85 and 168.50 → 173, 168 (L = 5):
    assert discordance_counts(0.873, 0.851, 198, 0.1) == (12, 7)  # D = 19.8 → 19 (odd)


def test_range():
    assert discordance_range(0.6, 0.5, 100) == (0.1, 0.9)
    assert discordance_range(0.9, 0.8, 100) == pytest.approx((0.1, 0.3))
    assert discordance_range(1.0, 0.0, 10) == (1.0, 1.0)


def test_independent_discordance_equates_paired_and_unpaired_se():
    band = discordance_band(0.6, 0.5, 100)
    d = band.independent_discordance
    assert d == pytest.approx(0.5)  # 0.6·0.5 + 0.5·0.4
    paired_var = d - band.lead**2
    assert paired_var == pytest.approx(0.6 * 0.4 + 0.5 * 0.5)
    wald = paired_gap(30, 20, 100, method="wald")  # D = 50 = d·n
    assert wald.se == pytest.approx(unpaired_gap(0.6, 0.5, 100).se)


def test_sentences_for_every_case():
    # Clears at every discordance: a big lead.
    big = discordance_band(0.9, 0.6, 500)
    assert big.threshold is None and big.unpaired.clears
    assert discordance_sentence(big) == (
        "On the same questions this lead clears the noise however often the models "
        "disagree; on separate questions it does."
    )
    # Clears at none: 1 question's lead on 40.
    tiny = discordance_band(21 / 40, 20 / 40, 40)
    assert tiny.threshold == tiny.d_min
    assert discordance_sentence(tiny).startswith("Even on the same questions")
    assert discordance_sentence(tiny).endswith("it does not either.")
    tie = discordance_band(0.5, 0.5, 100)
    assert tie.threshold == 0.0
    assert "level" in discordance_sentence(tie)
    # Clears on separate questions too, but not at the largest discordance.
    both = discordance_band(0.55, 0.45, 300)
    assert both.unpaired.clears and both.threshold is not None
    assert discordance_sentence(both).endswith("on separate questions it does.")


def test_default_grid_spans_the_range():
    band = discordance_band(0.6, 0.5, 100, points=5)
    assert band.discordance.tolist() == pytest.approx([0.1, 0.3, 0.5, 0.7, 0.9])
    assert band.discordance[0] == band.d_min and band.discordance[-1] == band.d_max
    # Few feasible counts: each once, none repeated.
    exact = discordance_band(A, B, N)
    assert (exact.a_only + exact.b_only).tolist() == list(range(12, 159, 2))
    assert discordance_band(1.0, 0.0, 10).discordance.tolist() == [1.0]


def test_scalar_in_scalar_out():
    band = discordance_band(A, B, N, 0.2)
    for name in ("discordance", "low", "high", "z", "p_value", "p_asymptotic"):
        assert isinstance(getattr(band, name), float), name
    assert isinstance(band.a_only, int) and isinstance(band.clears, bool)
    assert "1 discordance" in repr(band)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"a": 82, "b": 0.78, "n": 100}, ValueError, "proportions, not percent"),
        ({"a": 0.82, "b": 0.78, "n": 0}, ValueError, "n must be a whole number of questions ≥ 1"),
        ({"a": 0.82, "b": 0.78, "n": 100, "discordance": 1.5}, ValueError, "discordance"),
        ({"a": "0.82", "b": 0.78, "n": 100}, TypeError, "a must be a number"),
        ({"a": 0.82, "b": 0.78, "n": 100, "points": 1}, ValueError, "points"),
        ({"a": 0.82, "b": 0.78, "n": 100, "confidence_level": 95}, ValueError, "between 0 and 1"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        discordance_band(**kwargs)


@pytest.mark.parametrize("n", [7, 12, 15])
def test_clears_falls_with_discordance_so_bisection_is_exact(n):
    # Every pair of scores on small n: "clears" falls with D, and the threshold found by
    # bisection is the first feasible D at which it fails (a full scan).
    for k_a in range(n + 1):
        for k_b in range(n + 1):
            lead = k_a - k_b
            feasible = range(abs(lead), min(k_a + k_b, 2 * n - k_a - k_b) + 1, 2)
            flags = [paired_gap((d + lead) // 2, (d - lead) // 2, n).clears for d in feasible]
            assert flags == sorted(flags, reverse=True), (k_a, k_b)
            failing = [d for d, ok in zip(feasible, flags, strict=True) if not ok]
            threshold = discordance_band(k_a / n, k_b / n, n, points=2).threshold
            assert threshold == (pytest.approx(failing[0] / n) if failing else None)


scores = st.integers(0, 60)


@settings(max_examples=60, deadline=None)
@given(k_a=scores, k_b=scores, n=st.integers(60, 120), d=st.lists(st.floats(0, 1), max_size=6))
def test_vectorised_equals_scalar_loop(k_a, k_b, n, d):
    band = discordance_band(k_a / n, k_b / n, n, d)
    for i, rate in enumerate(d):
        one = discordance_band(k_a / n, k_b / n, n, rate)
        assert (one.a_only, one.b_only, one.clears) == (
            band.a_only[i],
            band.b_only[i],
            band.clears[i],
        )
        assert one.p_value == band.p_value[i] and one.low == band.low[i]


@settings(max_examples=60, deadline=None)
@given(k_a=scores, k_b=scores, n=st.integers(60, 150))
def test_counts_feasible_and_p_rises_with_discordance(k_a, k_b, n):
    band = discordance_band(k_a / n, k_b / n, n, points=25)
    lead = k_a - k_b
    assert np.all(band.a_only - band.b_only == lead)
    assert np.all(band.b_only >= 0) and np.all(band.a_only >= 0)
    assert np.all(band.a_only + band.b_only <= min(k_a + k_b, 2 * n - k_a - k_b))
    assert np.all(np.diff(band.discordance) >= 0)
    assert np.all(np.diff(band.p_value) >= -1e-12)
    assert np.all(np.diff(band.p_asymptotic) >= -1e-12)
    assert np.all((band.low <= band.lead + 1e-12) & (band.lead <= band.high + 1e-12))
    # The threshold splits the grid: clears below it, not from it up.
    if band.threshold is None:
        assert band.clears.all()
    else:
        assert np.array_equal(band.clears, band.discordance < band.threshold - 1e-12)


@settings(max_examples=40, deadline=None)
@given(k_a=scores, k_b=scores, n=st.integers(60, 120), d=st.floats(0, 1))
def test_swapping_the_models_mirrors_the_band(k_a, k_b, n, d):
    ab = discordance_band(k_a / n, k_b / n, n, d)
    ba = discordance_band(k_b / n, k_a / n, n, d)
    assert (ab.a_only, ab.b_only) == (ba.b_only, ba.a_only)
    assert ab.p_value == pytest.approx(ba.p_value, rel=1e-12)
    assert ab.low == pytest.approx(-ba.high, abs=1e-9)
    assert ab.threshold == ba.threshold


def test_result_is_frozen():
    band = discordance_band(A, B, N, 0.2)
    assert isinstance(band, DiscordanceBand)
    with pytest.raises(AttributeError):
        band.threshold = 0.5  # type: ignore[misc]
    assert math.isfinite(band.independent_discordance)


# --------------------------------------------------------------------------- the chart


def chart_spec(**kwargs):
    from benchstats.charts.discordance import discordance_chart

    return discordance_chart(discordance_band(A, B, N), **kwargs).to_dict()


def layers_by_mark(spec):
    return {
        (layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]): layer
        for layer in spec["layer"]
    }


def test_chart_draws_p_against_discordance_on_a_fixed_log_axis():
    from benchstats.charts.discordance import P_DOMAIN

    spec = chart_spec()
    line = layers_by_mark(spec)["line"]
    assert line["encoding"]["x"]["field"] == "discordance"
    assert line["encoding"]["x"]["type"] == "quantitative"
    assert "disagree (%)" in line["encoding"]["x"]["title"]
    y = line["encoding"]["y"]
    assert (y["field"], y["scale"]["type"], y["scale"]["domain"]) == ("p_value", "log", P_DOMAIN)
    assert "mid-p" in y["title"]
    tips = {t["field"] for t in line["encoding"]["tooltip"]}
    assert {"a_only", "b_only", "p_value", "p_asymptotic", "verdict"} <= tips
    curve = spec["datasets"]["curve"]
    assert len(curve) == 74  # every feasible D: 12, 14, …, 158
    row = min(curve, key=lambda r: abs(r["discordance"] - 100 * 28 / 198))
    assert (row["a_only"], row["b_only"]) == (20, 8)
    assert row["p_value"] == pytest.approx(0.024119544774293872, rel=1e-10)


def test_chart_has_the_5_percent_line_and_the_unpaired_p():
    spec = chart_spec()
    rules = layers_by_mark(spec)["rule"]
    assert rules["encoding"]["y"]["field"] == "p_value"
    rows = {r["label"]: r["p_value"] for r in spec["datasets"]["rules"]}
    assert rows["5% line"] == 0.05
    assert rows["Separate questions"] == pytest.approx(unpaired_gap(A, B, N).p_value)


def test_typical_band_is_shaded_with_its_source():
    spec = chart_spec(typical=(0.1, 0.25), typical_source="set by the reader")
    rect = layers_by_mark(spec)["rect"]
    assert (rect["encoding"]["x"]["field"], rect["encoding"]["x2"]["field"]) == ("low", "high")
    assert any(t["field"] == "source" for t in rect["encoding"]["tooltip"])
    assert spec["datasets"]["typical"] == [
        {"low": 10.0, "high": 25.0, "source": "set by the reader"}
    ]
    assert chart_spec()["datasets"]["typical"] == []  # no band unless one is given


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"typical": (0.1, 0.2)}, "needs its source"),
        ({"typical": (0.1, 0.2), "typical_source": "  "}, "needs its source"),
        ({"typical": (0.3, 0.2), "typical_source": "x"}, "low ≤ high"),
        ({"typical": (10, 20), "typical_source": "x"}, "proportions, not percent"),
        ({"alpha": 5}, "between 0 and 1"),
    ],
)
def test_chart_refuses_a_band_without_source_or_in_percent(kwargs, match):
    with pytest.raises(ValueError, match=match):
        chart_spec(**kwargs)


def test_spec_is_the_same_for_every_claim():
    from benchstats.charts.discordance import discordance_frames, discordance_spec

    spec = discordance_spec()
    assert "datasets" not in spec
    names = {layer["data"]["name"] for layer in spec["layer"]}
    assert names == {"curve", "rules", "threshold", "typical"}
    frames = discordance_frames(discordance_band(0.9, 0.6, 500))
    assert set(frames) == names
    assert (frames["curve"]["verdict"] == "clears the noise").all()
    assert frames["threshold"].empty  # clears everywhere: no line to draw


def test_threshold_line_is_the_sentences_x():
    spec = chart_spec()
    rule = next(layer for layer in spec["layer"] if layer["data"]["name"] == "threshold")
    assert rule["encoding"]["x"]["field"] == "discordance"
    assert [r["discordance"] for r in spec["datasets"]["threshold"]] == [
        pytest.approx(100 * 38 / 198)
    ]


# --------------------------------------------------------------------------- one discordance


def test_point_sentence_gives_the_articles_paired_figures():
    text = point_sentence(discordance_band(A, B, N, 28 / N), ("Model X", "Model Y"))
    assert text.startswith("If they disagree on 28 of 198 questions (14.1%), 20 that only Model X")
    assert "z = 2.27, p = 0.023 (mid-p = 0.024): the lead clears the noise" in text
    # At the upper end: inside the noise, as the unpaired verdict is.
    top = point_sentence(discordance_band(A, B, N, 158 / N))
    assert "85 that only A got right and 73 that only B got right" in top
    assert "the lead is inside the noise" in top


def test_point_sentence_edges():
    assert "never disagree" in point_sentence(discordance_band(0.5, 0.5, 10, 0.0))
    assert "1 question" in point_sentence(discordance_band(1.0, 0.0, 1, 1.0))
    with pytest.raises(ValueError, match="one discordance"):
        point_sentence(discordance_band(A, B, N))


@pytest.mark.parametrize(
    "count, expected",
    [(28, 28), (27, 28), (29, 30), (0, 12), (-5, 12), (1e9, 158), (96.4, 96), (97, 98)],
)
def test_nearest_disagreements_is_feasible_and_of_the_leads_parity(count, expected):
    assert nearest_disagreements(A, B, N, count) == expected


@pytest.mark.parametrize("count", [float("nan"), float("inf"), "28", None])
def test_nearest_disagreements_refuses_what_is_not_a_count(count):
    with pytest.raises(ValueError, match="count must be a finite number"):
        nearest_disagreements(A, B, N, count)


def test_count_range_and_independent_count():
    band = discordance_band(A, B, N)
    assert band.count_range == (12, 158)
    # a(1 − b) + b(1 − a) = 0.4814 of 198 = 95.3: the nearest even count is 96.
    assert band.independent_count == 96
    assert discordance_band(1.0, 0.0, 10).count_range == (10, 10)


def test_figure_carries_spec_data_picture_and_table():
    from benchstats.charts.discordance import discordance_figure, discordance_spec

    band = discordance_band(A, B, N)
    figure = discordance_figure(band, typical=(0.1, 0.2), typical_source="set by the reader")
    assert {k: v for k, v in figure.spec.items() if k != "datasets"} == discordance_spec()
    assert len(figure.spec["datasets"]["curve"]) == len(figure.table) == 74
    assert figure.spec["datasets"]["typical"] == [
        {"low": 10.0, "high": 20.0, "source": "set by the reader"}
    ]
    assert "shaded band" in figure.alt_text and "from 6.1% to 79.8%" in figure.alt_text
    assert figure.picture().to_dict()["layer"]  # the full chart, built on demand
