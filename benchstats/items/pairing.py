"""Models lined up question by question: each score the mean over the model's runs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

from benchstats.items._base import Items, categorical, listed_values


@dataclass(frozen=True, eq=False)
class PairedItems:
    """Two models lined up on the questions both answered.

    One entry per paired question (``ids``): ``a`` and ``b`` (each model's
    mean over its ``k_a``, ``k_b`` runs), ``var_a`` and ``var_b`` (the runs'
    variance, ddof=1; NaN with one run), ``cluster`` (codes into
    ``clusters``, −1 for none). ``only_a`` and ``only_b`` count the questions
    one model alone answered (left out).
    """

    model_a: str
    model_b: str
    ids: pd.Index
    a: np.ndarray
    b: np.ndarray
    k_a: np.ndarray
    k_b: np.ndarray
    var_a: np.ndarray
    var_b: np.ndarray
    cluster: np.ndarray
    clusters: pd.Index
    only_a: int = 0
    only_b: int = 0

    n = property(lambda self: int(self.a.size), doc="Paired questions.")
    diff = property(lambda self: self.a - self.b, doc="Per-question difference a − b.")

    @cached_property
    def binary(self) -> bool:
        """True when every paired score is exactly 0 or 1 (right or wrong)."""
        return bool(np.all((self.a == 0) | (self.a == 1)) and np.all((self.b == 0) | (self.b == 1)))

    @property
    def has_clusters(self) -> bool:
        """True when the paired questions carry clusters."""
        return bool(self.cluster.size and self.cluster.min() >= 0)

    @property
    def has_repeats(self) -> bool:
        """True when some paired question has more than one run for a model."""
        return bool(self.k_a.max(initial=0) > 1 or self.k_b.max(initial=0) > 1)

    @cached_property
    def table(self) -> pd.DataFrame:
        """One row per paired question: question_id, cluster, a, b, diff, k_a, k_b, var_a, var_b."""
        columns = ("a", "b", "diff", "k_a", "k_b", "var_a", "var_b")
        first = {"question_id": self.ids, "cluster": categorical(self.cluster, self.clusters)}
        return pd.DataFrame(first | {c: getattr(self, c) for c in columns})

    def __repr__(self) -> str:
        return (
            f"PairedItems(model_a={self.model_a!r}, model_b={self.model_b!r}, n={self.n}, "
            f"only_a={self.only_a}, only_b={self.only_b})"
        )


def _per_question(items: Items, model: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per question: the model's runs, their mean and their variance (ddof=1; NaN with one run)."""
    if model not in items.models:
        msg = f"model must be one of {listed_values(items.models)}, got {model!r}."
        raise ValueError(msg)
    sel = items.mcode == items.models.index(model)
    codes, scores, q = items.qcode[sel], items.score[sel], len(items.ids)
    k = np.bincount(codes, minlength=q)
    if k.max(initial=0) <= 1:  # one answer each (a wide CSV): no averaging, no spread
        mean = np.full(q, np.nan)
        mean[codes] = scores
        return k, mean, np.full(q, np.nan)
    total = np.bincount(codes, weights=scores, minlength=q)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / k
        dev = scores - mean[codes]
        ss = np.bincount(codes, weights=dev * dev, minlength=q)
        var = np.where(k > 1, ss / (k - 1), np.nan)
    return k, mean, var


def pair_items(items: Items, model_a: str | None = None, model_b: str | None = None) -> PairedItems:
    """Line two models up on the questions both answered.

    Each model's score on a question is the mean over its runs; questions
    only one model answered are left out and counted. ``model_a`` and
    ``model_b`` default to the first two models of the file.

    Examples
    --------
    >>> from benchstats.items import read_items
    >>> items = read_items(b"question_id,x,y\\nq1,1,0\\nq2,0,0\\nq3,,1\\n")
    >>> p = pair_items(items)
    >>> p
    PairedItems(model_a='x', model_b='y', n=2, only_a=0, only_b=1)
    >>> p.table[["question_id", "a", "b", "diff"]].values.tolist()
    [['q1', 1.0, 0.0, 1.0], ['q2', 0.0, 0.0, 0.0]]
    """
    models = items.models
    if len(models) < 2:
        msg = f"expected scores for two models, found one: {listed_values(models)}."
        raise ValueError(msg)
    model_a = models[0] if model_a is None else model_a
    if model_b is None:
        model_b = models[1] if model_a != models[1] else models[0]
    k_a, mean_a, var_a = _per_question(items, model_a)
    k_b, mean_b, var_b = _per_question(items, model_b)
    if model_a == model_b:
        msg = f"expected two different models, got {model_a!r} twice."
        raise ValueError(msg)
    has_a, has_b = k_a > 0, k_b > 0
    both = has_a & has_b
    if not both.any():
        ex_a = items.ids[np.flatnonzero(has_a)[:3]].tolist()
        ex_b = items.ids[np.flatnonzero(has_b)[:3]].tolist()
        msg = (
            f"expected {model_a} and {model_b} to share question ids, found none in common "
            f"({model_a} has {listed_values(ex_a) or 'none'}…; {model_b} has {listed_values(ex_b) or 'none'}…)."
        )
        raise ValueError(msg)
    idx = np.flatnonzero(both)
    arrays = (x[idx] for x in (mean_a, mean_b, k_a, k_b, var_a, var_b))
    ids, cluster = items.ids.take(idx), items.cluster_of[idx]
    only = int(np.count_nonzero(has_a & ~has_b)), int(np.count_nonzero(has_b & ~has_a))
    return PairedItems(str(model_a), str(model_b), ids, *arrays, cluster, items.clusters, *only)


@dataclass(frozen=True, eq=False)
class AlignedItems:
    """Several models lined up on the questions every one of them answered.

    ``scores`` (questions × models) holds each model's mean over its ``runs``
    on the question ``ids`` names; ``left_out`` counts questions some model
    answered but not all.
    """

    models: tuple[str, ...]
    ids: pd.Index
    scores: np.ndarray
    runs: np.ndarray
    left_out: int = 0

    n = property(lambda self: int(self.scores.shape[0]), doc="Questions every model answered.")

    @cached_property
    def table(self) -> pd.DataFrame:
        """One row per question: question_id, then each model's score."""
        frame = pd.DataFrame(self.scores, columns=list(self.models))
        frame.insert(0, "question_id", self.ids)
        return frame

    def __repr__(self) -> str:
        return f"AlignedItems(models={self.models!r}, n={self.n}, left_out={self.left_out})"


def align_items(items: Items, models: Sequence[str] | None = None) -> AlignedItems:
    """Line several models up on the questions all of them answered.

    The K-model form of :func:`pair_items`, for a leaderboard of models run
    on one task: a question any model lacks is left out and counted.

    Examples
    --------
    >>> from benchstats.items import read_items
    >>> items = read_items(b"question_id,x,y,z\\nq1,1,0,1\\nq2,0,0,\\nq3,1,1,0\\n")
    >>> aligned = align_items(items)
    >>> aligned
    AlignedItems(models=('x', 'y', 'z'), n=2, left_out=1)
    >>> aligned.table.values.tolist()
    [['q1', 1.0, 0.0, 1.0], ['q3', 1.0, 1.0, 0.0]]
    """
    chosen = tuple(items.models if models is None else models)
    each = [_per_question(items, m) for m in chosen]
    if len(chosen) < 2 or len(set(chosen)) < len(chosen):
        msg = f"expected two or more different models, got {listed_values(chosen) or 'none'}."
        raise ValueError(msg)
    runs = np.column_stack([k for k, _, _ in each])
    means = np.column_stack([mean for _, mean, _ in each])
    every, some = (runs > 0).all(axis=1), (runs > 0).any(axis=1)
    if not every.any():
        msg = f"expected {listed_values(chosen)} to share question ids, found none that all of them answered."
        raise ValueError(msg)
    idx = np.flatnonzero(every)
    return AlignedItems(
        chosen, items.ids.take(idx), means[idx], runs[idx], int((some & ~every).sum())
    )
