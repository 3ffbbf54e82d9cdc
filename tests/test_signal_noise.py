"""benchstats.signal_noise: SNR across checkpoints, decisions, and the checkpoint MDE."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats.signal_noise import (
    PRESETS,
    _binomial_draws,
    chance_picks_winner,
    checkpoint_mde,
    checkpoint_questions,
    checkpoints_from_table,
    decision_accuracy,
    detectable_change,
    signal_to_noise,
    simulate_checkpoints,
    snr_of_runs,
    toy_metric_curves,
    trailing_mean,
)


def printed(value: float, shown: float, decimals: int) -> None:
    """``value`` prints as ``shown`` at ``decimals`` places (half a unit either side)."""
    assert abs(value - shown) <= 0.5 * 10.0**-decimals + 1e-9, (value, shown)


# docs/figures.md, "Checkpoints" (and "How many questions"): 20% discordance, points, 1 dp.
MDE = [(200, 8.9), (500, 5.6), (1000, 4.0), (2000, 2.8), (5000, 1.8)]


@pytest.mark.parametrize("n, shown", MDE, ids=[f"figure-checkpoint-mde-{n}" for n, _ in MDE])
def test_figure_checkpoint_mde(n, shown):
    printed(100 * checkpoint_mde(n), shown, 1)


def test_figure_two_point_change_needs_3925_items():
    assert checkpoint_questions(0.02) == 3925


def test_mde_is_vectorised():
    got = checkpoint_mde(np.array([n for n, _ in MDE]))
    assert got * 100 == pytest.approx([8.86, 5.61, 3.96, 2.80, 1.77], abs=0.01)


# --------------------------------------------------------------------------- the ratio


def paper_snr(signal_scores, noise_scores):
    """Heineman et al.'s definition written out: the largest pairwise gap over the mean,
    against the population sd of the checkpoints over their mean."""
    dispersion = max(abs(a - b) for a, b in itertools.product(signal_scores, repeat=2))
    signal = dispersion / (sum(signal_scores) / len(signal_scores))
    mean = sum(noise_scores) / len(noise_scores)
    sd = (sum((c - mean) ** 2 for c in noise_scores) / len(noise_scores)) ** 0.5
    return signal / (sd / mean)


@settings(max_examples=50, deadline=None)
@given(
    finals=st.lists(st.floats(0.05, 1), min_size=2, max_size=8),
    last=st.lists(st.floats(0.05, 1), min_size=2, max_size=30).filter(
        lambda x: max(x) - min(x) > 1e-6
    ),
)
def test_snr_is_the_papers(finals, last):
    assert signal_to_noise(finals, last).snr == pytest.approx(paper_snr(finals, last), rel=1e-9)


def test_still_checkpoints_have_infinite_snr():
    assert signal_to_noise([0.4, 0.5], [0.5, 0.5, 0.5]).snr == np.inf
    # np.std of these equal floats is 5.6e-17, not 0: the ratio once printed 1.6e15
    assert np.std([0.37] * 3) > 0
    assert signal_to_noise([0.4, 0.5], [0.37] * 3).jitter == 0
    assert signal_to_noise([0.5, 0.5], [0.49, 0.51]).snr == 0  # no signal, whatever the noise


FLAT = st.floats(0.01, 1, allow_subnormal=False)


@settings(max_examples=60, deadline=None)
@given(
    levels=st.lists(FLAT, min_size=2, max_size=6, unique=True),
    early=st.lists(FLAT, min_size=0, max_size=8),
    tail=st.integers(1, 12),
    window=st.integers(2, 6),
    average=st.integers(1, 6),
)
def test_a_flat_tail_has_no_jitter_and_an_infinite_ratio(levels, early, tail, window, average):
    """Every model's last window + average − 1 checkpoints equal (each its own level): zero
    jitter, an infinite ratio said in words, whatever came before and however it is averaged."""
    from benchstats.prose.signal_noise import answer, ratio

    flat = window + average - 1 + tail - 1
    curves = np.array([[*early, *[x] * flat] for x in levels])
    one = snr_of_runs(curves, window=window, average=1)
    got = snr_of_runs(curves, window=window, average=average)
    for r in (one, got):
        assert r.jitter == 0 and r.noise == 0 and r.snr == np.inf
        assert ratio(r) == "infinite"
    head, body = answer(one, got, average, window, "Flat models")
    assert "the signal-to-noise ratio is infinite" in head and "does not move at all" in body
    assert signal_to_noise(curves[:, -1], curves[0, -window:]).snr == np.inf


@settings(max_examples=30, deadline=None)
@given(x=st.lists(st.floats(-5, 5), min_size=1, max_size=20), k=st.integers(1, 25))
def test_trailing_mean_equals_the_loop(x, k):
    loop = [np.mean(x[max(0, i - k + 1) : i + 1]) for i in range(len(x))]
    assert trailing_mean(x, k) == pytest.approx(loop, abs=1e-9)
    full = trailing_mean(x * 3, k)[-len(x) :] if len(x) >= k else None
    if full is not None and len(set(x)) == 1:  # a flat stretch stays exactly flat
        assert np.ptp(full) == 0


def test_snr_of_runs_with_one_noise_model_is_signal_to_noise_on_its_tail():
    runs = simulate_checkpoints(PRESETS["spread"]["final_scores"], n=500, seed=2)
    got = snr_of_runs(runs.observed, window=6, noise_model=1)
    assert got == signal_to_noise(runs.observed[:, -1], runs.observed[1, -6:])


def test_averaging_checkpoints_raises_the_snr():
    # On the plateau, averaging k checkpoints cuts the jitter by about √k.
    gains = []
    for seed in range(12):
        runs = simulate_checkpoints([0.5, 0.52, 0.54], n=500, checkpoints=40, rate=40, seed=seed)
        gains.append(snr_of_runs(runs.observed, average=4).snr / snr_of_runs(runs.observed).snr)
    assert np.median(gains) > 1.4


def test_more_questions_raise_the_snr():
    def snr(n):
        return np.median(
            [
                snr_of_runs(simulate_checkpoints([0.5, 0.55], n=n, rate=40, seed=s).observed).snr
                for s in range(10)
            ]
        )

    assert snr(200) < snr(5000)


# --------------------------------------------------------------------------- decisions


def test_decision_accuracy_is_the_share_of_pairs_in_order():
    small, target = [0.1, 0.3, 0.2, 0.4], [0.5, 0.6, 0.7, 0.8]
    pairs = list(itertools.combinations(range(4), 2))
    loop = np.mean([(small[i] > small[j]) == (target[i] > target[j]) for i, j in pairs])
    assert decision_accuracy(small, target) == loop == 5 / 6


def exact_two_model_pick(p_best, p_other, m):
    """P(best scores more) + ½·P(tie) with Binomial(m, ·) counts, by the binomial sums."""
    k = np.arange(m + 1)
    a, b = stats.binom.pmf(k, m, p_best), stats.binom.pmf(k, m, p_other)
    below = np.concatenate([[0.0], np.cumsum(b)[:-1]])
    return float(np.sum(a * below) + 0.5 * np.sum(a * b))


@pytest.mark.parametrize("n, average", [(100, 1), (400, 1), (100, 5)])
def test_chance_picks_winner_matches_the_exact_two_model_sum(n, average):
    exact = exact_two_model_pick(0.52, 0.50, n * average)
    got = chance_picks_winner([0.50, 0.52], n, average=average, runs=20_000, seed=1)
    assert abs(got - exact) < 4 * np.sqrt(exact * (1 - exact) / 20_000)


@pytest.mark.parametrize(
    ("trials", "p"),
    [(1, 0.5), (3, 0.0), (3, 1.0), (50, 0.01), (200, 0.3), (20_000, 0.52), (10**6, 0.999)]
    + [(2**31, 0.5)],  # counts past int32: kept as int64
)
def test_each_draw_is_the_exact_binomial_quantile_of_its_uniform(trials, p):
    u = np.sort(np.random.default_rng(trials).random(4000))
    got = _binomial_draws(u, np.array([trials, 2 * trials]), p)
    assert got.tolist() == [stats.binom.ppf(u, m, p).tolist() for m in (trials, 2 * trials)]


def exact_pick(p, m):
    """The chance the best of these models tops Binomial(m, ·) counts, a tie shared: every outcome."""
    pmf = [stats.binom.pmf(np.arange(m + 1), m, x) for x in p]
    best, total = int(np.argmax(p)), 0.0
    for counts in itertools.product(range(m + 1), repeat=len(p)):
        top = max(counts)
        if counts[best] == top:
            weight = np.prod([pmf[j][c] for j, c in enumerate(counts)])
            total += weight / counts.count(top)
    return total


@pytest.mark.parametrize(("p", "n", "average"), [((0.3, 0.4, 0.45), 8, 1), ((0.5, 0.6, 0.2), 4, 3)])
def test_chance_picks_winner_with_ties_matches_every_outcome_summed(p, n, average):
    exact = exact_pick(p, n * average)
    got = chance_picks_winner(p, n, average=average, runs=20_000, seed=4)
    assert abs(got - exact) < 4 * np.sqrt(exact * (1 - exact) / 20_000)


def test_the_chance_at_one_n_does_not_depend_on_the_other_n_asked():
    # one draw of uniforms serves every n: the curve over n and a single n agree exactly
    many = chance_picks_winner([0.5, 0.51, 0.53], [50, 500, 20_000], average=3, seed=8)
    assert many.tolist() == [
        chance_picks_winner([0.5, 0.51, 0.53], m, average=3, seed=8) for m in (50, 500, 20_000)
    ]
    assert chance_picks_winner([0.5, 0.6], []).shape == (0,)


def test_chance_picks_winner_is_vectorised_and_reproducible():
    got = chance_picks_winner([0.3, 0.33, 0.36], [200, 5000], runs=4000, seed=3)
    assert got.shape == (2,) and got[0] < got[1]
    assert (
        got.tolist()
        == chance_picks_winner([0.3, 0.33, 0.36], [200, 5000], runs=4000, seed=3).tolist()
    )


# --------------------------------------------------------------------------- curves


def test_simulated_curves_are_seeded_and_reach_their_final_scores():
    a = simulate_checkpoints([0.4, 0.6], n=300, seed=9)
    b = simulate_checkpoints([0.4, 0.6], n=300, seed=9)
    np.testing.assert_array_equal(a.observed, b.observed)
    assert a.true[:, -1] == pytest.approx([0.4, 0.6])
    assert a.true[:, 0].min() > 0.25 - 1e-12 and (np.diff(a.true, axis=1) >= 0).all()
    assert np.allclose(a.observed * 300, np.round(a.observed * 300))  # whole questions of n
    assert a.names == ("Model A", "Model B")


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_simulate(name):
    runs = simulate_checkpoints(**PRESETS[name], seed=0)
    assert np.isfinite(snr_of_runs(runs.observed).snr)


def test_a_readers_table_becomes_curves():
    runs = checkpoints_from_table(
        ["b", "a", "b", "a"], [200, 100, 100, 200], [0.5, 0.3, 0.45, 0.4], n=[500] * 4
    )
    assert runs.names == ("b", "a") and runs.steps.tolist() == [100, 200]
    assert runs.observed.tolist() == [[0.45, 0.5], [0.3, 0.4]] and runs.n == 500


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: signal_to_noise([0.5], [0.4, 0.5]), "final_scores must be a list of at least 2"),
        (lambda: signal_to_noise([0.5, 0.4], [0.0, 0.0]), "must not average 0"),
        (lambda: trailing_mean([1.0], 0), "k must be a whole number of checkpoints to average ≥ 1"),
        (lambda: snr_of_runs([[0.1, 0.2, 0.3]]), "at least 2 models, got shape"),
        (lambda: snr_of_runs(np.ones((2, 4)), window=4, average=2), "at most the 4 checkpoints"),
        (
            lambda: snr_of_runs(np.ones((2, 4)), window=2, noise_model=2),
            "noise_model must be a row 0 … 1",
        ),
        (lambda: decision_accuracy([1, 2], [1, 2, 3]), "got 2 and 3"),
        (lambda: chance_picks_winner([0.5, 0.5], 100), "one best model"),
        (lambda: chance_picks_winner([0.5, 52], 100), "proportions from 0 to 1"),
        (lambda: checkpoint_mde(0), "n must be a whole number of questions ≥ 1, got 0"),
        (lambda: simulate_checkpoints([0.5], checkpoints=1), "checkpoints must be a whole number"),
        (lambda: simulate_checkpoints([0.5, 0.6], names=["x"]), "got 1 names for 2 models"),
        (lambda: checkpoints_from_table(["a", "a"], [1, 1], [0.1, 0.2]), "two scores at step 1"),
        (
            lambda: checkpoints_from_table(["a", "b"], [1, 2], [0.1, 0.2]),
            "'a' has no score at step 2",
        ),
    ],
)
def test_plain_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# --------------------------------------------------------------------------- charts


def test_curves_chart_encodings_and_stable_spec():
    from benchstats.charts import signal_noise as chart

    runs = simulate_checkpoints([0.4, 0.5, 0.6], n=300, seed=1)
    first = chart.curves_figure(chart.curve_frames(runs, average=3, window=5))
    shade, measured, averaged, true = first.spec["layer"]
    assert measured["encoding"]["y"]["title"] == "Benchmark score (%)"
    assert measured["encoding"]["x"]["title"] == "Training step (checkpoint)"
    assert averaged["encoding"]["y"]["field"] == "averaged"
    assert all(layer["encoding"]["tooltip"] for layer in first.spec["layer"])
    assert first.spec["datasets"]["window"][0]["start"] == 16
    rows = [r for r in first.spec["datasets"]["curves"] if r["model"] == "Model A"]
    assert rows[-1]["averaged"] == pytest.approx(100 * runs.observed[0, -3:].mean())
    named = simulate_checkpoints([0.4, 0.5], seed=2, names=["olmo-1b", "olmo-7b"])
    again = chart.curves_figure(chart.curve_frames(named))
    assert {**again.spec, "datasets": None} == {**first.spec, "datasets": None}
    assert "olmo-1b, olmo-7b" in again.alt_text  # the names given, in words too
    assert first.picture().to_dict()["layer"][1]["encoding"] == measured["encoding"]


def test_mde_chart_shows_the_figures():
    from benchstats.charts import signal_noise as chart

    fig = chart.mde_figure(chart.mde_frame((200, 500, 1000, 2000, 5000)))
    assert fig.table["change"].round(1).tolist() == [shown for _, shown in MDE]
    assert fig.spec["encoding"]["x"]["scale"]["type"] == "log" and fig.spec["encoding"]["tooltip"]


# --------------------------------------------------------------------------- accuracy against a continuous metric


def test_the_continuous_metric_carries_more_signal_than_accuracy():
    ratios = []
    for seed in range(6):
        accuracy, probability = toy_metric_curves(seed=seed)
        ratios.append(snr_of_runs(probability.observed).snr / snr_of_runs(accuracy.observed).snr)
    assert np.median(ratios) > 1.15


def test_toy_accuracy_starts_near_chance_and_is_seeded():
    accuracy, probability = toy_metric_curves((0.0, 0.0001), n=2000, checkpoints=3, seed=2)
    # skill ≈ 0 throughout: the right option is one of four alike, accuracy ≈ 1/4
    assert np.abs(accuracy.observed - 0.25).max() < 0.04
    assert np.abs(probability.observed - 0.25).max() < 0.04
    again, _ = toy_metric_curves((0.0, 0.0001), n=2000, checkpoints=3, seed=2)
    assert accuracy.observed.tolist() == again.observed.tolist()
    with pytest.raises(ValueError, match="under 20,000,000 logits"):
        toy_metric_curves(n=10**6)


def test_toy_metrics_feed_the_curves_chart():
    from benchstats.charts import signal_noise as chart

    _, probability = toy_metric_curves(n=100, checkpoints=8, seed=1)
    spec = chart.curves_figure(chart.curve_frames(probability, average=2, window=4)).spec
    assert all(np.isnan(r["true"]) for r in spec["datasets"]["curves"])  # no truth in a toy metric


@given(st.integers(1, 100_000), st.floats(0.001, 0.5), st.floats(0.001, 0.2), st.floats(0.5, 0.99))
def test_a_detectable_change_is_one_that_can_happen(n, d, alpha, power):
    # No change between checkpoints exceeds the share of questions they disagree on: the
    # formula's value stands where it is within that share and is NaN where it is not.
    mde = checkpoint_mde(n, discordance=d, alpha=alpha, power=power)
    got = detectable_change(n, discordance=d, alpha=alpha, power=power)
    if mde <= d:
        assert got == mde
    else:
        assert np.isnan(got)


def test_at_one_percent_two_hundred_questions_detect_nothing():
    # 2 questions disagree: the score can move 1 point, the formula asks for 2.80·√(0.01/200).
    assert checkpoint_mde(200, discordance=0.01) == pytest.approx(0.0198, abs=1e-4)
    assert np.isnan(detectable_change(200, discordance=0.01))
    both = detectable_change(np.array([200, 1000]), discordance=0.01)
    assert np.isnan(both[0]) and both[1] == pytest.approx(checkpoint_mde(1000, discordance=0.01))
