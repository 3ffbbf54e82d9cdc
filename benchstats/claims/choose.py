"""The reading to grade: the best consistent one, or the reader's pick, or the question that asks.

:func:`choose` keeps the readings whose arithmetic holds
(:func:`benchstats.claims.build.build`), ranks them by how strongly their
words say each role, and where two near the top grade different numbers, asks
which one is meant, offering each as a :class:`~benchstats.claims.readings.Choice`
and filling only what they agree on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from benchstats import words
from benchstats.claims.readings import GRADED, Choice, Context, Question, Reading
from benchstats.language import _

ASK_MARGIN = 0.75  # readings this close to the best one are as likely: asked, not chosen


@dataclass
class Chosen:
    """The reading to show, the fields to fill (those every close reading agrees on, when it
    asks which one), the questions to ask before a verdict, and the tokens (by start) the
    close readings read differently, which are marked as asked."""

    reading: Reading
    fields: dict[str, object]
    derived: dict[str, str]
    spans: list[tuple[str, int, int]]
    asks: list[Question]
    asked: frozenset[int] = frozenset()


def _first_difference(first: Reading, second: Reading) -> int:
    pairs = zip(first.chosen, second.chosen, strict=True)
    return next((i for i, (x, y) in enumerate(pairs) if x != y), 0)


def _reading_question(ctx: Context, close: list[Reading]) -> Question:
    """Which of two (or more) consistent readings is meant, in the words of the first number
    they read differently, with each reading as a choice."""
    i = _first_difference(close[0], close[1])
    x, y = close[0].chosen[i], close[1].chosen[i]
    token = ctx.tokens[i] if ctx.tokens else None
    kinds = {getattr(z, "kind", None) for z in (x, y)}
    units = {getattr(z, "unit", None) for z in (x, y)}
    said = x or y
    w = ctx.words(said) if said is not None else ""
    if kinds <= {"score", "count", "right"} and "count" in units | kinds and token is not None:
        counted = [e.number for r in close for e in r.entries if e.number is not None]
        total = next((z.n for z in counted if z.start == token.start and z.n), None)
        # TRANSLATORS: a question about a number of the claim ({number}, as the claim wrote it):
        # a percent, or a count of right answers out of {total}?
        if total:
            text = _(
                "“{number}” is not read as a score yet: is it {number}% or {number} of {total}?"
            )
        else:
            text = _(
                "“{number}” is not read as a score yet: is it {number}% or {number} of some total?"
            )
        text = text.format(number=token.text, total=words.count(total) if total else "")
    elif kinds == {"change"}:
        v = token.text if token is not None else w
        # TRANSLATORS: {words} is the claim's words ("up 5%"), {number} its number ("5").
        text = _(
            "“{words}” is a change over time: {number} points, or {number}% of the earlier score?"
        ).format(words=w, number=v)
    elif kinds <= {"relative", "lead"}:
        text = _("“{words}”: percentage points, or a share of the other score?").format(words=w)
    elif "relative" in kinds and "score" in kinds:
        text = _("“{words}”: a share of the other score, or a score of its own?").format(words=w)
    else:
        text = _("It can be read more than one way: which is meant?")
    differ = [k for k in (*GRADED, "lead") if len({r.fields.get(k) for r in close}) > 1]
    choices = tuple(Choice(f"reading-{k + 1}", _label(ctx, r)) for k, r in enumerate(close[:4]))
    return Question(text, tuple(differ) or GRADED[:2], choices, said.start if said else None)


def _label(ctx: Context, r: Reading) -> str:
    """A reading as a choice: its two scores and its lead, or its share."""
    f = r.fields
    parts = [
        f"{f.get(f'name_{slot}') or slot.upper()} {words.score(f[slot])}"
        for slot in ("a", "b")
        if f.get(slot) is not None
    ]
    if f.get("lead") is not None:
        # TRANSLATORS: one reading of a claim as a choice: "X 82%, Y 78%, a lead of +4.0 points".
        parts.append(_("a lead of {lead} points").format(lead=words.points(f["lead"])))
    if parts:
        return ", ".join(parts)
    shares = [
        x for x in r.nums if x.kind == "relative" or (x.kind, x.unit) == ("change", "relative")
    ]
    if shares:
        # TRANSLATORS: a reading as a choice: the claim's words ("10% better") as a share.
        return _("“{words}” as a share of the other score").format(words=ctx.words(shares[0]))
    return _("as a share")


def _agreed(close: list[Reading]) -> tuple[dict, dict, list]:
    """The fields (and their spans and how) every close reading gives alike."""
    best = close[0]
    same = {k: v for k, v in best.fields.items() if all(r.fields.get(k) == v for r in close[1:])}
    derived = {k: v for k, v in best.derived.items() if k in same}
    spans = [s for s in best.spans if s[0] in same or s[0] == "score"]
    return same, derived, spans


def _differ(ctx: Context, close: list[Reading]) -> frozenset[int]:
    """The tokens (by start) the close readings give different roles."""
    return frozenset(
        t.start for i, t in enumerate(ctx.tokens) if len({r.chosen[i] for r in close}) > 1
    )


def choose(ctx: Context, readings: list[Reading], picks: tuple[str, ...]) -> Chosen:
    """The reading to grade: the best consistent one, or the one the reader picked; when two
    near the top grade differently, the question that asks which, filling what they share."""
    consistent = [r for r in readings if not r.problems]
    pool = consistent or readings  # nothing holds: the best one, and what fails is asked
    top = max(r.weight for r in pool)
    close = sorted((r for r in pool if r.weight >= top - ASK_MARGIN), key=lambda r: -r.weight)
    distinct: dict[tuple, Reading] = {}
    for r in close:  # the best reading of each signature
        distinct.setdefault(r.signature, r)
    close = list(distinct.values())
    picked = next((int(p[8:]) - 1 for p in picks if re.fullmatch(r"reading-\d+", p)), None)
    asks: list[Question] = []
    asked: frozenset[int] = frozenset()
    best = close[0]
    if len(close) > 1 and consistent and picked is not None and picked < len(close):
        best = close[picked]
    fields, derived, spans = best.fields, best.derived, best.spans
    if len(close) > 1 and consistent and (picked is None or picked >= len(close)):
        question = _reading_question(ctx, close)
        asks.append(question)
        best.questions = [q for q in best.questions if q.at is None or q.at != question.at]
        fields, derived, spans = _agreed(close)
        asked = _differ(ctx, close)
    return Chosen(best, fields, derived, spans, asks + best.problems + best.questions, asked)
