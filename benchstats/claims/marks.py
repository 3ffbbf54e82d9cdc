"""A built reading in words: each number's mark (its role, what it says, what it implied).

:func:`marks_of` gives every token of the sentence a :class:`Mark`: the role
its reading gave it ("score of Pelican", "lead of Pelican over Gull") and what
it worked out ("Gull 76.4% = 77.2% − 0.8"), or why it plays none ("not used:
a year"). The arithmetic is written in the sentence's own numbers.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from benchstats import words
from benchstats.claims.numbers import Number
from benchstats.claims.readings import RELATIONS, Link, Mark

if TYPE_CHECKING:
    from benchstats.claims.build import Builder

ROLE_WORDS = {
    "score": "score",
    "tie": "score of both",
    "scale": "score on a judge's scale",
    "lead": "lead",
    "relative": "relative lead",
    "fewer_errors": "fewer errors",
    "change": "change",
    ("change", "relative"): "relative change",
    "se": "SE",
    "interval": "interval",
    "size": "number of questions",
    "right": "count",
    "count": "count",
    "bound": "bound",
    "level": "confidence level",
}


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


def role(b: Builder, y: Number) -> str:
    if y.kind == "score" and y.unit == "count":
        return "count"
    if y.kind == "se" and y.pm and any("read as a 95% interval" in n for n in b.r.notes):
        return "95% half-width"
    return ROLE_WORDS.get((y.kind, y.unit), ROLE_WORDS.get(y.kind, y.kind))


def how(b: Builder, link: Link) -> str:
    """What a worked-out score came from (``derived_from``)."""
    x, known = link.number, link.known
    who = b.name_of(known)
    score = b.ctx.words(known.number) if known.number else words.score(known.score)
    if x.kind in ("lead", "change") and x.unit != "relative":
        what = "a change" if x.kind == "change" else "a lead"
        return f"{who}'s {score} and {what} of {words.points(b.lead_value(x))} points"
    return f"{who}'s {score} and “{b.ctx.words(x)}”"


def link_words(b: Builder, link: Link) -> str:
    """What a stated lead, share or change is, in words: "lead of Pelican over Gull"."""
    x = link.number
    a, other = (link.known, link.other) if link.is_subject else (link.other, link.known)
    first, second = b.name_of(a), b.name_of(other)
    if x.kind == "change":
        return f"change of {first} from {'the earlier version' if second == 'B' else second}"
    if x.kind == "fewer_errors":
        return f"{first}'s errors against {second}'s"
    if x.kind == "relative":
        return f"lead of {first} over {second}, as a share of {second}'s score"
    return f"lead of {first} over {second}"


def implied(b: Builder, link: Link) -> str:
    """The arithmetic a stated lead, share or change implies, in the sentence's numbers."""
    x, known, other = link.number, link.known, link.other
    written = b.ctx.words(known.number) if known.number else words.score(known.score)
    if not link.worked_out:  # both scores read: the stated number checked against them
        a, z = (known, other) if link.is_subject else (other, known)
        gap = a.score - z.score
        if x.kind in ("lead", "change") and x.unit != "relative":
            return f"{b.name_of(a)} − {b.name_of(z)} = {words.points(gap)} points, as stated"
        if x.kind == "fewer_errors":
            got = (a.score - z.score) / (1 - z.score) if z.score < 1 else 0.0
            return f"{words.percent(abs(got))} fewer errors than {b.name_of(z)}, as stated"
        share = gap / z.score if z.score else 0.0
        return f"{words.percent(abs(share))} of {b.name_of(z)}'s {words.score(z.score)}, as stated"
    who = b.name_of(other)
    if x.kind == "change" and who == "B":
        who = "B (the earlier version)"
    places = score_decimals(known.number)  # "Gull-1 60.0% = 66.0% / (1 + 10%)"
    head = f"{who} {words.score(other.score, decimals=places)}"
    if x.kind in ("lead", "change") and x.unit != "relative":
        lead = b.lead_value(x)
        ahead = (lead > 0) == link.is_subject
        shown = words.points(abs(lead), signed=False, decimals=lead_decimals(x))
        if x.unit == "bare":
            shown = re.sub(r"^[^\d.,]*", "", b.ctx.words(x))  # "up 0.020": 0.020
        return f"{head} = {written} {'−' if ahead else '+'} {shown}"
    share = words.score(abs(x.value))
    if x.kind == "fewer_errors":  # "Crow 92%: Dove's 6% wrong is 25% fewer than Crow's 8%"
        a, z = (known, other) if link.is_subject else (other, known)
        wrong_a, wrong_z = words.score(1 - a.score), words.score(1 - z.score)
        return f"{head}: {b.name_of(a)}'s {wrong_a} wrong is {share} fewer than {b.name_of(z)}'s {wrong_z}"
    op = "/" if link.is_subject else "×"
    return f"{head} = {written} {op} (1 {'−' if x.value < 0 else '+'} {share})"


def _score_says(b: Builder, y: Number, e) -> str:
    if y.kind == "tie":
        return "score of both"
    if e is not None and e.slot:
        return f"score of {b.name_of(e)}"
    if e is not None and e.owner is not None:
        return f"score of {e.owner.text}, not compared"
    return "score, not compared"


def marks_of(b: Builder) -> dict[int, Mark]:
    """Each token's mark, by its start: the role the reading gave it, or why it plays none."""
    r, ctx = b.r, b.ctx
    fields = {start: f for f, start, _ in r.spans if f in ("a", "b", "n", "lead", "se_a", "se_b")}
    said = {k.number.start: k for k in r.links if k.other.slot or k.known.slot}
    by_start = {y.start: y for y in b.nums}
    entry_of = {e.number.start: e for e in r.entries if e.number is not None}
    spread_of = {e.se_number.start: e for e in r.entries if e.se_number is not None}
    out: dict[int, Mark] = {}
    for t, x in zip(ctx.tokens, r.chosen, strict=True):
        outer = next((y for y in b.nums if y.start < t.start and t.end <= y.end), None)
        if x is None or (outer is not None and x.start != outer.start):
            if outer is not None and outer.kind in ("score", "interval"):  # "30" of "9 of 30"
                name = "total" if outer.unit == "count" else "interval end"
                field = "n" if name == "total" and "n" in r.fields else None
                out[t.start] = Mark(t.start, t.end, t.text, name, field, name)
            elif outer is not None:
                out[t.start] = Mark(t.start, t.end, t.text, f"part of a {outer.kind}", None, "")
            else:
                out[t.start] = Mark(t.start, t.end, t.text, "not used", None, t.why or "not read")
            continue
        y = by_start.get(x.start, x)
        name, also = role(b, y), ""
        says = name
        if y.kind in ("score", "tie", "scale"):
            says = _score_says(b, y, entry_of.get(y.start))
            if y.unit == "count" and y.k is not None:
                also = f"{words.score(y.value)} = {words.count(y.k)} of {words.count(y.n)}"
        elif y.kind in ("se", "interval") and (e := spread_of.get(y.start)) is not None:
            says, also = f"{name} of {b.name_of(e)}", e.se_how
        elif y.kind in ("right", "count"):
            says = "count, total unknown"
        elif y.kind in RELATIONS and y.start in said:
            says, also = link_words(b, said[y.start]), implied(b, said[y.start])
        elif y.kind in RELATIONS:
            says = f"{name}, not used"
        out[t.start] = Mark(y.start, y.end, ctx.words(y), name, fields.get(y.start), says, also)
    return out
