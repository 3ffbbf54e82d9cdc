"""Write small inspect logs with scripted ``mockllm`` models (offline, no API key).

Run with the Python of a venv that has inspect_ai installed (see make.sh):

    python tools/make_fixtures/inspect_logs.py OUT_DIR [NAME ...]

Writes, into OUT_DIR, logs named for what they hold (the harness's own
timestamped names are replaced):

- ``arith_alpha.eval``, ``arith_beta.eval``: task ``arith`` (12 multiple-choice
  sums, ``choice()`` scorer), models ``mockllm/alpha`` and ``mockllm/beta``;
- ``reverse_digits_alpha.eval``: a different task over the same ids;
- ``arith_alpha_epochs.eval``, ``arith_beta_epochs.eval``: the first 6 samples,
  3 epochs reduced with ``at_least_1``;
- ``arith_alpha_epochs_mean_max.eval``: the same, reduced with mean and max;
- ``arith_gamma_limit.eval``: ``limit=8`` and one sample whose model call fails;
- ``arith_alpha.json``: the first 3 samples in inspect's JSON log format.

Which answers are right is scripted in ``questions.py``.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import inspect_ai
from inspect_ai import Epochs, Task, eval, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ModelOutput, get_model
from inspect_ai.model._providers.mockllm import MockLLM
from inspect_ai.scorer import choice, match
from inspect_ai.solver import generate, multiple_choice, solver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from questions import ERRORED, LETTERS, PRODUCTS, SUMS, answer_index, is_right  # noqa: E402

TAG = re.compile(r"\[sample (\d+), epoch (\d+)\]")


async def _rough_token_count(self, input, config=None) -> int:
    return 10


# Newer mockllm counts tokens with tiktoken, which downloads its tables on first
# use; offline that fails every sample, so count roughly instead.
if hasattr(MockLLM, "count_tokens"):
    MockLLM.count_tokens = _rough_token_count


@solver
def tag_sample():
    """Write the sample id and epoch into the prompt, so the scripted model can read them."""

    async def solve(state, generate):
        state.user_prompt.text = (
            f"{state.user_prompt.text} [sample {state.sample_id}, epoch {state.epoch}]"
        )
        return state

    return solve


@task
def arith():
    samples = [
        Sample(input=q["question"], choices=q["choices"], target=LETTERS[q["answer"]], id=q["id"])
        for q in SUMS
    ]
    return Task(
        dataset=MemoryDataset(samples, name="arith_sums"),
        solver=[tag_sample(), multiple_choice()],
        scorer=choice(),
    )


@task
def reverse_digits():
    samples = [
        Sample(
            input=f"Reverse the digits of {1000 + 37 * q['id']}.",
            target=str(1000 + 37 * q["id"])[::-1],
            id=q["id"],
        )
        for q in PRODUCTS
    ]
    return Task(
        dataset=MemoryDataset(samples, name="reverse_digits"),
        solver=[tag_sample(), generate()],
        scorer=match(),
    )


def scripted(name: str, task_name: str):
    """A mockllm model that answers by the script in questions.py."""

    def respond(input, tools, tool_choice, config):
        text = " ".join(m.text for m in input if m.role == "user")
        sid, epoch = (int(x) for x in TAG.search(text).groups())
        if sid in ERRORED.get(name, ()):
            raise RuntimeError(f"scripted failure for sample {sid}")
        if task_name == "arith":
            letter = LETTERS[answer_index(name, SUMS[sid], epoch)]
            content = f"ANSWER: {letter}"
        else:
            right = str(1000 + 37 * sid)[::-1]
            content = right if is_right(name, sid, epoch) else right[::-1]
        return ModelOutput.from_content(model=f"mockllm/{name}", content=content)

    return get_model(f"mockllm/{name}", custom_outputs=respond)


def run(out: Path, name: str, task_fn, model: str, *, fmt: str = "eval", **kwargs) -> None:
    logs = eval(
        task_fn(),
        model=scripted(model, task_fn.__name__),
        log_dir=str(out / "_raw"),
        log_format=fmt,
        display="none",
        fail_on_error=False,
        **kwargs,
    )
    shutil.move(logs[0].location, out / name)


JOBS = {
    "arith_alpha.eval": (arith, "alpha", {}),
    "arith_beta.eval": (arith, "beta", {}),
    "reverse_digits_alpha.eval": (reverse_digits, "alpha", {}),
    # epochs and the JSON format make bigger files: fewer samples keep each small
    "arith_alpha_epochs.eval": (arith, "alpha", {"epochs": Epochs(3, "at_least_1"), "limit": 6}),
    "arith_beta_epochs.eval": (arith, "beta", {"epochs": Epochs(3, "at_least_1"), "limit": 6}),
    "arith_alpha_epochs_mean_max.eval": (
        arith, "alpha", {"epochs": Epochs(3, ["mean", "max"]), "limit": 6}
    ),
    "arith_gamma_limit.eval": (arith, "gamma", {"limit": 8}),
    "arith_alpha.json": (arith, "alpha", {"fmt": "json", "limit": 3}),
}  # fmt: skip


def main() -> None:
    """OUT_DIR, then optionally the names of the logs to write (default: all)."""
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[2:] or JOBS:
        task_fn, model, kwargs = JOBS[name]
        run(out, name, task_fn, model, **kwargs)
    shutil.rmtree(out / "_raw", ignore_errors=True)
    (out / "VERSION").write_text(f"inspect_ai {inspect_ai.__version__}\n")


if __name__ == "__main__":
    main()
