"""The Signal and noise page's figures over n and for the MDE (benchstats.charts.signal_noise)."""

from __future__ import annotations

import numpy as np
import pytest

from benchstats.charts.signal_noise import (
    by_n_frame,
    mde_figure,
    mde_frame,
    pick_n_figure,
    snr_n_figure,
)
from benchstats.signal_noise import (
    chance_picks_winner,
    simulate_checkpoints,
    snr_by_questions,
    snr_of_runs,
)

FINALS = (0.40, 0.48, 0.56)
QUESTIONS = (100, 1000, 5000)


@pytest.fixture(scope="module")
def frame():
    snr = snr_by_questions(FINALS, QUESTIONS, checkpoints=12, window=4, average=3, seed=2)
    pick = chance_picks_winner(FINALS, np.array(QUESTIONS), average=np.array([[1], [3]]), seed=2)
    return by_n_frame(QUESTIONS, snr, pick, 3)


def test_by_n_frame_is_the_core_at_each_n(frame):
    for label, k in (("Last checkpoint", 1), ("Mean of the last 3 checkpoints", 3)):
        rows = frame[frame["measure"] == label]
        assert rows["questions"].tolist() == list(QUESTIONS)
        for n, snr, pick in zip(rows["questions"], rows["snr"], rows["pick"], strict=True):
            runs = simulate_checkpoints(FINALS, n=int(n), checkpoints=12, seed=2)
            assert snr == snr_of_runs(runs.observed, window=4, average=k).snr
            assert pick == pytest.approx(
                100 * chance_picks_winner(FINALS, int(n), average=k, seed=2)
            )


def test_more_questions_pick_the_winner_more_often(frame):
    for _, rows in frame.groupby("measure"):
        assert np.all(np.diff(rows["pick"].to_numpy()) >= 0)


def test_average_one_draws_one_line():
    snr = snr_by_questions(FINALS, QUESTIONS, checkpoints=12, average=1, seed=2)
    assert snr.shape == (1, 3)
    f = by_n_frame(QUESTIONS, snr, np.ones((2, 3)), 1)
    assert f["measure"].unique().tolist() == ["Last checkpoint"]


@pytest.mark.parametrize(
    ("make", "field", "scale", "name"),
    [
        (snr_n_figure, "snr", "log", "snr-by-questions"),
        (pick_n_figure, "pick", None, "winner-by-questions"),
    ],
)
def test_over_n_figures_encode_questions_on_a_log_axis(frame, make, field, scale, name):
    fig = make(frame)
    assert fig.name == name
    spec = fig.spec
    assert spec["encoding"]["x"]["field"] == "questions"
    assert spec["encoding"]["x"]["scale"]["type"] == "log"
    assert spec["encoding"]["y"]["field"] == field
    assert spec["encoding"]["y"]["scale"].get("type") == scale
    assert [t["field"] for t in spec["encoding"]["tooltip"]] == ["questions", "measure", field]
    assert fig.picture().to_dict()["encoding"] == spec["encoding"]
    assert fig.alt_text and fig.table is frame


def test_mde_figure_carries_the_articles_row():
    frame = mde_frame((200, 500, 1000, 2000, 5000))
    fig = mde_figure(frame)
    assert fig.name == "checkpoint-mde"
    assert fig.table["change"].round(1).tolist() == [8.9, 5.6, 4.0, 2.8, 1.8]
    assert fig.spec["encoding"]["y"]["field"] == "change"
    assert "disagree on 20% of the questions" in fig.alt_text


def test_figures_carry_their_rows_in_a_spec_built_once(frame):
    a, b = snr_n_figure(frame), snr_n_figure(frame.assign(snr=frame["snr"] * 2))
    assert a.spec["data"] == {"name": "rows"} and len(a.spec["datasets"]["rows"]) == len(frame)
    assert {k: v for k, v in a.spec.items() if k != "datasets"} == {
        k: v for k, v in b.spec.items() if k != "datasets"
    }  # only the rows change: the browser patches the chart
    m = mde_figure(mde_frame((200, 5000)))
    assert [r["questions"] for r in m.spec["datasets"]["rows"]] == [200, 5000]
