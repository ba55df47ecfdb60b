from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DENPEX = [sys.executable, "-m", "denpex"]


def run_cli(*args: str, input: bytes | None = None, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    return subprocess.run([*DENPEX, *args], input=input, capture_output=True, timeout=timeout, env=env)


@pytest.fixture
def cli():
    return run_cli
