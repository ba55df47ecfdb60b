"""Privacy, XSS, size limits, timeouts, rate limits and security headers."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from denpex.web import server
from denpex.web.security import RateLimiter, parse_rate
from denpex.web.server import create_app, is_loopback

from .conftest import VLLM_LINE
from .secrets import SECRET_LOG, SECRETS, leaked

ID = "vllm.context-length-exceeded"


def test_secrets_never_come_back_in_json(client: TestClient) -> None:
    r = client.post("/api/diagnose", json={"text": SECRET_LOG})
    assert r.status_code == 200
    assert r.json()["primary"]["id"] == ID  # masking did not break the diagnosis
    assert leaked(r.text) == []
    assert "<SECRET-" in r.text or "<EMAIL-" in r.text


def test_secrets_never_come_back_in_html(client: TestClient) -> None:
    r = client.post("/diagnose", files={"text": (None, SECRET_LOG)})
    assert r.status_code == 200 and ID in r.text
    assert leaked(r.text) == []


def test_secrets_in_uploaded_files_and_file_names(client: TestClient) -> None:
    name = f"{SECRETS['email']}-rank0.log"
    r = client.post("/api/diagnose", files=[("files", (name, SECRET_LOG.encode(), "text/plain"))])
    assert r.status_code == 200
    assert leaked(r.text) == []
    html = client.post("/diagnose", files=[("files", (name, SECRET_LOG.encode(), "text/plain"))]).text
    assert leaked(html) == []


def test_secrets_in_search_query_are_masked_when_echoed(client: TestClient) -> None:
    r = client.get("/search", params={"q": SECRET_LOG})
    assert r.status_code == 200 and leaked(r.text) == []


def test_unknown_summary_is_masked(client: TestClient) -> None:
    text = f"Traceback (most recent call last):\nRuntimeError: login failed for {SECRETS['email']} token {SECRETS['github']}\n"
    r = client.post("/diagnose", files={"text": (None, text)})
    assert "RuntimeError" in r.text and leaked(r.text) == []


@pytest.mark.parametrize(
    "payload",
    ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", '"><svg onload=alert(1)>'],
)
def test_html_in_logs_is_escaped(client: TestClient, payload: str) -> None:
    text = f"Traceback (most recent call last):\nRuntimeError: {payload}\n{VLLM_LINE} {payload}\n"
    html = client.post("/diagnose", files={"text": (None, text)}).text
    assert payload not in html
    assert "&lt;" in html
    assert "<script>alert" not in html and "<img src=x" not in html and "<svg onload" not in html


def test_security_headers(client: TestClient) -> None:
    for r in (client.get("/"), client.get("/api/entries"), client.post("/api/diagnose", json={"text": VLLM_LINE})):
        csp = r.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
    assert client.post("/api/diagnose", json={"text": VLLM_LINE}).headers["cache-control"] == "no-store"


def test_pages_have_no_inline_script(client: TestClient) -> None:
    for path in ("/", "/encyclopedia", f"/entries/{ID}", "/systems/vllm", "/search?q=x", "/docs"):
        html = client.get(path).text
        assert "<script>" not in html and " on" + "click=" not in html
        for tag in html.split("<script")[1:]:
            assert tag.lstrip().startswith("src="), path


def test_upload_limit_json_and_html() -> None:
    c = TestClient(create_app(max_upload_mb=0.001))  # about 1 KB
    big = "x" * 5000
    r = c.post("/api/diagnose", json={"text": big})
    assert r.status_code == 413
    assert "limit" in r.json()["detail"] and r.json()["error"] == "Log too large"
    r = c.post("/diagnose", files={"text": (None, big)})
    assert r.status_code == 413 and "Log too large" in r.text and "<html" in r.text
    # chunked body without a Content-Length is counted while it streams
    r = c.post("/api/diagnose", content=iter([b"y" * 600, b"y" * 600]), headers={"content-type": "text/plain"})
    assert r.status_code == 413
    assert c.post("/api/diagnose", json={"text": VLLM_LINE}).status_code == 200


def _slow(uploads: object, mask_hosts: bool, max_bytes: object) -> None:
    time.sleep(30)


def _broken(uploads: object, mask_hosts: bool, max_bytes: object) -> None:
    raise ValueError(SECRETS["hf"])


def test_analysis_timeout_kills_the_work() -> None:
    """The diagnosis runs in a worker process; on timeout the worker is killed (the work stops) and
    replaced, and the server answers the next request."""
    app = create_app(timeout=0.5, workers=1, runner=_slow)
    with TestClient(app) as c:
        pool = app.state.pool
        seen = []
        for path, kw in (("/api/diagnose", {"json": {"text": VLLM_LINE}}), ("/diagnose", {"files": {"text": (None, VLLM_LINE)}})):
            deadline = time.monotonic() + 60
            while not pool._all and time.monotonic() < deadline:
                time.sleep(0.05)
            procs = [w.proc for w in pool._all]
            t0 = time.monotonic()
            r = c.post(path, **kw)
            assert r.status_code == 504 and "0.5 seconds" in r.text
            assert time.monotonic() - t0 < 10
            assert not any(p.is_alive() for p in procs)  # killed, not left sleeping
            seen += procs
            assert c.get("/healthz").status_code == 200
        assert len(seen) == 2
        live = [w.proc for w in pool._all]
    time.sleep(0.2)
    assert not any(p.is_alive() for p in live)  # the app's shutdown stops the replacement too


def test_internal_error_does_not_echo_the_log() -> None:
    r = TestClient(create_app(workers=1, runner=_broken)).post("/api/diagnose", json={"text": SECRET_LOG})
    assert r.status_code == 500 and leaked(r.text) == []


def test_rate_limit() -> None:
    c = TestClient(create_app(rate_limit="2/minute"))
    assert c.post("/api/diagnose", json={"text": VLLM_LINE}).status_code == 200
    assert c.post("/diagnose", files={"text": (None, VLLM_LINE)}).status_code == 200
    r = c.post("/api/diagnose", json={"text": VLLM_LINE})
    assert r.status_code == 429
    assert "2 per minute" in r.json()["detail"] and int(r.headers["retry-after"]) >= 1
    r = c.post("/diagnose", files={"text": (None, VLLM_LINE)})
    assert r.status_code == 429 and "Rate limit reached" in r.text
    assert c.get("/encyclopedia").status_code == 200  # reading is never limited
    assert "2 per minute" in c.get("/").text


def test_rate_limit_off_by_default(client: TestClient) -> None:
    for _ in range(5):
        assert client.post("/api/diagnose", json={"text": VLLM_LINE}).status_code == 200


@pytest.mark.parametrize(
    "text,count,seconds",
    [("3/day", 3, 86400), ("10/hour", 10, 3600), ("5/minute", 5, 60), ("7/h", 7, 3600), (" 2 / d ", 2, 86400)],
)
def test_parse_rate(text: str, count: int, seconds: int) -> None:
    rate = parse_rate(text)
    assert (rate.count, rate.seconds) == (count, seconds)


@pytest.mark.parametrize("text", ["", "3", "day", "0/day", "3/week", "-1/hour"])
def test_parse_rate_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_rate(text)


def test_rate_limiter_window_slides() -> None:
    now = [0.0]
    rl = RateLimiter(parse_rate("2/minute"), clock=lambda: now[0])
    assert rl.check("a") is None and rl.check("a") is None
    assert rl.check("a") == pytest.approx(60.0)
    assert rl.check("b") is None  # per client
    now[0] = 61.0
    assert rl.check("a") is None


def test_is_loopback() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5") and not is_loopback("::")
