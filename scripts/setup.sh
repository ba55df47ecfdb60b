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
  # PyTorch's own CPU index when it is reachable (a CPU build, ~200 MB, anywhere); otherwise the
  # package registry, where torch==2.13.0 resolves to the CPU wheel this workplace keeps on disk
  # (elsewhere that fallback would fetch a CUDA build of several GB: prefer the CPU index)
  if ! .venv/bin/python -c 'import torch' 2>/dev/null; then
    if command -v curl >/dev/null 2>&1 && curl -fsS -m 5 -o /dev/null https://download.pytorch.org/whl/cpu/torch/; then
      .venv/bin/python -m pip install -q torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
    else
      .venv/bin/python -m pip install -q torch==2.13.0
    fi
  fi
  # setuptools 77+ reads the SPDX license string in pyproject.toml (tests/test_report_layout.py builds
  # the wheel without build isolation, so the venv's own setuptools must be new enough)
  .venv/bin/python -m pip install -q -U 'setuptools>=77' wheel
  .venv/bin/python -m pip install -q -e '.[web,plot,test,team]' pytest-xdist
  # the DeepSpeed launcher for tests/distributed/test_deepspeed.py: a source package whose build
  # imports torch (hence no build isolation, after torch), its CUDA ops left unbuilt (CPU only)
  if ! .venv/bin/python -c 'import deepspeed' 2>/dev/null; then
    DS_BUILD_OPS=0 .venv/bin/python -m pip install -q --no-build-isolation deepspeed==0.19.8
  fi
else
  .venv/bin/python -m pip install -q -e .
fi
# byte-compile now: with PYTHONDONTWRITEBYTECODE set, every start would compile the package again
.venv/bin/python -m compileall -q src/denpex >/dev/null || true
