"""Signal and noise across training checkpoints.

A benchmark helps decide between training runs when the spread between
different models (signal) is large against one model's checkpoint-to-checkpoint
jitter late in training (noise). For final scores m₁ … m_M of M models and the
last checkpoints c₁ … c_W of one model (Heineman et al. 2025),

    signal = max_{j,k} |m_j − m_k| / mean(m),
    noise  = sd(c) / mean(c)          (population sd, ddof = 0),
    SNR    = signal / noise.

Averaging each model's last k checkpoints lowers the noise and so raises the SNR.

References
----------
Heineman, Hofmann, Magnusson, Gu, Smith, Hajishirzi, Lo and Dodge (2025),
"Signal and Noise: A Framework for Reducing Uncertainty in Language Model
Evaluation", arXiv:2508.13144 (their ``signal_to_noise_ratio`` and
``decision_acc_fast``). Magnusson et al. (2025), "DataDecide".
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from benchstats import _validate
from benchstats.power import minimum_detectable_effect, questions_needed_paired


@dataclass(frozen=True)
class SignalNoise:
    """``spread`` = max − min of the models' scores and ``jitter`` = the sd of the last
    checkpoints; ``signal`` and ``noise`` are those relative to their means, and
    ``snr`` = signal / noise: infinite when the checkpoints never move, 0 when
    the models do not differ.
    """

    spread: float
    jitter: float
    signal: float
    noise: float
    snr: float

    def __repr__(self) -> str:
        return (
            f"SignalNoise(snr={self.snr:.3g}, spread={self.spread:.4g}, jitter={self.jitter:.4g})"
        )


def _scores(name: str, values: object, *, minimum: int = 1, unit: bool = False) -> np.ndarray:
    arr = np.atleast_1d(np.asarray(values, dtype=float))
    if arr.ndim != 1 or arr.size < minimum or not np.all(np.isfinite(arr)):
        msg = f"{name} must be a list of at least {minimum} finite scores, got {values!r}"
        raise ValueError(msg)
    if unit and np.any((arr < 0) | (arr > 1)):
        msg = f"{name} must be proportions from 0 to 1, got {values!r}"
        raise ValueError(msg)
    return arr


def _sd(x: np.ndarray) -> np.ndarray:
    """Population sd along the last axis, exactly 0 where every value is the same
    (``np.std`` of equal floats can be 1e-17, a flat series' SNR huge but finite)."""
    return np.where(np.ptp(x, axis=-1) == 0, 0.0, np.std(x, axis=-1))


def signal_to_noise(
    final_scores: Sequence[float], last_checkpoints: Sequence[float]
) -> SignalNoise:
    """The SNR of the module docstring: final scores against one model's last checkpoints.

    Scores in any one unit (accuracy, or a continuous metric).

    Examples
    --------
    >>> r = signal_to_noise([0.40, 0.44, 0.50], [0.49, 0.50, 0.51, 0.50])
    >>> round(r.spread, 3), round(r.jitter, 4), round(r.snr, 1)
    (0.1, 0.0071, 15.8)
    """
    m = _scores("final_scores", final_scores, minimum=2)
    c = _scores("last_checkpoints", last_checkpoints, minimum=2)
    _nonzero_mean(c)
    jitter = float(_sd(c))
    return _ratio(m, jitter, jitter / abs(float(c.mean())))


def _nonzero_mean(x: np.ndarray) -> None:
    if np.any(x.mean(axis=-1) == 0):
        msg = "scores must not average 0: signal and noise are relative to the mean"
        raise ValueError(msg)


def _ratio(m: np.ndarray, jitter: float, noise: float) -> SignalNoise:
    _nonzero_mean(m)
    spread = float(m.max() - m.min())
    signal = spread / abs(float(m.mean()))
    # models that do not differ: no signal, whatever the noise; checkpoints that never move: none
    snr = 0.0 if signal == 0 else math.inf if noise == 0 else signal / noise
    return SignalNoise(spread, jitter, signal, noise, snr)


def trailing_mean(curves, k: int) -> np.ndarray:
    """Each checkpoint replaced by the mean of it and the k − 1 before it (fewer at the start).

    *Vectorised* over models: ``curves`` is models × checkpoints (or one curve).
    Each mean sums its own window, so a flat stretch stays flat.

    Examples
    --------
    >>> trailing_mean([1.0, 2.0, 3.0, 4.0], 2).tolist()
    [1.0, 1.5, 2.5, 3.5]
    """
    x = np.asarray(curves, dtype=float)
    k = _validate.count("k", k, minimum=1, what="checkpoints to average")
    padded = np.concatenate([np.full((*x.shape[:-1], k - 1), np.nan), x], axis=-1)
    return np.nanmean(sliding_window_view(padded, k, axis=-1), axis=-1)


def snr_of_runs(
    curves, *, window: int = 5, average: int = 1, noise_model: int | None = None
) -> SignalNoise:
    """SNR of models × checkpoints score curves, with the last ``average`` checkpoints averaged.

    Each model's score is the :func:`trailing_mean` of its last ``average``
    checkpoints. The noise is the jitter of that score over the last ``window``
    checkpoints: of model ``noise_model`` if given, else every model's relative
    sd pooled (root mean square), so the spread between models is not noise.

    Examples
    --------
    >>> runs = simulate_checkpoints([0.45, 0.5, 0.55], n=500, seed=1)
    >>> [round(snr_of_runs(runs.observed, average=k).snr, 1) for k in (1, 5)]
    [4.0, 15.5]
    """
    x = np.asarray(curves, dtype=float)
    if x.ndim != 2 or x.shape[0] < 2 or not np.all(np.isfinite(x)):
        msg = f"curves must be models × checkpoints with at least 2 models, got shape {x.shape}"
        raise ValueError(msg)
    window = _validate.count("window", window, minimum=2, what="checkpoints")
    average = _validate.count("average", average, minimum=1, what="checkpoints to average")
    if window + average - 1 > x.shape[1]:
        msg = (
            f"window + average − 1 must be at most the {x.shape[1]} checkpoints, "
            f"got window={window}, average={average}"
        )
        raise ValueError(msg)
    smooth = trailing_mean(x, average)[:, -window:]
    if noise_model is not None:
        i = _validate.count("noise_model", noise_model, what="a model's row")
        if i >= x.shape[0]:
            msg = f"noise_model must be a row 0 … {x.shape[0] - 1}, got {noise_model!r}"
            raise ValueError(msg)
        return signal_to_noise(smooth[:, -1], smooth[i])
    _nonzero_mean(smooth)
    sd = _sd(smooth)
    rel = sd / np.abs(smooth.mean(axis=1))
    return _ratio(smooth[:, -1], float(np.sqrt(np.mean(sd**2))), float(np.sqrt(np.mean(rel**2))))


def decision_accuracy(small_scores: Sequence[float], target_scores: Sequence[float]) -> float:
    """Share of model pairs that the small-scale scores order as the target scores do.

    Heineman et al.'s decision accuracy: the share of pairs j < k with
    (small_j > small_k) = (target_j > target_k).

    Examples
    --------
    >>> decision_accuracy([0.1, 0.3, 0.2], [0.5, 0.6, 0.7])
    0.6666666666666666
    """
    s = _scores("small_scores", small_scores, minimum=2)
    t = _scores("target_scores", target_scores, minimum=2)
    if s.size != t.size:
        msg = f"small_scores and target_scores must list the same models, got {s.size} and {t.size}"
        raise ValueError(msg)
    upper = np.triu(np.ones((s.size, s.size), dtype=bool), 1)
    agree = (s[:, None] > s[None, :]) == (t[:, None] > t[None, :])
    return float(agree[upper].mean())


@functools.lru_cache(maxsize=256)
def _binomial_cdf(m: int, p: float) -> tuple[int, np.ndarray]:
    """Binomial(m, p)'s cumulative probabilities from its first likely k on, and that k.

    Over m·p ± (12 sd + 30), outside which the binomial holds under 1e-19
    (Bernstein's bound), below the 2⁻⁵³ step of a uniform draw; built from the
    ratios pmf(k+1)/pmf(k) = (m − k)/(k + 1) · p/(1 − p). Cached read-only.
    """
    if p in (0.0, 1.0):
        cdf = np.ones(1)
        cdf.flags.writeable = False
        return round(m * p), cdf
    half = 12.0 * math.sqrt(m * p * (1.0 - p)) + 30.0
    lo, hi = max(0, math.floor(m * p - half)), min(m, math.ceil(m * p + half))
    k = np.arange(lo, hi)
    log_pmf = np.concatenate(([0.0], np.cumsum(np.log((m - k) / (k + 1)) + math.log(p / (1 - p)))))
    cdf = np.cumsum(np.exp(log_pmf - log_pmf.max()))
    cdf /= cdf[-1]
    cdf.flags.writeable = False
    return lo, cdf


def _binomial_draws(ranked: np.ndarray, trials: np.ndarray, p: float) -> np.ndarray:
    """Binomial(m, p) at the sorted uniforms ``ranked`` for each m in ``trials``: trials × runs.

    Each draw is the exact quantile, the smallest k with F(k) ≥ u, found from
    the other side: the number of uniforms at most F(k) is the number of draws
    at most k. Counts are int32 where they fit.
    """
    small = trials.size == 0 or int(trials.max()) <= np.iinfo(np.int32).max
    dtype = np.int32 if small else np.int64
    draws = np.empty((trials.size, ranked.size), dtype=dtype)
    for row, m in zip(draws, trials.tolist(), strict=True):
        lo, cdf = _binomial_cdf(int(m), float(p))
        at_most = np.searchsorted(ranked, cdf, side="right")
        at_most[-1] = ranked.size  # the last k takes what rounding left
        row[:] = np.repeat(np.arange(lo, lo + cdf.size, dtype=dtype), np.diff(at_most, prepend=0))
    return draws


def chance_picks_winner(
    true_scores: Sequence[float],
    n,
    *,
    average=1,
    runs: int = 20_000,
    seed: int | None = 0,
) -> float | np.ndarray:
    """Chance that the model with the best measured score is the truly best one.

    Each score is the mean of the last ``average`` checkpoints on ``n`` questions,
    Binomial(n·average, p)/(n·average); ties are broken at random. Seeded,
    *vectorised* in ``n`` and ``average``: one draw of uniforms serves every n
    (common random numbers), so the curve over n is smooth.

    Examples
    --------
    >>> [round(chance_picks_winner([0.50, 0.52], n), 2) for n in (100, 1000, 5000)]
    [0.61, 0.82, 0.98]
    """
    p = _scores("true_scores", true_scores, minimum=2, unit=True)
    if np.sum(p == p.max()) > 1:
        msg = f"true_scores must have one best model to pick, got {true_scores!r}"
        raise ValueError(msg)
    n_arr = _validate.counts("n", n, minimum=1, what="questions")
    checkpoints = _validate.counts("average", average, minimum=1, what="checkpoints to average")
    runs = _validate.count("runs", runs, minimum=1, what="runs")
    seed = _validate.seed(seed)
    wanted = n_arr * checkpoints  # questions behind each score
    trials = np.unique(wanted)
    if trials.size == 0:
        return wanted.astype(float)
    rng = np.random.default_rng(seed)
    ranked = np.sort(rng.random((p.size, runs)), axis=1)  # each model's uniforms, in order
    winner = int(np.argmax(p))
    best = _binomial_draws(ranked[winner], trials, p[winner])  # trials × runs
    others = [  # each model's draws meet the best's in a random order
        np.take(_binomial_draws(ranked[j], trials, p[j]), rng.permutation(runs), axis=1)
        for j in range(p.size)
        if j != winner
    ]
    top = functools.reduce(np.maximum, others)
    chosen = np.count_nonzero(best > top, axis=1).astype(float)
    row, col = np.nonzero(best == top)  # a tie at the top shares the pick
    level = best[row, col]
    ties = sum((o[row, col] == level).astype(np.int64) for o in others)
    chosen = (chosen + np.bincount(row, weights=1 / (1 + ties), minlength=trials.size)) / runs
    return _validate.scalar_or_array(chosen[np.searchsorted(trials, wanted)])


@dataclass(frozen=True, eq=False)
class CheckpointRuns:
    """Score curves of several models: ``true`` and ``observed`` are models × checkpoints.

    ``n`` is the questions per evaluation (None for a reader's table without it).
    """

    names: tuple[str, ...]
    steps: np.ndarray
    observed: np.ndarray
    true: np.ndarray | None = None
    n: int | None = None

    def __repr__(self) -> str:
        return (
            f"CheckpointRuns(models={len(self.names)}, checkpoints={self.steps.size}, n={self.n})"
        )


# Presets for the page: true final scores, questions and the chance floor.
PRESETS: dict[str, dict] = {
    "close": {"final_scores": (0.50, 0.51, 0.52, 0.53), "n": 500, "chance": 0.25},
    "spread": {"final_scores": (0.40, 0.48, 0.56, 0.64), "n": 500, "chance": 0.25},
    "small-benchmark": {"final_scores": (0.30, 0.33, 0.36), "n": 200, "chance": 0.25},
    "large-benchmark": {"final_scores": (0.30, 0.33, 0.36), "n": 5000, "chance": 0.25},
}


def _rise(checkpoints: int, rate: float) -> np.ndarray:
    """(1 − e^(−rate·t))/(1 − e^(−rate)) at t = step/checkpoints, steps 1 … checkpoints."""
    t = np.arange(1, checkpoints + 1) / checkpoints
    return -np.expm1(-rate * t) / -np.expm1(-rate)


def model_names(count: int) -> tuple[str, ...]:
    """The simulated models' names: Model A, Model B, … (Model 27 and on past Z)."""
    return tuple(f"Model {chr(65 + i)}" if i < 26 else f"Model {i + 1}" for i in range(count))


def simulate_checkpoints(
    final_scores: Sequence[float],
    *,
    n: int = 500,
    checkpoints: int = 20,
    chance: float = 0.25,
    rate: float = 4.0,
    names: Sequence[str] | None = None,
    seed: int | None = None,
) -> CheckpointRuns:
    """Seeded training curves: a smooth true curve per model plus the sampling noise of n questions.

    The true score rises from ``chance`` to the model's final score as
    chance + (final − chance)·(1 − e^(−rate·t))/(1 − e^(−rate)), t = step/last
    step (steps 1 … ``checkpoints``); each checkpoint scores Binomial(n, true)/n.

    Examples
    --------
    >>> runs = simulate_checkpoints([0.4, 0.5], n=200, checkpoints=5, seed=3)
    >>> runs.true[1].round(3).tolist(), runs.observed.shape
    ([0.39, 0.453, 0.482, 0.494, 0.5], (2, 5))
    """
    finals = _scores("final_scores", final_scores, unit=True)
    n = _validate.count("n", n, minimum=1, what="questions")
    checkpoints = _validate.count("checkpoints", checkpoints, minimum=2, what="checkpoints")
    chance = _validate.proportion("chance", chance)
    rate = _validate.positive("rate", rate)
    seed = _validate.seed(seed)
    names = model_names(finals.size) if names is None else tuple(str(x) for x in names)
    if len(names) != finals.size:
        msg = f"names must name every model, got {len(names)} names for {finals.size} models"
        raise ValueError(msg)
    steps = np.arange(1, checkpoints + 1)
    true = chance + (finals[:, None] - chance) * _rise(checkpoints, rate)[None, :]
    observed = np.random.default_rng(seed).binomial(n, true) / n
    return CheckpointRuns(names, steps, observed, true, n)


def snr_by_questions(
    final_scores: Sequence[float],
    questions,
    *,
    checkpoints: int = 20,
    chance: float = 0.25,
    window: int = 5,
    average: int = 1,
    seed: int | None = None,
) -> np.ndarray:
    """The SNR of seeded simulated curves at each number of questions: ways × questions.

    For each n, :func:`snr_of_runs` of :func:`simulate_checkpoints` (the same
    seed at every n): row 0 by the last checkpoint, row 1 (``average`` > 1) by
    the mean of the last ``average``.

    Examples
    --------
    >>> snr_by_questions([0.4, 0.5], [100, 1000], checkpoints=8, average=3, seed=1).shape
    (2, 2)
    """
    n = _validate.counts("questions", questions, minimum=1, what="questions")
    ways = (1, average) if average > 1 else (1,)
    observed = [
        simulate_checkpoints(
            final_scores, n=int(m), checkpoints=checkpoints, chance=chance, seed=seed
        ).observed
        for m in np.atleast_1d(n)
    ]
    return np.array(
        [[snr_of_runs(x, window=window, average=k).snr for x in observed] for k in ways]
    )


def checkpoints_from_table(model, step, score, n=None) -> CheckpointRuns:
    """A reader's table (model, step, score[, n]) as models × checkpoints.

    Every model needs a score at every step; models in order of first appearance.

    Examples
    --------
    >>> runs = checkpoints_from_table(["a", "a", "b", "b"], [1, 2, 1, 2], [0.3, 0.4, 0.5, 0.45])
    >>> runs.names, runs.steps.tolist(), runs.observed.tolist()
    (('a', 'b'), [1, 2], [[0.3, 0.4], [0.5, 0.45]])
    """
    labels = np.asarray(model, dtype=object).astype(str)
    steps = np.asarray(step, dtype=float)
    scores = np.asarray(score, dtype=float)
    if not (labels.ndim == steps.ndim == scores.ndim == 1) or not (
        labels.size == steps.size == scores.size
    ):
        msg = f"model, step and score must be one value per row, got {labels.size}, {steps.size} and {scores.size}"
        raise ValueError(msg)
    if not np.all(np.isfinite(steps)) or not np.all(np.isfinite(scores)):
        msg = "step and score must be numbers in every row"
        raise ValueError(msg)
    names, first = np.unique(labels, return_index=True)
    names = [str(x) for x in names[np.argsort(first)]]
    grid = np.unique(steps)
    table = np.full((len(names), grid.size), np.nan)
    row = {name: i for i, name in enumerate(names)}
    for lab, s, y in zip(labels, steps, scores, strict=True):
        i, j = row[lab], int(np.searchsorted(grid, s))
        if not np.isnan(table[i, j]):
            msg = f"model {lab!r} has two scores at step {s:g}"
            raise ValueError(msg)
        table[i, j] = y
    missing = np.argwhere(np.isnan(table))
    if missing.size:
        i, j = missing[0]
        msg = f"model {names[i]!r} has no score at step {grid[j]:g}: every model needs every step"
        raise ValueError(msg)
    n_val = (
        None if n is None else int(np.max(_validate.counts("n", n, minimum=1, what="questions")))
    )
    steps_out = grid.astype(np.int64) if np.all(grid == np.floor(grid)) else grid
    return CheckpointRuns(tuple(names), steps_out, table, None, n_val)


def checkpoint_mde(
    n, *, discordance: float = 0.2, alpha: float = 0.05, power: float = 0.8
) -> float | np.ndarray:
    """Smallest change between two checkpoints that n questions detect. *Vectorised*.

    :func:`benchstats.minimum_detectable_effect` at ``discordance``, the share
    of questions on which the two checkpoints disagree.

    Examples
    --------
    >>> [round(100 * checkpoint_mde(n), 1) for n in (200, 500, 1000, 2000, 5000)]
    [8.9, 5.6, 4.0, 2.8, 1.8]
    """
    return minimum_detectable_effect(n, discordance=discordance, alpha=alpha, power=power)


def detectable_change(
    n, *, discordance: float = 0.2, alpha: float = 0.05, power: float = 0.8
) -> float | np.ndarray:
    """:func:`checkpoint_mde` where a change that size can happen, NaN where it cannot.

    Two checkpoints cannot move a score by more than the share of questions
    they disagree on: above ``discordance`` no possible change reaches the
    power asked for. *Vectorised*.

    Examples
    --------
    >>> round(100 * detectable_change(200), 1), detectable_change(200, discordance=0.01)
    (8.9, nan)
    """
    mde = np.asarray(checkpoint_mde(n, discordance=discordance, alpha=alpha, power=power))
    out = np.where(mde <= discordance, mde, np.nan)
    return float(out) if out.ndim == 0 else out


def checkpoint_questions(
    change: float, *, discordance: float = 0.2, alpha: float = 0.05, power: float = 0.8
) -> int:
    """Questions needed to detect a change between checkpoints:
    :func:`benchstats.questions_needed_paired`.

    Examples
    --------
    >>> checkpoint_questions(0.02)
    3925
    """
    return questions_needed_paired(change, discordance, alpha=alpha, power=power)


_DIFFICULTY_SD = 0.7  # share of the right option's logit variance set by the question


def toy_metric_curves(
    final_skills: Sequence[float] = (0.4, 0.8, 1.2, 1.6),
    *,
    n: int = 300,
    checkpoints: int = 20,
    options: int = 4,
    start_skill: float = 0.0,
    seed: int | None = None,
) -> tuple[CheckpointRuns, CheckpointRuns]:
    """Toy checkpoints where the chance of the right answer moves smoothly and accuracy lags.

    Accuracy and the mean softmax probability of the right option (a continuous
    metric) of the same checkpoints. Question i has a difficulty dᵢ ~ N(0, 0.7²);
    skill s gives the right option the logit s − dᵢ + ε₀, ε₀ ~ N(0, 1 − 0.7²),
    each wrong option εⱼ ~ N(0, 1), fresh at every checkpoint; skill rises from
    ``start_skill`` along the curve of :func:`simulate_checkpoints`.

    Examples
    --------
    >>> accuracy, probability = toy_metric_curves(seed=1)
    >>> accuracy.observed.shape, [round(float(x), 2) for x in accuracy.observed[:, 0]]
    ((4, 20), [0.27, 0.3, 0.31, 0.34])
    """
    skills = _scores("final_skills", final_skills, minimum=2)
    n = _validate.count("n", n, minimum=1, what="questions")
    checkpoints = _validate.count("checkpoints", checkpoints, minimum=2, what="checkpoints")
    options = _validate.count("options", options, minimum=2, what="answer options")
    start = _validate.real("start_skill", start_skill)
    seed = _validate.seed(seed)
    if skills.size * checkpoints * n * options > 20_000_000:
        msg = "final_skills × checkpoints × n × options must stay under 20,000,000 logits"
        raise ValueError(msg)
    steps = np.arange(1, checkpoints + 1)
    skill = start + (skills[:, None] - start) * _rise(checkpoints, 4.0)[None, :]
    rng = np.random.default_rng(seed)
    difficulty = _DIFFICULTY_SD * rng.standard_normal(n)
    logits = rng.standard_normal((skills.size, checkpoints, n, options))
    logits[..., 0] *= np.sqrt(1 - _DIFFICULTY_SD**2)
    logits[..., 0] += skill[:, :, None] - difficulty[None, None, :]
    right = logits[..., 0] > logits[..., 1:].max(axis=-1)
    soft = np.exp(logits - logits.max(axis=-1, keepdims=True))
    prob = soft[..., 0] / soft.sum(axis=-1)
    names = model_names(skills.size)
    return tuple(CheckpointRuns(names, steps, x.mean(axis=-1)) for x in (right, prob))
