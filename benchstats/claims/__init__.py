"""Read a launch sentence: the scores, names, benchmark and size it states.

``parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")``
gives a :class:`ParsedClaim` with ``a=0.873``, ``b=0.851``, the two names and
the preset key ``"gpqa-diamond"``. The parser is a handful of regular
expressions and rules, not a language model, so what it does is predictable:

- **It never fills a field it did not read.** A field is set only from words
  in the sentence; everything else stays ``None``. Every field it fills has a
  :class:`ClaimSpan` saying which characters it came from (for the page's
  chips, which the reader can correct).
- **Model A is the first model the sentence names**, with the first score;
  model B the second. ``lead`` is read only from words such as "2.2
  percentage points", "2.2 pp" or "a 2.2-point lead" (negative after
  "trails", "behind" or "lags").
- **When it cannot choose, it asks** (``questions``) and leaves the field
  empty: three or more scores, two benchmarks, two different sizes, a
  benchmark size that disagrees with the sentence's, "GPQA" without saying
  which set, a lead "by 5%" (points or relative?), a lead that is not the gap
  between the scores.

Numbers: "87.3%", "87.3 percent", "87,3 %" (a decimal comma), "0.873" (a
proportion), "34 of 40", "34/40" and "34 out of 40" (a score and n), "on 448
questions", "out of 198", "n = 198" and "448-question" (n), "150 correctly"
or "24 right" (a score once n is known), "± 1.8", "(SE 1.8)" and "standard
error of 1.8" (the reported standard error of the score before it, in points
unless the score was a proportion), "pass@1", "maj@8" (the metric). "1,319"
is a thousands separator (a comma followed by exactly three digits); any
other comma between digits is a decimal comma. Bare numbers with neither a
unit nor a leading "0." (years, versions as in "Claude 3.5", sizes as in
"70B") are ignored, except a decimal followed by "±" or by a benchmark's
name ("87.3 ± 1.8", "88.7 MMLU") and two decimals joined by "vs", "to" or
"/" ("87.3 vs 85.1"), read as percent.

Names: a run of capitalised or digit-bearing words ("Claude 3.5 Sonnet",
"o3-mini", "Llama 3.1 405B"); a parenthesis right after a name belongs to it
("Grok 3 (Think)"). A score's owner is the name just before it with only
linking words between ("X scores", "Y's", "Z (", "W:") or just after it
("85.1% for Y", "(Y)"); failing that, the two sides of "X beats Y", or the
only name before the score.

Bounded work: only the first :data:`MAX_CHARS` characters are read
(``truncated`` says when the rest was dropped); HTML tags are removed and
entities decoded before reading. Any ``str`` is accepted; anything else
raises ``ValueError``.
"""

from benchstats.claims.parser import MAX_CHARS, ClaimSpan, ParsedClaim, parse_claim

__all__ = ["MAX_CHARS", "ClaimSpan", "ParsedClaim", "parse_claim"]
