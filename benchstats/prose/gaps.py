"""Sentences about a graded lead: "report it like this" lines, the arithmetic with the
reader's numbers, and the Gap grader's sections (paired counts, each score, chance
correction, the overlap rule). Each sentence is one whole message a case
(:mod:`benchstats.language`), its numbers written by :mod:`benchstats.words`."""

from __future__ import annotations

from benchstats import words
from benchstats.gaps import PAIRED_INTERVAL_NAMES, GapResult
from benchstats.intervals import critical_value
from benchstats.language import N_, _
from benchstats.mcnemar import McNemarResult
from benchstats.paired import PairedCounts
from benchstats.prose import in_points, span
from benchstats.scores import interval_name, score_intervals


def _fixed(x: float, decimals: int) -> str:
    """A plain number at fixed places, the language's decimal mark; its minus a hyphen, as the
    arithmetic lines always wrote it ("-0.0400")."""
    negative = f"{x:.{decimals}f}".startswith("-")
    return ("-" if negative else "") + words.signed(abs(x), decimals=decimals)


def _num(x: float) -> str:
    return _fixed(x, 4)


def _short(x: float) -> str:
    """A printed SE in points as short as it goes: 1.24, 1.2, 10 (the site's ``:g``)."""
    return _fixed(x, len(f"{x:g}".partition(".")[2]))


def _lead_parts(gap: GapResult, names) -> dict[str, str]:
    """The placeholders every report line fills: the names, the lead, its level and range, z, p."""
    return {
        "first": names[0],
        "second": names[1],
        "lead": words.points(gap.lead),
        "level": words.level(gap.confidence_level),
        "range": span(gap),
        "z": words.z(gap.z),
        "p": words.p_is(gap.p_value),
    }


def report_score(k: int, n: int, *, method: str = "wilson", confidence_level: float = 0.95) -> str:
    """One score as a count and an interval.

    >>> report_score(34, 40, method="clopper-pearson")
    '34 of 40, Clopper–Pearson 95%: 70.2% to 94.3%'
    """
    (ci,) = score_intervals(k, n, confidence_level=confidence_level, methods=(method,))
    # TRANSLATORS: one score for a report: "34 of 40, Wilson 95%: 70.2% to 94.3%"; {method} is
    # the interval's name, {level} the confidence level.
    return _("{k} of {n}, {method} {level}: {low} to {high}").format(
        k=words.count(k), n=words.count(n), method=interval_name(ci.method),
        level=words.level(confidence_level), low=words.percent(ci.low), high=words.percent(ci.high),
    )  # fmt: skip


def report_unpaired(
    gap, *, a: float, b: float, n: int, n_b: int | None = None, names=("A", "B"), decimals=(0, 0)
):
    """Two scores on their own questions, graded (``decimals``: each score's as written).

    >>> from benchstats import unpaired_gap
    >>> report_unpaired(unpaired_gap(0.82, 0.78, 448), a=0.82, b=0.78, n=448)
    '82% vs 78% on 448 questions each: A − B = +4.0 points, 95% interval −1.2 to +9.2, z = 1.50, p = 0.134'
    """
    nb = n if n_b is None else n_b
    parts = _lead_parts(gap, names) | {
        "a": words.score(a, decimals=decimals[0]),
        "b": words.score(b, decimals=decimals[1]),
    }
    if nb == n:
        # TRANSLATORS: a report line to copy: "82% vs 78% on 448 questions each: A − B = +4.0
        # points, 95% interval −1.2 to +9.2, z = 1.50, p = 0.134"; {p} is "p = 0.134".
        return _(
            "{a} vs {b} on {questions} each: {first} − {second} = {lead} points, {level} interval "
            "{range}, z = {z}, {p}"
        ).format(questions=words.plural(n, "question"), **parts)
    # TRANSLATORS: as above, each model on its own number of questions ({n} and {n_b}).
    return _(
        "{a} vs {b} on {n} and {n_b} questions: {first} − {second} = {lead} points, {level} "
        "interval {range}, z = {z}, {p}"
    ).format(n=words.count(n), n_b=words.count(nb), **parts)


def report_reported_se(
    gap, *, a: float, se_a: float, b: float, se_b: float, names=("A", "B"), decimals=(0, 0)
):
    """Two scores printed with ± SE, graded (``decimals``: each score's as written).

    >>> from benchstats import gap_from_standard_errors
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> report_reported_se(g, a=0.9343, se_a=0.0124, b=0.9520, se_b=0.0107)
    '93.43% ± 1.24 vs 95.2% ± 1.07: A − B = −1.8 points, 95% interval −5.0 to +1.4, z = −1.08, p = 0.280'
    """
    # TRANSLATORS: a report line from scores printed as score ± SE (SEs in points).
    return _(
        "{a} ± {se_a} vs {b} ± {se_b}: {first} − {second} = {lead} points, {level} interval "
        "{range}, z = {z}, {p}"
    ).format(
        a=words.score(a, decimals=decimals[0]), b=words.score(b, decimals=decimals[1]),
        se_a=_short(round(se_a * 100, 2)), se_b=_short(round(se_b * 100, 2)),
        **_lead_parts(gap, names),
    )  # fmt: skip


def report_paired(gap: GapResult, test: McNemarResult, *, n: int, names=("A", "B")) -> str:
    """A paired comparison: the lead, its interval, McNemar's p and the discordant count.

    >>> from benchstats import paired_gap
    >>> from benchstats.mcnemar import mcnemar
    >>> report_paired(paired_gap(20, 8, 198), mcnemar(20, 8), n=198)
    'A − B = +6.1 points, 95% interval +0.9 to +11.7 (Tango), McNemar mid-p = 0.024, 28 of 198 questions discordant'
    """
    key = gap.method.removeprefix("paired-")
    test_name = _(_P_NAMES[test.method])
    # TRANSLATORS: a paired report line: {method} is the interval's name (Tango), {p} McNemar's
    # "mid-p = 0.024"; discordant questions are those only one model got right.
    return _(
        "{first} − {second} = {lead} points, {level} interval {range} ({method}), McNemar {p}, "
        "{discordant} of {n} questions discordant"
    ).format(
        **_lead_parts(gap, names) | {"p": words.p_is(test.p_value, test_name)},
        method=PAIRED_INTERVAL_NAMES.get(key, key), discordant=words.count(test.b + test.c),
        n=words.count(n),
    )  # fmt: skip


def arithmetic_unpaired(
    gap: GapResult, *, a: float, b: float, n: int, n_b: int | None = None
) -> list[str]:
    """The unpaired arithmetic with the reader's numbers, one Markdown line each.

    >>> from benchstats import unpaired_gap
    >>> arithmetic_unpaired(unpaired_gap(0.82, 0.78, 100), a=0.82, b=0.78, n=100)[1]
    'SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √(0.8200 × 0.1800 / 100 + 0.7800 × 0.2200 / 100) = 0.0565, that is 5.65 points.'
    """
    nb = n if n_b is None else n_b
    z = critical_value(gap.confidence_level)
    half = z * gap.se
    cut = gap.low > gap.lead - half + 1e-12 or gap.high < gap.lead + half - 1e-12
    lead, se = words.points(gap.lead), _fixed(gap.se * 100, 2)
    ends = {"level": words.level(gap.confidence_level), "lead": lead, "z": _fixed(z, 3), "se": se}
    # TRANSLATORS: the arithmetic's lines keep their formulas as they are (a, b: the scores; n,
    # n_b: their questions; SE: standard error; z: the test statistic; Φ: the normal CDF).
    lines = [
        _("Lead = a − b = {a} − {b} = {lead_exact}, that is {lead} points.").format(
            a=_num(a), b=_num(b), lead_exact=_num(gap.lead), lead=lead
        ),
        _(
            "SE of the gap = √(a(1 − a)/n + b(1 − b)/n_b) = √({a} × {not_a} / {n} + {b} × {not_b} "
            "/ {n_b}) = {se_exact}, that is {se} points."
        ).format(
            a=_num(a),
            not_a=_num(1 - a),
            n=words.count(n),
            b=_num(b),
            not_b=_num(1 - b),
            n_b=words.count(nb),
            se_exact=_num(gap.se),
            se=se,
        ),  # fmt: skip
    ]
    if cut:
        # TRANSLATORS: {level} is "95%"; the range is cut where a lead can go no further.
        line = _(
            "{level} range = lead ± z × SE = {lead} ± {z} × {se} = {range} points, cut at ±100 "
            "points, the largest lead there can be."
        )
    else:
        line = _("{level} range = lead ± z × SE = {lead} ± {z} × {se} = {range} points.")
    lines.append(line.format(range=span(gap), **ends))
    lines.append(
        _("z = lead / SE = {z}; two-sided p = {p}.").format(
            z=words.z(gap.z), p=words.p_is(gap.p_value, "2 × (1 − Φ(|z|))")
        )
    )
    return lines


def arithmetic_reported_se(gap: GapResult, *, se_a: float, se_b: float) -> list[str]:
    """The arithmetic from two printed standard errors.

    >>> from benchstats import gap_from_standard_errors
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> arithmetic_reported_se(g, se_a=0.0124, se_b=0.0107)[1]
    'SE of the gap = √(se_a² + se_b²) = √(1.24² + 1.07²) = 1.64 points.'
    """
    z, se = _fixed(critical_value(gap.confidence_level), 3), _fixed(gap.se * 100, 2)
    return [
        _("Lead = a − b = {lead} points.").format(lead=words.points(gap.lead, decimals=2)),
        _("SE of the gap = √(se_a² + se_b²) = √({se_a}² + {se_b}²) = {se} points.").format(
            se_a=_fixed(se_a * 100, 2), se_b=_fixed(se_b * 100, 2), se=se
        ),
        # TRANSLATORS: {p} is "p = 0.280".
        _("z = lead / SE = {lead} / {se} = {z}; two-sided {p}.").format(
            lead=words.points(gap.lead), se=se, z=words.z(gap.z), p=words.p_is(gap.p_value)
        ),
        _("{level} range = lead ± {z} × SE = {range} points.").format(
            level=words.level(gap.confidence_level), z=z, range=span(gap)
        ),
    ]


def arithmetic_paired(gap: GapResult, counts: PairedCounts) -> list[str]:
    """The paired arithmetic: lead from the disagreements, McNemar's z, Wald's SE.

    >>> from benchstats import paired_gap
    >>> from benchstats.paired import paired_counts
    >>> arithmetic_paired(paired_gap(20, 8, 198), paired_counts(20, 8, 198))[1]
    'SE if the models were equally good = √(a_only + b_only)/n = √28/198 = 2.67 points; McNemar z = (20 − 8)/√28 = 2.27.'
    """
    b, c, n = counts.a_only, counts.b_only, counts.n
    # TRANSLATORS: a_only, b_only: the questions only A, only B got right; n: all questions.
    # Keep the formulas as they are.
    return [
        _(
            "Lead = (a_only − b_only)/n = ({b} − {c})/{n} = {lead_exact}, that is {lead} points."
        ).format(
            b=b, c=c, n=words.count(n), lead_exact=_num(counts.lead), lead=words.points(counts.lead)
        ),
        _(
            "SE if the models were equally good = √(a_only + b_only)/n = √{off}/{n} = {se} points; "
            "McNemar z = ({b} − {c})/√{off} = {z}."
        ).format(
            off=b + c,
            n=words.count(n),
            se=_fixed(counts.null_se * 100, 2),
            b=b,
            c=c,
            z=words.z(counts.z),
        ),  # fmt: skip
        _(
            "Wald SE of the lead = √(a_only + b_only − (a_only − b_only)²/n)/n = "
            "√({off} − {square}/{n})/{n} = {se} points."
        ).format(off=b + c, square=(b - c) ** 2, n=words.count(n), se=_fixed(gap.se * 100, 2)),
        _(
            "Only the {off} questions on which the models disagree enter any of this; the other "
            "{rest} cancel out."
        ).format(off=words.count(b + c), rest=words.count(n - b - c)),
    ]


MID_P_WHY = N_(
    "Mid-p is the default: the exact test counts the observed split in full and so raises the "
    "alarm less often than it should; mid-p counts it by half and stays close to 5% (Fagerland, "
    "Lydersen and Laake, 2013)."
)


def _se_units(graded) -> str:
    """The SE the test divides by, as a unit: "unpaired SEs of the gap"."""
    # TRANSLATORS: a unit the lead is measured in: "the lead is 0.71 {units} from zero".
    if graded.mode == "paired":
        return _("paired SEs if equally good (McNemar's z)")
    if graded.mode == "se":
        return _("SEs of the gap from the reported SEs")
    if graded.gap.se == 0:
        return _("pooled SEs if equally good")
    return _("unpaired SEs of the gap")


def overlap_lines(graded, rule) -> tuple[str, str]:
    """The overlap rule against the real test, each SE named for what it is."""
    gap = graded.gap
    parts = {"z": words.z(abs(gap.z)), "units": _se_units(graded), "p": words.p_is(gap.p_value)}
    if graded.clears:
        # TRANSLATORS: {units} is a unit such as "unpaired SEs of the gap"; {p} is "p = 0.479".
        real = _(
            "The real test: the lead is {z} {units} from zero, two-sided {p}, and its 95% range "
            "leaves zero out."
        )
    else:
        real = _(
            "The real test: the lead is {z} {units} from zero, two-sided {p}, and its 95% range "
            "includes zero."
        )
    touch = _(
        "These two bars would just touch with the scores se_a + se_b = {apart} apart. That is "
        "only {z} unpaired SEs of the gap, √(se_a² + se_b²): two-sided {p}."
    ).format(apart=in_points(rule.touch_gap, 2), z=words.z(rule.z), p=words.p_is(rule.p_value))
    return real.format(**parts), touch


def overlap_rule_text(rule_equal) -> str:
    """Why non-overlapping bars are a generous test."""
    return _(
        "The rule: with equal SEs, bars that just fail to touch are √2 = {z} SEs of the gap apart, "
        "{p}, far from a 5% result. Bars that do not overlap are a generous test of a lead, not a "
        "strict one."
    ).format(z=words.z(rule_equal.z), p=words.p_is(rule_equal.p_value))


def paired_intro(a_only: int, b_only: int, n: int, first: str = "A", second: str = "B") -> str:
    """Which questions carry the information, in words.

    >>> paired_intro(20, 8, 198, "GPT", "Claude")[:88]
    'Only **28 of 198 questions** carry information about the difference: the 20 only GPT got'
    """
    off = a_only + b_only
    # TRANSLATORS: {off} of {n} questions are those the two models disagree on.
    return _(
        "Only **{off} of {n} questions** carry information about the difference: the {a_only} "
        "only {first} got right and the {b_only} only {second} got right. On the other {rest} "
        "both models were right or both wrong."
    ).format(
        off=words.count(off), n=words.count(n), a_only=words.count(a_only), first=first,
        b_only=words.count(b_only), second=second, rest=words.count(n - off),
    )  # fmt: skip


# McNemar's variants by name (benchstats.mcnemar.METHODS), and the p-value each gives as a
# report line says it ("exact p").
_TEST_NAMES = {
    "exact": N_("Exact"),
    "mid-p": N_("Mid-p"),
    "asymptotic": N_("Asymptotic"),
    "corrected": N_("Continuity-corrected"),
}
_P_NAMES = {
    "exact": N_("exact p"),
    "mid-p": N_("mid-p"),
    "asymptotic": N_("asymptotic p"),
    "corrected": N_("continuity-corrected p"),
}


def mcnemar_label(method: str) -> str:
    """A McNemar variant's name, the default marked."""
    name = _(_TEST_NAMES[method])
    # TRANSLATORS: a test's name marked as the one used unless chosen otherwise.
    return _("{name} (default)").format(name=name) if method == "mid-p" else name


def derived_score_line(graded) -> str | None:
    """How the score the reader did not give follows from the other and the counts."""
    if graded.a is None:
        return None
    names = graded.names
    # TRANSLATORS: {lead} is signed, in points ("+6.1").
    return _(
        "With paired counts one score gives the other: {first}'s {a} less a lead of {lead} "
        "points is {second}'s {b}."
    ).format(
        first=names.first, a=words.percent(graded.a), lead=words.points(graded.counts.lead),
        second=names.second, b=words.percent(graded.b),
    )  # fmt: skip


def paired_vs_unpaired(graded) -> str | None:
    """The same lead graded unpaired, each SE named (None without the scores)."""
    same = graded.unpaired
    if same is None:
        return None
    # TRANSLATORS: {p_unpaired} and {p_paired} are "p = 0.134"; the SEs carry their unit.
    return _(
        "Graded as if the scores ({a} and {b}) came from separate question sets, the same lead "
        "has an unpaired SE of the gap of {se_unpaired} instead of the paired SE if equally good, "
        "{se_paired}, and {p_unpaired} instead of {p_paired}: pairing removes the questions both "
        "models find easy or hard."
    ).format(
        a=words.percent(graded.a), b=words.percent(graded.b), se_unpaired=in_points(same.se, 2),
        se_paired=in_points(graded.counts.null_se, 2), p_unpaired=words.p_is(same.p_value),
        p_paired=words.p_is(graded.gap.p_value),
    )  # fmt: skip


def score_detail(name: str, summary, chosen) -> str:
    """One score: its count, the chosen interval, and the textbook SE and normal range."""
    s = summary
    parts = {
        "name": name, "k": words.count(s.whole_count), "n": words.count(s.n),
        "method": chosen.name, "from": words.percent(chosen.low), "to": words.percent(chosen.high),
        "se": in_points(s.se, 2), "low": words.percent(s.low), "high": words.percent(s.high),
        "width": in_points(s.width),
    }  # fmt: skip
    if s.is_whole:
        # TRANSLATORS: {method} is an interval's name (Wilson); {se} and {width} carry "points".
        return _(
            "**{name}:** {k} of {n}. {method} 95%: {from} to {to}. SE of the score √(p(1 − p)/n) "
            "= {se}, so score ± 1.96 SE spans {low} to {high} ({width} wide)."
        ).format(**parts)
    # TRANSLATORS: as above, for a score that is no whole count: "82.3% of 100 is 82.3 questions;
    # the intervals use 82".
    return _(
        "**{name}:** {k} of {n} ({score} of {n} is {count} questions; the intervals use {k}). "
        "{method} 95%: {from} to {to}. SE of the score √(p(1 − p)/n) = {se}, so score ± 1.96 SE "
        "spans {low} to {high} ({width} wide)."
    ).format(score=words.score(s.score), count=words.count(s.count), **parts)


def wald_note(name: str, wald) -> str | None:
    """What goes wrong with Wald's interval for this score, if anything."""
    if wald.zero_width:
        return _(
            "Wald's interval for {name} has zero width: at {k} of {n} its SE formula gives 0, as "
            "if the score were known exactly. The other methods still give a range."
        ).format(name=name, k=words.count(wald.k), n=words.count(wald.n))
    if wald.leaves_range:
        return _(
            "Wald's interval for {name} runs from {low} to {high}: past the 0–100% that any score "
            "must lie in."
        ).format(name=name, low=words.percent(wald.low), high=words.percent(wald.high))
    return None


def chance_text(view, options: int) -> str:
    """What chance correction does to the scores and their error bars."""
    parts = {
        "options": options,
        "floor": words.percent(view.floor),
        "factor": words.signed(view.factor),
    }
    if view.se_lead > 0:
        # TRANSLATORS: {options} answer options per question; {floor} the score guessing gets.
        text = _(
            "Guessing among {options} options scores {floor}, so correction moves {floor} to 0 "
            "and keeps 100% at 100%: every distance and every error bar stretches by the same "
            "factor, 1/(1 − 1/{options}) = {factor}. The lead is still {z} standard errors from "
            "zero: correction changes what the number means, not how precisely it is known."
        ).format(z=words.z(abs(view.z)), **parts)
    else:
        text = _(
            "Guessing among {options} options scores {floor}, so correction moves {floor} to 0 "
            "and keeps 100% at 100%: every distance and every error bar stretches by the same "
            "factor, 1/(1 − 1/{options}) = {factor}. The lead's SE is 0 before and after: "
            "correction changes what the number means, not how precisely it is known."
        ).format(**parts)
    if view.a < 0 or view.b < 0:
        text += "\n\n" + _("A score below the chance floor comes out negative after correction.")
    return text


def chance_rows(graded, view) -> dict[str, list[str]]:
    """The chance-correction table: as measured and corrected, in words, models by name."""
    first, second = graded.names.first, graded.names.second
    se_a, se_b = graded.score_ses

    def column(a, b, lead, sa, sb, sl) -> list[str]:
        # TRANSLATORS: a signed lead in points, "+4.0 points".
        lead_text = _("{lead} points").format(lead=words.points(lead))
        return [
            words.percent(a), words.percent(b), lead_text,
            in_points(sa, 2), in_points(sb, 2), in_points(sl, 2),
        ]  # fmt: skip

    gap = graded.gap
    return {
        "": [
            _("Score of {name}").format(name=first),
            _("Score of {name}").format(name=second),
            _("Lead, {first} − {second}").format(first=first, second=second),
            _("SE of {name}").format(name=first),
            _("SE of {name}").format(name=second),
            _("SE of the lead"),
        ],  # fmt: skip
        _("As measured"): column(graded.a, graded.b, gap.lead, se_a, se_b, gap.se),
        _("Chance-corrected"): column(
            view.a, view.b, view.lead, view.se_a, view.se_b, view.se_lead
        ),
    }
