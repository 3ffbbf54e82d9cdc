"""Leaderboard charts, tested without a browser: ``to_dict()`` validates the schema."""

from __future__ import annotations

import numpy as np
import pytest

from benchstats.charts.leaderboard import (
    METHOD_LABELS,
    pairs_figure,
    pairs_frame,
    places_figure,
    places_frame,
    rank_figure,
    rank_frame,
)
from benchstats.leaderboard import board, pairwise_tests
from benchstats.ranks import pairwise_ranks, rank_intervals, rank_probabilities

BOARD = board(list("ABCDEFGH"), [0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45], n=500)


def layers(spec):
    return {
        (layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]): layer
        for layer in spec["layer"]
    }


def tooltip_fields(encoding):
    return {t["field"] for t in encoding["tooltip"]}


def test_rank_frame_rows_per_model_and_method_best_first():
    marg, arena = rank_intervals(BOARD), pairwise_ranks(pairwise_tests(BOARD, correction="none"))
    df = rank_frame(marg, arena, scores=BOARD.scores)
    assert len(df) == 16 and df["model"].tolist()[:4] == ["A", "A", "B", "B"]
    a = df[(df.model == "C") & (df.method == "marginal")].iloc[0]
    assert (a["low"], a["high"], a["observed"]) == (marg.interval("C") + (3,))
    assert a["score"] == pytest.approx(66.0)
    assert df[df.method == "pairwise"]["method_name"].iloc[0] == METHOD_LABELS["pairwise"]
    with pytest.raises(ValueError, match="same board"):
        rank_frame(marg, rank_intervals(board(["X", "Y"], [0.5, 0.4], n=100)))


def test_rank_chart_draws_bars_from_best_to_worst_and_dots_at_the_observed_rank():
    f = rank_figure(
        rank_intervals(BOARD), pairwise_ranks(pairwise_tests(BOARD)), scores=BOARD.scores
    )
    spec = f.picture().to_dict()
    marks = layers(spec)
    rule, point = marks["rule"]["encoding"], marks["point"]["encoding"]
    assert (rule["x"]["field"], rule["x2"]["field"], point["x"]["field"]) == (
        "low",
        "high",
        "observed",
    )
    assert rule["x"]["scale"]["domain"] == [0.5, 8.5]
    band = marks["rect"]
    assert band["transform"][0] == {"filter": "datum.order == 0 && datum.method == 'marginal'"}
    assert band["encoding"]["x"]["scale"]["domain"] == [0.5, 8.5]
    colour = marks["rule"]["encoding"]["color"]
    assert colour["scale"]["domain"] == [METHOD_LABELS["marginal"], METHOD_LABELS["pairwise"]]
    assert marks["rule"]["encoding"]["yOffset"]["field"] == "method_name"
    assert {"model", "score", "observed", "interval", "method_name"} <= tooltip_fields(rule)


def test_each_figure_is_its_chart_with_the_rows_slotted_in():
    marg, arena = rank_intervals(BOARD), pairwise_ranks(pairwise_tests(BOARD))
    probs = rank_probabilities(BOARD, draws=500)
    figures = [
        rank_figure(marg, arena, scores=BOARD.scores),
        pairs_figure(pairwise_tests(BOARD), scores=BOARD.scores, correction="Holm"),
        places_figure(probs, scores=BOARD.scores),
    ]
    for f in figures:
        picture = f.picture().to_dict()
        assert f.spec["data"] == {"name": "rows"} and f.spec["width"] == "container"
        assert f.spec["datasets"]["rows"] == f.table.to_dict("records")
        encodings = [layer.get("encoding") for layer in f.spec.get("layer", [f.spec])]
        assert encodings == [layer.get("encoding") for layer in picture.get("layer", [picture])]
    figures[0].spec["layer"].clear()  # each figure's spec is its own copy
    assert rank_figure(marg, arena, scores=BOARD.scores).spec["layer"]


def test_pairs_heatmap_marks_the_cells_that_clear_after_correction():
    t = pairwise_tests(BOARD, correction="holm")
    df = pairs_frame(t)
    assert len(df) == 8 * 7
    cell = df[(df.row == "A") & (df.column == "H")].iloc[0]
    assert cell["lead"] == pytest.approx(27.0) and cell["clears"] and cell["label"] == "+27.0*"
    near = df[(df.row == "B") & (df.column == "A")].iloc[0]
    assert not near["clears"] and near["label"] == "−2.0"
    assert near["p_adjusted"] == pytest.approx(float(t.p_adjusted[1, 0]))
    assert int(df["clears"].sum()) == 2 * int(np.triu(t.clears, 1).sum())
    spec = pairs_figure(t, scores=t.scores, correction="Holm").picture().to_dict()
    marks = spec["layer"]
    assert [m["mark"]["type"] for m in marks] == ["rect", "rect", "text"]
    assert marks[0]["encoding"]["color"]["field"] == "lead"
    assert marks[1]["transform"] == [{"filter": "datum.clears"}]
    assert marks[2]["encoding"]["text"]["field"] == "label"
    tips = {t["field"]: t["title"] for t in marks[0]["encoding"]["tooltip"]}
    assert tips["p_adjusted"] == "Adjusted p (Holm)" and {"lead", "p"} <= set(tips)


def test_places_chart_shares_of_re_drawn_boards():
    r = rank_probabilities(BOARD, draws=2_000, seed=0)
    df = places_frame(r, scores=BOARD.scores)
    assert len(df) == 64
    assert df.groupby("model")["percent"].sum().to_numpy() == pytest.approx(100)
    spec = places_figure(r, scores=BOARD.scores).picture().to_dict()
    assert spec["encoding"]["color"]["scale"]["domain"] == [0, 100]
    assert spec["encoding"]["x"]["field"] == "place"


@pytest.mark.parametrize("k", [20, 21, 50])
def test_a_board_above_twenty_models_lets_vega_choose_the_ticks(k):
    """Above 20 models the axis names no tick values (None there was a schema error)."""
    b = board([f"M{i}" for i in range(k)], np.linspace(0.8, 0.6, k), n=500)
    r = rank_intervals(b, draws=200)
    axis = rank_figure(r, scores=b.scores).spec["layer"][1]["encoding"]["x"]["axis"]
    assert ("values" in axis) == (k <= 20)
