"""A grading of :mod:`benchstats.grading` in words: the card, the headline, the report, the
working, as Check a claim and the Gap grader show them. Each sentence is one whole message a
case (:mod:`benchstats.language`), its numbers written by :mod:`benchstats.words`."""

from __future__ import annotations

import math
from dataclasses import replace

from benchstats import words
from benchstats.gaps import clearing_lead
from benchstats.language import N_, _, ngettext, pgettext
from benchstats.luck import nearest_count
from benchstats.power import detectable_lead, questions_needed, questions_needed_paired, z_sum
from benchstats.prose import KeyNumber, in_points, listed, span
from benchstats.prose.gaps import (
    arithmetic_paired,
    arithmetic_reported_se,
    arithmetic_unpaired,
    report_paired,
    report_reported_se,
    report_unpaired,
)
from benchstats.prose.verdict_table import (
    article_rows,
    paired_row,
    reported_se_row,
    unpaired_row,
    verdict_records,
)

#: What the SE in a verdict-table row is, by the row's kind (translated where shown).
SE_KIND = {
    # TRANSLATORS: which SE a verdict-table row's z divides by.
    "unpaired": N_("unpaired"),
    "reported SE": N_("from the reported SEs"),
    "paired": N_("paired, if equally good"),
}
#: The card's labels other parts look up (the box): translated where shown, ``_(LUCK)``.
LUCK = N_("Same or bigger gap by luck")
RANGE = N_("95% range for the true lead")
NEEDED = N_("Questions to detect this lead")


def assumption(graded) -> str:
    """The assumption a grade rests on, as a sentence ("" when none).

    >>> from benchstats.grading import grade_unpaired
    >>> from dataclasses import replace
    >>> assumption(replace(grade_unpaired(0.915, 0.89, 100), assumed="the claim gives no count"))
    'Assuming 100 questions: the claim gives no count.'
    """
    if not graded.assumed:
        return ""
    # TRANSLATORS: {questions} is "100 questions"; {assumed} why, as "the claim gives no count".
    return _("Assuming {questions}: {assumed}.").format(
        questions=words.plural(graded.n, "question"), assumed=graded.assumed
    )


def questions(graded) -> str:
    """What was measured: "these 448 questions", "these 448 and 1,000", "these error bars"."""
    # TRANSLATORS: what was measured, the subject of "… cannot tell A and B apart".
    if graded.mode == "se":
        return _("these error bars")
    if graded.n_b != graded.n:
        return _("these {n} and {n_b} questions").format(
            n=words.count(graded.n), n_b=words.count(graded.n_b)
        )
    if graded.n == 1:
        return _("this one question")
    return _("these {count} questions").format(count=words.count(graded.n))


def headline(graded) -> str:
    """The verdict first, in one sentence, from ``graded.clears`` (the one rule), then any
    assumption the grade rests on."""
    return " ".join(x for x in (_verdict(graded), assumption(graded)) if x)


def _verdict(graded) -> str:
    gap, names = graded.gap, graded.names
    if gap.lead == 0:
        return _("No lead: the two scores are equal, so there is nothing for luck to explain.")
    parts = {"level": words.level(gap.confidence_level), "range": span(gap)}
    if graded.clears and gap.lead > 0:
        # TRANSLATORS: the verdict; {level} is "95%", {range} "+1.2 to +9.0".
        return _(
            "Clears the noise: {leader}'s lead is unlikely to be luck; the {level} range for the "
            "true lead, {range} points, stays above zero."
        ).format(leader=names.first, **parts)
    if graded.clears:
        return _(
            "Clears the noise: {leader}'s lead is unlikely to be luck; the {level} range for the "
            "true lead, {range} points, stays below zero."
        ).format(leader=names.second, **parts)
    # TRANSLATORS: the verdict; {questions} is what was measured, "these 448 questions".
    return _(
        "Inside the noise: the {level} range for the true lead, {range} points, includes zero, "
        "so {questions} cannot tell {first} and {second} apart."
    ).format(questions=questions(graded), first=names.first, second=names.second, **parts)


def se_number(graded) -> tuple[str, str, str]:
    """The card's SE, named for what it is: (label, value, help)."""
    gap = graded.gap
    if graded.mode == "paired":
        return (
            _("SE if equally good"),
            in_points(gap.se_null, 2),
            _(
                "Paired: √(a_only + b_only)/n, the SE of the lead if the models were equally "
                "good; McNemar's z divides by it."
            ),
        )
    if gap.se == 0:
        return (
            _("SE if equally good"),
            in_points(gap.se_null or 0.0, 2),
            _(
                "Both scores sit at 0% or 100%, where the unpaired SE √(p(1 − p)/n) is 0. The "
                "test uses the pooled SE if the models were equally good; the range is "
                "Newcombe's, built from each score's Wilson interval."
            ),
        )
    if graded.mode == "se":
        return (
            _("SE of the gap"),
            in_points(gap.se, 2),
            _("From the reported SEs: √(se_a² + se_b²)."),
        )
    return (
        _("SE of the gap"),
        in_points(gap.se, 2),
        _("Unpaired: √(a(1 − a)/n + b(1 − b)/n_b), how far the lead typically moves by chance."),
    )


def luck_number(graded) -> tuple[str, str, str]:
    """The card's one chance: how often luck alone gives a gap this big or bigger, either way.

    With a count for both models it is exact, in whole questions (the exact test's two-sided
    p-value); otherwise it is the normal approximation's p, from the SE behind the range. At
    two significant figures, and the other reading named in its help, so the card never shows
    two near-equal chances side by side.
    """
    gap, luck = graded.gap, graded.luck
    # TRANSLATORS: the normal approximation's p and z, "p = 0.024 (z = 2.27)".
    normal = _("p = {p} (z = {z})").format(p=words.p_value(gap.p_value), z=words.z(gap.z))
    if luck is None:
        if graded.mode == "se":
            # TRANSLATORS: {normal} is "p = 0.024 (z = 2.27)".
            said = _(
                "If the two models were equally good, how often luck alone would put them this "
                "far apart or further, either way: the normal approximation from the reported "
                "SEs, {normal}."
            )
        else:
            said = _(
                "If the two models were equally good, how often luck alone would put them this "
                "far apart or further, either way: the normal approximation from the SE of the "
                "gap, {normal}."
            )
        return _(LUCK), words.rough_chance(_never_nil(gap.p_value)), said.format(normal=normal)
    ka, kb = nearest_count(graded.a, luck.n), nearest_count(graded.b, luck.n)
    # TRANSLATORS: {p} is the shared score of two equal models ("80.0%"), {apart} a number of
    # questions ("5 questions"), {questions} the benchmark's ("100 questions"), {chance} the
    # exact p-value ("12.34%"), {k_a} and {k_b} each score's right answers of {n}, {normal}
    # "p = 0.024 (z = 2.27)".
    return (
        _(LUCK),
        words.rough_chance(_never_nil(luck.either_way)),
        _(
            "If the two models were equally good, both at {p}, how often luck alone would put "
            "them {apart} or more apart on {questions}, either way: the exact two-sided p-value "
            "({chance}). It counts whole questions, each score as its nearest whole number of "
            "right answers ({k_a} and {k_b} of {n}); the normal approximation behind the 95% "
            "range gives {normal}."
        ).format(
            p=words.percent(luck.p),
            apart=words.plural(abs(luck.lead_questions), "question"),
            questions=words.plural(luck.n, "question"),
            chance=words.chance(luck.either_way),
            k_a=words.count(ka),
            k_b=words.count(kb),
            n=words.count(luck.n),
            normal=normal,
        ),  # fmt: skip
    )


def _never_nil(chance: float) -> float:
    """A chance of luck, which is never 0 (any gap can happen by luck): a far tail that
    underflowed to 0.0 is read as the smallest float, so it says "less than 0.1%", not "0%"."""
    return chance if chance != 0.0 else math.ulp(0.0)


def key_numbers(graded) -> tuple[KeyNumber, ...]:
    """The card's numbers: lead, range, SE, and the chance of such a gap by luck (one chance,
    :func:`luck_number`), or McNemar's mid-p and counts.

    From reported SEs every number comes from the SEs: no luck of equal models
    on a count nobody gave.
    """
    gap, names = graded.gap, graded.names
    lead = (
        # TRANSLATORS: the card's label of the lead, "Lead, GPT − Claude".
        _("Lead, {first} − {second}").format(first=names.first, second=names.second)
        if names.given
        else _("Lead, A − B"),
        _("{points} points").format(points=words.points(gap.lead)),
        _("{first}'s score minus {second}'s, in percentage points.").format(
            first=names.first, second=names.second
        ),
    )
    interval = (
        _(RANGE),
        span(gap),
        _(
            "Leads the data are compatible with, at 95% confidence. A lead counts when this "
            "range leaves zero out."
        ),
    )
    if graded.mode == "paired":
        c = graded.counts
        rows = [
            lead,
            interval,
            (
                _("McNemar mid-p"),
                words.p_value(graded.tests["mid-p"].p_value),
                _("Chance of a split at least this lopsided if the models were equally good."),
            ),
            (
                _("Questions that disagree"),
                # TRANSLATORS: right answers or questions of all questions, "34 of 40".
                _("{k} of {n}").format(k=words.count(c.discordant), n=words.count(c.n)),
                None,
            ),
            se_number(graded),
        ]
    else:
        rows = [lead, interval, se_number(graded), luck_number(graded)]
    return tuple(KeyNumber(*row) for row in rows)


def plan_numbers(graded) -> tuple[KeyNumber, ...]:
    """Planning: the lead that would clear zero, the smallest detectable, the questions needed."""
    gap = graded.gap
    out = []
    if graded.mode == "paired":
        c = graded.counts
        if c.discordant:
            out.append(
                (
                    _("Smallest lead it can detect"),
                    in_points(detectable_lead(c.null_se)),
                    _(
                        "With 80% power at 5% significance, at this share of disagreements: "
                        "2.80 × √(a_only + b_only)/n."
                    ),
                )
            )
        if c.lead != 0:
            need = questions_needed_paired(c.lead, c.discordance)
            out.append((_(NEEDED), words.count(need), _(_NEED_PAIRED)))
        return tuple(KeyNumber(*row) for row in out)
    if gap.se > 0:
        out.append(
            (
                _("Lead needed to clear zero"),
                in_points(clearing_lead(gap)),
                _("Half the width of the 95% range: 1.96 × the SE of the gap."),
            )
        )
    if not gap.se > 0:
        small = _("not defined at 0% or 100%")
    elif detectable_lead(gap.se) > 1:
        small = _("more than 100 points")
    else:
        small = in_points(detectable_lead(gap.se))
    out.append(
        (
            _("Smallest lead it can detect"),
            small,
            _("With 80% power at 5% significance: 2.80 × the SE of the gap."),
        )
    )
    if graded.a != graded.b and graded.mode != "se":  # from reported SEs: no count to plan on
        need = _needed(graded) or _("too many to count")
        out.append((_(NEEDED), need, _(_NEED_UNPAIRED)))
    return tuple(KeyNumber(*row) for row in out)


def _needed(graded) -> str | None:
    """Questions to detect the unpaired lead, None past what can be counted (a 1e-300 lead)."""
    try:
        return words.count(questions_needed(graded.a, graded.b))
    except ValueError:
        return None


_NEED_UNPAIRED = N_("Per model, with 80% power at 5% significance.")
_NEED_PAIRED = N_(
    "With 80% power at 5% significance, if the models disagree on the same share of questions."
)


def report(graded) -> str:
    """ "Report it like this": the lead, its interval and its test in one line."""
    gap, names = graded.gap, (graded.names.first, graded.names.second)
    typed = graded.decimals  # "55.0%" as the reader wrote it
    if graded.mode == "paired":
        line = report_paired(gap, graded.tests["mid-p"], n=graded.n, names=names)
    elif graded.mode == "se":
        line = report_reported_se(
            gap, a=graded.a, se_a=graded.se_a, b=graded.b, se_b=graded.se_b, names=names,
            decimals=typed,
        )  # fmt: skip
    else:
        line = report_unpaired(
            gap, a=graded.a, b=graded.b, n=graded.n, n_b=graded.n_b, names=names, decimals=typed
        )
    if not graded.names.given:
        return line
    # TRANSLATORS: a report line with the models' names before it; {report} is the line.
    return _("{first} vs {second}: {report}").format(first=names[0], second=names[1], report=line)


def luck_line(graded) -> str | None:
    """The exact luck of two equal models, in words (None when the luck needs more input)."""
    luck = graded.luck
    if luck is None:
        return None
    p, n = words.percent(luck.p), words.plural(luck.n, "question")
    if luck.lead_questions == 0:
        # TRANSLATORS: {p} is the two models' shared score, {questions} "100 questions",
        # {chance} "12.34%".
        return _(
            "Luck alone: two equally good models at {p} tie exactly on {questions} only {chance} "
            "of the time."
        ).format(p=p, questions=n, chance=words.chance(luck.tie))
    # TRANSLATORS: {lead} is a number of points ("4.0"), {apart} of questions ("4 questions"),
    # {either_way} and {one_way} chances ("12.34%").
    return _(
        "Luck alone: two equally good models at {p} land {lead} or more points apart ({apart}) "
        "on {questions} {either_way} of the time, and one particular model leads by that much "
        "{one_way} of the time (exact)."
    ).format(
        p=p, lead=words.points(abs(luck.lead), signed=False), questions=n,
        apart=words.plural(abs(luck.lead_questions), "question"),
        either_way=words.chance(luck.either_way), one_way=words.chance(luck.one_way),
    )  # fmt: skip


def _newcombe_lines(graded) -> list[str]:
    gap = graded.gap
    return [
        _("Lead = a − b = {lead} points.").format(lead=words.points(gap.lead)),
        _(
            "Both scores sit at 0% or 100%, where the unpaired SE √(a(1 − a)/n + b(1 − b)/n_b) "
            "is 0 and would claim a certainty the questions cannot give."
        ),
        _("95% range: Newcombe's, from each score's Wilson interval: {range} points.").format(
            range=span(gap)
        ),
        # TRANSLATORS: {se} is "2.67 points", {p} "p = 0.024".
        _("SE if the models were equally good (pooled) = {se}; z = {z}; two-sided {p}.").format(
            se=in_points(gap.se_null or 0.0, 2), z=words.z(gap.z), p=words.p_is(gap.p_value)
        ),
    ]


def arithmetic(graded) -> tuple[str, ...]:
    """The working behind every number on the card, one Markdown line each."""
    gap = graded.gap
    if graded.mode == "paired":
        return tuple(arithmetic_paired(graded.wald, graded.counts))
    if graded.mode == "se":
        lines = arithmetic_reported_se(gap, se_a=graded.se_a, se_b=graded.se_b)
    elif gap.se == 0:
        lines = _newcombe_lines(graded)
    else:
        lines = arithmetic_unpaired(gap, a=graded.a, b=graded.b, n=graded.n, n_b=graded.n_b)
    if (luck := luck_line(graded)) is not None:
        whole = _(
            "The lead counts whole questions: each score as its nearest whole number of right "
            "answers; the distribution of the gap is computed exactly, not simulated."
        )
        lines.append(f"{luck} {whole}")
    zs = z_sum()
    if gap.se > 0:
        # TRANSLATORS: the formula stays; {z} is 2.80, {se} the SE in points, {lead} "7.1 points".
        lines.append(
            _("Smallest detectable lead = (z₀.₉₇₅ + z₀.₈) × SE = {z} × {se} = {lead}.").format(
                z=words.signed(zs, decimals=2),
                se=words.points(gap.se, signed=False, decimals=2),
                lead=in_points(detectable_lead(gap.se)),
            )
        )
    if graded.a != graded.b and graded.mode != "se":
        zs4 = words.signed(zs, decimals=4)
        if n := _needed(graded):
            # TRANSLATORS: the formula stays; {z} is 2.8016, {need} a number of questions.
            line = _(
                "Questions needed = (z₀.₉₇₅ + z₀.₈)² × (a(1 − a) + b(1 − b)) / lead², with "
                "z₀.₉₇₅ + z₀.₈ = {z}, rounded up: **{need}**."
            ).format(z=zs4, need=n)
        else:
            line = _(
                "Questions needed = (z₀.₉₇₅ + z₀.₈)² × (a(1 − a) + b(1 − b)) / lead², with "
                "z₀.₉₇₅ + z₀.₈ = {z}, rounded up: more than can be counted."
            ).format(z=zs4)
        lines.append(line)
    return tuple(lines)


def scores_words(graded) -> tuple[str, str]:
    """The two scores as the reader wrote them ("55.0" stays 55.0%), "?" for one not given.

    >>> from benchstats.grading import grade_unpaired
    >>> from dataclasses import replace
    >>> scores_words(replace(grade_unpaired(0.55, 0.5, 100), decimals=(1, 0)))
    ('55.0%', '50%')
    """
    return tuple(
        "?" if x is None else words.score(x, decimals=d)
        for x, d in zip((graded.a, graded.b), graded.decimals, strict=True)
    )


def claim_words(graded, bench_name: str | None = None) -> str:
    """The claim itself: "GPT 87.3% vs Claude 85.1% on GPQA Diamond (198 questions)"."""
    names = graded.names
    a, b = scores_words(graded)
    left = f"{names.a} {a}" if names.a else a
    right = f"{names.b} {b}" if names.b else b
    sides = {"left": left, "right": right}
    if graded.mode == "se":
        se = {
            "se_a": words.points(graded.se_a, signed=False, decimals=2),
            "se_b": words.points(graded.se_b, signed=False, decimals=2),
        }
        if bench_name:
            # TRANSLATORS: a claim from scores with error bars: "GPT 87.3% vs Claude 85.1% (± 1.24
            # and ± 1.07 points) on GPQA"; {left} and {right} are each side, {bench} the benchmark.
            return _("{left} vs {right} (± {se_a} and ± {se_b} points) on {bench}").format(
                bench=bench_name, **sides, **se
            )
        return _("{left} vs {right} (± {se_a} and ± {se_b} points)").format(**sides, **se)
    if graded.mode == "paired":
        c = graded.counts
        # TRANSLATORS: a claim from paired counts: "82% vs 78%, 20 only-A right vs 8 only-B right
        # of 198 questions".
        return _(
            "{left} vs {right}, {a_only} only-A right vs {b_only} only-B right of {questions}"
        ).format(
            a_only=words.count(c.a_only), b_only=words.count(c.b_only),
            questions=words.plural(c.n, "question"), **sides,
        )  # fmt: skip
    if bench_name:
        # TRANSLATORS: the claim: "GPT 87.3% vs Claude 85.1% on GPQA Diamond (198 questions)".
        return _("{left} vs {right} on {bench} ({questions})").format(
            bench=bench_name, questions=words.plural(graded.n, "question"), **sides
        )
    if graded.n_b != graded.n:
        return _("{left} vs {right} on {n} and {n_b} questions").format(
            n=words.count(graded.n), n_b=words.count(graded.n_b), **sides
        )
    questions = words.plural(graded.n, "question")
    if graded.assumed:
        # TRANSLATORS: {assumed} says why the count is assumed, "the claim gives no count".
        return _("{left} vs {right} on {questions} (assumed: {assumed})").format(
            questions=questions, assumed=graded.assumed, **sides
        )
    return _("{left} vs {right} on {questions}").format(questions=questions, **sides)


#: Predict first's answers on Check a claim and the Gap grader (yes first), translated where shown.
LUCK_ANSWERS = (N_("Yes, more than luck"), N_("No, it could be luck"))
AGREE_ANSWERS = (N_("Yes, they agree"), N_("No, they disagree"))


def question_claim(graded, bench_name: str | None = None) -> str:
    """The claim as a predict question repeats it; paired counts alone are said in words."""
    if graded.mode == "paired" and graded.a is None:
        c, names = graded.counts, graded.names
        # TRANSLATORS: paired counts in words: "20 questions only GPT got right and 8 only
        # Claude got right, of 198".
        return _(
            "{a_only} only {first} got right and {b_only} only {second} got right, of {n}"
        ).format(
            a_only=words.plural(c.a_only, "question"), first=names.first,
            b_only=words.count(c.b_only), second=names.second, n=words.count(c.n),
        )  # fmt: skip
    return claim_words(graded, bench_name)


def luck_question(graded, bench_name: str | None = None) -> str:
    """Predict first on Check a claim (and the grader, but for paired counts with A's score)."""
    # TRANSLATORS: Predict first's question; {claim} is the claim, "82% vs 78% on 100 questions".
    return _("{claim}: is this lead more than luck?").format(
        claim=question_claim(graded, bench_name)
    )


def agree_question(graded, bench_name: str | None = None) -> str:
    """Predict first on the Gap grader with paired counts and A's score."""
    return _("{claim}: will the paired test agree with the unpaired one?").format(
        claim=question_claim(graded, bench_name)
    )


def copy_sentence(graded, bench_name: str | None = None) -> str:
    """Check a claim's sentence to copy: the claim, the evidence, the verdict."""
    gap = graded.gap
    claim = claim_words(graded, bench_name)
    if gap.lead == 0:
        # TRANSLATORS: the sentence to copy; {claim} is the claim, "82% vs 78% on 100 questions".
        return _("{claim}: the two scores are equal, so there is no lead to explain.").format(
            claim=claim
        )
    parts = {"claim": claim, "level": words.level(gap.confidence_level), "range": span(gap)}
    if graded.clears:
        # TRANSLATORS: {level} is "95%", {range} "+1.2 to +9.0".
        return _(
            "{claim}: the {level} range for the true lead is {range} points, so the lead is "
            "unlikely to be luck."
        ).format(**parts)
    return _(
        "{claim}: the {level} range for the true lead is {range} points, so this result cannot "
        "tell the models apart."
    ).format(**parts)


def whole_count_note(a: float, b: float, n: int) -> str | None:
    """A note when a score is not a whole number of right answers out of n (by half a point).

    >>> whole_count_note(0.82, 0.78, 30)[:62]
    'On 30 questions a score moves in steps of 3.3 points, so it is'
    >>> whole_count_note(0.82, 0.78, 100) is None
    True
    """
    odd = []
    for name, score in (("A", a), ("B", b)):
        k = nearest_count(score, n)
        if abs(k / n - score) > 0.005:
            odd.append({"name": name, "score": words.score(score), "k": words.count(k)})
    if not odd:
        return None
    parts = {
        "questions": words.plural(n, "question"),
        "step": in_points(1 / n),
        "n": words.count(n),
    }
    if len(odd) == 1:
        # TRANSLATORS: {questions} is "30 questions", {step} "3.3 points", {score} a score
        # ("82%") of model {name} (A or B), {k} its nearest right answers of {n}.
        return _(
            "On {questions} a score moves in steps of {step}, so it is a whole number of right "
            "answers: {score} ({name}) is not; the nearest is {k} of {n}. The range and the SE "
            "take the scores as typed; the luck chance counts whole questions."
        ).format(**odd[0], **parts)
    (first, second) = odd
    # TRANSLATORS: as above, for both scores: {score_a} and {k_a} A's, {score_b} and {k_b} B's.
    return _(
        "On {questions} a score moves in steps of {step}, so it is a whole number of right "
        "answers: {score_a} (A) is not; the nearest is {k_a} of {n}; {score_b} (B) is not; the "
        "nearest is {k_b} of {n}. The range and the SE take the scores as typed; the luck chance "
        "counts whole questions."
    ).format(
        score_a=first["score"], k_a=first["k"], score_b=second["score"], k_b=second["k"], **parts
    )


def scores_need(graded) -> str:
    """What one score's interval needs that this grading does not have."""
    if graded.mode == "se":
        return _(
            "Intervals for one score need its count of questions. Switch to **Two scores** "
            "or **Paired counts** to see them."
        )
    return _(
        "This needs A's score: give it in **Score A** (B's follows from it and the two "
        "counts). Nothing here is worked out from a score the link did not give."
    )


def verdict_row(graded):
    """The reader's comparison as a row of the articles' verdict table."""
    if graded.mode == "paired":
        row = paired_row(graded.counts.a_only, graded.counts.b_only, graded.n)
    elif graded.mode == "se":
        row = reported_se_row(graded.a, graded.se_a, graded.b, graded.se_b)
    else:
        row = unpaired_row(graded.a, graded.b, graded.n, n_b=graded.n_b)
    # TRANSLATORS: the verdict table's last row, the reader's own: {case} is "20 vs 8 of 198 …".
    return replace(row, case=_("Your numbers: {case}").format(case=row.case), source="you")


def verdict_table(graded) -> list[dict]:
    """The articles' verdict table with the reader's row last, each SE named.

    >>> from benchstats.grading import grade_paired
    >>> rows = verdict_table(grade_paired(20, 8, 198))
    >>> rows[-1]["case"], rows[-1]["SE (points)"], rows[-1]["z"], rows[-1]["SE is"]
    ('Your numbers: 20 vs 8 of 198 questions, paired', 2.6725, 2.2678, 'paired, if equally good')
    """
    records = verdict_records([*article_rows(), verdict_row(graded)])
    for record in records:
        record["SE is"] = _(SE_KIND[record["kind"]])
    return records


def verdict_table_words(records: list[dict]) -> list[dict[str, str]]:
    """The verdict table's records (:func:`verdict_table`) as the page shows them, in words.

    >>> from benchstats.grading import grade_unpaired
    >>> row = verdict_table_words(verdict_table(grade_unpaired(0.82, 0.78, 1000)))[-1]
    >>> row["lead"], row["low"], row["high"], row["SE"], row["z"], row["p"]
    ('+4.0', '+0.5', '+7.5', '1.79', '2.24', '0.025')
    """

    def pts(x: float, **kw) -> str:
        return words.points(x / 100, **kw)

    return [
        {
            "case": r["case"],
            "verdict": r["verdict"],
            "lead": pts(r["lead (points)"]),
            "low": pts(r["low (points)"]),
            "high": pts(r["high (points)"]),
            "SE": pts(r["SE (points)"], signed=False, decimals=2),
            "SE is": r["SE is"],
            "z": _("not defined") if r["z"] is None else words.z(r["z"]),
            "p": words.p_value(r["p"]),
            "test": r["test"],
        }
        for r in records
    ]


def same_scores_table(graded) -> list[dict[str, str]]:
    """The paired intervals and the same scores graded unpaired, as table rows in words."""
    # TRANSLATORS: the columns of the table of paired intervals beside the unpaired grading.
    how, lead, rng = _("How"), _("Lead (points)"), _("95% range (points)")
    p, verdict = pgettext("table column", "p"), _("Verdict")
    return [
        {
            how: _(label),  # a grading's lead label (benchstats.grading), in the catalogue
            lead: words.points(g.lead),
            rng: span(g),
            p: words.p_value(g.p_value),
            verdict: _("clears zero") if g.clears else _("inside the noise"),
        }
        for label, g in graded.leads
    ]


#: Check a claim's note where both scores sit at 0% or 100% (translated where shown).
EDGE_NOTE = N_(
    "Both scores sit at 0% or 100%, where the usual error bar has zero width and says nothing. "
    "The range is built from each score's Wilson interval (Newcombe's method) and the test "
    "from the pooled SE of two equally good models."
)


def more_questions_line(graded, n: int, wider, *, fewest: bool = False) -> str:
    """The same scores on ``n`` questions: the range they would have, and what it would say;
    ``fewest``: n is the fewest on which a lead that clears would still clear.

    >>> from benchstats.grading import grade_unpaired
    >>> g = grade_unpaired(0.82, 0.78, 100)
    >>> more_questions_line(g, 1000, grade_unpaired(0.82, 0.78, 1000).gap)
    'The same scores, 82% and 78%, on 1,000 questions would give a range of +0.5 to +7.5 points: that would clear the noise.'
    >>> g = grade_unpaired(0.85, 0.75, 1000)
    >>> more_questions_line(g, 122, grade_unpaired(0.85, 0.75, 122).gap, fewest=True)
    'The same scores, 85% and 75%, would still clear the noise on as few as 122 questions (a range of +0.04 to +19.96 points); on 121 the range would take in zero.'
    >>> g = grade_unpaired(0.0, 0.05, 100)
    >>> "(a range of −10.00 to just below 0 points)" in more_questions_line(
    ...     g, 73, grade_unpaired(0.0, 0.05, 73).gap, fewest=True)
    True
    """
    a, b = scores_words(graded)
    parts = {"a": a, "b": b, "questions": words.plural(n, "question")}
    if fewest:  # two decimals: the range's end sits just off zero

        def end(x: float) -> str:
            if round(abs(x) * 100, 2) == 0:  # closer to zero than two decimals can show
                # TRANSLATORS: a range's end closer to zero than two decimals show.
                return _("just below 0") if x < 0 else _("just above 0")
            return words.points(x, decimals=2)

        parts |= {"low": end(wider.low), "high": end(wider.high)}
        if n > 1:
            # TRANSLATORS: {a} and {b} are the scores, {questions} "122 questions", {low} and
            # {high} the range's ends in points, {fewer} one question fewer ("121").
            return _(
                "The same scores, {a} and {b}, would still clear the noise on as few as "
                "{questions} (a range of {low} to {high} points); on {fewer} the range would take "
                "in zero."
            ).format(fewer=words.count(n - 1), **parts)
        return _(
            "The same scores, {a} and {b}, would still clear the noise on as few as {questions} "
            "(a range of {low} to {high} points)."
        ).format(**parts)
    if wider.clears:
        # TRANSLATORS: {a} and {b} are the scores, {questions} "1,000 questions", {range}
        # "+0.5 to +7.5".
        line = _(
            "The same scores, {a} and {b}, on {questions} would give a range of {range} points: "
            "that would clear the noise."
        )
    else:
        line = _(
            "The same scores, {a} and {b}, on {questions} would give a range of {range} points: "
            "still inside the noise."
        )
    return line.format(range=span(wider), **parts)


def rival_verdict(graded) -> str:
    """One pair's verdict in a table cell: who leads, and whether it is more than luck.

    >>> from benchstats.grading import Names, grade_unpaired
    >>> rival_verdict(grade_unpaired(0.71, 0.649, 1000, names=Names("Orca-7", "Wren")))
    'Clears the noise: Orca-7 leads.'
    """
    gap, names = graded.gap, graded.names
    if gap.lead == 0:
        return _("No lead: the two scores are equal.")
    if graded.clears:
        leader = names.first if gap.lead > 0 else names.second
        return _("Clears the noise: {leader} leads.").format(leader=leader)
    return _("Inside the noise: these questions cannot tell them apart.")


def rivals_table(pairs, decimals: dict[str, int] | None = None) -> list[dict[str, str]]:
    """Model A against each rival (:func:`benchstats.rivals.grade_rivals`), the closest first,
    as table rows in words; ``decimals``: each rival's score as the claim wrote it."""
    decimals = decimals or {}
    # TRANSLATORS: the columns of the table of model A against each rival.
    rival, score, lead = _("Rival"), _("Rival's score"), _("Lead (points)")
    rng, verdict = _("95% range (points)"), _("Verdict")
    return [
        {
            rival: p.name,
            score: words.score(p.score, decimals=decimals.get(p.name, 0)),
            lead: words.points(p.grading.gap.lead),
            rng: span(p.grading.gap),
            verdict: rival_verdict(p.grading),
        }
        for p in pairs
    ]


def rivals_line(name_a: str, pairs) -> str:
    """What the pairs say together, each side named: ahead of some, behind others, inside the
    noise against the rest.

    >>> from benchstats.rivals import grade_rivals
    >>> pairs = grade_rivals(("Orca-7", 0.71, None), [("Wren", 0.649, None), ("Lark", 0.682, None),
    ...     ("Finch", 0.79, None)], n=1000)
    >>> rivals_line("Orca-7", pairs)
    'Against 3 rivals, Orca-7 is ahead of Wren by more than luck, behind Finch by more than luck, and inside the noise against Lark.'
    """
    ahead = [p.name for p in pairs if p.grading.clears and p.grading.gap.lead > 0]
    behind = [p.name for p in pairs if p.grading.clears and p.grading.gap.lead < 0]
    inside = [p.name for p in pairs if not p.grading.clears or p.grading.gap.lead == 0]
    # TRANSLATORS: a number of rival models, "3 rivals".
    rivals = words.counted(len(pairs), ngettext("{count} rival", "{count} rivals", len(pairs)))
    parts = {"rivals": rivals, "name": name_a, "ahead": listed(ahead)}
    parts |= {"behind": listed(behind), "inside": listed(inside)}
    # TRANSLATORS: model {name} against its {rivals} ("3 rivals"); {ahead}, {behind} and {inside}
    # are lists of models' names ("Wren and Lark"). One message for each mix of sides.
    said = {
        (True, False, False): _("Against {rivals}, {name} is ahead of {ahead} by more than luck."),
        (False, True, False): _("Against {rivals}, {name} is behind {behind} by more than luck."),
        (False, False, True): _("Against {rivals}, {name} is inside the noise against {inside}."),
        (True, True, False): _(
            "Against {rivals}, {name} is ahead of {ahead} by more than luck, and behind {behind} "
            "by more than luck."
        ),
        (True, False, True): _(
            "Against {rivals}, {name} is ahead of {ahead} by more than luck, and inside the noise "
            "against {inside}."
        ),
        (False, True, True): _(
            "Against {rivals}, {name} is behind {behind} by more than luck, and inside the noise "
            "against {inside}."
        ),
        (True, True, True): _(
            "Against {rivals}, {name} is ahead of {ahead} by more than luck, behind {behind} by "
            "more than luck, and inside the noise against {inside}."
        ),
    }
    return said[bool(ahead), bool(behind), bool(inside)].format(**parts)
