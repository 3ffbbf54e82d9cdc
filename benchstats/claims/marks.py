"""A chosen reading in words: each number's mark (its role, what it says, what it implied).

:func:`marks_of` gives every token of the sentence a :class:`Mark`: the role
its reading gave it ("score of Pelican", "lead of Pelican over Gull") and what
it worked out ("Gull 76.4% = 77.2% − 0.8"), or why it plays none ("not used:
a year"), or that it is asked about. It is the last layer: it reads the reading
:func:`benchstats.claims.choose.choose` chose, and the arithmetic is written in
the sentence's own numbers. A mark's ``role`` is the parser's English (a key); what it ``says``
and ``implied`` are in the run's language (:mod:`benchstats.language`).
"""

from __future__ import annotations

import re

from benchstats import words
from benchstats.claims.build import lead_value, name_of
from benchstats.claims.numbers import Number, lead_decimals, score_decimals
from benchstats.claims.readings import RELATIONS, Context, Link, Mark, Reading
from benchstats.language import N_, _

# TRANSLATORS: the role a number of a pasted claim plays, shown after it: "87.3% (score)".
ROLE_WORDS = {
    "score": N_("score"),
    "tie": N_("score of both"),
    "scale": N_("score on a judge's scale"),
    "lead": N_("lead"),
    "relative": N_("relative lead"),
    "fewer_errors": N_("fewer errors"),
    "change": N_("change"),
    ("change", "relative"): N_("relative change"),
    "se": N_("SE"),
    "interval": N_("interval"),
    "size": N_("number of questions"),
    "right": N_("count"),
    "count": N_("count"),
    "bound": N_("bound"),
    "level": N_("confidence level"),
}
#: More roles, set where they are found (the role stays English, what it says is translated).
MORE_ROLES = (N_("95% half-width"), N_("total"), N_("interval end"))
# TRANSLATORS: a claim's spread of one model, "SE of Pelican"; {name} is the model's name.
_SPREAD_OF = {
    "SE": N_("SE of {name}"),
    "95% half-width": N_("95% half-width of {name}"),
    "interval": N_("interval of {name}"),
}
# TRANSLATORS: a claim's lead, share or change the verdict does not use.
_UNUSED = {
    "lead": N_("lead, not used"),
    "relative lead": N_("relative lead, not used"),
    "fewer errors": N_("fewer errors, not used"),
    "change": N_("change, not used"),
    "relative change": N_("relative change, not used"),
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
    # TRANSLATORS: what a claim's lead, share or change is; {first} and {second} are models' names.
    if x.kind == "change" and second == "B":
        return _("change of {first} from the earlier version").format(first=first)
    if x.kind == "change":
        return _("change of {first} from {second}").format(first=first, second=second)
    if x.kind == "fewer_errors":
        return _("{first}'s errors against {second}'s").format(first=first, second=second)
    if x.kind == "relative":
        return _("lead of {first} over {second}, as a share of {second}'s score").format(
            first=first, second=second
        )
    return _("lead of {first} over {second}").format(first=first, second=second)


def implied(ctx: Context, r: Reading, link: Link) -> str:
    """The arithmetic a stated lead, share or change implies, in the sentence's numbers."""
    x, known, other = link.number, link.known, link.other
    written = ctx.words(known.number) if known.number else words.score(known.score)
    if not link.worked_out:  # both scores read: the stated number checked against them
        a, z = (known, other) if link.is_subject else (other, known)
        gap = a.score - z.score
        if x.kind in ("lead", "change") and x.unit != "relative":
            # TRANSLATORS: a stated lead checked against the two scores: "X − Y = +2.0 points,
            # as stated".
            return _("{first} − {second} = {lead} points, as stated").format(
                first=name_of(r, a), second=name_of(r, z), lead=words.points(gap)
            )
        if x.kind == "fewer_errors":
            got = (a.score - z.score) / (1 - z.score) if z.score < 1 else 0.0
            return _("{share} fewer errors than {name}, as stated").format(
                share=words.percent(abs(got)), name=name_of(r, z)
            )
        share = gap / z.score if z.score else 0.0
        # TRANSLATORS: a stated share checked: "2.5% of Y's 80%, as stated".
        return _("{share} of {name}'s {score}, as stated").format(
            share=words.percent(abs(share)), name=name_of(r, z), score=words.score(z.score)
        )
    who = name_of(r, other)
    if x.kind == "change" and who == "B":
        who = _("B (the earlier version)")
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
        # TRANSLATORS: "Crow 92%: Dove's 6% wrong is 25% fewer than Crow's 8%"; {head} is the
        # worked-out score ("Crow 92%"), {first} and {second} the models.
        return _(
            "{head}: {first}'s {wrong_first} wrong is {share} fewer than {second}'s {wrong_second}"
        ).format(
            head=head, first=name_of(r, a), wrong_first=wrong_a, share=share,
            second=name_of(r, z), wrong_second=wrong_z,
        )  # fmt: skip
    op = "/" if link.is_subject else "×"
    return f"{head} = {written} {op} (1 {'−' if x.value < 0 else '+'} {share})"


def _score_says(r: Reading, y: Number, e) -> str:
    if y.kind == "tie":
        return _("score of both")
    # TRANSLATORS: what a score of the claim is: "score of Pelican"; {name} is a model's name.
    if e is not None and e.slot:
        return _("score of {name}").format(name=name_of(r, e))
    if e is not None and any(e is x for x in r.rivals):
        # TRANSLATORS: {rival} is a model set against model {name}.
        return _("score of {rival}, a rival of {name}").format(
            rival=e.owner.text, name=r.fields.get("name_a") or "A"
        )
    if e is not None and e.owner is not None:
        return _("score of {name}, not compared").format(name=e.owner.text)
    return _("score, not compared")


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
                out[t.start] = Mark(t.start, t.end, t.text, name, field, _(name))
            elif outer is not None:
                out[t.start] = Mark(t.start, t.end, t.text, f"part of a {outer.kind}", None, "")
            else:
                why = t.why or _("not read")  # the parser's reason (English for now)
                out[t.start] = Mark(t.start, t.end, t.text, "not used", None, why)
            continue
        y = by_start.get(x.start, x)
        if t.start in asked:
            out[t.start] = Mark(
                y.start, y.end, ctx.words(y), "asked", None, _("asked: see the question")
            )
            continue
        name, also = role(r, y), ""
        says = _(name)
        if y.kind in ("score", "tie", "scale"):
            says = _score_says(r, y, entry_of.get(y.start))
            if y.unit == "count" and y.k is not None:
                # TRANSLATORS: a count read as a score: "85% = 34 of 40".
                also = _("{score} = {k} of {n}").format(
                    score=words.score(y.value), k=words.count(y.k), n=words.count(y.n)
                )
        elif y.kind in ("se", "interval") and (e := spread_of.get(y.start)) is not None:
            who = name_of(r, e)
            of = _(_SPREAD_OF[name]).format(name=who) if name in _SPREAD_OF else f"{name} of {who}"
            says, also = of, e.se_how
        elif y.kind in ("right", "count"):
            says = _("count, total unknown")
        elif y.kind in RELATIONS and y.start in said:
            says, also = link_words(r, said[y.start]), implied(ctx, r, said[y.start])
        elif y.kind in RELATIONS:
            says = _(_UNUSED[name]) if name in _UNUSED else f"{name}, not used"
        out[t.start] = Mark(y.start, y.end, ctx.words(y), name, fields.get(y.start), says, also)
    return out
