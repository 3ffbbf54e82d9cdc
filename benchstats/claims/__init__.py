"""Read a launch sentence: the scores, names, benchmark and size it states.

``parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")``
gives a :class:`ParsedClaim` with ``a=0.873``, ``b=0.851``, the two names and
the preset key ``"gpqa-diamond"``. The parser is a handful of regular
expressions and rules, not a language model, so what it does is predictable.

The rules:

- **It never fills a field it did not read.** A field is set only from words
  in the sentence, or worked out from them; everything else stays ``None``
  (no default, no preset's size: a claim that gives no number of questions
  leaves ``n`` None, and the page says what it assumes). A field it read has
  a :class:`ClaimSpan` saying which characters it came from (for the page's
  chips, which the reader can correct).
- **It says what it worked out.** ``derived`` names the fields computed from
  other words and ``derived_from`` says from what: a score from a count
  ("412 of 500" → 82.4%), ``n`` from a count's total when no size is stated,
  and the other score from one score and a lead ("reaching 58.1%" and "by
  +2.3 points" → B = 55.8%).
- **When it cannot choose, it asks** (``questions``, short sentences) and
  leaves the field empty: three or more scores or two different leads (which
  two? no names either), two benchmarks, two different sizes, a size that
  disagrees with the preset's, "GPQA" without saying which set, a lead in
  percent ("by 5%", "5% better", "a 12% relative gain": points, or a share of
  the other score?), a lead that is not the gap between the scores, a lead
  that would put the other score outside 0 to 100%, a change over time
  ("fell 3%"), and, with fewer than two scores, a whole number it cannot
  make a score ("scores 48": 48% or 48 of some total? "answered 150
  correctly": out of how many?).

Which model is A: the first model the sentence names, with the first score;
model B the second. ``lead`` is A − B, read only from words in points ("2.2
percentage points", "2.2 pp", "a 2.2-point lead", "by +2.3 points"),
negative after "trails", "behind" or "lags", or before "behind". A lone
score is A's unless the sentence gives it to B ("X beats Y's 55.8% by 3
points": then A = B + lead). **From old to new, the new model is A**: in
"from 45% to 52.5%" or "45% → 52.5%" A is 52.5%, so the lead is new − old.

Numbers: "87.3%", "87.3 percent", "87,3 %" (a decimal comma), "0.873" (a
proportion), "34 of 40", "34/40" and "34 out of 40" (a score and n), "on 448
questions", "out of 198", "n = 198" and "448-question" (n), "solved 398",
"answered 150 correctly" or "24 right" (a score once n is known), and a bare
"Kite's 1,171", "vs 389" or "got 21" beside another count. "± 1.8", "(SE
1.8)" and "standard error of 1.8" are the reported standard error of the
score before it, in points unless the score was a proportion; "pass@1",
"maj@8" the metric. "1,319" is a thousands separator (a comma followed by
exactly three digits); any other comma between digits is a decimal comma. A
decimal with no unit is a score in percent after a scoring word and before
a pause ("scores 48.2 on", "at 44.0", a table's "| 87.3 |"), before "±" or a
benchmark's name ("87.3 ± 1.8", "88.7 MMLU"), or beside another ("87.3 vs
85.1", "87.3 | 85.1"). Other bare numbers (years, versions as in "Claude
3.5", sizes as in "70B", whole numbers as in "scores 48") are not read.

Names: a run of capitalised or digit-bearing words ("Claude 3.5 Sonnet",
"o3-mini", "Llama 3.1 405B"), ending at a line break; a parenthesis right
after a name belongs to it ("Grok 3 (Think)", "Claude 3.5 Sonnet (new)"). A
score's owner is the name just before it with only linking words between
("X scores", "Y's", "Z (", "W:", "| V |") or just after it ("85.1% for Y",
"(Y)", "pour Y"); failing that, the two sides of "X beats Y" ("improves on",
"ahead of", "trails"), or the only name before the score.

Bounded work: only the first :data:`MAX_CHARS` characters are read
(``truncated`` says when the rest was dropped); HTML tags are removed and
entities decoded before reading. Any ``str`` is accepted; anything else
raises ``ValueError``.

The modules, one concept each: :mod:`~benchstats.claims.parser` (the
reading, step by step, and its result), :mod:`~benchstats.claims.numbers`
(what each number means), :mod:`~benchstats.claims.names` (who owns which
score), :mod:`~benchstats.claims.aliases` (benchmark names to presets, and
metrics) and :mod:`~benchstats.claims.checklist` (the questions to ask of a
leaderboard row).
"""

from benchstats.claims.parser import MAX_CHARS, ClaimSpan, ParsedClaim, parse_claim

__all__ = ["MAX_CHARS", "ClaimSpan", "ParsedClaim", "parse_claim"]
