"""A chosen reading in words: each number's mark (its role, what it says, what it implied).

:func:`marks_of` gives every token of the sentence a :class:`Mark`: the role
its reading gave it ("score of Pelican", "lead of Pelican over Gull") and what
it worked out ("Gull 76.4% = 77.2% − 0.8"), or why it plays none ("not used:
a year"), or that it is asked about. It is the last layer: it reads the reading
:func:`benchstats.claims.choose.choose` chose, and the arithmetic is written in
the sentence's own numbers.
"""

from __future__ import annotations

import re

from benchstats import words
from benchstats.claims.build import lead_value, name_of
from benchstats.claims.numbers import Number, lead_decimals, score_decimals
from benchstats.claims.readings import RELATIONS, Context, Link, Mark, Reading

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


def role(r: Reading, y: Number) -> str:
    if y.kind == "score" and y.unit == "count":
        return "count"
    if y.kind == "se" and y.pm and any("read as a 95% interval" in n for n in r.notes):
        return "95% half-width"
    return ROLE_WORDS.get((y.kind, y.unit), ROLE_WORDS.get(y.kind, y.kind))


def link_words(r: Reading, link: Link) -> str:
    """What a stated lead, share or change is, in words: "lead of Pelican over Gull"."""
    x = link.number
    a, other = (link.known, link.other) if link.is_subject else (link.other, link.known)
    first, second = name_of(r, a), name_of(r, other)
    if x.kind == "change":
        return f"change of {first} from {'the earlier version' if second == 'B' else second}"
    if x.kind == "fewer_errors":
        return f"{first}'s errors against {second}'s"
    if x.kind == "relative":
        return f"lead of {first} over {second}, as a share of {second}'s score"
    return f"lead of {first} over {second}"


def implied(ctx: Context, r: Reading, link: Link) -> str:
    """The arithmetic a stated lead, share or change implies, in the sentence's numbers."""
    x, known, other = link.number, link.known, link.other
    written = ctx.words(known.number) if known.number else words.score(known.score)
    if not link.worked_out:  # both scores read: the stated number checked against them
        a, z = (known, other) if link.is_subject else (other, known)
        gap = a.score - z.score
        if x.kind in ("lead", "change") and x.unit != "relative":
            return f"{name_of(r, a)} − {name_of(r, z)} = {words.points(gap)} points, as stated"
        if x.kind == "fewer_errors":
            got = (a.score - z.score) / (1 - z.score) if z.score < 1 else 0.0
            return f"{words.percent(abs(got))} fewer errors than {name_of(r, z)}, as stated"
        share = gap / z.score if z.score else 0.0
        return f"{words.percent(abs(share))} of {name_of(r, z)}'s {words.score(z.score)}, as stated"
    who = name_of(r, other)
    if x.kind == "change" and who == "B":
        who = "B (the earlier version)"
    places = score_decimals(known.number)  # "Gull-1 60.0% = 66.0% / (1 + 10%)"
    head = f"{who} {words.score(other.score, decimals=places)}"
    if x.kind in ("lead", "change") and x.unit != "relative":
        lead = lead_value(r, x)
        ahead = (lead > 0) == link.is_subject
        shown = words.points(abs(lead), signed=False, decimals=lead_decimals(x))
        if x.unit == "bare" or lead != x.value:  # "up 0.020", "0.018 points": as written
            shown = re.sub(r"^[^\d.,]*", "", ctx.words(x))
        return f"{head} = {written} {'−' if ahead else '+'} {shown}"
    share = words.score(abs(x.value))
    if x.kind == "fewer_errors":  # "Crow 92%: Dove's 6% wrong is 25% fewer than Crow's 8%"
        a, z = (known, other) if link.is_subject else (other, known)
        wrong_a, wrong_z = words.score(1 - a.score), words.score(1 - z.score)
        return f"{head}: {name_of(r, a)}'s {wrong_a} wrong is {share} fewer than {name_of(r, z)}'s {wrong_z}"
    op = "/" if link.is_subject else "×"
    return f"{head} = {written} {op} (1 {'−' if x.value < 0 else '+'} {share})"


def _score_says(r: Reading, y: Number, e) -> str:
    if y.kind == "tie":
        return "score of both"
    if e is not None and e.slot:
        return f"score of {name_of(r, e)}"
    if e is not None and any(e is x for x in r.rivals):
        return f"score of {e.owner.text}, a rival of {r.fields.get('name_a') or 'A'}"
    if e is not None and e.owner is not None:
        return f"score of {e.owner.text}, not compared"
    return "score, not compared"


def marks_of(ctx: Context, r: Reading, asked: frozenset[int] = frozenset()) -> dict[int, Mark]:
    """Each token's mark, by its start: the role the reading gave it, or why it plays none.
    A token in ``asked`` (one the close readings read differently) is marked as asked, with
    nothing implied: the reading shown is not yet the one to grade."""
    fields = {start: f for f, start, _ in r.spans if f in ("a", "b", "n", "lead", "se_a", "se_b")}
    said = {k.number.start: k for k in r.links if k.other.slot or k.known.slot}
    by_start = {y.start: y for y in r.nums}
    entry_of = {e.number.start: e for e in r.entries if e.number is not None}
    spread_of = {e.se_number.start: e for e in r.entries if e.se_number is not None}
    out: dict[int, Mark] = {}
    for t, x in zip(ctx.tokens, r.chosen, strict=True):
        outer = next((y for y in r.nums if y.start < t.start and t.end <= y.end), None)
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
        if t.start in asked:
            out[t.start] = Mark(
                y.start, y.end, ctx.words(y), "asked", None, "asked: see the question"
            )
            continue
        name, also = role(r, y), ""
        says = name
        if y.kind in ("score", "tie", "scale"):
            says = _score_says(r, y, entry_of.get(y.start))
            if y.unit == "count" and y.k is not None:
                also = f"{words.score(y.value)} = {words.count(y.k)} of {words.count(y.n)}"
        elif y.kind in ("se", "interval") and (e := spread_of.get(y.start)) is not None:
            says, also = f"{name} of {name_of(r, e)}", e.se_how
        elif y.kind in ("right", "count"):
            says = "count, total unknown"
        elif y.kind in RELATIONS and y.start in said:
            says, also = link_words(r, said[y.start]), implied(ctx, r, said[y.start])
        elif y.kind in RELATIONS:
            says = f"{name}, not used"
        out[t.start] = Mark(y.start, y.end, ctx.words(y), name, fields.get(y.start), says, also)
    return out
