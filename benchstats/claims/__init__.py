"""Read a launch sentence: the scores, names, benchmark and size it states, number by number.

``parse_claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")``
gives a :class:`ParsedClaim` with ``a=0.873``, ``b=0.851``, the two names and
the preset key ``"gpqa-diamond"``. It reads by *readings*, not rules, so what it
does is predictable and checkable:

- **Every number gets a role** (:mod:`~benchstats.claims.numbers`): a score
  ("87.3%", "0.873", "34 of 40", "seven of the 30"), a lead or change in points
  ("+2.6 pts", "+0.8 over Gull": a signed number is never a score) or as a share
  ("5.3%" after a lead, "25% fewer errors", "a 10% relative gain"), a count, a
  total, an SE or a 95% half-width ("± 1.8"), an interval ("95% CI 70.1–72.9"),
  a bound ("less than 2%"), part of a name, version or date, or none, named.
  A number whose words allow several roles gets each one tried.
- **A reading must be consistent before it is graded**
  (:mod:`~benchstats.claims.build`): a stated lead agrees with both scores to the
  sentence's rounding, a count is at most its total, a worked-out score lies in
  0–100%, an interval holds its score. One score and a lead, share or change
  give the other exactly ("77.2%, +0.8 over Gull": Gull 76.4%; "94.0%, 25% fewer
  errors than Crow": Crow 92.0%); ``derived_from`` says how.
- **Where it cannot choose, it asks** (``asks``, with :class:`Choice` answers
  a page turns into buttons): two consistent readings that grade differently
  ("scores 48 on MATH-500": 48% or 48 of 500?), three scores ("A beats both B
  and C": which pair?), two benchmarks or metrics, GPQA's set, a rate where
  lower is better, a judge's 1–10 score, a count with no total. A question is
  not a verdict: the fields hold only what every close reading agrees on, and
  ``parse_claim(text, picks)`` reads it again with the reader's answers.
- **It shows what it read** (:mod:`~benchstats.claims.marks`): ``marks`` gives
  every number token its role in words and what it implied ("Gull 76.4% = 77.2%
  − 0.8"); ``reading`` adds the names and benchmark; :func:`marked` writes the
  sentence with them.

The layers run one way, each naming only earlier ones: numbers, readings
(roles assigned), build (each assignment made scores and checked), choose
(:mod:`~benchstats.claims.choose`: the reading to grade, or the question), marks.

Model A is the first model named (from old to new, the new one); ``lead`` is
A − B. A count the sentence states wins over its benchmark's preset (a note
says so); a "±" is one SE unless the sentence calls it a 95% interval or, on a
benchmark of known size, it is about 1.96 binomial SEs (a note says which).
Only the first :data:`MAX_CHARS` characters are read (``truncated``); HTML tags
are removed and entities decoded; anything but a ``str`` raises ``ValueError``.
"""

from benchstats.claims.parser import (
    MAX_CHARS,
    ClaimSpan,
    ParsedClaim,
    Rival,
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
    "Rival",
    "marked",
    "parse_claim",
    "read_picks",
]
