"""Write small lm-evaluation-harness ``--log_samples`` files with a scripted model (offline).

Run with the Python of a venv that has lm_eval installed (see make.sh):

    python tools/make_fixtures/lm_eval_logs.py OUT_DIR

A model registered with ``@register_model("scripted")`` answers the
multiple-choice questions of ``questions.py`` by script; two local task
YAMLs read JSONL files (``dataset_path: json``): ``arith`` (the 12 sums) and
``arith_times`` (12 products: a different task over the same doc ids). The
harness's own command line runs them, so OUT_DIR holds exactly what
``lm_eval run ... --output_path OUT_DIR --log_samples`` writes:
``scripted__<name>/results_<time>.json`` and
``scripted__<name>/samples_<task>_<time>.jsonl``.

Runs: alpha and beta on ``arith``; alpha on ``arith_times``; gamma on
``arith`` with ``--limit 8``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from lm_eval.__main__ import cli_evaluate  # noqa: E402
from lm_eval.api.model import LM  # noqa: E402
from lm_eval.api.registry import register_model  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from questions import PRODUCTS, SUMS, answer_index  # noqa: E402

BY_QUESTION = {q["question"]: q for q in SUMS + PRODUCTS}

TASK = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "Question: {{{{question}}}}\\nAnswer:"
doc_to_choice: "{{{{choices}}}}"
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
"""


@register_model("scripted")
class Scripted(LM):
    """Gives the chosen option log-likelihood −1 and every other option −5."""

    def __init__(self, pretrained: str = "scripted/alpha", **kwargs) -> None:
        super().__init__()
        self.name = pretrained.split("/")[-1]

    def loglikelihood(self, requests):
        out = []
        for req in requests:
            context, continuation = req.args
            question = context.split("Question: ", 1)[1].split("\nAnswer:", 1)[0]
            item = BY_QUESTION[question]
            pick = item["choices"][answer_index(self.name, item)]
            out.append((-1.0, True) if continuation.strip() == pick else (-5.0, False))
        return out

    def loglikelihood_rolling(self, requests):
        raise NotImplementedError("the scripted model only answers multiple choice")

    def generate_until(self, requests):
        raise NotImplementedError("the scripted model only answers multiple choice")


def run(out: Path, tasks: Path, model: str, task: str, *extra: str) -> None:
    sys.argv = [
        "lm_eval", "run", "--model", "scripted", "--model_args", f"pretrained=scripted/{model}",
        "--tasks", task, "--include_path", str(tasks), "--output_path", str(out),
        "--log_samples", *extra,
    ]  # fmt: skip
    cli_evaluate()


def main() -> None:
    out = Path(sys.argv[1]).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        for name, items in (("arith", SUMS), ("arith_times", PRODUCTS)):
            rows = [{k: q[k] for k in ("question", "choices", "answer")} for q in items]
            (Path(tmp) / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
            (Path(tmp) / f"{name}.yaml").write_text(TASK.format(name=name))
        os.chdir(tmp)  # every path relative: no machine's folder lands in the logs
        run(out, Path("."), "alpha", "arith")
        run(out, Path("."), "beta", "arith")
        run(out, Path("."), "alpha", "arith_times")
        run(out, Path("."), "gamma", "arith", "--limit", "8")
    import lm_eval

    (out / "VERSION").write_text(f"lm_eval {lm_eval.__version__}\n")


if __name__ == "__main__":
    main()
