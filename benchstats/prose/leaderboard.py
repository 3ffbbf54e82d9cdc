"""Sentences of the Leaderboard checker, the models named as the reader gave them."""

from __future__ import annotations

import numpy as np

from benchstats import words
from benchstats.benchmark_rows import AcrossBenchmarks
from benchstats.language import N_, _, ngettext
from benchstats.leaderboard import Board, PairwiseTests, TieCounts
from benchstats.overlap import OverlapRule
from benchstats.prose import KeyNumber, listed, span
from benchstats.ranks import RankIntervals, RankProbabilities

# The corrections for testing every pair, as the menu and a chart's tooltip name them.
CORRECTIONS = {"holm": N_("Holm"), "bh": N_("Benjamini–Hochberg"), "none": N_("no correction")}


def correction_name(key: str) -> str:
    """A correction's name in the run's language ("Holm", "no correction")."""
    return _(CORRECTIONS[key])


def _models(n: int) -> str:
    return words.plural(n, "model")


def _units(n: int, unit: str) -> str:
    """A count of the pairs or rows the ties are counted over ("28 pairs", "6 benchmarks")."""
    if unit == "pair":
        return words.counted(n, ngettext("{count} pair", "{count} pairs", n))
    if unit == "benchmark":
        return words.counted(n, ngettext("{count} benchmark", "{count} benchmarks", n))
    return words.plural(n, unit)


def _benchmarks(n: int) -> str:
    return _units(n, "benchmark")


def ranks_sentence(r: RankIntervals) -> str:
    """The verdict in one sentence: who cannot be told apart from the leader.

    >>> from benchstats.leaderboard import board
    >>> from benchstats.ranks import rank_intervals
    >>> ranks_sentence(rank_intervals(board(["A", "B", "C"], [0.90, 0.89, 0.60], n=500)))
    'Of these 3 models, 2 cannot be told apart from first place: A and B.'
    """
    tied = r.tied_for_first
    k = _models(len(r.names))
    if len(tied) == 1:
        lo, hi = r.interval(tied[0])
        # TRANSLATORS: {models} "8 models"; {name} a model's name; {low} to {high} its ranks.
        return _(
            "Of these {models}, only {name} can be first: its rank interval is {low} to {high}."
        ).format(models=k, name=tied[0], low=words.count(lo), high=words.count(hi))
    # TRANSLATORS: {models} "8 models"; {count} how many; {names} "A, B and C".
    return _("Of these {models}, {count} cannot be told apart from first place: {names}.").format(
        models=k, count=words.count(len(tied)), names=listed(tied)
    )


def question(b: Board) -> str:
    """The predict-first question: how many are tied for first?"""
    return _("How many of these {models} are tied for first?").format(models=_models(b.size))


def _uniform(b: Board) -> bool:
    return b.kind == "n" and len(set(b.n.tolist())) == 1


def basis(b: Board, bench_name: str | None = None) -> str:
    """Where each score's uncertainty comes from, in one sentence."""
    if b.kind == "se":
        return _("Each score's uncertainty is its reported ± standard error.")
    questions = words.plural(int(b.n[0]), "question")
    if b.kind == "paired":
        return _(
            "Every model answered the same {questions}, so each pair is compared on its "
            "disagreements (McNemar's mid-p test)."
        ).format(questions=questions)
    if _uniform(b) and bench_name:
        # TRANSLATORS: {bench} a benchmark's name, {questions} "198 questions".
        return _("Each score is a share of {bench}'s {questions}, its SE √(p(1 − p)/n).").format(
            bench=bench_name, questions=questions
        )
    if _uniform(b):
        return _("Each score is a share of {questions}, its SE √(p(1 − p)/n).").format(
            questions=questions
        )
    return _("Each score is a share of its own number of questions, its SE √(p(1 − p)/n).")


def board_title(b: Board, bench_name: str | None = None) -> str:
    """A downloaded chart's claim: the board, where it is from, its leader.

    >>> from benchstats.leaderboard import board
    >>> board_title(board(["A", "B"], [0.90, 0.89], n=500), "MMLU")
    '2 models on MMLU (500 questions): A leads at 90%'
    """
    lead = int(b.order[0])
    kind = "paired" if b.kind == "paired" else "n" if _uniform(b) else "none"
    # TRANSLATORS: a downloaded chart's title. {models} "8 models", {bench} a benchmark's name,
    # {questions} "198 questions", {name} the leader's name, {score} its score ("90%").
    message = {
        ("none", False): _("{models}: {name} leads at {score}"),
        ("none", True): _("{models} on {bench}: {name} leads at {score}"),
        ("n", False): _("{models} ({questions}): {name} leads at {score}"),
        ("n", True): _("{models} on {bench} ({questions}): {name} leads at {score}"),
        ("paired", False): _("{models} (paired, {questions}): {name} leads at {score}"),
        ("paired", True): _("{models} on {bench} (paired, {questions}): {name} leads at {score}"),
    }[kind, bool(bench_name)]
    return message.format(
        models=_models(b.size),
        bench=bench_name,
        questions=words.plural(int(b.n[0]), "question") if kind != "none" else "",
        name=b.names[lead],
        score=words.score(float(b.scores[lead])),
    )


def example_title(title: str) -> str:
    """The worked example's download title."""
    return _("An example board: {title}").format(title=title)


def method_line(ranks: RankIntervals, lmarena: RankIntervals) -> str:
    """Which rank intervals the page shows, at which level, and what stands beside them.

    >>> from benchstats.leaderboard import board, pairwise_tests
    >>> from benchstats.ranks import pairwise_ranks, rank_intervals
    >>> b = board(["A", "B"], [0.9, 0.5], n=500)
    >>> method_line(rank_intervals(b), pairwise_ranks(pairwise_tests(b)))
    "Marginal rank intervals at 95% (each model's rank on its own) beside the LMArena-style bound with Holm."
    """
    level = words.level(ranks.confidence_level)
    named = lmarena.critical != "none"
    # TRANSLATORS: {level} "95%"; {correction} "Holm" or "Benjamini–Hochberg".
    message = {
        ("marginal", True): _(
            "Marginal rank intervals at {level} (each model's rank on its own) beside the "
            "LMArena-style bound with {correction}."
        ),
        ("marginal", False): _(
            "Marginal rank intervals at {level} (each model's rank on its own) beside the "
            "LMArena-style bound with no correction."
        ),
        ("simultaneous", True): _(
            "Simultaneous rank intervals at {level} (every rank at once) beside the "
            "LMArena-style bound with {correction}."
        ),
        ("simultaneous", False): _(
            "Simultaneous rank intervals at {level} (every rank at once) beside the "
            "LMArena-style bound with no correction."
        ),
    }[ranks.method, named]
    return message.format(level=level, correction=correction_name(lmarena.critical))


def _after(correction: str, named: str, unnamed: str, **values) -> str:
    """``named`` (a message holding ``{correction}``) or, with no correction, ``unnamed``."""
    message = unnamed if correction == "none" else named
    return message.format(correction=correction_name(correction), **values)


def key_numbers(
    ranks: RankIntervals, tests: PairwiseTests, probs: RankProbabilities
) -> list[KeyNumber]:
    """The verdict card's tiles."""
    cleared = int(np.triu(tests.clears, 1).sum())
    leader = int(np.argmin(ranks.observed))
    level = words.level(tests.alpha)
    return [
        KeyNumber(_("Models"), words.count(len(ranks.names)), _("Rows on the board.")),
        KeyNumber(
            _("Tied for first"),
            words.count(len(ranks.tied_for_first)),
            _("Models whose rank interval reaches 1: the data cannot rule out that they are best."),
        ),
        KeyNumber(
            _("Pairs that clear"),
            _("{count} of {total}").format(
                count=words.count(cleared), total=words.count(tests.pairs)
            ),
            _after(
                tests.correction,
                _("Pairs whose lead clears the noise at {level} after {correction}."),
                _("Pairs whose lead clears the noise at {level} after no correction."),
                level=level,
            ),
        ),
        KeyNumber(
            _("{name} first by luck").format(name=ranks.names[leader]),
            words.percent(float(probs.first[leader])),
            # TRANSLATORS: {draws} "10,000"; {seed} the seed's digits; {name} a model's name.
            _(
                "Share of {draws} boards re-drawn from each score's sampling distribution "
                "(seed {seed}) in which {name} comes first."
            ).format(draws=words.count(probs.draws), seed=probs.seed, name=ranks.names[leader]),
        ),
    ]


def comparison_sentence(first: RankIntervals, second: RankIntervals) -> str:
    """Do two methods' rank intervals agree, and if not, for which models (best score first).

    >>> from benchstats.leaderboard import board, pairwise_tests
    >>> from benchstats.ranks import pairwise_ranks, rank_intervals
    >>> b = board(["A", "B", "C", "D"], [0.90, 0.85, 0.84, 0.80], n=500)
    >>> comparison_sentence(pairwise_ranks(pairwise_tests(b, correction="none")), rank_intervals(b))
    'The LMArena-style bound and the marginal intervals differ for 2 models: B (2–3 against 2–4); D (3–4 against 2–4).'
    """
    order = np.lexsort((np.arange(len(first.names)), first.observed))
    rows = [
        # TRANSLATORS: a model and its two rank intervals, "B (2–3 against 2–4)".
        _("{name} ({first} against {second})").format(
            name=first.names[i],
            first=f"{first.low[i]}–{first.high[i]}",
            second=f"{second.low[i]}–{second.high[i]}",
        )
        for i in order
        if (first.low[i], first.high[i]) != (second.low[i], second.high[i])
    ]
    pair = (first.method, second.method)
    if not rows:
        return _AGREE[pair]()
    n = len(rows)
    return _DIFFER[pair](n).format(count=words.count(n), rows="; ".join(rows))


# TRANSLATORS: {count} how many models; {rows} "B (2–3 against 2–4); D (3–4 against 2–4)".
_DIFFER = {
    ("pairwise", "marginal"): lambda n: ngettext(
        "The LMArena-style bound and the marginal intervals differ for {count} model: {rows}.",
        "The LMArena-style bound and the marginal intervals differ for {count} models: {rows}.",
        n,
    ),
    ("pairwise", "simultaneous"): lambda n: ngettext(
        "The LMArena-style bound and the simultaneous intervals differ for {count} model: {rows}.",
        "The LMArena-style bound and the simultaneous intervals differ for {count} models: {rows}.",
        n,
    ),
    ("marginal", "simultaneous"): lambda n: ngettext(
        "The marginal intervals and the simultaneous intervals differ for {count} model: {rows}.",
        "The marginal intervals and the simultaneous intervals differ for {count} models: {rows}.",
        n,
    ),
}
_AGREE = {
    ("pairwise", "marginal"): lambda: _(
        "The LMArena-style bound and the marginal intervals agree for every model."
    ),
    ("pairwise", "simultaneous"): lambda: _(
        "The LMArena-style bound and the simultaneous intervals agree for every model."
    ),
    ("marginal", "simultaneous"): lambda: _(
        "The marginal intervals and the simultaneous intervals agree for every model."
    ),
}


def ties_sentence(c: TieCounts) -> str:
    """The three counts of ties in one quotable sentence.

    >>> ties_sentence(TieCounts(28, 11, 15, 20, "holm", 0.95))
    'The ±1 SE overlap rule calls 11 of 28 pairs ties; the z-test at 5% calls 15; corrected for 28 comparisons (Holm), 20.'
    """
    # TRANSLATORS: {overlap}, {test}, {corrected} counts of ties; {pairs} "28 pairs" (or "6
    # benchmarks"); {level} the test's level ("5%"); {comparisons} a count; {correction} "Holm".
    message = {
        (False, False): _(
            "The ±1 SE overlap rule calls {overlap} of {pairs} ties; the z-test at {level} calls "
            "{test}."
        ),
        (True, False): _(
            "The ±1 SE overlap rule calls {overlap} of {pairs} ties; McNemar's test at {level} "
            "calls {test}."
        ),
        (False, True): _(
            "The ±1 SE overlap rule calls {overlap} of {pairs} ties; the z-test at {level} calls "
            "{test}; corrected for {comparisons} comparisons ({correction}), {corrected}."
        ),
        (True, True): _(
            "The ±1 SE overlap rule calls {overlap} of {pairs} ties; McNemar's test at {level} "
            "calls {test}; corrected for {comparisons} comparisons ({correction}), {corrected}."
        ),
    }[bool(c.paired), c.correction != "none"]
    return message.format(
        overlap=words.count(c.overlap),
        pairs=_units(c.pairs, c.unit),
        level=words.level(1 - c.confidence_level),
        test=words.count(c.test),
        comparisons=words.count(c.pairs),
        correction=correction_name(c.correction),
        corrected=words.count(c.corrected),
    )


def overlap_paragraph(rule: OverlapRule) -> str:
    """Why the overlap rule is the generous test, from where two equal bars just touch.

    >>> from benchstats.overlap import overlap_rule
    >>> overlap_paragraph(overlap_rule(0.02))[:94]
    'Two ±1 SE bars of equal size that barely fail to touch sit 1.41 SE of the gap apart (p = 0.157'
    """
    # TRANSLATORS: {z} "1.41"; {p} "p = 0.157".
    return _(
        "Two ±1 SE bars of equal size that barely fail to touch sit {z} SE of the gap apart "
        "({p}): the overlap rule is the generous test. Correcting for testing every pair at once "
        "makes the real test stricter still."
    ).format(z=words.signed(rule.z), p=words.p_is(rule.p_value))


def places_sentence(probs: RankProbabilities) -> str:
    """How often the likeliest winners come first on a re-drawn board.

    >>> places_sentence(RankProbabilities(("A", "B", "C"), np.array(
    ...     [[0.7, 0.3, 0], [0.3, 0.7, 0], [0, 0, 1.0]]), 10_000, 0))
    "Re-drawn 10,000 times from each score's sampling distribution (seed 0), the board comes out with A first 70.0% of the time and B 30.0%; the rest in none of them."
    """
    order = np.argsort(-probs.first, kind="stable")
    top = [int(i) for i in order[:3] if probs.first[i] > 0]
    parts = [f"{probs.names[i]} {words.percent(float(probs.first[i]))}" for i in top]
    # TRANSLATORS: the likeliest winner of a re-drawn board: "A first 70.0% of the time".
    parts[0] = _("{name} first {share} of the time").format(
        name=probs.names[top[0]], share=words.percent(float(probs.first[top[0]]))
    )
    tail = "all"
    if len(top) < len(probs.names):
        tail = "less" if np.delete(probs.first, top).any() else "none"
    # TRANSLATORS: {draws} "10,000"; {seed} the seed's digits; {winners} "A first 70.0% of the
    # time and B 30.0%" (the likeliest winners, each with its share).
    message = {
        "all": _(
            "Re-drawn {draws} times from each score's sampling distribution (seed {seed}), the "
            "board comes out with {winners}."
        ),
        "less": _(
            "Re-drawn {draws} times from each score's sampling distribution (seed {seed}), the "
            "board comes out with {winners}; the rest less often."
        ),
        "none": _(
            "Re-drawn {draws} times from each score's sampling distribution (seed {seed}), the "
            "board comes out with {winners}; the rest in none of them."
        ),
    }[tail]
    return message.format(draws=words.count(probs.draws), seed=probs.seed, winners=listed(parts))


def rank_alt(ranks: RankIntervals) -> str:
    """The rank chart's text alternative."""
    if ranks.method == "simultaneous":
        return _(
            "Each model's rank interval from best to worst rank, best score on top: simultaneous "
            "rank intervals (Mogstad, Romano, Shaikh & Wilhelm) beside the LMArena-style bound "
            "(1 + models significantly better); the grey band is the leader's interval."
        )
    return _(
        "Each model's rank interval from best to worst rank, best score on top: marginal rank "
        "intervals (Mogstad, Romano, Shaikh & Wilhelm) beside the LMArena-style bound (1 + models "
        "significantly better); the grey band is the leader's interval."
    )


def pairs_alt(tests: PairwiseTests) -> str:
    """The heatmap's text alternative."""
    return _after(
        tests.correction,
        _(
            "Every pair's lead in points (row model minus column model), blue where the row "
            "leads; outlined and starred where it clears at {level} after {correction}."
        ),
        _(
            "Every pair's lead in points (row model minus column model), blue where the row "
            "leads; outlined and starred where it clears at {level} after no correction."
        ),
        level=words.level(tests.alpha),
    )


def places_alt(probs: RankProbabilities) -> str:
    """The places chart's text alternative."""
    return _(
        "How often each model lands at each place in {draws} boards re-drawn with seed {seed}: "
        "darker is more often."
    ).format(draws=words.count(probs.draws), seed=probs.seed)


def board_rows(
    b: Board, ranks: RankIntervals, lmarena: RankIntervals, probs: RankProbabilities
) -> list[dict[str, str]]:
    """The board with its rank intervals in words, best score first."""

    def span(lo: int, hi: int) -> str:
        return f"{lo}" if lo == hi else f"{lo}–{hi}"

    columns = (
        _("Model"), _("Score"), "± SE", _("Rank interval"), _("LMArena-style"), _("First by luck")
    )  # fmt: skip
    return [
        dict(
            zip(
                columns,
                (
                    b.names[i],
                    words.score(float(b.scores[i])),
                    words.points(float(b.se[i]), signed=False, decimals=2),
                    span(int(ranks.low[i]), int(ranks.high[i])),
                    span(int(lmarena.low[i]), int(lmarena.high[i])),
                    words.percent(float(probs.first[i])),
                ),
                strict=True,
            )
        )
        for i in b.order
    ]


def across_headline(r: AcrossBenchmarks, a: str, b: str) -> str:
    """The verdict on two models across many benchmarks."""
    # TRANSLATORS: {a}, {b} the two models' names; {ahead}, {a_clears}, {b_clears} counts;
    # {benchmarks} "34 benchmarks".
    return _(
        "{a} is ahead on {ahead} of {benchmarks}; its lead clears the noise on {a_clears} after "
        "correcting for testing them all, and {b}'s on {b_clears}."
    ).format(
        a=a,
        b=b,
        ahead=words.count(r.a_ahead),
        benchmarks=_benchmarks(len(r.benchmarks)),
        a_clears=words.count(r.a_clears),
        b_clears=words.count(r.b_clears),
    )


def across_counts(r: AcrossBenchmarks, a: str, b: str) -> list[KeyNumber]:
    """The tiles: who is ahead, who clears, how many are ties."""
    c = r.ties_count.correction

    def clears(name: str) -> str:
        return _after(
            c,
            _("{name}'s lead clears after {correction}."),
            _("{name}'s lead clears after no correction."),
            name=name,
        )

    ahead = _("Rows where {name} scores higher, noise or not.")
    return [
        KeyNumber(_("{name} ahead").format(name=a), words.count(r.a_ahead), ahead.format(name=a)),
        KeyNumber(_("{name} ahead").format(name=b), words.count(r.b_ahead), ahead.format(name=b)),
        KeyNumber(_("{name} clears").format(name=a), words.count(r.a_clears), clears(a)),
        KeyNumber(_("{name} clears").format(name=b), words.count(r.b_clears), clears(b)),
        KeyNumber(
            _("Ties"),
            words.count(r.ties),
            _after(
                c,
                _("Rows whose lead does not clear after {correction}."),
                _("Rows whose lead does not clear after no correction."),
            ),
        ),
    ]


def sign_sentence(r: AcrossBenchmarks, a: str) -> str:
    """The sign count across rows, with its caveat."""
    decided = r.a_ahead + r.b_ahead
    rows = words.counted(decided, ngettext("{count} row", "{count} rows", decided))
    # TRANSLATORS: {name} model A's name; {ahead} a count; {rows} "30 rows"; {p} "p = 0.001".
    return _(
        "A sign count: {name} is ahead on {ahead} of the {rows} with a leader ({p} if every row "
        "were an independent coin flip). Benchmarks are not independent: the same two models, "
        "often overlapping skills, so treat this p as optimistic."
    ).format(name=a, ahead=words.count(r.a_ahead), rows=rows, p=words.p_is(r.sign_p))


def across_rows(r: AcrossBenchmarks, a: str, b: str) -> list[dict[str, str]]:
    """One row per benchmark, in words: lead, range, p, adjusted p, verdict."""
    level = words.level(r.gaps[0].confidence_level) if r.gaps else ""
    columns = (
        _("Benchmark"),
        _("{a} − {b} (points)").format(a=a, b=b),
        _("{level} range").format(level=level),
        "p",
        _("Adjusted p"),
        _("Verdict"),
    )
    return [
        dict(
            zip(
                columns,
                (
                    name,
                    words.points(g.lead),
                    span(g),
                    words.p_value(g.p_value),
                    words.p_value(float(adj)),
                    _("{name} clears").format(name=a if g.lead > 0 else b) if clears else _("tie"),
                ),
                strict=True,
            )
        )
        for name, g, adj, clears in zip(r.benchmarks, r.gaps, r.p_adjusted, r.clears, strict=True)
    ]
