#!/usr/bin/env bash
# Set up everything (apt: Chromium for browser tests; pip: package, torch CPU, test tools) and run all tests.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! [ -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  else
    echo "warning: /usr/bin/chromium missing and cannot apt-get install it; browser tests will be skipped" >&2
  fi
fi
# Open MPI (mpirun, and libmpi for mpi4py) and a one-node Slurm with munge for the real launcher
# tests in tests/distributed/test_mpirun.py and test_slurm.py (the Slurm fixture starts the daemons)
if ! command -v mpirun >/dev/null 2>&1 || ! command -v slurmd >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openmpi-bin libopenmpi-dev slurm-wlm munge >/dev/null
  else
    echo "warning: mpirun/slurmd/munged missing and cannot apt-get install them; mpirun and Slurm tests will be skipped" >&2
  fi
fi
# PostgreSQL server binaries for the history tests on a real PostgreSQL (tests/test_history.py starts
# and stops its own throwaway cluster; it skips with the reason when the server cannot start)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "warning: PostgreSQL missing and cannot apt-get install it; PostgreSQL history tests will be skipped" >&2
  fi
fi
bash scripts/setup.sh --full
.venv/bin/denpex kb lint
.venv/bin/denpex kb test
exec .venv/bin/python -m pytest -q -n 2 --dist loadgroup "$@"
