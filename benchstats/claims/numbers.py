"""Numbers in a claim: what each one is (score, SE, lead, size) from the words around it.

:func:`read_numbers` takes the cleaned text with benchmark names and metrics
masked (``#``), so "GPQA Diamond" or "pass@1" never reads as a number.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_NUMBER_RE = re.compile(r"\d[\d.,]*|[.,]\d+")
_WHOLE = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")  # "1,319", "500": not "46.0" or "87,3"
_PERCENT_AFTER = re.compile(r"\s?(?:%|percent\b|per\s?cent\b)", re.IGNORECASE)
_POINTS_AFTER = re.compile(
    r"\s?(?:percentage[\s\-]points?|percent(?:age)?[\s\-]?pts?\b|%\s?points?|pp\b|p\.p\.|"
    r"pts?\b|points?\b|-point\b)",
    re.IGNORECASE,
)
_COUNT_AFTER = re.compile(r"\s?(?:/|of\b|out\s+of\b)\s?(\d[\d,]*)(?![\d.,]*\d)", re.IGNORECASE)
_SIZE_AFTER = re.compile(
    r"[\s\-](?:#+\s)?(?:multiple[\s\-]choice\s+|test\s+|held[\s\-]out\s+|hard\s+|expert\s+)?"
    r"(?:questions?|qs|problems?|items?|tasks?|prompts?|examples?|puzzles?|issues?|"
    r"test\s+cases)\b",
    re.IGNORECASE,
)
_NOT_QUESTIONS = re.compile(
    r"\s?(?:benchmarks?|models?|runs?|seeds?|categories|subjects?|languages?|evals?|"
    r"samples?|attempts?|tries|shots?|days?|years?|months?|stars?)\b",
    re.IGNORECASE,
)
_PLUS_MINUS_BEFORE = re.compile(r"(?:±|\+/-|\+-)\s?$")
_SE_BEFORE = re.compile(
    r"(?:\bse|\bs\.e\.|standard\s+error)\s*(?:of|=|:|is)?\s*(?:±\s?)?$", re.IGNORECASE
)
_IGNORE_BEFORE = re.compile(
    r"(?:\bp\s*[=<>≤]\s*|\btemperature\s*(?:of|=|:)?\s*|\btemp\s*[=:]?\s*|\bt\s*=\s*|"
    r"\btop[\s\-]?$|\bversion\s+$|\bv$)$",
    re.IGNORECASE,
)
_IGNORE_AFTER = re.compile(r"\s?(?:%\s*)?(?:confidence|ci\b|conf\b|credible)", re.IGNORECASE)
_ABOUT = r"(?:about\s+|nearly\s+|almost\s+|over\s+|roughly\s+|some\s+)?"
_BY_BEFORE = re.compile(rf"\bby\s+{_ABOUT}$", re.I)
_CHANGE_BEFORE = re.compile(
    r"\b(?:up|down|rose|rises|fell|falls|gained|gains|lost|loses|dropped|drops|jumped|jumps|"
    rf"improved|improves|climbed|climbs|slipped|declined|declines)\s+(?:by\s+)?{_ABOUT}$",
    re.I,
)
_DECIMAL = r"\d{1,3}[.,]\d{1,4}"
_BARE_PAIR = re.compile(
    rf"(?<![\w.,#\-])({_DECIMAL})(?:\s*±\s*\d+(?:[.,]\d+)?)?(?:\s*\([^()]{{0,30}}\))?"
    r"(?:\s+on\s+#+)?\s*(?:vs\.?|versus|to|against|-|/|\|)\s*"
    rf"({_DECIMAL})(?![\w%#]|[.,]\d|\s?(?:%|percent|pp\b|points?\b|pts?\b))",
    re.IGNORECASE,
)
_RANGE_BEFORE = re.compile(r"\d\s*(?:%\s*)?(?:to|-|and)\s*[+\-]?$", re.IGNORECASE)
_N_EQUALS_BEFORE = re.compile(r"\bn\s*=\s*$", re.IGNORECASE)
_RIGHT_AFTER = re.compile(r"\s?(?:right|correct(?:ly)?)\b", re.IGNORECASE)
_BENCH_AFTER = re.compile(r"\s?#{3,}")
# "5% better", "a 5% lead": points or a share of the other score? Asked, never read.
_RELATIVE_AFTER = re.compile(
    r"\s?(?:better|higher|worse|lower|ahead|behind|improvement|gain|increase|uplift|boost|"
    r"jump|lead|gap|edge|advantage|relative|more\s+accurate)\b",
    re.IGNORECASE,
)
# A bare decimal is a score after a scoring word ("scores 48.2", "at 44.0", "| 87.3")
# and before a pause or a linking word, so "Claude 3.5 Sonnet" or "rated 4.5 stars" is not.
_SCORING_BEFORE = re.compile(
    r"(?:\b(?:scores?|scored|scoring|(?:score|accuracy)\s+(?:of|is|was)|at|reach(?:es|ed|ing)?|"
    r"hits?|hitting|gets?|got|getting|posts?|posted|posting|achieves?|achieved|achieving|"
    r"attains?|attained|records?|recorded|with)|\|)\s*$",
    re.IGNORECASE,
)
_PAUSE_AFTER = re.compile(
    r"[^\S\n]*\n|\s*(?:$|[,;.:)\]|!?#—-]|(?:on|in|for|vs|versus|against|and|while|compared|"
    r"ahead|beating|but|with|from|to|at|overall)\b)",
    re.IGNORECASE,
)
# A whole number of right answers: "solved 398", "answered 150 correctly", "24 right".
_SOLVED_BEFORE = re.compile(
    r"\b(?:solved|solves|solving|resolved|resolves|answered|answers|passed|passes|completed)"
    r"\s+$",
    re.IGNORECASE,
)
# A bare whole number that is a count only beside another "k of n": "Kite's 1,171", "vs 389".
_COUNT_BEFORE = re.compile(
    r"(?:'s|\b(?:vs\.?|versus|against|compared\s+(?:with|to)|got|gets|scored|scores))\s+$",
    re.IGNORECASE,
)
_NEGATIVE_LEAD = re.compile(r"\b(?:trails?|trailing|behind|lags?|lagging|below)\b", re.I)
_BEHIND_AFTER = re.compile(r"\s+(?:behind|below|lower|worse|short\s+of)\b", re.I)


def _number(token: str) -> float | None:
    """A numeral as written: "1,319" → 1319, "87,3" → 87.3, "0.873" → 0.873."""
    token = token.rstrip(".,")
    if not token or not any(ch.isdigit() for ch in token):
        return None
    if "," in token and "." in token:  # the later mark is the decimal one
        dec = "." if token.rfind(".") > token.rfind(",") else ","
        token = token.replace("," if dec == "." else ".", "").replace(dec, ".")
    elif token.count(",") == 1:
        whole, frac = token.split(",")
        thousands = len(frac) == 3 and whole not in ("", "0")
        token = whole + frac if thousands else f"{whole or '0'}.{frac}"
    elif token.count(",") > 1:
        token = token.replace(",", "")
    elif token.count(".") > 1:  # 12.032.000: dots as thousands
        token = token.replace(".", "")
    try:
        value = float(token)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


@dataclass
class Number:
    """One number and what it means: its kind, where it stands, its value.

    Kinds: ``score`` (a proportion; from "k of n" it keeps ``k`` and ``n``),
    ``se`` (as written: :func:`se_value` puts it in the score's units),
    ``lead`` (a signed proportion, A − B), ``size`` (``n``), ``right`` (a
    whole number of right answers: a score once n is known), ``count`` (a
    bare whole number, a score only beside another "k of n"), ``relative``
    ("by 5%", "5% better": asked) and ``change`` ("fell 3%": asked).
    """

    kind: str
    start: int
    end: int
    value: float
    unit: str = ""  # percent, proportion, count, points, ""
    n: int | None = None
    k: int | None = None
    skip: int | None = None  # where the n of "34 of 40" starts (not read again)


def se_value(se: Number, score: Number) -> float:
    """A standard error in the units of ``score``: points, unless the score was a proportion."""
    if not se.unit and score.unit == "proportion" and se.value < 1:
        return se.value  # 0.873 ± 0.018: the same units as the score
    return se.value / 100


def read_numbers(masked: str) -> list[Number]:
    """Every number with a meaning, in order: scores, SEs, leads, sizes."""
    nums: list[Number] = []
    used: set[int] = set()  # starts of numbers already read (the n of "34 of 40")
    for m in _BARE_PAIR.finditer(masked):
        before = masked[max(0, m.start() - 30) : m.start()].rstrip()
        small = all((_number(m.group(g)) or 0) < 10 for g in (1, 2))
        if small and before and before[-1].isalnum() and not before.split()[-1].islower():
            continue  # "Claude 3.5 vs 3.7": versions, not scores
        for g in (1, 2):
            value = _number(m.group(g))
            if value is None or not 0 < value <= 100:
                continue
            unit = "proportion" if re.match(r"0?[.,]", m.group(g)) else "percent"
            score = value if unit == "proportion" else value / 100
            nums.append(Number("score", m.start(g), m.end(g), score, unit))
            used.add(m.start(g))
    for m in _NUMBER_RE.finditer(masked):
        start, token = m.start(), m.group(0).rstrip(".,")
        end = start + len(token)
        if start in used or not token:
            continue
        prev = masked[start - 1] if start else " "
        if (
            prev.isalpha()
            or prev in "@#_"
            or (prev == "-" and masked[start - 2 : start - 1].isalnum())
        ):
            continue  # GPT-4, o3, #1: part of a name or a rank
        value = _number(token)
        if value is None:
            continue
        x = _classify(masked, start, end, token, value)
        if x is not None:
            if x.skip is not None:
                used.add(x.skip)
            nums.append(x)
    nums = [x for x in nums if x.start not in used or x.kind == "score"]
    nums.sort(key=lambda x: x.start)
    return _merge_restated(nums, masked)


def count_scores(nums: list[Number], n: int | None, masked: str) -> list[Number]:
    """The numbers with each count of right answers made a score out of ``n``.

    "solved 398" and "24 right" need only ``n``; a bare "Kite's 1,171", "vs
    389" or "got 21" counts only beside another count ("1,180 of 1,319", "24
    right"). A count above ``n`` stays unread.
    """
    beside = any(x.unit == "count" and x.kind in ("score", "right") for x in nums)
    for x in nums:
        if n is not None and x.value <= n and (x.kind == "right" or x.kind == "count" and beside):
            x.kind, x.k, x.n, x.value = "score", int(x.value), n, x.value / n
    return _merge_restated(nums, masked)


def _merge_restated(nums: list[Number], masked: str) -> list[Number]:
    """ "90% (148/164)" or "148/164 (90.2%)" is one score: keep the count, drop the percent."""
    drop: set[int] = set()
    for i in range(len(nums) - 1):
        x, y = nums[i], nums[i + 1]
        if x.kind != "score" or y.kind != "score" or {x.unit, y.unit} != {"percent", "count"}:
            continue
        gap = re.sub(r"\bon\b|[\s#(,]", "", masked[x.end : y.start])  # "90% on ### (148/164)"
        if not gap and abs(x.value - y.value) < 0.006:
            drop.add(i if x.unit == "percent" else i + 1)
    return [x for i, x in enumerate(nums) if i not in drop]


def _classify(masked: str, start: int, end: int, token: str, value: float) -> Number | None:
    """What one number means, from the words around it (None: nothing to read)."""
    before, after = masked[max(0, start - 40) : start], masked[end : end + 60]
    if after[:1].isalpha() and not re.match(r"(?:pp|pts?|points?|percent)\b", after, re.I):
        return None  # 70B, 4o: part of a name
    if _IGNORE_BEFORE.search(before) or _IGNORE_AFTER.match(after):
        return None
    return (
        _with_unit(masked, before, after, start, end, value)
        or _counted(before, after, start, end, token, value)
        or _bare(before, after, start, end, token, value)
    )


def _with_unit(
    masked: str, before: str, after: str, start: int, end: int, value: float
) -> Number | None:
    """A number its unit or a "±" says: an SE, a change, a lead in points, a percent."""
    unit_m = _POINTS_AFTER.match(after) or _PERCENT_AFTER.match(after)
    if _PLUS_MINUS_BEFORE.search(before) or _SE_BEFORE.search(before):
        stop = end + (unit_m.end() if unit_m else 0)
        return Number("se", start, stop, value, "points" if unit_m else "")
    if unit_m and _CHANGE_BEFORE.search(before):  # "fell 3%", "improved 4 points"
        return Number("change", start, end + unit_m.end(), value / 100, "points")
    if pm := _POINTS_AFTER.match(after):
        if value > 100 or _RANGE_BEFORE.search(before):
            return None  # "from −1.2 to +9.2 points": a range, not a lead
        # Negative after a minus sign or "trails" ("behind", "lags") anywhere before it, or
        # before "behind" ("3.2 points behind o1").
        negative = (
            re.search(r"(?<![\w#])-\s?$", before)
            or _NEGATIVE_LEAD.search(masked[:start])
            or _BEHIND_AFTER.match(after, pm.end())
        )
        return Number(
            "lead", start, end + pm.end(), (-value if negative else value) / 100, "points"
        )
    if pm := _PERCENT_AFTER.match(after):
        stop = end + pm.end()
        if by := _BY_BEFORE.search(before):  # "by 5%": the words from "by"
            return Number("relative", start - len(before) + by.start(), stop, value / 100)
        if rel := _RELATIVE_AFTER.match(masked, stop):  # "5% better"
            return Number("relative", start, rel.end(), value / 100)
        return Number("score", start, stop, value / 100, "percent") if value <= 100 else None
    return None


def _counted(
    before: str, after: str, start: int, end: int, token: str, value: float
) -> Number | None:
    """A whole number that counts: "34 of 40", "solved 398", "on 448 questions", "24 right"."""
    if not _WHOLE.fullmatch(token):
        return None  # "46.0" is a score, not a count
    if cm := _COUNT_AFTER.match(after):
        total = _number(cm.group(1))
        if total is None or total < 1 or value > total or _NOT_QUESTIONS.match(after[cm.end() :]):
            return None
        k, n, stop = int(value), int(total), end + cm.start(1) + len(cm.group(1).rstrip(","))
        return Number("score", start, stop, k / n, "count", n, k, skip=end + cm.start(1))
    right = _RIGHT_AFTER.match(after)
    if _SOLVED_BEFORE.search(before) and (
        right or _SIZE_AFTER.match(after) or _PAUSE_AFTER.match(after)
    ):
        return Number("right", start, end + (right.end() if right else 0), value, "count")
    size_m = _SIZE_AFTER.match(after)
    out_of = re.search(r"\bout\s+of\s+$", before, re.I) and not _NOT_QUESTIONS.match(after)
    if (size_m or out_of or _N_EQUALS_BEFORE.search(before)) and value >= 1:
        stop = end + (size_m.end() if size_m else 0)
        return Number("size", start, stop, value, "count", int(value))
    if right:
        return Number("right", start, end + right.end(), value, "count")
    if _COUNT_BEFORE.search(before) and _PAUSE_AFTER.match(after):
        return Number("count", start, end, value, "count")
    return None


def _bare(before: str, after: str, start: int, end: int, token: str, value: float) -> Number | None:
    """A number with no unit: a proportion ("0.71"), or a decimal read as percent."""
    if re.fullmatch(r"0?[.,]\d+", token) and value <= 1:
        return Number("score", start, end, value, "proportion")
    decimal = re.search(r"[.,]\d", token) and value <= 100
    if decimal and (re.match(r"\s*±", after) or _BENCH_AFTER.match(after)):
        return Number("score", start, end, value / 100, "percent")  # "87.3 ± 1.8", "88.7 MMLU"
    if decimal and _SCORING_BEFORE.search(before) and _PAUSE_AFTER.match(after):
        return Number("score", start, end, value / 100, "percent")  # "scores 48.2 on", "at 44.0"
    return None
