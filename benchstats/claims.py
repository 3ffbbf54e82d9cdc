"""Read a launch sentence: the scores, names, benchmark and size it states.

``parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")``
gives a :class:`ParsedClaim` with ``a=0.873``, ``b=0.851``, the two names and
the preset key ``"gpqa-diamond"``. The parser is a handful of regular
expressions and rules, not a language model, so what it does is predictable:

- **It never fills a field it did not read.** A field is set only from words
  in the sentence; everything else stays ``None``. Every field it fills has a
  :class:`ClaimSpan` saying which characters it came from (for the page's
  chips, which the reader can correct).
- **Model A is the first model the sentence names**, with the first score;
  model B the second. ``lead`` is read only from words such as "2.2
  percentage points", "2.2 pp" or "a 2.2-point lead" (negative after
  "trails", "behind" or "lags").
- **When it cannot choose, it asks** (``questions``) and leaves the field
  empty: three or more scores, two benchmarks, two different sizes, a
  benchmark size that disagrees with the sentence's, "GPQA" without saying
  which set, a lead "by 5%" (points or relative?), a lead that is not the gap
  between the scores.

Numbers: "87.3%", "87.3 percent", "87,3 %" (a decimal comma), "0.873" (a
proportion), "34 of 40", "34/40" and "34 out of 40" (a score and n), "on 448
questions", "out of 198", "n = 198" and "448-question" (n), "150 correctly"
or "24 right" (a score once n is known), "± 1.8", "(SE 1.8)" and "standard
error of 1.8" (the reported standard error of the score before it, in points
unless the score was a proportion), "pass@1", "maj@8" (the metric). "1,319"
is a thousands separator (a comma followed by exactly three digits); any
other comma between digits is a decimal comma. Bare numbers with neither a
unit nor a leading "0." (years, versions as in "Claude 3.5", sizes as in
"70B") are ignored, except a decimal followed by "±" or by a benchmark's
name ("87.3 ± 1.8", "88.7 MMLU") and two decimals joined by "vs", "to" or
"/" ("87.3 vs 85.1"), read as percent.

Names: a run of capitalised or digit-bearing words ("Claude 3.5 Sonnet",
"o3-mini", "Llama 3.1 405B"); a parenthesis right after a name belongs to it
("Grok 3 (Think)"). A score's owner is the name just before it with only
linking words between ("X scores", "Y's", "Z (", "W:") or just after it
("85.1% for Y", "(Y)"); failing that, the two sides of "X beats Y", or the
only name before the score.

Bounded work: only the first :data:`MAX_CHARS` characters are read
(``truncated`` says when the rest was dropped); HTML tags are removed and
entities decoded before reading. Any ``str`` is accepted; anything else
raises ``ValueError``.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass

from benchstats import get_benchmark, words

__all__ = ["MAX_CHARS", "ClaimSpan", "ParsedClaim", "parse_claim"]

MAX_CHARS = 2000  # a launch claim is a sentence or two; past this nothing is read

# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class ClaimSpan:
    """One thing the parser read: which field, the words, where they are in ``text``."""

    field: str
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class ParsedClaim:
    """What :func:`parse_claim` read. Unread fields are ``None``.

    ``a``, ``b``, ``se_a``, ``se_b`` and ``lead`` are proportions (0.873, not
    87.3). ``bench`` is a key of :data:`benchstats.BENCHMARKS`. ``text`` is
    the text that was read (tags removed, entities decoded, cut at
    :data:`MAX_CHARS`); span offsets refer to it. ``spans`` use the field
    names, plus ``"score"`` for scores it could not assign.
    """

    text: str
    a: float | None = None
    b: float | None = None
    name_a: str | None = None
    name_b: str | None = None
    bench: str | None = None
    n: int | None = None
    se_a: float | None = None
    se_b: float | None = None
    metric: str | None = None
    lead: float | None = None
    spans: tuple[ClaimSpan, ...] = ()
    questions: tuple[str, ...] = ()
    truncated: bool = False

    @property
    def fields(self) -> dict[str, object]:
        """The fields it filled, by name (for a page's inputs or a link)."""
        names = ("a", "b", "name_a", "name_b", "bench", "n", "se_a", "se_b", "metric", "lead")
        return {k: getattr(self, k) for k in names if getattr(self, k) is not None}

    @property
    def is_claim(self) -> bool:
        """True when it read two scores, or a lead: something to grade."""
        return (self.a is not None and self.b is not None) or self.lead is not None

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.fields.items()]
        if self.questions:
            parts.append(f"questions={len(self.questions)}")
        return f"ParsedClaim({', '.join(parts)})"


# --------------------------------------------------------------------------- benchmarks

# (pattern, key); None for a name that has no preset (read, so not taken as a model name).
_BENCHMARK_PATTERNS: tuple[tuple[str, str | None], ...] = (
    (r"gpqa[\s\-_]*diamond|gpqa[\s\-_]*d\b", "gpqa-diamond"),
    (r"gpqa[\s\-_]*main", "gpqa-main"),
    (r"gpqa(?:[\s\-_]*extended)", None),
    (r"gpqa", "gpqa"),  # which set? resolved from n, or asked
    (r"aime(?:[\s\-_]*'?(?:20)?2\d)?(?:[\s\-_]*(?:i{1,2}\b))?", "aime"),
    (r"human[\s\-]?eval\+|humaneval[\s\-]?plus", None),
    (r"human[\s\-]?eval", "humaneval"),
    (r"mbpp\+|mbpp[\s\-]?plus", None),
    (r"mbpp", "mbpp"),
    (r"math[\s\-_]?500", "math-500"),
    (r"swe[\s\-_]?bench[\s\-_:]*verified", "swe-bench-verified"),
    (r"swe[\s\-_]?bench(?:[\s\-_]*(?:lite|multimodal|pro|full))?", None),
    (r"gsm[\s\-_]?8k", "gsm8k"),
    (r"m?mmlu[\s\-_]*pro", "mmlu-pro"),
    (r"mmlu[\s\-_]*redux|mmmlu", None),
    (r"mmlu", "mmlu"),
    (r"arc[\s\-_]*(?:challenge|c)\b", "arc-challenge"),
    (r"mgsm", "mgsm"),
    (r"simple[\s\-]?qa", "simpleqa"),
    (r"hella[\s\-]?swag", "hellaswag"),
    (r"livecodebench|big[\s\-]?bench(?:[\s\-]hard)?|bbh|(?-i:DROP)|ifeval|arena[\s\-]?hard", None),
)
_BENCHMARK_RE = re.compile(
    # A name ends where a word would: "MMLU professional law" is MMLU, not MMLU-Pro.
    "|".join(f"(?P<b{i}>\\b(?:{p})(?!\\w))" for i, (p, _) in enumerate(_BENCHMARK_PATTERNS)),
    re.IGNORECASE,
)
_GPQA_SETS = {198: "gpqa-diamond", 448: "gpqa-main"}

_METRIC_RE = re.compile(r"\b(?:pass|maj|cons|best|avg|mean|top)@\s?(?:\d+|k)\b", re.IGNORECASE)

# --------------------------------------------------------------------------- numbers

_NUMBER_RE = re.compile(r"\d[\d.,]*|[.,]\d+")
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
    r"(?:\s+on\s+#+)?\s*(?:vs\.?|versus|to|against|-|/)\s*"
    rf"({_DECIMAL})(?![\w%#]|[.,]\d|\s?(?:%|percent|pp\b|points?\b|pts?\b))",
    re.IGNORECASE,
)
_RANGE_BEFORE = re.compile(r"\d\s*(?:%\s*)?(?:to|-|and)\s*[+\-]?$", re.IGNORECASE)
_N_EQUALS_BEFORE = re.compile(r"\bn\s*=\s*$", re.IGNORECASE)
_RIGHT_AFTER = re.compile(r"\s?(?:right|correct(?:ly)?)\b", re.IGNORECASE)
_BENCH_AFTER = re.compile(r"\s?#{3,}")
_NEGATIVE_LEAD = re.compile(r"\b(?:trails?|trailing|behind|lags?|lagging|below)\b", re.I)


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


def _tidy(x: float) -> float:
    """87.3/100 → 0.873 exactly as typed, not 0.8729999999999999."""
    return round(x, 12)


@dataclass
class _Num:
    kind: str  # score, se, lead, size, right, ambiguous-by, change
    start: int
    end: int
    value: float
    unit: str = ""  # percent, proportion, count, points, ""
    n: int | None = None
    sign: float = 1.0
    skip: int | None = None  # where the n of "34 of 40" starts (not read again)


# --------------------------------------------------------------------------- names

_SUFFIX = (
    r"mini|pro|turbo|preview|instruct|chat|base|max|plus|flash|lite|nano|large|small|medium|"
    r"high|low|sonnet|opus|haiku|thinking|reasoning|experimental|exp"
)
_NAME_TOKEN = (
    # Each alternative is unambiguous (no two stars over the same characters): linear time.
    r"(?:[A-Z][\w.+]*(?:-[\w.+]+)*|[a-z]++-?\d[\w.]*(?:-[\w.+]+)*"
    r"|\d[\d.]*[A-Za-z][\w.+]*(?:-[\w.+]+)*|\d+(?:\.\d+)?(?![\w%#]|[.,]\d)"
    rf"|(?:{_SUFFIX})\b)"
)
_NAME_RE = re.compile(rf"(?<![\w.+\-]){_NAME_TOKEN}(?:[ \-]{_NAME_TOKEN}){{0,5}}")
_SUFFIX_RE = re.compile(rf"(?:{_SUFFIX}|\d+(?:\.\d+)?|\d+(?:\.\d+)?[bmkt])", re.IGNORECASE)
_STOP_WORDS = """
    a according accuracy after against ahead also an and announcing apr april are art as at aug
    august beating beats before benchmark benchmarks best both breaking but by can cent ci
    compared could das dec december der did die do does edges el even exclusive feb february fig
    figure for friday from fyi had has have he headline here how however i il in introducing is
    it its jan january jul july jun june just la le leads les mar march may meanwhile model's
    monday new no note nov november now oct october of on only our ours outperforms over overall
    per percent press release report reports result results rt said saturday says score scores
    se sep sept september she should sota state still sunday table than that the their there
    these they this those thursday tl;dr tldr to today top tops trails tuesday un une up update
    versus via vs was we wednesday were what when which while why will with would yes you
"""
_STOP = frozenset(_STOP_WORDS.split())
_CONNECTOR_RE = re.compile(
    r"\b(?:vs\.?|versus|compared\s+(?:with|to)|beating|beats?|ahead\s+of|outperform(?:s|ing|ed)?|"
    r"tops|topping|topped|edges?(?:\s+out)?|edging(?:\s+out)?|overtakes?|overtaking|leads?|"
    r"leading|trails?|trailing|behind|lags?|lagging|over|than|against)\b",
    re.IGNORECASE,
)
_GLUE_WORDS_TEXT = """
    's a accuracy achieved achieves achieving an answered answers at attained attains came
    climbed climbs clocked clocks comes delivered delivers gets getting got hit hits hitting in
    is jumped jumps just landed lands made makes managed model now of on only posted posting
    posts reached reaches reaching recorded records registered registers reported rises rising
    rose sat saw score scored scores scoring sees sits solved solves stands stood that to was
    which who with
"""
_GLUE_WORDS = frozenset(_GLUE_WORDS_TEXT.split())
_OWNER_AFTER_RE = re.compile(
    r"^\s*(?:±\s*#+\s*)?(?:for|by|from|\()\s*(?:(?:the\s+)?mod[eè]l\w*\s+)?$", re.IGNORECASE
)
_RIGHT_GAP_RE = re.compile(r"[\s,:]*(?:the\s+|rival\s+|its\s+rival\s+|model\s+)?", re.IGNORECASE)


def _clean_name(name: str) -> str | None:
    words = name.split(" ")

    def stop(word: str) -> bool:  # "Model A" keeps its A; "A new model" loses it
        return word.lower().strip(".:") in _STOP and not (len(word) == 1 and word.isupper())

    while len(words) > 1 and (stop(words[0]) or words[0] in ("A", "I") or _is_number(words[0])):
        words.pop(0)
    while words and stop(words[-1]):
        words.pop()
    text = " ".join(words).strip(" -.")
    if not text or (len(words) == 1 and stop(text)):
        return None
    if len(words) == 1 and all(_SUFFIX_RE.fullmatch(w) for w in text.split("-")):
        return None  # "high", "8B": not a name on its own
    return text


def _is_number(word: str) -> bool:
    return word.replace(".", "", 1).isdigit()


@dataclass
class _Name:
    text: str
    start: int
    end: int


_LONE_LETTER_NAME = re.compile(
    r"\)|:|'s|\s+(?:vs\b|versus\b|beats?\b|leads\b|trails\b|edges\b|outperforms\b|tops\b|"
    r"(?:and|or)\s+B\b)"
)
_PAREN_AFTER = re.compile(r" ?\(([A-Za-z][\w.\- ]{0,24})\)")


def _names(masked: str) -> list[_Name]:
    out: list[_Name] = []
    for m in _NAME_RE.finditer(masked):
        raw = m.group(0)
        text = _clean_name(raw)
        if text is None:
            continue
        start = m.start() + raw.find(text)
        end = start + len(text)
        if out and start < out[-1].end:
            continue  # inside the parenthesis merged into the name before
        if text in ("A", "I") and not _LONE_LETTER_NAME.match(masked, end):
            continue  # "A new model…": an article, not model A
        paren = _PAREN_AFTER.match(masked, end)
        if paren and paren.group(1).strip().lower() not in _STOP:
            end = paren.end()  # "o3-mini (high)", "Grok 3 (Think)"
            text = masked[start:end]
        out.append(_Name(text, start, end))
    return out


def _glue_ok(between: str, *, strict: bool) -> bool:
    """Only linking words between a name and its score ("'s", "scores", "at", "(")."""
    between = re.sub(r"\([^()]*\)", " ", between)  # "o3-mini (high) scores"
    words = re.sub(r"[#:,()\[\]=—\-]", " ", between.replace("'s", " 's ")).lower().split()
    if len(words) > 6:
        return False
    allowed = {"'s", "at"} if strict else _GLUE_WORDS
    return all(w in allowed for w in words)


# --------------------------------------------------------------------------- the parser


def _clean(text: str) -> str:
    text = re.sub(r"<[^<>]{0,400}>", " ", text)
    text = html.unescape(text)
    for old, new in (
        ("\u2212", "-"),
        ("\u2013", "-"),
        ("\u2010", "-"),
        ("\u2011", "-"),
        ("\u2012", "-"),
        ("\u2019", "'"),
        ("\u2018", "'"),
        ("\uff05", "%"),
        ("\u00b1", "±"),
        ("+/-", "±"),
        ("+/−", "±"),
    ):
        text = text.replace(old, new)
    return re.sub(r"[\u00a0\u2009\u202f\u2007\t\r\n]+", " ", text)


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = "#" * (end - start)
    return "".join(chars)


def _read_numbers(masked: str) -> list[_Num]:
    """Every number with a meaning, in order: scores, SEs, leads, sizes."""
    nums: list[_Num] = []
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
            nums.append(_Num("score", m.start(g), m.end(g), score, unit))
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


def _merge_restated(nums: list[_Num], masked: str) -> list[_Num]:
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


def _classify(masked: str, start: int, end: int, token: str, value: float) -> _Num | None:
    """What one number means, from the words around it (None: nothing to read)."""
    before, after = masked[max(0, start - 40) : start], masked[end : end + 60]
    if after[:1].isalpha() and not re.match(r"(?:pp|pts?|points?|percent)\b", after, re.I):
        return None  # 70B, 4o: part of a name
    if _IGNORE_BEFORE.search(before) or _IGNORE_AFTER.match(after):
        return None
    whole = float(value).is_integer()
    if _PLUS_MINUS_BEFORE.search(before) or _SE_BEFORE.search(before):
        unit_m = _POINTS_AFTER.match(after) or _PERCENT_AFTER.match(after)
        stop = end + (unit_m.end() if unit_m else 0)
        return _Num("se", start, stop, value, "points" if unit_m else "")
    unit_m = _POINTS_AFTER.match(after) or _PERCENT_AFTER.match(after)
    if unit_m and _CHANGE_BEFORE.search(before):  # "fell 3%", "improved 4 points"
        return _Num("change", start, end + unit_m.end(), value / 100, "points")
    if pm := _POINTS_AFTER.match(after):
        if value > 100 or _RANGE_BEFORE.search(before):
            return None  # "from −1.2 to +9.2 points": a range, not a lead
        sign = -1.0 if re.search(r"(?<![\w#])-\s?$", before) else 1.0
        return _Num("lead", start, end + pm.end(), value / 100, "points", sign=sign)
    if pm := _PERCENT_AFTER.match(after):
        if _BY_BEFORE.search(before):
            return _Num("ambiguous-by", start, end + pm.end(), value / 100, "percent")
        if value <= 100:
            return _Num("score", start, end + pm.end(), value / 100, "percent")
        return None
    if cm := _COUNT_AFTER.match(after):
        total = _number(cm.group(1))
        if (
            total is not None
            and total >= 1
            and value <= total
            and whole
            and not _NOT_QUESTIONS.match(after[cm.end() :])
        ):
            skip = end + cm.start(1)
            return _Num(
                "score", start, end + cm.end(), value / total, "count", int(total), skip=skip
            )
        return None
    size_m = _SIZE_AFTER.match(after)
    out_of = re.search(r"\bout\s+of\s+$", before, re.I) and not _NOT_QUESTIONS.match(after)
    if (size_m or out_of or _N_EQUALS_BEFORE.search(before)) and whole and value >= 1:
        stop = end + (size_m.end() if size_m else 0)
        return _Num("size", start, stop, value, "count", int(value))
    if whole and _RIGHT_AFTER.match(after):
        return _Num("right", start, end + _RIGHT_AFTER.match(after).end(), value, "count")
    if re.fullmatch(r"0?[.,]\d+", token) and value <= 1:
        return _Num("score", start, end, value, "proportion")
    if (
        re.search(r"[.,]\d", token)
        and value <= 100
        and (re.match(r"\s*±", after) or _BENCH_AFTER.match(after))
    ):
        return _Num("score", start, end, value / 100, "percent")  # "87.3 ± 1.8", "88.7 MMLU"
    return None


def _benchmarks(text: str) -> list[tuple[int, int, str | None]]:
    hits = []
    for m in _BENCHMARK_RE.finditer(text):
        index = int(m.lastgroup[1:])
        hits.append((m.start(), m.end(), _BENCHMARK_PATTERNS[index][1]))
    return hits


def _pick_bench(
    hits: list[tuple[int, int, str | None]], text: str, n: int | None, questions: list[str]
) -> str | None:
    keys = list(dict.fromkeys(k for _, _, k in hits if k is not None))
    if "gpqa" in keys and any(k.startswith("gpqa-") for k in keys):
        keys.remove("gpqa")  # "GPQA Diamond … on GPQA": the set it named
    unmapped = {re.sub(r"[\s\-_]", "", text[s:e]).lower() for s, e, k in hits if k is None}
    if len(keys) + len(unmapped) > 1:
        named = ", ".join(dict.fromkeys(re.sub(r"\s+", " ", text[s:e]) for s, e, _ in hits))
        questions.append(f"It names more than one benchmark ({named}): which is the claim about?")
        return None
    if not keys:
        return None
    if keys[0] == "gpqa":
        if n in _GPQA_SETS:
            return _GPQA_SETS[n]
        questions.append("GPQA: the Diamond set (198 questions) or the main set (448)?")
        return None
    return keys[0]


def _owner(names: list[_Name], start: int, masked: str, strict_from: set[int]) -> _Name | None:
    for name in reversed(names):
        if name.end > start:
            continue
        if _glue_ok(masked[name.end : start], strict=name.start in strict_from):
            return name
        return None  # only the nearest name can own the score
    return None


def _owner_after(names: list[_Name], end: int, masked: str) -> _Name | None:
    for name in names:
        if name.start >= end:
            return name if _OWNER_AFTER_RE.match(masked[end : name.start]) else None
    return None


def _connected(names: list[_Name], masked: str) -> tuple[_Name | None, _Name | None, set[int]]:
    """The first "X beats Y" pair, and the starts of every name right after a connector."""
    pair: tuple[_Name | None, _Name | None] = (None, None)
    after_connector: set[int] = set()
    for m in _CONNECTOR_RE.finditer(masked):
        right = next((x for x in names if x.start >= m.end()), None)
        if right is None or not _RIGHT_GAP_RE.fullmatch(masked[m.end() : right.start]):
            continue
        after_connector.add(right.start)
        left = next((x for x in reversed(names) if x.end <= m.start()), None)
        if pair == (None, None) and left is not None and m.start() - left.end <= 80:
            pair = (left, right)
    return (*pair, after_connector)


def _score_owner(names: list[_Name], x: _Num, masked: str, strict_from: set[int]) -> _Name | None:
    before = _owner(names, x.start, masked, strict_from)
    after = _owner_after(names, x.end, masked)
    if before is not None and after is not None:
        # "65.4% for Heron, 62.2% for Egret": "for Egret" says more than a bare comma.
        linked = re.sub(r"[\W#]", "", masked[before.end : x.start]) != ""
        return before if linked else after
    return before or after


def _model_names(scores: list[_Num], masked: str) -> tuple[_Name | None, _Name | None]:
    """Model A's and model B's names: A owns the first score, B the second.

    A score's owner is the name just before it with only linking words
    between ("X scores", "Y's", "Z (", "W:"), or just after it ("85.1% for
    Y", "(Y)"). Failing that: "X beats Y" when both come before the scores,
    or the only name before the first score (between the two, for B).
    """
    names = _names(masked)
    left, right, strict_from = _connected(names, masked)
    owners = [_score_owner(names, x, masked, strict_from) for x in scores]
    a = owners[0] if owners else None
    b = owners[1] if len(owners) > 1 else None
    two_owners = a is not None and b is not None and a.text != b.text
    if not two_owners and left is not None and (not scores or right.end <= scores[0].start):
        return left, right  # "X beats Y on GPQA, 87.3% to 85.1%", "X leads Y by 2 points"
    if scores and a is None:
        before = [x for x in names if x.end <= scores[0].start]
        a = before[0] if len(before) == 1 else None
    if len(scores) > 1 and b is None:
        between = [x for x in names if scores[0].end <= x.start and x.end <= scores[1].start]
        b = between[0] if len(between) == 1 else None
    if left is not None:
        if a is None and left.text != (b.text if b else None):
            a = left
        if b is None and right.text != (a.text if a else None):
            b = right
    if a is None and b is not None and len(scores) < 2:
        a, b = b, None
    if a is not None and b is not None and a.text == b.text:
        b = None
    return a, b


def _se_value(se: _Num, score: _Num) -> float:
    if not se.unit and score.unit == "proportion" and se.value < 1:
        return se.value  # 0.873 ± 0.018: the same units as the score
    return se.value / 100


class _Reading:
    """One sentence being read: the text, what it found, the fields and questions so far."""

    def __init__(self, text: str, *, truncated: bool) -> None:
        self.text, self.truncated = text, truncated
        self.fields: dict[str, object] = {}
        self.spans: list[ClaimSpan] = []
        self.questions: list[str] = []
        if truncated:
            self.ask(f"Only the first {words.count(MAX_CHARS)} characters were read.")
        self.bench_hits = _benchmarks(text)
        self.metric_hits = list(_METRIC_RE.finditer(text))
        hits = [(s, e) for s, e, _ in self.bench_hits] + [m.span() for m in self.metric_hits]
        self.masked = _mask(text, hits)  # benchmarks and metrics hidden from numbers and names
        self.nums = _read_numbers(self.masked)
        self.words_only = _mask(self.masked, [(x.start, x.end) for x in self.nums])
        self.found: list[_Num] = []  # the scores, in order: A's, then B's
        self.too_many = False

    def ask(self, question: str) -> None:
        self.questions.append(question)

    def fill(self, name: str, value: object, *where: tuple[int, int]) -> None:
        self.fields[name] = _tidy(value) if isinstance(value, float) else value
        for start, end in where:
            self.spans.append(ClaimSpan(name, self.text[start:end], start, end))

    def of(self, kind: str) -> list[_Num]:
        return [x for x in self.nums if x.kind == kind]

    def words_of(self, x: _Num) -> str:
        return self.text[x.start : x.end]

    def scores(self) -> None:
        found = self.of("score")
        if len(found) >= 3:  # which two? ask, fill neither
            listed = ", ".join(self.words_of(x) for x in found)
            self.ask(
                f"It gives {words.count(len(found))} scores ({listed}): which two are the "
                "two models' scores?"
            )
            self.spans += [ClaimSpan("score", self.words_of(x), x.start, x.end) for x in found]
            self.too_many = True
            return
        for name, x in zip("ab", found, strict=False):
            self.fill(name, x.value, (x.start, x.end))
        self.found = found

    def standard_errors(self) -> None:
        # Each belongs to the nearest score before it (or the first, if none is before).
        for se in self.of("se"):
            before = [i for i, x in enumerate(self.found) if x.start < se.start]
            i = before[-1] if before else (0 if self.found else None)
            if i is not None and f"se_{'ab'[i]}" not in self.fields:
                value = _se_value(se, self.found[i])
                self.fill(f"se_{'ab'[i]}", value, (se.start, se.end))

    def size(self) -> None:
        # From counts ("34 of 40") and sizes ("on 448 questions", "n = 198").
        sizes = [x for x in self.nums if x.n is not None and x.kind in ("size", "score")]
        distinct = list(dict.fromkeys(x.n for x in sizes))
        if len(distinct) == 1:
            self.fill("n", distinct[0], *((x.start, x.end) for x in sizes))
        elif len(distinct) > 1:
            listed = ", ".join(words.count(v) for v in distinct)
            self.ask(f"It gives more than one number of questions ({listed}): which is it?")

    def right_answers(self) -> None:
        # "answered 150 correctly" is a score once n is known.
        n = self.fields.get("n")
        for x in self.of("right"):
            if n is not None and x.value <= n and len(self.found) < 2 and not self.too_many:
                x.kind, x.value = "score", x.value / n
                self.fill("ab"[len(self.found)], x.value, (x.start, x.end))
                self.found.append(x)

    def lead(self) -> None:
        leads = self.of("lead")
        if len({x.value * x.sign for x in leads}) == 1:
            x = leads[0]
            negative = x.sign < 0 or _NEGATIVE_LEAD.search(self.masked[: x.start]) is not None
            self.fill("lead", -x.value if negative else x.value, (x.start, x.end))
        elif len(leads) > 1:
            self.ask("It gives more than one lead in points: which is the claim?")
        for x in self.of("ambiguous-by"):
            self.ask(f"“by {self.words_of(x)}”: percentage points, or a share of the other score?")
        for x in self.of("change"):
            self.ask(
                f"“{self.words_of(x)}” is a change over time, not a score or a lead of one "
                "model over another: it is not used."
            )
        f = self.fields
        if (
            "lead" in f
            and "a" in f
            and "b" in f
            and abs(abs(f["a"] - f["b"]) - abs(f["lead"])) > 0.0051
        ):
            self.ask(
                f"It says the lead is {words.points(f['lead'], signed=False)} points, but its "
                f"scores differ by {words.points(abs(f['a'] - f['b']), signed=False)}: which is right?"
            )

    def benchmark(self) -> None:
        bench = _pick_bench(self.bench_hits, self.text, self.fields.get("n"), self.questions)
        if bench is None:
            return
        where = [
            (s, e)
            for s, e, k in self.bench_hits
            if k == bench or (k == "gpqa" and bench.startswith("gpqa-"))
        ]
        self.fill("bench", bench, *where)
        preset, n = get_benchmark(bench), self.fields.get("n")
        if n is not None and n != preset.questions:
            self.ask(
                f"It says {words.count(n)} questions; the {preset.name} preset has "
                f"{words.count(preset.questions)}: which is right?"
            )

    def metric(self) -> None:
        hits = self.metric_hits
        metrics = list(dict.fromkeys(re.sub(r"\s", "", m.group(0)).lower() for m in hits))
        if len(metrics) == 1:
            self.fill("metric", metrics[0], *(m.span() for m in hits))
        elif len(metrics) > 1:
            self.ask(f"It names more than one metric ({', '.join(metrics)}): which is it?")

    def names(self) -> None:
        found = _model_names(self.found, self.words_only)
        for key, name in zip(("name_a", "name_b"), found, strict=True):
            if name is not None:
                self.fill(key, name.text, (name.start, name.end))

    def result(self) -> ParsedClaim:
        spans = tuple(sorted(self.spans, key=lambda s: (s.start, s.field)))
        return ParsedClaim(
            text=self.text,
            spans=spans,
            questions=tuple(self.questions),
            truncated=self.truncated,
            **self.fields,
        )


def parse_claim(text: str) -> ParsedClaim:
    """Read two models' scores, names, benchmark and size from a sentence.

    See the module docstring for what it reads and the rules it follows.
    Never raises for a ``str``, whatever it holds; reads at most
    :data:`MAX_CHARS` characters.

    Raises
    ------
    ValueError
        If ``text`` is not a ``str``.

    Examples
    --------
    >>> from benchstats.claims import parse_claim
    >>> c = parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")
    >>> c.a, c.b, c.name_a, c.name_b, c.bench
    (0.873, 0.851, 'Model X', 'Model Y', 'gpqa-diamond')
    >>> [s.field for s in c.spans]
    ['name_a', 'a', 'bench', 'name_b', 'b']
    >>> c = parse_claim("Beta solved 34 of 40 (± 5.6) vs Alpha's 30/40, maj@8")
    >>> c.a, c.n, c.se_a, c.metric
    (0.85, 40, 0.056, 'maj@8')
    >>> print(parse_claim("Our model scores 87.3% on GPQA, 92% on MMLU-Pro, 61% on AIME").questions[0])
    It gives 3 scores (87.3%, 92%, 61%): which two are the two models' scores?
    """
    if not isinstance(text, str):
        msg = f"parse_claim reads text (a str), got {type(text).__name__}: {text!r:.80}"
        raise ValueError(msg)
    r = _Reading(_clean(text[:MAX_CHARS]), truncated=len(text) > MAX_CHARS)
    r.scores()
    r.standard_errors()
    r.size()
    r.right_answers()
    r.lead()
    r.benchmark()
    r.metric()
    r.names()
    return r.result()
