"""Argument checks shared by the public functions.

Each check repeats the value it refuses and says what is allowed, so the
message can be shown to a reader as it is.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable

import numpy as np

# Proportions below this are taken as 0: no score is that small, and scipy's
# binomial code (Boost) overflows for p near the smallest doubles.
TINY = 1e-200


def _is_bool(value: object) -> bool:
    return isinstance(value, bool | np.bool_)


def count(name: str, value: object, *, minimum: int = 0, what: str = "count") -> int:
    """A whole number ≥ ``minimum`` as a Python int (bools and text refused)."""
    if _is_bool(value) or not isinstance(value, numbers.Real):
        msg = (
            f"{name} must be a whole number ({what}), got {value!r} of type {type(value).__name__}"
        )
        raise TypeError(msg)
    if not math.isfinite(value) or float(value) != math.floor(value) or value < minimum:
        msg = f"{name} must be a whole number of {what} ≥ {minimum}, got {value!r}"
        raise ValueError(msg)
    return int(value)


def counts(name: str, value: object, *, minimum: int = 0, what: str = "count") -> np.ndarray:
    """An array of whole numbers ≥ ``minimum`` (int64)."""
    arr = np.asarray(value)
    if arr.dtype == bool or not (np.issubdtype(arr.dtype, np.number)):
        msg = f"{name} must be whole numbers ({what}), got {value!r}"
        raise TypeError(msg)
    if arr.size and (
        not np.all(np.isfinite(arr)) or np.any(arr != np.floor(arr)) or np.any(arr < minimum)
    ):
        bad = arr[~(np.isfinite(arr) & (arr == np.floor(arr)) & (arr >= minimum))].flat[0].item()
        kind = "a whole number" if arr.ndim == 0 else "whole numbers"
        msg = f"{name} must be {kind} of {what} ≥ {minimum}, got {bad!r}"
        raise ValueError(msg)
    return arr.astype(np.int64)


def seed(value: object) -> int | None:
    """A random seed: None or a whole number ≥ 0."""
    return None if value is None else count("seed", value, what="a seed")


def real(name: str, value: object) -> float:
    """A finite real number as a Python float."""
    if _is_bool(value) or not isinstance(value, numbers.Real):
        msg = f"{name} must be a number, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    if not math.isfinite(value):
        msg = f"{name} must be a finite number, got {value!r}"
        raise ValueError(msg)
    return float(value)


def proportion(name: str, value: object) -> float:
    """A proportion in [0, 1] (0.82, not 82)."""
    x = real(name, value)
    if not 0.0 <= x <= 1.0:
        hint = " (proportions, not percent: 0.82 for 82%)" if 1.0 < x <= 100.0 else ""
        msg = f"{name} must be a proportion from 0 to 1{hint}, got {value!r}"
        raise ValueError(msg)
    return 0.0 if x < TINY else x


def scores(a: object, b: object) -> tuple[float, float]:
    """Two models' scores ``a`` and ``b``, each a proportion."""
    return proportion("a", a), proportion("b", b)


def proportions(name: str, value: object) -> np.ndarray:
    """An array of proportions in [0, 1] (float64)."""
    arr = np.asarray(value)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        msg = f"{name} must be numbers from 0 to 1, got {value!r}"
        raise TypeError(msg)
    arr = arr.astype(np.float64)
    bad = ~((arr >= 0.0) & (arr <= 1.0))
    if np.any(bad):
        first = arr[bad].flat[0].item()
        hint = " (proportions, not percent: 0.82 for 82%)" if 1.0 < first <= 100.0 else ""
        msg = f"{name} must be a proportion from 0 to 1{hint}, got {first!r}"
        raise ValueError(msg)
    return np.where(arr < TINY, 0.0, arr)


def _real_where(name: str, value: object, ok: Callable[[float], bool], allowed: str) -> float:
    x = real(name, value)
    if not ok(x):
        msg = f"{name} must be {allowed}, got {value!r}"
        raise ValueError(msg)
    return x


def positive(name: str, value: object) -> float:
    """A finite number > 0."""
    return _real_where(name, value, lambda x: x > 0.0, "greater than 0")


def open_unit(name: str, value: object) -> float:
    """A number strictly between 0 and 1 (a level, alpha or power)."""
    return _real_where(name, value, lambda x: 0.0 < x < 1.0, "between 0 and 1 (exclusive)")


def method(value: object, allowed: Iterable[str]) -> str:
    """One of a closed set of method names, exactly."""
    allowed = tuple(allowed)
    if value not in allowed:
        names = ", ".join(repr(a) for a in allowed)
        msg = f"method must be one of {names}, got {value!r}"
        raise ValueError(msg)
    return str(value)


def scalar_or_array(x: np.ndarray) -> float | np.ndarray:
    """Python float for 0-d results, the array otherwise."""
    return float(x) if np.ndim(x) == 0 else x


def nonnegative(name: str, value: object) -> float:
    """A finite number ≥ 0 (a standard error: 0 at a score of 0% or 100%)."""
    return _real_where(name, value, lambda x: x >= 0.0, "0 or more")


def paired_counts(
    b: object, c: object, n: object, *, names: tuple[str, str] = ("b", "c")
) -> tuple[int, int, int]:
    """Paired counts, checked once for every module.

    The one statement of the mapping: McNemar's **b** is the number of
    questions only model A got right (the pages' ``a_only``) and **c** the
    number only model B got right (``b_only``); ``names`` are used in the messages.
    """
    name_b, name_c = names
    b = count(name_b, b, what="questions only model A got right")
    c = count(name_c, c, what="questions only model B got right")
    n = count("n", n, minimum=1, what="questions")
    if b + c > n:
        msg = (
            f"{name_b} + {name_c} must be at most n (questions only one model got right "
            f"cannot outnumber all questions), got {b} + {c} = {b + c} with n = {n}"
        )
        raise ValueError(msg)
    return b, c, n


def at_most_n(name: str, value: np.ndarray, n: np.ndarray, why: str) -> None:
    """Refuse a ``value`` above ``n`` (arrays of one shape), naming the first."""
    if np.any(value > n):
        i = np.flatnonzero(value > n)[0]
        msg = f"{name} must be at most n ({why}), got {name}={value.flat[i]} with n={n.flat[i]}"
        raise ValueError(msg)


def variance(name: str, value: object) -> float:
    """A variance: a finite number ≥ 0."""
    return _real_where(name, value, lambda x: x >= 0.0, "a variance ≥ 0")


def slice_sizes(value: object) -> np.ndarray:
    """Questions per slice: a non-empty list of whole numbers ≥ 1."""
    arr = counts("sizes", value, minimum=1, what="questions in a slice")
    if arr.ndim != 1 or arr.size == 0:
        msg = f"sizes must be a list of questions per slice, got {value!r}"
        raise ValueError(msg)
    return arr
