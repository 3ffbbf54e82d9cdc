"""A grading of :mod:`benchstats.grading` in words: the card, the headline, the report, the
working, as Check a claim and the Gap grader show them."""

from __future__ import annotations

import math
from dataclasses import replace

from benchstats import words
from benchstats.gaps import clearing_lead
from benchstats.luck import nearest_count
from benchstats.power import detectable_lead, questions_needed, questions_needed_paired, z_sum
from benchstats.prose import KeyNumber, in_points, span
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

#: What the SE in a verdict-table row is, by the row's kind.
SE_KIND = {
    "unpaired": "unpaired",
    "reported SE": "from the reported SEs",
    "paired": "paired, if equally good",
}
LUCK = "Same or bigger gap by luck"


def assumption(graded) -> str:
    """The assumption a grade rests on, as a sentence ("" when none).

    >>> from benchstats.grading import grade_unpaired
    >>> from dataclasses import replace
    >>> assumption(replace(grade_unpaired(0.915, 0.89, 100), assumed="the claim gives no count"))
    'Assuming 100 questions: the claim gives no count.'
    """
    if not graded.assumed:
        return ""
    return f"Assuming {words.plural(graded.n, 'question')}: {graded.assumed}."


def questions(graded) -> str:
    """What was measured: "these 448 questions", "these 448 and 1,000", "these error bars"."""
    if graded.mode == "se":
        return "these error bars"
    if graded.n_b != graded.n:
        return f"these {words.count(graded.n)} and {words.count(graded.n_b)} questions"
    return "this one question" if graded.n == 1 else f"these {words.count(graded.n)} questions"


def headline(graded) -> str:
    """The verdict first, in one sentence, from ``graded.clears`` (the one rule), then any
    assumption the grade rests on."""
    return " ".join(x for x in (_verdict(graded), assumption(graded)) if x)


def _verdict(graded) -> str:
    gap, names = graded.gap, graded.names
    if gap.lead == 0:
        return "No lead: the two scores are equal, so there is nothing for luck to explain."
    interval = (
        f"the {words.level(gap.confidence_level)} range for the true lead, {span(gap)} points"
    )
    if graded.clears:
        leader, side = (names.first, "above") if gap.lead > 0 else (names.second, "below")
        return f"Clears the noise: {leader}'s lead is unlikely to be luck; {interval}, stays {side} zero."
    return (
        f"Inside the noise: {interval}, includes zero, so {questions(graded)} cannot tell "
        f"{names.first} and {names.second} apart."
    )


def se_number(graded) -> tuple[str, str, str]:
    """The card's SE, named for what it is: (label, value, help)."""
    gap = graded.gap
    if graded.mode == "paired":
        return (
            "SE if equally good",
            in_points(gap.se_null, 2),
            "Paired: √(a_only + b_only)/n, the SE of the lead if the models were equally "
            "good; McNemar's z divides by it.",
        )
    if gap.se == 0:
        return (
            "SE if equally good",
            in_points(gap.se_null or 0.0, 2),
            "Both scores sit at 0% or 100%, where the unpaired SE √(p(1 − p)/n) is 0. The test "
            "uses the pooled SE if the models were equally good; the range is Newcombe's, "
            "built from each score's Wilson interval.",
        )
    if graded.mode == "se":
        return "SE of the gap", in_points(gap.se, 2), "From the reported SEs: √(se_a² + se_b²)."
    return (
        "SE of the gap",
        in_points(gap.se, 2),
        "Unpaired: √(a(1 − a)/n + b(1 − b)/n_b), how far the lead typically moves by chance.",
    )


def luck_number(graded) -> tuple[str, str, str]:
    """The card's one chance: how often luck alone gives a gap this big or bigger, either way.

    With a count for both models it is exact, in whole questions (the exact test's two-sided
    p-value); otherwise it is the normal approximation's p, from the SE behind the range. At
    two significant figures, and the other reading named in its help, so the card never shows
    two near-equal chances side by side.
    """
    gap, luck = graded.gap, graded.luck
    normal = f"p = {words.p_value(gap.p_value)} (z = {words.z(gap.z)})"
    if luck is None:
        source = "the reported SEs" if graded.mode == "se" else "the SE of the gap"
        return (
            LUCK,
            words.rough_chance(_never_nil(gap.p_value)),
            f"If the two models were equally good, how often luck alone would put them this far "
            f"apart or further, either way: the normal approximation from {source}, {normal}.",
        )
    ka, kb = nearest_count(graded.a, luck.n), nearest_count(graded.b, luck.n)
    return (
        LUCK,
        words.rough_chance(_never_nil(luck.either_way)),
        f"If the two models were equally good, both at {words.percent(luck.p)}, how often luck "
        f"alone would put them {words.plural(abs(luck.lead_questions), 'question')} or more apart "
        f"on {words.plural(luck.n, 'question')}, either way: the exact two-sided p-value "
        f"({words.chance(luck.either_way)}). It counts whole questions, each score as its "
        f"nearest whole number of right answers ({words.count(ka)} and {words.count(kb)} of "
        f"{words.count(luck.n)}); the normal approximation behind the 95% range gives {normal}.",
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
        f"Lead, {names.first} − {names.second}" if names.given else "Lead, A − B",
        f"{words.points(gap.lead)} points",
        f"{names.first}'s score minus {names.second}'s, in percentage points.",
    )
    interval = (
        "95% range for the true lead",
        span(gap),
        "Leads the data are compatible with, at 95% confidence. A lead counts when this "
        "range leaves zero out.",
    )
    if graded.mode == "paired":
        c = graded.counts
        rows = [
            lead,
            interval,
            (
                "McNemar mid-p",
                words.p_value(graded.tests["mid-p"].p_value),
                "Chance of a split at least this lopsided if the models were equally good.",
            ),
            ("Questions that disagree", f"{words.count(c.discordant)} of {words.count(c.n)}", None),
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
                    "Smallest lead it can detect",
                    in_points(detectable_lead(c.null_se)),
                    "With 80% power at 5% significance, at this share of disagreements: "
                    "2.80 × √(a_only + b_only)/n.",
                )
            )
        if c.lead != 0:
            need = questions_needed_paired(c.lead, c.discordance)
            out.append(("Questions to detect this lead", words.count(need), _NEED_PAIRED))
        return tuple(KeyNumber(*row) for row in out)
    if gap.se > 0:
        out.append(
            (
                "Lead needed to clear zero",
                in_points(clearing_lead(gap)),
                "Half the width of the 95% range: 1.96 × the SE of the gap.",
            )
        )
    small = in_points(detectable_lead(gap.se)) if gap.se > 0 else "not defined at 0% or 100%"
    if gap.se > 0 and detectable_lead(gap.se) > 1:
        small = "more than 100 points"
    out.append(
        (
            "Smallest lead it can detect",
            small,
            "With 80% power at 5% significance: 2.80 × the SE of the gap.",
        )
    )
    if graded.a != graded.b and graded.mode != "se":  # from reported SEs: no count to plan on
        need = _needed(graded) or "too many to count"
        out.append(("Questions to detect this lead", need, _NEED_UNPAIRED))
    return tuple(KeyNumber(*row) for row in out)


def _needed(graded) -> str | None:
    """Questions to detect the unpaired lead, None past what can be counted (a 1e-300 lead)."""
    try:
        return words.count(questions_needed(graded.a, graded.b))
    except ValueError:
        return None


_NEED_UNPAIRED = "Per model, with 80% power at 5% significance."
_NEED_PAIRED = (
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
    return f"{names[0]} vs {names[1]}: {line}" if graded.names.given else line


def luck_line(graded) -> str | None:
    """The exact luck of two equal models, in words (None when the luck needs more input)."""
    luck = graded.luck
    if luck is None:
        return None
    p, n = words.percent(luck.p), words.plural(luck.n, "question")
    if luck.lead_questions == 0:
        return (
            f"Luck alone: two equally good models at {p} tie exactly on {n} only "
            f"{words.chance(luck.tie)} of the time."
        )
    return (
        f"Luck alone: two equally good models at {p} land {words.points(abs(luck.lead), signed=False)} "
        f"or more points apart ({words.plural(abs(luck.lead_questions), 'question')}) on {n} "
        f"{words.chance(luck.either_way)} of the time, and one particular model leads by that "
        f"much {words.chance(luck.one_way)} of the time (exact)."
    )


def _newcombe_lines(graded) -> list[str]:
    gap = graded.gap
    return [
        f"Lead = a − b = {words.points(gap.lead)} points.",
        "Both scores sit at 0% or 100%, where the unpaired SE √(a(1 − a)/n + b(1 − b)/n_b) is 0 "
        "and would claim a certainty the questions cannot give.",
        f"95% range: Newcombe's, from each score's Wilson interval: {span(gap)} points.",
        f"SE if the models were equally good (pooled) = {in_points(gap.se_null or 0.0, 2)}; "
        f"z = {words.z(gap.z)}; two-sided {words.p_is(gap.p_value)}.",
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
        lines.append(
            luck + " The lead counts whole questions: each score as its nearest whole number "
            "of right answers; the distribution of the gap is computed exactly, not simulated."
        )
    zs = z_sum()
    if gap.se > 0:
        lines.append(
            f"Smallest detectable lead = (z₀.₉₇₅ + z₀.₈) × SE = {zs:.2f} × "
            f"{words.points(gap.se, signed=False, decimals=2)} = "
            f"{in_points(detectable_lead(gap.se))}."
        )
    if graded.a != graded.b and graded.mode != "se":
        need = f"**{n}**" if (n := _needed(graded)) else "more than can be counted"
        lines.append(
            f"Questions needed = (z₀.₉₇₅ + z₀.₈)² × (a(1 − a) + b(1 − b)) / lead², with "
            f"z₀.₉₇₅ + z₀.₈ = {zs:.4f}, rounded up: {need}."
        )
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
    if graded.mode == "se":
        se = (
            f"(± {words.points(graded.se_a, signed=False, decimals=2)} and "
            f"± {in_points(graded.se_b, 2)})"
        )
        return f"{left} vs {right} {se}" + (f" on {bench_name}" if bench_name else "")
    if graded.mode == "paired":
        c = graded.counts
        pair = f"{words.count(c.a_only)} only-A right vs {words.count(c.b_only)} only-B right"
        return f"{left} vs {right}, {pair} of {words.plural(c.n, 'question')}"
    if bench_name:
        return f"{left} vs {right} on {bench_name} ({words.plural(graded.n, 'question')})"
    if graded.n_b != graded.n:
        return (
            f"{left} vs {right} on {words.count(graded.n)} and {words.count(graded.n_b)} questions"
        )
    assumed = f" (assumed: {graded.assumed})" if graded.assumed else ""
    return f"{left} vs {right} on {words.plural(graded.n, 'question')}{assumed}"


#: Predict first's answers on Check a claim and the Gap grader (yes first).
LUCK_ANSWERS = ("Yes, more than luck", "No, it could be luck")
AGREE_ANSWERS = ("Yes, they agree", "No, they disagree")


def question_claim(graded, bench_name: str | None = None) -> str:
    """The claim as a predict question repeats it; paired counts alone are said in words."""
    if graded.mode == "paired" and graded.a is None:
        c, names = graded.counts, graded.names
        return (
            f"{words.plural(c.a_only, 'question')} only {names.first} got right and "
            f"{words.count(c.b_only)} only {names.second} got right, of {words.count(c.n)}"
        )
    return claim_words(graded, bench_name)


def luck_question(graded, bench_name: str | None = None) -> str:
    """Predict first on Check a claim (and the grader, but for paired counts with A's score)."""
    return f"{question_claim(graded, bench_name)}: is this lead more than luck?"


def agree_question(graded, bench_name: str | None = None) -> str:
    """Predict first on the Gap grader with paired counts and A's score."""
    return (
        f"{question_claim(graded, bench_name)}: will the paired test agree with the unpaired one?"
    )


def copy_sentence(graded, bench_name: str | None = None) -> str:
    """Check a claim's sentence to copy: the claim, the evidence, the verdict."""
    gap = graded.gap
    if gap.lead == 0:
        middle, ending = "the two scores are equal", "so there is no lead to explain"
    else:
        middle = (
            f"the {words.level(gap.confidence_level)} range for the true lead is {span(gap)} points"
        )
        ending = (
            "so the lead is unlikely to be luck"
            if graded.clears
            else "so this result cannot tell the models apart"
        )
    return f"{claim_words(graded, bench_name)}: {middle}, {ending}."


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
            odd.append(
                f"{words.score(score)} ({name}) is not; the nearest is {words.count(k)} of "
                f"{words.count(n)}"
            )
    if not odd:
        return None
    return (
        f"On {words.plural(n, 'question')} a score moves in steps of "
        f"{in_points(1 / n)}, so it is a whole number of right answers: "
        f"{'; '.join(odd)}. The range and the SE take the scores as typed; the luck chance "
        "counts whole questions."
    )


def scores_need(graded) -> str:
    """What one score's interval needs that this grading does not have."""
    if graded.mode == "se":
        return (
            "Intervals for one score need its count of questions. Switch to **Two scores** "
            "or **Paired counts** to see them."
        )
    return (
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
    return replace(row, case="Your numbers: " + row.case, source="you")


def verdict_table(graded) -> list[dict]:
    """The articles' verdict table with the reader's row last, each SE named.

    >>> from benchstats.grading import grade_paired
    >>> rows = verdict_table(grade_paired(20, 8, 198))
    >>> rows[-1]["case"], rows[-1]["SE (points)"], rows[-1]["z"], rows[-1]["SE is"]
    ('Your numbers: 20 vs 8 of 198 questions, paired', 2.6725, 2.2678, 'paired, if equally good')
    """
    records = verdict_records([*article_rows(), verdict_row(graded)])
    for record in records:
        record["SE is"] = SE_KIND[record["kind"]]
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
            "z": "not defined" if r["z"] is None else words.z(r["z"]),
            "p": words.p_value(r["p"]),
            "test": r["test"],
        }
        for r in records
    ]


def same_scores_table(graded) -> list[dict[str, str]]:
    """The paired intervals and the same scores graded unpaired, as table rows in words."""
    return [
        {
            "How": label,
            "Lead (points)": words.points(g.lead),
            "95% range (points)": span(g),
            "p": words.p_value(g.p_value),
            "Verdict": "clears zero" if g.clears else "inside the noise",
        }
        for label, g in graded.leads
    ]


#: Check a claim's note where both scores sit at 0% or 100%.
EDGE_NOTE = (
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
    if fewest:  # two decimals: the range's end sits just off zero

        def end(x: float) -> str:
            if round(abs(x) * 100, 2) == 0:  # closer to zero than two decimals can show
                return "just below 0" if x < 0 else "just above 0"
            return words.points(x, decimals=2)

        ends = f"{end(wider.low)} to {end(wider.high)}"
        fewer = f"; on {words.count(n - 1)} the range would take in zero" if n > 1 else ""
        return (
            f"The same scores, {a} and {b}, would still clear the noise on as few as "
            f"{words.plural(n, 'question')} (a range of {ends} points){fewer}."
        )
    said = "that would clear the noise" if wider.clears else "still inside the noise"
    return (
        f"The same scores, {a} and {b}, on {words.plural(n, 'question')} would give a range of "
        f"{span(wider)} points: {said}."
    )


def rival_verdict(graded) -> str:
    """One pair's verdict in a table cell: who leads, and whether it is more than luck.

    >>> from benchstats.grading import Names, grade_unpaired
    >>> rival_verdict(grade_unpaired(0.71, 0.649, 1000, names=Names("Orca-7", "Wren")))
    'Clears the noise: Orca-7 leads.'
    """
    gap, names = graded.gap, graded.names
    if gap.lead == 0:
        return "No lead: the two scores are equal."
    if graded.clears:
        leader = names.first if gap.lead > 0 else names.second
        return f"Clears the noise: {leader} leads."
    return "Inside the noise: these questions cannot tell them apart."


def rivals_table(pairs, decimals: dict[str, int] | None = None) -> list[dict[str, str]]:
    """Model A against each rival (:func:`benchstats.rivals.grade_rivals`), the closest first,
    as table rows in words; ``decimals``: each rival's score as the claim wrote it."""
    decimals = decimals or {}
    return [
        {
            "Rival": p.name,
            "Rival's score": words.score(p.score, decimals=decimals.get(p.name, 0)),
            "Lead (points)": words.points(p.grading.gap.lead),
            "95% range (points)": span(p.grading.gap),
            "Verdict": rival_verdict(p.grading),
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

    def listed(items: list[str]) -> str:
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    ahead = [p.name for p in pairs if p.grading.clears and p.grading.gap.lead > 0]
    behind = [p.name for p in pairs if p.grading.clears and p.grading.gap.lead < 0]
    inside = [p.name for p in pairs if not p.grading.clears or p.grading.gap.lead == 0]
    parts = [f"ahead of {listed(ahead)} by more than luck"] if ahead else []
    parts += [f"behind {listed(behind)} by more than luck"] if behind else []
    parts += [f"inside the noise against {listed(inside)}"] if inside else []
    said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
    return f"Against {words.plural(len(pairs), 'rival')}, {name_a} is {said}."
