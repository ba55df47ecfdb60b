#!/usr/bin/env bash
# Set up and diagnose the bundled sample log (the vLLM context-length example).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
set +e
.venv/bin/denpex diagnose src/denpex/samples/vllm-server.log "$@"
rc=$?
# exit status 1 means "failure diagnosed": that is the expected outcome for this sample
[ $rc -le 1 ] && exit 0 || exit $rc
