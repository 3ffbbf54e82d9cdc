"""pass@k, the naive shortcut, and maj@k against brute-force enumeration."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchstats import maj_at_k, naive_pass_at_k, pass_at_k

# --- pass@k -------------------------------------------------------------------------------


def brute_pass_at_k(n: int, c: int, k: int) -> Fraction:
    """Share of the C(n, k) draws of k samples (samples 0..c-1 pass) holding a pass."""
    hits = total = 0
    for draw in itertools.combinations(range(n), k):
        total += 1
        hits += any(s < c for s in draw)
    return Fraction(hits, total)


def comb_pass_at_k(n: int, c: int, k: int) -> Fraction:
    """1 − C(n−c, k)/C(n, k) in exact integer arithmetic (math.comb of any size)."""
    return 1 - Fraction(math.comb(n - c, k), math.comb(n, k))


SMALL = [(n, c, k) for n in range(1, 11) for c in range(n + 1) for k in range(1, n + 1)]


@pytest.mark.parametrize("n, c, k", SMALL, ids=[f"ref-enum-{n}-{c}-{k}" for n, c, k in SMALL])
def test_reference_pass_at_k_by_enumeration(n, c, k):
    exact = brute_pass_at_k(n, c, k)
    assert exact == comb_pass_at_k(n, c, k)  # the enumeration and the closed form agree
    got = pass_at_k(n, c, k)
    assert type(got) is float
    assert got == pytest.approx(float(exact), abs=1e-15)
    if n - c < k:
        assert got == 1.0  # exactly 1, not 0.9999999999999999


LARGE = [
    (20, 3, 5),
    (200, 1, 100),
    (200, 100, 100),
    (200, 7, 150),
    (1000, 3, 500),
    (10**6, 1, 1),
    (10**6, 10, 1000),
    (10**6, 999, 50),
    (10**6, 5 * 10**5, 3),
    (10**5, 20, 10**4),
]


@pytest.mark.parametrize("n, c, k", LARGE, ids=[f"ref-comb-{n}-{c}-{k}" for n, c, k in LARGE])
def test_reference_pass_at_k_large_n_exact_rational(n, c, k):
    exact = float(comb_pass_at_k(n, c, k))
    got = pass_at_k(n, c, k)
    assert math.isfinite(got)
    assert got == pytest.approx(exact, rel=1e-12, abs=1e-15)


def test_pass_at_k_vectorised_equals_scalar_loop():
    rng = np.random.default_rng(0)
    n = rng.integers(1, 300, size=500)
    c = rng.integers(0, n + 1)
    k = rng.integers(1, n + 1)
    out = pass_at_k(n, c, k)
    assert isinstance(out, np.ndarray) and out.shape == n.shape
    loop = [pass_at_k(int(a), int(b), int(d)) for a, b, d in zip(n, c, k, strict=True)]
    np.testing.assert_allclose(out, loop, rtol=1e-14, atol=1e-15)
    for i in range(0, 500, 37):
        assert out[i] == pytest.approx(
            float(comb_pass_at_k(int(n[i]), int(c[i]), int(k[i]))), rel=1e-12, abs=1e-15
        )


def test_pass_at_k_broadcasts_k():
    ks = np.arange(1, 21)
    out = pass_at_k(20, 3, ks)
    assert out.shape == (20,)
    assert out[0] == pytest.approx(0.15)
    assert np.all(out[17:] == 1.0)  # n − c = 17 < k


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 3000).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n - 1))
    )
)
def test_pass_at_k_rises_with_k_and_with_c(nck):
    n, c, k = nck
    here = pass_at_k(n, c, k)
    assert 0.0 <= here <= 1.0
    assert pass_at_k(n, c, k + 1) >= here
    if c < n:
        assert pass_at_k(n, c + 1, k) >= here
    # pass@1 is the plain pass rate.
    assert pass_at_k(n, c, 1) == pytest.approx(c / n, rel=1e-14, abs=1e-16)


# --- naive shortcut -----------------------------------------------------------------------


def test_naive_pass_at_k_values_and_vectorised():
    assert naive_pass_at_k(0.15, 5) == pytest.approx(1 - 0.85**5, rel=1e-14)
    assert type(naive_pass_at_k(0.15, 5)) is float
    p = np.array([0.0, 0.1, 0.5, 1.0])
    np.testing.assert_allclose(naive_pass_at_k(p, 3), 1 - (1 - p) ** 3, rtol=1e-14, atol=1e-16)
    np.testing.assert_allclose(
        naive_pass_at_k(0.2, np.array([1, 2, 10])), [0.2, 0.36, 1 - 0.8**10], rtol=1e-14
    )


def test_naive_shortcut_overstates_a_mixed_benchmark():
    # Half the problems always pass, half never: true pass@5 is 0.5; the shortcut on the
    # average pass rate says 1 − 0.5^5.
    true = np.mean(pass_at_k(np.array([10, 10]), np.array([10, 0]), 5))
    assert true == 0.5
    assert naive_pass_at_k(0.5, 5) == pytest.approx(1 - 0.5**5)


# --- maj@k --------------------------------------------------------------------------------


def brute_maj_at_k(pc: Fraction, pd: Fraction, k: int) -> Fraction:
    """Exact maj@k by enumerating every multinomial outcome (correct, distractor, unique).

    With x correct samples, y distractor samples and u = k − x − y samples each a wrong
    answer of its own: the top count is m = max(x, y, 1 if u else 0); the answers tied at m
    are the correct one (if x = m), the distractor (if y = m) and, when m = 1, every one of
    the u unique answers. The correct answer wins with chance 1/(number tied) if x = m ≥ 1.
    """
    po = 1 - pc - pd
    total = Fraction(0)
    for x in range(k + 1):
        for y in range(k - x + 1):
            u = k - x - y
            m = max(x, y, 1 if u else 0)
            if x == 0 or x != m:
                continue
            tied = 1 + (y == m) + (u if m == 1 else 0)
            ways = math.factorial(k) // (math.factorial(x) * math.factorial(y) * math.factorial(u))
            total += ways * pc**x * pd**y * po**u / tied
    return total


MAJ_CASES = [
    (Fraction(2, 5), Fraction(3, 10), k) for k in range(1, 13)
] + [
    (Fraction(3, 10), Fraction(2, 5), k) for k in (1, 2, 3, 5, 8)
] + [
    (Fraction(1, 2), Fraction(1, 2), k) for k in (1, 2, 3, 4, 7)
] + [
    (Fraction(1, 5), Fraction(0), k) for k in (1, 2, 3, 6)
] + [
    (Fraction(1), Fraction(0), 5), (Fraction(0), Fraction(1, 3), 4), (Fraction(1, 10), Fraction(1, 10), 9),
]  # fmt: skip


@pytest.mark.parametrize(
    "pc, pd, k", MAJ_CASES, ids=[f"ref-maj-{pc}-{pd}-{k}" for pc, pd, k in MAJ_CASES]
)
def test_reference_maj_at_k_by_enumeration(pc, pd, k):
    assert maj_at_k(float(pc), float(pd), k) == pytest.approx(
        float(brute_maj_at_k(pc, pd, k)), abs=1e-14
    )


@settings(max_examples=60, deadline=None)
@given(
    pc=st.integers(0, 100),
    pd=st.integers(0, 100),
    k=st.integers(1, 9),
)
def test_maj_at_k_matches_enumeration(pc, pd, k):
    if pc + pd > 100:
        pc, pd = 100 - pd, pd  # keep p_correct + p_distractor ≤ 1
    fc, fd = Fraction(pc, 100), Fraction(pd, 100)
    got = maj_at_k(pc / 100, pd / 100, k)
    assert type(got) is float
    assert got == pytest.approx(float(brute_maj_at_k(fc, fd, k)), abs=1e-13)


@settings(max_examples=60, deadline=None)
@given(pc=st.floats(0, 1), share=st.floats(0, 1))
def test_maj_at_one_is_p_correct(pc, share):
    pd = (1 - pc) * share
    assert maj_at_k(pc, pd, 1) == pytest.approx(pc, abs=1e-15)


def test_maj_at_k_vectorised_in_k():
    ks = np.array([1, 2, 3, 5, 25, 101])
    out = maj_at_k(0.3, 0.4, ks)
    assert isinstance(out, np.ndarray) and out.shape == ks.shape
    for k, v in zip(ks, out, strict=True):
        assert v == maj_at_k(0.3, 0.4, int(k))


def test_maj_at_k_limits_follow_the_mode():
    assert maj_at_k(0.4, 0.3, 2001) > 0.99
    assert maj_at_k(0.3, 0.4, 2001) < 0.01
    assert maj_at_k(0.35, 0.35, 2001) == pytest.approx(0.5, abs=0.01)
    # A strong distractor makes more samples worse.
    assert maj_at_k(0.3, 0.4, 100) < maj_at_k(0.3, 0.4, 25) < maj_at_k(0.3, 0.4, 1)
