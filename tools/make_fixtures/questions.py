"""The questions and the scripted answers every fixture log is built from.

Twelve multiple-choice sums (task ``arith``), twelve products for a second,
different task over the same ids (``arith_times`` in lm-eval,
``reverse_digits`` in inspect), and which questions each scripted model gets
wrong at each epoch, so every count in ``tests/data/README.md`` can be worked
out by hand from this file alone.
"""

from __future__ import annotations

LETTERS = "ABCD"


def _item(qid: int, a: int, b: int, op: str) -> dict:
    right = a + b if op == "+" else a * b
    options = [right - 1, right, right + 1, right + 2]
    shift = qid % 4  # the right option moves through A–D
    options = options[-shift:] + options[:-shift] if shift else options
    return {
        "id": qid,
        "question": f"What is {a} {op} {b}?",
        "choices": [str(x) for x in options],
        "answer": options.index(right),
    }


SUMS = [_item(i, 3 + i, 4 + 2 * i, "+") for i in range(12)]
PRODUCTS = [_item(i, 2 + i, 3 + i, "×") for i in range(12)]

# Which ids each model answers wrongly; epochs count from 1.
WRONG = {
    "alpha": {1: {2, 5}, 2: {5, 8}, 3: {2, 11}},
    "beta": {1: {1, 2, 7, 9}, 2: {2, 3, 7}, 3: {2, 7, 10}},
    "gamma": {1: {0, 4}},
}
ERRORED = {"gamma": {3}}  # the model call fails: the sample carries an error, no score


def is_right(model: str, qid: int, epoch: int = 1) -> bool:
    """Whether the scripted ``model`` answers question ``qid`` right at ``epoch``."""
    wrong = WRONG[model]
    return qid not in wrong.get(epoch, wrong[1])


def answer_index(model: str, item: dict, epoch: int = 1) -> int:
    """The option the scripted model picks: the right one, or the next one when wrong."""
    right = item["answer"]
    return right if is_right(model, item["id"], epoch) else (right + 1) % len(item["choices"])
