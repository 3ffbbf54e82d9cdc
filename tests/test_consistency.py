"""Check a claim and the Gap grader cannot disagree (issue 12), and say a number one way.

Two layers, to stay fast on a shared machine:

- **Through the pages (AppTest).** One AppTest per page, reused: the inputs
  are set between runs. Every edge case (a = b, 0%, 100%, n = 1, n = 10⁶,
  the ``a=100, b=0, n=1`` case the two pages used to disagree on) and 40 of
  the 200 seeded random claims (a seeded sample) are opened on both pages;
  the verdict, the range, the SE (label and value) and p must read the same.
  Reported SEs open each page from a link.
- **Pure functions, all 200.** Every seeded claim is graded the way each page
  grades it, and its card's numbers are checked against a reference computed
  here with scipy (the normal range cut at ±100 points, the two-sided p, the
  verdict), so the sample above stands for all of them.

The one-vocabulary test renders the same quantities through every page that
shows them and compares the text.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from conftest import app_test, card_numbers
from scipy import stats

from benchstats import words
from benchstats.grading import grade_reported_se, grade_unpaired
from benchstats.prose import claim as prose

CHECK = "app_pages/check_a_claim.py"
GRADER = "app_pages/gap-grader.py"
SEED = 20261130
SAMPLED = 40  # of the 200 claims, this many go through both pages


def _claims(count: int = 200) -> list[tuple[float, float, int]]:
    """Seeded random claims: scores with up to two decimals, n log-uniform up to 10⁵."""
    rng = random.Random(SEED)
    out = []
    for _ in range(count):
        a = round(rng.uniform(0, 100), rng.choice((0, 1, 2)))
        b = round(rng.uniform(0, 100), rng.choice((0, 1, 2)))
        n = max(1, round(10 ** rng.uniform(0, 5)))
        out.append((a, b, n))
    return out


CLAIMS = _claims()
EDGES = [
    (100, 0, 1),  # the disagreement of issue 12: inside the noise on both pages now
    (0, 100, 1),
    (80, 80, 100),  # a = b
    (0, 0, 50),
    (100, 100, 50),
    (0, 3, 100),
    (100, 90, 100),
    (100, 0, 100),
    (82, 78, 1),
    (50.5, 49.5, 1_000_000),
    (87.3, 85.1, 198),
]
REPORTED = [(93.43, 1.24, 95.2, 1.07), (71.4, 1.8, 69.0, 1.9), (50, 0.01, 50, 0.01)]


def _shown(at) -> dict[str, str]:
    """What both pages must agree on, as shown: verdict, range, the SE's label and value, and
    the one chance of such a gap by luck (its value and what its help says it is)."""
    metrics = {m.label: m for m in at.metric}
    headline = next(m.value for m in at.markdown if m.value.startswith("#### "))
    se_label = next(k for k in metrics if k in ("SE of the gap", "SE if equally good"))
    return {
        "verdict": headline.split("] ", 1)[1].replace("\\", ""),
        "range": metrics["95% range for the true lead"].value,
        "SE": f"{se_label}: {metrics[se_label].value}",
        "luck": metrics[prose.LUCK].value,
        "luck help": metrics[prose.LUCK].help,
    }


@pytest.fixture(scope="module")
def pages():
    """One AppTest per page, opened once, reused for every claim."""
    check = app_test(CHECK, a=82, b=78, n=100).run()
    grader = app_test(GRADER, a=82, b=78, n=100).run()
    assert not check.exception and not grader.exception
    return check, grader


def _open(at, a: float, b: float, n: int) -> dict[str, str]:
    at.number_input(key="a").set_value(float(a))
    at.number_input(key="b").set_value(float(b))
    at.number_input(key="n").set_value(int(n))
    at.run(timeout=60)
    assert not at.exception, [e.value for e in at.exception]
    return _shown(at)


SAMPLE = random.Random(SEED).sample(CLAIMS, SAMPLED)


@pytest.mark.parametrize(("a", "b", "n"), EDGES + SAMPLE)
def test_both_pages_show_the_same_verdict_range_se_and_p(pages, a, b, n):
    check, grader = pages
    on_check, on_grader = _open(check, a, b, n), _open(grader, a, b, n)
    assert on_check == on_grader


def test_100_vs_0_on_one_question_is_inside_the_noise_on_both_pages(pages):
    check, grader = pages
    for at in pages:
        shown = _open(at, 100, 0, 1)
        assert shown["verdict"].startswith("Inside the noise")
        assert shown["range"] == "−12.2 to +100.0"
        assert shown["luck"] == "50%"  # two equal models at 50% split one question: 2·½·½
        assert "p = 0.157" in shown["luck help"]  # the normal approximation's, in its help
    assert _shown(check) == _shown(grader)


@pytest.mark.parametrize(("a", "se_a", "b", "se_b"), REPORTED)
def test_reported_standard_errors_read_the_same_on_both_pages(a, se_a, b, se_b):
    query = {"a": a, "se_a": se_a, "b": b, "se_b": se_b}
    on_check = _shown(app_test(CHECK, **query).run())
    on_grader = _shown(app_test(GRADER, **query).run())
    assert on_check == on_grader
    # neither page works a luck chance from a number of questions: the SEs are the evidence
    g = grade_reported_se(a / 100, se_a / 100, b / 100, se_b / 100)
    assert on_check["luck"] == words.rough_chance(g.gap.p_value)
    assert "the normal approximation from the reported SEs" in on_check["luck help"]


def exact_luck(a: float, b: float, n: int) -> float:
    """P(|X − Y| ≥ k) for X, Y independent Binomial(n, (a + b)/2), k the lead in whole questions
    (each score as its nearest count, halves up): Σₓ pmf(x)·cdf(x − k), twice, from scipy."""
    k = abs(math.floor(a * n + 0.5 + 1e-9) - math.floor(b * n + 0.5 + 1e-9))
    if k == 0:
        return 1.0
    x = np.arange(n + 1)
    dist = stats.binom(n, (a + b) / 2)
    # never 0: k ≤ n can always happen; far tails underflow a float sum to 0
    return min(1.0, max(2 * float(np.sum(dist.pmf(x) * dist.cdf(x - k))), math.ulp(0.0)))


@pytest.mark.parametrize(("a", "b", "n"), CLAIMS)
def test_every_claim_against_a_reference(a, b, n):
    """All 200 claims, without a browser: the card's numbers against scipy."""
    g = grade_unpaired(a / 100, b / 100, n)
    shown = {k.label: k.value for k in prose.key_numbers(g)}
    lead = (a - b) / 100
    se = math.sqrt(a / 100 * (1 - a / 100) / n + b / 100 * (1 - b / 100) / n)
    if se == 0:  # 0% or 100% both: Newcombe's range, tested in tests/test_gaps.py
        assert shown["SE if equally good"]
        return
    z = stats.norm.ppf(0.975)
    low, high = max(lead - z * se, -1), min(lead + z * se, 1)
    assert shown["95% range for the true lead"] == f"{words.points(low)} to {words.points(high)}"
    assert shown["SE of the gap"] == f"{se * 100:.2f} points"
    luck = next(k for k in prose.key_numbers(g) if k.label == prose.LUCK)
    assert f"p = {words.p_value(2 * stats.norm.sf(abs(lead / se)))}" in luck.help
    assert luck.value == words.rough_chance(exact_luck(a / 100, b / 100, n))
    clears = low > 0 or high < 0
    if lead == 0:
        assert prose.headline(g).startswith("No lead")
    else:
        assert prose.headline(g).startswith("Clears" if clears else "Inside")


# --------------------------------------------------------------------------- one vocabulary


def test_one_vocabulary_across_the_pages():
    """87.3% vs 85.1% on GPQA Diamond: every quantity both pages show reads the same."""
    check = app_test(CHECK, a=87.3, b=85.1, bench="gpqa-diamond").run()
    grader = app_test(GRADER, a=87.3, b=85.1, bench="gpqa-diamond").run()
    shown_check, shown_grader = card_numbers(check), card_numbers(grader)
    common = set(shown_check) & set(shown_grader)
    assert len(common) >= 7, common
    assert {k: shown_check[k] for k in common} == {k: shown_grader[k] for k in common}
    # the luck chance: the one definition (173 vs 168 of 198, a 5-question lead)
    assert shown_check["Same or bigger gap by luck"] == "51%"  # exact: 0.5114
    luck = next(m for m in grader.metric if m.label == prose.LUCK)
    assert "(51.14%)" in luck.help and "p = 0.525" in luck.help  # the normal one, named
    # the reported-SE grading reads the same through the pure objects too
    g = grade_reported_se(0.9343, 0.0124, 0.952, 0.0107)
    assert [k.value for k in prose.key_numbers(g)][:4] == [
        "−1.8 points",
        "−5.0 to +1.4",
        "1.64 points",
        "28%",  # the normal p, 0.280, as a chance at two figures
    ]
