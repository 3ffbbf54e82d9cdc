"""Sentences of the Leaderboard checker, built from its results.

Every number goes through :mod:`benchstats.words`; every sentence takes the
result objects of :mod:`benchstats.leaderboard`, :mod:`benchstats.ranks` and
:mod:`benchstats.benchmark_rows`, never raw floats from a page.

Examples
--------
>>> from benchstats.leaderboard import board
>>> b = board(["A", "B", "C", "D"], [0.90, 0.89, 0.80, 0.60], n=500)
>>> question(b)
'How many of these 4 models are tied for first?'
>>> board_title(b, "MMLU")
'4 models on MMLU (500 questions): A leads at 90%'
"""

from __future__ import annotations

import numpy as np

from benchstats import words
from benchstats.benchmark_rows import AcrossBenchmarks
from benchstats.leaderboard import CORRECTION_NAMES, Board, PairwiseTests
from benchstats.ranks import METHOD_NAMES, RankIntervals, RankProbabilities

__all__ = [
    "across_counts",
    "across_headline",
    "across_rows",
    "basis",
    "board_title",
    "key_numbers",
    "method_line",
    "places_sentence",
    "question",
    "sign_sentence",
]


def question(b: Board) -> str:
    """The predict-first question: how many are tied for first?"""
    return f"How many of these {words.plural(b.size, 'model')} are tied for first?"


def basis(b: Board, bench_name: str | None = None) -> str:
    """Where each score's uncertainty comes from, in one sentence."""
    if b.kind == "se":
        return "Each score's uncertainty is its reported ± standard error."
    if b.kind == "paired":
        return (
            f"Every model answered the same {words.plural(int(b.n[0]), 'question')}, so each "
            "pair is compared on its disagreements (McNemar's mid-p test)."
        )
    counts = set(b.n.tolist())
    if len(counts) == 1:
        size = words.plural(int(b.n[0]), "question")
        where = f"{bench_name} ({size})" if bench_name else size
        return f"Each score is a share of {where}; its standard error is √(p(1 − p)/n)."
    return "Each score is a share of its own number of questions; its SE is √(p(1 − p)/n)."


def board_title(b: Board, bench_name: str | None = None) -> str:
    """A downloaded chart's claim: the board, where it is from, its leader."""
    lead = int(b.order[0])
    where = f" on {bench_name}" if bench_name else ""
    if b.kind == "n" and len(set(b.n.tolist())) == 1:
        where += f" ({words.plural(int(b.n[0]), 'question')})"
    elif b.kind == "paired":
        where += f" (paired, {words.plural(int(b.n[0]), 'question')})"
    return (
        f"{words.plural(b.size, 'model')}{where}: {b.names[lead]} leads at "
        f"{words.score(float(b.scores[lead]))}"
    )


def method_line(ranks: RankIntervals, lmarena: RankIntervals) -> str:
    """Which rank intervals the page shows, at which level, and what stands beside them."""
    scope = (
        "each model's rank on its own"
        if ranks.method == "marginal"
        else "every model's rank at once"
    )
    return (
        f"Rank intervals: {METHOD_NAMES[ranks.method]}, {words.level(ranks.confidence_level)}, "
        f"covering {scope}; beside them {METHOD_NAMES['pairwise']}, with "
        f"{CORRECTION_NAMES[lmarena.critical]}."
    )


def key_numbers(
    ranks: RankIntervals, tests: PairwiseTests, probs: RankProbabilities
) -> list[tuple[str, str, str]]:
    """(label, value, help) for the verdict card's tiles."""
    iu = np.triu_indices(len(tests.names), 1)
    cleared = int(tests.clears[iu].sum())
    leader = int(np.argmin(ranks.observed))
    correction = CORRECTION_NAMES[tests.correction]
    return [
        ("Models", words.count(len(ranks.names)), "Rows on the board."),
        (
            "Tied for first",
            words.count(len(ranks.tied_for_first)),
            "Models whose rank interval reaches 1: the data cannot rule out that they are best.",
        ),
        (
            "Pairs that clear",
            f"{words.count(cleared)} of {words.count(tests.pairs)}",
            f"Pairs whose lead clears the noise at {words.level(1 - tests.confidence_level)} "
            f"after {correction}.",
        ),
        (
            f"{ranks.names[leader]} first by luck",
            words.percent(float(probs.first[leader])),
            f"Share of {words.count(probs.draws)} boards re-drawn from each score's sampling "
            f"distribution (seed {probs.seed}) in which the leader comes first.",
        ),
    ]


def places_sentence(probs: RankProbabilities) -> str:
    """How often the likeliest winners come first on a re-drawn board.

    >>> import numpy as np
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
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    rest = len(probs.names) - len(top)
    left = np.delete(probs.first, top)
    tail = (
        ""
        if rest == 0
        else "; the rest in none of them"
        if not left.any()
        else "; the rest less often"
    )
    return (
        f"Re-drawn {words.count(probs.draws)} times from each score's sampling distribution "
        f"(seed {probs.seed}), the board comes out with {listed}{tail}."
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
        f"leads; outlined and starred where it clears at {words.level(1 - tests.confidence_level)} "
        f"after {CORRECTION_NAMES[tests.correction]}."
    )


def places_alt(probs: RankProbabilities) -> str:
    """The places chart's text alternative."""
    return (
        f"How often each model lands at each place in {words.count(probs.draws)} re-drawn "
        "boards: darker is more often."
    )


# --------------------------------------------------------------------------- two models, many benchmarks


def across_headline(r: AcrossBenchmarks, a: str, b: str) -> str:
    """The verdict on two models across many benchmarks."""
    rows = words.plural(len(r.benchmarks), "benchmark")
    return (
        f"{a} is ahead on {words.count(r.a_ahead)} of {rows}; its lead clears the noise on "
        f"{words.count(r.a_clears)} after correcting for testing them all, and {b}'s on "
        f"{words.count(r.b_clears)}."
    )


def across_counts(r: AcrossBenchmarks, a: str, b: str) -> list[tuple[str, str, str]]:
    """(label, value, help) tiles: who is ahead, who clears, how many are ties."""
    name = CORRECTION_NAMES[r.ties_count.correction]
    return [
        (f"{a} ahead", words.count(r.a_ahead), "Rows where A scores higher, noise or not."),
        (f"{b} ahead", words.count(r.b_ahead), "Rows where B scores higher, noise or not."),
        (f"{a} clears", words.count(r.a_clears), f"A's lead clears after {name}."),
        (f"{b} clears", words.count(r.b_clears), f"B's lead clears after {name}."),
        ("Ties", words.count(r.ties), f"Rows whose lead does not clear after {name}."),
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
    out = []
    for name, g, adj, clears in zip(r.benchmarks, r.gaps, r.p_adjusted, r.clears, strict=True):
        winner = a if g.lead > 0 else b
        verdict = f"{winner} clears" if clears else "tie"
        out.append(
            {
                "Benchmark": name,
                "Lead (points)": words.points(g.lead),
                f"{words.level(g.confidence_level)} range": (
                    f"{words.points(g.low)} to {words.points(g.high)}"
                ),
                "p": words.p_value(g.p_value),
                "Adjusted p": words.p_value(float(adj)),
                "Verdict": verdict,
            }
        )
    return out
