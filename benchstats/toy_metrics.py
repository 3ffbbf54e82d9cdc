"""Accuracy against a continuous metric: a toy model of why the probability of the
right answer carries signal before accuracy does.

Early in training accuracy sits at chance while the probability the model
gives the right option already moves; :func:`toy_metric_curves` draws both
for a few models so their signal-to-noise ratios can be compared
(:mod:`benchstats.signal_noise`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from benchstats import _validate
from benchstats.signal_noise import CheckpointRuns, _scores

__all__ = ["ToyMetrics", "toy_metric_curves"]


# --------------------------------------------------------------------------- accuracy against a continuous metric


_DIFFICULTY_SD = 0.7  # share of the right option's logit variance set by the question


@dataclass(frozen=True, eq=False)
class ToyMetrics:
    """The same toy checkpoints scored two ways (models × checkpoints, proportions).

    ``accuracy``: share of questions whose right option scores highest;
    ``probability``: mean probability the model puts on the right option
    (a continuous metric, as bits-per-byte is for the articles).
    """

    names: tuple[str, ...]
    steps: np.ndarray
    accuracy: np.ndarray
    probability: np.ndarray
    options: int

    def runs(self, metric: str = "accuracy") -> CheckpointRuns:
        """One metric's curves as :class:`CheckpointRuns` (for :func:`snr_of_runs` and the charts).

        >>> toy_metric_curves(seed=1).runs("probability").observed.shape
        (4, 20)
        """
        metric = _validate.method(metric, ("accuracy", "probability"))
        return CheckpointRuns(self.names, self.steps, getattr(self, metric))


def toy_metric_curves(
    final_skills: Sequence[float] = (0.4, 0.8, 1.2, 1.6),
    *,
    n: int = 300,
    checkpoints: int = 20,
    options: int = 4,
    start_skill: float = 0.0,
    seed: int | None = None,
) -> ToyMetrics:
    """Toy checkpoints where the chance of the right answer moves smoothly and accuracy lags.

    Question i has a difficulty dᵢ ~ N(0, 0.7²), shared by every model and
    checkpoint. At a checkpoint a model with skill s gives the right option
    the logit s − dᵢ + ε₀, ε₀ ~ N(0, 1 − 0.7²), and each wrong option
    εⱼ ~ N(0, 1), fresh at every checkpoint (every option's logit has
    variance 1, so at s = 0 the right one is the largest 1/options of the
    time) (which questions a model happens to get right
    changes from one checkpoint to the next). Skill rises from
    ``start_skill`` to the model's final skill along the curve of
    :func:`simulate_checkpoints`. Accuracy counts the questions whose right
    logit is the largest; the continuous metric is the softmax probability
    of the right option. At skill 0 every option looks alike and accuracy
    sits near chance (1/options); each checkpoint flips the questions near
    the edge, which moves accuracy more than the probability, so the
    continuous metric has the higher signal-to-noise ratio.

    Examples
    --------
    >>> toy = toy_metric_curves(seed=1)
    >>> toy.accuracy.shape, [round(float(x), 2) for x in toy.accuracy[:, 0]]
    ((4, 20), [0.27, 0.3, 0.31, 0.34])
    """
    skills = _scores("final_skills", final_skills, minimum=2)
    n = _validate.count("n", n, minimum=1, what="questions")
    checkpoints = _validate.count("checkpoints", checkpoints, minimum=2, what="checkpoints")
    options = _validate.count("options", options, minimum=2, what="answer options")
    start = _validate.real("start_skill", start_skill)
    if seed is not None:
        seed = _validate.count("seed", seed, what="a seed")
    if skills.size * checkpoints * n * options > 20_000_000:
        msg = "final_skills × checkpoints × n × options must stay under 20,000,000 logits"
        raise ValueError(msg)
    steps = np.arange(1, checkpoints + 1)
    shape = -np.expm1(-4.0 * steps / checkpoints) / -np.expm1(-4.0)
    skill = start + (skills[:, None] - start) * shape[None, :]  # models × checkpoints
    rng = np.random.default_rng(seed)
    difficulty = _DIFFICULTY_SD * rng.standard_normal(n)
    logits = rng.standard_normal((skills.size, checkpoints, n, options))
    logits[..., 0] *= np.sqrt(1 - _DIFFICULTY_SD**2)
    logits[..., 0] += skill[:, :, None] - difficulty[None, None, :]
    right = logits[..., 0] > logits[..., 1:].max(axis=-1)
    soft = np.exp(logits - logits.max(axis=-1, keepdims=True))
    prob = soft[..., 0] / soft.sum(axis=-1)
    names = tuple(f"Model {chr(65 + i)}" for i in range(skills.size))
    return ToyMetrics(names, steps, right.mean(axis=-1), prob.mean(axis=-1), options)
