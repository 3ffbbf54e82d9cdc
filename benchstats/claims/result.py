"""What the claim parser returns: the fields it read and where it read them."""

from __future__ import annotations

from dataclasses import dataclass

MAX_CHARS = 2000  # a launch claim is a sentence or two; past this nothing is read


@dataclass(frozen=True)
class ClaimSpan:
    """One thing the parser read: which field, the words, where they are in ``text``."""

    field: str
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class ParsedClaim:
    """What :func:`parse_claim` read. Unread fields are ``None``.

    ``a``, ``b``, ``se_a``, ``se_b`` and ``lead`` are proportions (0.873, not
    87.3). ``bench`` is a key of :data:`benchstats.BENCHMARKS`. ``text`` is
    the text that was read (tags removed, entities decoded, cut at
    :data:`MAX_CHARS`); span offsets refer to it. ``spans`` use the field
    names, plus ``"score"`` for scores it could not assign.
    """

    text: str
    a: float | None = None
    b: float | None = None
    name_a: str | None = None
    name_b: str | None = None
    bench: str | None = None
    n: int | None = None
    se_a: float | None = None
    se_b: float | None = None
    metric: str | None = None
    lead: float | None = None
    spans: tuple[ClaimSpan, ...] = ()
    questions: tuple[str, ...] = ()
    truncated: bool = False

    @property
    def fields(self) -> dict[str, object]:
        """The fields it filled, by name (for a page's inputs or a link)."""
        names = ("a", "b", "name_a", "name_b", "bench", "n", "se_a", "se_b", "metric", "lead")
        return {k: getattr(self, k) for k in names if getattr(self, k) is not None}

    @property
    def is_claim(self) -> bool:
        """True when it read two scores, or a lead: something to grade."""
        return (self.a is not None and self.b is not None) or self.lead is not None

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.fields.items()]
        if self.questions:
            parts.append(f"questions={len(self.questions)}")
        return f"ParsedClaim({', '.join(parts)})"
