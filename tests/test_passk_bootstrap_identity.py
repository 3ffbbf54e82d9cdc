"""A new seed's bootstrap band on the pass@k page gives the numbers it always gave.

The band's seed-free part (each problem's pass@k at each k, the equal draw
chances) is now built once per benchmark (:func:`mix_resampler`) and each seed
pays for its draws and percentiles only, with the columns sorted before
``np.quantile``. The reference is the bootstrap as it was written before,
kept plainly as ``bootstrap_mix_plain`` in tools/bench_stats.py; the two must
agree bit for bit (``np.array_equal``, no tolerance) over many seeds, every
preset, uploaded benchmarks of other sizes and other resample counts and levels.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_stats  # noqa: E402

from benchstats.passk_mix import (  # noqa: E402
    MAX_MIX_K,
    MIX_PRESETS,
    bootstrap_mix_pass_at_k,
    get_mix,
    k_grid,
    mix_resampler,
    problems,
)


def _uploads():
    """Benchmarks unlike the presets: 1 to 1,000 problems, 1 to 600 samples each."""
    rs = np.random.default_rng(2026)
    out = []
    for m in (1, 2, 7, 50, 101, 333, 1000):
        n = rs.integers(1, 600, m)
        out.append(problems(n, rs.integers(0, n + 1)))
    return out


BENCHMARKS = [get_mix(key).problems for key in MIX_PRESETS] + _uploads()


def _same(new, old) -> None:
    assert np.array_equal(new.k, old.k)
    assert np.array_equal(new.low, old.low), np.max(np.abs(new.low - old.low))
    assert np.array_equal(new.high, old.high), np.max(np.abs(new.high - old.high))
    assert (new.resamples, new.confidence_level, new.seed) == (
        old.resamples,
        old.confidence_level,
        old.seed,
    )


@pytest.mark.parametrize("key", list(MIX_PRESETS))
def test_every_preset_band_is_unchanged_over_many_seeds(key):
    p = get_mix(key).problems
    ks = k_grid(min(p.max_k, MAX_MIX_K))  # the page's k
    resampler = mix_resampler(p, ks)  # built once, as the page keeps it
    # Ten seeds, two of them far from the small ones: a kept resampler whose
    # state leaked from one seed into the next would differ on the second.
    for seed in [*range(8), 999_999, 123_456]:
        old = bench_stats.bootstrap_mix_plain(p, ks, 1000, 0.95, seed)
        _same(resampler.band(resamples=1000, seed=seed), old)
        _same(bootstrap_mix_pass_at_k(p, ks, resamples=1000, seed=seed), old)


@pytest.mark.parametrize("index", range(len(BENCHMARKS)))
@pytest.mark.parametrize(("resamples", "level"), [(1000, 0.95), (999, 0.9), (137, 0.5)])
def test_other_benchmarks_sizes_and_levels_are_unchanged(index, resamples, level):
    p = BENCHMARKS[index]
    ks = k_grid(min(p.max_k, MAX_MIX_K))
    resampler = mix_resampler(p, ks)
    for seed in range(4):
        old = bench_stats.bootstrap_mix_plain(p, ks, resamples, level, seed)
        new = resampler.band(resamples=resamples, confidence_level=level, seed=seed)
        _same(new, old)


def test_the_reference_is_not_trivially_equal():
    """Different seeds give different bands, so equality above is not vacuous."""
    p = get_mix("long-tail").problems
    ks = k_grid(50)
    a = bench_stats.bootstrap_mix_plain(p, ks, 1000, 0.95, 1)
    b = bench_stats.bootstrap_mix_plain(p, ks, 1000, 0.95, 2)
    assert not np.array_equal(a.low, b.low)


def test_a_resampler_is_read_only_and_leaves_the_callers_k_alone():
    ks = k_grid(50)
    r = mix_resampler(get_mix("all-medium").problems, ks)
    assert ks.flags.writeable
    for a in (r.k, r.per_problem, r.pvals):
        assert not a.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        r.per_problem[0, 0] = 1.0
    first = r.band(seed=5)
    r.band(seed=6)
    _same(r.band(seed=5), first)  # one band leaves nothing behind for the next
