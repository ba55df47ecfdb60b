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
bash scripts/setup.sh --full
.venv/bin/denpex kb lint
.venv/bin/denpex kb test
exec .venv/bin/python -m pytest -q -n 2 --dist loadgroup "$@"
