"""Per-question results: the numbers from a file equal the numbers from its counts.

Every format round-trips: the 2×2 counts, McNemar's p and the intervals
graded from the file equal those computed from the counts directly. The
clustered SE equals a hand computation, statsmodels' cluster-robust SE, and
the naive SE when every cluster holds one question. The repeat variances
equal a pandas group-by computed another way.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
from fixtures_items import (
    inspect_eval,
    lm_eval_jsonl,
    long_csv,
    mgsm_like,
    paired_scores,
    wide_csv,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from benchstats import mcnemar, paired_gap, proportion_ci, unpaired_gap
from benchstats.clustered import clustered_se, grade_pair, repeat_variances
from benchstats.items import load_files, pair_items, read_items

N, B, C, BOTH = 198, 20, 8, 122  # FIGURES.md's paired example: 28 of 198 disagree


def _files(fmt: str, a: np.ndarray, b: np.ndarray) -> list[tuple[str, bytes]]:
    """The same 0/1 scores in each upload format."""
    ids = [f"q{i}" for i in range(a.size)]
    if fmt == "wide":
        return [("wide.csv", wide_csv({"A": a, "B": b}, ids=ids))]
    if fmt == "long":
        rows = [(q, "A", int(x)) for q, x in zip(ids, a, strict=True)]
        rows += [(q, "B", int(x)) for q, x in zip(ids, b, strict=True)]
        return [("long.csv", long_csv(rows[::-1]))]  # order must not matter
    if fmt == "lm-eval":
        return [
            ("samples_a.jsonl", lm_eval_jsonl({"acc": a, "acc_norm": 1 - a})),
            ("samples_b.jsonl", lm_eval_jsonl({"acc": b, "acc_norm": 1 - b})),
        ]
    if fmt == "inspect":
        letters = np.array(["I", "C"])
        return [
            (
                "a.eval",
                inspect_eval({q: [letters[x]] for q, x in zip(ids, a, strict=True)}, model="m/a"),
            ),
            (
                "b.eval",
                inspect_eval({q: [letters[x]] for q, x in zip(ids, b, strict=True)}, model="m/b"),
            ),
        ]
    raise AssertionError(fmt)


@pytest.mark.parametrize("fmt", ["wide", "long", "lm-eval", "inspect"])
def test_each_format_round_trips_to_the_counts(fmt):
    a, b = paired_scores(N, B, C, BOTH, seed=11)
    items = load_files(_files(fmt, a, b))
    g = grade_pair(pair_items(items, *sorted(items.models)))  # A's name sorts first
    # the counts, straight from the arrays
    assert (g.counts.both_right, g.counts.only_a, g.counts.only_b, g.counts.neither) == (
        BOTH, B, C, N - B - C - BOTH,
    )  # fmt: skip
    assert g.n == N and g.discordance == pytest.approx((B + C) / N)
    # …and every test and interval equals the one computed from the counts
    assert g.mcnemar == mcnemar(B, C, method="mid-p")
    assert g.mcnemar_exact == mcnemar(B, C, method="exact")
    assert g.paired == paired_gap(B, C, N)
    assert g.unpaired == unpaired_gap(a.mean(), b.mean(), N)
    assert g.ci_a == proportion_ci(int(a.sum()), N)
    assert g.ci_b == proportion_ci(int(b.sum()), N)


def test_figures_paired_example_from_a_file():
    # FIGURES.md: b = 20, c = 8, n = 198 → lead 6.1 points, z = 2.27, exact p 0.036, mid-p 0.024
    # Rscript -e 'binom.test(20, 28)$p.value'                      → 0.03569813818
    # Rscript -e 'binom.test(20, 28)$p.value - dbinom(8, 28, 0.5)'  → 0.02411954477 (mid-p)
    a, b = paired_scores(N, B, C, BOTH)
    g = grade_pair(pair_items(read_items(wide_csv({"A": a, "B": b}))))
    assert round(100 * g.lead, 1) == 6.1
    assert round(g.paired.z, 2) == 2.27
    assert g.mcnemar_exact.p_value == pytest.approx(0.03569813818, rel=1e-9)
    assert g.mcnemar.p_value == pytest.approx(0.02411954477, rel=1e-9)
    # naive paired SE √(b + c − (b − c)²/n)/n
    assert g.paired.se == pytest.approx(math.sqrt(B + C - (B - C) ** 2 / N) / N)


def test_swapping_a_and_b_negates_the_lead():
    a, b = paired_scores(N, B, C, BOTH, seed=2)
    items = read_items(wide_csv({"A": a, "B": b}))
    ab = grade_pair(pair_items(items, "A", "B"))
    ba = grade_pair(pair_items(items, "B", "A"))
    assert ba.lead == pytest.approx(-ab.lead)
    assert (ba.counts.only_a, ba.counts.only_b) == (ab.counts.only_b, ab.counts.only_a)
    assert ba.mcnemar.p_value == pytest.approx(ab.mcnemar.p_value)


def test_questions_one_model_lacks_are_left_out_and_counted():
    raw = b"question_id,A,B\nq1,1,0\nq2,0,0\nq3,,1\nq4,1,\nq5,1,\nq6,0,1\n"
    p = pair_items(read_items(raw))
    assert (p.n, p.only_a, p.only_b) == (3, 2, 1)
    assert p.ids.tolist() == ["q1", "q2", "q6"]
    g = grade_pair(p)
    assert (g.counts.only_a, g.counts.only_b, g.counts.neither) == (1, 1, 1)


def test_questions_only_a_third_model_answered_are_not_paired():
    # q2 has neither A's nor B's score: it is no paired question (it once came through as NaN).
    p = pair_items(read_items(b"question_id,A,B,C\nq1,1,0,1\nq2,,,1\nq3,0,1,1\nq4,1,1,0\n"))
    assert (p.n, p.only_a, p.only_b, p.ids.tolist()) == (3, 0, 0, ["q1", "q3", "q4"])
    assert grade_pair(p).counts.only_a == 1


def test_partial_credit_uses_the_per_question_differences():
    a = np.array([1, 0.5, 0, 1, 0.5, 1, 0, 0.5])
    b = np.array([0.5, 0.5, 0, 0, 1, 1, 0, 0])
    g = grade_pair(pair_items(read_items(wide_csv({"A": a, "B": b}))))
    d = a - b
    assert g.counts is None and g.mcnemar is None
    assert g.lead == pytest.approx(d.mean())
    assert g.paired.se == pytest.approx(np.std(d) / math.sqrt(d.size))  # ddof 0: the Wald form
    z = d.mean() / (np.std(d) / math.sqrt(d.size))
    assert g.paired.z == pytest.approx(z)
    from scipy.stats import norm  # two-sided normal p

    assert g.paired.p_value == pytest.approx(2 * norm.sf(abs(z)))
    assert g.unpaired.se == pytest.approx(math.sqrt(np.var(a) / a.size + np.var(b) / b.size))


# --------------------------------------------------------------------------- clustered SE


def test_clustered_se_equals_a_hand_computation():
    # d = 1, 0 | −1, 1 | 1, 0 in clusters x | y | z; mean 1/3.
    # centred: 2/3, −1/3 | −4/3, 2/3 | 2/3, −1/3 → cluster sums 1/3, −2/3, 1/3
    # SE² = (1/9 + 4/9 + 1/9)/6² = (2/3)/36 = 1/54;  naive SE² = (30/9)/36 = 10/108
    # CR1: SE² × G/(G − 1) = 1/54 × 3/2 = 1/36, so SE = 1/6
    d = [1, 0, -1, 1, 1, 0]
    cl = ["x", "x", "y", "y", "z", "z"]
    r = clustered_se(d, cl)
    assert r.se == pytest.approx(math.sqrt(1 / 54), rel=1e-12)
    assert r.naive_se == pytest.approx(math.sqrt(10 / 108), rel=1e-12)
    assert r.clusters == 3 and r.n == 6
    assert r.design_effect == pytest.approx((1 / 54) / (10 / 108))
    assert clustered_se(d, cl, correction="cr1").se == pytest.approx(1 / 6, rel=1e-12)


def _statsmodels_se(values, groups, correction: bool) -> float:
    """Cluster-robust SE of the mean: OLS on a constant, cov_type="cluster"."""
    fit = sm.OLS(np.asarray(values, float), np.ones(len(values))).fit(
        cov_type="cluster", cov_kwds={"groups": groups, "use_correction": correction}
    )
    return float(fit.bse[0])


def test_clustered_se_matches_statsmodels_on_an_mgsm_like_file():
    raw, frame = mgsm_like()
    p = pair_items(read_items(raw))
    assert p.n == 2500 and p.has_clusters and len(p.clusters) == 250
    groups = pd.factorize(frame["cluster"])[0]
    d = (frame["model_a"] - frame["model_b"]).to_numpy()
    g = grade_pair(p)
    assert g.clustered.se == pytest.approx(_statsmodels_se(d, groups, False), rel=1e-10)
    cr1 = grade_pair(p, correction="cr1").clustered.se
    assert cr1 == pytest.approx(_statsmodels_se(d, groups, True), rel=1e-10)
    # translations of one question rise and fall together: the SE grows
    assert g.clustered.design_effect > 1.2
    assert g.clustered_gap.se == g.clustered.se and g.clustered_gap.lead == g.lead


def test_clustered_se_with_one_question_per_cluster_is_the_naive_se():
    a, b = paired_scores(N, B, C, BOTH, seed=5)
    ids = [f"q{i}" for i in range(N)]
    raw = wide_csv({"A": a, "B": b}, ids=ids, clusters=ids)
    g = grade_pair(pair_items(read_items(raw)))
    # no correction: the population-variance SE, i.e. the paired Wald SE of paired_gap
    assert g.clustered.se == pytest.approx(g.clustered.naive_se, rel=1e-12)
    assert g.clustered.se == pytest.approx(paired_gap(B, C, N).se, rel=1e-12)
    # CR1 (G/(G − 1) with G = n): the sample-variance SE s/√n
    d = a - b
    cr1 = grade_pair(pair_items(read_items(raw)), correction="cr1").clustered
    assert cr1.se == pytest.approx(np.std(d, ddof=1) / math.sqrt(N), rel=1e-12)
    assert cr1.se == pytest.approx(cr1.naive_se, rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-1, 1), min_size=2, max_size=60))
def test_singleton_clusters_equal_naive_for_any_values(values):
    x = np.array(values)
    r = clustered_se(x, np.arange(x.size))
    assert r.se == pytest.approx(math.sqrt(np.var(x) / x.size), rel=1e-9, abs=1e-15)
    r1 = clustered_se(x, np.arange(x.size), correction="cr1")
    assert r1.se == pytest.approx(math.sqrt(np.var(x, ddof=1) / x.size), rel=1e-9, abs=1e-15)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 1), st.integers(0, 1), st.integers(0, 5)), min_size=2, max_size=50
    )
)
def test_clustered_se_matches_statsmodels_for_any_binary_pairs(rows):
    a, b, cl = (np.array(c) for c in zip(*rows, strict=True))
    d = (a - b).astype(float)
    groups = pd.factorize(cl)[0]
    if np.unique(groups).size < 2 or np.all(d == d[0]):
        return  # statsmodels needs two clusters and some spread
    assert clustered_se(d, cl).se == pytest.approx(_statsmodels_se(d, groups, False), rel=1e-9)
    r1 = clustered_se(d, cl, correction="cr1").se
    assert r1 == pytest.approx(_statsmodels_se(d, groups, True), rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=1, max_size=80))
def test_any_binary_file_grades_like_its_counts(rows):
    a, b = (np.array(c) for c in zip(*rows, strict=True))
    g = grade_pair(pair_items(read_items(wide_csv({"A": a, "B": b}))))
    n_b, n_c = int(np.sum((a == 1) & (b == 0))), int(np.sum((a == 0) & (b == 1)))
    assert (g.counts.only_a, g.counts.only_b, g.n) == (n_b, n_c, a.size)
    assert g.paired == paired_gap(n_b, n_c, a.size)
    assert g.mcnemar == mcnemar(n_b, n_c)


def test_clustered_se_refuses_bad_input():
    with pytest.raises(ValueError, match="correction must be one of 'none', 'cr1', got 'hc3'"):
        clustered_se([1, 0], [0, 1], correction="hc3")
    with pytest.raises(ValueError, match="one cluster per value"):
        clustered_se([1, 0, 1], [0, 1])
    with pytest.raises(ValueError, match="finite numbers"):
        clustered_se([1, float("nan")], [0, 1])


# --------------------------------------------------------------------------- repeats


def _repeat_file(n: int, k: int, *, seed: int) -> tuple[bytes, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    p_a = rng.beta(2, 1, n)
    p_b = np.clip(p_a - rng.normal(0.05, 0.2, n), 0, 1)
    rows = []
    for model, p in (("A", p_a), ("B", p_b)):
        for run in range(1, k + 1):
            hits = (rng.random(n) < p).astype(int)
            rows += [(f"q{i}", model, int(h), run) for i, h in enumerate(hits)]
    raw = long_csv(rows)
    return raw, pd.DataFrame(rows, columns=["question_id", "model", "score", "run"])


def test_repeat_variances_equal_a_group_by_computed_another_way():
    raw, frame = _repeat_file(300, 4, seed=8)
    g = grade_pair(pair_items(read_items(raw)))
    # independent path: pandas group-by per (question, model)
    stats = frame.groupby(["question_id", "model"])["score"].agg(["mean", "var", "count"]).unstack()
    s2_a = stats[("var", "A")].mean()  # K equal: the pooled variance is the plain mean
    s2_b = stats[("var", "B")].mean()
    d = stats[("mean", "A")] - stats[("mean", "B")]
    omega2 = d.var(ddof=1) - s2_a / 4 - s2_b / 4
    r = g.repeats
    assert r.sigma2_a == pytest.approx(s2_a, rel=1e-12)
    assert r.sigma2_b == pytest.approx(s2_b, rel=1e-12)
    assert r.omega2 == pytest.approx(omega2, rel=1e-12)
    assert r.k_a == r.k_b == 4 and not r.clipped
    assert g.counts is None  # means of 4 runs are not 0/1
    assert g.lead == pytest.approx(d.mean())


def test_repeat_variances_recover_the_truth_on_a_large_simulation():
    # Known truth: per-question chances p_A,i, p_B,i; answers Bernoulli.
    # σ²_A = E[p_A(1 − p_A)], ω² = Var(p_A − p_B). Seeded, so the check is exact to repeat.
    n, k = 6000, 5
    rng = np.random.default_rng(21)
    p_a = rng.beta(2, 1.5, n)
    p_b = np.clip(p_a - rng.normal(0.03, 0.25, n), 0, 1)
    hits_a = rng.random((n, k)) < p_a[:, None]
    hits_b = rng.random((n, k)) < p_b[:, None]
    r = repeat_variances(
        hits_a.mean(1), hits_b.mean(1), hits_a.var(1, ddof=1), hits_b.var(1, ddof=1),
        np.full(n, k), np.full(n, k),
    )  # fmt: skip
    assert r.sigma2_a == pytest.approx(np.mean(p_a * (1 - p_a)), rel=0.03)
    assert r.sigma2_b == pytest.approx(np.mean(p_b * (1 - p_b)), rel=0.03)
    assert r.omega2 == pytest.approx(np.var(p_a - p_b), rel=0.08)


def test_repeat_variances_pool_unequal_runs_by_their_degrees_of_freedom():
    # A: question 1 answered 3 times (s² = 1/3), question 2 twice (s² = 1/2): pooled
    # (2·1/3 + 1·1/2)/(2 + 1) = 7/18.  B: both twice, s² 0 and 1/2 → 1/4.
    # d = (1/3 − 1/2, 1/2 − 0) → s²_d = (−1/6 − 1/2)²/2·… computed below with numpy.
    a, b = np.array([1 / 3, 1 / 2]), np.array([1 / 2, 0.0])
    r = repeat_variances(a, b, [1 / 3, 1 / 2], [1 / 2, 0.0], [3, 2], [2, 2])
    assert r.sigma2_a == pytest.approx(7 / 18)
    assert r.sigma2_b == pytest.approx(1 / 4)
    s2d = np.var(a - b, ddof=1)
    expected = s2d - 7 / 18 * np.mean([1 / 3, 1 / 2]) - 1 / 4 * np.mean([1 / 2, 1 / 2])
    assert r.omega2 == pytest.approx(max(expected, 0.0))
    assert r.clipped == (expected < 0)


def test_repeats_need_two_answers_somewhere():
    with pytest.raises(ValueError, match="model A must have at least one question answered twice"):
        repeat_variances([1, 0], [0, 1], [np.nan, np.nan], [0.5, 0.5], [1, 1], [2, 2])
    # one run per question: no repeats section at all
    a, b = paired_scores(50, 5, 3, 30)
    assert grade_pair(pair_items(read_items(wide_csv({"A": a, "B": b})))).repeats is None


def test_inspect_epochs_feed_the_repeat_variances():
    values_a = {i: ["C", "I", "C"] if i % 2 else ["C", "C", "C"] for i in range(40)}
    values_b = {i: ["I", "C", "I"] if i % 3 else ["P", "I", "C"] for i in range(40)}
    items = load_files(
        [("a.eval", inspect_eval(values_a)), ("b.eval", inspect_eval(values_b, model="x/b"))]
    )
    assert items.has_repeats
    g = grade_pair(pair_items(items))
    map_ = {"C": 1.0, "I": 0.0, "P": 0.5}
    per_a = np.array([[map_[v] for v in values_a[i]] for i in range(40)])
    per_b = np.array([[map_[v] for v in values_b[i]] for i in range(40)])
    assert g.lead == pytest.approx(per_a.mean() - per_b.mean())
    assert g.repeats.sigma2_a == pytest.approx(per_a.var(1, ddof=1).mean())
    assert g.repeats.sigma2_b == pytest.approx(per_b.var(1, ddof=1).mean())
    assert g.repeats.k_a == 3


# --------------------------------------------------------------------------- chart


def _layers(spec: dict) -> list[dict]:
    return spec.get("layer", [spec])


def test_disagreement_chart_has_tooltips_titles_and_a_zero_rule():
    from benchstats.charts.items import disagreement_chart, disagreement_frame

    a, b = paired_scores(N, B, C, BOTH, seed=1)
    frame = disagreement_frame(pair_items(read_items(wide_csv({"A": a, "B": b}))))
    assert frame.loc[frame["side"] == "A", "questions"].sum() == B
    assert frame.loc[frame["side"] == "B", "questions"].sum() == C
    assert frame["group_n"].sum() == 2 * N and frame["group"].nunique() == 10
    spec = disagreement_chart(frame).to_dict()  # validates against the schema
    layers = _layers(spec)
    rule = [ly for ly in layers if ly["mark"]["type"] == "rule"]
    assert rule and rule[0]["encoding"]["x"]["field"] == "zero"
    bars = next(ly for ly in layers if ly["mark"]["type"] == "bar")
    enc = bars["encoding"]
    assert enc["x"]["type"] == "quantitative" and enc["x"]["title"].startswith("Questions won")
    assert enc["x"]["scale"]["domain"] == [-frame["questions"].max(), frame["questions"].max()]
    assert enc["y"]["type"] == "nominal"
    tips = enc.get("tooltip") or spec["encoding"]["tooltip"]
    assert {t["field"] for t in tips} >= {"group", "questions", "share"}


def test_disagreement_frame_keeps_the_busiest_clusters():
    from benchstats.charts.items import disagreement_frame

    raw, frame_in = mgsm_like()
    frame = disagreement_frame(pair_items(read_items(raw)), max_groups=20)
    assert frame["group"].nunique() == 20 and (frame["groups_total"] == 250).all()
    per_cluster = (
        frame_in.assign(dis=frame_in["model_a"] != frame_in["model_b"])
        .groupby("cluster")["dis"]
        .sum()
    )
    shown = frame.groupby("group", sort=False)["questions"].sum()
    assert shown.min() >= per_cluster.sort_values(ascending=False).iloc[19]
    assert list(shown) == sorted(shown, reverse=True)  # most disagreements first
