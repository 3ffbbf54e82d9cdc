"""Every bad argument a user (or a URL) can send raises ValueError/TypeError in plain words.

Each message must name the argument, repeat the refused value as the reader typed it
(``got 0``, not ``got np.int64(0)``) and say what is allowed.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import benchstats as bs

NAN = float("nan")
INF = float("inf")

# (id, call, exception, regex the message must match)
CASES = [
    # --- proportion_ci
    ("ci-n0", lambda: bs.proportion_ci(0, 0), ValueError, r"^n must be .*whole number.* ≥ 1, got 0$"),
    ("ci-n-neg", lambda: bs.proportion_ci(0, -5), ValueError, r"^n must be .*≥ 1, got -5$"),
    ("ci-k>n", lambda: bs.proportion_ci(5, 4), ValueError, r"k must be at most n.*k=5.*n=4"),
    ("ci-k>n-array", lambda: bs.proportion_ci([1, 5], [4, 4]), ValueError, r"k=5.*n=4"),
    ("ci-k-neg", lambda: bs.proportion_ci(-1, 4), ValueError, r"^k must be .*≥ 0, got -1$"),
    ("ci-k-frac", lambda: bs.proportion_ci(2.5, 4), ValueError, r"^k must be .*whole number.*, got 2\.5$"),
    ("ci-k-nan", lambda: bs.proportion_ci(NAN, 4), ValueError, r"^k must be .*whole number.*, got nan$"),
    ("ci-method", lambda: bs.proportion_ci(1, 4, method="score"), ValueError, r"method must be one of .*'wilson'.*'wald'.*got 'score'"),
    ("ci-method-case", lambda: bs.proportion_ci(1, 4, method="Wilson"), ValueError, r"got 'Wilson'"),
    ("ci-level-percent", lambda: bs.proportion_ci(1, 4, confidence_level=95), ValueError, r"confidence_level must be between 0 and 1.*got 95"),
    ("ci-level-0", lambda: bs.proportion_ci(1, 4, confidence_level=0), ValueError, r"confidence_level must be between 0 and 1.*got 0"),
    ("ci-level-1", lambda: bs.proportion_ci(1, 4, confidence_level=1.0), ValueError, r"confidence_level.*got 1\.0"),
    ("ci-level-nan", lambda: bs.proportion_ci(1, 4, confidence_level=NAN), ValueError, r"confidence_level.*nan"),
    ("ci-level-bool", lambda: bs.proportion_ci(1, 4, confidence_level=True), TypeError, r"confidence_level must be a number, got True"),
    ("ci-k-bool", lambda: bs.proportion_ci(True, 4), TypeError, r"^k must be whole number.*got True"),
    ("ci-k-str", lambda: bs.proportion_ci("3", 4), TypeError, r"^k must be whole number.*got '3'"),
    ("ci-n-none", lambda: bs.proportion_ci(3, None), TypeError, r"^n must be whole number.*got None"),
    # --- chance_corrected
    ("cc-p-1.2", lambda: bs.chance_corrected(1.2, 4), ValueError, r"^p must be a proportion from 0 to 1.*got 1\.2$"),
    ("cc-p-percent", lambda: bs.chance_corrected(60, 4), ValueError, r"^p must be a proportion.*got 60"),
    ("cc-options-1", lambda: bs.chance_corrected(0.5, 1), ValueError, r"^options must be .*≥ 2, got 1$"),
    ("cc-options-frac", lambda: bs.chance_corrected(0.5, 2.5), ValueError, r"^options must be .*whole number.*got 2\.5$"),
    ("cc-p-str", lambda: bs.chance_corrected("x", 4), TypeError, r"^p must be .*got 'x'"),
    # --- unpaired_gap
    ("gap-a-1.2", lambda: bs.unpaired_gap(1.2, 0.5, 100), ValueError, r"^a must be a proportion from 0 to 1.*got 1\.2$"),
    ("gap-a-percent", lambda: bs.unpaired_gap(82, 78, 100), ValueError, r"^a must be a proportion.*not percent.*got 82$"),
    ("gap-b-neg", lambda: bs.unpaired_gap(0.5, -0.1, 100), ValueError, r"^b must be a proportion from 0 to 1.*got -0\.1$"),
    ("gap-a-nan", lambda: bs.unpaired_gap(NAN, 0.5, 100), ValueError, r"^a must be a finite number, got nan$"),
    ("gap-n0", lambda: bs.unpaired_gap(0.8, 0.5, 0), ValueError, r"^n must be a whole number of questions ≥ 1, got 0$"),
    ("gap-n-frac", lambda: bs.unpaired_gap(0.8, 0.5, 10.5), ValueError, r"^n must be .*got 10\.5$"),
    ("gap-n_b0", lambda: bs.unpaired_gap(0.8, 0.5, 10, n_b=0), ValueError, r"^n_b must be .*≥ 1, got 0$"),
    ("gap-level", lambda: bs.unpaired_gap(0.8, 0.5, 10, confidence_level=1.5), ValueError, r"confidence_level must be between 0 and 1.*got 1\.5"),
    ("gap-a-bool", lambda: bs.unpaired_gap(True, 0.5, 10), TypeError, r"^a must be a number, got True"),
    ("gap-a-str", lambda: bs.unpaired_gap("0.8", 0.5, 10), TypeError, r"^a must be a number, got '0\.8'"),
    ("gap-n-str", lambda: bs.unpaired_gap(0.8, 0.5, "100"), TypeError, r"^n must be a whole number.*got '100'"),
    ("gap-n-bool", lambda: bs.unpaired_gap(0.8, 0.5, True), TypeError, r"^n must be a whole number.*got True"),
    # --- gap_from_standard_errors
    ("se-zero", lambda: bs.gap_from_standard_errors(0.8, 0, 0.7, 0.01), ValueError, r"^se_a must be greater than 0, got 0$"),
    ("se-neg", lambda: bs.gap_from_standard_errors(0.8, 0.01, 0.7, -0.01), ValueError, r"^se_b must be greater than 0, got -0\.01$"),
    ("se-inf", lambda: bs.gap_from_standard_errors(0.8, 0.01, 0.7, INF), ValueError, r"^se_b must be a finite number, got inf$"),
    ("se-a-1.2", lambda: bs.gap_from_standard_errors(1.2, 0.01, 0.7, 0.01), ValueError, r"^a must be a proportion.*got 1\.2$"),
    ("se-str", lambda: bs.gap_from_standard_errors(0.8, "1", 0.7, 0.01), TypeError, r"^se_a must be a number, got '1'"),
    # --- paired_gap
    ("paired-b+c>n", lambda: bs.paired_gap(20, 8, 27), ValueError, r"b \+ c must be at most n .*20 \+ 8 = 28 with n = 27"),
    ("paired-b-neg", lambda: bs.paired_gap(-1, 8, 27), ValueError, r"^b must be .*≥ 0, got -1$"),
    ("paired-c-frac", lambda: bs.paired_gap(1, 2.5, 27), ValueError, r"^c must be .*got 2\.5$"),
    ("paired-n0", lambda: bs.paired_gap(0, 0, 0), ValueError, r"^n must be .*≥ 1, got 0$"),
    ("paired-method", lambda: bs.paired_gap(2, 8, 27, method="mcnemar"), ValueError, r"method must be one of .*'wald'.*got 'mcnemar'"),
    ("paired-level", lambda: bs.paired_gap(2, 8, 27, confidence_level=0), ValueError, r"confidence_level.*got 0"),
    ("paired-b-str", lambda: bs.paired_gap("2", 8, 27), TypeError, r"^b must be a whole number.*got '2'"),
    # --- mcnemar
    ("mcnemar-b-neg", lambda: bs.mcnemar(-1, 3), ValueError, r"^b must be .*≥ 0, got -1$"),
    ("mcnemar-c-frac", lambda: bs.mcnemar(1, 1.5), ValueError, r"^c must be .*got 1\.5$"),
    ("mcnemar-method", lambda: bs.mcnemar(1, 3, method="fisher"), ValueError, r"method must be one of 'exact', 'mid-p', 'asymptotic', 'corrected', got 'fisher'"),
    ("mcnemar-b-bool", lambda: bs.mcnemar(True, 3), TypeError, r"^b must be a whole number.*got True"),
    ("mcnemar-b-str", lambda: bs.mcnemar("3", 3), TypeError, r"^b must be a whole number.*got '3'"),
    # --- power
    ("zsum-alpha-0", lambda: bs.z_sum(alpha=0), ValueError, r"^alpha must be between 0 and 1.*got 0$"),
    ("zsum-alpha-1.5", lambda: bs.z_sum(alpha=1.5), ValueError, r"^alpha must be between 0 and 1.*got 1\.5$"),
    ("zsum-power-1", lambda: bs.z_sum(power=1), ValueError, r"^power must be between 0 and 1.*got 1$"),
    ("zsum-power-percent", lambda: bs.z_sum(power=80), ValueError, r"^power must be between 0 and 1.*got 80$"),
    ("zsum-alpha-str", lambda: bs.z_sum(alpha="0.05"), TypeError, r"^alpha must be a number, got '0\.05'"),
    ("qn-equal", lambda: bs.questions_needed(0.8, 0.8), ValueError, r"a and b must differ.*0\.8"),
    ("qn-a-1.2", lambda: bs.questions_needed(1.2, 0.8), ValueError, r"^a must be a proportion.*got 1\.2$"),
    ("qn-alpha", lambda: bs.questions_needed(0.82, 0.78, alpha=0), ValueError, r"^alpha must be between 0 and 1.*got 0$"),
    ("qnp-lead-0", lambda: bs.questions_needed_paired(0, 0.2), ValueError, r"^lead must be a non-zero proportion.*got 0"),
    ("qnp-lead-big", lambda: bs.questions_needed_paired(1.5, 0.2), ValueError, r"^lead must be .*got 1\.5$"),
    ("qnp-disc<lead", lambda: bs.questions_needed_paired(0.3, 0.2), ValueError, r"discordance must be at least the lead.*0\.3.*discordance=0\.2"),
    ("qnp-disc-1.2", lambda: bs.questions_needed_paired(0.02, 1.2), ValueError, r"^discordance must be a proportion.*got 1\.2$"),
    ("mde-both", lambda: bs.minimum_detectable_effect(100, p=0.5, discordance=0.2), ValueError, r"exactly one of p .* or discordance"),
    ("mde-neither", lambda: bs.minimum_detectable_effect(100), ValueError, r"exactly one of p .* or discordance"),
    ("mde-n0", lambda: bs.minimum_detectable_effect(0, p=0.5), ValueError, r"^n must be .*≥ 1, got 0$"),
    ("mde-n-array", lambda: bs.minimum_detectable_effect(np.array([100, -1]), p=0.5), ValueError, r"^n must be .*≥ 1, got -1$"),
    ("mde-p-1.5", lambda: bs.minimum_detectable_effect(100, p=1.5), ValueError, r"^p must be a proportion.*got 1\.5$"),
    ("mde-disc-neg", lambda: bs.minimum_detectable_effect(100, discordance=-0.2), ValueError, r"^discordance must be a proportion.*got -0\.2$"),
    ("mder-omega-neg", lambda: bs.minimum_detectable_effect_repeats(100, omega2=-1, sigma2_a=0, sigma2_b=0), ValueError, r"^omega2 must be a variance ≥ 0, got -1$"),
    ("mder-k0", lambda: bs.minimum_detectable_effect_repeats(100, omega2=0.1, sigma2_a=0, sigma2_b=0, k_a=0), ValueError, r"^k_a must be a whole number .*≥ 1 or inf, got 0$"),
    ("mder-k-frac", lambda: bs.minimum_detectable_effect_repeats(100, omega2=0.1, sigma2_a=0, sigma2_b=0, k_b=1.5), ValueError, r"^k_b must be .*got 1\.5$"),
    ("mder-all-zero", lambda: bs.minimum_detectable_effect_repeats(100, omega2=0, sigma2_a=0, sigma2_b=0), ValueError, r"cannot all be 0"),
    ("mder-str", lambda: bs.minimum_detectable_effect_repeats(100, omega2="a", sigma2_a=0, sigma2_b=0), TypeError, r"^omega2 must be a number, got 'a'"),
    ("mder-n0", lambda: bs.minimum_detectable_effect_repeats(0, omega2=0.1, sigma2_a=0, sigma2_b=0), ValueError, r"^n must be .*≥ 1, got 0$"),
    # --- luck
    ("gd-p-1.2", lambda: bs.gap_distribution(1.2, 10), ValueError, r"^p must be a proportion.*got 1\.2$"),
    ("gd-n0", lambda: bs.gap_distribution(0.5, 0), ValueError, r"^n must be a whole number of questions ≥ 1, got 0$"),
    ("gd-n-huge", lambda: bs.gap_distribution(0.5, 10**12), ValueError, r"^n must be at most .*got 1,000,000,000,000$"),
    ("gd-p-str", lambda: bs.gap_distribution("0.5", 10), TypeError, r"^p must be a number, got '0\.5'"),
    ("pgal-lead-2", lambda: bs.prob_gap_at_least(0.5, 10, 2), ValueError, r"^lead must be between -1 and 1.*got 2"),
    ("pgal-lead-points", lambda: bs.prob_gap_at_least(0.8, 100, 4), ValueError, r"not points.*got 4"),
    ("pgal-lead-nan", lambda: bs.prob_gap_at_least(0.5, 10, NAN), ValueError, r"^lead must be a finite number, got nan$"),
    ("sim-runs0", lambda: bs.simulate_gaps(0.5, 10, 0), ValueError, r"^runs must be .*≥ 1, got 0$"),
    ("sim-seed-neg", lambda: bs.simulate_gaps(0.5, 10, 10, seed=-1), ValueError, r"^seed must be .*≥ 0, got -1$"),
    ("sim-seed-str", lambda: bs.simulate_gaps(0.5, 10, 10, seed="x"), TypeError, r"^seed must be a whole number.*got 'x'"),
    ("sim-p-1.2", lambda: bs.simulate_gaps(1.2, 10, 10), ValueError, r"^p must be a proportion.*got 1\.2$"),
    # --- pass@k
    ("pak-k>n", lambda: bs.pass_at_k(5, 2, 6), ValueError, r"^k must be at most n.*k=6 with n=5$"),
    ("pak-c>n", lambda: bs.pass_at_k(5, 6, 2), ValueError, r"^c must be at most n.*c=6 with n=5$"),
    ("pak-k0", lambda: bs.pass_at_k(5, 2, 0), ValueError, r"^k must be .*≥ 1, got 0$"),
    ("pak-n0", lambda: bs.pass_at_k(0, 0, 1), ValueError, r"^n must be .*≥ 1, got 0$"),
    ("pak-c-neg", lambda: bs.pass_at_k(5, -1, 1), ValueError, r"^c must be .*≥ 0, got -1$"),
    ("pak-c-bool", lambda: bs.pass_at_k(5, True, 1), TypeError, r"^c must be whole number.*got True"),
    ("pak-k>n-array", lambda: bs.pass_at_k(np.array([10, 5]), 2, np.array([3, 6])), ValueError, r"k=6 with n=5"),
    ("naive-p-1.2", lambda: bs.naive_pass_at_k(1.2, 3), ValueError, r"^p must be a proportion from 0 to 1.*got 1\.2$"),
    ("naive-k0", lambda: bs.naive_pass_at_k(0.2, 0), ValueError, r"^k must be .*≥ 1, got 0$"),
    ("maj-sum>1", lambda: bs.maj_at_k(0.6, 0.5, 3), ValueError, r"p_correct \+ p_distractor must be at most 1.*0\.6.*0\.5"),
    ("maj-k0", lambda: bs.maj_at_k(0.6, 0.3, 0), ValueError, r"^k must be .*≥ 1, got 0$"),
    ("maj-pc-1.2", lambda: bs.maj_at_k(1.2, 0.3, 1), ValueError, r"^p_correct must be a proportion.*got 1\.2$"),
    ("maj-pd-neg", lambda: bs.maj_at_k(0.2, -0.3, 1), ValueError, r"^p_distractor must be a proportion.*got -0\.3$"),
    # --- presets
    ("bench-unknown", lambda: bs.get_benchmark("gpqa-physics"), ValueError, r"unknown benchmark 'gpqa-physics'.*leadorluck benchmarks"),
    ("bench-family", lambda: bs.get_benchmark("gpqa"), ValueError, r"'gpqa' names sets of different size.*gpqa-diamond \(198\)"),
    ("bench-none", lambda: bs.get_benchmark(None), ValueError, r"unknown benchmark None"),
]  # fmt: skip


@pytest.mark.parametrize("call, exc, pattern", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_argument_raises_with_a_plain_message(call, exc, pattern):
    with pytest.raises(exc, match=pattern) as info:
        call()
    message = str(info.value)
    # The message is written for a reader: no NumPy reprs, no tracebacks-in-words.
    assert "np." not in message and "numpy" not in message, message


def test_every_public_function_is_covered():
    covered = set()
    for case_id, *_ in CASES:
        covered.add(case_id.split("-")[0])
    prefixes = {
        "proportion_ci": "ci",
        "chance_corrected": "cc",
        "unpaired_gap": "gap",
        "gap_from_standard_errors": "se",
        "paired_gap": "paired",
        "mcnemar": "mcnemar",
        "z_sum": "zsum",
        "questions_needed": "qn",
        "questions_needed_paired": "qnp",
        "minimum_detectable_effect": "mde",
        "minimum_detectable_effect_repeats": "mder",
        "gap_distribution": "gd",
        "prob_gap_at_least": "pgal",
        "simulate_gaps": "sim",
        "pass_at_k": "pak",
        "naive_pass_at_k": "naive",
        "maj_at_k": "maj",
        "get_benchmark": "bench",
    }
    functions = {name for name in bs.__all__ if callable(getattr(bs, name)) and name[0].islower()}
    assert functions == set(prefixes), functions ^ set(prefixes)
    assert set(prefixes.values()) <= covered


@pytest.mark.parametrize(
    "call",
    [
        lambda: bs.proportion_ci(3, 20),
        lambda: bs.unpaired_gap(0.82, 0.78, 100).se,
        lambda: bs.mcnemar(20, 8).p_value,
        lambda: bs.pass_at_k(20, 3, 5),
        lambda: bs.prob_gap_at_least(0.8, 100, 0.04),
    ],
)
def test_good_arguments_still_work_after_bad_ones(call):
    # Validation keeps no state: a refused call leaves the next good one untouched.
    with pytest.raises((ValueError, TypeError)):
        bs.proportion_ci(0, 0)
    first = call()
    assert first == call()
    assert all(math.isfinite(x) for x in (first if isinstance(first, tuple) else (first,)))
