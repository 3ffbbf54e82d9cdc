#!/usr/bin/env bash
# Rebuild tests/data/ from the real harnesses, offline, in throwaway venvs.
#
#   bash tools/make_fixtures/make.sh [VENV_ROOT]   # default VENV_ROOT: a new temp folder
#
# Needs network access to the Python package index once (to install the tools);
# the runs themselves use no network: mockllm and a scripted lm-eval model.
# Writes tests/data/inspect-<version>/ and tests/data/lm-eval-<version>/; the
# tests then read those files and need neither tool.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="${1:-$(mktemp -d)}"
INSPECT_NEW=0.3.285
INSPECT_OLD=0.3.160  # before inspect compressed .eval entries with Zstandard
LM_EVAL=0.4.13

venv() {  # venv DIR PACKAGE...
    [ -x "$1/bin/python" ] || python3 -m venv "$1"
    "$1/bin/pip" install --quiet "${@:2}"
}
venv "$ROOT/new" "inspect_ai==$INSPECT_NEW" "lm_eval==$LM_EVAL"
venv "$ROOT/old" "inspect_ai==$INSPECT_OLD"

rm -rf "tests/data/inspect-$INSPECT_NEW" "tests/data/inspect-$INSPECT_OLD" "tests/data/lm-eval-$LM_EVAL"
"$ROOT/new/bin/python" tools/make_fixtures/inspect_logs.py "tests/data/inspect-$INSPECT_NEW"
"$ROOT/old/bin/python" tools/make_fixtures/inspect_logs.py "tests/data/inspect-$INSPECT_OLD" \
    arith_alpha.eval arith_beta.eval arith_alpha_epochs.eval arith_beta_epochs.eval
"$ROOT/new/bin/python" tools/make_fixtures/lm_eval_logs.py "tests/data/lm-eval-$LM_EVAL"
ls -lR tests/data
