"""Per-question result files, written by the tests themselves (nothing downloaded).

Each builder returns bytes in the layout the real tool writes, from score
arrays the test chooses, so a test can compute the expected counts directly:

- :func:`wide_csv`, :func:`long_csv`: the site's own CSV layouts;
- :func:`lm_eval_jsonl`: lm-evaluation-harness ``--log_samples`` output
  (``samples_<task>_<date>.jsonl``: one object per line with ``doc_id``,
  ``doc``, ``target``, ``arguments``, ``resps``, ``filtered_resps``,
  ``filter``, ``metrics``, the hashes and one key per metric);
- :func:`inspect_eval`: an inspect ``.eval`` zip (``header.json``,
  ``_journal/start.json``, ``samples/{id}_epoch_{n}.json`` with ``id``,
  ``epoch``, ``scores`` of ``{"value": "C"/"I"/...}``, ``summaries/1.json``
  and ``reductions.json``);
- :func:`mgsm_like`: a clustered wide CSV, 250 questions × 10 languages.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

LANGUAGES = ("bn", "de", "es", "fr", "ja", "ru", "sw", "te", "th", "zh")


def paired_scores(n: int, b: int, c: int, both: int, *, seed: int = 0) -> tuple[np.ndarray, ...]:
    """0/1 scores of A and B on n questions with exactly b only-A, c only-B, ``both`` both right.

    The four kinds are shuffled with a seeded generator.
    """
    neither = n - b - c - both
    if neither < 0:
        raise ValueError("b + c + both must be at most n")
    a = np.repeat([1, 1, 0, 0], [both, b, c, neither])
    bb = np.repeat([1, 0, 1, 0], [both, b, c, neither])
    order = np.random.default_rng(seed).permutation(n)
    return a[order], bb[order]


def wide_csv(
    columns: Mapping[str, Sequence[float]],
    *,
    ids: Sequence[str] | None = None,
    clusters: Sequence[str] | None = None,
) -> bytes:
    """``question_id``[, ``cluster``], one column per model."""
    n = len(next(iter(columns.values())))
    frame = {"question_id": list(ids) if ids is not None else [f"q{i:05d}" for i in range(n)]}
    if clusters is not None:
        frame["cluster"] = list(clusters)
    frame |= {name: list(values) for name, values in columns.items()}
    return pd.DataFrame(frame).to_csv(index=False).encode()


def long_csv(rows: Sequence[tuple]) -> bytes:
    """Rows of (question_id, model, score[, run][, cluster]) in that order."""
    width = len(rows[0])
    names = ["question_id", "model", "score", "run", "cluster"][:width]
    return pd.DataFrame(list(rows), columns=names).to_csv(index=False).encode()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def lm_eval_record(doc_id: int, metrics: Mapping[str, float], *, filter: str = "none") -> dict:
    """One ``--log_samples`` line as lm-eval 0.4 writes it for a multiple-choice task."""
    question = f"Question {doc_id}: which option is right?"
    choices = ["A", "B", "C", "D"]
    gold = doc_id % 4
    return {
        "doc_id": doc_id,
        "doc": {"question": question, "choices": choices, "answer": gold},
        "target": gold,
        "arguments": [[question, f" {ch}"] for ch in choices],
        "resps": [[[-1.5 - i, False]] for i in range(4)],
        "filtered_resps": [[-1.5 - i, False] for i in range(4)],
        "filter": filter,
        "metrics": list(metrics),
        "doc_hash": _sha(question),
        "prompt_hash": _sha(question + "prompt"),
        "target_hash": _sha(str(gold)),
        **{k: float(v) for k, v in metrics.items()},
    }


def lm_eval_jsonl(
    metrics: Mapping[str, Sequence[float]],
    *,
    doc_ids: Sequence[int] | None = None,
    filters: Sequence[str] = ("none",),
) -> bytes:
    """One JSONL line per (doc_id, filter) with the given metric values per doc."""
    n = len(next(iter(metrics.values())))
    doc_ids = list(range(n)) if doc_ids is None else list(doc_ids)
    lines = []
    for f in filters:
        for i, doc in enumerate(doc_ids):
            rec = lm_eval_record(doc, {k: v[i] for k, v in metrics.items()}, filter=f)
            lines.append(json.dumps(rec))
    return ("\n".join(lines) + "\n").encode()


def _zip_json(z: zipfile.ZipFile, name: str, obj: object) -> None:
    z.writestr(name, json.dumps(obj, indent=2))


def plain_zip(files: Mapping[str, str]) -> bytes:
    """A zip of the given text files (a damaged or foreign archive for the readers)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return buf.getvalue()


def inspect_eval(
    values: Mapping[object, Sequence[object]],
    *,
    model: str = "openai/gpt-4o",
    scorer: str = "match",
    extra_scorers: Mapping[str, Mapping[object, Sequence[object]]] | None = None,
) -> bytes:
    """An inspect ``.eval`` zip: ``values[id][e]`` is the score value at epoch e + 1."""
    epochs = max(len(v) for v in values.values())
    eval_spec = {
        "run_id": "r1",
        "task": "mgsm",
        "task_id": "t1",
        "model": model,
        "dataset": {"name": "mgsm", "samples": len(values)},
        "config": {"epochs": epochs},
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        _zip_json(z, "_journal/start.json", {"version": 2, "eval": eval_spec, "plan": {}})
        summaries = []
        for sid, per_epoch in values.items():
            for e, value in enumerate(per_epoch, start=1):
                scores = {scorer: {"value": value, "answer": "42", "explanation": "x"}}
                for name, other in (extra_scorers or {}).items():
                    scores[name] = {"value": other[sid][e - 1]}
                sample = {
                    "id": sid,
                    "epoch": e,
                    "input": f"What is sample {sid}?",
                    "target": "42",
                    "messages": [{"role": "user", "content": f"What is sample {sid}?"}],
                    "output": {"model": model, "choices": []},
                    "scores": scores,
                    "metadata": {},
                    "events": [],
                }
                _zip_json(z, f"samples/{sid}_epoch_{e}.json", sample)
                summaries.append({"id": sid, "epoch": e, "scores": scores})
        _zip_json(z, "summaries/1.json", summaries)
        _zip_json(z, "reductions.json", [{"scorer": scorer, "samples": []}])
        _zip_json(
            z,
            "header.json",
            {"version": 2, "status": "success", "eval": eval_spec, "results": {}, "stats": {}},
        )
    return buf.getvalue()


def mgsm_like(*, questions: int = 250, seed: int = 3) -> tuple[bytes, pd.DataFrame]:
    """A clustered wide CSV: each source question translated into 10 languages.

    A question's difficulty is shared by its 10 translations, and so is how
    much better model A does on it than B (a per-question edge), so the
    differences within a cluster go together. Returns the bytes and the frame.
    """
    rng = np.random.default_rng(seed)
    k = len(LANGUAGES)
    ease = np.repeat(rng.normal(0.6, 1.6, questions), k)  # shared by a question's languages
    edge = np.repeat(rng.normal(0.25, 1.2, questions), k)  # A's edge over B on that question
    a = (rng.random(questions * k) < 1 / (1 + np.exp(-(ease + edge / 2)))).astype(int)
    b = (rng.random(questions * k) < 1 / (1 + np.exp(-(ease - edge / 2)))).astype(int)
    frame = pd.DataFrame(
        {
            "question_id": [f"{lang}-{q:03d}" for q in range(questions) for lang in LANGUAGES],
            "cluster": [f"mgsm-{q:03d}" for q in range(questions) for _ in LANGUAGES],
            "model_a": a,
            "model_b": b,
        }
    )
    return frame.to_csv(index=False).encode(), frame


DATA = Path(__file__).resolve().parent / "data"


def data_file(pattern: str) -> tuple[str, bytes]:
    """(file name, bytes) of the one file under tests/data matching ``pattern``."""
    found = sorted(DATA.glob(pattern))
    if len(found) != 1:
        raise AssertionError(f"expected one file for {pattern}, found {found}")
    return found[0].name, found[0].read_bytes()
