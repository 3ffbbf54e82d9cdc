"""Model names in a claim, and which name owns which score (:func:`model_names`)."""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass
from typing import NamedTuple

from benchstats.claims.language import language
from benchstats.claims.numbers import Number

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
    scoring reaching hitting posting achieving outperforming beating surpassing topping leading
    trailing matching edging landing delivering setting introducing announcing meet meet say
    congrats congratulations compared evaluated tested trained released launched built powered
    wow huge big finally just results note notes scored reached hit posted achieved topped
    beat edged lands delivers sets ties tied matches nope yep okay ok lol ngl imo tbh btw hot
    take reminder thread quick headline update benchmark benchmarks leaderboard leaderboards
    resolves resolved solves solved answers answered gets got makes made improves improved
    ours theirs both each every all other others rival rivals baseline previous prior
    hallucination hallucinations error errors rate rates pass performance mean average
    notably frontier most dramatic meanwhile overall elo tl dr
    mit bei auf und liegt damit erreicht erreichte erzielt kommt schafft löst löste beantwortet
    nur vor hinter gegenüber im vergleich zu für von der die das den dem des ein eine laut um
    steigt stieg verbessert sich sinkt sank fällt als wie bzw
    en el la los las y con un una alcanza alcanzó obtiene obtuvo logra logró consigue marca
    registra supera superando frente a al de del por delante detrás mientras que se queda
    resuelve acierta solo mejora sube llega hasta aventaja según
"""
_STOP = frozenset(_STOP_WORDS.split())
_CONNECTOR_RE = re.compile(
    r"\b(?:vs\.?|versus|compared\s+(?:with|to)|beating|beats?|ahead\s+of|outperform(?:s|ing|ed)?|"
    r"tops|topping|topped|edges?(?:\s+out)?|edging(?:\s+out)?|overtakes?|overtaking|leads?|"
    r"leading|trails?|trailing|behind|lags?|lagging|over|than|against|improv(?:es|ed|ing)\s+on|"
    r"surpass(?:es|ed|ing)?|exceed(?:s|ed|ing)?|ties|tied\s+(?:with\s+)?|tying\s+(?:with\s+)?|"
    r"matches|matched|matching|level\s+with|on\s+par\s+with|equals|equalled|equaled|"
    r"outscor(?:es|ed|ing)|outpac(?:es|ed|ing)|bests?|bested|eclips(?:es|ed|ing)|"
    r"leapfrog(?:s|ged|ging)?|dethron(?:es|ed|ing)|trumps?|trumped|overtook|outdoes|outdid|"
    r"outclass(?:es|ed)?|outshin(?:es|ed)|crush(?:es|ed|ing)|dominat(?:es|ed)|doubles|triples|"
    r"vor|hinter|gegenüber|im\s+vergleich\s+zu|supera(?:ndo)?|aventaja|frente\s+al?|"
    r"por\s+delante\s+de|por\s+detrás\s+de|contra)\b"
    r"|(?<=\s)[<>](?=\s)",
    re.IGNORECASE,
)
_GLUE_WORDS_TEXT = """
    's a accuracy achieved achieves achieving an answered answers at attained attains came
    climbed climbs clocked clocks comes delivered delivers gets getting got hit hits hitting in
    second third next close closely behind follows followed trailing leads lead leading ranks
    first top
    is jumped jumps just landed lands made makes managed model now of on only posted posting
    posts reached reaches reaching recorded records registered registers reported rises rising
    rose sat saw score scored scores scoring sees sits solved solves stands stood that to was
    which who with has had reports follows follow tied essentially virtually nearly
    erreicht erreichte erzielt kommt auf mit bei liegt schafft löst beantwortet nur
    alcanza alcanzó obtiene obtuvo logra logró consigue marca registra un una en resuelve
    acierta llega al el la del solo
"""
_GLUE_WORDS = frozenset(_GLUE_WORDS_TEXT.split())
_OWNER_AFTER_RE = re.compile(
    r"^\s*(?:±\s*#+\s*)?(?:(?:held|set|posted|reported|achieved)\s+by|for|by|from|on|with|pour|para|für|"
    r"de|di|\()\s*(?:(?:the\s+)?mod[eè]l\w*\s+)?(?:the\s+)?(?:\d+(?:\.\d+)?[bmk]\s+)?$",
    re.IGNORECASE,
)
_RIGHT_GAP_RE = re.compile(
    r"[\s,:.]*(?:the\s+|rival\s+|its\s+rival\s+|model\s+|a\s+|al\s+|(?P<both>both\s+))?",
    re.IGNORECASE,
)


_ADJECTIVE_RE = re.compile(r"-(?:level|style|like|based|grade|class|scale|tier|sized)$", re.I)


def _clean_name(name: str) -> str | None:
    words = name.split(" ")

    def stop(word: str) -> bool:  # "Model A" keeps its A; "A new model" loses it
        if _ADJECTIVE_RE.search(word):  # "PhD-level", "GPT-style": a description, no name
            return True
        return word.lower().strip(".:") in _STOP and not (len(word) == 1 and word.isupper())

    while len(words) > 1 and (
        stop(words[0])
        or words[0] in ("A", "I")
        or re.fullmatch(r"\d+(?:\.\d+)?[BMK]?", words[0])  # "The 14B Orca-2": a size first
    ):
        words.pop(0)
    while words and stop(words[-1]):
        words.pop()
    text = " ".join(words).strip(" -.")
    if not text or (len(words) == 1 and stop(text)):
        return None
    if len(words) == 1 and all(_SUFFIX_RE.fullmatch(w) for w in text.split("-")):
        return None  # "high", "8B": not a name on its own
    return text


@dataclass(frozen=True)
class Name:
    """A model's name as written, and where it stands in the text."""

    text: str
    start: int
    end: int


# "A" is model A, not an article, before a bracket, a colon, "'s", a comparing word, a verb
# only a model does ("A scores 82%": "A score of" is the article's noun) or "and B".
_LONE_LETTER_NAME = re.compile(
    r"\)|:|'s|\s+(?:vs\b|versus\b|beats?\b|leads\b|trails\b|edges\b|outperforms\b|tops\b|"
    r"(?:scores|gets|got|reaches|hits|posts|solves|solved|answers|answered|achieves|resolves|"
    r"passes|lands)\s+[\d#.]|(?:and|or)\s+B\b)"
)
_PAREN_AFTER = re.compile(r" ?\(([A-Za-z][\w.\- ]{0,24})\)")


@functools.lru_cache(maxsize=256)
def _names(masked: str) -> tuple[Name, ...]:
    out: list[Name] = []
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
        said = paren.group(1).strip().lower() if paren else ""
        if (
            paren
            and said not in _STOP - {"new", "old"}
            and not re.search(r"\b(?:19|20)\d\d\b", said)
        ):
            # "o3-mini (high)" is the name; "(released 2025)" is when, not which
            end = paren.end()  # "o3-mini (high)", "Grok 3 (Think)", "Claude 3.5 Sonnet (new)"
            text = masked[start:end]
        out.append(Name(text, start, end))
    return tuple(out)


_OBJECT_OWNS = re.compile(
    r"'s\s*|\s*[(:]\s*|\s*,?\s*(?:which|that|who)\s+(?:scores?|scored|gets|got|reaches|reached|"
    r"posts|posted|sits\s+at|is\s+at|was\s+at|has|had|manages|managed|hits)\s*(?:#+\s*)?",
    re.IGNORECASE,
)


# Words that may sit between a name and its score without linking them to anything else:
# an attribution ("laut Release", "según el informe", "according to its card") and an article
# with one adjective right before the number ("an impressive 71.7%", "un impresionante 71,7 %").
_ASIDE = re.compile(
    r"\b(?:laut\s+\w+|según\s+(?:el\s+|la\s+)?\w+|according\s+to\s+(?:its\s+|the\s+)?\w+)|"
    r"\b(?:an?|un|una)\s+[a-záéíóúñ]{3,}\s*$",
    re.IGNORECASE,
)


def _glue_ok(between: str, *, strict: bool) -> bool:
    """Only linking words between a name and its score ("'s", "scores", "at", "(")."""
    between = re.sub(r"\([^()]*\)", " ", between)  # "o3-mini (high) scores"
    if not strict:
        between = _ASIDE.sub(" ", between)
    words = re.sub(r"[#:,()\[\]=—|\-]", " ", between.replace("'s", " 's ")).lower().split()
    if len(words) > 6:
        return False
    if strict and _OBJECT_OWNS.fullmatch(between):  # "Vega, which scores 69.8%"
        return True
    allowed = {"'s", "at"} if strict else _GLUE_WORDS
    return all(w in allowed for w in words)


def _owner(names: list[Name], start: int, masked: str, strict_from: set[int]) -> Name | None:
    name = next((x for x in reversed(names) if x.end <= start), None)  # only the nearest can
    if name is not None and _glue_ok(masked[name.end : start], strict=name.start in strict_from):
        return name
    return None


def _owner_after(names: list[Name], end: int, masked: str) -> Name | None:
    name = next((x for x in names if x.start >= end), None)
    return name if name and _OWNER_AFTER_RE.match(masked[end : name.start]) else None


def _connected(names, masked: str) -> tuple[Name | None, Name | None, frozenset[int]]:
    """The first "X beats Y" pair, and the starts of every name right after a connector
    (``names`` are ``masked``'s own: the answer is kept for the text)."""
    return _connected_in(masked)


@functools.lru_cache(maxsize=256)
def _connected_in(masked: str) -> tuple[Name | None, Name | None, frozenset[int]]:
    names = _names(masked)
    pair: tuple[Name | None, Name | None] = (None, None)
    after_connector: set[int] = set()
    for m in _CONNECTOR_RE.finditer(masked):
        right = next((x for x in names if x.start >= m.end()), None)
        gap = _RIGHT_GAP_RE.fullmatch(masked[m.end() : right.start]) if right else None
        if right is None or gap is None:
            continue
        after_connector.add(right.start)
        if gap.group("both"):  # "beats both Y and Z": Z is beaten too
            third = next((x for x in names if x.start >= right.end), None)
            if third and re.fullmatch(r"\s+(?:and|&)\s+", masked[right.end : third.start]):
                after_connector.add(third.start)
        left = next((x for x in reversed(names) if x.end <= m.start()), None)
        if pair == (None, None) and left is not None and m.start() - left.end <= 80:
            pair = (left, right)
    if pair == (None, None):  # "the gap between Opal-4 and Jade-2": the two sides, in order
        for x, y in itertools.pairwise(names):
            if re.search(r"\bbetween\s+$", masked[: x.start], re.I) and re.fullmatch(
                r"\s+(?:and|&|und|y)\s+", masked[x.end : y.start], re.I
            ):
                pair = (x, y)
                after_connector.add(y.start)
                break
    return (*pair, frozenset(after_connector))


_PAIR_CLOSES = re.compile(r"\s*(?:vs\.?|versus|to|against)\s*#+[^()]*\)", re.IGNORECASE)
_ROW_BETWEEN = re.compile(r"[^\S\n]*\|?(?:[^\S\n]*#+[^\S\n]*\|?)+[^\S\n]*")
_OWNS_BEFORE = re.compile(r"#\s*(?:for|by|from)\s+(?:the\s+)?$", re.IGNORECASE)


def _score_owner(names: list[Name], x: Number, masked: str, strict_from: set[int]) -> Name | None:
    before = _owner(names, x.start, masked, strict_from)
    if (
        before is not None
        and _OWNS_BEFORE.search(masked, 0, before.start)
        and not masked.startswith("'s", before.end)  # "from Condor-1's 41.8%": a possessive owns
    ):
        before = None  # "69.0% for Robin (HumanEval: 90.2%)": Robin's score is the one before
    if (
        before is not None
        and "(" in masked[before.end : x.start]
        and _PAIR_CLOSES.match(masked, x.end)
    ):
        before = None  # "Robin (HumanEval: 90.2% vs 88.7%)": a pair is two models' scores
    after = _owner_after(names, x.end, masked)
    if before is not None and after is not None:
        # "65.4% for Heron, 62.2% for Egret": "for Egret" says more than a bare comma; but in
        # "Orion 63.8% (Vega 62.3%)" the name after owns the score after it.
        linked = re.sub(r"[\W#]", "", masked[before.end : x.start]) != ""
        owns_next = re.match(r"[\s:]*#", masked[after.end :]) is not None
        return before if linked or owns_next else after
    return before or after


class Models(NamedTuple):
    """The two models' names, and whether a lone score is B's ("X beats Y's 55.8% by 2 points")."""

    a: Name | None
    b: Name | None
    lone_score_is_b: bool = False


def model_names(scores: list[Number], masked: str) -> Models:
    """Model A's and model B's names: A owns the first score, B the second.

    A score's owner is the name just before it with only linking words
    between ("X scores", "Y's", "Z (", "W:"), or just after it ("85.1% for
    Y", "(Y)"). Failing that: "X beats Y" when both come before the scores,
    or the only name before the first score (between the two, for B). A
    lone score is A's unless its owner is the Y of "X beats Y".
    """
    names = _names(masked)
    left, right, strict_from = _connected(names, masked)
    if len(scores) == 2 and (pair := _pair_in_parentheses(names, scores, masked)) is not None:
        return Models(*pair)
    if len(scores) == 2 and left is not None and left.start >= scores[1].end:
        return Models(left, right)  # "71.2% vs 69.1% (Orion-3 vs Vega-2)": the names in order
    before = list({n.text: n for n in names if n.end <= scores[0].start}.values()) if scores else []
    if len(scores) == 2 and len(before) == 2 and re.search(r"\brespectively\b", masked, re.I):
        return Models(*before)  # "X and Y score 71.2% and 69.8% respectively"
    owners = [_score_owner(names, x, masked, strict_from) for x in scores]
    if len(owners) == 2 and owners[0] is not None and owners[0] is owners[1]:
        # "84.1% (v1) to 88.9% (v2)": one name owns one score; the second looks after it.
        owners[1] = _owner_after(names, scores[1].end, masked) or owners[1]
    a = owners[0] if owners else None
    b = owners[1] if len(owners) > 1 else None
    two_owners = a is not None and b is not None and a.text != b.text
    if not two_owners and left is not None and (not scores or right.end <= scores[0].start):
        # "X beats Y on GPQA, 87.3% to 85.1%", "X leads Y by 2 points", "X beats Y's 55.8%"
        lone_b = len(scores) == 1 and a is not None and a.text == right.text != left.text
        owned = re.compile(r"\s*(?:\(|'s)\s*$")  # "Y (53.6%", "Y's 53.6%": said outright
        if len(scores) == 2 and (
            (
                a is not None
                and a.text == right.text
                and owned.match(masked[a.end : scores[0].start])
            )
            or (
                b is not None
                and b.text == left.text
                and owned.match(masked[b.end : scores[1].start])
            )
        ):
            return Models(right, left)  # "X beats Y (53.6%) with 59.4%": the first score is Y's
        return Models(left, right, lone_b)
    if scores and a is None:
        before = [x for x in names if x.end <= scores[0].start]
        if len(before) > 1 and language(masked) == "de":
            # German capitalises every noun ("Die Halluzinationsrate von Owl-3"): a lone
            # capitalised word is a noun there, not a model's name, when another name is given
            named = [x for x in before if not re.fullmatch(r"[A-ZÄÖÜ][a-zäöüß]+", x.text)]
            before = named if len(named) == 1 else before
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
    return Models(a, b)


_PAIR_BETWEEN = re.compile(r"\s*(?:vs\.?|versus|to|-|/|,)\s*", re.IGNORECASE)


def _pair_in_parentheses(names: list[Name], scores: list[Number], masked: str):
    """ "X beats Y's score on B (16.0% vs 7.5%)": the two scores in one parenthesis are the
    two names before it, in order (None when it is not that shape)."""
    x, y = scores
    if not (
        re.search(r"\(\s*$", masked[: x.start])
        and _PAIR_BETWEEN.fullmatch(masked[x.end : y.start])
        and re.match(r"\s*\)", masked[y.end :])
    ):
        return None
    before = list({n.text: n for n in names if n.end <= x.start}.values())
    return (before[-2], before[-1]) if len(before) >= 2 else None


def find_names(masked: str) -> list[Name]:
    """Every model name in ``masked`` (numbers read as scores already masked), in order."""
    return _names(masked)


def score_owners(
    scores: list[Number], masked: str, names: list[Name], objects: set[int] = frozenset()
) -> list[Name | None]:
    """Each score's owner: the name beside it with only linking words between, else None.

    ``objects``: the starts of names a lead or share is over ("25% fewer errors than
    Crow"), which own a score only as "Crow's" or "Crow at" do.
    """
    _, _, strict_from = _connected(names, masked)
    strict_from = strict_from | set(objects)
    owners = [_score_owner(names, x, masked, strict_from) for x in scores]
    for i, (x, owner) in enumerate(zip(scores, owners, strict=True)):
        # "up 2.3 points over Lyra-3, at 71.0%": the score is the subject's; the name a lead
        # is over owns a score only as "Lyra-3's 71.0%" or "Lyra-3 (71.0%)" says
        if owner is None or owner.start not in objects or owner.end > x.start:
            continue
        if not _OBJECT_OWNS.fullmatch(masked[owner.end : x.start]):
            owners[i] = None  # "Gull's 76.4%", "Gull (76.4%)", "Gull, which scores 76.4%" keep it
    for i, (x, owner) in enumerate(zip(scores, owners, strict=True)):
        # "Y's 58.5% (HumanEval: 90.2%)": a name owns the score after it, not one past that
        if (
            owner is not None
            and owner.end <= x.start
            and any(owner.end <= y.start < x.start for y in scores[:i])
            and not _ROW_BETWEEN.fullmatch(masked, owner.end, x.start)  # a table row's cells
        ):
            owners[i] = _owner_after(names, x.end, masked)
    return owners


def connected_pair(names: list[Name], masked: str) -> tuple[Name | None, Name | None]:
    """The first "X beats Y" pair (None, None when there is none)."""
    left, right, _ = _connected(names, masked)
    return left, right


# Between a lead and the model it is over: "+0.8 over Gull", "a 5-point jump from Gull",
# "3,1 Punkte vor Gull", "1,5 puntos por detrás de Gull".
_OBJECT_GAP_RE = re.compile(
    r"\s*(?:\)\s*)?(?:,\s*)?(?:points?\s+|pts?\s+|pp\s+)?"
    r"(?:(?:gain|increase|jump|improvement|boost|uplift|lead|rise|drop|advantage|edge|margin)\s+)?"
    r"(?:over|than|vs\.?|versus|against|ahead\s+of|behind|below|above|from|of|on|beyond|"
    r"compared\s+(?:with|to)|relative\s+to|for|past|atop|under|short\s+of|shy\s+of|vor|hinter|"
    r"gegenüber|frente\s+al?|por\s+delante\s+de|por\s+detrás\s+de|sobre|a)\s+"
    r"(?:the\s+|its\s+|their\s+|rival\s+|predecessor\s+)?"
    r"(?:(?:previous|prior|older|earlier|former|last)\s+(?:best\s+|model\s+|version\s+)?)?",
    re.IGNORECASE,
)


def named_after(names: list[Name], end: int, masked: str) -> Name | None:
    """The name a lead or share is over: "+0.8 over Gull", "25% fewer errors than Crow"."""
    name = next((x for x in names if x.start >= end), None)
    if name is None or name.start - end > 60:
        return None
    return name if _OBJECT_GAP_RE.fullmatch(masked[end : name.start]) else None


def after_connector(names: list[Name], masked: str) -> set[int]:
    """The starts of names right after "beats", "vs", "over" and the like: the Y of "X beats Y"."""
    return _connected(names, masked)[2]


_SEPARATOR_CELL = re.compile(r"\s*:?-{2,}:?\s*")


def _cells(line: str, offset: int) -> list[tuple[int, int]]:
    """Where each cell of a "| a | b |" table row stands in the text."""
    bars = [offset + i for i, ch in enumerate(line) if ch == "|"]
    return [(a + 1, b) for a, b in itertools.pairwise(bars)]


def column_owners(scores: list[Number], masked: str, names: list[Name]) -> list[Name | None] | None:
    """In a table whose first row names the models ("| Benchmark | Lyra-4 | Vega-3 |"), each
    score's owner is the name at the head of its column; None when the text is no such table."""
    lines, at = [], 0
    for line in masked.split("\n"):
        if line.count("|") >= 2:
            lines.append((line, at))
        at += len(line) + 1
    if len(lines) < 2:
        return None
    header, offset = lines[0]
    heads = _cells(header, offset)
    head_names = [next((n for n in names if s <= n.start and n.end <= e), None) for s, e in heads]
    if sum(n is not None for n in head_names) < 2 or any(
        x.start < offset + len(header) for x in scores
    ):
        return None  # the first row is no header of names (a row per model: "| Orca-2 | 71.2 |")
    out: list[Name | None] = []
    for x in scores:
        row = next(((line, o) for line, o in lines if o <= x.start < o + len(line)), None)
        cells = _cells(*row) if row else []
        col = next((i for i, (s, e) in enumerate(cells) if s <= x.start < e), None)
        out.append(head_names[col] if col is not None and col < len(head_names) else None)
    return out
