"""Numbers in words: the one place the site turns a number into text.

Proportions in, text out, so the same quantity reads the same everywhere; a
minus is always U+2212.

Examples
--------
>>> score(0.8275), percent(0.8275), points(-0.0123), p_value(0.0007), chance(0.5355091811)
('82.75%', '82.8%', '−1.2', '< 0.001', '53.55%')
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal

MINUS = "\u2212"


def _hundred(x: float, decimals: int) -> float:
    """100·x to ``decimals`` places, halves away from zero on x as written (0.77325 → 77.33),
    NumPy floats as Python floats (``round`` differs between the two)."""
    if not math.isfinite(x):
        return float(x) * 100
    exact = Decimal(repr(float(x))) * 100
    return float(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


def _minus(text: str) -> str:
    return text.replace("-", MINUS)


def score(x: float, *, decimals: int = 0) -> str:
    """A score as the reader typed it: up to two decimals, no trailing zeros, and at least
    ``decimals`` (as many as the reader wrote: "55.0" stays 55.0%).

    Examples
    --------
    >>> score(0.82), score(0.9343), score(0.8275), score(0.5), score(-0.12)
    ('82%', '93.43%', '82.75%', '50%', '−12%')
    >>> score(0.55, decimals=1), score(0.8275, decimals=1), score(0.55125, decimals=3)
    ('55.0%', '82.75%', '55.125%')
    """
    places = max(2, decimals)
    text = f"{_hundred(x, places):,.{places}f}"
    whole, _, part = text.partition(".")
    part = part.rstrip("0").ljust(decimals, "0")
    return _minus(f"{whole}.{part}" if part else whole) + "%"


def percent(x: float, *, decimals: int = 1) -> str:
    """A computed share as a percent at fixed precision: 70.9%, −12.0%.

    Halves round away from zero, the same for a NumPy float as for a Python float.

    Examples
    --------
    >>> import numpy as np
    >>> percent(0.70906), percent(-0.12), percent(0.5, decimals=0)
    ('70.9%', '−12.0%', '50%')
    >>> percent(0.77325, decimals=2), percent(np.float64(0.77325), decimals=2)
    ('77.33%', '77.33%')
    """
    v = _hundred(x, decimals)
    text = f"{abs(v):,.{decimals}f}%"
    return MINUS + text if v < 0 else text


def points(x: float, *, signed: bool = True, decimals: int = 1) -> str:
    """A lead or a width (a proportion) in points, with a true minus sign.

    A value that rounds to zero keeps its side ("+0.0", "−0.0"), so a range that
    clears zero by a hair reads so; ``signed=False`` drops the plus (widths).

    Examples
    --------
    >>> points(0.0606), points(-0.0123), points(0.0), points(0.00004), points(0.0348, signed=False)
    ('+6.1', '−1.2', '0.0', '+0.0', '3.5')
    """
    if not math.isfinite(x):
        return "not defined"
    v = _hundred(x, decimals)
    text = f"{abs(v):,.{decimals}f}"
    if v < 0 or (v == 0 and x < 0):
        return MINUS + text
    if signed and x > 0:
        return "+" + text
    return text


def p_value(p: float) -> str:
    """A p-value to three decimals; "< 0.001" below that.

    Examples
    --------
    >>> p_value(0.0235), p_value(0.0007)
    ('0.024', '< 0.001')
    """
    if not math.isfinite(p):
        return "not defined"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def p_is(p: float, name: str = "p") -> str:
    """ "p = 0.024", or "p < 0.001" when it is that small.

    Examples
    --------
    >>> p_is(0.0235), p_is(0.0001, "mid-p")
    ('p = 0.024', 'mid-p < 0.001')
    """
    text = p_value(p)
    return f"{name} {text}" if text.startswith("<") else f"{name} = {text}"


def chance(p: float) -> str:
    """A probability as a percent to two decimals, with words at the ends.

    Examples
    --------
    >>> chance(0.5355091811), chance(3e-9), chance(0.0), chance(1.0), chance(0.999999)
    ('53.55%', 'less than 0.01%', '0%', '100%', 'more than 99.99%')
    """
    if not math.isfinite(p):
        return "not defined"
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    if p < 0.00005:
        return "less than 0.01%"
    if p > 0.99995:
        return "more than 99.99%"
    return percent(p, decimals=2)


def rough_chance(p: float) -> str:
    """A chance at the precision it carries: two significant figures, whole percents from 10%,
    with words past 99% and under 0.1% (a p-value's fourth figure is noise, not news).

    Examples
    --------
    >>> rough_chance(0.5392), rough_chance(0.0463), rough_chance(0.00463), rough_chance(0.0004)
    ('54%', '4.6%', '0.46%', 'less than 0.1%')
    >>> rough_chance(0.997), rough_chance(1.0), rough_chance(0.0), rough_chance(0.0999)
    ('more than 99%', '100%', '0%', '10%')
    """
    if not math.isfinite(p):
        return "not defined"
    if p <= 0.0 or p >= 1.0:
        return "0%" if p <= 0.0 else "100%"
    if p < 0.001:
        return "less than 0.1%"
    if p > 0.99:
        return "more than 99%"
    decimals = 0 if p >= 0.0995 else 1 if p >= 0.00995 else 2
    return percent(p, decimals=decimals)


def count(x: float) -> str:
    """A count with thousands separators; one decimal when it is not whole.

    Examples
    --------
    >>> count(1566), count(118.8), count(34.000000001), count(-3)
    ('1,566', '118.8', '34', '−3')
    """
    if not math.isfinite(x):
        return "not defined"
    if abs(x - round(x)) < 1e-6:
        return _minus(f"{round(x):,}")
    return _minus(f"{x:,.1f}")


def z(x: float, decimals: int = 2) -> str:
    """A test statistic with a true minus sign: −1.08, 2.27, ∞.

    Examples
    --------
    >>> z(-1.0807), z(-0.001), z(float("-inf"))
    ('−1.08', '0.00', '−∞')
    """
    if math.isnan(x):
        return "not defined"
    if math.isinf(x):
        return MINUS + "∞" if x < 0 else "∞"
    text = f"{abs(x):.{decimals}f}"
    return MINUS + text if round(x, decimals) < 0 else text


def signed(x: float, *, decimals: int = 2) -> str:
    """A plain number (not a proportion) with a true minus sign: −1.08, 0.71.

    Examples
    --------
    >>> signed(-1.0807), signed(1.87, decimals=1)
    ('−1.08', '1.9')
    """
    text = f"{abs(x):,.{decimals}f}"
    return MINUS + text if round(x, decimals) < 0 else text


def level(confidence_level: float) -> str:
    """A confidence level as a percent: 0.95 → "95%".

    Examples
    --------
    >>> level(0.95), level(0.999)
    ('95%', '99.9%')
    """
    return f"{confidence_level * 100:g}%"


def plural(n: float, noun: str, plural_form: str | None = None) -> str:
    """A count and its noun, singular for exactly one.

    Examples
    --------
    >>> plural(1, "run"), plural(1000, "run"), plural(0, "question"), plural(1, "way", "ways")
    ('1 run', '1,000 runs', '0 questions', '1 way')
    """
    word = noun if n == 1 else (plural_form or noun + "s")
    return f"{count(n)} {word}"


def a_or_an(text: str) -> str:
    """The text with the right indefinite article before it, numbers read aloud.

    Examples
    --------
    >>> a_or_an("80% chance"), a_or_an("11-point lead"), a_or_an("1.5-point lead"), a_or_an("lead")
    ('an 80% chance', 'an 11-point lead', 'a 1.5-point lead', 'a lead')
    >>> a_or_an("18.2% chance"), a_or_an("180-point"), a_or_an("unpaired test"), a_or_an("1,100")
    ('an 18.2% chance', 'a 180-point', 'an unpaired test', 'a 1,100')
    """
    head = text.lstrip()
    if not head:
        return text
    if head[0].isdigit():
        whole = re.match(r"\d*", head.replace(",", "")).group()
        # Spoken English: eight…, eleven, eighteen (and their thousands, millions) take "an".
        starts_an = whole.startswith("8") or (len(whole) in (2, 5, 8) and whole[:2] in ("11", "18"))
        return ("an " if starts_an else "a ") + text
    return ("an " if head[0].lower() in "aeiou" else "a ") + text
