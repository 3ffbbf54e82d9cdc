"""One reading built: an assignment of roles made into scores, names, links and fields.

:func:`build` takes one assignment (:func:`benchstats.claims.readings.assignments`)
and builds it in steps: the number of questions and the counts it makes
scores of; each score with its owner, benchmark and metric (:class:`Entry`);
its spread as an SE (:mod:`benchstats.claims.spread`); each stated lead, share
or change, which works out the other score or is checked against both (a
failed check is a *problem*: the reading is not graded); the comparisons the
scores make (two scores on one benchmark and metric), asked when there are
several; and the claim's fields from the chosen one. Its weight grows or
shrinks with how likely the shape is (a comparison made, a number left unused).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from dataclasses import replace

from benchstats import get_benchmark, words
from benchstats.benchmarks import BENCHMARK_KEYS
from benchstats.claims import spread
from benchstats.claims.aliases import SCALES, lower_is_better
from benchstats.claims.names import (
    Name,
    after_connector,
    column_owners,
    connected_pair,
    find_names,
    model_names,
    named_after,
    score_owners,
)
from benchstats.claims.numbers import Number, Token, lead_decimals
from benchstats.claims.readings import RELATIONS, Choice, Context, Entry, Link, Question, Reading
from benchstats.language import _

GPQA_SETS = {198: "gpqa-diamond", 448: "gpqa-main"}
# Words that set two scores against each other (or a new score against an old one)
_COMPARES = re.compile(
    r"\b(?:vs|versus|compared|comparison|against|than|over|ahead|behind|beat\w*|outperform\w*|"
    r"from|prev|previous\w*|prior|baseline|earlier|last|old\w*|predecessor|up|down|rose|rises|"
    r"fell|falls|gain\w*|drop\w*|improv\w*|jump\w*|climb\w*|boost\w*|lead\w*|trail\w*|"
    r"tops?|topped|edges?|surpass\w*|exceed\w*|while|whereas|ties?|tied|match\w*|"
    r"before|after|now|then|was|were|contre|gegenüber|frente|contro|rispetto|mientras|während)"
    r"\b|→|->|\bto\b",
    re.IGNORECASE,
)


class Builder:
    """One assignment of roles built into a :class:`Reading`, step by step (see :func:`build`)."""

    def __init__(
        self, ctx: Context, chosen: tuple[Number | None, ...], weight: float, picks=()
    ) -> None:
        self.ctx, self.picks = ctx, tuple(picks)
        self.r = Reading(weight, chosen)
        self.nums = [x for x in chosen if x is not None]
        self.names: list[Name] = []
        self.words_only = ctx.masked
        self.several_leads = False  # two leads and no score to tell them apart: asked
        self.by_columns = False  # a table whose header row names the models

    def of(self, *kinds: str) -> list[Number]:
        return [x for x in self.nums if x.kind in kinds]

    # ---- sizes and counts

    def size(self) -> None:
        sizes = [x for x in self.nums if x.n is not None and x.kind in ("size", "score")]
        distinct = list(dict.fromkeys(x.n for x in sizes))
        r = self.r
        if len(distinct) == 1:
            stated = [x for x in sizes if x.kind == "size"]
            r.fields["n"] = distinct[0]
            if not stated:
                # TRANSLATORS: where a value came from: right answers of all questions, "34 of 40".
                r.derived["n"] = _("{k} of {n}").format(
                    k=words.count(sizes[0].k), n=words.count(sizes[0].n)
                )
            r.spans += [("n", x.start, x.end) for x in sizes]
        elif len(distinct) > 1:
            listed = ", ".join(words.count(v) for v in distinct)
            r.questions.append(
                Question(
                    # TRANSLATORS: a question about a pasted claim; {listed} lists numbers.
                    _("It gives more than one number of questions ({listed}): which is it?").format(
                        listed=listed
                    ),
                    ("n",),
                )
            )

    def preset_size(self) -> int | None:
        keys = {k for _, _, k in self.ctx.bench_hits if k is not None}
        if "gpqa" in keys:
            keys.discard("gpqa")
            if not any(k.startswith("gpqa-") for k in keys):
                return None
        keys = {k for k in keys if k in BENCHMARK_KEYS}
        return get_benchmark(keys.pop()).questions if len(keys) == 1 else None

    def counts(self) -> None:
        """Whole numbers of right answers made scores out of the stated (or preset) total."""
        n = self.r.fields.get("n")
        total = n if n is not None else self.preset_size()
        counted = [x for x in self.nums if x.unit == "count" and x.kind in ("score", "right")]
        shares = [x for x in self.nums if x.kind == "score" and x.unit in ("percent", "proportion")]
        beside = bool(counted) or not shares
        out = []
        for x in self.nums:
            if x.kind in ("right", "count") and total is not None and x.value <= total:
                # "scores 86 on MMLU" is not 86 of its 14,042 questions: a bare count is a
                # score only at a twentieth of the total or more
                plausible = x.kind == "right" or total <= 100 or x.value >= total / 20
                plausible = plausible and (not x.loose or bool(counted))
                if plausible and (x.kind == "right" or beside):
                    k = int(x.value)
                    x = replace(x, kind="score", k=k, n=total, value=k / total)
                    if n is None:
                        self.r.fields["n_preset"] = total
            out.append(x)
        self.nums = _merge_restated(out, self.ctx.masked)

    def bounds(self) -> None:
        """ "less than 2%", "by more than 10 points": a bound is never graded; it is asked."""
        for x in self.of("bound"):
            w = self.ctx.words(x)
            self.r.questions.append(
                Question(
                    # TRANSLATORS: {words} is the claim's own words, "less than 2%".
                    _(
                        "“{words}” is a bound, not a number: the claim can't be graded on it. What "
                        "is the number?"
                    ).format(words=w),
                    ("a", "b"),
                    at=x.start,
                )
            )

    def hedges(self) -> None:
        """ "about 4 points", "~81%": a hedged number is not exact, so it is never graded as if
        it were; the reader is asked for the exact one (typing the scores settles it)."""
        for x in self.nums:
            if x.approx and x.kind not in ("unused", "bound", "level"):
                w = self.ctx.words(x)
                self.r.questions.append(
                    Question(
                        # TRANSLATORS: {words} is the claim's own words, "about 4 points".
                        _(
                            "“{words}” is approximate: the claim can't be graded on a rounded "
                            "number. What are the exact scores?"
                        ).format(words=w),
                        ("a", "b"),
                        at=x.start,
                    )
                )

    def unread_counts(self) -> None:
        """A count with no total: asked when the sentence has too few scores without it."""
        unread = [x for x in self.nums if x.kind in ("right", "count")]
        self.r.weight -= 1.5 * len(unread)
        if len([e for e in self.r.entries if e.number is not None]) >= 2:
            return
        for x in unread:
            w = self.ctx.words(x)
            # TRANSLATORS: {words} is the claim's own number, "34".
            if x.kind == "right":
                q = _("“{words}” is not read as a score: out of how many?").format(words=w)
            else:
                q = _("“{words}” is not read as a score: is it {words}% or {words} of some total?")
                q = q.format(words=w)
            self.r.questions.append(Question(q, ("a", "b", "n"), at=x.start))

    # ---- scores, names, benchmarks

    def entries(self) -> None:
        ctx = self.ctx
        scores = self.of("score", "tie", "scale")
        # Numbers hidden for the names; "5% better than" keeps its words ("than").
        shares = ("relative", "fewer_errors")
        masked_spans = [(x.start, x.end) for x in self.nums if x.kind not in shares]
        masked_spans += [(t.start, t.end) for t in ctx.tokens if self._inside(t)]
        # a price, a time, a speed is no part of a name ("at 2328.15s. Egret-4")
        masked_spans += [(t.start, t.end + 3) for t in ctx.tokens if t.why.startswith("a price")]
        self.words_only = _mask(ctx.masked, masked_spans)
        self.names = find_names(self.words_only)
        objects = {
            name.start
            for x in self.of(*RELATIONS)
            if (name := named_after(self.names, x.end, self.words_only)) is not None
        }
        owners = score_owners(scores, self.words_only, self.names, objects)
        columns = column_owners(scores, self.words_only, self.names)
        self.by_columns = columns is not None and any(c is not None for c in columns)
        if self.by_columns:  # "| Benchmark | Lyra-4 | Vega-3 |": each column's head owns it
            owners = columns
        for x, owner in zip(scores, owners, strict=True):
            e = Entry(x.value, x.start, number=x, owner=owner)
            e.bench, e.metric = self.bench_at(x), self.metric_at(x)
            self.r.entries.append(e)
            if x.kind == "tie":
                self.r.entries.append(
                    Entry(x.value, x.start, number=x, bench=e.bench, metric=e.metric)
                )

    def _inside(self, t: Token) -> bool:
        return any(x.start <= t.start and t.end <= x.end for x in self.nums)

    def bench_at(self, x: Number) -> str | None:
        hits = self.ctx.bench_hits
        if not hits:
            return None
        groups = {self.ctx.group_of(h) for h in hits}
        groups = _gpqa_merged(groups)
        if len(groups) == 1:
            return next(iter(groups))
        column = self.header_column(x)
        if column is not None:  # "Model  MMLU-Pro  GPQA" over "X  79.4  61.2": its column's head
            return _gpqa_group(self.ctx.group_of(column), groups)
        inside = _paren_around(self.ctx.masked, x.start)
        if inside is not None:  # "(90.2% vs 88.7% on HumanEval)": the parenthesis's benchmark
            own = {self.ctx.group_of(h) for h in hits if inside[0] < h[0] and h[1] <= inside[1]}
            if len(own) == 1:
                return _gpqa_group(own.pop(), groups)
        after = next((h for h in hits if h[0] >= x.end), None)
        link = (
            r"\s*(?:\(\s*|on\s+|in\s+|for\s+|at\s+|across\s+|auf\s+|bei\s+|en\s+|im\s+)?(?:the\s+)?"
        )
        heads = after is not None and re.match(r"\s*[:|]", self.ctx.masked[after[1] :])
        if (
            after is not None
            and not heads
            and re.fullmatch(link, self.ctx.masked[x.end : after[0]], re.I)
        ):
            return _gpqa_group(self.ctx.group_of(after), groups)
        masked = self.ctx.masked
        unnamed = _unnamed_evals(masked)
        own = next((u for u in unnamed if _AFTER_SCORE.fullmatch(masked, x.end, u[0])), None)
        if own is not None:  # "57% vs 41% on an internal agentic coding eval": that eval
            return own[2]
        before = [h for h in hits if h[1] <= x.start]
        # A benchmark listed with another ("alongside HumanEval and GPQA gains") names no
        # score's benchmark; an eval named without a known name, nearer, does.
        named = [h[1] for h in before if not _listed(masked, h, hits)]
        earlier = [u for u in unnamed if u[1] <= x.start]
        if earlier and earlier[-1][1] > max(named, default=-1):
            return earlier[-1][2]
        if before:
            return _gpqa_group(self.ctx.group_of(before[-1]), groups)
        return _gpqa_group(self.ctx.group_of(after), groups) if after else None

    def header_column(self, x: Number) -> tuple[int, int, str | None] | None:
        """In a table whose header line names the benchmarks, the one heading ``x``'s column:
        the k-th score of a row is the k-th benchmark's (None when the counts differ)."""
        text = self.ctx.masked
        line_start = text.rfind("\n", 0, x.start) + 1
        line_end = text.find("\n", x.start) % (len(text) + 1)
        above = [h for h in self.ctx.bench_hits if h[1] <= line_start]
        if not above:
            return None
        head_start = text.rfind("\n", 0, above[-1][0]) + 1
        heads = [h for h in above if h[0] >= head_start]
        row = sorted(y.start for y in self.of("score", "tie") if line_start <= y.start < line_end)
        if len(heads) < 2 or len(row) != len(heads) or x.start not in row:
            return None
        return heads[row.index(x.start)]

    def metric_at(self, x: Number) -> str | None:
        hits = self.ctx.metric_hits
        names = list(dict.fromkeys(_metric_name(m) for m in hits))
        if len(names) <= 1:
            return names[0] if names else None
        after = next((m for m in hits if m.start() >= x.end), None)
        if after is not None and re.fullmatch(
            r"\s*(?:\(\s*)?(?:on\s+)?", self.ctx.masked[x.end : after.start()]
        ):
            return _metric_name(after)
        before = [m for m in hits if m.end() <= x.start]
        if before:
            return _metric_name(before[-1])
        return _metric_name(after) if after else None

    def errors(self) -> None:
        """Each "±", SE or interval as the SE of the score it belongs to (:mod:`spread`)."""
        read = [e for e in self.r.entries if e.number is not None]
        n = self.r.fields.get("n") or self.preset_size()
        notes, problems = spread.attach(self.ctx, read, self.of("se", "interval"), n)
        self.r.notes += notes
        self.r.problems += problems

    # ---- links between scores: leads, shares, fewer errors, changes, ties

    def pairs(self) -> None:
        """The comparisons the sentence makes: two scores on one benchmark and metric, unless
        they are one model's two scores (see :meth:`one_model`)."""
        entries = self.r.entries
        groups: dict[tuple, list[int]] = {}
        for i, e in enumerate(entries):
            groups.setdefault((e.bench, e.metric), []).append(i)
        pairs: list[tuple[int, int]] = []
        for members in groups.values():
            if len(members) == 2 and not self.one_model(*members):
                pairs.append(tuple(members))
            elif len(members) > 2:
                pairs += _pairs_of(members, entries)
        self.r.pairs = pairs

    def one_model(self, i: int, j: int) -> bool:
        """ "X achieves 84.0% …, and 87.7% with parallel compute": one model named, its two
        scores, and no word that compares them (vs, from, up, prev., than…): no comparison."""
        e, f = self.r.entries[i], self.r.entries[j]
        named = {n.text for n in self.names}
        if len(named) != 1 or e.number is None or f.number is None or e.number is f.number:
            return False
        owners = {x.owner.text for x in (e, f) if x.owner is not None}
        return owners <= named and not _COMPARES.search(self.words_only)

    def relations(self) -> None:
        """Each stated lead, share or change: the other score worked out, or the two checked."""
        rels = self.of(*RELATIONS)
        leads = [x for x in rels if x.kind in ("lead", "change")]
        distinct = {round(self.lead_value(x), 9) for x in leads}
        read = [e for e in self.r.entries if e.number is not None]
        if len(distinct) > 1 and len(read) < 2:
            objects = {self._object(x) for x in leads}
            if len(read) == 0 or len(objects) < 2:
                self.r.questions.append(
                    Question(
                        _("It gives more than one lead in points: which is the claim?"), ("a", "b")
                    )
                )
                self.several_leads = True
                self._bench_field(self._only_group())
                return
        # a lead first, so a share beside it is checked against the scores it gives
        for x in sorted(rels, key=lambda x: x.kind not in ("lead", "change")):
            self._relation(x)

    def lead_value(self, x: Number) -> float:
        return lead_value(self.r, x)

    def _half(self, x: Number) -> float:
        """Half a unit of the lead's last digit, in the units its value was put in."""
        return x.half * (self.lead_value(x) / x.value) if x.value else x.half

    def _object(self, x: Number) -> str | None:
        name = named_after(self.names, x.end, self.words_only)
        return name.text if name else None

    def _sides(self, x: Number) -> tuple[Entry | None, Entry | None, Name | None, Name | None]:
        """The relation's subject and object entries (either may be missing) and names."""
        obj_name = named_after(self.names, x.end, self.words_only)
        said_over = obj_name  # the words name the object: "+21.4 over Y"
        left, right = connected_pair(self.names, self.words_only)
        if obj_name is None and right is not None and left is not None and left.start < x.start:
            obj_name = right
        read = [e for e in self.r.entries if e.bench == self.relation_bench(x)]
        subj_name = (
            left
            if left is not None and obj_name is not None and left.text != obj_name.text
            else None
        )
        if subj_name is None and obj_name is not None:  # "Finch-2 makes half the errors of Finch-1"
            before = [n for n in self.names if n.end <= x.start and n.text != obj_name.text]
            subj_name = before[-1] if before else None
        obj = next(
            (e for e in read if e.owner and obj_name and e.owner.text == obj_name.text), None
        )
        others = [e for e in read if e is not obj]
        subj = None
        if subj_name is not None:
            subj = next((e for e in others if e.owner and e.owner.text == subj_name.text), None)
        if subj is None:
            before = [e for e in others if e.pos < x.start]
            subj = before[-1] if before else (others[0] if others else None)
        if subj is not None and obj is None and len(read) >= 2 and said_over is None:
            # the one other score is the object, unless the words name another model: "by
            # 21.4 over Y and 26.6 over Z" sets Z beside Y, not against Y's worked-out score
            rest = [e for e in read if e is not subj]
            if len(rest) == 1:
                obj = rest[0]
        if subj_name is None and subj is not None:
            subj_name = subj.owner
        return subj, obj, subj_name, obj_name

    def relation_bench(self, x: Number) -> str | None:
        """The benchmark a lead, share or change is on: its own clause's ("leads Y by 3 points
        on MBPP; its HumanEval score is 90.4%" is a lead on MBPP), or the one score's."""
        groups = _gpqa_merged({self.ctx.group_of(h) for h in self.ctx.bench_hits})
        read = {e.bench for e in self.r.entries if e.number is not None}
        if len(groups) <= 1 or len(read) <= 1 and not self._own_benchmark(x):
            return next(iter(read)) if len(read) == 1 else self.bench_at(x)
        return self.bench_at(x)

    def _own_benchmark(self, x: Number) -> bool:
        """The benchmark is named right after the number ("by 3 points on MBPP")."""
        after = next((h for h in self.ctx.bench_hits if h[0] >= x.end), None)
        link = r"\s*(?:on|in|for|at)\s+(?:the\s+)?"
        return (
            after is not None
            and re.fullmatch(link, self.ctx.masked[x.end : after[0]], re.I) is not None
        )

    def _relation(self, x: Number) -> None:
        subj, obj, subj_name, obj_name = self._sides(x)
        if subj is None and obj is None and any(e.number is not None for e in self.r.entries):
            where = _bench_words(self.relation_bench(x)) or _("another benchmark")
            self.r.questions.append(
                Question(
                    # TRANSLATORS: {words} is the claim's lead ("+3 points"), {bench} a benchmark.
                    _(
                        "“{words}” is on {bench}, and the sentence's scores are on another "
                        "benchmark: it gives no second score to grade."
                    ).format(words=self.ctx.words(x), bench=where),
                    ("a", "b"),
                    at=x.start,
                )
            )
            return
        if x.kind in ("lead", "change") and x.unit != "relative":
            self._points(x, subj, obj, subj_name, obj_name)
        else:
            self._share(x, subj, obj, subj_name, obj_name)

    def _points(self, x, subj, obj, subj_name, obj_name) -> None:
        lead = self.lead_value(x)
        if self.r.lead_number is None:
            self.r.lead_number = x
        if subj is not None and obj is not None:
            obj = self._gap_of(x, subj, obj, lead)
            gap = subj.score - obj.score
            tol = self._tol(subj) + self._tol(obj) + self._half(x) + 1e-9
            if abs(abs(gap) - abs(lead)) > tol:
                self.r.problems.append(
                    Question(
                        # TRANSLATORS: {lead} and {gap} are numbers of points ("+3.0", "2.0").
                        _(
                            "It says the lead is {lead} points, but its scores differ by {gap}: "
                            "which is right?"
                        ).format(
                            lead=words.points(
                                lead,
                                signed=x.value < 0 or self.ctx.signed(x),
                                decimals=lead_decimals(x),
                            ),
                            gap=words.points(abs(gap), signed=False),
                        ),  # fmt: skip
                        ("a", "b"),
                    )
                )
            else:
                self.r.links.append(Link(x, subj, obj, False, True, subj_name, obj_name))
            return
        known = subj or obj
        if known is None:
            return
        is_subj = known is subj
        value = known.score - lead if is_subj else known.score + lead
        other_name = obj_name if is_subj else subj_name
        if not -1e-9 <= value <= 1 + 1e-9:
            self.r.problems.append(
                Question(
                    # TRANSLATORS: {score} is a score ("95%"), {lead} a lead in points ("+8.0").
                    _(
                        "{score} and a lead of {lead} points put the other score outside 0 to "
                        "100%: which number is wrong?"
                    ).format(score=words.score(known.score), lead=words.points(lead)),
                    ("a", "b"),
                )
            )
            return
        e = Entry(min(max(value, 0.0), 1.0), x.start, owner=other_name)
        e.bench, e.metric = known.bench, known.metric
        self.r.entries.append(e)
        self.r.links.append(Link(x, known, e, True, is_subj, subj_name, obj_name))

    def _gap_of(self, x: Number, subj: Entry, obj: Entry, lead: float) -> Entry:
        """A stated gap that names no model ("—a 15-point gap") is between two of the scores
        given: of several rivals, the one whose gap with the subject it is, if exactly one."""
        if named_after(self.names, x.end, self.words_only) is not None:
            return obj
        others = [e for e in self.r.entries if e.number is not None and e is not subj]
        half = self._half(x) + 1e-9
        fits = [
            e
            for e in others
            if e.bench == subj.bench
            and abs(abs(subj.score - e.score) - abs(lead)) <= self._tol(subj) + self._tol(e) + half
        ]
        return fits[0] if len(fits) == 1 else obj

    def _share(self, x, subj, obj, subj_name, obj_name) -> None:
        share = x.value
        if subj is not None and obj is not None:
            ok, stated = _share_holds(x.kind, subj, obj, share, x.half)
            if not ok:
                self.r.problems.append(
                    Question(
                        # TRANSLATORS: {words} is the claim's share ("10% better"), {stated} what
                        # its scores give.
                        _("It says {words}, but its scores give {stated}: which is right?").format(
                            words=self.ctx.words(x), stated=stated
                        ),
                        ("a", "b"),
                    )
                )
            else:
                self.r.links.append(Link(x, subj, obj, False, True, subj_name, obj_name))
            return
        known = subj or obj
        if known is None:
            w = self.ctx.words(x)
            if x.kind == "fewer_errors":
                q = _(
                    "“{words}” compares errors: it needs one of the two scores to work out the "
                    "other."
                ).format(words=w)
            else:
                q = _(
                    "“{words}” is a share of the other score: it needs one of the two scores to "
                    "work out the other."
                ).format(words=w)
            self.r.questions.append(Question(q, ("a", "b"), at=x.start))
            return
        is_subj = known is subj
        s = known.score
        if x.kind == "fewer_errors":
            if share >= 1:
                return
            value = 1 - (1 - s) / (1 - share) if is_subj else 1 - (1 - s) * (1 - share)
        else:
            if 1 + share <= 0:
                return
            value = s / (1 + share) if is_subj else s * (1 + share)
        if not 0 <= value <= 1:
            w = self.ctx.words(x)
            self.r.problems.append(
                Question(
                    # TRANSLATORS: {score} is a score ("95%"), {words} the claim's share.
                    _(
                        "{score} and “{words}” put the other score outside 0 to 100%: which "
                        "number is wrong?"
                    ).format(score=words.score(s), words=w),
                    ("a", "b"),
                )
            )
            return
        e = Entry(value, x.start, owner=obj_name if is_subj else subj_name)
        e.bench, e.metric = known.bench, known.metric
        self.r.entries.append(e)
        self.r.links.append(Link(x, known, e, True, is_subj, subj_name, obj_name))

    def _tol(self, e: Entry) -> float:
        return e.number.half if e.number is not None else 0.0

    # ---- the pair, its names and fields

    def choose(self) -> None:
        r = self.r
        self.pairs()
        if self.several_leads:
            return
        entries = r.entries
        if not r.pairs:
            self._no_pair()
            return
        if len(r.pairs) > 1:
            made = self._made_pair()
            picked = _picked(self.picks, "pair", len(r.pairs))
            rivals = self._rivals() if picked is None else None
            if picked is not None:
                r.pair = r.pairs[picked]
            elif rivals is not None:
                subject, ordered = rivals  # the claimed winner and its closest rival
                r.pair = (subject, ordered[0])
                r.rivals = [entries[k] for k in ordered]
            elif made is not None:
                r.pair = made
            else:
                self._ask_pair()
                return
        else:
            r.pair = r.pairs[0]
        i, j = r.pair
        first, second = entries[i], entries[j]
        self._fill(first, second)
        if r.rivals:
            self._rivals_note(first)

    def _rivals(self) -> tuple[int, list[int]] | None:
        """Three or more models on one benchmark and metric, each named once: the claimed
        winner (the "X" of "X beats Y", else the first named) and its rivals, the closest
        first. A comparison of several rivals is several comparisons with one model: each
        pair is graded on its own, and the closest pair is the claim's hardest test."""
        entries = self.r.entries
        members = sorted({i for pair in self.r.pairs for i in pair})
        same = {(entries[i].bench, entries[i].metric) for i in members}
        named = [entries[i].owner.text for i in members if entries[i].owner is not None]
        unnamed = [i for i in members if entries[i].owner is None]
        if len(members) < 3 or len(same) > 1 or len(set(named)) < len(named) or len(unnamed) > 1:
            return None
        if unnamed:  # "- GPQA Diamond score: 78.3%, up from Y's 65.0%": A is the unnamed one
            first = min(
                (i for i in members if entries[i].number is not None), key=lambda i: entries[i].pos
            )
            if entries[unnamed[0]].number is None or unnamed[0] != first:
                return None
            subject = unnamed[0]
        else:
            left, _ = connected_pair(self.names, self.words_only)
            claimed = [
                i for i in members if left is not None and entries[i].owner.text == left.text
            ]
            read = [i for i in members if entries[i].number is not None]
            if not claimed and not read:
                return None
            subject = claimed[0] if claimed else min(read, key=lambda i: entries[i].pos)
        top = entries[subject].score
        others = [i for i in members if i != subject]
        return subject, sorted(
            others, key=lambda i: (round(abs(top - entries[i].score), 9), entries[i].pos)
        )

    def _rivals_note(self, winner: Entry) -> None:
        """What the reading did with several rivals, in words: ahead of some, behind others."""
        name = self.r.fields.get("name_a") or "A"
        ahead = [e.owner.text for e in self.r.rivals if e.score < winner.score]
        behind = [e.owner.text for e in self.r.rivals if e.score > winner.score]
        level = [e.owner.text for e in self.r.rivals if e.score == winner.score]
        # TRANSLATORS: how model {name} stands against its rivals; {ahead}, {behind} and {level}
        # list names ("Wren and Lark"). One message for each mix of sides.
        said = {
            (True, False, False): _("ahead of {ahead}"),
            (False, True, False): _("behind {behind}"),
            (False, False, True): _("level with {level}"),
            (True, True, False): _("ahead of {ahead} and behind {behind}"),
            (True, False, True): _("ahead of {ahead} and level with {level}"),
            (False, True, True): _("behind {behind} and level with {level}"),
            (True, True, True): _("ahead of {ahead}, behind {behind} and level with {level}"),
        }[bool(ahead), bool(behind), bool(level)]
        listed = {k: _and(v) if v else "" for k, v in (("ahead", ahead), ("behind", behind))}
        stands = said.format(level=_and(level) if level else "", **listed)
        # TRANSLATORS: {count} is the number of models, {stands} how model {name} stands ("ahead
        # of Wren and behind Finch"), {closest} the closest rival's name.
        self.r.notes.append(
            _(
                "It compares {count} models: {name} is {stands}. Each pair is graded on its own, "
                "the closest rival ({closest}) first."
            ).format(
                count=words.count(len(self.r.rivals) + 1),
                name=name,
                stands=stands,
                closest=self.r.rivals[0].owner.text,
            )  # fmt: skip
        )

    def _made_pair(self) -> tuple[int, int] | None:
        """The one pair a stated lead links, when the sentence makes one."""
        entries = self.r.entries
        linked = [(i, j) for i, j in self.r.pairs if None in (entries[i].number, entries[j].number)]
        return linked[0] if len(linked) == 1 else None

    def _pair_label(self, i: int, j: int) -> str:
        e, f = self.r.entries[i], self.r.entries[j]
        where = _bench_words(e.bench)
        met = f" ({e.metric})" if e.metric else ""

        def shown(x: Entry) -> str:  # the score as the sentence writes it, or as worked out
            return self.ctx.words(x.number) if x.number is not None else words.score(x.score)

        name_e, name_f = e.owner, f.owner
        if name_e is None and name_f is None and e.number is not None and f.number is not None:
            m = model_names([e.number, f.number], self.words_only)
            name_e, name_f = m.a, m.b
        sides = {
            "a": f"{_label(name_e, 'A')} {shown(e)}",
            "b": f"{_label(name_f, 'B')} {shown(f)}",
        }
        # TRANSLATORS: a pair of scores as a choice, "X 82% vs Y 78% on MMLU"; {a} and {b} are
        # each model with its score, {bench} the benchmark.
        if where:
            return _("{a} vs {b} on {bench}").format(bench=where, **sides) + met
        return _("{a} vs {b}").format(**sides) + met

    def _ask_pair(self) -> None:
        r = self.r
        benches = list(dict.fromkeys(r.entries[i].bench for p in r.pairs for i in p))
        metrics = list(dict.fromkeys(r.entries[i].metric for p in r.pairs for i in p))
        choices = tuple(
            Choice(f"pair-{k + 1}", self._pair_label(i, j)) for k, (i, j) in enumerate(r.pairs)
        )
        # TRANSLATORS: questions about a pasted claim; {named} lists benchmarks or metrics,
        # {listed} the claim's scores, {count} how many scores.
        if len(benches) > 1:
            named = ", ".join(_bench_words(b) or _("unnamed") for b in benches)
            text = _("It names more than one benchmark ({named}): which is the claim about?")
            text = text.format(named=named)
        elif len(metrics) > 1:
            named = ", ".join(m or _("none") for m in metrics)
            text = _("It names more than one metric ({named}): which is it?").format(named=named)
        else:
            read = [e for e in r.entries if e.number is not None]
            listed = ", ".join(self.ctx.words(e.number) for e in read)
            count = words.count(len(r.entries))
            if len(read) < len(r.entries):
                text = _("It gives {count} models' scores: which two are compared?")
            else:
                text = _(
                    "It gives {count} scores ({listed}): which two are the two models' scores?"
                )
            text = text.format(count=count, listed=listed)
        r.questions.append(Question(text, ("a", "b"), choices))
        for e in r.entries:
            if e.number is not None:
                r.spans.append(("score", e.number.start, e.number.end))
        self._bench_field(benches[0] if len(benches) == 1 else None)

    def _no_pair(self) -> None:
        r = self.r
        entries = r.entries
        if len(entries) == 1:
            self._fill(entries[0], None)
            return
        if not entries:
            self._fill(None, None)
            return
        benches = list(dict.fromkeys(e.bench for e in entries))
        metrics = list(dict.fromkeys(e.metric for e in entries))
        listed = ", ".join(self.ctx.words(e.number) for e in entries if e.number is not None)
        count = words.count(len(entries))
        parts = {"count": count, "listed": listed}
        if len(benches) == 1 and len(metrics) == 1 and benches[0]:  # one model's two scores
            text = _(
                "It gives one model {count} scores on {bench} ({listed}) and no second model: "
                "there is nothing to compare."
            ).format(bench=_bench_words(benches[0]), **parts)
        elif len(benches) == 1 and len(metrics) == 1:
            text = _(
                "It gives one model {count} scores ({listed}) and no second model: there is "
                "nothing to compare."
            ).format(**parts)
        elif len(benches) > 1:
            named = ", ".join(_bench_words(b) or _("unnamed") for b in benches)
            text = _(
                "It gives {count} scores ({listed}) on more than one benchmark ({named}), and no "
                "two models on one: there is nothing to compare."
            ).format(named=named, **parts)
        else:
            named = ", ".join(m or _("none") for m in metrics)
            text = _(
                "It gives {count} scores ({listed}) on more than one metric ({named}), and no two "
                "models on one: there is nothing to compare."
            ).format(named=named, **parts)
        r.questions.append(Question(text, ("a", "b")))
        for e in entries:
            if e.number is not None:
                r.spans.append(("score", e.number.start, e.number.end))
        self._bench_field(benches[0] if len(benches) == 1 else None)
        if len(metrics) == 1 and metrics[0]:
            self._metric_field(metrics[0])

    def _bench_field(self, group: str | None) -> None:
        r = self.r
        group = _preset(group)
        if group is None or group not in BENCHMARK_KEYS and group != "gpqa":
            return
        n = r.fields.get("n")
        if group == "gpqa":
            picked = next((p for p in self.picks if p in GPQA_SETS.values()), None)
            if n in GPQA_SETS:
                group = GPQA_SETS[n]
            elif picked is not None:
                group = picked
            else:
                r.questions.append(
                    Question(
                        _("GPQA: the Diamond set (198 questions) or the main set (448)?"),
                        ("n",),
                        (
                            Choice("gpqa-diamond", _("GPQA Diamond (198 questions)")),
                            Choice("gpqa-main", _("GPQA main (448 questions)")),
                        ),
                    )
                )
                return
        r.fields["bench"] = group
        for s, e, k in self.ctx.bench_hits:
            if k == group or (k == "gpqa" and group.startswith("gpqa-")):
                r.spans.append(("bench", s, e))
        preset = get_benchmark(group)
        if n is not None and n != preset.questions:
            # TRANSLATORS: {questions} is "500 questions", {bench} a preset, {count} its size.
            r.notes.append(
                _(
                    "It says {questions}; the {bench} preset has {count}: the sentence's own count "
                    "is used."
                ).format(
                    questions=words.plural(n, "question"),
                    bench=preset.name,
                    count=words.count(preset.questions),
                )  # fmt: skip
            )

    def _metric_field(self, metric: str | None) -> None:
        if metric is None:
            return
        self.r.fields["metric"] = metric
        for m in self.ctx.metric_hits:
            if _metric_name(m) == metric:
                self.r.spans.append(("metric", m.start(), m.end()))

    def _link_of(self, e: Entry) -> Link | None:
        return next((k for k in self.r.links if k.other is e and k.worked_out), None)

    def _order(
        self, first: Entry, second: Entry | None
    ) -> tuple[Entry, Entry | None, Name | None, Name | None]:
        """A's and B's entries and names: from old to new the new is A; a worked-out score is
        on the side its lead says; two read scores are named as :func:`model_names` names them."""
        if second is None:
            m = model_names([first.number] if first.number is not None else [], self.words_only)
            return first, None, m.a, m.b
        if first.number is not None and first.number is second.number:  # a tie
            left, right = connected_pair(self.names, self.words_only)
            if left is None:  # "Orion and Vega are tied at 61.6%": the two names before it
                before = [x for x in self.names if x.end <= first.number.start]
                left, right = (before[-2], before[-1]) if len(before) >= 2 else (first.owner, None)
            return first, second, left, right
        link = self._link_of(second) or self._link_of(first)
        if link is not None:
            known, other = link.known, link.other
            a, b = (known, other) if link.is_subject else (other, known)
            m = model_names([known.number], self.words_only) if known.number else None
            name_a = link.subject or a.owner
            name_b = link.object or b.owner
            if m is not None and name_a is None and name_b is None:
                name_a, name_b = (m.b, m.a) if m.lone_score_is_b else (m.a, m.b)
            elif m is not None and name_a is None and link.is_subject:
                name_a = m.a if m.a is not None and m.a is not name_b else None
            return a, b, name_a, name_b
        if self.by_columns:
            return first, second, first.owner, second.owner
        if _from_to(self.words_only, first.number, second.number):
            first, second = second, first
        read = sum(1 for e in self.r.entries if e.number is not None)
        if read == 2:
            in_text = sorted((first.number, second.number), key=lambda x: x.start)
            m = model_names(in_text, self.words_only)
            name_a, name_b = m.a, m.b
            if in_text[0] is not first.number and name_b is not None:
                name_a, name_b = name_b, name_a
            return first, second, name_a, name_b
        if first.owner is None and second.owner is None:  # "(71.0% vs 68.7%) and (64.2% …)"
            m = model_names([first.number, second.number], self.words_only)
            return first, second, m.a, m.b
        return first, second, first.owner, second.owner

    def _fill(self, first: Entry | None, second: Entry | None) -> None:
        """The claim's fields from the pair (or one score): scores, SEs, names, lead, benchmark."""
        r = self.r
        lone_b = False
        name_a = name_b = None
        if first is not None:
            if second is None and first.number is not None:
                m = model_names([first.number], self.words_only)
                lone_b = m.lone_score_is_b
            a_entry, b_entry, name_a, name_b = self._order(first, second)
            if lone_b:
                a_entry, b_entry = None, a_entry
            for slot, e in (("a", a_entry), ("b", b_entry)):
                if e is not None:
                    e.slot = slot
                    self._fill_score(slot, e)
        else:
            m = model_names([], self.words_only)
            name_a, name_b = m.a, m.b
            rel = r.lead_number or next(iter(self.of(*RELATIONS)), None)
            if name_a is None and rel is not None:  # "Model X is up 2.1 pp": the one before it
                objects = after_connector(self.names, self.words_only)
                before = [x for x in self.names if x.end <= rel.start]
                name_a = before[-1] if before and before[-1].start not in objects else None
                if before and name_a is None:  # "It beat GPT-4o by 10 points": GPT-4o is B
                    name_b = before[-1]
            if name_b is None and name_a is not None and rel is not None:
                name_b = named_after(self.names, rel.end, self.words_only)
        if name_a is not None and name_b is not None and name_a.text == name_b.text:
            name_b = None
        for key, name in (("name_a", name_a), ("name_b", name_b)):
            if name is not None:
                r.fields[key] = name.text
                r.spans.append((key, name.start, name.end))
        for e in (first, second):
            if e is not None and self._link_of(e) is not None:
                r.derived[e.slot] = how(self.ctx, r, self._link_of(e))
        lead = r.lead_number
        if lead is not None:
            r.fields["lead"] = round(self.lead_value(lead), 12)
            r.spans.append(("lead", lead.start, lead.end))
        some = first or second
        self._bench_field(some.bench if some is not None else self._only_group())
        metric = some.metric if some is not None else self._only_metric()
        if first is not None and second is not None and second.metric != first.metric:
            metric = None
        self._metric_field(metric)
        if "n_preset" in r.fields and "n" not in r.fields and r.fields.get("bench") is None:
            r.fields["n"] = r.fields["n_preset"]
        r.fields.pop("n_preset", None)
        self._lower(first, second)
        self._scales(first, second)

    def _fill_score(self, slot: str, e: Entry) -> None:
        r = self.r
        r.fields[slot] = round(e.score, 12)
        if e.number is not None:
            r.spans.append((slot, e.number.start, e.number.end))
            if e.number.k is not None:
                r.derived[slot] = _("{k} of {n}").format(
                    k=words.count(e.number.k), n=words.count(e.number.n)
                )
        if e.se is not None:
            r.fields[f"se_{slot}"] = round(e.se, 12)
            r.spans.append((f"se_{slot}", e.se_number.start, e.se_number.end))
            if e.se_how:
                r.derived[f"se_{slot}"] = e.se_how

    def name_of(self, e: Entry) -> str:
        return name_of(self.r, e)

    def _only_group(self) -> str | None:
        groups = _gpqa_merged({self.ctx.group_of(h) for h in self.ctx.bench_hits})
        return next(iter(groups)) if len(groups) == 1 else None

    def _only_metric(self) -> str | None:
        names = list(dict.fromkeys(_metric_name(m) for m in self.ctx.metric_hits))
        if len(names) > 1:
            self.r.questions.append(
                Question(
                    _("It names more than one metric ({named}): which is it?").format(
                        named=", ".join(names)
                    ),
                    ("a", "b"),
                )
            )
        return names[0] if len(names) == 1 else None

    def _lower(self, first: Entry | None, second: Entry | None) -> None:
        """Where lower is better (an error rate), the lower rate leads. The page grades scores
        where higher is better, so each rate is graded as its complement, the share without
        one: 100% − a against 100% − b is the same gap, with the same noise (p(1 − p) is
        symmetric), and its lead is the lower rate's. The reading says so in words."""
        what = lower_is_better(self.ctx.masked)
        if what is None or self.of("fewer_errors") or first is None or second is None:
            return
        r = self.r
        r.lower_is_better = True
        a, b = r.fields.get("a"), r.fields.get("b")
        if a is None or b is None:
            return
        na, nb = r.fields.get("name_a", "A"), r.fields.get("name_b", "B")
        # TRANSLATORS: {what} is what the claim measures ("error rate", in English for now),
        # {without_a} and {without_b} each rate's complement ("92%").
        without = {"what": what, "without_a": words.score(1 - a), "without_b": words.score(1 - b)}
        if a == b:
            note = _(
                "Lower is better for a {what}: {first} and {second} are level. Each rate is graded "
                "as the share without one ({without_a} and {without_b}), which gives the same gap "
                "and the same noise."
            ).format(first=na, second=nb, **without)
        else:
            better, worse = (na, nb) if a < b else (nb, na)
            low, high = sorted((a, b))
            # TRANSLATORS: as above; the model {better} has the lower rate {low}.
            note = _(
                "Lower is better for a {what}: {better}'s {low} is below {worse}'s {high}, so "
                "{better} leads. Each rate is graded as the share without one ({without_a} and "
                "{without_b}), which gives the same gap and the same noise."
            ).format(
                better=better, worse=worse, low=words.score(low), high=words.score(high),
                **without,
            )  # fmt: skip
        r.notes.append(note)
        for slot, rate in (("a", a), ("b", b)):
            r.fields[slot] = round(1 - rate, 12)
            # TRANSLATORS: where a score came from: "100% − 8%, the share without one".
            r.derived[slot] = _("100% − {rate}, the share without one").format(
                rate=words.score(rate)
            )
        r.spans = [sp for sp in r.spans if sp[0] not in ("a", "b")]

    def _scales(self, first: Entry | None, second: Entry | None) -> None:
        r = self.r
        on_scale = [
            e
            for e in (first, second)
            if e is not None
            and ((e.number is not None and e.number.kind == "scale") or (e.bench in SCALES))
        ]
        if not on_scale:
            return
        e = on_scale[0]
        top = SCALES.get(e.bench, 10)
        w = self.ctx.words(e.number) if e.number is not None else words.score(e.score)
        r.questions.append(
            Question(
                # TRANSLATORS: {words} is the claim's score ("8.2"), {top} its scale's top (10).
                _(
                    "“{words}” is a score on a 1–{top} scale (a judge's rating), not a share of "
                    "questions right: the page grades shares, so it is not graded."
                ).format(words=w, top=top),
                ("a", "b"),
            )
        )
        for slot in ("a", "b", "se_a", "se_b"):
            r.fields.pop(slot, None)
        r.spans = [s for s in r.spans if s[0] not in ("a", "b", "se_a", "se_b")]
        for k in ("a", "b", "se_a", "se_b"):
            r.derived.pop(k, None)


def lead_value(r: Reading, x: Number) -> float:
    """A lead or change as a proportion, in the units its scores are written in: a bare
    "+0.8" beside "77.2%" is 0.8 points, "by 0.018" beside "0.734" is 1.8 points, and so is
    "0.018 points" there (a difference is written with its scores' decimals, on their scale).
    """
    units = [e.number.unit for e in r.entries if e.number is not None]
    proportion = bool(units) and all(u == "proportion" for u in units)
    if x.unit == "bare":
        return x.value if proportion and abs(x.value) < 1 else x.value / 100
    if x.unit == "points" and proportion and x.half > 0:
        raw, places = x.value * 100, round(-math.log10(x.half * 200))
        if abs(raw) < 1 and places >= 2:  # "0.018 points" beside 0.734: the 0–1 scale
            return raw
    return x.value


def name_of(r: Reading, e: Entry) -> str:
    """An entry's model as the reading names it: its name, or A or B."""
    if e.slot is not None:
        return r.fields.get(f"name_{e.slot}") or e.slot.upper()
    return e.owner.text if e.owner is not None else _("a model")


def how(ctx: Context, r: Reading, link: Link) -> str:
    """What a worked-out score came from (``derived_from``)."""
    x, known = link.number, link.known
    who = name_of(r, known)
    score = ctx.words(known.number) if known.number else words.score(known.score)
    # TRANSLATORS: where a worked-out score came from: "Gull's 77.2% and a lead of +0.8 points".
    if x.kind == "change" and x.unit != "relative":
        said = _("{name}'s {score} and a change of {points} points")
    elif x.kind == "lead" and x.unit != "relative":
        said = _("{name}'s {score} and a lead of {points} points")
    else:
        # TRANSLATORS: as above, with the claim's own words ("10% better").
        return _("{name}'s {score} and “{words}”").format(name=who, score=score, words=ctx.words(x))
    return said.format(name=who, score=score, points=words.points(lead_value(r, x)))


def _metric_name(m: re.Match[str]) -> str:
    return re.sub(r"\s", "", m.group(0)).lower()


def _gpqa_merged(groups: set[str]) -> set[str]:
    if "gpqa" in groups and any(g.startswith("gpqa-") for g in groups):
        return groups - {"gpqa"}
    return groups


def _gpqa_group(group: str, groups: set[str]) -> str:
    if group == "gpqa":
        sets = [g for g in groups if g.startswith("gpqa-")]
        if len(sets) == 1:
            return sets[0]
    return group


def _preset(group: str | None) -> str | None:
    """The preset key a benchmark group reads as ("aime 2025" is the AIME preset)."""
    if group is not None and group.startswith("aime "):
        return "aime"
    return group


def _bench_words(group: str | None) -> str | None:
    if group is None:
        return None
    if group.startswith("aime "):
        return group.upper()
    if group in BENCHMARK_KEYS:
        return get_benchmark(group).name
    return "GPQA" if group == "gpqa" else group


def _pairs_of(members: list[int], entries: list[Entry]) -> list[tuple[int, int]]:
    """The pairs among three or more scores: the first against each (all pairs for up to four)."""
    if len(members) <= 4:
        return [(i, j) for i, j in itertools.combinations(members, 2)]
    return [(members[0], j) for j in members[1:6]]


def _picked(picks: tuple[str, ...], kind: str, count: int) -> int | None:
    for p in picks:
        m = re.fullmatch(rf"{kind}-(\d+)", p)
        if m and 1 <= int(m.group(1)) <= count:
            return int(m.group(1)) - 1
    return None


# "on an internal agentic coding eval", "across our held-out test set": where a score was
# measured, said without a benchmark's name; a score right before it is that eval's.
_UNNAMED_EVAL = re.compile(
    r"\b(?:on|in|across|for)\s+(?P<what>(?:the|an?|our|its|their|this|a\s+new)\s+"
    r"[^,;.:()#\n%\d]{0,50}?\b(?:evals?|evaluations?|benchmarks?|suites?|sets?|tests?|"
    r"exams?|splits?|leaderboards?|subsets?))\b",
    re.IGNORECASE,
)
_AFTER_SCORE = re.compile(
    r"(?:\s*(?:vs\.?|versus|to|and|against)\s*[\d.,]+\s?%?)?\s*(?:\([^()]{0,30}\)\s*)?",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=256)
def _unnamed_evals(masked: str) -> tuple[tuple[int, int, str], ...]:
    """Each eval named without a benchmark's name: where its phrase starts and ends, and its
    words as a group of its own ("internal agentic coding eval")."""
    out = []
    for m in _UNNAMED_EVAL.finditer(masked):
        what = re.sub(
            r"^(?:the|an?|our|its|their|this|a\s+new)\s+", "", m.group("what"), flags=re.I
        )
        out.append((m.start(), m.end(), re.sub(r"\s+", " ", what.lower())))
    return tuple(out)


def _listed(masked: str, hit: tuple[int, int, str | None], hits) -> bool:
    """A benchmark named in a list with another ("HumanEval and GPQA", "MMLU, MATH")."""
    joined = r"\s*(?:,|and|&|or|\+)\s*"
    return any(
        re.fullmatch(joined, masked[hit[1] : h[0]]) or re.fullmatch(joined, masked[h[1] : hit[0]])
        for h in hits
        if h is not hit
    )


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = "#" * (end - start)
    return "".join(chars)


# "from 45% to 52.5%", "from 33.2% on Y to 54.6%", "von 12,4 % auf 8,1 %", "del 40 % al 52 %"
_FROM_BEFORE = re.compile(
    r"\b(?:from|von|de|del)\s+(?:an?\s+|el\s+|un\s+)?(?:score\s+of\s+)?$", re.IGNORECASE
)
_TO_BETWEEN = re.compile(
    r"\s*(?:±\s*#+\s*)?(?:\([^()]{0,30}\)\s*)?(?:(?:on|for|with)\s+[^\s,;()]{1,30}\s+)?"
    r"(?:to|auf|a|al|hasta|→|->)\s*(?:el\s+|un\s+)?",
    re.IGNORECASE,
)


def _paren_around(text: str, at: int) -> tuple[int, int] | None:
    """The parenthesis ``at`` stands in (its "(" and ")"), or None."""
    opened = text.rfind("(", 0, at)
    if opened < 0 or ")" in text[opened:at]:
        return None
    closed = text.find(")", at)
    if closed < 0 or "(" in text[at:closed]:
        return None
    return opened, closed


def _from_to(words_only: str, old: Number, new: Number) -> bool:
    """ "from 45% to 52.5%" or "45% → 52.5%": the second score is the new model's."""
    between = words_only[old.end : new.start]
    if not _TO_BETWEEN.fullmatch(between):
        return False
    return "→" in between or "->" in between or bool(_FROM_BEFORE.search(words_only[: old.start]))


def _merge_restated(nums: list[Number], masked: str) -> list[Number]:
    """ "90% (148/164)" or "148/164 (90.2%)" is one score: keep the count, drop the percent."""
    drop: set[int] = set()
    for i in range(len(nums) - 1):
        x, y = nums[i], nums[i + 1]
        if x.kind != "score" or y.kind != "score" or {x.unit, y.unit} != {"percent", "count"}:
            continue
        # "90% on ### (148/164)", "92.4% accuracy (1,219/1,319)"
        gap = re.sub(
            r"\b(?:on|accuracy|pass\s+rate|score|correct|solved|resolved)\b|[\s#(,]",
            "",
            masked[x.end : y.start],
            flags=re.I,
        )
        if not gap and abs(x.value - y.value) < 0.006:
            drop.add(i if x.unit == "percent" else i + 1)
    return [x for i, x in enumerate(nums) if i not in drop]


def _and(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: a list's last item joined on: "{items} and {last}" ("a, b and c").
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _label(name: Name | None, fallback: str) -> str:
    return name.text if name is not None else fallback


def _share_holds(kind: str, subj: Entry, obj: Entry, share: float, half: float) -> tuple[bool, str]:
    """Whether two scores give the stated share, to their rounding, and what they give."""
    hs, ho = (e.number.half if e.number is not None else 0.0 for e in (subj, obj))
    corners = [
        (s, o) for s in (subj.score - hs, subj.score + hs) for o in (obj.score - ho, obj.score + ho)
    ]
    if kind == "fewer_errors":
        values = [(1 - s - (1 - o)) / (1 - o) if o < 1 else 0.0 for s, o in corners]
        values = [-v for v in values]  # fewer errors: the object's errors minus the subject's
        got = ((1 - obj.score) - (1 - subj.score)) / (1 - obj.score) if obj.score < 1 else 0.0
        said = f"{words.percent(abs(got))} fewer errors"
    else:
        values = [(s - o) / o if o > 0 else math.inf for s, o in corners]
        got = (subj.score - obj.score) / obj.score if obj.score > 0 else math.inf
        said = f"a relative gap of {words.percent(abs(got))}" if math.isfinite(got) else "no share"
    low, high = min(abs(v) for v in values), max(abs(v) for v in values)
    if all(v <= 0 for v in values) or all(v >= 0 for v in values):
        pass
    else:
        low = 0.0
    ok = low - half - 1e-9 <= abs(share) <= high + half + 1e-9
    return ok, said


def build(
    ctx: Context, chosen: tuple[Number | None, ...], weight: float, picks: tuple[str, ...]
) -> Reading:
    """One assignment built and checked."""
    b = Builder(ctx, chosen, weight, picks)
    b.size()
    b.counts()
    b.entries()
    b.unread_counts()
    b.bounds()
    b.hedges()
    b.errors()
    b.relations()
    b.choose()
    b.r.nums = b.nums
    _penalties(b)
    return b.r


def _penalties(b: Builder) -> None:
    """Less likely shapes lose weight: a pair mixing a count with a percent, one model with two
    scores on one benchmark ("Vega 5": the 5 is its name, not a second score)."""
    r = b.r
    if r.pair is not None:
        units = {r.entries[i].number.unit for i in r.pair if r.entries[i].number is not None}
        if "count" in units and len(units) > 1:
            r.weight -= 2.0
    if r.pair is not None:  # a reading that makes a comparison beats one that makes none
        r.weight += 1.5
    for t, x in zip(b.ctx.tokens, r.chosen, strict=True):
        # a number left unused is unlikely, unless a name takes it ("Mistral Large 2")
        if x is None and t.options and not any(n.start <= t.start < n.end for n in b.names):
            r.weight -= 1.0
    owned = Counter(
        (e.owner.text, e.bench, e.metric)
        for e in r.entries
        if e.owner is not None and e.number is not None and e.number.kind != "tie"
    )
    r.weight -= 2.0 * sum(k - 1 for k in owned.values())
