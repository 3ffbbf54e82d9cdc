"""Numbers in words: the one place the site turns a number into text.

Proportions in, text out, so the same quantity reads the same everywhere; a
minus is always U+2212. Numbers are written the way the run's language writes
them (:mod:`benchstats.language`): its decimal mark, its thousands grouping and
its percent sign and spacing, from the CLDR data Babel ships ("82,75 %" with a
no-break space and "1.319" in German); English is what the site always wrote.

Examples
--------
>>> score(0.8275), percent(0.8275), points(-0.0123), p_value(0.0007), chance(0.5355091811)
('82.75%', '82.8%', '−1.2', '< 0.001', '53.55%')
>>> from benchstats.language import using
>>> with using("de"):
...     score(0.8275), count(1319), count(14042), chance(3e-9)
('82,75\xa0%', '1.319', '14.042', 'weniger als 0,01\xa0%')
>>> with using("es"):
...     score(0.8275), count(1319), count(14042), points(-0.0123)
('82,75\xa0%', '1319', '14.042', '−1,2')
"""

from __future__ import annotations

import copy
import functools
import math
import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal, localcontext

from babel import Locale
from babel.numbers import NumberPattern

from benchstats import language
from benchstats.language import _, ngettext

MINUS = "\u2212"
# CLDR's minimumGroupingDigits, which Babel (2.19) does not load: Spanish groups a number's
# thousands only from five digits on ("1319", but "14.042"); German and English from four.
MIN_GROUPING_DIGITS = {"es": 2}


def _hundred(x: float, decimals: int) -> float:
    """100·x to ``decimals`` places, halves away from zero on x as written (0.77325 → 77.33),
    NumPy floats as Python floats (``round`` differs between the two)."""
    if not math.isfinite(x):
        return float(x) * 100
    exact = Decimal(repr(float(x))) * 100
    return float(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


@functools.cache
def _pattern(lang: str, decimals: int) -> tuple[NumberPattern, Locale]:
    """The language's own decimal pattern (CLDR), at exactly ``decimals`` places."""
    locale = Locale.parse(lang)
    pattern = copy.copy(locale.decimal_formats[None])
    pattern.frac_prec = (decimals, decimals)
    return pattern, locale


def _digits(x: float, decimals: int, *, group: bool = True) -> str:
    """A number ≥ 0 at ``decimals`` places in the run's language, its thousands grouped unless
    ``group=False``: "1,319.5", German "1.319,5", Spanish "1319,5" (grouped from 10,000)."""
    fixed = f"{x:.{decimals}f}"  # Python's rounding of x, as the site always wrote it
    lang = language.current()
    if lang == language.ENGLISH:
        return f"{x:,.{decimals}f}" if group else fixed
    pattern, locale = _pattern(lang, decimals)
    whole_digits = len(fixed.partition(".")[0])
    group = group and whole_digits >= 3 + MIN_GROUPING_DIGITS.get(lang, 1)
    with localcontext() as exact:  # room for every digit: a z of 1e50 (two scores near 0)
        exact.prec = max(exact.prec, len(fixed) + 2)
        return pattern.apply(Decimal(fixed), locale, group_separator=group)


@functools.cache
def _percent_sign(lang: str) -> tuple[str, str]:
    """What comes before and after a percent's digits in ``lang`` (CLDR): ("", "%") in English,
    ("", "\\xa0%") in German and Spanish."""
    pattern = Locale.parse(lang).percent_formats[None]
    sign = Locale.parse(lang).number_symbols["latn"]["percentSign"]
    return pattern.prefix[0].replace("%", sign), pattern.suffix[0].replace("%", sign)


def _percent(digits: str) -> str:
    """Digits as a percent, the run's language's way: "82.75%", "82,75 %"."""
    before, after = _percent_sign(language.current())
    return f"{before}{digits}{after}"


def _signed_text(negative: bool, digits: str) -> str:
    return MINUS + digits if negative else digits


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
    v = _hundred(x, places)
    text = f"{v:.{places}f}"
    if not math.isfinite(v):
        return text.replace("-", MINUS) + "%"
    part = text.partition(".")[2].rstrip("0").ljust(decimals, "0")
    return _signed_text(text.startswith("-"), _percent(_digits(abs(v), len(part))))


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
    return _signed_text(v < 0, _percent(_digits(abs(v), decimals)))


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
        return _("not defined")
    v = _hundred(x, decimals)
    text = _digits(abs(v), decimals)
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
        return _("not defined")
    return f"< {_digits(0.001, 3)}" if p < 0.001 else _digits(p, 3, group=False)


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
        return _("not defined")
    if p <= 0.0:
        return percent(0, decimals=0)
    if p >= 1.0:
        return percent(1, decimals=0)
    if p < 0.00005:
        return _less_than(percent(0.0001, decimals=2))
    if p > 0.99995:
        return _more_than(percent(0.9999, decimals=2))
    return percent(p, decimals=2)


def _less_than(chance: str) -> str:
    # TRANSLATORS: a chance too small to write, as "less than 0.01%"; {chance} is the percent.
    return _("less than {chance}").format(chance=chance)


def _more_than(chance: str) -> str:
    # TRANSLATORS: a chance too close to certain to write, as "more than 99.99%".
    return _("more than {chance}").format(chance=chance)


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
        return _("not defined")
    if p <= 0.0 or p >= 1.0:
        return percent(0 if p <= 0.0 else 1, decimals=0)
    if p < 0.001:
        return _less_than(percent(0.001, decimals=1))
    if p > 0.99:
        return _more_than(percent(0.99, decimals=0))
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
        return _("not defined")
    if abs(x - round(x)) < 1e-6:
        return _signed_text(round(x) < 0, _digits(abs(round(x)), 0))
    return _signed_text(f"{x:.1f}".startswith("-"), _digits(abs(x), 1))


def z(x: float, decimals: int = 2) -> str:
    """A test statistic with a true minus sign: −1.08, 2.27, ∞.

    Examples
    --------
    >>> z(-1.0807), z(-0.001), z(float("-inf"))
    ('−1.08', '0.00', '−∞')
    """
    if math.isnan(x):
        return _("not defined")
    if math.isinf(x):
        return MINUS + "∞" if x < 0 else "∞"
    text = _digits(abs(x), decimals, group=False)
    return MINUS + text if round(x, decimals) < 0 else text


def signed(x: float, *, decimals: int = 2) -> str:
    """A plain number (not a proportion) with a true minus sign: −1.08, 0.71.

    Examples
    --------
    >>> signed(-1.0807), signed(1.87, decimals=1)
    ('−1.08', '1.9')
    """
    text = _digits(abs(x), decimals)
    return MINUS + text if round(x, decimals) < 0 else text


def level(confidence_level: float) -> str:
    """A confidence level as a percent: 0.95 → "95%".

    Examples
    --------
    >>> level(0.95), level(0.999)
    ('95%', '99.9%')
    """
    text = f"{confidence_level * 100:g}"
    return _percent(_digits(float(text), len(text.partition(".")[2])))


def _counted() -> dict[str, Callable[[float], str]]:
    """The nouns the site counts, each as the form of its message for a count (the language's own
    plural rule)."""
    # TRANSLATORS: {count} is a whole number written the local way ("1.000"). These are the
    # nouns the site counts; each is a phrase of its own, used in many sentences.
    return {
        "question": lambda n: ngettext("{count} question", "{count} questions", n),
        "run": lambda n: ngettext("{count} run", "{count} runs", n),
        "simulated run": lambda n: ngettext("{count} simulated run", "{count} simulated runs", n),
        "dataset": lambda n: ngettext("{count} dataset", "{count} datasets", n),
        "true score": lambda n: ngettext("{count} true score", "{count} true scores", n),
        "variant": lambda n: ngettext("{count} variant", "{count} variants", n),
        "prompt variant": lambda n: ngettext(
            "{count} prompt variant", "{count} prompt variants", n
        ),
        "checkpoint": lambda n: ngettext("{count} checkpoint", "{count} checkpoints", n),
        "sample": lambda n: ngettext("{count} sample", "{count} samples", n),
        "slice": lambda n: ngettext("{count} slice", "{count} slices", n),
        "model": lambda n: ngettext("{count} model", "{count} models", n),
        "problem": lambda n: ngettext("{count} problem", "{count} problems", n),
        "try": lambda n: ngettext("{count} try", "{count} tries", n),
        "answer": lambda n: ngettext("{count} answer", "{count} answers", n),
    }


_NOUNS = _counted()


def counted(n: float, forms: str) -> str:
    """``forms`` (the message :func:`benchstats.language.ngettext` chose for ``n``, holding
    ``{count}``) with ``n`` written in: ``counted(n, ngettext("{count} run", "{count} runs", n))``.

    >>> counted(1000, ngettext("{count} run", "{count} runs", 1000))
    '1,000 runs'
    """
    return forms.format(count=count(n))


def plural(n: float, noun: str, plural_form: str | None = None) -> str:
    """A count and its noun, singular for exactly one; a noun the site counts often (questions,
    runs, datasets…) in the run's language, with its own plural rule.

    Examples
    --------
    >>> plural(1, "run"), plural(1000, "run"), plural(0, "question"), plural(1, "way", "ways")
    ('1 run', '1,000 runs', '0 questions', '1 way')
    """
    if noun in _NOUNS and plural_form is None:
        return counted(n, _NOUNS[noun](n))
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

    English only: in another language the text comes back as it is (its messages write their
    own articles).
    """
    head = text.lstrip()
    if language.current() != language.ENGLISH:
        return text
    if not head:
        return text
    if head[0].isdigit():
        whole = re.match(r"\d*", head.replace(",", "")).group()
        # Spoken English: eight…, eleven, eighteen (and their thousands, millions) take "an".
        starts_an = whole.startswith("8") or (len(whole) in (2, 5, 8) and whole[:2] in ("11", "18"))
        return ("an " if starts_an else "a ") + text
    return ("an " if head[0].lower() in "aeiou" else "a ") + text
