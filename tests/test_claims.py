"""The claim parser against a corpus of sentences written for it (issue 16, part 1).

The launch sentences of issue 27, with what each field was derived from, are
in ``test_claim_sentences.py``.

Each row is a sentence and what it should read: exactly the fields listed,
no others, and whether it should ask a question. At least 95% must parse
exactly; the sentences it gets wrong are listed in ``KNOWN_MISSES`` with the
reason, and the test fails if one of them starts passing (update the list)
or if any other sentence misses.
"""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import benchstats.claims
from benchstats import BENCHMARK_KEYS
from benchstats.claims import MAX_CHARS, ClaimSpan, ParsedClaim, parse_claim

GD = "gpqa-diamond"

# (sentence, expected fields, asks a question)
CORPUS: list[tuple[str, dict, bool]] = [
    # ---- headlines
    ("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%",
     dict(a=0.873, b=0.851, name_a="Model X", name_b="Model Y", bench=GD), False),
    ("Claude 3.5 Sonnet beats GPT-4o on GPQA Diamond, 59.4% to 53.6%",
     dict(a=0.594, b=0.536, name_a="Claude 3.5 Sonnet", name_b="GPT-4o", bench=GD), False),
    ("Gemini 2.5 Pro vs o3: 86.4% vs 83.3% on GPQA Diamond",
     dict(a=0.864, b=0.833, name_a="Gemini 2.5 Pro", name_b="o3", bench=GD), False),
    ("GPT-5 hits 88.1% on GPQA Diamond vs Claude Opus 4.1's 80.9%",
     dict(a=0.881, b=0.809, name_a="GPT-5", name_b="Claude Opus 4.1", bench=GD), False),
    ("o3-mini (high) scores 79.7% on GPQA Diamond, ahead of DeepSeek-R1 at 71.5%",
     dict(a=0.797, b=0.715, name_a="o3-mini (high)", name_b="DeepSeek-R1", bench=GD), False),
    ("Llama 3.1 405B: 51.1% on GPQA; Qwen2.5-72B: 49.0%",
     dict(a=0.511, b=0.49, name_a="Llama 3.1 405B", name_b="Qwen2.5-72B"), True),
    ("Sonnet 4.5 leads GPT-5 by 2.3 percentage points on SWE-bench Verified",
     dict(lead=0.023, name_a="Sonnet 4.5", name_b="GPT-5", bench="swe-bench-verified"), False),
    ("Gemini trails Claude by 1.4 pp on GPQA Diamond",
     dict(lead=-0.014, name_a="Gemini", name_b="Claude", bench=GD), False),
    ("A 3-point lead on MMLU-Pro for Model Z over Model W",
     dict(lead=0.03, name_a="Model Z", name_b="Model W", bench="mmlu-pro"), False),
    ("Kimi K2 tops LiveCodeBench with 53.7% against DeepSeek V3's 49.2%",
     dict(a=0.537, b=0.492, name_a="Kimi K2", name_b="DeepSeek V3"), False),
    ("Mistral Large 2 at 84.0% vs Llama 3.1 405B at 88.6% on MMLU",
     dict(a=0.84, b=0.886, name_a="Mistral Large 2", name_b="Llama 3.1 405B", bench="mmlu"), False),
    ("Phi-4 scores 56.1% on GPQA (448 questions) vs 49.1% for Phi-3",
     dict(a=0.561, b=0.491, name_a="Phi-4", name_b="Phi-3", n=448, bench="gpqa-main"), False),
    ("Model M improves from 45.0% to 52.5% on MATH-500",  # from old to new: the new is A
     dict(a=0.525, b=0.45, name_a="Model M", bench="math-500"), False),
    ("Sigma-1 reaches 80 percent on MMLU compared to 75 percent for Tau-1",
     dict(a=0.8, b=0.75, name_a="Sigma-1", name_b="Tau-1", bench="mmlu"), False),
    ("Alpha beats Beta 87.3–85.1 on GPQA Diamond",
     dict(a=0.873, b=0.851, name_a="Alpha", name_b="Beta", bench=GD), False),
    ("Orion Ultra outperforms GPT-4o on GPQA Diamond, 61.2% versus 53.6%.",
     dict(a=0.612, b=0.536, name_a="Orion Ultra", name_b="GPT-4o", bench=GD), False),
    ("X is ahead of Y, 45.2% to 41.0%, on 500 SWE-bench Verified tasks",
     dict(a=0.452, b=0.41, name_a="X", name_b="Y", n=500, bench="swe-bench-verified"), False),
    ("Model X's GPQA Diamond accuracy is 87.3%, Model Y's is 85.1%.",
     dict(a=0.873, b=0.851, name_a="Model X", name_b="Model Y", bench=GD), False),
    ("GPT-4 Turbo (86.5%) versus Claude 3 Opus (86.8%) on MMLU — a 0.3pp gap nobody should headline",
     dict(a=0.865, b=0.868, lead=0.003, name_a="GPT-4 Turbo", name_b="Claude 3 Opus", bench="mmlu"), False),
    ("Grok 3 (Think) 84.6% vs o3-mini-high 79.7%, GPQA Diamond",
     dict(a=0.846, b=0.797, name_a="Grok 3 (Think)", name_b="o3-mini-high", bench=GD), False),
    ("Which is better: 71.2% or 70.8% on ARC-Challenge?",
     dict(a=0.712, b=0.708, bench="arc-challenge"), False),
    ("GPQA: 61.0% vs 59.5%", dict(a=0.61, b=0.595), True),
    ("GPQA (198 Qs): 61.0% vs 59.5%", dict(a=0.61, b=0.595, n=198, bench=GD), False),
    ("X scores 87.3%, up from 85.1% last quarter, on GPQA Diamond.",
     dict(a=0.873, b=0.851, name_a="X", bench=GD), False),
    # ---- tweets
    ("wow. new model at 91.2% on MMLU-Pro vs 88.7% for the old one 🤯",
     dict(a=0.912, b=0.887, bench="mmlu-pro"), False),
    ("ok so Grok 4 gets 87.5 on GPQA diamond vs 84.6 for Claude... is that real?",
     dict(a=0.875, b=0.846, name_a="Grok 4", name_b="Claude", bench=GD), False),
    ("GPT-4o 53.6% vs Claude 3.5 Sonnet 59.4% (GPQA Diamond, 0-shot CoT)",
     dict(a=0.536, b=0.594, name_a="GPT-4o", name_b="Claude 3.5 Sonnet", bench=GD), False),
    ("Claude Opus 4 scored 72.5% on SWE-bench Verified. GPT-4.1: 54.6%.",
     dict(a=0.725, b=0.546, name_a="Claude Opus 4", name_b="GPT-4.1", bench="swe-bench-verified"), False),
    ("Qwen3 235B crushes GSM8K: 95.1% (vs 92.3% for Llama 3.3 70B)",
     dict(a=0.951, b=0.923, name_a="Qwen3 235B", name_b="Llama 3.3 70B", bench="gsm8k"), False),
    ("34/40 vs 31/40 on our held-out set. not significant imo",
     dict(a=0.85, b=0.775, n=40), False),
    ("Model A: 0.873, Model B: 0.851 (n=198)",
     dict(a=0.873, b=0.851, name_a="Model A", name_b="Model B", n=198), False),
    ("lol GPT-5 at 0.88 on GPQA-D and everyone's shocked",
     dict(a=0.88, name_a="GPT-5", bench=GD), False),
    ("HumanEval pass@1: 92.0% (ours) vs 90.2% (GPT-4o)",
     dict(a=0.92, b=0.902, name_b="GPT-4o", bench="humaneval", metric="pass@1"), False),
    ("RT @evalnerd: new SOTA on SWE-bench Verified — 74.5% (Agent-Z) vs 70.3% (Agent-Y)",
     dict(a=0.745, b=0.703, name_a="Agent-Z", name_b="Agent-Y", bench="swe-bench-verified"), False),
    ("model x: 87.3%, model y: 85.1%", dict(a=0.873, b=0.851), False),
    ("SimpleQA: o3 47.0%, GPT-4.5 62.5%",
     dict(a=0.47, b=0.625, name_a="o3", name_b="GPT-4.5", bench="simpleqa"), False),
    ("GPT-4o: 88.7 MMLU", dict(a=0.887, name_a="GPT-4o", bench="mmlu"), False),
    ("ahead of the pack: Model X 0.91 vs Model Y 0.89 on HumanEval pass@10",
     dict(a=0.91, b=0.89, name_a="Model X", name_b="Model Y", bench="humaneval", metric="pass@10"), False),
    ("Claude scores 0.873 on GPQA Diamond, beating Gemini's 0.851 — a 2.2 point lead",
     dict(a=0.873, b=0.851, lead=0.022, name_a="Claude", name_b="Gemini", bench=GD), False),
    ("34 of 40 on the hard slice", dict(a=0.85, n=40), False),
    ("Llama-3-70B-Instruct: 39.5% GPQA, Mixtral 8x22B: 34.3%",
     dict(a=0.395, b=0.343, name_a="Llama-3-70B-Instruct", name_b="Mixtral 8x22B"), True),
    ("Model X beats Model Y by 5% on HumanEval",
     dict(name_a="Model X", name_b="Model Y", bench="humaneval"), True),
    # ---- model cards and papers
    ("On GPQA Diamond (198 questions), our model achieves 65.2% ± 3.4, compared with 59.1% ± 3.5 for the baseline.",
     dict(a=0.652, se_a=0.034, b=0.591, se_b=0.035, n=198, bench=GD), False),
    ("MMLU-Pro (5-shot): 71.3 (SE 0.4) vs 69.8 (SE 0.4)",
     dict(a=0.713, se_a=0.004, b=0.698, se_b=0.004, bench="mmlu-pro"), False),
    ("Accuracy on HumanEval (164 problems), pass@1: Model-7B 61.0%, Model-13B 67.1%.",
     dict(a=0.61, b=0.671, name_a="Model-7B", name_b="Model-13B", n=164, bench="humaneval", metric="pass@1"), False),
    ("Results (maj@8): AIME 2025 — Aurora-2 at 86.7% vs Borealis at 80.0%",
     dict(a=0.867, b=0.8, name_a="Aurora-2", name_b="Borealis", bench="aime-2025", metric="maj@8"), False),
    ("GSM8K test accuracy: 1,203 of 1,319 for our 8B model versus 1,150 of 1,319 for the baseline.",
     dict(a=1203 / 1319, b=1150 / 1319, n=1319, bench="gsm8k"), False),
    ("Table 3: SWE-bench Verified resolved rate, 49.0% (Ours) vs. 33.4% (previous SOTA), out of 500 tasks.",
     dict(a=0.49, b=0.334, n=500, bench="swe-bench-verified"), False),
    ("Evaluated with pass@1 at temperature 0.6 over 16 samples: Model-X 79.8%, Model-Y 72.6% on AIME 2024.",
     dict(a=0.798, b=0.726, name_a="Model-X", name_b="Model-Y", bench="aime-2024", metric="pass@1"), False),
    ("GPQA Diamond: 87.3 ± 1.8 (Model X) vs 85.1 ± 1.9 (Model Y)",
     dict(a=0.873, se_a=0.018, b=0.851, se_b=0.019, name_a="Model X", name_b="Model Y", bench=GD), False),
    ("Model P: 62% (SE 3.4); Model Q: 55% (SE 3.5)",
     dict(a=0.62, se_a=0.034, b=0.55, se_b=0.035, name_a="Model P", name_b="Model Q"), False),
    ("Model P scores 0.62 ± 0.034 against Model Q's 0.55 ± 0.035",
     dict(a=0.62, se_a=0.034, b=0.55, se_b=0.035, name_a="Model P", name_b="Model Q"), False),
    ("MMLU Pro: Zeta 78.0% ± 0.4, Eta 76.5% ± 0.4",
     dict(a=0.78, se_a=0.004, b=0.765, se_b=0.004, name_a="Zeta", name_b="Eta", bench="mmlu-pro"), False),
    ("HellaSwag: Foo-7B 0.812, Bar-7B 0.798 (10,042 items)",
     dict(a=0.812, b=0.798, name_a="Foo-7B", name_b="Bar-7B", n=10042, bench="hellaswag"), False),
    ("ARC-C 25-shot: 0.87 vs 0.85", dict(a=0.87, b=0.85, bench="arc-challenge"), False),
    ("Top of the leaderboard: Model Alpha 93.43% ± 1.24, Model Beta 95.20% ± 1.07 (GPQA Diamond)",
     dict(a=0.9343, se_a=0.0124, b=0.952, se_b=0.0107, name_a="Model Alpha", name_b="Model Beta", bench=GD), False),
    ("MBPP: 80.2% vs 76.4% (500 problems), model Alpha vs model Beta",
     dict(a=0.802, b=0.764, n=500, name_a="Alpha", name_b="Beta", bench="mbpp"), False),
    ("GSM-8K 95.2% for Model Q versus 93.7% for Model R",
     dict(a=0.952, b=0.937, name_a="Model Q", name_b="Model R", bench="gsm8k"), False),
    ("Model X 87.3% (n=198) vs Model Y 85.1% (n=198)",
     dict(a=0.873, b=0.851, name_a="Model X", name_b="Model Y", n=198), False),
    ("Claude Sonnet 4 hits 72.7% on SWE-bench Verified (pass@1, averaged over 10 runs)",
     dict(a=0.727, name_a="Claude Sonnet 4", bench="swe-bench-verified", metric="pass@1"), False),
    ("Scores: 82% (A) and 78% (B), both on the 448-question GPQA main set",
     dict(a=0.82, b=0.78, name_a="A", name_b="B", n=448, bench="gpqa-main"), False),
    ("Model Alpha scored 83/100 while Model Beta scored 78/100",
     dict(a=0.83, b=0.78, n=100, name_a="Model Alpha", name_b="Model Beta"), False),
    # issue 34 (5): the second count is read though its verb is left out ("Model L 141")
    ("Out of 198 questions, Model K answered 150 correctly and Model L 141.",
     dict(a=150 / 198, b=141 / 198, n=198, name_a="Model K", name_b="Model L"), False),
    ("On 30 AIME problems, Solver-1 got 24 right and Solver-2 got 21.",
     dict(a=24 / 30, b=21 / 30, n=30, name_a="Solver-1", name_b="Solver-2", bench="aime"), False),
    ("DeepSeek V3 — 88.5 MMLU, 75.9 MMLU-Pro, 59.1 GPQA", dict(), True),
    # issue 34 (0): one model on two benchmarks compares no two models: nothing is filled
    ("GPT-4o mini scored 82.0% on MMLU, 87.2% on HumanEval", dict(), True),
    ("Model X scores 87.3% on GPQA Diamond and 71.0% on MMLU-Pro, beating Model Y", dict(), True),
    # ---- press releases
    ("Acme AI today announced Nova-2, which achieves 88.4% on MMLU-Pro, surpassing the previous leader's 86.2%.",
     dict(a=0.884, b=0.862, name_a="Nova-2", bench="mmlu-pro"), False),
    ("PRESS RELEASE — Zenith Labs' Z-1 model scores 74.2% on SWE-bench Verified, ahead of Competitor C (71.8%), setting a new state of the art.",
     dict(a=0.742, b=0.718, name_a="Z-1", name_b="Competitor C", bench="swe-bench-verified"), False),
    ("Introducing Helios: 90.1% on HumanEval and 95.3% on GSM8K.", dict(), True),  # issue 34 (0)
    ("In internal testing, Atlas-3 answered 412 of 448 GPQA questions correctly, compared with 389 for the prior release.",
     dict(a=412 / 448, b=389 / 448, n=448, name_a="Atlas-3", bench="gpqa-main"), False),
    ("The company said its model, Vega, reached 83.0 percent on MMLU, up from 79.5 percent for Vega's predecessor.",
     dict(a=0.83, b=0.795, name_a="Vega", bench="mmlu"), False),
    ("For immediate release: Polaris-Pro sets a record 68.0% on AIME 2025 (pass@1), topping Rival-9's 61.3% on the same 30 problems.",
     dict(a=0.68, b=0.613, name_a="Polaris-Pro", name_b="Rival-9", n=30, bench="aime-2025", metric="pass@1"), False),
    ("Our new model, Lyra, achieves a state-of-the-art 0.92 on HumanEval, ahead of Cygnus at 0.89.",
     dict(a=0.92, b=0.89, name_a="Lyra", name_b="Cygnus", bench="humaneval"), False),
    # ---- decimal commas and other languages
    ("Modell X erreicht 87,3 % auf GPQA Diamond, Modell Y nur 85,1 %.",
     dict(a=0.873, b=0.851, name_a="Modell X", name_b="Modell Y", bench=GD), False),
    ("Le modèle A obtient 72,4 % sur MMLU-Pro contre 70,9 % pour le modèle B.",
     dict(a=0.724, b=0.709, bench="mmlu-pro"), False),
    ("KI-Modell Aurora: 0,873 gegenüber 0,851 bei Boreas (n = 198)",
     dict(a=0.873, b=0.851, n=198, name_a="KI-Modell Aurora"), False),
    ("El modelo Orca logra un 64,5 % en AIME 2025 frente al 58,2 % de Delfín.",
     dict(a=0.645, b=0.582, name_a="Orca", name_b="Delfín", bench="aime-2025"), False),
    ("Wynik: 91,2% vs 89,8% (HumanEval, pass@1)",
     dict(a=0.912, b=0.898, bench="humaneval", metric="pass@1"), False),
    ("87,3 % contre 85,1 % : l'écart de 2,2 points est-il significatif ?",
     dict(a=0.873, b=0.851, lead=0.022), False),
    ("Score GPQA Diamond : 0,612 (modèle A) contre 0,536 (modèle B), sur 198 questions.",
     dict(a=0.612, b=0.536, n=198, name_a="A", name_b="B", bench=GD), False),
    ("Il modello Tirreno ottiene il 58,0% su GPQA Diamond, contro il 55,6% di Adriatico.",
     dict(a=0.58, b=0.556, name_a="Tirreno", name_b="Adriatico", bench=GD), False),
    # ---- HTML and hostile text
    ("<b>Model X</b> scores <i>87.3%</i> on GPQA Diamond, beating <a href='#'>Model Y</a>'s 85.1%",
     dict(a=0.873, b=0.851, name_a="Model X", name_b="Model Y", bench=GD), False),
    ("&lt;script&gt;alert(1)&lt;/script&gt; 87.3% vs 85.1%", dict(a=0.873, b=0.851), False),
    ("<p>GPT-5&nbsp;&mdash;&nbsp;88.1&#37; on GPQA&#8209;Diamond</p>",
     dict(a=0.881, name_a="GPT-5", bench=GD), False),
    ("100% 100% 100% 100%", dict(), True),
    ("87.3 85.1 198", dict(), False),
    ("1 2 3 4 5 6 7 8 9 10", dict(), False),
    ("???!!!@@@###", dict(), False),
    # ---- written after the parser, and kept whatever it made of them (two batches of ten:
    # 8 and 7 parsed exactly as first written; the rules were then widened, not the rows)
    ("BREAKING: Titan-2 posts 77.7% on SWE-bench Verified, edging out Colossus (76.9%)",
     dict(a=0.777, b=0.769, name_a="Titan-2", name_b="Colossus", bench="swe-bench-verified"), False),
    ("Nebula scores 0.734 on MMLU-Pro; Quasar, 0.741.",
     dict(a=0.734, b=0.741, name_a="Nebula", name_b="Quasar", bench="mmlu-pro"), False),
    ("According to the lab, Falcon-X answered 171 of 198 GPQA Diamond questions correctly versus 165 of 198 for Osprey.",
     dict(a=171 / 198, b=165 / 198, n=198, name_a="Falcon-X", name_b="Osprey", bench=GD), False),
    ("Is a 1.5-point lead on 500 questions meaningful? 81.5% vs 80%",
     dict(lead=0.015, a=0.815, b=0.8, n=500), False),
    ("Titan leads at 62.1 ± 2.4, Colossus follows at 58.3 ± 2.5 (AIME 2025, avg@16)",
     dict(a=0.621, se_a=0.024, b=0.583, se_b=0.025, name_a="Titan", name_b="Colossus", bench="aime-2025", metric="avg@16"), False),
    ("In our tests the new Bard-3 managed 44% on HumanEval versus 48% for Codex-2",
     dict(a=0.44, b=0.48, name_a="Bard-3", name_b="Codex-2", bench="humaneval"), False),
    ("MMLU: 86.4 (Orca-L) / 85.9 (Pike-L)",
     dict(a=0.864, b=0.859, name_a="Orca-L", name_b="Pike-L", bench="mmlu"), False),
    ("Model Q went from 0.61 to 0.66 on ARC-Challenge after fine-tuning",
     dict(a=0.66, b=0.61, name_a="Model Q", bench="arc-challenge"), False),
    ("Quokka: 88.0%. Wombat: 86.0%. Both on GSM8K (1,319 problems), maj@1.",
     dict(a=0.88, b=0.86, name_a="Quokka", name_b="Wombat", n=1319, bench="gsm8k", metric="maj@1"), False),
    ("Corvid-9 crushed it with a 92% score on MATH-500, while Magpie-4 got 89%.",
     dict(a=0.92, b=0.89, name_a="Corvid-9", name_b="Magpie-4", bench="math-500"), False),
    ("Starling-9B posts 41.3% on GPQA Diamond, a hair above Finch-9B at 40.9%.",
     dict(a=0.413, b=0.409, name_a="Starling-9B", name_b="Finch-9B", bench=GD), False),
    ("SWE-bench Verified results: 65.4% for Heron, 62.2% for Egret",
     dict(a=0.654, b=0.622, name_a="Heron", name_b="Egret", bench="swe-bench-verified"), False),
    ("Our 7B model gets 0.55 on MMLU-Pro, compared to 0.49 for Baseline-7B",
     dict(a=0.55, b=0.49, name_b="Baseline-7B", bench="mmlu-pro"), False),
    ("Kestrel v2 hits 90% on HumanEval (148/164), ahead of Kestrel v1's 85%",
     dict(a=148 / 164, b=0.85, n=164, name_a="Kestrel v2", name_b="Kestrel v1", bench="humaneval"), False),
    ("GPQA-Diamond (n = 198): Vireo 0.71 ± 0.03; Wren 0.66 ± 0.03",
     dict(a=0.71, se_a=0.03, b=0.66, se_b=0.03, n=198, name_a="Vireo", name_b="Wren", bench=GD), False),
    ("Phoenix beats Griffin on AIME 2025 by 6.7 points (73.3% vs 66.6%)",
     dict(a=0.733, b=0.666, lead=0.067, name_a="Phoenix", name_b="Griffin", bench="aime-2025"), False),
    ("Score on MGSM: 88.1 percent for Lark, against 86.9 percent for Thrush.",
     dict(a=0.881, b=0.869, name_a="Lark", name_b="Thrush", bench="mgsm"), False),
    ("Not much between them: Puffin 59% and Gannet 58% on ARC-Challenge",
     dict(a=0.59, b=0.58, name_a="Puffin", name_b="Gannet", bench="arc-challenge"), False),
    ("New SOTA!! 🚀 Albatross-XL 78.2% on SimpleQA (prev best: Cormorant 74.0%)",
     dict(a=0.782, b=0.74, name_a="Albatross-XL", name_b="Cormorant", bench="simpleqa"), False),
    ("With 1,180 of 1,319 GSM8K problems solved, Osprey-2 sits just ahead of Kite's 1,171.",
     dict(a=1180 / 1319, b=1171 / 1319, n=1319, name_a="Osprey-2", name_b="Kite", bench="gsm8k"), False),
    # ---- no claim
    ("", dict(), False),
    ("The weather in Paris is lovely today.", dict(), False),
    ("We are excited to share our latest research on reasoning.", dict(), False),
    ("Benchmarks are broken, and leaderboards mislead. Discuss.", dict(), False),
    ("In 2024, 3 labs released 12 models.", dict(), False),
    ("7 of 10 runs favour Model A", dict(), False),
    ("GPQA Diamond has 198 questions written by domain experts.", dict(bench=GD, n=198), False),
    ("The 95% confidence interval for the lead runs from −1.2 to +9.2 points.", dict(), False),
    ("p = 0.03 for the difference between 82% and 78% on 448 questions",
     dict(a=0.82, b=0.78, n=448), False),
]  # fmt: skip

# Sentences the parser reads wrongly, and why. The corpus test fails if one starts passing.
KNOWN_MISSES: dict[str, str] = {
    "Wynik: 91,2% vs 89,8% (HumanEval, pass@1)": (
        "'Wynik' (Polish for 'result') is capitalised before a colon, so it reads as a model name"
    ),
}


def _matches(parsed: ParsedClaim, expected: dict, asks: bool) -> bool:
    got = parsed.fields
    if set(got) != set(expected) or bool(parsed.questions) != asks:
        return False
    return all(
        got[k] == pytest.approx(v, abs=1e-9) if isinstance(v, float) else got[k] == v
        for k, v in expected.items()
    )


def test_corpus_is_large_and_varied():
    assert len(CORPUS) >= 80
    assert len({text for text, _, _ in CORPUS}) == len(CORPUS)
    assert sum(not expected for _, expected, _ in CORPUS) >= 10  # sentences with no claim
    assert sum("," in t and "%" in t and any(c.isdigit() for c in t) for t, _, _ in CORPUS) >= 5


def test_at_least_95_percent_parse_exactly_and_the_misses_are_the_known_ones():
    misses = [
        text for text, expected, asks in CORPUS if not _matches(parse_claim(text), expected, asks)
    ]
    assert set(misses) == set(KNOWN_MISSES), "update KNOWN_MISSES: a miss appeared or was fixed"
    assert 1 - len(misses) / len(CORPUS) >= 0.95


@pytest.mark.parametrize(
    "text, expected, asks", CORPUS, ids=[f"c{i:02d}" for i in range(len(CORPUS))]
)
def test_corpus_sentence(text, expected, asks):
    parsed = parse_claim(text)
    if text in KNOWN_MISSES:
        assert not _matches(parsed, expected, asks), "a known miss now parses: remove it"
        return
    assert parsed.fields == pytest.approx(expected, abs=1e-9)
    assert bool(parsed.questions) == asks, parsed.questions


# --------------------------------------------------------------------------- what it reads


def test_issue_example_fills_scores_names_and_preset_with_spans():
    c = parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")
    assert c.fields == dict(
        a=0.873, b=0.851, name_a="Model X", name_b="Model Y", bench="gpqa-diamond"
    )
    assert c.is_claim and c.questions == ()
    assert [(s.field, s.text) for s in c.spans] == [
        ("name_a", "Model X"),
        ("a", "87.3%"),
        ("bench", "GPQA Diamond"),
        ("name_b", "Model Y"),
        ("b", "85.1%"),
    ]
    for s in c.spans:  # offsets point into the text that was read
        assert c.text[s.start : s.end] == s.text


@pytest.mark.parametrize(
    "alias, key",
    [
        ("GPQA Diamond", "gpqa-diamond"),
        ("GPQA-Diamond", "gpqa-diamond"),
        ("gpqa_diamond", "gpqa-diamond"),
        ("GPQA main", "gpqa-main"),
        ("SWE-bench Verified", "swe-bench-verified"),
        ("SWE-Bench verified", "swe-bench-verified"),
        ("MMLU-Pro", "mmlu-pro"),
        ("MMLU Pro", "mmlu-pro"),
        ("MMLU", "mmlu"),
        ("AIME", "aime"),
        ("AIME 2025", "aime-2025"),
        ("AIME '24", "aime-2024"),
        ("HumanEval", "humaneval"),
        ("Human-Eval", "humaneval"),
        ("GSM8K", "gsm8k"),
        ("GSM-8K", "gsm8k"),
        ("MATH-500", "math-500"),
        ("MBPP", "mbpp"),
        ("ARC-Challenge", "arc-challenge"),
        ("MGSM", "mgsm"),
        ("SimpleQA", "simpleqa"),
        ("HellaSwag", "hellaswag"),
    ],
)
def test_benchmark_aliases_map_to_presets(alias, key):
    assert key in BENCHMARK_KEYS
    assert parse_claim(f"Model X scores 61% on {alias}").bench == key


@pytest.mark.parametrize(
    "text, key",
    [
        ("HumanEval+ 80% vs 78%", "humaneval-plus"),
        ("SWE-bench Lite: 80% vs 78%", "swe-bench-lite"),
        ("MMLU-Redux 2.0: 80% vs 78%", "mmlu-redux-2"),
    ],
)
def test_variants_are_their_own_presets_not_their_base(text, key):
    assert parse_claim(text).fields == {"a": 0.8, "b": 0.78, "bench": key}


@pytest.mark.parametrize(
    "text",
    [
        "Kotlin-HumanEval 80% vs 78%",
        "HumanEval-XL: 80% vs 78%",
        "MMLU-Redux 80% vs 78%",
        "the physics subset of GPQA Diamond: 80% vs 78%",
    ],
)
def test_benchmarks_without_a_count_are_not_filled(text):
    # Read (so not taken for a model's name, nor as a preset it is not), never filled.
    assert parse_claim(text).fields == {"a": 0.8, "b": 0.78}


def test_gpqa_alone_is_asked_unless_the_size_says_which():
    assert parse_claim("61% vs 59% on GPQA").bench is None
    assert "Diamond" in parse_claim("61% vs 59% on GPQA").questions[0]
    assert parse_claim("61% vs 59% on GPQA (198 questions)").bench == "gpqa-diamond"
    assert parse_claim("61% vs 59% on GPQA, 448 questions").bench == "gpqa-main"


def test_size_that_disagrees_with_the_preset_is_kept_and_said():
    # issue 34 (6): the sentence's own count wins over a preset's, and it says so (not asked)
    c = parse_claim("61% vs 59% on GPQA Diamond (250 questions)")
    assert (c.bench, c.n) == ("gpqa-diamond", 250)
    assert c.questions == () and "198" in c.notes[0] and "250" in c.notes[0]


def test_a_lead_that_is_not_the_gap_is_asked():
    c = parse_claim("Model X 87.3% vs Model Y 85.1%, a 3-point lead")
    assert c.lead == 0.03 and "differ by 2.2" in c.questions[0]


def test_standard_errors_take_the_units_of_their_score():
    assert parse_claim("93.43% ± 1.24 vs 95.20% ± 1.07").se_a == pytest.approx(0.0124)
    assert parse_claim("0.62 ± 0.034 vs 0.55 ± 0.035").se_b == pytest.approx(0.035)
    assert parse_claim("62% (SE: 3.4%) vs 55% (SE: 3.5%)").se_a == pytest.approx(0.034)
    assert parse_claim("62% (standard error 3.4) vs 55%").fields.keys() == {"a", "b", "se_a"}


@pytest.mark.parametrize(
    "text, a, n",
    [
        ("34 of 40", 0.85, 40),
        ("34/40", 0.85, 40),
        ("34 out of 40", 0.85, 40),
        ("1,203/1,319", 1203 / 1319, 1319),
    ],
)
def test_counts_give_score_and_n(text, a, n):
    c = parse_claim(text)
    assert (c.a, c.n) == (pytest.approx(a), n)


@pytest.mark.parametrize(
    "text, value",
    [
        ("87,3 %", 0.873),
        ("87.3%", 0.873),
        ("87.3 percent", 0.873),
        ("0,873", 0.873),
        ("0.873", 0.873),
        (".873", 0.873),
    ],
)
def test_number_forms(text, value):
    assert parse_claim(f"Model X: {text}").a == pytest.approx(value)


def test_thousands_separator_is_not_a_decimal_comma():
    assert parse_claim("on 1,319 questions").n == 1319
    assert parse_claim("on 12,032 questions").n == 12032


def test_metric_is_noted_and_two_metrics_are_asked():
    assert parse_claim("pass@1: 61% vs 59%").metric == "pass@1"
    assert parse_claim("maj@ 8: 61% vs 59%").metric == "maj@8"
    c = parse_claim("61% pass@1 vs 59% maj@8")
    assert c.metric is None and "pass@1, maj@8" in c.questions[0]


def test_by_percent_is_asked_not_read_as_points():
    c = parse_claim("Model X beats Model Y by 5% on HumanEval")
    assert c.lead is None and "by 5%" in c.questions[0]


def test_a_change_in_percent_is_asked_points_or_share():
    c = parse_claim("X's score fell 3% to 85%")
    assert c.fields == {"a": 0.85, "name_a": "X"}  # what both readings agree on
    assert "change over time" in c.questions[0]
    assert [ch.label for ch in c.asks[0].choices] == [
        "X 85%, B 88%, a lead of −3.0 points",
        "X 85%, B 87.63%",
    ]


@pytest.mark.parametrize(
    "text, fields",
    [
        # issue 34 (3): "up N points" is a lead over the earlier version, as "from … to …" is
        ("Model X improved 4 points to 61%", {"a": 0.61, "b": 0.57, "lead": 0.04, "name_a": "Model X"}),
        ("Model X is up 2.1 pp on HumanEval", {"lead": 0.021, "name_a": "Model X", "bench": "humaneval"}),
    ],
)  # fmt: skip
def test_a_change_in_points_is_a_lead_over_the_earlier_version(text, fields):
    c = parse_claim(text)
    assert c.fields == pytest.approx(fields) and c.questions == ()


def test_lone_letters_are_names_only_where_a_model_would_stand():
    assert parse_claim("A beats B: 0.873 vs 0.851").fields == dict(
        a=0.873, b=0.851, name_a="A", name_b="B"
    )
    assert parse_claim("A new model scores 61%").fields == {"a": 0.61}


@pytest.mark.parametrize(
    "text, bench",
    [
        ("Model X scores 87% on GPQA Diamond, a drop from 90%", "gpqa-diamond"),  # not DROP
        ("MMLU professional law: 61% vs 59%", "mmlu"),  # not MMLU-Pro
        ("HumanEval, 90% (148/164) vs 85%", "humaneval"),
    ],
)
def test_benchmark_names_end_where_words_do(text, bench):
    c = parse_claim(text)
    assert c.bench == bench and c.questions == ()


def test_a_count_that_restates_a_percent_is_one_score():
    c = parse_claim("Kestrel v2: 90% (148/164) vs Kestrel v1: 85%")
    assert (c.a, c.b, c.n) == (pytest.approx(148 / 164), 0.85, 164)


def test_years_versions_and_sizes_are_not_scores():
    c = parse_claim("In 2025, Claude 3.5 Sonnet and Llama 3.1 405B were compared on 8 GPUs")
    assert c.a is None and c.b is None and c.n is None


# --------------------------------------------------------------------------- hostile input


@pytest.mark.parametrize("value", [None, 87.3, b"87.3% vs 85.1%", ["87%"], {"a": 1}])
def test_non_text_raises_value_error(value):
    with pytest.raises(ValueError, match="parse_claim reads text"):
        parse_claim(value)


def test_ten_thousand_characters_are_cut_and_read_quickly():
    text = "Model X scores 87.3% vs Model Y's 85.1%. " * 250  # 10,250 characters
    t0 = time.perf_counter()
    c = parse_claim(text)
    assert time.perf_counter() - t0 < 1.0
    assert c.truncated and len(c.text) <= MAX_CHARS
    assert any("first 2,000 characters" in q for q in c.questions)
    assert c.a is None  # dozens of scores: it asks instead of choosing


@pytest.mark.parametrize(
    "text",
    [
        "9" * 10_000,
        "1," * 5_000,
        "(" * 5_000 + "87%" + ")" * 5_000,
        "<" * 10_000,
        "<a " + "x" * 9_990 + ">",
        "Model " * 2_000,
        "A" * 10_000,
        "±" * 10_000,
        "GPQA " * 2_000,
        "1e308% vs 1e308%",
        "NaN% vs inf%",
        "\x00\x01\x02 87% \ufeff vs 85%",
        "𝟴𝟳% vs ٨٥%",
    ],
)
def test_hostile_text_parses_without_error_in_bounded_time(text):
    t0 = time.perf_counter()
    c = parse_claim(text)
    assert time.perf_counter() - t0 < 1.0
    assert isinstance(c, ParsedClaim)
    _check_invariants(c)


def _check_invariants(c: ParsedClaim) -> None:
    for name in ("a", "b", "se_a", "se_b"):
        value = getattr(c, name)
        assert value is None or 0.0 <= value <= 1.0
    assert c.lead is None or -1.0 <= c.lead <= 1.0
    assert c.n is None or (isinstance(c.n, int) and c.n >= 1)
    assert c.bench is None or c.bench in BENCHMARK_KEYS
    assert len(c.text) <= MAX_CHARS
    for s in c.spans:
        assert isinstance(s, ClaimSpan) and c.text[s.start : s.end] == s.text
    read = {s.field for s in c.spans} - {"score"}
    assert read <= set(c.fields)  # a span for each field it read…
    assert set(c.fields) - read <= set(c.derived)  # …and what has none was derived
    assert set(c.derived) <= set(c.fields) and len(set(c.derived)) == len(c.derived)
    assert all(how for _, how in c.derived_from)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_fuzz_any_text(text):
    _check_invariants(parse_claim(text))


_PIECES = st.sampled_from(
    ["87.3%", "85,1 %", "0.873", "34/40", "± 1.8", "(SE 1.8)", "vs", "beating", "Model X",
     "GPT-4o's", "on 448 questions", "GPQA", "GPQA Diamond", "pass@1", "2.2 pp", "by 5%",
     "out of 198", "<b>", "&amp;", ",", ".", "(", ")", ":", "trails", "n=198", "24 right"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=14).map(" ".join))
def test_fuzz_claim_like_text(text):
    _check_invariants(parse_claim(text))


# --------------------------------------------------------------------------- the package


def test_no_claims_module_imports_another_modules_private_names():
    private = []
    for path in Path(benchstats.claims.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("benchstats"):
                # gettext's ``_`` (benchstats.language) is public by convention, not a private name
                private += [
                    f"{path.name}: {a.name}"
                    for a in node.names
                    if a.name.startswith("_") and a.name != "_"
                ]
    assert private == []
