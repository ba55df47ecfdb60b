"""What every real-launcher test module needs: a free loopback port, the denpex JSON report of a
run's logs (a failure is expected: exit status 1), and the report's ranks by rank number."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def diagnose(*paths: Path, extra: tuple[str, ...] = ()) -> dict:
    r = subprocess.run([sys.executable, "-m", "denpex", "diagnose", "--json", *extra, *map(str, paths)],
                       check=False, capture_output=True, timeout=120)
    assert r.returncode == 1, r.stderr.decode()
    return json.loads(r.stdout)


def by_rank(report: dict) -> dict[int, dict]:
    return {r["rank"]: r for r in report["ranks"]}
