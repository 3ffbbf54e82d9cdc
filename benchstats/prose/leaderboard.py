"""Sentences of the Leaderboard checker, the models named as the reader gave them."""

from __future__ import annotations

import numpy as np

from benchstats import words
from benchstats.benchmark_rows import AcrossBenchmarks
from benchstats.leaderboard import CORRECTION_NAMES, Board, PairwiseTests, TieCounts
from benchstats.overlap import OverlapRule
from benchstats.prose import KeyNumber, listed, span
from benchstats.ranks import RankIntervals, RankProbabilities

METHOD_NAMES = {
    "marginal": "marginal rank intervals (Mogstad, Romano, Shaikh & Wilhelm)",
    "simultaneous": "simultaneous rank intervals (Mogstad, Romano, Shaikh & Wilhelm)",
    "pairwise": "the LMArena-style bound (1 + models significantly better)",
}


_SHORT = {
    m: "the LMArena-style bound" if m == "pairwise" else f"the {m} intervals" for m in METHOD_NAMES
}


def ranks_sentence(r: RankIntervals) -> str:
    """The verdict in one sentence: who cannot be told apart from the leader.

    >>> from benchstats.leaderboard import board
    >>> from benchstats.ranks import rank_intervals
    >>> ranks_sentence(rank_intervals(board(["A", "B", "C"], [0.90, 0.89, 0.60], n=500)))
    'Of these 3 models, 2 cannot be told apart from first place: A and B.'
    """
    tied = r.tied_for_first
    k = words.plural(len(r.names), "model")
    if len(tied) == 1:
        lo, hi = r.interval(tied[0])
        return f"Of these {k}, only {tied[0]} can be first: its rank interval is {lo} to {hi}."
    return (
        f"Of these {k}, {words.count(len(tied))} cannot be told apart from first place: "
        f"{listed(tied)}."
    )


def question(b: Board) -> str:
    """The predict-first question: how many are tied for first?"""
    return f"How many of these {words.plural(b.size, 'model')} are tied for first?"


def _size(b: Board) -> str | None:
    """ "198 questions" when every row has the same questions (or "paired, 198 questions")."""
    if b.kind == "n" and len(set(b.n.tolist())) == 1:
        return words.plural(int(b.n[0]), "question")
    return f"paired, {words.plural(int(b.n[0]), 'question')}" if b.kind == "paired" else None


def basis(b: Board, bench_name: str | None = None) -> str:
    """Where each score's uncertainty comes from, in one sentence."""
    if b.kind == "se":
        return "Each score's uncertainty is its reported ± standard error."
    if b.kind == "paired":
        return (
            f"Every model answered the same {words.plural(int(b.n[0]), 'question')}, so each "
            "pair is compared on its disagreements (McNemar's mid-p test)."
        )
    if size := _size(b):
        where = f"{bench_name}'s {size}" if bench_name else size
        return f"Each score is a share of {where}, its SE √(p(1 − p)/n)."
    return "Each score is a share of its own number of questions, its SE √(p(1 − p)/n)."


def board_title(b: Board, bench_name: str | None = None) -> str:
    """A downloaded chart's claim: the board, where it is from, its leader.

    >>> from benchstats.leaderboard import board
    >>> board_title(board(["A", "B"], [0.90, 0.89], n=500), "MMLU")
    '2 models on MMLU (500 questions): A leads at 90%'
    """
    lead = int(b.order[0])
    where = (f" on {bench_name}" if bench_name else "") + (f" ({_size(b)})" if _size(b) else "")
    return (
        f"{words.plural(b.size, 'model')}{where}: {b.names[lead]} leads at "
        f"{words.score(float(b.scores[lead]))}"
    )


def method_line(ranks: RankIntervals, lmarena: RankIntervals) -> str:
    """Which rank intervals the page shows, at which level, and what stands beside them.

    >>> from benchstats.leaderboard import board, pairwise_tests
    >>> from benchstats.ranks import pairwise_ranks, rank_intervals
    >>> b = board(["A", "B"], [0.9, 0.5], n=500)
    >>> method_line(rank_intervals(b), pairwise_ranks(pairwise_tests(b)))
    "Marginal rank intervals at 95% (each model's rank on its own) beside the LMArena-style bound with Holm."
    """
    scope = "each model's rank on its own" if ranks.method == "marginal" else "every rank at once"
    return (
        f"{ranks.method.capitalize()} rank intervals at {words.level(ranks.confidence_level)} "
        f"({scope}) beside the LMArena-style bound with {CORRECTION_NAMES[lmarena.critical]}."
    )


def key_numbers(
    ranks: RankIntervals, tests: PairwiseTests, probs: RankProbabilities
) -> list[KeyNumber]:
    """The verdict card's tiles."""
    cleared = int(np.triu(tests.clears, 1).sum())
    leader = int(np.argmin(ranks.observed))
    return [
        KeyNumber("Models", words.count(len(ranks.names)), "Rows on the board."),
        KeyNumber(
            "Tied for first",
            words.count(len(ranks.tied_for_first)),
            "Models whose rank interval reaches 1: the data cannot rule out that they are best.",
        ),
        KeyNumber(
            "Pairs that clear",
            f"{words.count(cleared)} of {words.count(tests.pairs)}",
            f"Pairs whose lead clears the noise at {words.level(tests.alpha)} "
            f"after {CORRECTION_NAMES[tests.correction]}.",
        ),
        KeyNumber(
            f"{ranks.names[leader]} first by luck",
            words.percent(float(probs.first[leader])),
            f"Share of {words.count(probs.draws)} boards re-drawn from each score's sampling "
            f"distribution (seed {probs.seed}) in which {ranks.names[leader]} comes first.",
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
    a, b = _SHORT[first.method].replace("the", "The", 1), _SHORT[second.method]
    order = np.lexsort((np.arange(len(first.names)), first.observed))
    rows = [
        f"{first.names[i]} ({first.low[i]}–{first.high[i]} "
        f"against {second.low[i]}–{second.high[i]})"
        for i in order
        if (first.low[i], first.high[i]) != (second.low[i], second.high[i])
    ]
    if not rows:
        return f"{a} and {b} agree for every model."
    return f"{a} and {b} differ for {words.plural(len(rows), 'model')}: {'; '.join(rows)}."


def ties_sentence(c: TieCounts) -> str:
    """The three counts of ties in one quotable sentence.

    >>> ties_sentence(TieCounts(28, 11, 15, 20, "holm", 0.95))
    'The ±1 SE overlap rule calls 11 of 28 pairs ties; the z-test at 5% calls 15; corrected for 28 comparisons (Holm), 20.'
    """
    test = "McNemar's test" if c.paired else "the z-test"
    tail = "."
    if c.correction != "none":
        tail = (
            f"; corrected for {words.count(c.pairs)} comparisons "
            f"({CORRECTION_NAMES[c.correction]}), {words.count(c.corrected)}."
        )
    return (
        f"The ±1 SE overlap rule calls {words.count(c.overlap)} of "
        f"{words.plural(c.pairs, c.unit)} ties; {test} at {words.level(1 - c.confidence_level)} "
        f"calls {words.count(c.test)}{tail}"
    )


def overlap_paragraph(rule: OverlapRule) -> str:
    """Why the overlap rule is the generous test, from where two equal bars just touch.

    >>> from benchstats.overlap import overlap_rule
    >>> overlap_paragraph(overlap_rule(0.02))[:94]
    'Two ±1 SE bars of equal size that barely fail to touch sit 1.41 SE of the gap apart (p = 0.157'
    """
    return (
        f"Two ±1 SE bars of equal size that barely fail to touch sit {words.signed(rule.z)} SE "
        f"of the gap apart ({words.p_is(rule.p_value)}): the overlap rule is the generous test. "
        "Correcting for testing every pair at once makes the real test stricter still."
    )


def places_sentence(probs: RankProbabilities) -> str:
    """How often the likeliest winners come first on a re-drawn board.

    >>> places_sentence(RankProbabilities(("A", "B", "C"), np.array(
    ...     [[0.7, 0.3, 0], [0.3, 0.7, 0], [0, 0, 1.0]]), 10_000, 0))
    "Re-drawn 10,000 times from each score's sampling distribution (seed 0), the board comes out with A first 70.0% of the time and B 30.0%; the rest in none of them."
    """
    order = np.argsort(-probs.first, kind="stable")
    top = [int(i) for i in order[:3] if probs.first[i] > 0]
    parts = [f"{probs.names[i]} {words.percent(float(probs.first[i]))}" for i in top]
    parts[0] = (
        f"{probs.names[top[0]]} first {words.percent(float(probs.first[top[0]]))} of the time"
    )
    tail = ""
    if len(top) < len(probs.names):
        tail = (
            "; the rest less often"
            if np.delete(probs.first, top).any()
            else "; the rest in none of them"
        )
    return (
        f"Re-drawn {words.count(probs.draws)} times from each score's sampling distribution "
        f"(seed {probs.seed}), the board comes out with {listed(parts)}{tail}."
    )


def rank_alt(ranks: RankIntervals) -> str:
    """The rank chart's text alternative."""
    return (
        f"Each model's rank interval from best to worst rank, best score on top: "
        f"{METHOD_NAMES[ranks.method]} beside {METHOD_NAMES['pairwise']}; the grey band "
        "is the leader's interval."
    )


def pairs_alt(tests: PairwiseTests) -> str:
    """The heatmap's text alternative."""
    return (
        "Every pair's lead in points (row model minus column model), blue where the row "
        f"leads; outlined and starred where it clears at {words.level(tests.alpha)} "
        f"after {CORRECTION_NAMES[tests.correction]}."
    )


def places_alt(probs: RankProbabilities) -> str:
    """The places chart's text alternative."""
    return (
        f"How often each model lands at each place in {words.count(probs.draws)} boards "
        f"re-drawn with seed {probs.seed}: darker is more often."
    )


def board_rows(
    b: Board, ranks: RankIntervals, lmarena: RankIntervals, probs: RankProbabilities
) -> list[dict[str, str]]:
    """The board with its rank intervals in words, best score first."""

    def span(lo: int, hi: int) -> str:
        return f"{lo}" if lo == hi else f"{lo}–{hi}"

    return [
        {
            "Model": b.names[i],
            "Score": words.score(float(b.scores[i])),
            "± SE": words.points(float(b.se[i]), signed=False, decimals=2),
            "Rank interval": span(int(ranks.low[i]), int(ranks.high[i])),
            "LMArena-style": span(int(lmarena.low[i]), int(lmarena.high[i])),
            "First by luck": words.percent(float(probs.first[i])),
        }
        for i in b.order
    ]


def across_headline(r: AcrossBenchmarks, a: str, b: str) -> str:
    """The verdict on two models across many benchmarks."""
    return (
        f"{a} is ahead on {words.count(r.a_ahead)} of "
        f"{words.plural(len(r.benchmarks), 'benchmark')}; its lead clears the noise on "
        f"{words.count(r.a_clears)} after correcting for testing them all, and {b}'s on "
        f"{words.count(r.b_clears)}."
    )


def across_counts(r: AcrossBenchmarks, a: str, b: str) -> list[KeyNumber]:
    """The tiles: who is ahead, who clears, how many are ties."""
    name = CORRECTION_NAMES[r.ties_count.correction]
    return [
        KeyNumber(
            f"{a} ahead", words.count(r.a_ahead), f"Rows where {a} scores higher, noise or not."
        ),
        KeyNumber(
            f"{b} ahead", words.count(r.b_ahead), f"Rows where {b} scores higher, noise or not."
        ),
        KeyNumber(f"{a} clears", words.count(r.a_clears), f"{a}'s lead clears after {name}."),
        KeyNumber(f"{b} clears", words.count(r.b_clears), f"{b}'s lead clears after {name}."),
        KeyNumber("Ties", words.count(r.ties), f"Rows whose lead does not clear after {name}."),
    ]


def sign_sentence(r: AcrossBenchmarks, a: str) -> str:
    """The sign count across rows, with its caveat."""
    decided = r.a_ahead + r.b_ahead
    return (
        f"A sign count: {a} is ahead on {words.count(r.a_ahead)} of the "
        f"{words.plural(decided, 'row')} with a leader ({words.p_is(r.sign_p)} if every "
        "row were an independent coin flip). Benchmarks are not independent: the same two "
        "models, often overlapping skills, so treat this p as optimistic."
    )


def across_rows(r: AcrossBenchmarks, a: str, b: str) -> list[dict[str, str]]:
    """One row per benchmark, in words: lead, range, p, adjusted p, verdict."""
    return [
        {
            "Benchmark": name,
            f"{a} − {b} (points)": words.points(g.lead),
            f"{words.level(g.confidence_level)} range": span(g),
            "p": words.p_value(g.p_value),
            "Adjusted p": words.p_value(float(adj)),
            "Verdict": f"{a if g.lead > 0 else b} clears" if clears else "tie",
        }
        for name, g, adj, clears in zip(r.benchmarks, r.gaps, r.p_adjusted, r.clears, strict=True)
    ]
