#!/usr/bin/env bash
# Create .venv and install denpex with everything the tests need. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
if [ "${1:-}" = "--full" ]; then
  # CPU build of PyTorch for the real torchrun/gloo multi-rank tests (installs offline here); first, so
  # that the launchers in [test] (accelerate, lightning, ray[train]) find it and pull no other build
  .venv/bin/python -c 'import torch' 2>/dev/null || .venv/bin/python -m pip install -q torch==2.13.0
  .venv/bin/python -m pip install -q -e '.[web,plot,test,team]' pytest-xdist
else
  .venv/bin/python -m pip install -q -e .
fi
# byte-compile now: with PYTHONDONTWRITEBYTECODE set, every start would compile the package again
.venv/bin/python -m compileall -q src/denpex >/dev/null || true
