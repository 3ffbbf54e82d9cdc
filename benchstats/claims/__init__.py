"""Read a launch sentence: the scores, names, benchmark and size it states.

``parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")``
gives a :class:`ParsedClaim` with ``a=0.873``, ``b=0.851``, the two names and
the preset key ``"gpqa-diamond"``. Regular expressions and rules, not a
language model, so what it does is predictable:

- **It never fills a field it did not read.** A field is set only from words
  in the sentence, or worked out from them, with a :class:`ClaimSpan` saying
  where; a claim with no number of questions leaves ``n`` None.
- **It says what it worked out** (``derived_from``): a score from a count
  ("412 of 500"), ``n`` from a count's total, the other score from one score
  and a lead ("reaching 58.1%" and "by +2.3 points" → B = 55.8%).
- **When it cannot choose, it asks** (``questions``) and leaves the field
  empty: three or more scores, two leads, benchmarks or sizes, a size that
  disagrees with the preset's, "GPQA" without its set, a lead in percent
  ("by 5%": points, or a share?), a lead that is not the scores' gap or puts
  the other score outside 0 to 100%, a change over time ("fell 3%"), a whole
  number it cannot make a score ("scores 48", "answered 150 correctly").

Model A is the first model named, with the first score; ``lead`` is A − B,
read only in points ("2.2 pp", "a 2.2-point lead"), negative after "trails",
"behind" or "lags". From old to new, the new model is A ("from 45% to 52.5%").
Numbers read: "87.3%", "87,3 %" (a decimal comma; "1,319" is a thousands
separator), "0.873", "34 of 40", "34/40", "on 448 questions", "n = 198",
"448-question", "solved 398", "± 1.8" and "(SE 1.8)" (the SE of the score
before it), "pass@1" (the metric), and a bare decimal where it can only be a
score ("scores 48.2 on", "87.3 ± 1.8", "87.3 vs 85.1"); years, versions
("Claude 3.5") and sizes ("70B") are not. Names are runs of capitalised or
digit-bearing words ("Llama 3.1 405B", "Grok 3 (Think)"); a score's owner is
the name beside it with only linking words between ("X scores", "Y's",
"85.1% for Y"), else the sides of "X beats Y".

Only the first :data:`MAX_CHARS` characters are read (``truncated``); HTML tags
are removed and entities decoded; anything but a ``str`` raises ``ValueError``.
"""

from benchstats.claims.parser import (
    MAX_CHARS,
    ClaimSpan,
    ParsedClaim,
    marked,
    parse_claim,
    read_picks,
)
from benchstats.claims.readings import Choice, Mark, Question

__all__ = [
    "MAX_CHARS",
    "Choice",
    "ClaimSpan",
    "Mark",
    "ParsedClaim",
    "Question",
    "marked",
    "parse_claim",
    "read_picks",
]
