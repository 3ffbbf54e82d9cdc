"""A leaderboard pasted as text, read into the ``BoardRows`` of a link."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from benchstats import words
from benchstats.language import _
from benchstats.leaderboard import MAX_MODELS
from benchstats.leaderboard_links import MAX_CHARS, BoardRows
from benchstats.outside_text import clean

_HTML = re.compile(r"<\s*/?\s*(table|tr|td|th|tbody|thead|div|span|html|body|script|p|br)\b", re.I)
_PM = re.compile(r"\+\s*/\s*-|\+-|±|\u2213")
_ITEM = re.compile(
    r"(?P<n>\bn\s*=\s*)?(?P<pm>±\s*)?(?P<num>\d[\d,]*(?:\.\d+)?|\.\d+)\s*(?P<pct>%)?", re.I
)
_NUMERIC_TOKEN = re.compile(
    r"^[(\[]*(n=)?±?(\d[\d,]*(\.\d+)?|\.\d+)?%?[)\]]*$|^[(\[]*±[)\]]*$", re.I
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_RULE = re.compile(r"^[\s|:+=-]+$")
_RANK = re.compile(r"^\d+[.)]?$")
_RANK_PREFIX = re.compile(r"^\d+[.)]?\s+(?=\S)")
_NAMED = re.compile(r"[^\d\s.,%±()+\-]")
_HEADER_NAMES = {"model", "models", "name", "system", "llm", "agent", "submission"}
_N_HEADER = re.compile(
    r"^(n|#|questions?|#?\s*questions|count|samples?|items?|size|n_\w+|num\w*)$", re.I
)
_SE_HEADER = re.compile(
    r"(\bse\b|s\.e\.|stderr|std\.?\s*err|standard error|±|\berror\b|\bci\b)", re.I
)


@dataclass(frozen=True)
class _Item:
    value: float
    pm: bool
    pct: bool
    explicit_n: bool
    whole: bool


def _items(text: str) -> list[_Item] | None:
    """The numbers in a row's value cells, or None if anything else is there."""
    text = text.replace("(", " ").replace(")", " ").replace("[", " ").replace("]", " ")
    out, pos = [], 0
    for m in _ITEM.finditer(text):
        if text[pos : m.start()].strip():  # words among the numbers: not a value cell
            return None
        num = m["num"].replace(",", "")
        out.append(_Item(float(num), bool(m["pm"]), bool(m["pct"]), bool(m["n"]), "." not in num))
        pos = m.end()
    return out if not text[pos:].strip() else None


def _looks_like_n(item: _Item) -> bool:
    return item.whole and not item.pm and not item.pct and item.value >= 10


def _shape(items: list[_Item]) -> tuple[_Item, _Item | None, int | None] | None:
    """(score, se, n) from a row's numbers, or None if they do not fit.

    n is a number written ``n=500``, or a last whole number ≥ 10 without %
    after the score; a second number (with ± or without) is the SE.
    """
    items = list(items)
    n = None
    explicit = [i for i in items if i.explicit_n]
    if len(explicit) > 1:
        return None
    if explicit:
        n = explicit[0]
        items.remove(n)
    elif len(items) >= 2 and _looks_like_n(items[-1]):
        n = items.pop()
    if not 1 <= len(items) <= 2 or items[0].pm:
        return None
    score, se = items[0], (items[1] if len(items) == 2 else None)
    if score.value > 100 or (se is not None and not 0 < se.value <= 25):
        return None
    if n is not None and (not n.whole or n.value < 1):
        return None
    return score, se, (int(n.value) if n is not None else None)


def _split(line: str, delimiter: str) -> list[str]:
    if delimiter == "|":
        line = line.strip().strip("|")
    return [c.strip().strip('"').strip() for c in line.split(delimiter)]


def _space_candidates(tokens: list[str]) -> list[tuple[str, tuple]]:
    """Every (name, shape) reading of a space-separated line, most numbers first."""
    tail = len(tokens)
    while tail > 0 and _NUMERIC_TOKEN.match(tokens[tail - 1]):
        tail -= 1
    out = []
    for start in range(max(tail, 1), len(tokens)):  # one token of name at least
        if "±" in tokens[start - 1] or tokens[start - 1].endswith(("(", "[")):
            continue  # "71.4 ± | 1.8" would cut a score from its SE
        items = _items(" ".join(tokens[start:]))
        shape = _shape(items) if items else None
        if shape:
            out.append((" ".join(tokens[:start]), shape))
    return out


def _signature(shape: tuple) -> tuple[bool, bool]:
    return shape[1] is not None, shape[2] is not None


def _space_row(tokens: list[str], prefer: tuple[bool, bool] | None = None):
    """(name, shape) from a space-separated line: the name is every token before the numbers.

    "Model 8 70" reads as score 8 on 70 questions or as "Model 8" at 70%;
    ``prefer`` (the reading most lines of the table share) settles it.
    """
    found = _space_candidates(tokens)
    for name, shape in found:
        if prefer is None or _signature(shape) == prefer:
            return name, shape
    return found[0] if found else (" ".join(tokens), None)


def _common_signature(lines: list[tuple[int, str]]) -> tuple[bool, bool] | None:
    """The (has SE, has n) reading that most of the first lines allow."""
    votes: Counter = Counter()
    for _k, line in lines[: 4 * MAX_MODELS]:
        votes.update({_signature(shape) for _name, shape in _space_candidates(line.split())})
    if not votes:
        return None
    return max(votes, key=lambda sig: (votes[sig], sum(sig)))


def _cell_row(cells: list[str]):
    """(name, shape) from a tab- or comma-separated line without a header."""
    cells = [c for c in cells if c]
    lead = 1 if len(cells) > 2 and _RANK.match(cells[0]) else 0  # a rank column first
    if not cells[lead:]:
        return "", None
    name = cells[lead]
    items = _items(" ".join(cells[lead + 1 :]))
    return name, (_shape(items) if items else None)


def _header_roles(cells: list[str]) -> dict[str, int] | None:
    """Column roles from a header row, or None if the line is not a header."""
    lowered = [c.lower().strip() for c in cells]
    if not any(c in _HEADER_NAMES for c in lowered) and any(_items(c) for c in cells if c):
        return None
    roles: dict[str, int] = {}
    for i, c in enumerate(lowered):
        if "name" not in roles and c in _HEADER_NAMES:
            roles["name"] = i
        elif "n" not in roles and _N_HEADER.match(c):
            roles["n"] = i
        elif "se" not in roles and _SE_HEADER.search(c):
            roles["se"] = i
        elif "score" not in roles and c and c != "rank" and ("name" in roles or i > 0):
            roles["score"] = i
    roles.setdefault("name", 0)
    return roles if "score" in roles else None


def _header_row(cells: list[str], roles: dict[str, int]):
    def cell(role: str) -> str:
        i = roles.get(role)
        return cells[i] if i is not None and i < len(cells) else ""

    items = _items(cell("score"))
    if not items:
        return cell("name"), None
    extra_se = _items(cell("se")) if cell("se") else []
    extra_n = _items(cell("n")) if cell("n") else []
    if extra_se is None or extra_n is None:
        return cell("name"), None
    items = items + [_Item(i.value, True, i.pct, False, i.whole) for i in extra_se]
    items += [_Item(i.value, False, False, True, i.whole) for i in extra_n]
    return cell("name"), _shape(items)


def _clean(text: object) -> list[tuple[int, str]]:
    if not isinstance(text, str):
        msg = f"the pasted table must be text, got {type(text).__name__}"
        raise TypeError(msg)
    if len(text) > MAX_CHARS:
        msg = _(
            "the pasted text is {count} characters long; paste at most {most} (about {models} "
            "models)"
        ).format(count=words.count(len(text)), most=words.count(MAX_CHARS), models=MAX_MODELS)
        raise ValueError(msg)
    if _HTML.search(text):
        msg = _(
            "this looks like a web page's HTML: copy the table's text (select the rows on the "
            "page) and paste that"
        )
        raise ValueError(msg)
    text = _PM.sub("±", text.replace("\u2212", "-").replace("\u00a0", " "))
    text = _CONTROL.sub("", text)
    return [
        (i + 1, line)
        for i, line in enumerate(text.splitlines())
        if line.strip() and not _RULE.match(line)  # a Markdown table's |---|---| line
    ]


def _delimiter(lines: list[tuple[int, str]]) -> str | None:
    head = [line for _k, line in lines[:20]]
    if any("\t" in line for line in head):
        return "\t"
    if all("|" in line for line in head):
        return "|"
    if all("," in line for line in head):
        return ","
    return None


def parse_board(text: str) -> BoardRows:
    """Read a leaderboard pasted as text: one model a line, a header row or none.

    Cells are separated by tabs, commas, bars or spaces; scores read as ``71.4``,
    ``71.4%``, ``0.714``, ``71.4 ± 1.8``, ``71.4% (±1.8)`` or ``71.4 +/- 1.8``:
    percent when any cell has ``%`` or exceeds 1, else proportions, an SE in
    the score's units. A line without a name and a score, a name twice, or one
    past ``MAX_MODELS`` becomes a note; empty text, HTML or no readable line
    raises ValueError in plain words.

    Examples
    --------
    >>> t = parse_board("Model\\tScore\\nClaude 3.5 Sonnet\\t71.4% (±1.8)\\nGPT-4o\\t69.9 +/- 1.9")
    >>> t.names, t.scores, t.se
    (('Claude 3.5 Sonnet', 'GPT-4o'), (0.714, 0.699), (0.018, 0.019))
    """
    lines = _clean(text)
    if not lines:
        msg = "the pasted text is empty: paste one model a line, a name and a score (e.g. 'Model A  71.4 ± 1.8')"
        raise ValueError(msg)
    delimiter, top = _delimiter(lines), lines[0][1]
    roles = _header_roles(_split(top, delimiter)) if delimiter else None
    if roles is None:
        first = _space_row(top.split()) if delimiter is None else _cell_row(_split(top, delimiter))
        header = first[1] is None and (
            top.split()[0].lower().strip(":|") in _HEADER_NAMES or not re.search(r"\d", top)
        )
    else:
        header = True
    body = lines[1:] if header else lines
    prefer = _common_signature(body) if delimiter is None and roles is None else None
    rows, notes, seen = [], [], set()
    for number, line in body:
        if len(rows) == MAX_MODELS:
            left = sum(1 for k, _line in lines if k >= number)
            notes.append(
                _(
                    "lines {line} on ({count} more) left out: a board here holds at most {most} "
                    "models"
                ).format(line=words.count(number), count=words.count(left), most=MAX_MODELS)
            )
            break
        if roles is not None:
            name, shape = _header_row(_split(line, delimiter), roles)
        elif delimiter is None:
            name, shape = _space_row(line.split(), prefer)
        else:
            name, shape = _cell_row(_split(line, delimiter))
        name = clean(name).strip('"').rstrip(" :|-–±").strip()  # text from outside: one line
        if not _NAMED.search(name):  # "71.4" or "1": a number, not a model's name
            name = ""
        if shape is None or not name:
            notes.append(
                _("line {line}: no score found for {text}").format(
                    line=number, text=repr(line.strip()[:60])
                )
                if name
                else _("line {line}: no model name").format(line=number)
            )
        elif name in seen:
            notes.append(
                _("line {line}: {name} appears twice; the first row is kept").format(
                    line=number, name=repr(name)
                )
            )
        else:
            seen.add(name)
            rows.append((number, name, shape))
    if not rows:
        msg = _(
            "no line has both a model name and a score: paste one model a line, e.g. "
            "'Model A  71.4 ± 1.8'"
        )
        if notes:
            # TRANSLATORS: the refusal, then the first line's note in parentheses.
            msg = _("{refusal} ({note})").format(refusal=msg, note=notes[0])
        raise ValueError(msg)
    if all(_RANK_PREFIX.match(name) for _k, name, _shape in rows):  # "1. GPT-4o": a rank column
        rows = [(k, _RANK_PREFIX.sub("", name), shape) for k, name, shape in rows]
    return _in_units(rows, notes)


def _decimals(x: float) -> int:
    """How many decimals the reader wrote ("0.7": 1), to quote the number back in words."""
    return len(f"{x:g}".partition(".")[2])


def _in_units(rows: list, notes: list[str]) -> BoardRows:
    percent = any(
        s.pct or s.value > 1 or (e is not None and e.pct) for _k, _name, (s, e, _n) in rows
    )
    scale = 100.0 if percent else 1.0
    names, scores, ses, ns = [], [], [], []
    for number, name, (score, se, n) in rows:
        if percent and score.value <= 1 and not score.pct and score.value > 0:
            notes.append(
                _("line {line}: {name} read as {score} (the other scores are in percent)").format(
                    line=number,
                    name=repr(name),
                    score=words.percent(score.value / 100, decimals=_decimals(score.value)),
                )
            )
        se_value = None if se is None else se.value / scale
        if se_value is not None and se_value > 0.25:
            notes.append(
                _("line {line}: the ± {se} of {name} is too large for an SE; left out").format(
                    line=number,
                    se=words.points(se.value / 100, signed=False, decimals=_decimals(se.value)),
                    name=repr(name),
                )
            )
            se_value = None
        names.append(name)
        scores.append(_exact(score.value, scale))
        ses.append(None if se_value is None else _exact(se.value, scale))
        ns.append(n)
    return BoardRows(tuple(names), tuple(scores), tuple(ses), tuple(ns), tuple(notes))


def _exact(value: float, scale: float) -> float:
    """value/scale rounded once, as the decimal the reader typed divided by 100 would be."""
    return float(Decimal(repr(value)) / Decimal(repr(scale))) if scale != 1 else value
