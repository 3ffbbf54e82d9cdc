"""Widget keys of the per-question panel: one prefix, so they never clash with the page's."""

KEY = "pq"


def key(name: str) -> str:
    """The session-state key of one of the panel's widgets ("pq_metric")."""
    return f"{KEY}_{name}"
