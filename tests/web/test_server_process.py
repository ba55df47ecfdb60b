"""The real ``denpex serve`` process over HTTP: privacy on disk and in logs, startup warnings."""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path

import httpx
import pytest

from .conftest import VLLM_LINE, LiveServer, free_port, serve_command, start_server, stop_server
from .secrets import SECRET_LOG, SECRETS

ID = "vllm.context-length-exceeded"


def _files_containing_secrets(root: Path) -> list[str]:
    found = []
    for path in root.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for name, value in SECRETS.items():
                if value.encode() in data:
                    found.append(f"{path}: {name}")
    return found


def test_real_server_diagnoses_over_http(live_server: LiveServer) -> None:
    r = httpx.post(live_server.url + "/api/diagnose", json={"text": VLLM_LINE}, timeout=30)
    assert r.status_code == 200 and r.json()["primary"]["id"] == ID
    r = httpx.post(live_server.url + "/api/diagnose", files=[("files", ("r0.log.gz", gzip.compress(VLLM_LINE.encode())))], timeout=30)
    assert r.json()["primary"]["id"] == ID
    page = httpx.get(live_server.url + f"/entries/{ID}", timeout=30)
    assert page.status_code == 200 and "Quick answer" in page.text
    assert "server" not in {k.lower() for k in page.headers}  # no server banner


def test_server_keeps_no_trace_of_logs(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        big = (SECRET_LOG * 400).encode()  # over a megabyte: would spill to a temp file in a naive parser
        responses = [
            httpx.post(server.url + "/api/diagnose", json={"text": SECRET_LOG}, timeout=60),
            httpx.post(server.url + "/diagnose", files={"text": (None, SECRET_LOG)}, timeout=60),
            httpx.post(server.url + "/api/diagnose", files=[("files", ("big.log", big, "text/plain"))], timeout=60),
            httpx.post(server.url + "/api/diagnose", content=SECRET_LOG.encode(), headers={"content-type": "text/plain"}, timeout=60),
            httpx.get(server.url + "/search", params={"q": SECRET_LOG}, timeout=60),
        ]
        for r in responses:
            assert r.status_code == 200
            for name, value in SECRETS.items():
                assert value not in r.text, name
        assert responses[0].json()["primary"]["id"] == ID
    finally:
        stop_server(server)
    output = server.output()
    assert "POST /api/diagnose" in output  # the access log works ...
    for name, value in SECRETS.items():  # ... but holds no bodies or queries
        assert value not in output, name
    assert "?q=" not in output
    assert _files_containing_secrets(server.tmpdir) == []
    assert _files_containing_secrets(server.workdir) == []
    assert list(server.workdir.iterdir()) == [] and list(server.tmpdir.iterdir()) == []


@pytest.mark.parametrize("host", ["0.0.0.0"])
def test_warns_when_listening_on_all_interfaces(host: str) -> None:
    port = free_port()
    proc = subprocess.Popen(serve_command("--host", host, "--port", str(port)), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        line = proc.stdout.readline().decode()  # type: ignore[union-attr]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert "WARNING" in line and host in line and "reachable from other machines" in line


def test_bad_rate_limit_is_a_usage_error() -> None:
    r = subprocess.run(serve_command("--port", str(free_port()), "--rate-limit", "3/fortnight"), capture_output=True, timeout=30)
    assert r.returncode == 2 and b"rate limit" in r.stderr
