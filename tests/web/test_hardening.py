"""Server hardening (issue 18): deep JSON, Host allowlist (DNS rebinding), X-Forwarded-For trusted
only when configured, a limited client refused before its body is read, searches bounded and
rate-limited, connections capped below the file-descriptor limit, repeated log lines written once."""

from __future__ import annotations

import logging
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx
from fastapi.testclient import TestClient

from denpex.web.security import RepeatFilter
from denpex.web.server import MAX_QUERY, allowed_host_names, create_app

from .conftest import VLLM_LINE, start_server, stop_server


def test_deeply_nested_json_is_a_clear_400_with_security_headers(client: TestClient) -> None:
    r = client.post("/api/diagnose", content=b"[" * 100_000, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert "nested too deeply" in r.json()["detail"]
    assert r.headers["x-content-type-options"] == "nosniff"


def test_allowed_host_names() -> None:
    assert set(allowed_host_names("127.0.0.1")) >= {"127.0.0.1", "localhost", "::1"}
    assert allowed_host_names("0.0.0.0") == ["*"]
    assert "proxy.example" in allowed_host_names("0.0.0.0", ["proxy.example"]) and "*" not in allowed_host_names("0.0.0.0", ["proxy.example"])
    assert allowed_host_names("10.1.2.3")[0] == "10.1.2.3" and "localhost" not in allowed_host_names("10.1.2.3")


def test_real_server_answers_only_its_own_host_names(tmp_path: Path) -> None:
    server = start_server(tmp_path, "--allowed-host", "logs.example.org")
    try:
        port = urlparse(server.url).port
        ok = httpx.get(server.url + "/healthz", headers={"host": f"127.0.0.1:{port}"})
        also = httpx.get(server.url + "/healthz", headers={"host": "logs.example.org"})
        rebound = httpx.get(server.url + "/encyclopedia", headers={"host": "attacker.example"})
    finally:
        stop_server(server)
    assert ok.status_code == 200 and also.status_code == 200
    assert rebound.status_code == 400
    assert rebound.headers.get("x-frame-options") == "DENY"


def test_forwarded_for_does_not_pick_the_rate_limit_bucket_unless_trusted(tmp_path: Path) -> None:
    for extra, second in (((), 429), (("--trust-proxy", "127.0.0.1"), 200)):
        server = start_server(tmp_path / (extra[0].strip("-") if extra else "plain"), "--rate-limit", "1/day", *extra)
        try:
            first = httpx.post(server.url + "/api/diagnose", json={"text": VLLM_LINE}, headers={"x-forwarded-for": "198.51.100.1"}, timeout=60)
            again = httpx.post(server.url + "/api/diagnose", json={"text": VLLM_LINE}, headers={"x-forwarded-for": "198.51.100.2"}, timeout=60)
        finally:
            stop_server(server)
        assert first.status_code == 200
        assert again.status_code == second, (extra, again.text)


def test_a_limited_client_is_refused_before_its_body_is_read(tmp_path: Path) -> None:
    server = start_server(tmp_path, "--rate-limit", "1/day")
    try:
        assert httpx.post(server.url + "/api/diagnose", json={"text": VLLM_LINE}, timeout=60).status_code == 200
        port = urlparse(server.url).port
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            # announce 45 MB and send none of it: the answer must come anyway, at once
            s.sendall(
                b"POST /api/diagnose HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                b"Content-Length: 47185920\r\n\r\n"
            )
            started = time.monotonic()
            reply = s.recv(4096).decode("latin-1")
            waited = time.monotonic() - started
    finally:
        stop_server(server)
    assert reply.startswith("HTTP/1.1 429"), reply[:200]
    assert "retry-after" in reply.lower()
    assert waited < 9  # not the body timeout (60 s) nor the socket timeout


def test_search_is_rate_limited_and_bounded() -> None:
    with TestClient(create_app(search_rate="2/minute")) as c:
        assert c.get("/search", params={"q": "nccl timeout"}).status_code == 200
        long = c.get("/search", params={"q": "CUDA out of memory " * 2000})
        assert long.status_code == 200
        assert ("CUDA out of memory " * 2000)[: MAX_QUERY + 1] not in long.text
        limited = c.get("/search", params={"q": "nccl"})
        assert limited.status_code == 429 and "Retry-After" in limited.headers
        assert c.get("/search").status_code == 200  # the empty search page is not a search


def test_repeated_log_lines_are_written_once_per_window() -> None:
    now = [0.0]
    f = RepeatFilter(window=10, clock=lambda: now[0])
    rec = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system resource", None, None)
    assert f.filter(rec) is True
    assert f.filter(rec) is False
    now[0] = 11.0
    assert f.filter(rec) is True
    other = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "something else", None, None)
    assert f.filter(other) is True


def test_connections_are_capped_below_the_file_descriptor_limit() -> None:
    code = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (300, 300))\n"
        "from denpex.web.server import fd_budget, FD_RESERVE\n"
        "print(fd_budget(256), fd_budget(100), 300 - FD_RESERVE)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True).stdout.split()
    assert out == [out[2], "100", out[2]] and int(out[0]) < 256
