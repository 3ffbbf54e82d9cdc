"""Sentences and arithmetic lines of the pass@k page, built from results.

Builders take :mod:`benchstats.passk_mix` results and format every number
through :mod:`benchstats.words`; :func:`count_text` adds the one form words
lacks, an exact count too large for a float (C(200, 100) ≈ 9.05 × 10⁵⁸).
A pass@k is a chance (:func:`chance`): "100%" only when it is exactly 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from benchstats import words
from benchstats.language import N_, _, ngettext, npgettext
from benchstats.passk import DrawCounts, MajCurve
from benchstats.passk_mix import AvgAtK, MixBand, MixCurve

_BELOW_ONE = math.nextafter(1.0, 0.0)


def chance(x: float, *, exact: bool = False) -> str:
    """A pass@k as a chance: "100%" only when the caller knows it is exactly 1.

    A float rounds 1 − 10⁻⁵⁹ to 1.0; that must still read "more than 99.99%".

    Examples
    --------
    >>> chance(0.6009), chance(1.0), chance(1.0, exact=True), chance(0.0)
    ('60.09%', 'more than 99.99%', '100%', '0%')
    """
    return words.chance(x if exact or x < 1.0 else _BELOW_ONE)


def count_text(x: int) -> str:
    """An exact count for people: ``15,504`` up to 10¹⁵, then ``9.05 × 10⁵⁸``.

    Works for integers far beyond a float (uses ``math.log10``, not ``str``).

    Examples
    --------
    >>> count_text(15504), count_text(math.comb(200, 100)), count_text(0)
    ('15,504', '9.05 × 10⁵⁸', '0')
    """
    x = int(x)
    return words.count(x) if x < 10**15 else power_text(math.log10(x))


def power_text(log10: float) -> str:
    """A huge number given by its base-10 logarithm, as ``9.05 × 10⁵⁸`` (the run's language's
    decimal mark: "9,05 × 10⁵⁸" in German).

    Examples
    --------
    >>> power_text(58.956881), power_text(2.99999999)
    ('9.05 × 10⁵⁸', '1.00 × 10³')
    """
    exponent = math.floor(log10)
    mantissa = 10 ** (log10 - exponent)
    if round(mantissa, 2) >= 10:  # 9.999… rounds up to 10.00
        mantissa, exponent = mantissa / 10, exponent + 1
    sup = str(exponent).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{words.signed(mantissa, decimals=2)} × 10{sup}"


def _samples(n: int) -> str:
    return words.plural(n, "sample")


# --------------------------------------------------------------------------- one problem


def _ways(x: int) -> str:
    """ "1 way", "15,504 ways", "9.05 × 10⁵⁸ ways"."""
    # TRANSLATORS: the ways to pick k of n samples ("15,504 ways"); {count} may be a power of ten
    # ("9.05 × 10⁵⁸").
    return ngettext("{count} way", "{count} ways", x).format(count=count_text(x))


def _pick(d: DrawCounts) -> str:
    # TRANSLATORS: what is picked, inside "the 15,504 ways to pick {pick}": "5 samples of these
    # 20"; {count} is k, {n} the samples there are.
    return ngettext("{count} sample of these {n}", "{count} samples of these {n}", d.k).format(
        count=words.count(d.k), n=words.count(d.n)
    )


def question(samples: int, passed: int, k: int) -> str:
    """Predict first on one problem.

    >>> question(20, 3, 5)
    'What is pass@5 for 3 passing samples of 20?'
    """
    # TRANSLATORS: {k} in pass@{k} is a plain whole number ("pass@5"); {count} passing samples of
    # {samples} ("3 passing samples of 20").
    return ngettext(
        "What is pass@{k} for {count} passing sample of {samples}?",
        "What is pass@{k} for {count} passing samples of {samples}?",
        passed,
    ).format(k=words.count(k), count=words.count(passed), samples=words.count(samples))


def problem_headline(d: DrawCounts) -> str:
    """The answer for one problem: pass@k, and how far below the shortcut sits.

    Examples
    --------
    >>> from benchstats.passk import draw_counts
    >>> problem_headline(draw_counts(20, 3, 5))
    'pass@5 = 60.09%: the share of the 15,504 ways to pick 5 samples of these 20 that hold a pass. The shortcut says 55.63%, 4.5 points too low.'
    >>> problem_headline(draw_counts(20, 18, 5))
    'pass@5 is exactly 1: only 2 of the 20 samples failed, fewer than the 5 tries, so every pick of 5 holds a pass.'
    """
    k, fails = d.k, d.n - d.c
    picks = words.count(k)
    if fails == 0:
        # TRANSLATORS: {k} in pass@{k} is a plain whole number; {count} the samples, all passed;
        # {picks} how many are picked (k, "5").
        return ngettext(
            "pass@{k} is exactly 1: all {count} sample passed, so every pick of {picks} holds a "
            "pass.",
            "pass@{k} is exactly 1: all {count} samples passed, so every pick of {picks} holds a "
            "pass.",
            d.n,
        ).format(k=k, count=words.count(d.n), picks=picks)
    if fails < k:
        # TRANSLATORS: {count} samples failed of {samples} ("20 samples"), fewer than {tries}
        # ("5 tries"); {picks} is k ("5").
        return ngettext(
            "pass@{k} is exactly 1: only {count} of the {samples} failed, fewer than the {tries}, "
            "so every pick of {picks} holds a pass.",
            "pass@{k} is exactly 1: only {count} of the {samples} failed, fewer than the {tries}, "
            "so every pick of {picks} holds a pass.",
            fails,
        ).format(
            k=k,
            count=words.count(fails),
            samples=_samples(d.n),
            tries=words.plural(k, "try"),
            picks=picks,
        )
    if d.c == 0:
        return _("pass@{k} is 0: no sample passed, so no pick of {picks} can hold a pass.").format(
            k=k, picks=picks
        )
    pk = d.pass_at_k
    if pk >= 0.99995:
        # TRANSLATORS: {count} the draws without a pass, {ways} all the ways ("15,504 ways"),
        # {pick} what is picked ("5 samples of these 20").
        first = _(
            "pass@{k} is just below 1: a pick misses every pass in only {count} of the {ways} to "
            "pick {pick}."
        ).format(k=k, count=count_text(d.without_pass), ways=_ways(d.total), pick=_pick(d))
    else:
        # TRANSLATORS: {chance} the answer ("60.09%"), {ways} "15,504 ways", {pick} "5 samples
        # of these 20".
        first = _(
            "pass@{k} = {chance}: the share of the {ways} to pick {pick} that hold a pass."
        ).format(k=k, chance=chance(pk), ways=_ways(d.total), pick=_pick(d))
    short = d.shortcut
    gap = pk - short  # never negative: the shortcut is always the lower
    if k == 1:
        second = _("At k = 1 the shortcut agrees: both are c/n.")
    elif gap < 0.0005:
        second = _("The shortcut says {chance}, within 0.1 points here.").format(
            chance=chance(short)
        )
    else:
        # TRANSLATORS: {chance} the shortcut's pass@k, {points} how far below ("4.5").
        second = _("The shortcut says {chance}, {points} points too low.").format(
            chance=chance(short), points=words.points(gap, signed=False)
        )
    return f"{first} {second}"


def draws_note(d: DrawCounts) -> str:
    """How many of the draws hold no pass.

    >>> from benchstats.passk import draw_counts
    >>> draws_note(draw_counts(20, 3, 5))
    'Of the 15,504 ways to pick 5 samples of these 20, 6,188 contain no passing sample.'
    """
    # TRANSLATORS: {ways} "15,504 ways", {pick} "5 samples of these 20", {count} the draws
    # with no pass ("6,188").
    return ngettext(
        "Of the {ways} to pick {pick}, {count} contains no passing sample.",
        "Of the {ways} to pick {pick}, {count} contain no passing sample.",
        d.without_pass,
    ).format(ways=_ways(d.total), pick=_pick(d), count=count_text(d.without_pass))


def problem_arithmetic(d: DrawCounts) -> tuple[str, str]:
    """The counting argument in words, and the formula with the reader's numbers (LaTeX).

    >>> from benchstats.passk import draw_counts
    >>> print(problem_arithmetic(draw_counts(20, 3, 5))[1])
    \\text{pass@}5 = 1 - \\frac{\\binom{17}{5}}{\\binom{20}{5}} = 60.09\\%
    """
    n, c, k = d.n, d.c, d.k
    # TRANSLATORS: the failures a pick can come from, after "from the" ("all 5 come from the 17
    # failures"): inflect the noun as that phrase needs it.
    failures = npgettext("from the", "{count} failure", "{count} failures", n - c)
    # TRANSLATORS: {k} how many are picked, {samples} "20 samples", {n} and {fails} the numbers
    # in C(n, k) and C(n − c, k), {ways} and {ways_without} "15,504 ways", {failures} "17
    # failures". The text runs on into a formula after "So".
    text = _(
        "Picking {k} of {samples} can be done in C({n}, {k}) = {ways}, all equally likely. A pick "
        "holds no pass only if all {k} come from the {failures}: C({fails}, {k}) = "
        "{ways_without}. So"
    ).format(
        k=words.count(k),
        samples=_samples(n),
        n=words.count(n),
        ways=_ways(d.total),
        failures=failures.format(count=words.count(n - c)),
        fails=words.count(n - c),
        ways_without=_ways(d.without_pass),
    )
    value = chance(d.pass_at_k, exact=d.certain)
    # LaTeX: a decimal comma stays a mark, not a list's comma; a no-break space a thin one
    value = value.replace("%", r"\%").replace(",", "{,}").replace("\u00a0", r"\,")
    latex = (
        rf"\text{{pass@}}{k} = 1 - \frac{{\binom{{{n - c}}}{{{k}}}}}"
        rf"{{\binom{{{n}}}{{{k}}}}} = {value}"
    )
    return text, latex


def shortcut_arithmetic(d: DrawCounts) -> str:
    """Why the running product, and what the shortcut multiplies."""
    why = _(
        "The binomials get huge (C(200, 100) is about 9 × 10⁵⁸, too big for a floating-point "
        "number), so the ratio is computed as a running product ∏ (1 − k/i) over i = n − c + 1 "
        "… n, which never leaves 0 to 1. When fewer than k samples failed, every pick holds a "
        "pass and pass@k is exactly 1."
    )
    # TRANSLATORS: {rate} is c/n ("15%"), {k} in the formula a plain whole number, {chance} the
    # shortcut's value, {count} k in words ("5").
    shortcut = _(
        "The shortcut 1 − (1 − {rate})^{k} = {chance} multiplies {count} independent chances of "
        "failing, as if each try were a fresh sample from a problem whose pass rate is exactly "
        "c/n. Drawing without replacement cannot pick the same failure twice, so the true share "
        "is higher."
    ).format(rate=words.score(d.c / d.n), k=d.k, chance=chance(d.shortcut), count=words.count(d.k))
    return f"{why}\n\n{shortcut}"


def samples_allowed(samples: int, what: str) -> str:
    """What ``passed`` (``what="passes"``) or ``k`` (``"tries"``) may be at n samples, for the
    note on a refused one.

    >>> samples_allowed(20, "tries")
    'at most samples = 20: the tries are drawn from the samples'
    """
    # TRANSLATORS: the end of a note "passed must be {allowed}." on a refused link value;
    # {count} the samples drawn ("20"). Keep "samples" (a link's key) as it is.
    if what == "passes":
        said = _("at most samples = {count}: no more samples pass than were drawn")
    else:
        # TRANSLATORS: as above, for k (the tries). Keep "samples" (a link's key) as it is.
        said = _("at most samples = {count}: the tries are drawn from the samples")
    return said.format(count=words.count(samples))


def distractor_allowed(p_correct: float) -> str:
    """What the strongest wrong answer's chance may be beside the correct one's (percent).

    >>> distractor_allowed(70), distractor_allowed(69.5)[:31]
    ('at most 100 − p_correct = 30 (percent): they are the chances of two different answers', 'at most 100 − p_correct = 30.5 ')
    """
    room = 100 - p_correct
    written = f"{room:g}"  # as many decimals as the link's value holds
    decimals = 0 if "e" in written else len(written.partition(".")[2])
    # TRANSLATORS: the end of a note "p_distractor must be {allowed}." on a refused link value;
    # {room} a percent's number ("30"). Keep "p_correct" (a link's key) as it is.
    return _(
        "at most 100 − p_correct = {room} (percent): they are the chances of two different answers"
    ).format(room=words.signed(room, decimals=decimals))


# --------------------------------------------------------------------------- the mix


def mix_headline(name: str, curve: MixCurve, departs: int | None) -> str:
    """The benchmark's pass@k at the last k against the shortcut, and where they part."""
    numbers = dict(
        name=name,
        k=words.count(int(curve.k[-1])),
        estimate=chance(curve.estimate[-1], exact=bool(curve.exactly_one[-1])),
        shortcut=chance(curve.shortcut[-1]),
    )
    if departs is None:
        # TRANSLATORS: {name} the benchmark, {k} the last k ("50"), {estimate} and {shortcut}
        # two chances.
        return _(
            "{name}: at k = {k} the benchmark's pass@k is {estimate}, the shortcut says "
            "{shortcut}; the shortcut stays inside the 95% band all the way."
        ).format(**numbers)
    # TRANSLATORS: as above; {departs} the first k at which the shortcut leaves the band.
    return _(
        "{name}: at k = {k} the benchmark's pass@k is {estimate}, the shortcut says {shortcut}; "
        "the shortcut leaves the 95% band from k = {departs}."
    ).format(**numbers, departs=words.count(departs))


def mix_arithmetic(size: int, curve: MixCurve, band: MixBand, capped: bool) -> str:
    """How the benchmark curve, the shortcut and the band are computed."""
    problems = words.plural(size, "problem")
    # TRANSLATORS: {problems} "100 problems", {rate} the average pass rate ("30%").
    each = _(
        "For each of the {problems}, pass@k = 1 − C(n − c, k)/C(n, k) from its own n and c; the "
        "benchmark's pass@k is their plain average (the blue line). The shortcut takes the "
        "average pass rate p = {rate} and reports 1 − (1 − p)^k (the dashed line)."
    ).format(problems=problems, rate=words.score(curve.mean_pass_rate))
    why = _(
        "Why they part: 1 − (1 − p)^k bends (it is concave in p), so the average of the bent "
        "values is below the bent average. A problem nobody solves stays at 0 however many tries "
        "you allow, but in the shortcut its zero is mixed into the average and then gets tries of "
        "its own."
    )
    numbers = dict(
        count=words.count(band.resamples), problems=problems, seed=band.seed,
        k=words.count(int(curve.k[-1])),
    )  # fmt: skip
    if capped:
        # TRANSLATORS: {count} resampled benchmarks ("1,000"), {problems} "100 problems", {seed}
        # a plain whole number, {k} the last k ("50").
        band_said = _(
            "The band: {count} benchmarks of {problems} drawn from these problems with "
            "replacement (seed {seed}), each averaged the same way; the band runs from the 2.5th "
            "to the 97.5th percentile at each k. It shows how much the curve would move with "
            "other problems of the same kind. The curve is drawn up to k = {k}, the fewest "
            "samples any problem has (capped)."
        )
    else:
        band_said = _(
            "The band: {count} benchmarks of {problems} drawn from these problems with "
            "replacement (seed {seed}), each averaged the same way; the band runs from the 2.5th "
            "to the 97.5th percentile at each k. It shows how much the curve would move with "
            "other problems of the same kind. The curve is drawn up to k = {k}, the fewest "
            "samples any problem has."
        )
    return f"{each}\n\n{why}\n\n{band_said.format(**numbers)}"


def avg_sentence(name: str, avg: AvgAtK) -> str:
    """avg@k: pass@1 with less noise, down to the floor the problems set."""
    # TRANSLATORS: {name} the benchmark, {first} the standard error with one sample ("4.6"),
    # {last} with {k} samples, {floor} the floor ("3.9"); all in points.
    return _(
        "avg@k averages k samples per problem. It estimates the same thing as pass@1, with a "
        "smaller error bar: on {name} the standard error falls from {first} points with one "
        "sample to {last} with {k}. It cannot go below {floor} points: that part comes from which "
        "problems are in the benchmark, and only more problems shrink it."
    ).format(
        name=name,
        first=words.points(avg.se[0], signed=False),
        last=words.points(avg.se[-1], signed=False),
        k=words.count(int(avg.k[-1])),
        floor=words.points(avg.se_floor, signed=False),
    )


# TRANSLATORS: where maj@k heads as k grows, by what the most common answer is.
_HEADS = {
    1.0: N_(
        "A majority vote converges to the most common answer, so maj@k heads towards 1: the "
        "correct answer is the most common, so more votes help."
    ),
    0.0: N_(
        "A majority vote converges to the most common answer, so maj@k heads towards 0: a wrong "
        "answer is the most common, so more votes make it worse."
    ),
    0.5: N_(
        "A majority vote converges to the most common answer, so maj@k heads towards ½: the two "
        "top answers tie and the vote is a coin flip."
    ),
}


def maj_sentence(maj: MajCurve) -> str:
    """Where maj@k heads as k grows, against pass@k (the two chances named first).

    >>> from benchstats.passk import maj_curve
    >>> maj_sentence(maj_curve(0.3, 0.4, [1, 60]))[:103]
    'With 30% correct and 40% for the strongest wrong answer: **with 60 samples maj@k is 17.64% while pass@k'
    """
    # TRANSLATORS: {correct} and {wrong} the chances of the correct and the strongest wrong
    # answer ("30%", "40%"), {k} samples ("60"), {maj} and {passk} two chances. Keep the bold.
    lead = _(
        "With {correct} correct and {wrong} for the strongest wrong answer: **with {k} samples "
        "maj@k is {maj} while pass@k is {passk}.**"
    ).format(
        correct=words.score(maj.p_correct),
        wrong=words.score(maj.p_distractor),
        k=words.count(int(maj.k[-1])),
        maj=chance(maj.maj[-1]),
        passk=chance(maj.pass_[-1]),
    )
    if maj.p_correct == 0:
        never = _("No sample is ever correct, so neither a vote nor k tries can be.")
        return f"{lead} {never}"
    best = int(maj.k[int(maj.maj.argmax())])
    # TRANSLATORS: {k} where maj@k is highest ("7"), {chance} its value there.
    peak = _("It peaks at k = {k} ({chance}).").format(
        k=words.count(best), chance=chance(float(maj.maj.max()))
    )
    rises = _("pass@k only needs one correct sample, so it rises whatever the wrong answers do.")
    heads = _(_HEADS[maj.limit])
    return f"{lead} {heads} {peak} {rises}"


# --------------------------------------------------------------------------- the column rule


@dataclass(frozen=True)
class ColumnRule:
    """One row of the column rule: a metric, what it is, and its company (each marked for
    translation, translated where shown)."""

    metric: str
    measures: str
    same_column_as: str
    print_with: str


COLUMN_RULE: tuple[ColumnRule, ...] = (
    ColumnRule(
        "pass@1",
        N_("The chance that one sample passes, averaged over problems."),
        N_("avg@k (both estimate pass@1), at the same temperature."),
        N_("n samples per problem, temperature (and top-p), the estimator."),
    ),
    ColumnRule(
        "pass@k (k > 1)",
        N_("The chance that at least one of k samples passes."),
        N_("Only pass@k with the same k."),
        N_("k, n (n ≥ k samples drawn), temperature; the unbiased estimator, not 1 − (1 − p)^k."),
    ),
    ColumnRule(
        "avg@k",
        N_("The pass rate averaged over k samples per problem: pass@1 with less noise."),
        N_("pass@1 (the same quantity), at the same temperature."),
        N_("k, temperature."),
    ),
    ColumnRule(
        "maj@k",
        N_("The chance that the most common answer of k samples is correct."),
        N_("Only maj@k with the same k."),
        N_("k, temperature, how answers are matched and ties broken."),
    ),
)
