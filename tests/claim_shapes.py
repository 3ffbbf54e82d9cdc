"""Launch sentences in the shapes real text uses (issue 44), our own words, grouped by shape.

``INVENTED`` holds sentences written for each shape of ``docs/claim-shapes.md``;
``REAL_SHAPED`` sentences copy the shape of one real text each (a launch post,
a model card, a paper's abstract, a press article: named in its comment) with
invented names and numbers; ``GERMAN_SPANISH`` are launch sentences in those
languages. A row is ``Read(text, fields)``, the fields a careful reader fills
(scores as proportions, rivals as ``(name, score)`` closest first), or
``Ask(text, words)``, the question a careful reader must ask, by its words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

GD, SWE, HE, M5 = "gpqa-diamond", "swe-bench-verified", "humaneval", "math-500"


@dataclass(frozen=True)
class Read:
    text: str
    a: float | None = None
    b: float | None = None
    name_a: str | None = None
    name_b: str | None = None
    bench: str | None = None
    n: int | None = None
    se_a: float | None = None
    se_b: float | None = None
    lead: float | None = None  # checked only where given
    rivals: tuple[tuple[str, float], ...] = ()
    names: bool = True  # False: nothing to grade, the names not checked

    def fields(self) -> dict:
        keys = ("a", "b", "bench", "n", "se_a", "se_b") + ("name_a", "name_b") * self.names
        out = {k: getattr(self, k) for k in keys}
        if self.lead is not None:
            out["lead"] = self.lead
        return out


@dataclass(frozen=True)
class Ask:
    text: str
    words: str  # the question must hold these words


def lead_read(text, a, lead, name_a, name_b, bench=None, **kw) -> Read:
    """One score and a lead in points: the other score is a − lead."""
    return Read(text, a, round(a - lead, 12), name_a, name_b, bench, lead=lead, **kw)


def rivals_read(text, name_a, a, rivals, bench=None, **kw) -> Read:
    """A against several rivals: the closest is B."""
    ordered = tuple(sorted(rivals, key=lambda r: round(abs(a - r[1]), 9)))
    return Read(text, a, ordered[0][1], name_a, ordered[0][0], bench, rivals=ordered, **kw)


def lower_read(text, rate_a, rate_b, name_a=None, name_b=None, bench=None) -> Read:
    """Rates where lower is better: each graded as its complement."""
    return Read(text, round(1 - rate_a, 12), round(1 - rate_b, 12), name_a, name_b, bench)


THIN, NARROW, NBSP = "\u2009", "\u202f", "\u00a0"

INVENTED: dict[str, list] = {
    # A difference written with a unit of points ("%abs", "pp", "-point") or a noun of change
    # ("gain", "increase", "jump") is a lead, never a score.
    "abs_change_over": [
        lead_read(
            "Heron-4 scores 41.2% on SWE-bench Verified, a 9.7%abs gain over Heron-3",
            0.412,
            0.097,
            "Heron-4",
            "Heron-3",
            SWE,
        ),
        lead_read(
            "Quill-2 reaches 63.5% on MMLU-Pro, a 4.1%abs improvement over Quill-1",
            0.635,
            0.041,
            "Quill-2",
            "Quill-1",
            "mmlu-pro",
        ),
        lead_read(
            "Tern-7 posts 38.0% on GPQA Diamond, a 6.2% abs increase over Tern-6",
            0.38,
            0.062,
            "Tern-7",
            "Tern-6",
            GD,
        ),
        lead_read(
            "Larch-3 scores 72.4% on HumanEval, improving by 5.5%abs over Larch-2",
            0.724,
            0.055,
            "Larch-3",
            "Larch-2",
            HE,
        ),
        lead_read(
            "Ibex-9 hits 58.8% on MATH-500, a 12.0%abs jump over Ibex-8",
            0.588,
            0.12,
            "Ibex-9",
            "Ibex-8",
            M5,
        ),
        lead_read(
            "Sorrel-5 resolves 47.3% of SWE-bench Verified, 3.9% absolute over Sorrel-4",
            0.473,
            0.039,
            "Sorrel-5",
            "Sorrel-4",
            SWE,
        ),
        lead_read(
            "Onyx-2 scores 81.6% on GSM8K, a 2.8%abs boost over Onyx-1",
            0.816,
            0.028,
            "Onyx-2",
            "Onyx-1",
            "gsm8k",
        ),
        lead_read(
            "Garnet-4 gets 66.0% on ARC-Challenge, a 7.5%abs uplift over Garnet-3",
            0.66,
            0.075,
            "Garnet-4",
            "Garnet-3",
            "arc-challenge",
        ),
    ],
    "points_noun_change": [
        lead_read(
            "Heron-4 scores 41.2% on SWE-bench Verified, a 9.7 pp increase over Heron-3",
            0.412,
            0.097,
            "Heron-4",
            "Heron-3",
            SWE,
        ),
        lead_read(
            "Wren-5 reaches 70.3% on MMLU, a 3.4-point improvement over Wren-4",
            0.703,
            0.034,
            "Wren-5",
            "Wren-4",
            "mmlu",
        ),
        lead_read(
            "Kite-8 scores 55.1% on GPQA Diamond, a jump of 2.1 percentage points from Kite-7",
            0.551,
            0.021,
            "Kite-8",
            "Kite-7",
            GD,
        ),
        lead_read(
            "Puffin-3 lands at 88.9% on GSM8K, an uplift of 1.8 pts over Puffin-2",
            0.889,
            0.018,
            "Puffin-3",
            "Puffin-2",
            "gsm8k",
        ),
        lead_read(
            "Cobalt-6 scores 49.0% on MATH-500, a boost of 4.0 points over Cobalt-5",
            0.49,
            0.04,
            "Cobalt-6",
            "Cobalt-5",
            M5,
        ),
        lead_read(
            "Birch-9 achieves 77.7% on HumanEval, a 6.3 p.p. gain over Birch-8",
            0.777,
            0.063,
            "Birch-9",
            "Birch-8",
            HE,
        ),
        lead_read(
            "Aster-2 scores 61.4% on MMLU-Pro, an increase of 2.6 pp. over Aster-1",
            0.614,
            0.026,
            "Aster-2",
            "Aster-1",
            "mmlu-pro",
        ),
        lead_read(
            "Merlin-4 hits 34.5% on SWE-bench Verified, a 5.0-point jump from Merlin-3",
            0.345,
            0.05,
            "Merlin-4",
            "Merlin-3",
            SWE,
        ),
    ],
    "point_jump_from_possessive": [  # the lead and both scores: checked against each other
        Read(
            "Opal-5 hits 96.7% on AIME 2025, a 27.4-point jump from Opal-4's 69.3%",
            0.967,
            0.693,
            "Opal-5",
            "Opal-4",
            "aime-2025",
        ),
        Read(
            "Raven-3 scores 64.0% on MMLU-Pro, a 5.5-point gain over Raven-2's 58.5%",
            0.64,
            0.585,
            "Raven-3",
            "Raven-2",
            "mmlu-pro",
        ),
        Read(
            "Otter-6 reaches 78.2% on GPQA Diamond, a 12.5-point improvement over Otter-5's 65.7%",
            0.782,
            0.657,
            "Otter-6",
            "Otter-5",
            GD,
        ),
        Read(
            "Condor-2 solves 50.8% of SWE-bench Verified, up 9.0 points from Condor-1's 41.8%",
            0.508,
            0.418,
            "Condor-2",
            "Condor-1",
            SWE,
        ),
        Ask(
            "Condor-2 solves 50.8% of SWE-bench Verified, up 7.0 points from Condor-1's 41.8%",
            "but its scores differ by 9.0",
        ),
        Read(
            "Marten-4 scores 89.1% on HumanEval, 3.2 points above Marten-3's 85.9%",
            0.891,
            0.859,
            "Marten-4",
            "Marten-3",
            HE,
        ),
    ],
    "points_higher_than": [
        lead_read(
            "Heron-6 scores 54.6% on SWE-bench Verified, 21.4 percentage points higher than Egret-2",
            0.546,
            0.214,
            "Heron-6",
            "Egret-2",
            SWE,
        ),
        lead_read(
            "Finch-3 reaches 73.0% on MMLU, 2.5 points higher than Robin-2",
            0.73,
            0.025,
            "Finch-3",
            "Robin-2",
            "mmlu",
        ),
        lead_read(
            "Gannet-2 posts 40.1% on GPQA Diamond, 1.9 pp higher than Petrel-5",
            0.401,
            0.019,
            "Gannet-2",
            "Petrel-5",
            GD,
        ),
        lead_read(
            "Lynx-4 scores 83.3% on GSM8K, 4.4 points better than Puma-1",
            0.833,
            0.044,
            "Lynx-4",
            "Puma-1",
            "gsm8k",
        ),
        Ask(
            "Lynx-4 scores 83.3% on GSM8K, 4.4% higher than Puma-1", "percentage points, or a share"
        ),
        Ask(
            "Zircon-2 reaches 41.0% on MATH-500, 4.2% higher than Quartz-9",
            "percentage points, or a share",
        ),
    ],
    "plus_percent_after_score": [  # "+11.2%": points or a share? Asked, never a score
        Ask(
            "Heron-4 scores 41.2% on SWE-bench Verified, +11.2% over the base model",
            "percentage points, or a share",
        ),
        Ask("Tern-9 reaches 66.0% on MMLU, +3.5% over Tern-8", "percentage points, or a share"),
        Ask(
            "Cedar-4 hits 52.2% on GPQA Diamond (+6.1% vs Cedar-3)", "percentage points, or a share"
        ),
        Ask("Vole-2 scores 71.9% on HumanEval, +2.0% over Vole-1", "percentage points, or a share"),
        Ask(
            "Juniper-3 posts 38.4% on SWE-bench Verified, +8.8% over Juniper-2",
            "percentage points, or a share",
        ),
    ],
    "lead_on_the_scores_scale": [  # a lead with no unit, or "points", beside scores on 0–1
        lead_read(
            "Cedar-2 reaches 0.734 on MMLU-Pro, ahead of Birch by 0.018",
            0.734,
            0.018,
            "Cedar-2",
            "Birch",
            "mmlu-pro",
        ),
        lead_read(
            "Cedar-2 reaches 0.734 on MMLU-Pro, ahead of Birch by 0.018 points",
            0.734,
            0.018,
            "Cedar-2",
            "Birch",
            "mmlu-pro",
        ),
        lead_read(
            "Osprey-4 scores 0.812 on HellaSwag, beating Kestrel-2 by 0.025",
            0.812,
            0.025,
            "Osprey-4",
            "Kestrel-2",
            "hellaswag",
        ),
        lead_read(
            "Quartz-3 reaches 0.657 on ARC-Challenge, leading Slate-1 by 0.031",
            0.657,
            0.031,
            "Quartz-3",
            "Slate-1",
            "arc-challenge",
        ),
        lead_read(
            "Nimbus-7 scores 0.903 on GSM8K, ahead of Cirrus-2 by 0.012 points",
            0.903,
            0.012,
            "Nimbus-7",
            "Cirrus-2",
            "gsm8k",
        ),
        lead_read(
            "Helix-5 reaches 72.0% on MMLU, ahead of Spiral-2 by 1.5",
            0.72,
            0.015,
            "Helix-5",
            "Spiral-2",
            "mmlu",
        ),
        lead_read(
            "Helix-5 reaches 72.0% on MMLU, beating Spiral-2 by 3",
            0.72,
            0.03,
            "Helix-5",
            "Spiral-2",
            "mmlu",
        ),
    ],
    "basis_points": [
        lead_read(
            "Kite-2 beats Gull-1 by 120 basis points on MMLU, scoring 71.2%",
            0.712,
            0.012,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        lead_read(
            "Raven-8 leads Crow-3 by 85 bps on GSM8K, at 90.5%",
            0.905,
            0.0085,
            "Raven-8",
            "Crow-3",
            "gsm8k",
        ),
        lead_read(
            "Larch-4 scores 64.3% on MMLU-Pro, 250 basis points ahead of Pine-2",
            0.643,
            0.025,
            "Larch-4",
            "Pine-2",
            "mmlu-pro",
        ),
        lead_read(
            "Oriole-2 posts 55.0% on GPQA Diamond, 300 basis points over Jay-4",
            0.55,
            0.03,
            "Oriole-2",
            "Jay-4",
            GD,
        ),
        lead_read(
            "Sable-6 tops Mink-2 by 40 basis points on HellaSwag with 86.2%",
            0.862,
            0.004,
            "Sable-6",
            "Mink-2",
            "hellaswag",
        ),
    ],
    "percent_words": [  # "percent", "pct", spelled numbers with "percent"
        Read(
            "Kite-2 scores 71 pct on MMLU vs 68 pct for Gull-1",
            0.71,
            0.68,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Kite-2 scores seventy-one percent on MMLU vs Gull-1's 68%",
            0.71,
            0.68,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Wren-3 scores 64.2 percent on GPQA Diamond, compared to 59.8 percent for Lark-2",
            0.642,
            0.598,
            "Wren-3",
            "Lark-2",
            GD,
        ),
        Read(
            "Pike-4 reaches sixty-two percent on MATH-500, ahead of Carp-2 at fifty-eight percent",
            0.62,
            0.58,
            "Pike-4",
            "Carp-2",
            M5,
        ),
        Read(
            "Orca-9 hits 83.5 per cent on GSM8K against 80.1 per cent for Seal-3",
            0.835,
            0.801,
            "Orca-9",
            "Seal-3",
            "gsm8k",
        ),
        Read(
            "Ibis-2 gets 47 pct on HumanEval; Stork-1 gets 41 pct",
            0.47,
            0.41,
            "Ibis-2",
            "Stork-1",
            HE,
        ),
        Read(
            "Crane-5 scores ninety percent on GSM8K vs Heron-2's eighty-five percent",
            0.9,
            0.85,
            "Crane-5",
            "Heron-2",
            "gsm8k",
        ),
    ],
    "thin_space_thousands": [  # "1 204": a thin or no-break space between groups of three
        Read(
            f"Kite-2 solves 1{THIN}204 of GSM8K's 1{THIN}319 problems; Gull-1 solves 1{THIN}176",
            1204 / 1319,
            1176 / 1319,
            "Kite-2",
            "Gull-1",
            "gsm8k",
            1319,
        ),
        Read(
            f"Kite-2 answers 1{NARROW}150 of 1{NARROW}319 GSM8K problems, Gull-1 1{NARROW}102",
            1150 / 1319,
            1102 / 1319,
            "Kite-2",
            "Gull-1",
            "gsm8k",
            1319,
        ),
        Read(
            f"Tern-3 gets 9{NBSP}512 of 12{NBSP}032 MMLU-Pro questions right vs 9{NBSP}100 for Gull-2",
            9512 / 12032,
            9100 / 12032,
            "Tern-3",
            "Gull-2",
            "mmlu-pro",
            12032,
        ),
        Read(
            f"On 1{THIN}000 questions, Moss-1 scores 71.2% and Fern-2 68.0%",
            0.712,
            0.68,
            "Moss-1",
            "Fern-2",
            None,
            1000,
        ),
        Read(
            f"Lichen-2 solved 1{THIN}088 of 1{THIN}319 GSM8K problems; Moss-3 solved 1{THIN}051",
            1088 / 1319,
            1051 / 1319,
            "Lichen-2",
            "Moss-3",
            "gsm8k",
            1319,
        ),
    ],
    "errors_in_words": [
        Read(
            "Kite-2 cuts errors by a quarter against Gull-1 on GSM8K, reaching 94.0%",
            0.94,
            0.92,
            "Kite-2",
            "Gull-1",
            "gsm8k",
        ),
        Read(
            "Tern-4 cuts its error rate by a third relative to Tern-3 on MMLU, at 88.0%",
            0.88,
            0.82,
            "Tern-4",
            "Tern-3",
            "mmlu",
        ),
        Read(
            "Owl-2 halves the errors of Owl-1 on GSM8K, reaching 96.0%",
            0.96,
            0.92,
            "Owl-2",
            "Owl-1",
            "gsm8k",
        ),
        Read(
            "Pine-5 makes 20% fewer errors than Pine-4 on HellaSwag, at 92.0%",
            0.92,
            0.9,
            "Pine-5",
            "Pine-4",
            "hellaswag",
        ),
        Read(
            "Ash-7 makes half the errors of Ash-6 on MMLU, scoring 90.0%",
            0.9,
            0.8,
            "Ash-7",
            "Ash-6",
            "mmlu",
        ),
    ],
    "price_or_latency_beside": [  # a price, a time, a speed: never a score
        Read(
            "At $0.40 per million tokens, Kite-2 scores 71.2% on MMLU vs Gull-1's 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Kite-2 cuts latency by 30% and still scores 71.2% on MMLU, ahead of Gull-1's 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Priced at $2.50/M tokens, Vega-4 reaches 64.0% on GPQA Diamond against Lyra-2's 60.6%",
            0.64,
            0.606,
            "Vega-4",
            "Lyra-2",
            GD,
        ),
        Read(
            "Finch-6 answers in 1.8 s and scores 83.0% on GSM8K vs 80.5% for Robin-4",
            0.83,
            0.805,
            "Finch-6",
            "Robin-4",
            "gsm8k",
        ),
        Read(
            "Running at 112 tokens/s, Wren-2 scores 58.4% on MATH-500, beating Lark-5's 55.0%",
            0.584,
            0.55,
            "Wren-2",
            "Lark-5",
            M5,
        ),
        Read(
            "Otter-3 is 40% cheaper and scores 61.1% on MMLU-Pro vs Beaver-2's 59.3%",
            0.611,
            0.593,
            "Otter-3",
            "Beaver-2",
            "mmlu-pro",
        ),
        Read(
            "Egret-2 scores 70.4% on HumanEval vs Stork-3's 68.8% while costing $1.10 per million tokens",
            0.704,
            0.688,
            "Egret-2",
            "Stork-3",
            HE,
        ),
        Read(
            "Lark-7 cuts cost by 45% and scores 77.0% on MMLU against Finch-2's 75.2%",
            0.77,
            0.752,
            "Lark-7",
            "Finch-2",
            "mmlu",
        ),
    ],
    "typographic_marks": [  # curly quotes, U+2011 hyphens, dashes, emoji: read as plain text
        Read(
            "Kite\u20112 scores 71.2% on MMLU vs Gull\u20111\u2019s 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "\u201cKite-2 scores 71.2% on MMLU\u201d \u2014 ahead of Gull-1\u2019s 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "\U0001f680 Kite-2 scores 71.2% on MMLU \U0001f525 vs Gull-1's 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Vega\u20113 \u2013 61.5% on GPQA Diamond \u2013 beats Lyra\u20112\u2019s 58.0%",
            0.615,
            0.58,
            "Vega-3",
            "Lyra-2",
            GD,
        ),
        Read(
            "\U0001f947 Otter-4 scores 88.8% on GSM8K, beating Seal-2\u2019s 86.1% \U0001f389",
            0.888,
            0.861,
            "Otter-4",
            "Seal-2",
            "gsm8k",
        ),
        Read(
            "Raven\u20115 reaches 0.71 on HellaSwag \u2014 Crow\u20112 gets 0.68",
            0.71,
            0.68,
            "Raven-5",
            "Crow-2",
            "hellaswag",
        ),
    ],
    "labels_markdown_citations": [  # bullet labels, Markdown bold and links, citation markers
        Read(
            "Coding: Kite-2 scores 71.2% on HumanEval vs Gull-1's 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            HE,
        ),
        Read(
            "- Math: Tern-4 reaches 58.1% on MATH-500, beating Tern-3's 52.7%",
            0.581,
            0.527,
            "Tern-4",
            "Tern-3",
            M5,
        ),
        Read(
            "**Kite-2** scores **71.2%** on [MMLU](https://example.org/2406.01574) vs Gull-1's 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Kite-2 scores 71.2% on MMLU [1][2], ahead of Gull-1's 69.0% [3]",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Reasoning: **Vega-5** posts 63.3% on GPQA Diamond, against 59.9% for Lyra-4 [a]",
            0.633,
            0.599,
            "Vega-5",
            "Lyra-4",
            GD,
        ),
        Read(
            "* Science: Orca-2* 53.6% vs Pike-1 50.5% on GPQA Diamond",
            0.536,
            0.505,
            "Orca-2",
            "Pike-1",
            GD,
        ),
        Read(
            "Knowledge \u2014 **Finch-4**: 80.2% on MMLU (Robin-3: 78.4%)[4]",
            0.802,
            0.784,
            "Finch-4",
            "Robin-3",
            "mmlu",
        ),
    ],
    "benchmark_in_the_opening_clause": [
        Read(
            "On MMLU, Kite-2 scores 71.2%, and Gull-1 follows with 69.0%",
            0.712,
            0.69,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "On SWE-bench Verified, Heron-3 leads at 49.2% versus Egret-1 at 44.6%",
            0.492,
            0.446,
            "Heron-3",
            "Egret-1",
            SWE,
        ),
        Read(
            "For GPQA Diamond, Vega-2 reaches 57.0% while Lyra-3 reaches 54.5%",
            0.57,
            0.545,
            "Vega-2",
            "Lyra-3",
            GD,
        ),
        Read(
            "In HumanEval, Pike-6 passes 82.3% of problems and Carp-4 passes 79.9%",
            0.823,
            0.799,
            "Pike-6",
            "Carp-4",
            HE,
        ),
        Read(
            "MATH-500: Orca-5 gets 74.8%, Seal-2 gets 70.2%", 0.748, 0.702, "Orca-5", "Seal-2", M5
        ),
    ],
    "benchmark_of_its_own_clause": [  # a lead on one benchmark, a score on another: no pair
        Ask(
            "Petrel-3 leads Gannet-3 by 3 points on MBPP; its HumanEval score is 90.4%",
            "gives no second score",
        ),
        Ask(
            "Wren-6 beats Lark-2 by 2.2 points on MMLU, and its GSM8K score is 88.1%",
            "gives no second score",
        ),
        Read(
            "Petrel-3 solves 57% vs 41% on an internal agentic coding eval, alongside HumanEval and GPQA gains",
            0.57,
            0.41,
            "Petrel-3",
        ),
        Read(
            "On an internal agentic coding eval, alongside HumanEval and GPQA gains, Petrel-3 solves 57% vs 41%",
            0.57,
            0.41,
            "Petrel-3",
        ),
        Read(
            "Osprey-2 scores 66% vs 52% on our held-out test set, with MMLU and GSM8K also up",
            0.66,
            0.52,
            "Osprey-2",
        ),
    ],
    "rivals_possessive": [
        rivals_read(
            "Orca-7 hits 66.3% on GPQA Diamond, crushing Finch's 57.1% and Shrike's 61.9%",
            "Orca-7",
            0.663,
            [("Finch", 0.571), ("Shrike", 0.619)],
            GD,
        ),
        rivals_read(
            "Opal-3 scores 84.9% on HumanEval, much higher than Jade-2's 67.0% and Ruby-1's 74.4%",
            "Opal-3",
            0.849,
            [("Jade-2", 0.67), ("Ruby-1", 0.744)],
            HE,
        ),
        rivals_read(
            "Lumen-4 reaches 78.3% on GPQA Diamond, beating Aster-2's 71.5% and Briar-3's 65.0%",
            "Lumen-4",
            0.783,
            [("Aster-2", 0.715), ("Briar-3", 0.65)],
            GD,
        ),
        rivals_read(
            "Sable-2 posts 61.0% on MMLU-Pro, ahead of Mink-5's 59.8%, Stoat-1's 57.2% and Vole-3's 55.5%",
            "Sable-2",
            0.61,
            [("Mink-5", 0.598), ("Stoat-1", 0.572), ("Vole-3", 0.555)],
            "mmlu-pro",
        ),
        rivals_read(
            "Cobalt-3 scores 92.0% on GSM8K, topping Nickel-2's 90.1% and Zinc-4's 88.7%",
            "Cobalt-3",
            0.92,
            [("Nickel-2", 0.901), ("Zinc-4", 0.887)],
            "gsm8k",
        ),
    ],
    "rivals_in_parentheses": [
        rivals_read(
            "Orca-7 scores 71.0% on MMLU, beating Lark (68.2%) and Wren (64.9%)",
            "Orca-7",
            0.71,
            [("Lark", 0.682), ("Wren", 0.649)],
            "mmlu",
        ),
        rivals_read(
            "Ash-3 (88.6%) beats both Birch-2 (85.9%) and Cedar-1 (83.0%) on MMLU",
            "Ash-3",
            0.886,
            [("Birch-2", 0.859), ("Cedar-1", 0.83)],
            "mmlu",
        ),
        rivals_read(
            "Gale-5 reaches 86.1% on MMLU, surpassing Storm-3 (85.8%) and Squall-2 (84.0%)",
            "Gale-5",
            0.861,
            [("Storm-3", 0.858), ("Squall-2", 0.84)],
            "mmlu",
        ),
        rivals_read(
            "Orca-3 scores 71.2%, ahead of Pike-2 (69.8%) and Carp-1 (65.0%)",
            "Orca-3",
            0.712,
            [("Pike-2", 0.698), ("Carp-1", 0.65)],
        ),
        rivals_read(
            "Kestrel-4 achieves 49.0% on SWE-bench Verified, above Harrier-2 (40.6%) and Merlin-7 (33.4%)",
            "Kestrel-4",
            0.49,
            [("Harrier-2", 0.406), ("Merlin-7", 0.334)],
            SWE,
        ),
    ],
    "rivals_in_a_list": [
        rivals_read(
            "Orca-7 solves 31.5%, while Skua solves 2% and Auk 14.0%",
            "Orca-7",
            0.315,
            [("Skua", 0.02), ("Auk", 0.14)],
        ),
        rivals_read(
            "On MMLU: Kite-2 71.2%, Gull-1 69.9% and Tern-3 66.0%",
            "Kite-2",
            0.712,
            [("Gull-1", 0.699), ("Tern-3", 0.66)],
            "mmlu",
        ),
        rivals_read(
            "X scores 71%, Y 69% and Z 65% on 500 questions",
            "X",
            0.71,
            [("Y", 0.69), ("Z", 0.65)],
            n=500,
        ),
        rivals_read(
            "Apex-7 achieved 71.4% on MMLU, Meridian-2 achieved 74.1%, and Solar-3 achieved 78.9%",
            "Apex-7",
            0.714,
            [("Meridian-2", 0.741), ("Solar-3", 0.789)],
            "mmlu",
        ),
        rivals_read(
            "GPQA Diamond: Quill-4 65.0%, Reed-2 59.1%, Sedge-1 53.6%",
            "Quill-4",
            0.65,
            [("Reed-2", 0.591), ("Sedge-1", 0.536)],
            GD,
        ),
        rivals_read(
            "Vega-6 leads HumanEval at 90.2%, followed by Lyra-5 at 89.1% and Altair-2 at 88.4%",
            "Vega-6",
            0.902,
            [("Lyra-5", 0.891), ("Altair-2", 0.884)],
            HE,
        ),
    ],
    "rivals_winner_behind_some": [
        rivals_read(
            "Heron-5 reaches 54.6% on SWE-bench Verified but trails Egret-3 (63.8%) and Ibis-2 (62.3%)",
            "Heron-5",
            0.546,
            [("Egret-3", 0.638), ("Ibis-2", 0.623)],
            SWE,
        ),
        rivals_read(
            "On MMLU, Ash-3 scores 71.0%, ahead of Birch-2's 64.9% but behind Cedar-1's 79.0%",
            "Ash-3",
            0.71,
            [("Birch-2", 0.649), ("Cedar-1", 0.79)],
            "mmlu",
        ),
        rivals_read(
            "Coral-2 hits 80.0% on GSM8K, beating Reef-1 (76.5%) yet trailing Atoll-4 (84.2%)",
            "Coral-2",
            0.8,
            [("Reef-1", 0.765), ("Atoll-4", 0.842)],
            "gsm8k",
        ),
        rivals_read(
            "Marten-2 scores 44.0% on GPQA Diamond vs Sable-4's 47.5% and Mink-1's 39.0%",
            "Marten-2",
            0.44,
            [("Sable-4", 0.475), ("Mink-1", 0.39)],
            GD,
        ),
    ],
    "rivals_from_leads": [
        Read(
            "Heron-5 scores 54.6% on SWE-bench Verified, improving by 21.4%abs over Heron-4 and 26.6%abs over Egret-2",
            0.546,
            0.332,
            "Heron-5",
            "Heron-4",
            SWE,
            lead=0.214,
            rivals=(("Heron-4", 0.332), ("Egret-2", 0.28)),
        ),
        Read(
            "Tern-8 reaches 70.0% on MMLU, 2.0 points over Gull-3 and 5.5 points over Skua-1",
            0.7,
            0.68,
            "Tern-8",
            "Gull-3",
            "mmlu",
            lead=0.02,
            rivals=(("Gull-3", 0.68), ("Skua-1", 0.645)),
        ),
        Read(
            "Kite-6 scores 61.0% on GPQA Diamond, +3.0 over Hawk-2 and +7.5 over Falcon-9",
            0.61,
            0.58,
            "Kite-6",
            "Hawk-2",
            GD,
            lead=0.03,
            rivals=(("Hawk-2", 0.58), ("Falcon-9", 0.535)),
        ),
    ],
    "one_model_two_moments": [  # a comparison: the later score against the earlier
        Read(
            "pass@1 on AIME 2024 rises from 12.4% to 66.0% over training",
            0.66,
            0.124,
            None,
            None,
            "aime-2024",
        ),
        Read(
            "Our recipe improves Kestrel-7B from 52.3% to 84.6% on GSM8K",
            0.846,
            0.523,
            "Kestrel-7B",
            None,
            "gsm8k",
        ),
        Read(
            "Accuracy on MATH-500 climbs from 41.0% to 63.2% after fine-tuning",
            0.632,
            0.41,
            None,
            None,
            M5,
        ),
        Read(
            "Reed-3's HumanEval score went from 70.1% to 78.6% with the new data",
            0.786,
            0.701,
            "Reed-3",
            None,
            HE,
        ),
        Read(
            "On GSM8K, Lark-3 goes from 81.4% to 86.0% after RL",
            0.86,
            0.814,
            "Lark-3",
            None,
            "gsm8k",
        ),
    ],
    "one_model_two_benchmarks": [  # no comparison: asked, or named as none
        Ask(
            "Vega-8 scores 59.4% on GPQA Diamond and 92.0% on HumanEval", "more than one benchmark"
        ),
        Ask(
            "Opal-6 scores 59.4% on GPQA Diamond (0-shot CoT), 92.0% on HumanEval (0-shot), and 90.4% on MMLU (5-shot CoT)",
            "more than one benchmark",
        ),
        Ask(
            "Lark-9 improved by 10.9 points on MMLU-Pro and dropped 4.4 points on GSM8K",
            "more than one lead",
        ),
        Ask("Tern-2 scores 48.0% pass@1 and 71.5% pass@8 on HumanEval", "more than one metric"),
    ],
    "lower_is_better": [  # the lower rate leads, said in words
        lower_read("The hallucination rate falls from 48.2% to 31.5%", 0.315, 0.482),
        lower_read(
            "Ash-3 hallucinates 4.1% of the time on SimpleQA vs Birch-2's 6.3%",
            0.041,
            0.063,
            "Ash-3",
            "Birch-2",
            "simpleqa",
        ),
        lower_read(
            "Wren-4's error rate is 5.1% against Lark-2's 5.9%", 0.051, 0.059, "Wren-4", "Lark-2"
        ),
        lower_read(
            "Owl-5 has a hallucination rate of 12.0% on SimpleQA, while Hawk-2 sits at 17.5%",
            0.12,
            0.175,
            "Owl-5",
            "Hawk-2",
            "simpleqa",
        ),
        lower_read(
            "The error rate on GSM8K drops from 9.1% to 6.4% with Tern-6",
            0.064,
            0.091,
            "Tern-6",
            None,
            "gsm8k",
        ),
    ],
    "hedged_numbers": [  # approximate: never graded as exact
        Ask("Kite-2 is roughly 2 points ahead of Gull-1 on MMLU at 71.3%", "approximate"),
        Ask("Kite-2 scores ~81% on MMLU vs Gull-1's 78.5%", "approximate"),
        Ask("Kite-2 leads Gull-1 by about 4 points on MMLU, scoring 70.2%", "approximate"),
        Ask("Vega-3 scores around 72.6% on MMLU-Pro, ahead of Lyra-2 at 70.0%", "approximate"),
        Ask("Orca-2 reaches approximately 58.8% on MATH-500 vs Seal-4's 55.1%", "approximate"),
        Ask("Pike-3 scores 88%+ on HumanEval, ahead of Carp-5's 84.0%", "approximate"),
        Ask("Otter-7 beats Seal-1 by nearly 3 points on GSM8K with 85.0%", "approximate"),
        Ask("Lynx-2 hits some 64% on GPQA Diamond against Puma-3's 60.1%", "approximate"),
    ],
    "bounds_and_ranges": [
        Ask("Kite-4 beats Gull-2 by more than 10 points on MMLU, scoring 80.0%", "is a bound"),
        Ask("Tern-5 scores over 90% on GSM8K, ahead of Tern-4's 87.2%", "is a bound"),
        Ask("Our method improves Base-3 by up to 18% on GSM8K, reaching 70.0%", "is a bound"),
    ],
    "counts_slash": [
        Read(
            "Kite-2 solves 9/15 on AIME 2025 vs Gull-1's 6/15",
            0.6,
            0.4,
            "Kite-2",
            "Gull-1",
            "aime-2025",
            15,
        ),
        Read(
            "Tern-3: 26/30 on AIME 2024, Skua-2: 21/30",
            26 / 30,
            0.7,
            "Tern-3",
            "Skua-2",
            "aime-2024",
            30,
        ),
        Read(
            "Heron-2 resolves 312/500 SWE-bench Verified issues; Egret-5 resolves 287/500",
            0.624,
            0.574,
            "Heron-2",
            "Egret-5",
            SWE,
            500,
        ),
    ],
    "compared_to_for": [
        Read(
            "Wren-7 scored 86.1 percent on MMLU compared to 79.2 percent for Lark-4",
            0.861,
            0.792,
            "Wren-7",
            "Lark-4",
            "mmlu",
        ),
        Read(
            "Vega-9 hits 72.7% on MMLU-Pro versus 69.7% for Lyra-6",
            0.727,
            0.697,
            "Vega-9",
            "Lyra-6",
            "mmlu-pro",
        ),
        Read(
            "Pike-7 scores 49.1% on GPQA Diamond compared to Carp-6's 29.2%",
            0.491,
            0.292,
            "Pike-7",
            "Carp-6",
            GD,
        ),
        Read(
            "Finch-9 scored 86.8% on MMLU whereas Robin-7 has a reported score of 86.4%",
            0.868,
            0.864,
            "Finch-9",
            "Robin-7",
            "mmlu",
        ),
        Read(
            "Orca-4 reaches 80.4% on MATH-500 (compared to Seal-6's 74.6%)",
            0.804,
            0.746,
            "Orca-4",
            "Seal-6",
            M5,
        ),
        Read(
            "Lumen-6 reaches 78.3% on GPQA Diamond, surpassing the previous best of 71.5% held by Aster-5",
            0.783,
            0.715,
            "Lumen-6",
            "Aster-5",
            GD,
        ),
    ],
    "gap_after_the_scores": [
        Read(
            "Heron-7 scores 69.2% versus Egret-6 at 58.6% on SWE-bench Verified — a 10.6-point gap",
            0.692,
            0.586,
            "Heron-7",
            "Egret-6",
            SWE,
        ),
        Read(
            "Tern-1 vs Skua-5 on MMLU: 75.0% vs 72.5%, a 2.5-point lead",
            0.75,
            0.725,
            "Tern-1",
            "Skua-5",
            "mmlu",
        ),
        Ask(
            "Tern-1 vs Skua-5 on MMLU: 75.0% vs 72.5%, a 4.5-point lead",
            "but its scores differ by 2.5",
        ),
    ],
}

INVENTED.update(
    {
        "lead_alone": [  # a lead in points and no score: the lead is read, nothing else
            Read(
                "Kite-3 beats Gull-4 by 3 points on MMLU",
                None,
                None,
                "Kite-3",
                "Gull-4",
                "mmlu",
                lead=0.03,
            ),
            Read(
                "Tern-2 leads Skua-6 by 1.4 pp on GPQA Diamond",
                None,
                None,
                "Tern-2",
                "Skua-6",
                GD,
                lead=0.014,
            ),
            Read(
                "Vega-7 trails Lyra-8 by 2.5 points on HumanEval",
                None,
                None,
                "Vega-7",
                "Lyra-8",
                HE,
                lead=-0.025,
            ),
            Read(
                "Orca-8 outperforms Seal-5 by 6.0 percentage points on MATH-500",
                None,
                None,
                "Orca-8",
                "Seal-5",
                M5,
                lead=0.06,
            ),
            Read(
                "Finch-8 is 0.9 points ahead of Robin-6 on MMLU-Pro",
                None,
                None,
                "Finch-8",
                "Robin-6",
                "mmlu-pro",
                lead=0.009,
            ),
            Read(
                "Pike-8 edges Carp-7 by 120 basis points on GSM8K",
                None,
                None,
                "Pike-8",
                "Carp-7",
                "gsm8k",
                lead=0.012,
            ),
        ],
        "score_then_benchmark": [  # the benchmark right after the score, with no preposition
            Read(
                "Kite-2 reaches 80.8% SWE-bench Verified vs Gull-1's 77.2%",
                0.808,
                0.772,
                "Kite-2",
                "Gull-1",
                SWE,
            ),
            Read(
                "Tern-4 posts 85.2% HumanEval pass@1, ahead of Skua-3's 80.0%",
                0.852,
                0.8,
                "Tern-4",
                "Skua-3",
                HE,
            ),
            Read(
                "Vega-1: 61.0% GPQA Diamond; Lyra-9: 57.5% GPQA Diamond",
                0.61,
                0.575,
                "Vega-1",
                "Lyra-9",
                GD,
            ),
            Read(
                "Orca-6 hits 92.1% GSM8K against 90.4% for Seal-8",
                0.921,
                0.904,
                "Orca-6",
                "Seal-8",
                "gsm8k",
            ),
            Read(
                "Finch-5 lands 73.3% MMLU-Pro, Robin-8 71.0% MMLU-Pro",
                0.733,
                0.71,
                "Finch-5",
                "Robin-8",
                "mmlu-pro",
            ),
        ],
        "settings_in_parentheses": [
            Read(
                "Kite-2 scores 71.2% on MMLU (5-shot) vs Gull-1's 69.0% (5-shot)",
                0.712,
                0.69,
                "Kite-2",
                "Gull-1",
                "mmlu",
            ),
            Read(
                "Tern-6 reaches 59.4% on GPQA Diamond (0-shot CoT), against 55.0% for Skua-7 (0-shot CoT)",
                0.594,
                0.55,
                "Tern-6",
                "Skua-7",
                GD,
            ),
            Read(
                "Vega-2 gets 88.0% on HumanEval (pass@1, greedy), beating Lyra-7's 84.1%",
                0.88,
                0.841,
                "Vega-2",
                "Lyra-7",
                HE,
            ),
            Read(
                "Orca-5 scores 75.5% on MATH-500 (maj@1) vs Seal-9 at 71.8%",
                0.755,
                0.718,
                "Orca-5",
                "Seal-9",
                M5,
            ),
            Read(
                "Pike-5 posts 48.3% on SWE-bench Verified (with our agent), ahead of Carp-8's 44.0%",
                0.483,
                0.44,
                "Pike-5",
                "Carp-8",
                SWE,
            ),
        ],
        "sizes_and_dates_beside": [  # a model's size or a date beside its name is no score
            Read(
                "Kite-2 70B scores 71.2% on MMLU vs Gull-1 8B's 63.0%",
                0.712,
                0.63,
                "Kite-2 70B",
                "Gull-1 8B",
                "mmlu",
            ),
            Read(
                "In March 2025, Tern-5 reached 64.0% on GPQA Diamond, ahead of Skua-4's 60.2%",
                0.64,
                0.602,
                "Tern-5",
                "Skua-4",
                GD,
            ),
            Read(
                "Vega-3 (released 2025) scores 82.0% on HumanEval vs 79.3% for Lyra-1 (2024)",
                0.82,
                0.793,
                "Vega-3",
                "Lyra-1",
                HE,
            ),
            Read(
                "The 14B Orca-2 gets 80.4% on MATH-500 against 74.6% for the 32B Seal-1",
                0.804,
                0.746,
                "Orca-2",
                "Seal-1",
                M5,
            ),
            Read(
                "With 1M tokens of context, Finch-2 scores 70.1% on MMLU-Pro vs Robin-9's 68.3%",
                0.701,
                0.683,
                "Finch-2",
                "Robin-9",
                "mmlu-pro",
            ),
        ],
        "two_sentences": [
            Read(
                "Kite-2 scores 71.2% on MMLU. Gull-1 scores 69.0%.",
                0.712,
                0.69,
                "Kite-2",
                "Gull-1",
                "mmlu",
            ),
            Read(
                "On GPQA Diamond, Tern-7 reaches 62.5%. Skua-8, by contrast, gets 58.1%.",
                0.625,
                0.581,
                "Tern-7",
                "Skua-8",
                GD,
            ),
            Read(
                "Vega-6 resolves 41.0% of SWE-bench Verified. For comparison, Lyra-3 resolves 37.6%.",
                0.41,
                0.376,
                "Vega-6",
                "Lyra-3",
                SWE,
            ),
            Read(
                "Orca-9 posts 90.0% on GSM8K! Seal-7 trails at 88.2%.",
                0.9,
                0.882,
                "Orca-9",
                "Seal-7",
                "gsm8k",
            ),
            Read(
                "Pike-2 hits 77.7% on HumanEval; Carp-3 hits 75.5%.",
                0.777,
                0.755,
                "Pike-2",
                "Carp-3",
                HE,
            ),
        ],
        "headlines": [
            Read(
                "Kite-2 beats Gull-1 on MMLU: 71.2% to 69.0%!",
                0.712,
                0.69,
                "Kite-2",
                "Gull-1",
                "mmlu",
            ),
            Read(
                "BREAKING: Tern-3 tops Skua-2 on GPQA Diamond, 61.6% vs 58.8%",
                0.616,
                0.588,
                "Tern-3",
                "Skua-2",
                GD,
            ),
            Read(
                "Vega-4 vs Lyra-5 on HumanEval? 86.0% vs 84.4%.",
                0.86,
                0.844,
                "Vega-4",
                "Lyra-5",
                HE,
            ),
            Read(
                "New record: Orca-1 at 95.2% on GSM8K, past Seal-3's 94.0%",
                0.952,
                0.94,
                "Orca-1",
                "Seal-3",
                "gsm8k",
            ),
            Read(
                "TL;DR Finch-1 71.4 vs Robin-5 70.0 on MMLU-Pro",
                0.714,
                0.7,
                "Finch-1",
                "Robin-5",
                "mmlu-pro",
            ),
        ],
        "elo_is_not_a_share": [  # a rating on an Elo scale has no questions: no score, no lead
            Read("Kite-2 sits at 1,402 Elo on the arena, 12 points above Gull-1", names=False),
            Read("Tern-1 climbed 24 Elo points to 1,470, the arena's best", names=False),
            Read(
                "Vega-8 leads the arena by a margin of roughly 40 Elo points over Lyra-2",
                names=False,
            ),
            Read(
                "On the arena, Orca-7 has an Elo of 1290, closely trailed by Seal-2 (1286)",
                names=False,
            ),
        ],
        "lower_is_better_more": [
            lower_read(
                "Kite-2 reaches a 5.1% word error rate on our test set vs 5.9% for Gull-1",
                0.051,
                0.059,
                "Kite-2",
                "Gull-1",
            ),
            lower_read("Tern-8's failure rate falls to 3.2% from 4.8%", 0.032, 0.048, "Tern-8"),
            lower_read(
                "Vega-5 has an attack success rate of 12.5%, against 20.0% for Lyra-4",
                0.125,
                0.2,
                "Vega-5",
                "Lyra-4",
            ),
            lower_read(
                "On SimpleQA, Orca-4 hallucinates in 9.0% of answers; Seal-6 in 14.5%",
                0.09,
                0.145,
                "Orca-4",
                "Seal-6",
                "simpleqa",
            ),
            lower_read(
                "The jailbreak rate of Pike-9 drops from 31.0% to 18.4%", 0.184, 0.31, "Pike-9"
            ),
        ],
        "hedges_more": [
            Ask("Kite-2 scores close to 72% on MMLU, while Gull-1 is at 70.0%", "approximate"),
            Ask("Tern-9 is just over 3 points ahead of Skua-1 on GSM8K, at 88.0%", "is a bound"),
            Ask("Vega-9 scores circa 61% on GPQA Diamond vs Lyra-3's 58.8%", "approximate"),
            Ask(
                "Orca-3 beats Seal-4 by approx. 2 points on HumanEval, scoring 84.0%", "approximate"
            ),
            Ask("Pike-4 gets ≈70% on MMLU-Pro vs Carp-9 at 67.5%", "approximate"),
            Ask("Finch-3 hits 90%-ish on GSM8K, ahead of Robin-4's 87.0%", "approximate"),
        ],
        "tables": [
            Read(
                "| Model | MMLU |\n|---|---|\n| Kite-2 | 71.2% |\n| Gull-1 | 69.0% |",
                0.712,
                0.69,
                "Kite-2",
                "Gull-1",
                "mmlu",
            ),
            Ask(
                "| Model | MMLU-Pro | GPQA Diamond |\n|---|---|---|\n| Kite-2 | 75% | 69% |\n| Gull-1 | 68% | 51% |",
                "more than one benchmark",
            ),
            Read(
                "| Benchmark | Tern-3 | Skua-4 |\n|---|---|---|\n| GPQA Diamond | 65.0% | 59.4% |",
                0.65,
                0.594,
                "Tern-3",
                "Skua-4",
                GD,
            ),
            rivals_read(
                "| Model | HumanEval |\n|---|---|\n| Vega-2 | 88.1 |\n| Lyra-6 | 86.0 |\n| Altair-4 | 80.2 |",
                "Vega-2",
                0.881,
                [("Lyra-6", 0.86), ("Altair-4", 0.802)],
                HE,
            ),
            Read(
                "Model   GSM8K\nOrca-3   91.0\nSeal-5   89.5",
                0.91,
                0.895,
                "Orca-3",
                "Seal-5",
                "gsm8k",
            ),
        ],
        "counts_words_of": [
            Read(
                "Kite-2 gets 412 of 500 SWE-bench Verified tasks right; Gull-1 gets 398",
                0.824,
                0.796,
                "Kite-2",
                "Gull-1",
                SWE,
                500,
            ),
            Read(
                "Tern-2 answers 171 out of 198 GPQA Diamond questions, Skua-5 160",
                171 / 198,
                160 / 198,
                "Tern-2",
                "Skua-5",
                GD,
                198,
            ),
            Read(
                "Vega-7 solves twelve of the thirty AIME 2025 problems; Lyra-4 solves nine",
                0.4,
                0.3,
                "Vega-7",
                "Lyra-4",
                "aime-2025",
                30,
            ),
            Read(
                "Orca-2 passes 150 of HumanEval's 164 problems vs 141 for Seal-7",
                150 / 164,
                141 / 164,
                "Orca-2",
                "Seal-7",
                HE,
                164,
            ),
        ],
        "citations_and_footnotes_more": [
            Read(
                "Kite-2\u00b9 scores 71.2% on MMLU, vs 69.0% for Gull-1\u00b2",
                0.712,
                0.69,
                "Kite-2",
                "Gull-1",
                "mmlu",
            ),
            Read(
                "Tern-5 reaches 58.8% on GPQA Diamond [12], ahead of Skua-9 at 55.5% [13]",
                0.588,
                0.555,
                "Tern-5",
                "Skua-9",
                GD,
            ),
            Read(
                "Vega-3† scores 84.0% on HumanEval against Lyra-9‡ at 81.1%",
                0.84,
                0.811,
                "Vega-3",
                "Lyra-9",
                HE,
            ),
            Read(
                "Orca-6 (ours) posts 66.6%* on MATH-500 vs Seal-2's 63.0%",
                0.666,
                0.63,
                "Orca-6",
                "Seal-2",
                M5,
            ),
        ],
    }
)

# Real text, copied in shape: each sentence keeps a real text's grammar and layout (named in
# the comment), with our names and numbers.
REAL_SHAPED: list = [
    # an agentic-coding launch: score, change in %abs over two earlier models, a bullet label
    Read(
        "Coding: Heron-5 scores 54.6% on SWE-bench Verified, improving by 21.4%abs over Heron-4 and 26.6%abs over Egret-2—making it our best model for coding.",
        0.546,
        0.332,
        "Heron-5",
        "Heron-4",
        SWE,
        rivals=(("Heron-4", 0.332), ("Egret-2", 0.28)),
    ),
    # the same launch: "On <benchmark>, a measure of ..., X scores N%, a M%abs increase over Y."
    lead_read(
        "Instruction following: On Scale-style RuleBench, a measure of instruction following, Heron-5 scores 38.3%, a 10.5%abs increase over Heron-4.",
        0.383,
        0.105,
        "Heron-5",
        "Heron-4",
    ),
    # a news summary: "scoring N% in the B test, M percentage points higher than Y"
    lead_read(
        "Heron-5 scored 54.6% in the SWE-bench Verified test, 21.4 percentage points higher than Heron-4.",
        0.546,
        0.214,
        "Heron-5",
        "Heron-4",
        SWE,
    ),
    # a model page: "N% (conservative score M%) — an improvement of K pp. over Y (J%)"
    Read(
        "On SWE-bench Verified, it achieves 54.6% (conservative score 52.1%) — an improvement of 21.4 pp. over Heron-4 (33.2%).",
        0.546,
        0.332,
        None,
        "Heron-4",
        SWE,
    ),
    # a news article: "X achieved a score of N percent on B. Y scored M percent on the same benchmark."
    Read(
        "Heron-5 achieved a score of 54.9 percent on the SWE-bench Verified benchmark, while Heron-4 scored 33.3 percent on the same benchmark.",
        0.549,
        0.333,
        "Heron-5",
        "Heron-4",
        SWE,
    ),
    # "On the X benchmark for Y, A scored N percent compared to M percent for B"
    Read(
        "On the RuleBench benchmark for instruction following, Heron-5 scored 86.1 percent compared to 79.2 percent for Heron-4.",
        0.861,
        0.792,
        "Heron-5",
        "Heron-4",
    ),
    # "A hit N percent versus M percent for B"
    Read(
        "On the VideoQA benchmark, Heron-5 hit 72.7 percent versus 69.7 percent for Heron-4.",
        0.727,
        0.697,
        "Heron-5",
        "Heron-4",
    ),
    # a comparison page: "jumps from N% on Y to M%, an absolute improvement of K points"
    Read(
        "SWE-bench Verified jumps from 33.2% on Heron-4 to 54.6% on Heron-5 - an absolute improvement of 21.4 points.",
        0.546,
        0.332,
        "Heron-5",
        "Heron-4",
        SWE,
    ),
    # the same page: "but trails X (N%) and Y (M%) on the same benchmark"
    rivals_read(
        "Heron-5 posts 54.6% on SWE-bench Verified but trails Egret-3 (63.8%) and Ibis-2 (62.3%) on the same benchmark.",
        "Heron-5",
        0.546,
        [("Egret-3", 0.638), ("Ibis-2", 0.623)],
        SWE,
    ),
    # "it scores N% compared to Y's M%"
    Read(
        "On the internal instruction-following eval, Heron-5 scores 49.1% compared to Heron-4's 29.2%.",
        0.491,
        0.292,
        "Heron-5",
        "Heron-4",
    ),
    # a leaderboard news item: "On B, X leads at N% versus Y at M% and Z at K%—a J-point gap."
    rivals_read(
        "On SWE-bench Verified, Opal-8 leads at 69.2% versus Jade-5 at 58.6% and Ruby-3 at 54.2%—a 15-point gap.",
        "Opal-8",
        0.692,
        [("Jade-5", 0.586), ("Ruby-3", 0.542)],
        SWE,
    ),
    # "X hit N% on B, a K-point jump from Y's M%."
    Read(
        "Most dramatic: Opal-8 hit 96.7% on AIME 2025, a 27.4-point jump from Opal-7's 69.3%.",
        0.967,
        0.693,
        "Opal-8",
        "Opal-7",
        "aime-2025",
    ),
    # a benchmark-results post: "Score: N% accuracy on the B benchmark, a K-point improvement over the previous best (Y, M%)."
    Read(
        "Score: 78.2% accuracy on the GPQA Diamond benchmark, a 12.5-point improvement over the previous best (Lumen-3, 65.7%).",
        0.782,
        0.657,
        None,
        "Lumen-3",
        GD,
    ),
    # "Score: N% overall accuracy, up from M% by Y"
    Read(
        "Score: 89.4% overall accuracy on MMLU, up from 84.1% by Lumen-3.",
        0.894,
        0.841,
        None,
        "Lumen-3",
        "mmlu",
    ),
    # "Score: N% task completion rate, a K-point jump from Y."
    lead_read(
        "Score: 68.3% task completion rate on SWE-bench Verified, a 9-point jump from Aster-2.",
        0.683,
        0.09,
        None,
        "Aster-2",
        SWE,
    ),
    # an evaluation report: three models' results in a row
    rivals_read(
        "Apex-7 achieved 71.4%, Meridian-2 achieved 74.1%, and Solar-3 achieved 78.9% on MMLU.",
        "Apex-7",
        0.714,
        [("Meridian-2", 0.741), ("Solar-3", 0.789)],
        "mmlu",
    ),
    # a press piece: "On B, X scored N% whereas Y has a reported score of M%. Z got K%."
    rivals_read(
        "On MMLU, Opal-2 scored 86.8% whereas Jade-1 has a reported score of 86.4%. Ruby-9 got 83.7% on the same test.",
        "Opal-2",
        0.868,
        [("Jade-1", 0.864), ("Ruby-9", 0.837)],
        "mmlu",
    ),
    # the same piece: "scored N% , much higher than Y's M% and Z's K% score"
    rivals_read(
        "On the HumanEval benchmark, Opal-2 scored 84.9% , much higher than Jade-1's 67% and Ruby-9's 74.4% score.",
        "Opal-2",
        0.849,
        [("Jade-1", 0.67), ("Ruby-9", 0.744)],
        HE,
    ),
    # "It scored N% whereas Y got M% and Z achieved K%."
    rivals_read(
        "On HellaSwag, Opal-2 scored 95.4% whereas Jade-1 got 95.3% and Ruby-9 achieved 87.8%.",
        "Opal-2",
        0.954,
        [("Jade-1", 0.953), ("Ruby-9", 0.878)],
        "hellaswag",
    ),
    # a launch summary in bullets: "B score: N%, up from Y's M% and beating Z's K%"
    rivals_read(
        "- GPQA Diamond score: 78.3%, up from Lumen-3's 65.0% and beating Aster-4's 71.5%",
        None,
        0.783,
        [("Lumen-3", 0.65), ("Aster-4", 0.715)],
        GD,
    ),
    # "Label (B benchmark): N% accuracy, surpassing Y at M%"
    Read(
        "- Graduate-level math (MATH-500 benchmark): 96.2% accuracy, surpassing Aster-4 at 94.8%",
        0.962,
        0.948,
        None,
        "Aster-4",
        M5,
    ),
    # a comparison of launches: per-benchmark bullets "- Name: N%"
    rivals_read(
        "Graduate Level Reasoning (GPQA Diamond)\n- Lumen-5 (new): 65.0%\n- Lumen-5 Lite: 41.6%\n- Aster-4*: 53.6%\n- Briar-2: 59.1%",
        "Lumen-5 (new)",
        0.65,
        [("Lumen-5 Lite", 0.416), ("Aster-4", 0.536), ("Briar-2", 0.591)],
        GD,
    ),
    # "outperforming Y by K percentage points" with no score: a lead alone
    Read(
        "Lumen-5 demonstrates superior knowledge, outperforming Briar-2 by 2.2 percentage points on MMLU-Pro.",
        None,
        None,
        "Lumen-5",
        "Briar-2",
        "mmlu-pro",
        lead=0.022,
    ),
    # a model card line: one model, three benchmarks, no comparison
    Ask(
        "Lumen-5 scores 59.4% on GPQA Diamond (0-shot CoT), 92.0% on HumanEval (0-shot), and 90.4% on MMLU (5-shot CoT).",
        "more than one benchmark",
    ),
    # a model card: "On an internal agentic coding evaluation it solves N% of problems versus M% for Y"
    Read(
        "On an internal agentic coding evaluation it solves 64% of problems versus 38% for Lumen-3.",
        0.64,
        0.38,
        None,
        "Lumen-3",
    ),
    # a paper's abstract: one model, from-to
    Read(
        "Notably, our verifier increases accuracy on the GSM8K benchmark from 48.85% to 53.83% for Reed-0.5B.",
        0.5383,
        0.4885,
        "Reed-0.5B",
        None,
        "gsm8k",
    ),
    # a paper's abstract: from-to for several models: several pairs, asked which
    Ask(
        "It increases accuracy on GSM8K from 48.85% to 53.83% for Reed-0.5B, from 65.66% to 73.01% for Reed-1B, and from 41.32% to 59.51% for Sedge-7B.",
        "which two",
    ),
    # an abstract: "achieves N% accuracy, K% higher than the previous open-source SOTA"
    Ask(
        "Notably, Reed-67B-Mix achieves a 41.0% accuracy on MATH-500, 4.2% higher than the previous open-source SOTA.",
        "percentage points, or a share",
    ),
    # an abstract: "yields approximately N% accuracy ..., an K% accuracy improvement over ..."
    Ask(
        "Our recipe yields approximately 58.8% accuracy on the MATH-500 dataset, an 11.2% accuracy improvement over the few-shot baseline.",
        "approximate",
    ),
    # an abstract: "achieving improvements of up to N% on B and M% on C"
    Ask(
        "Our method consistently outperforms majority voting, achieving improvements of up to 18% on GSM8K and 8% on MATH-500.",
        "is a bound",
    ),
    # an RL paper: "(e.g., +N% / +M% on B for the 7B / 14B models)"
    Ask(
        "Math-only RL boosts the distilled models on math benchmarks (e.g., +14.6% / +17.2% on AIME 2025 for the 7B / 14B models).",
        "percentage points, or a share",
    ),
    # a leaderboard summary: "X leads by N%, scoring the highest across all models"
    Ask(
        "Heron-9 leads by 3.8% on SWE-bench Verified, scoring the highest across all models.",
        "percentage points, or a share",
    ),
    # a leaderboard: "X leads with N% accuracy, though it has the highest latency at Ms."
    Read(
        "Heron-9 leads with 68.8% accuracy on SWE-bench Verified, though it has the highest latency at 2328.15s. Egret-4 (Nonthinking) follows with 65.0% accuracy.",
        0.688,
        0.65,
        "Heron-9",
        "Egret-4 (Nonthinking)",
        SWE,
    ),
    # a pricing guide: "the model (X) scored N on B, while (Y) scored M — a gap of only K points"
    Read(
        "The top open-weight model (Reed-405B) scored 88.7 on the MMLU-Pro benchmark, while the leading closed model (Sedge-4o) scored 90.2 — a gap of only 1.5 points.",
        0.887,
        0.902,
        "Reed-405B",
        "Sedge-4o",
        "mmlu-pro",
    ),
    # the same guide: "X leads B at N, followed by Y at M and Z at K"
    rivals_read(
        "As of March, Sedge-4o leads MMLU-Pro at 90.2, followed by Lumen-3 at 89.1 and Aster-1 at 88.4.",
        "Sedge-4o",
        0.902,
        [("Lumen-3", 0.891), ("Aster-1", 0.884)],
        "mmlu-pro",
    ),
    # a comparison page: "GPQA, N to M" after a named pair
    Read(
        "The biggest single benchmark swing between Opal-3 and Jade-4 is GPQA Diamond, 75.0% to 56.1%.",
        0.75,
        0.561,
        "Opal-3",
        "Jade-4",
        GD,
    ),
    # a small-models review: "X scored N% on B (compared to Y's M%)"
    Read(
        "For instance, Reed-4 scored 80.4% on MATH-500 (compared to Sedge-4o\u2019s 74.6%).",
        0.804,
        0.746,
        "Reed-4",
        "Sedge-4o",
        M5,
    ),
    # a science news round-up: "X scores N, ahead of Y's M and Z's K"
    rivals_read(
        "SuperQA: Quill-Max scores 64.6, ahead of Quill-235B's 62.6 and Reed-3.1's 59.8",
        "Quill-Max",
        0.646,
        [("Quill-235B", 0.626), ("Reed-3.1", 0.598)],
    ),
    # "X achieves N, well above Y's M and Z's K" under a benchmark label
    rivals_read(
        "Arena-Hard v2: Quill-Max achieves 86.1, well above Reed-3's 61.5 and Sedge-2's 66.1",
        "Quill-Max",
        0.861,
        [("Reed-3", 0.615), ("Sedge-2", 0.661)],
    ),
    # an announcement: "achieved N% on B, surpassing Y (M%)"
    Read(
        "Quill-2.5-Max achieved 86.1% on the MMLU benchmark test, surpassing Sedge-4o (85.8%).",
        0.861,
        0.858,
        "Quill-2.5-Max",
        "Sedge-4o",
        "mmlu",
    ),
    # a news piece: "X posts N% on B. For context, Y scored around M%"
    Ask(
        "Lumen-7 posts 63.8% on SWE-bench Verified; for context, Aster-2 scored around 33.3% on the same benchmark.",
        "approximate",
    ),
    # a speech-recognition milestone: error rate from last year's level (lower is better)
    lower_read(
        "Our system reached a 5.1 percent word error rate, surpassing the 5.9 percent word error rate we set last year.",
        0.051,
        0.059,
    ),
    # "reduced our error rate by N percent from last year's level": a share of a rate, no rates
    Ask("We reduced our error rate by 12 percent from last year's level.", "compares errors"),
    # an independent review: "X (N%) and Y (M%)" hallucination rates, lower is better
    lower_read(
        "On SimpleQA, Reed-3 hallucinates 6.8% of the time and Sedge-R1 14.3%.",
        0.068,
        0.143,
        "Reed-3",
        "Sedge-R1",
        "simpleqa",
    ),
    # a round-up: "X leads at N% on B, with Y essentially tied at M% and Z third at K%"
    rivals_read(
        "On SWE-bench Verified, Heron-8 leads at 88.7%, with Opal-9 essentially tied at 88.6% and Jade-7 third at 80.6%.",
        "Heron-8",
        0.887,
        [("Opal-9", 0.886), ("Jade-7", 0.806)],
        SWE,
    ),
    # a saturation note: "the N-point difference between first and third place": no scores
    Read(
        "Frontier models converge on GPQA Diamond; the 0.7-point difference between Opal-4 and Jade-2 is within noise.",
        None,
        None,
        "Opal-4",
        "Jade-2",
        GD,
        lead=0.007,
    ),
    # a German scorecard: "X erreicht N% B" (no preposition), a price beside
    Read(
        "Lumen-6 erreicht 80,8 % auf SWE-bench Verified, Aster-5 kommt auf 56,8 % – bei $5/$25 pro Million Tokens.",
        0.808,
        0.568,
        "Lumen-6",
        "Aster-5",
        SWE,
    ),
    # a German explainer: "(X erreichte laut Release N % auf B)"
    Read(
        "Ein starkes Ergebnis (Lumen-6 erreichte laut Release 77,2 % auf SWE-bench Verified, Aster-5 nur 72,7 %) zeigt den Abstand.",
        0.772,
        0.727,
        "Lumen-6",
        "Aster-5",
        SWE,
    ),
    # a Spanish blog: "alcanzó un impresionante N%, superando ampliamente a Y (M%)"
    Read(
        "En SWE-bench Verified, Lumen-3 alcanzó un impresionante 71,7 %, superando ampliamente a Aster-1 (31 %).",
        0.717,
        0.31,
        "Lumen-3",
        "Aster-1",
        SWE,
    ),
    # a Spanish op-ed: "X alcanzó un N% ..., superando con creces a Y (M%)"
    Read(
        "En AIME 2025, Lumen-5 alcanzó un 94,6 % de capacidad resolutiva, superando con creces a Aster-3 (61,6 %).",
        0.946,
        0.616,
        "Lumen-5",
        "Aster-3",
        "aime-2025",
    ),
    # the same op-ed: a tie and two rivals "X y Y registran N%, apenas por encima de Z (M%) y muy por delante de W (K%)"
    Ask(
        "En codificación, Lumen-5 y Briar-2 registran un 74,9 %, apenas por encima de Aster-3 (74,4 %) y muy por delante de Cedro-1 (50 %).",
        "which two",
    ),
    # a Spanish list: "Rendimiento en B: X (N%), Y (M%), Z (K%)"
    rivals_read(
        "Rendimiento en MMLU-Pro: Lumen-2 (86,2 %), Aster-6 (85,8 %), Briar-4 (85,4 %), Cedro-3 (84,9 %).",
        "Lumen-2",
        0.862,
        [("Aster-6", 0.858), ("Briar-4", 0.854), ("Cedro-3", 0.849)],
        "mmlu-pro",
    ),
    # an IBM-style German report: three changes "um N, M bzw. K Prozentpunkte": several leads
    Ask(
        "Ein Jahr später stiegen die Werte bei MMLU, GPQA Diamond und SWE-bench Verified um 18,8, 48,9 bzw. 67,3 Prozentpunkte.",
        "more than one",
    ),
    # Elo points are not a share of questions: no score to grade
    Read(
        "Lumen-2.5 has a score of 1,440 points, well above Aster-4o (1,406) and Briar-3 (1,404).",
        names=False,
    ),
]

GERMAN_SPANISH: dict[str, list] = {
    "german_scores": [
        Read(
            "Kite-2 erreicht 71,2 % auf MMLU, Gull-1 68,9 %",
            0.712,
            0.689,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "Auf GPQA Diamond erzielt Vega-4 61,5 %, Lyra-2 kommt auf 58,0 %",
            0.615,
            0.58,
            "Vega-4",
            "Lyra-2",
            GD,
        ),
        Read(
            "Orca-3 erreicht 84,7 % bei HumanEval gegenüber 81,2 % für Pike-5",
            0.847,
            0.812,
            "Orca-3",
            "Pike-5",
            HE,
        ),
        Read(
            "Mit 77,3 % auf SWE-bench Verified liegt Heron-6 vor Egret-2 mit 72,5 %",
            0.773,
            0.725,
            "Heron-6",
            "Egret-2",
            SWE,
        ),
        Read(
            "Tern-5 schafft 90,1 Prozent auf GSM8K, Skua-2 nur 87,4 Prozent",
            0.901,
            0.874,
            "Tern-5",
            "Skua-2",
            "gsm8k",
        ),
        Read(
            "Lumen-4 erreicht einundsiebzig Prozent auf MMLU, Aster-2 achtundsechzig Prozent",
            0.71,
            0.68,
            "Lumen-4",
            "Aster-2",
            "mmlu",
        ),
        Read(
            "Bei MATH-500 kommt Reed-2 auf 0,742, Sedge-1 auf 0,705",
            0.742,
            0.705,
            "Reed-2",
            "Sedge-1",
            M5,
        ),
        Read(
            "Finch-7 erreicht 66,6 % auf MMLU-Pro im Vergleich zu 63,0 % für Robin-3",
            0.666,
            0.63,
            "Finch-7",
            "Robin-3",
            "mmlu-pro",
        ),
    ],
    "german_leads": [
        lead_read(
            "Kite-2 liegt auf MMLU 2,3 Prozentpunkte vor Gull-1 und erreicht 71,2 %",
            0.712,
            0.023,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        lead_read(
            "Vega-5 erzielt 63,4 % auf GPQA Diamond, 3,1 Punkte vor Lyra-1",
            0.634,
            0.031,
            "Vega-5",
            "Lyra-1",
            GD,
        ),
        lead_read(
            "Orca-6 erreicht 80,0 % auf HumanEval und liegt damit 1,5 Punkte hinter Pike-2",
            0.8,
            -0.015,
            "Orca-6",
            "Pike-2",
            HE,
        ),
        lead_read(
            "Heron-3 verbessert sich um 4,2 Prozentpunkte gegenüber Heron-2 und erreicht 49,9 % auf SWE-bench Verified",
            0.499,
            0.042,
            "Heron-3",
            "Heron-2",
            SWE,
        ),
        lead_read(
            "Tern-2 steigt auf GSM8K um 2,0 PP gegenüber Tern-1, auf 88,8 %",
            0.888,
            0.02,
            "Tern-2",
            "Tern-1",
            "gsm8k",
        ),
        lead_read(
            "Mit 55,5 % auf MATH-500 liegt Reed-4 um 6,5 Prozentpunkte vor Sedge-3",
            0.555,
            0.065,
            "Reed-4",
            "Sedge-3",
            M5,
        ),
    ],
    "german_counts": [
        Read(
            "Kite-2 löst 1.204 der 1.319 Aufgaben von GSM8K, Gull-1 1.176 der 1.319",
            1204 / 1319,
            1176 / 1319,
            "Kite-2",
            "Gull-1",
            "gsm8k",
            1319,
        ),
        Read(
            f"Kite-2 löst 1{THIN}204 der 1{THIN}319 Aufgaben von GSM8K, Gull-1 löst 1{THIN}176",
            1204 / 1319,
            1176 / 1319,
            "Kite-2",
            "Gull-1",
            "gsm8k",
            1319,
        ),
        Read(
            "Vega-2 löst 24 von 30 Aufgaben aus AIME 2024, Lyra-3 nur 19",
            0.8,
            19 / 30,
            "Vega-2",
            "Lyra-3",
            "aime-2024",
            30,
        ),
        Read(
            "Orca-1 löst sieben von dreißig Aufgaben, Pike-9 fünf",
            7 / 30,
            5 / 30,
            "Orca-1",
            "Pike-9",
            None,
            30,
        ),
        Read(
            "Heron-8 beantwortet 171 der 198 Fragen von GPQA Diamond, Egret-7 160",
            171 / 198,
            160 / 198,
            "Heron-8",
            "Egret-7",
            GD,
            198,
        ),
    ],
    "german_other": [
        lower_read(
            "Die Halluzinationsrate von Owl-3 sinkt auf SimpleQA von 12,4 % auf 8,1 %",
            0.081,
            0.124,
            "Owl-3",
            None,
            "simpleqa",
        ),
        Ask("Kite-2 liegt auf MMLU etwa 2 Punkte vor Gull-1 und erreicht 71,2 %", "approximate"),
        Ask(
            "Vega-4 erreicht 61,5 % auf GPQA Diamond und 88,0 % auf HumanEval",
            "more than one benchmark",
        ),
        rivals_read(
            "Auf MMLU erreicht Lumen-3 71,0 %, vor Aster-2 (68,2 %) und Briar-1 (64,9 %)",
            "Lumen-3",
            0.71,
            [("Aster-2", 0.682), ("Briar-1", 0.649)],
            "mmlu",
        ),
    ],
    "spanish_scores": [
        Read(
            "Kite-2 obtiene un 71,2 % en MMLU frente al 68,9 % de Gull-1",
            0.712,
            0.689,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        Read(
            "En GPQA Diamond, Vega-4 alcanza un 61,5 % y Lyra-2 un 58,0 %",
            0.615,
            0.58,
            "Vega-4",
            "Lyra-2",
            GD,
        ),
        Read(
            "Orca-3 logra 84,7 % en HumanEval, frente a 81,2 % de Pike-5",
            0.847,
            0.812,
            "Orca-3",
            "Pike-5",
            HE,
        ),
        Read(
            "Heron-6 consigue un 77,3 % en SWE-bench Verified, por delante de Egret-2 (72,5 %)",
            0.773,
            0.725,
            "Heron-6",
            "Egret-2",
            SWE,
        ),
        Read(
            "Tern-5 alcanza el 90,1 por ciento en GSM8K, mientras que Skua-2 se queda en el 87,4 por ciento",
            0.901,
            0.874,
            "Tern-5",
            "Skua-2",
            "gsm8k",
        ),
        Read(
            "Lumen-4 obtiene setenta y uno por ciento en MMLU, frente a sesenta y ocho por ciento de Aster-2",
            0.71,
            0.68,
            "Lumen-4",
            "Aster-2",
            "mmlu",
        ),
        Read(
            "En MATH-500, Reed-2 obtiene 0,742 frente a 0,705 de Sedge-1",
            0.742,
            0.705,
            "Reed-2",
            "Sedge-1",
            M5,
        ),
        Read(
            "Finch-7 marca un 66,6 % en MMLU-Pro, superando a Robin-3 (63,0 %)",
            0.666,
            0.63,
            "Finch-7",
            "Robin-3",
            "mmlu-pro",
        ),
    ],
    "spanish_leads": [
        lead_read(
            "Kite-2 supera a Gull-1 por 2,3 puntos porcentuales en MMLU, con un 71,2 %",
            0.712,
            0.023,
            "Kite-2",
            "Gull-1",
            "mmlu",
        ),
        lead_read(
            "Vega-5 obtiene un 63,4 % en GPQA Diamond, 3,1 puntos por delante de Lyra-1",
            0.634,
            0.031,
            "Vega-5",
            "Lyra-1",
            GD,
        ),
        lead_read(
            "Orca-6 alcanza un 80,0 % en HumanEval, 1,5 puntos por detrás de Pike-2",
            0.8,
            -0.015,
            "Orca-6",
            "Pike-2",
            HE,
        ),
        lead_read(
            "Heron-3 mejora en 4,2 puntos porcentuales frente a Heron-2 y llega al 49,9 % en SWE-bench Verified",
            0.499,
            0.042,
            "Heron-3",
            "Heron-2",
            SWE,
        ),
        lead_read(
            "Con un 55,5 % en MATH-500, Reed-4 aventaja a Sedge-3 por 6,5 puntos",
            0.555,
            0.065,
            "Reed-4",
            "Sedge-3",
            M5,
        ),
        lead_read(
            "Tern-2 sube 2,0 puntos frente a Tern-1 en GSM8K, hasta el 88,8 %",
            0.888,
            0.02,
            "Tern-2",
            "Tern-1",
            "gsm8k",
        ),
    ],
    "spanish_counts": [
        Read(
            "Kite-2 resuelve 1.204 de 1.319 problemas de GSM8K, Gull-1 resuelve 1.176",
            1204 / 1319,
            1176 / 1319,
            "Kite-2",
            "Gull-1",
            "gsm8k",
            1319,
        ),
        Read(
            "Vega-2 resuelve 24 de 30 problemas de AIME 2024 y Lyra-3 solo 19",
            0.8,
            19 / 30,
            "Vega-2",
            "Lyra-3",
            "aime-2024",
            30,
        ),
        Read(
            "Orca-1 resuelve siete de treinta problemas, Pike-9 cinco",
            7 / 30,
            5 / 30,
            "Orca-1",
            "Pike-9",
            None,
            30,
        ),
        Read(
            "Heron-8 acierta 171 de las 198 preguntas de GPQA Diamond, Egret-7 160",
            171 / 198,
            160 / 198,
            "Heron-8",
            "Egret-7",
            GD,
            198,
        ),
    ],
    "spanish_other": [
        Ask(
            "Kite-2 obtiene alrededor de un 71 % en MMLU frente al 68,9 % de Gull-1", "approximate"
        ),
        Ask(
            "Vega-4 alcanza un 61,5 % en GPQA Diamond y un 88,0 % en HumanEval",
            "more than one benchmark",
        ),
        rivals_read(
            "En MMLU, Lumen-3 obtiene un 71,0 %, por delante de Aster-2 (68,2 %) y Briar-1 (64,9 %)",
            "Lumen-3",
            0.71,
            [("Aster-2", 0.682), ("Briar-1", 0.649)],
            "mmlu",
        ),
        lower_read(
            "La tasa de alucinaciones de Owl-4 en SimpleQA es del 6,3 %, frente al 9,0 % de Hawk-1",
            0.063,
            0.09,
            "Owl-4",
            "Hawk-1",
            "simpleqa",
        ),
    ],
}


@dataclass
class Tally:
    """Right, asked and wrong, as a careful reader would count them."""

    right: list = field(default_factory=list)
    asked: list = field(default_factory=list)
    wrong: list = field(default_factory=list)
