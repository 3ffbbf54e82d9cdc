"""The frames of the Questions needed page: :mod:`benchstats.planning` records → tidy frames.

Records are proportions; frames are what the charts draw and a CSV holds
(points and percent). :func:`table_text` is what the screen shows of a table
(every number through :mod:`benchstats.words`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from benchstats import words

__all__ = [
    "DESIGN_LABELS",
    "MISSES",
    "REPEATS_AXIS",
    "REPEATS_FLOOR",
    "SEES",
    "YOUR_P",
    "curve_columns",
    "curve_frame",
    "floor_frame",
    "lead_columns",
    "lead_frame",
    "presets_columns",
    "presets_frame",
    "repeats_axis",
    "repeats_frame",
    "variance_frame",
    "variance_marks_frame",
    "examples_frame",
    "mde_table_frame",
    "paired_table_frame",
    "reach_table_frame",
    "repeats_table_frame",
    "table_text",
]


DESIGN_LABELS = {"unpaired": "Unpaired", "paired": "Paired"}
YOUR_P = "Your p"
SEES = "Can see your lead"
MISSES = "Cannot"
REPEATS_FLOOR = "Floor set by the questions"


def curve_columns(records: Sequence[dict]) -> dict[str, list]:
    """``planning.mde_curve`` records → columns questions, design (label), lead (points)."""
    return {
        "questions": [int(r["questions"]) for r in records],
        "design": [DESIGN_LABELS[r["design"]] for r in records],
        "lead": [float(r["mde"]) * 100 for r in records],
    }


def curve_frame(records: Sequence[dict]) -> pd.DataFrame:
    """:func:`curve_columns` as a frame."""
    return pd.DataFrame(curve_columns(records)).astype({"questions": int, "lead": float})


def presets_columns(records: Sequence[dict], lead_points: float) -> dict[str, list]:
    """``planning.benchmark_reach`` records → one row per benchmark, marked against the lead.

    Columns: name, questions, lead (smallest detectable, unpaired, points),
    sees (whether that is at most ``lead_points``).
    """
    lead = [float(r["mde"]) * 100 for r in records]
    return {
        "name": [str(r["name"]) for r in records],
        "questions": [int(r["questions"]) for r in records],
        "lead": lead,
        "sees": [SEES if x <= lead_points else MISSES for x in lead],
    }


def presets_frame(records: Sequence[dict], lead_points: float) -> pd.DataFrame:
    """:func:`presets_columns` as a frame."""
    columns = presets_columns(records, lead_points)
    return pd.DataFrame(columns).astype({"name": str, "questions": int, "lead": float})


def lead_columns(lead_points: float) -> dict[str, list]:
    """The reader's lead as one row (drawn as a horizontal rule)."""
    return {"lead": [float(lead_points)], "label": ["Your lead"]}


def lead_frame(lead_points: float) -> pd.DataFrame:
    """:func:`lead_columns` as a frame."""
    return pd.DataFrame(lead_columns(lead_points))


def variance_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.variance_curve`` records → p (percent), variance."""
    df = pd.DataFrame.from_records(records, columns=["p", "variance"])
    return pd.DataFrame(
        {"p": df["p"].astype(float) * 100, "variance": df["variance"].astype(float)}
    )


def variance_marks_frame(marks: Sequence[dict]) -> pd.DataFrame:
    """Marked levels: records ``{"label", "p", "questions"}`` (p a proportion).

    ``questions`` is what the reader's lead needs at that level (None when
    the lead does not fit there).
    """
    df = pd.DataFrame.from_records(marks, columns=["label", "p", "questions"])
    p = df["p"].astype(float)
    return pd.DataFrame(
        {
            "label": df["label"].astype(str),
            "p": p * 100,
            "variance": p * (1 - p),
            "base": 0.0,
            "mid": p * (1 - p) / 2,
            "questions": pd.array(df["questions"], dtype="Int64"),
        }
    )


REPEATS_AXIS = (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000)


def repeats_axis(k: int) -> list[int]:
    """Values of K to draw: 1 to 100 (further when the reader's K is larger), K included."""
    return sorted({*(x for x in REPEATS_AXIS if x <= max(100, k)), int(k)})


def repeats_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.repeats_table`` records (finite K) → repeats, lead (points)."""
    df = pd.DataFrame.from_records(records, columns=["repeats", "mde"])
    df = df[np.isfinite(df["repeats"].astype(float))]
    return pd.DataFrame(
        {"repeats": df["repeats"].astype(int), "lead": df["mde"].astype(float) * 100}
    ).reset_index(drop=True)


def floor_frame(floor_points: float) -> pd.DataFrame:
    """The floor K → ∞ as a one-row frame (drawn as a labelled rule)."""
    if not math.isfinite(floor_points):
        msg = f"floor_points must be a finite number of points, got {floor_points!r}"
        raise ValueError(msg)
    return pd.DataFrame({"lead": [float(floor_points)], "label": [REPEATS_FLOOR]})


def _percent_label(p: float) -> str:
    return f"{100 * p:.2f}".rstrip("0").rstrip(".") + "%"


def mde_table_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.mde_table`` records → the articles' wide table, points to one decimal."""
    df = pd.DataFrame.from_records(records, columns=["questions", "p", "mde"])
    wide = df.assign(
        near=df["p"].map(lambda p: f"Near {_percent_label(p)} (points)"),
        lead=(100 * df["mde"]).round(1),
    ).pivot(index="questions", columns="near", values="lead")
    wide = wide[[f"Near {_percent_label(p)} (points)" for p in dict.fromkeys(df["p"])]]
    wide.columns.name = None
    return wide.reset_index().rename(columns={"questions": "Questions"})


def paired_table_frame(records: Sequence[dict], *, p: float, discordance: float) -> pd.DataFrame:
    """``planning.paired_vs_unpaired_table`` records → questions and the two leads in points."""
    df = pd.DataFrame.from_records(records, columns=["questions", "unpaired", "paired"])
    return pd.DataFrame(
        {
            "Questions": df["questions"].astype(int),
            f"Unpaired, near {_percent_label(p)} (points)": (100 * df["unpaired"]).round(1),
            f"Paired, {_percent_label(discordance)} disagree (points)": (100 * df["paired"]).round(
                1
            ),
        }
    )


def repeats_table_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.repeats_table`` records → K (text, ∞ allowed) and the lead in points."""
    df = pd.DataFrame.from_records(records, columns=["repeats", "mde"])
    return pd.DataFrame(
        {
            "Answers per question (K)": [
                "∞" if math.isinf(k) else f"{int(k):,}" for k in df["repeats"].astype(float)
            ],
            "Smallest detectable lead (points)": (100 * df["mde"]).round(1),
        }
    )


def examples_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.questions_needed_examples`` records → example and questions needed."""
    df = pd.DataFrame.from_records(records, columns=["case", "questions"])
    return pd.DataFrame(
        {"Example": df["case"].astype(str), "Questions needed": df["questions"].astype(int)}
    )


def reach_table_frame(presets: pd.DataFrame) -> pd.DataFrame:
    """:func:`presets_frame` → a reader's table of benchmarks, size and reach."""
    return pd.DataFrame(
        {
            "Benchmark": presets["name"],
            "Questions": presets["questions"],
            "Smallest detectable lead (points)": presets["lead"].round(1),
            "Your lead": presets["sees"],
        }
    )


def table_text(df: pd.DataFrame) -> pd.DataFrame:
    """A table frame as the screen shows it: every number through :mod:`benchstats.words`.

    Columns named "... (points)" hold points; columns starting "Questions" hold counts.

    >>> table_text(pd.DataFrame({"Questions": [1000], "Near 50% (points)": [6.26]}))
      Questions Near 50% (points)
    0     1,000               6.3
    """
    out = df.copy()
    for col in df.columns:
        if str(col).endswith("(points)"):
            out[col] = [words.points(x / 100, signed=False) for x in df[col].astype(float)]
        elif str(col).startswith("Questions"):
            out[col] = [words.count(int(x)) for x in df[col]]
    return out
