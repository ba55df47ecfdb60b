"""Fixtures for the web app: an in-process client and a real ``denpex serve`` subprocess."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from denpex.web.server import create_app

VLLM_LINE = (
    "ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens "
    "(4608 in your prompt; 512 for the completion). Reduce max_model_len or the prompt length."
)
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_command(*args: str) -> list[str]:
    """``denpex serve`` from the interpreter's environment (the console script when installed)."""
    script = Path(sys.executable).with_name("denpex")
    if script.exists():
        return [str(script), "serve", *args]
    return [sys.executable, "-c", "from denpex.cli import main; main()", "serve", *args]


@dataclass
class LiveServer:
    url: str
    proc: subprocess.Popen[bytes]
    log_path: Path
    workdir: Path
    tmpdir: Path

    def output(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


def start_server(base: Path, *extra: str) -> LiveServer:
    port = free_port()
    workdir, tmpdir = base / "cwd", base / "tmp"
    workdir.mkdir(parents=True, exist_ok=True)
    tmpdir.mkdir(parents=True, exist_ok=True)
    log_path = base / "server.log"
    env = {**os.environ, "TMPDIR": str(tmpdir), "TEMP": str(tmpdir), "TMP": str(tmpdir), "PYTHONUNBUFFERED": "1"}
    fh = open(log_path, "wb")
    proc = subprocess.Popen(
        serve_command("--port", str(port), *extra), cwd=workdir, env=env, stdout=fh, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log_path.read_text(errors='replace')}")
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return LiveServer(url, proc, log_path, workdir, tmpdir)
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.terminate()
    raise RuntimeError(f"server did not start:\n{log_path.read_text(errors='replace')}")


def stop_server(server: LiveServer) -> None:
    server.proc.terminate()
    try:
        server.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.wait()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = start_server(tmp_path_factory.mktemp("live"))
    yield server
    stop_server(server)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield b
        b.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
