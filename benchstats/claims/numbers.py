"""Numbers in a claim: every number token, and the roles the words around it allow.

:func:`read_tokens` takes the cleaned text with benchmark names and metrics
masked (``#``), so "GPQA Diamond" or "pass@1" never reads as a number. Each
:class:`Token` is one number as written ("+2.6 pts", "34 of 40", "seven") with
its candidate roles (:class:`Number`), best first; a token with none is named
as not used, with why. Which role each token plays is settled by
:mod:`benchstats.claims.readings`, which checks the arithmetic.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from text_to_num import text2num  # spelled-out numbers ("seven of the 30"), a kept library

from benchstats.claims.language import SPELLED
from benchstats.language import N_

#: Groups of three digits split by a narrow space ("1 204"): how the cleaned text keeps a thin
#: or no-break space between them, and how a dot that groups thousands ("1.204" in German or
#: Spanish) is handed to this module, so both read as one whole number.
GROUP = "\u202f"
_GROUPED = rf"[1-9]\d{{0,2}}(?:{GROUP}\d{{3}})+(?!\d)"
_NUMBER_RE = re.compile(rf"{_GROUPED}|\d[\d.,]*|[.,]\d+")
_WHOLE = re.compile(rf"{_GROUPED}|[1-9]\d{{0,2}}(?:,\d{{3}})+|\d+")  # "1,319", "500": not "46.0"
# A percent sign or word: "71%", "71 percent", "71 pct", "71 Prozent", "71 por ciento".
_PERCENT_AFTER = re.compile(
    r"\s?(?:%(?!\s?abs)|percent\b|per\s?cent\b|pct\b(?!\.?\s?(?:points?|pts?)\b)|prozent\b|"
    r"por\s+ciento\b)",
    re.IGNORECASE,
)
# A unit of points: a difference on the scores' own scale, never a score. "%abs" and "%
# absolute" say the percent is a difference of percentages, so points too.
_POINTS_AFTER = re.compile(
    r"\s?(?:percentage[\s\-]points?|percent(?:age)?[\s\-]?pts?\b|%\s?points?|%\s?pts?\b|"
    r"%\s?abs(?:olute)?\b\.?|%\s+absolute\b|pct\.?\s?(?:points?|pts?)\b|pp\b\.?|p\.\s?p\.|"
    r"prozentpunkte?n?\b|punkte?n?\b|pkt\.|puntos?\s+porcentuales\b|puntos?\b|"
    r"pts?\b\.?|points?\b(?:\s+absolute\b)?|-point\b)",
    re.IGNORECASE,
)
# Basis points: hundredths of a point ("120 basis points" is 1.2 points).
_BASIS_POINTS_AFTER = re.compile(r"\s?(?:basis[\s\-]points?|bps?)\b", re.IGNORECASE)
_SPELLED_TOTAL = "|".join(f"(?:{r.pattern})" for r in SPELLED.values())
_COUNT_AFTER = re.compile(
    r"\s?(?:/|of\b|out\s+of\b|von\b|der\b|des\b|de\b|sobre\b|aus\b|de\s+un\s+total\s+de\b)"
    r"\s?(?:the\s+|all\s+|den\s+|los\s+|las\s+|#+'s\s+)?"  # "9 of AIME 2024's 30"
    rf"({_GROUPED}|\d[\d,]*|{_SPELLED_TOTAL})(?![\d.,]*\d)",
    re.IGNORECASE,
)
_SIZE_AFTER = re.compile(
    r"[\s\-](?:#+\s)?(?:(?:multiple[\s\-]choice|test|held[\s\-]out|hard|expert|"
    r"verified|competition|math|coding|real[\s\-]world|github)\s+)?"
    r"(?:questions?|qs|problems?|items?|tasks?|prompts?|examples?|puzzles?|issues?|"
    r"test\s+cases|aufgaben|fragen|probleme|problemas|preguntas|tareas|ejercicios)\b",
    re.IGNORECASE,
)
_NOT_QUESTIONS = re.compile(
    r"\s?(?:benchmarks?|models?|runs?|seeds?|categories|subjects?|languages?|evals?|"
    r"samples?|attempts?|tries|shots?|days?|years?|months?|stars?|gpus?|tokens?|"
    r"parameters?|params?|experts?|layers?|times?|votes?|generations?|rollouts?)\b",
    re.IGNORECASE,
)
_PLUS_MINUS_BEFORE = re.compile(r"(?:±|\+/-|\+-)\s?$")
_SE_BEFORE = re.compile(
    r"(?:\bse|\bs\.e\.|standard\s+error)\s*(?:of|=|:|is)?\s*(?:±\s?)?$", re.IGNORECASE
)
_CI_HALF_BEFORE = re.compile(
    r"(?:\b95\s?%\s*(?:ci|confidence\s+interval|c\.i\.)|\bci)\s*(?:of|=|:)?\s*±\s?$", re.I
)
_INTERVAL = re.compile(
    r"(?P<lead>(?:\b(?P<level>9[05]|99)\s?%\s*)?(?:ci|c\.i\.|confidence\s+interval|"
    r"credible\s+interval|interval)\s*(?:of|:|=)?\s*\[?\s*)"
    r"(?P<low>\d{1,3}(?:[.,]\d+)?)\s?%?\s*(?:-|,|to)\s*(?P<high>\d{1,3}(?:[.,]\d+)?)\s?%?\]?",
    re.IGNORECASE,
)
_BRACKET_INTERVAL = re.compile(
    r"\[\s*(?P<low>\d{1,3}(?:[.,]\d+)?)\s?%?\s*,\s*(?P<high>\d{1,3}(?:[.,]\d+)?)\s?%?\s*\]"
)
_IGNORE_BEFORE = re.compile(
    r"(?:\bp\s*[=<>≤]\s*|\btemperature\s*(?:of|=|:)?\s*|\btemp\s*[=:]?\s*|\bt\s*=\s*|"
    r"\btop[\s\-]?$|\bversion\s+$|\bv$|\belo\s+(?:of\s+|rating\s+of\s+)?|\bk\s*=\s*|"
    r"\btop-p\s*[=:]?\s*|\bseed\s*[=:]?\s*)$",
    re.IGNORECASE,
)
_IGNORE_AFTER = re.compile(
    r"\s?(?:%\s*)?(?:confidence|ci\b|c\.i\.|conf\b|credible|elo\b)", re.IGNORECASE
)
# Words that say a number is not exact ("about 4 points", "~81%", "rund 3 Punkte"): a hedge.
_HEDGE_WORDS = (
    r"about|around|roughly|approximately|approx\.?|nearly|almost|some|circa|ca\.|close\s+to|"
    r"just\s+(?:over|under|shy\s+of)|etwa|rund|ungefähr|knapp|fast|gut|cerca\s+de|"
    r"alrededor\s+de|aproximadamente|casi|unos|unas"
)
_HEDGE_BEFORE = re.compile(
    rf"(?:[~≈∼]\s?|\b(?:{_HEDGE_WORDS})\s+(?:an?\s+|de\s+|un\s+)?)(?:[+\-]\s?)?$", re.IGNORECASE
)
_HEDGE_AFTER = re.compile(r"\s?%?\s?\+(?![\d.,]*\d)|\s?(?:%\s?)?(?:or\s+so|-ish)\b", re.IGNORECASE)
_ABOUT = rf"(?:(?:{_HEDGE_WORDS})\s+|~\s?|a\s+further\s+|another\s+)?"
# "less than 2%", "by more than 10 points": a bound, not a number to grade
_BOUND_BEFORE = re.compile(
    r"(?:\b(?:less|fewer|more|greater|higher|lower)\s+than|\b(?:over|under|above|below|beyond|"
    r"at\s+least|at\s+most|up\s+to|upwards\s+of|north\s+of|south\s+of)|(?:^|(?<=\s))(?:[<>]=?|[≤≥]))\s*$",
    re.IGNORECASE,
)
_BY_BEFORE = re.compile(rf"\b(?:by|um|por)\s+{_ABOUT}$", re.I)
_UP_WORDS = (
    r"up|rose|rises|rising|gained|gains|gaining|jumped|jumps|improved|improves|improving|"
    r"climbed|climbs|increased|increases|grew|grows|added|adds|adding|steigt|stieg|verbessert|"
    r"wächst|sube|subió|mejora|mejoró|aumenta|aumentó|crece|creció"
)
_DOWN_WORDS = (
    r"down|fell|falls|lost|loses|dropped|drops|slipped|slips|declined|declines|decreased|"
    r"sinkt|sank|fällt|fiel|cae|cayó|baja|bajó"
)
_CHANGE_BEFORE = re.compile(
    rf"\b(?:(?P<up>{_UP_WORDS})|(?P<down>{_DOWN_WORDS}))\s+(?:sich\s+)?(?:by\s+|um\s+|en\s+)?"
    rf"{_ABOUT}[+\-]?$",
    re.I,
)
# A lead's words before "by" with no unit: "ahead of Birch by 0.018" is in the scores' units.
_LEAD_BY_BEFORE = re.compile(
    r"\b(?:ahead|behind|leads?|leading|led|beats?|beating|outperform\w*|outscor\w*|trails?|"
    r"trailing|trailed|tops?|topping|topped|edges?|edging|edged|surpass\w*|exceed\w*|wins?|"
    r"margin|lags?|lagging)\b(?:[^.;:%]|\.(?=\w)){0,60}\bby\s+" + _ABOUT + "$",
    re.I,
)
# "54.6% (conservative score 52.1%)", "(pass rate with retries: 61.0%)": a score in brackets
# right after one, described by lowercase words, is the same model measured another way.
_ALTERNATE_BEFORE = re.compile(
    r"%\s*\(\s*(?:[a-z]+[\s\-]+){1,3}(?:score|accuracy|result|rate)\s*(?:of\s+|:\s*|=\s*)?$"
)
# A rating (Elo) has no questions: its "points" are the rating's, not percentage points.
_RATING = re.compile(r"\belo\b|\barena\s+(?:score|rating)s?\b|\bratings?\b", re.IGNORECASE)
# A number of something other than the scores: a price, a time, a speed, a size.
_MONEY_BEFORE = re.compile(r"(?:[$€£¥]|\b(?:usd|eur|us\$))\s?$", re.IGNORECASE)
_OTHER_QUANTITY_AFTER = re.compile(
    r"\s?(?:/\s?(?:m|mtok|1m|k)\b|per\s+(?:million|thousand|1m|1k|token|query|call|hour)|"
    r"(?:ms|s|sec|secs|seconds?|minutes?|hours?|h|gb|mb|tb|tps|tok/s|tokens?/s(?:ec)?)\b|[x×](?!\w)|"
    r"%?\s?(?:cheaper|faster|slower|smaller|less\s+(?:expensive|memory|compute)|"
    r"(?:lower|higher|less|more)\s+(?:latency|cost|price|memory|compute|throughput)))",
    re.IGNORECASE,
)
# "cuts latency by 30%", "a 30% drop in cost": a change in a quantity that is not the scores.
_OTHER_CHANGE_BEFORE = re.compile(
    r"\b(?:latency|costs?|price|prices|pricing|spend|tokens?|time|memory|throughput|speed|size|"
    r"parameters?|energy|compute|bill|calls|footprint)\s+(?:\w+\s+){0,2}?(?:by|um|en|por)\s+"
    + _ABOUT
    + "$",
    re.IGNORECASE,
)
_DECIMAL = r"\d{1,3}[.,]\d{1,4}"
_BARE_PAIR = re.compile(
    rf"(?<![\w.,#\-])({_DECIMAL})(?:\s*±\s*\d+(?:[.,]\d+)?)?(?:\s*\([^()]{{0,30}}\))?"
    r"(?:\s+on\s+#+)?\s*(?:vs\.?|versus|to|against|-|—|/|\||→|->)\s*"
    rf"({_DECIMAL})(?![\w%#]|[.,]\d|\s?(?:%|percent|pp\b|points?\b|pts?\b))",
    re.IGNORECASE,
)
# "from 1.2 to", "between 4.5 and": the start of a range (not the digit of a name, "Heron-4 and")
_RANGE_BEFORE = re.compile(
    r"(?<!\w)(?<![A-Za-z]-)(?:\d[\d.,]*\s*(?:%\s*)?(?:to|-)|\bbetween\s+\d[\d.,]*\s*(?:%\s*)?and)"
    r"\s*[+\-]?$",
    re.IGNORECASE,
)  # "and" makes a range only after "between": "over Condor 3 and 4.8 pp over" is two leads
_N_EQUALS_BEFORE = re.compile(r"\bn\s*=\s*$", re.IGNORECASE)
_RIGHT_AFTER = re.compile(r"\s?(?:right|correct(?:ly)?)\b", re.IGNORECASE)
_BENCH_AFTER = re.compile(r"\s?#{3,}")
# "5% better", "a 5% lead": points or a share of the other score?
_RELATIVE_AFTER = re.compile(
    r"\s?(?:better|higher|worse|lower|ahead|behind|improvement|gain|increase|uplift|boost|"
    r"jump|lead|gap|edge|advantage|relative|rel\.|more\s+accurate|above|below)\b"
    r"(?:(?:(?<=relative)|(?<=rel\.))\s+(?:gain|improvement|increase|uplift|boost|jump|lead|gap|edge|"
    r"advantage)\b)?",
    re.IGNORECASE,
)
_RELATIVE_SURE = re.compile(r"\s?(?:relative|rel\.)|.{0,40}\brelative\b", re.IGNORECASE)
_NEGATIVE_AFTER = re.compile(r"\s?(?:worse|lower|behind|below|less)\b", re.IGNORECASE)
_FEWER_ERRORS_AFTER = re.compile(
    r"\s?(?:fewer|less|lower|reduction\s+in|drop\s+in|cut\s+in)\s+(?:\w+\s+){0,2}?"
    r"(?:errors?|mistakes?|error\s+rate|failures?|wrong\s+answers?|hallucinations?)\b",
    re.IGNORECASE,
)
_ERRORS_BY_BEFORE = re.compile(
    r"\b(?:cuts?|cutting|reduces?|reducing|reduced|lowers?|lowered|trims?|slashes|slashed)\s+"
    r"(?:its\s+|the\s+|their\s+|our\s+)?(?:errors?|mistakes?|error\s+rate|failures?)\s+by\s+$",
    re.IGNORECASE,
)
# A bare decimal is a score after a scoring word ("scores 48.2", "at 44.0", "| 87.3")
# and before a pause or a linking word, so "Claude 3.5 Sonnet" or "rated 4.5 stars" is not.
_SCORING_BEFORE = re.compile(
    r"(?:\b(?:scores?|scored|scoring|(?:score|accuracy)\s+(?:of|is|was)|at|reach(?:es|ed|ing)?|"
    r"hits?|hitting|gets?|got|getting|posts?|posted|posting|achieves?|achieved|achieving|"
    r"attains?|attained|records?|recorded|with|of|to|from|is|was|sits|stands|lands|manages|"
    r"managed|delivers|clocks|clocked|prev\.?|previously|was|erreicht|erreichte|erzielt|"
    r"kommt\s+auf|liegt\s+bei|schafft|mit|auf|bei|alcanza|alcanzó|obtiene|obtuvo|logra|logró|"
    r"consigue|registra|marca|con|un|una)|'s|\||:|=|→|->|—|#)\s*$",
    re.IGNORECASE,
)
# "82.0% on MMLU vs. 79.5 for Robin": a bare decimal set against a score written with its "%"
_AGAINST_BEFORE = re.compile(
    r"\b(?:vs\.?|versus|against|compared\s+(?:with|to)|gegenüber|frente\s+al?|contra|"
    r"im\s+vergleich\s+zu|comparado\s+con)\s*$",
    re.IGNORECASE,
)
_PERCENT_SCORE = re.compile(r"(?<![+\-\d.,])\d{1,3}(?:[.,]\d+)?\s?%(?!\s*(?:points?|pts?)\b)")
_PAUSE_AFTER = re.compile(
    r"[^\S\n]*\n|[^\S\n]{2,}(?=\S)|\s*(?:$|[,;.:()\]|!?#—/-]|(?:on|in|for|vs|versus|against|and|while|compared|"
    r"ahead|beating|but|with|from|to|at|overall|auf|bei|und|gegenüber|vor|während|en|y|frente|"
    r"mientras|por|→|->)\b|→|->)",
    re.IGNORECASE,
)
# A whole number of right answers: "solved 398", "answered 150 correctly", "24 right".
_SOLVED_BEFORE = re.compile(
    r"\b(?:solved|solves|solving|resolved|resolves|resolving|answered|answers|passed|passes|"
    r"completed|completes|fixed|fixes|cracked|cracks|gets|got|nailed|nails|löst|löste|"
    r"beantwortet|resuelve|resolvió|resuelven|acierta|responde)\s+(?:correctly\s+)?$",
    re.IGNORECASE,
)
# A bare whole number that is a count only beside another "k of n": "Kite's 1,171", "vs 389".
_COUNT_BEFORE = re.compile(
    r"(?:'s|\b(?:vs\.?|versus|against|compared\s+(?:with|to)|got|gets|scored|scores|for|with|"
    r"while|at|gegenüber|frente\s+a|contra))\s+$|[:|]\s*$",
    re.IGNORECASE,
)
# A name just before a bare whole number ("Seal-1 6", "Tern 3 15", "Model L 141")
_NAME_BEFORE = re.compile(
    r"(?-i:[A-Z][\w.\-]*|[a-z]+\d[\w.\-]*|\d[\w.\-]*[A-Za-z][\w.\-]*|\))(?:\s+\d+(?:\.\d+)?)?"
    r"(?:\s+(?i:nur|solo|sólo|only|just))?\s+$"  # "Lyra-3 nur 19"
)
_NEGATIVE_LEAD = re.compile(r"\b(?:trails?|trailing|trailed|lags?|lagging|lagged)\b", re.I)
_BEHIND_AFTER = re.compile(
    r"\s+(?:behind|below|lower|worse|short\s+of|under|hinter|unter|por\s+detrás\s+de|"
    r"detrás\s+de|por\s+debajo\s+de|menos\s+que)\b",
    re.I,
)
_SIGN_BEFORE = re.compile(r"(?<![\w#.])([+\-])\s?$")
_SCALE_AFTER = re.compile(r"\s?(?:/\s?10|out\s+of\s+10)(?![\d.,])", re.IGNORECASE)
_TIE_BEFORE = re.compile(
    r"(?<!essentially\s)(?<!virtually\s)(?<!nearly\s)(?<!almost\s)"  # "essentially tied": close
    r"\b(?:ties?|tied|tying|matches|matched|matching|level\s+with|on\s+par\s+with|equals|"
    r"equalled|equaled|draws?\s+with)\b[^%]{0,60}?(?:\b(?:at|with|on)|'s)\s+$",
    re.IGNORECASE,
)
# "Both X and Y reach 57.3%", "X and Y each score", "tied at": one score two models share
_TIE_BOTH_BEFORE = re.compile(
    r"(?<!essentially\s)(?<!virtually\s)(?<!nearly\s)(?<!almost\s)"
    r"\b(?:both|each|tied|tie|level|even)\b[^%]{0,40}?\b(?:at|on|with|"
    r"scores?|scoring|reach(?:es|ed)?|hit|hits|gets?|got|posts?|posted|achieves?|achieved|"
    r"records?|recorded|manage|managed|land\s+at|sit\s+at|come\s+in\s+at)\s+$",
    re.IGNORECASE,
)
# "X beats both Y and Z with 71.2%": the score is X's, not one the two share
_BEATS_BOTH = re.compile(
    r"\b(?:beats?|beating|beat|outperform\w*|tops?|topping|over|than|ahead\s+of|edges?\s+out|"
    r"surpass\w*|exceed\w*|trails?|trailing|behind|leads?|leading)\s+(?:both|each)\b",
    re.IGNORECASE,
)


# "Lumen-5 y Briar-2 registran un 74,9 %": two names, a plural verb and one number: they share it
_TWO_SHARE_BEFORE = re.compile(
    r"(?-i:[A-Z][\w.\-]*)\s+(?:and|y|und|&)\s+(?-i:[A-Z][\w.\-]*)\s+(?:score|reach|hit|post|get|"
    r"land\s+at|sit\s+at|registran|alcanzan|obtienen|logran|consiguen|erreichen|erzielen|"
    r"kommen\s+auf|schaffen)\s+(?:an?\s+|un\s+|una\s+|el\s+|auf\s+)?$",
    re.IGNORECASE,
)
_SECOND_SCORE_AFTER = re.compile(
    r"\s?(?:%|percent|per\s?cent|pct|prozent|por\s+ciento)?\s*(?:and|y|und|,)\s*[\d.,]*\d", re.I
)


def _tie(before: str, after: str = "") -> bool:
    """The words before a score say two models share it ("ties Y at", "both X and Y reach",
    "X and Y score 57.3%"), unless a second score follows ("X and Y score 71% and 69%")."""
    if _TIE_BEFORE.search(before):
        return True
    if _TWO_SHARE_BEFORE.search(before) and not _SECOND_SCORE_AFTER.match(after):
        return True
    both = _TIE_BOTH_BEFORE.search(before)
    if both is None or _BEATS_BOTH.search(before):
        return False
    return not re.search(r"(?<![\w.])\d{2,3}[.,]\d", both.group(0))  # no score between


# "half the errors of X", "a third fewer mistakes", "2x fewer errors", "halves the error rate"
_SHARE_WORDS = {"half": 0.5, "a third": 1 / 3, "a quarter": 0.25, "two thirds": 2 / 3}
_ERRORS = r"(?:errors?|mistakes?|error\s+rate|failures?|wrong\s+answers?)"
_ERRORS_IN_WORDS = re.compile(
    rf"\b(?P<share>half|a\s+third|a\s+quarter|two[\s\-]thirds)\s+(?:of\s+)?(?:the\s+|as\s+many\s+)"
    rf"{_ERRORS}(?=\s+(?:of|as|than)\b)"
    rf"|\b(?P<fewer>a\s+third|a\s+quarter|half)\s+(?:fewer|less)\s+{_ERRORS}"
    rf"|\b(?P<times>[2-9]|two|three|four)\s?[x×]\s+(?:fewer|less)\s+{_ERRORS}"
    rf"|\b(?P<halves>halves|halved|halving)\s+(?:the\s+|its\s+)?{_ERRORS}"
    rf"|\bcuts?\s+(?:the\s+|its\s+)?{_ERRORS}\s+(?P<inhalf>in\s+half)"
    rf"|\b(?:cuts?|reduces?|reduced|lowers?|lowered)\s+(?:the\s+|its\s+)?{_ERRORS}\s+by\s+"
    rf"(?P<by>half|a\s+third|a\s+quarter|two[\s\-]thirds)",
    re.IGNORECASE,
)


def _errors_in_words(masked: str) -> list[Token]:
    """Shares of errors said in words, each a token whose one role is ``fewer_errors``."""
    out = []
    for m in _ERRORS_IN_WORDS.finditer(masked):
        if m.group("share"):
            kept = _SHARE_WORDS[re.sub(r"[\s\-]+", " ", m.group("share").lower())]
            share = 1 - kept  # "half the errors": 50% fewer
        elif m.group("fewer") or m.group("by"):
            share = _SHARE_WORDS[
                re.sub(r"[\s\-]+", " ", (m.group("fewer") or m.group("by")).lower())
            ]
        elif m.group("times"):
            times = _number(m.group("times")) or 2
            share = 1 - 1 / times
        else:
            share = 0.5
        x = Number("fewer_errors", m.start(), m.end(), share)
        out.append(Token(m.start(), m.end(), m.group(0), share, (x,)))
    return out


def _number(token: str, lang: str = "en") -> float | None:
    """A numeral as written: "1,319" → 1319, "87,3" → 87.3, "0.873" → 0.873, "seven" → 7,
    "1 204" (a narrow space between groups) → 1204; words in ``lang`` first, then the others.

    >>> _number("einundsiebzig", "de"), _number("setenta y uno", "es"), _number("1\u202f204")
    (71.0, 71.0, 1204.0)
    """
    token = token.rstrip(".,")
    if token[:1].isalpha():
        words = re.sub(r"\s+and\s+", " ", token.lower())
        for each in dict.fromkeys((lang, "en", "de", "es")):
            try:
                return float(text2num(words, each))
            except ValueError:
                continue
        return None
    if not token or not any(ch.isdigit() for ch in token):
        return None
    if GROUP in token:
        token = token.replace(GROUP, "")
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


def written_decimals(token: str) -> int:
    """Digits after the decimal mark as written ("52.0" → 1, "1,319" → 0, "87,3" → 1)."""
    m = re.search(r"[.,](\d+)$", token)
    if m is None or _WHOLE.fullmatch(token):
        return 0
    return len(m.group(1))


@dataclass(frozen=True)
class Number:
    """One role a number may play: its kind, the words that make it, its value.

    Kinds: ``score`` (a proportion; from "k of n" it keeps ``k`` and ``n``),
    ``se`` (as written; ``pm``: written "±", so possibly a 95% half-width;
    ``ci``: said to be one), ``interval`` (``value`` to ``high``, as written),
    ``lead`` (A − B, a proportion; ``unit`` "bare": as written, in the
    scores' units), ``relative`` (a share of the other score, signed),
    ``fewer_errors`` (a share of the other's errors), ``change`` (new − old,
    a proportion, or ``unit`` "relative": a share), ``size`` (``n``), ``right``
    (a whole number of right answers: a score once n is known), ``count`` (a
    bare whole number, a score only beside another count), ``tie`` (one score
    two models share), ``scale`` (a score on a judge's scale up to ``n``) and
    ``unused`` (the number plays no role: tried beside a role it may not have),
    ``bound`` ("less than 2%": not a number to grade) and ``level`` (an interval's).
    ``half`` is half a unit of its last digit, in the value's units (the
    sentence's rounding); ``weight`` how strongly the words say it (0 plain,
    below 0 less likely).
    """

    kind: str
    start: int
    end: int
    value: float
    unit: str = ""  # percent, proportion, count, points, bare, relative, ""
    n: int | None = None
    k: int | None = None
    high: float | None = None
    half: float = 0.0
    weight: float = 0.0
    pm: bool = False
    ci: bool = False
    bare: bool = False  # a whole number read as a percent without its "%": only near a benchmark
    loose: bool = False  # a count after a bare name ("Seal-1 6"): only beside a stated count
    approx: bool = False  # hedged ("about 4 points", "~81%"): not an exact number to grade


@dataclass(frozen=True)
class Token:
    """One number as written, where it stands, and the roles it may play (best first)."""

    start: int
    end: int
    text: str
    value: float
    options: tuple[Number, ...] = ()
    why: str = ""  # why it plays no role, when it has none


def lead_decimals(x: Number) -> int:
    """Decimals to show a lead in points, as its words give them ("2.6 pts": 1)."""
    if x.unit == "bare" or x.half <= 0:
        return 1
    return min(max(1, round(-math.log10(x.half * 200))), 3)


def score_decimals(x: Number | None) -> int:
    """Decimals a score was written with, in percent ("66.0%": 1, "0.873": 1, "34 of 40": 0)."""
    if x is None or x.half <= 0:
        return 0
    return min(max(0, round(-math.log10(2 * x.half)) - 2), 3)


def se_value(se: Number, score: Number) -> float:
    """A standard error in the units of ``score``: points, unless the score was a proportion."""
    if se.unit != "points" and score.unit == "proportion" and se.value < 1:
        return se.value  # 0.873 ± 0.018: the same units as the score
    return se.value / 100


def _half(token: str, scale: float) -> float:
    return 0.5 * 10 ** -written_decimals(token) / scale


def _spelled(masked: str, lang: str) -> list[tuple[int, int, str]]:
    out = []
    for m in SPELLED[lang].finditer(masked):
        text = m.group(0)
        if _number(text, lang) is not None:
            out.append((m.start(), m.end(), text))
    return out


def read_tokens(masked: str, benchmark_named: bool = False, lang: str = "en") -> list[Token]:
    """Every number in ``masked``, in order, each with the roles its words allow.

    ``benchmark_named``: a benchmark is named, so a bare decimal in a table or a
    list ("Bench: Name 79.4, Name 77.8") may be a score. ``lang`` spells the
    number words (:mod:`benchstats.claims.language`).
    """
    tokens: dict[int, Token] = {}
    used: set[int] = set()  # starts of numbers read as part of another ("34 of 40")
    for m in list(_INTERVAL.finditer(masked)) + list(_BRACKET_INTERVAL.finditer(masked)):
        low, high = _number(m.group("low")), _number(m.group("high"))
        if low is None or high is None or not low < high or m.start("low") in tokens:
            continue
        proportion = low < 1 and high <= 1 and "." in m.group("low")
        unit = "proportion" if proportion else "percent"
        scale = 1 if proportion else 100
        x = Number(
            "interval", m.start("low"), m.end("high"), low, unit, high=high,
            half=_half(m.group("low"), scale),
        )  # fmt: skip
        tokens[m.start("low")] = Token(x.start, m.end("low"), m.group("low"), low, (x,))
        tokens[m.start("high")] = Token(m.start("high"), m.end("high"), m.group("high"), high)
        used.add(m.start("high"))
        if "level" in m.groupdict() and m.group("level"):
            lv = m.start("level")
            level = float(m.group("level"))
            sign = re.match(r"\s?%", masked[m.end("level") :])
            end = m.end("level") + (sign.end() if sign else 0)
            said = Number("level", lv, end, level / 100)  # "95%" of "95% CI": no score
            tokens[lv] = Token(lv, m.end("level"), m.group("level"), level, (said,))
            used.add(lv)
    for m in _BARE_PAIR.finditer(masked):
        if m.start(1) in tokens or m.start(2) in tokens:
            continue
        before = masked[max(0, m.start() - 30) : m.start()].rstrip()
        small = all((_number(m.group(g)) or 0) < 10 for g in (1, 2))
        if small and before and before[-1].isalnum() and not before.split()[-1].islower():
            continue  # "Claude 3.5 vs 3.7": versions, not scores
        if re.search(r"(?:\bci|interval|\[)\s*$", before, re.IGNORECASE):
            continue  # an interval's ends
        for g in (1, 2):
            value = _number(m.group(g))
            if value is None or not 0 < value <= 100:
                continue
            word = re.search(
                r"(?-i:[A-Z][\w\-]*)\s+$", masked[max(0, m.start(g) - 30) : m.start(g)]
            )
            if value < 10 and written_decimals(m.group(g)) < 2 and word:
                continue  # "| Lyra 1.3 | 33.16": a version beside a score
            proportion = bool(re.match(r"0?[.,]", m.group(g)))
            unit = "proportion" if proportion else "percent"
            scale = 1 if proportion else 100
            x = Number(
                "score", m.start(g), m.end(g), value / scale, unit, half=_half(m.group(g), scale)
            )
            tokens[m.start(g)] = Token(x.start, x.end, m.group(g), value, (x,))
            used.add(m.start(g))
    for t in _errors_in_words(masked):
        tokens[t.start] = t
        used.update(m.start() for m in _NUMBER_RE.finditer(masked, t.start, t.end))
    spans = [(m.start(), m.group(0).rstrip(".,")) for m in _NUMBER_RE.finditer(masked)]
    spans += [(s, t) for s, _, t in _spelled(masked, lang)]
    for start, token in sorted(spans):
        end = start + len(token)
        if start in used or start in tokens or not token:
            continue
        if any(
            t.start <= start < t.end
            for t in tokens.values()
            if t.options and t.options[0].kind == "fewer_errors"
        ):
            continue
        prev = masked[start - 1] if start else " "
        if token[0].isdigit() and (
            prev.isalpha()
            or prev in "@#_"
            or (prev == "-" and masked[start - 2 : start - 1].isalnum())
        ):
            tokens[start] = Token(start, end, token, 0.0, why=N_("part of a name"))
            continue  # GPT-4, o3, #1: part of a name or a rank
        value = _number(token, lang)
        if value is None:
            continue
        options, skip = _classify(masked, start, end, token, value, benchmark_named)
        if skip is not None:
            used.add(skip)
            total = _number(skip[1], lang)
            if total is not None:
                tokens[skip[0]] = Token(skip[0], skip[0] + len(skip[1]), skip[1], total)
        why = "" if options else _why_not(masked, start, end, token, value)
        if token[0].isalpha() and not options:
            continue  # "one model": a word, not a number of the claim
        tokens[start] = Token(start, end, token, value, tuple(options), why)
    return sorted(tokens.values(), key=lambda t: t.start)


def _why_not(masked: str, start: int, end: int, token: str, value: float) -> str:
    """Why a number plays no role, in a few words."""
    before, after = masked[max(0, start - 40) : start], masked[end : end + 40]
    if re.fullmatch(r"(?:19|20)\d\d", token):
        return N_("a year")
    if _MONEY_BEFORE.search(before):
        return N_("a price")
    if _OTHER_QUANTITY_AFTER.match(after):
        return N_("a price, time, speed or size, not a score")
    if _OTHER_CHANGE_BEFORE.search(before):
        return N_("a change in something other than the scores")
    if _ALTERNATE_BEFORE.search(before):
        return N_("the same model's score measured another way")
    if _RATING.search(masked) and _POINTS_AFTER.match(after):
        return N_("rating points (Elo), not percentage points")
    if re.match(r"\s?[bmkt]\b|\s?(?:billion|million)\b", after, re.I):
        return N_("a model size")
    if after[:1].isalpha() or re.match(r"[\-.]\w", after):
        return N_("part of a name")
    if _IGNORE_BEFORE.search(before):
        return N_("a setting, not a score")
    if _IGNORE_AFTER.match(after):
        return N_("a confidence level")
    if _NOT_QUESTIONS.match(after) or re.match(r"-shot", after, re.I):
        return N_("a count of something else")
    if re.search(r"\b(?:version|v)\s*$|[A-Za-z][\w\-]*\s$", before) and value < 10:
        return N_("part of a name or version")
    return N_("not read: no unit or cue says what it is")


def _classify(
    masked: str, start: int, end: int, token: str, value: float, benchmark_named: bool
) -> tuple[list[Number], tuple[int, str] | None]:
    """The roles one number may play, best first, and the total it swallowed ("34 of 40").
    A number its words hedge ("about 4 points", "~81%") keeps its roles, marked approximate."""
    options, skip = _roles(masked, start, end, token, value, benchmark_named)
    before, after = masked[max(0, start - 60) : start], masked[end : end + 80]
    hedge = _HEDGE_BEFORE.search(before)
    if options and (hedge or _HEDGE_AFTER.match(after)):
        at = start - len(before) + hedge.start() if hedge else start  # "about 4 points"
        options = [replace(x, approx=True, start=min(x.start, at)) for x in options]
    return options, skip


def _roles(
    masked: str, start: int, end: int, token: str, value: float, benchmark_named: bool
) -> tuple[list[Number], tuple[int, str] | None]:
    before, after = masked[max(0, start - 60) : start], masked[end : end + 80]
    spelled = token[0].isalpha()
    if _MONEY_BEFORE.search(before) or _OTHER_QUANTITY_AFTER.match(after):
        return [], None  # "$0.40", "2.1 s", "30% cheaper": a price, a time, not the scores
    if _OTHER_CHANGE_BEFORE.search(before):
        return [], None  # "cuts latency by 30%": a change in something else
    if _ALTERNATE_BEFORE.search(before):
        return [], None  # "54.6% (conservative score 52.1%)": the same model's score again
    if (
        not spelled
        and after[:1].isalpha()
        and not re.match(r"(?:pp|pts?|points?|percent|pct|bps?)\b", after, re.I)
    ):
        return [], None  # 70B, 4o: part of a name
    if re.match(r"-shot|-way|-turn", after, re.I):
        return [], None
    if _IGNORE_BEFORE.search(before) or _IGNORE_AFTER.match(after):
        return [], None
    unit = _POINTS_AFTER.match(after) or _BASIS_POINTS_AFTER.match(after)
    unit = unit or _PERCENT_AFTER.match(after)
    if (bound := _BOUND_BEFORE.search(before)) and (unit or re.search(r"[.,]\d", token)):
        begin = start - len(before) + bound.start()
        return [Number("bound", begin, end + (unit.end() if unit else 0), value)], None
    if spelled and re.search(r"\bat\s+$", before, re.I) and re.match(r"\s+point\b", after, re.I):
        return [], None  # "at one point": a time, not a lead
    if spelled and unit:  # "five points ahead of", "seventy-one percent"
        return _with_unit(masked, before, after, start, end, token, value), None
    if spelled:
        counted, skip = _counted(masked, before, after, start, end, token, value)
        return counted, skip
    with_unit = _with_unit(masked, before, after, start, end, token, value)
    if with_unit:
        return with_unit, None
    counted, skip = _counted(masked, before, after, start, end, token, value)
    if counted:
        return counted, skip
    return _bare(masked, before, after, start, end, token, value, benchmark_named), None


def _signed_lead(
    masked: str, before: str, after: str, start: int, stop: int, value: float, unit: str
) -> float:
    """The lead's sign: a minus before it, "trails" before it, "behind" after it."""
    sign = _SIGN_BEFORE.search(before)
    if sign:
        return -value if sign.group(1) == "-" else value
    if _NEGATIVE_LEAD.search(masked[max(0, start - 80) : start]) or _BEHIND_AFTER.match(
        masked, stop
    ):
        return -value
    return value


def _with_unit(
    masked: str, before: str, after: str, start: int, end: int, token: str, value: float
) -> list[Number]:
    """A number its unit, its sign or a "±" says: an SE, a change, a lead, a percent."""
    points = _POINTS_AFTER.match(after) or _BASIS_POINTS_AFTER.match(after)
    unit_m = points or _PERCENT_AFTER.match(after)
    per = 10_000 if _BASIS_POINTS_AFTER.match(after) else 100  # a basis point is 1/100 point
    if _PLUS_MINUS_BEFORE.search(before) or _SE_BEFORE.search(before):
        stop = end + (unit_m.end() if unit_m else 0)
        unit = "points" if unit_m else ""
        pm = bool(_PLUS_MINUS_BEFORE.search(before))
        ci = bool(_CI_HALF_BEFORE.search(before))
        return [Number("se", start, stop, value, unit, pm=pm and not ci, ci=ci)]
    begin = start
    sign = _SIGN_BEFORE.search(before)
    if sign:
        begin = start - len(before) + sign.start(1)
    if unit_m and (change := _CHANGE_BEFORE.search(before)):  # "fell 3%", "up 4 points"
        down = change.group("down") is not None
        signed = -value if down else value
        if sign and sign.group(1) == "-":
            signed = -value
        stop = end + unit_m.end()
        word = start - len(before) + change.start()
        if points:
            return [Number("change", word, stop, signed / per, "points", half=_half(token, per))]
        return [
            Number("change", word, stop, signed / 100, "points", half=_half(token, 100)),
            Number("change", word, stop, signed / 100, "relative", half=_half(token, 100)),
        ]
    if points and _RATING.search(masked):
        return []  # "12 points above" beside an Elo: rating points, not percentage points
    if points:
        stop = end + points.end()
        if value > per or _RANGE_BEFORE.search(before):
            return []  # "from −1.2 to +9.2 points": a range, not a lead
        signed = _signed_lead(masked, before, after, start, stop, value, "points")
        return [Number("lead", begin, stop, signed / per, "points", half=_half(token, per))]
    if pm := _PERCENT_AFTER.match(after):
        stop = end + pm.end()
        if (few := _FEWER_ERRORS_AFTER.match(masked, stop)) and value < 100:
            return [Number("fewer_errors", begin, few.end(), value / 100, half=_half(token, 100))]
        if _ERRORS_BY_BEFORE.search(before) and value < 100:
            return [Number("fewer_errors", start, stop, value / 100, half=_half(token, 100))]
        relative = _relative(masked, before, start, stop, token, value, sign)
        if relative:
            return relative
        if value > 100:
            return []
        if sign:  # "+5%": a change or a lead, never a score
            signed = -value if sign.group(1) == "-" else value
            return [
                Number("lead", begin, stop, signed / 100, "points", half=_half(token, 100)),
                Number("relative", begin, stop, signed / 100, half=_half(token, 100), weight=-0.5),
            ]
        tie = _tie(before, after)
        score = Number("score", start, stop, value / 100, "percent", half=_half(token, 100))
        if tie:
            return [replace(score, kind="tie")]
        if re.match(r"\s*\)", masked[stop:]) and re.search(
            r"(?:pts?|points?|pp)\s*\(\s*$", before, re.I
        ):
            # "+2.6 pts (5.3%)": the lead again as a share, or (less often) a score
            rel = Number("relative", start, stop, value / 100, half=_half(token, 100))
            return [rel, replace(score, weight=-1.0)]
        return [score]
    if sign and re.match(r"\s*(?:%\s*)?(?:to|-|and)\s*[+\-]?\d", after, re.I):
        return []  # "from −1.2 to +9.2": a range, not a lead
    if sign and not _RANGE_BEFORE.search(before) and value <= 100:
        # "+0.8 over Gull", "(−2.1 vs Tern)": a signed number is a lead, in the scores' units
        signed = -value if sign.group(1) == "-" else value
        if _CHANGE_BEFORE.search(before[: len(before) - len(sign.group(0))]):
            return [Number("change", begin, end, signed, "bare", half=_half(token, 1))]
        return [Number("lead", begin, end, signed, "bare", half=_half(token, 1))]
    if (
        _BY_BEFORE.search(before)
        and _LEAD_BY_BEFORE.search(masked[max(0, start - 100) : start])
        and not re.fullmatch(r"(?:19|20)\d\d", token)
        and value <= 100
    ):
        # "ahead of Birch by 0.018": a lead with no unit is in the scores' own units
        signed = _signed_lead(masked, before, after, start, end, value, "bare")
        by = _BY_BEFORE.search(before)
        return [
            Number(
                "lead", start - len(before) + by.start(), end, signed, "bare", half=_half(token, 1)
            )
        ]
    if (change := _CHANGE_BEFORE.search(before)) and re.match(
        r"\s*(?:over|from|on|vs\.?|versus|against|compared|,|;|$|\))", after, re.I
    ):
        # "up 1.4 over Model X": no unit, the scores' units
        down = change.group("down") is not None
        word = start - len(before) + change.start()
        return [
            Number("change", word, end, -value if down else value, "bare", half=_half(token, 1))
        ]
    return []


def _relative(
    masked: str, before: str, start: int, stop: int, token: str, value: float, sign
) -> list[Number]:
    """ "by 5%", "5% better", "a 10% relative gain": a share of the other score (or points)."""
    begin = start - len(before) + sign.start(1) if sign else start
    half = _half(token, 100)
    by = _BY_BEFORE.search(before)
    rel = _RELATIVE_AFTER.match(masked, stop)
    if not by and not rel:
        return []
    negative = bool(_NEGATIVE_AFTER.match(masked, stop)) or (sign and sign.group(1) == "-")
    if by and not rel:
        negative = negative or bool(_NEGATIVE_LEAD.search(masked[max(0, start - 80) : start]))
    signed = -value / 100 if negative else value / 100
    begin = start - len(before) + by.start() if by else begin
    end = rel.end() if rel else stop
    sure = _RELATIVE_SURE.match(masked, stop) and "relative" in masked[stop : stop + 40].lower()
    share = Number("relative", begin, end, signed, half=half)
    if sure:
        return [share]
    return [share, Number("lead", begin, stop, signed, "points", half=half, weight=-0.3)]


def _total(text: str) -> float | None:
    total = _number(text.strip())
    return total if total is not None and total >= 1 and float(total).is_integer() else None


def _counted(
    masked: str, before: str, after: str, start: int, end: int, token: str, value: float
) -> tuple[list[Number], tuple[int, str] | None]:
    """A whole number that counts: "34 of 40", "solved 398", "on 448 questions", "24 right"."""
    spelled = token[0].isalpha()
    if not spelled and not _WHOLE.fullmatch(token):
        return [], None  # "46.0" is a score, not a count
    if cm := _COUNT_AFTER.match(after):
        total = _total(cm.group(1))
        rest = after[cm.end() :]
        if (
            total is not None
            and value <= total
            and not _NOT_QUESTIONS.match(rest)
            and not re.match(r"\s?(?:%|percent)", rest)
            and not re.match(r"[.,]\d", rest)
        ):
            k, n = int(value), int(total)
            stop = end + cm.start(1) + len(cm.group(1).rstrip(","))
            x = Number("score", start, stop, k / n, "count", n, k)
            return [x], (end + cm.start(1), cm.group(1).rstrip(","))
    named_count = _NAME_BEFORE.search(before) and (_PAUSE_AFTER.match(after) or after == "")
    if spelled and not (
        _SOLVED_BEFORE.search(before)
        or _RIGHT_AFTER.match(after)
        or _SIZE_AFTER.match(after)
        or named_count
        or (_COUNT_BEFORE.search(before) and _PAUSE_AFTER.match(after))  # "against nine for"
    ):
        return [], None  # "one model": a word, not a count
    right = _RIGHT_AFTER.match(after)
    if _SOLVED_BEFORE.search(before) and (
        right or _SIZE_AFTER.match(after) or _PAUSE_AFTER.match(after) or _BENCH_AFTER.match(after)
    ):
        stop = end + (right.end() if right else 0)
        return [Number("right", start, stop, value, "count")], None
    size_m = _SIZE_AFTER.match(after)
    out_of = re.search(r"\bout\s+of\s+$", before, re.I) and not _NOT_QUESTIONS.match(after)
    n_equals = _N_EQUALS_BEFORE.search(before) and not _NOT_QUESTIONS.match(after)  # not "n=3 runs"
    if (size_m or out_of or n_equals) and value >= 1:
        stop = end + (size_m.end() if size_m else 0)
        return [Number("size", start, stop, value, "count", int(value))], None
    if right:
        return [Number("right", start, end + right.end(), value, "count")], None
    cue = _COUNT_BEFORE.search(before)
    named = _NAME_BEFORE.search(before)
    if (cue or named) and (_PAUSE_AFTER.match(after) or after == ""):
        options = [Number("count", start, end, value, "count", loose=not cue)]
        cued = _SCORING_BEFORE.search(before) or re.search(r"'s\s+$", before)
        if not spelled and value <= 100 and (cued or value >= 10):
            # "scores 48", "Mistral's 44": a percent without its sign, or a count; after a
            # bare name ("Vega 84") less likely, and never a one-digit one ("Quartz 5")
            weight = 0.0 if cued else -0.5
            options.append(
                Number(
                    "score",
                    start,
                    end,
                    value / 100,
                    "percent",
                    half=0.005,
                    weight=weight,
                    bare=True,
                )
            )
        if not cue:  # "Model L 141" (a count), or "Mistral Large 2" (part of a name)
            options.append(Number("unused", start, end, value, weight=-1.0))
        return options, None
    return [], None


def _bare(
    masked: str,
    before: str,
    after: str,
    start: int,
    end: int,
    token: str,
    value: float,
    benchmark_named: bool,
) -> list[Number]:
    """A number with no unit: a proportion ("0.71"), or a decimal read as a percent."""
    if (scale := _SCALE_AFTER.match(after)) and value <= 10:
        return [Number("scale", start, end + scale.end(), value, n=10)]
    if re.match(r"\s*/\s*\d", after):
        return []  # "11.1/15": an average count of a total, not a percent
    if re.fullmatch(r"0?[.,]\d+", token) and value <= 1:
        tie = _tie(before, after)
        return [
            Number("tie" if tie else "score", start, end, value, "proportion", half=_half(token, 1))
        ]
    decimal = re.search(r"[.,]\d", token) and value <= 100
    half = _half(token, 100)
    score = Number("score", start, end, value / 100, "percent", half=half)
    if decimal and _tie(before, after):
        return [replace(score, kind="tie")]
    if decimal and (re.match(r"\s*\(?\s*±", after) or _BENCH_AFTER.match(after)):
        return [score]  # "87.3 ± 1.8", "88.7 MMLU"
    if decimal and _SCORING_BEFORE.search(before) and _PAUSE_AFTER.match(after):
        return [score]  # "scores 48.2 on", "at 44.0", "| 87.3", "→ 74.5"
    if (
        decimal
        and value >= 10
        and _AGAINST_BEFORE.search(before)
        and (_PAUSE_AFTER.match(after) or after.strip() == "")
        and _PERCENT_SCORE.search(masked[:start])
    ):
        return [score]  # "82.0% on MMLU vs. 79.5 for Robin": the other score's unit
    if (
        decimal
        and (value >= 10 or written_decimals(token) >= 2)
        and benchmark_named
        and re.search(r"[\w)][,;]?\s+$|\(\s*$", before)
        and (_PAUSE_AFTER.match(after) or after.strip() == "")
    ):
        return [replace(score, weight=-0.2)]  # "Bench: Name 79.4, Name 77.8"
    if (
        decimal
        and benchmark_named
        and re.search(r"(?:[^\S\n]{2,}|\|[^\S\n]*)$", before)
        and re.match(r"[^\S\n]*(?:\n|$|\|)|[^\S\n]{2,}\S", after)
    ):
        return [replace(score, weight=-0.2)]  # a table's cell: "Orca Mini   9.0   74.1"
    return []
