"""The articles' verdict table: each comparison graded live, one row each."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from benchstats import _validate, words
from benchstats.gaps import GapResult, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.language import N_, _


@dataclass(frozen=True)
class VerdictRow:
    """One graded comparison, as a row of the verdict table (proportions).

    ``case`` names it for people; ``kind`` is "unpaired", "reported SE" or
    "paired" (a key, the same in every language); ``test`` names what produced ``p_value``;
    ``case``, ``verdict``, ``test`` and ``source`` are in the run's language.
    """

    case: str
    kind: str
    lead: float
    se: float
    low: float
    high: float
    confidence_level: float
    z: float
    p_value: float
    test: str
    verdict: str
    source: str


def _row(case: str, kind: str, gap: GapResult, test: str, source: str) -> VerdictRow:
    verdict = _("clears zero") if gap.clears else _("inside the noise")
    return VerdictRow(
        case, kind, gap.lead, gap.se, gap.low, gap.high, gap.confidence_level,
        gap.z, gap.p_value, test, verdict, source,
    )  # fmt: skip


def unpaired_row(
    a: float,
    b: float,
    n: int,
    *,
    n_b: int | None = None,
    confidence_level: float = 0.95,
    case: str | None = None,
    source: str = "",
) -> VerdictRow:
    """Grade two scores on their own questions (z test) as a table row.

    >>> r = unpaired_row(0.82, 0.78, 448)
    >>> r.case, round(r.se * 100, 2), round(r.low * 100, 1), round(r.high * 100, 1), r.verdict
    ('82% vs 78%, 448 questions', 2.67, -1.2, 9.2, 'inside the noise')
    """
    gap = unpaired_gap(a, b, n, n_b=n_b, confidence_level=confidence_level)
    nb = n if n_b is None else n_b
    scores = {"a": words.score(a), "b": words.score(b)}
    if nb == n:
        # TRANSLATORS: a row of the verdict table: "82% vs 78%, 448 questions".
        label = _("{a} vs {b}, {questions}").format(questions=words.plural(n, "question"), **scores)
    else:
        # TRANSLATORS: as above, each model on its own questions: "80% vs 72%, 500 and 250
        # questions".
        label = _("{a} vs {b}, {n} and {questions}").format(
            n=words.count(n), questions=words.plural(nb, "question"), **scores
        )
    return _row(case or label, "unpaired", gap, _("z test"), source)


def reported_se_row(
    a: float,
    se_a: float,
    b: float,
    se_b: float,
    *,
    confidence_level: float = 0.95,
    case: str | None = None,
    source: str = "",
) -> VerdictRow:
    """Grade two scores printed as score ± SE as a table row.

    >>> r = reported_se_row(0.9343, 0.0124, 0.9520, 0.0107)
    >>> r.case, round(r.se * 100, 2), round(abs(r.z), 1)
    ('93.43% ± 1.24 vs 95.2% ± 1.07', 1.64, 1.1)
    """
    gap = gap_from_standard_errors(a, se_a, b, se_b, confidence_level=confidence_level)
    # TRANSLATORS: a row of the verdict table from printed scores ± SE (SEs in points).
    label = _("{a} ± {se_a} vs {b} ± {se_b}").format(
        a=words.score(a), se_a=_short(se_a), b=words.score(b), se_b=_short(se_b)
    )
    return _row(case or label, "reported SE", gap, _("z test"), source)


def paired_row(
    a_only: int,
    b_only: int,
    n: int,
    *,
    confidence_level: float = 0.95,
    method: str = "tango",
    case: str | None = None,
    source: str = "",
) -> VerdictRow:
    """Grade paired counts (McNemar mid-p, ``method`` interval) as a table row.

    Its SE is the one McNemar's z divides by, √(a_only + b_only)/n (the SE if the
    two models are equally good), so SE and z agree: 6.1 / 2.67 = 2.27.

    >>> r = paired_row(20, 8, 198)
    >>> r.case, round(r.lead * 100, 1), round(r.se * 100, 2), round(r.z, 2), r.test
    ('20 vs 8 of 198 questions, paired', 6.1, 2.67, 2.27, 'McNemar mid-p')
    """
    b, c, n = _validate.paired_counts(a_only, b_only, n, names=("a_only", "b_only"))
    gap = paired_gap(b, c, n, confidence_level=confidence_level, method=method)
    # TRANSLATORS: a row of the verdict table from paired counts: {b} questions only A got
    # right, {c} only B: "20 vs 8 of 198 questions, paired".
    label = case or _("{b} vs {c} of {questions}, paired").format(
        b=b, c=c, questions=words.plural(n, "question")
    )
    row = _row(label, "paired", gap, _("McNemar mid-p"), source)
    return replace(row, se=math.sqrt(b + c) / n)


def _short(se: float) -> str:
    """A printed SE (a proportion) in points as short as it goes: 1.24, 1.2, 10."""
    x = round(se * 100, 2)
    return words.signed(x, decimals=len(f"{x:g}".partition(".")[2]))


_GRADING = N_("docs/figures.md, grading a lead")
#: The articles' comparisons (docs/figures.md): (kind, arguments, source).
ARTICLE_CASES: tuple[tuple[str, tuple, str], ...] = (
    ("unpaired", (0.82, 0.78, 100), _GRADING),
    ("unpaired", (0.82, 0.78, 448), _GRADING),
    ("unpaired", (0.82, 0.78, 1000), _GRADING),
    ("unpaired", (0.82, 0.78, 2000), _GRADING),
    ("unpaired", (0.815, 0.80, 500), _GRADING),
    ("unpaired", (0.81, 0.79, 1000), _GRADING),
    ("unpaired", (0.60, 0.60, 198), _GRADING),
    (
        "reported SE",
        (0.9343, 0.0124, 0.9520, 0.0107),
        N_("docs/figures.md, a public leaderboard's GPQA Diamond row"),
    ),
    ("paired", (20, 8, 198), N_("docs/figures.md, paired comparisons")),
)

_ROW_BUILDERS = {"unpaired": unpaired_row, "reported SE": reported_se_row, "paired": paired_row}


def article_rows(*, confidence_level: float = 0.95) -> list[VerdictRow]:
    """The articles' verdict table, every row recomputed now.

    >>> rows = article_rows()
    >>> [(r.case, r.verdict) for r in rows[:4]]  # doctest: +NORMALIZE_WHITESPACE
    [('82% vs 78%, 100 questions', 'inside the noise'),
     ('82% vs 78%, 448 questions', 'inside the noise'),
     ('82% vs 78%, 1,000 questions', 'clears zero'),
     ('82% vs 78%, 2,000 questions', 'clears zero')]
    """
    return [
        _ROW_BUILDERS[kind](*args, confidence_level=confidence_level, source=_(source))
        for kind, args, source in ARTICLE_CASES
    ]


def verdict_records(rows: list[VerdictRow]) -> list[dict]:
    """Rows as plain records in points (for a table or a CSV), rounded to 4 decimals.

    >>> verdict_records([unpaired_row(0.82, 0.78, 100)])[0]["low (points)"]
    -7.0734
    """
    points = {"lead": "lead", "low": "low", "high": "high", "se": "SE"}
    out = []
    for row in rows:
        record = {"case": row.case, "verdict": row.verdict}
        record |= {f"{k} (points)": round(getattr(row, f) * 100, 4) for f, k in points.items()}
        record |= {
            "z": round(row.z, 4) if math.isfinite(row.z) else None,  # ±inf only at SE 0
            "p": round(row.p_value, 4),
            "kind": row.kind,
            "test": row.test,
            "confidence": row.confidence_level,
            "source": row.source,
        }
        out.append(record)
    return out
