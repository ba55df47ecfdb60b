"""`denpex serve --history`: a real server process with a shared history behind accounts (issue 16):
tokens and passwords, roles, the daily allowance, saved incidents with seen-before, no secret stored,
cross-site posts refused."""

from __future__ import annotations

import base64
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from .conftest import start_server, stop_server

# one server and database for the module; each test saves what it reads, and the group keeps the
# module on one worker so the daily allowance test sees only its own requests
pytestmark = pytest.mark.xdist_group("team")

OOM = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.10 GiB "
    "of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.03 GiB memory in use.\n"
    "HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\n"
)


def _cli(db: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "denpex", *args, "--db", str(db)], input=stdin, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def team(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    base = tmp_path_factory.mktemp("team")
    db = base / "team.db"
    assert _cli(db, "users", "add", "ann", "--role", "member", "--quota", "2", "--password-stdin", stdin="correct horse\n").returncode == 0
    assert _cli(db, "users", "add", "vic", "--role", "viewer").returncode == 0
    assert _cli(db, "users", "add", "bea", "--role", "member", "--password-stdin", stdin="battery staple\n").returncode == 0
    member = _cli(db, "users", "token", "ann").stdout.strip()
    viewer = _cli(db, "users", "token", "vic").stdout.strip()
    assert member.startswith("dpx_") and viewer.startswith("dpx_")
    server = start_server(base, "--history", "--db", str(db))
    yield server, db, member, viewer
    stop_server(server)


def _bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def test_every_request_names_a_user(team) -> None:  # type: ignore[no-untyped-def]
    server, _, _, _ = team
    r = httpx.post(server.url + "/api/diagnose", json={"text": OOM}, timeout=60)
    assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Basic")
    assert httpx.post(server.url + "/api/diagnose", json={"text": OOM}, headers=_bearer("dpx_not-a-token"), timeout=60).status_code == 401
    page = httpx.get(server.url + "/api/history", timeout=60)
    assert page.status_code == 401
    # the encyclopedia stays public
    assert httpx.get(server.url + "/encyclopedia", timeout=60).status_code == 200


def test_roles_allowance_saved_incidents_and_seen_before(team) -> None:  # type: ignore[no-untyped-def]
    server, db, member, viewer = team
    assert httpx.post(server.url + "/api/diagnose", json={"text": OOM}, headers=_bearer(viewer), timeout=60).status_code == 403
    first = httpx.post(server.url + "/api/diagnose", json={"text": OOM}, headers=_bearer(member), timeout=60)
    assert first.status_code == 200, first.text
    doc = first.json()
    assert doc["primary"]["id"] == "torch.cuda-oom"
    assert isinstance(doc["history"]["saved_as"], int) and doc["history"]["seen"] == 0
    second = httpx.post(server.url + "/api/diagnose", json={"text": OOM}, headers=_bearer(member), timeout=60).json()
    assert second["history"]["seen"] == 1 and second["history"]["fingerprint"] == doc["history"]["fingerprint"]
    third = httpx.post(server.url + "/api/diagnose", json={"text": OOM}, headers=_bearer(member), timeout=60)
    assert third.status_code == 429 and int(third.headers["retry-after"]) > 0
    assert "allowance" in third.json()["error"].lower()
    # a viewer reads the history; the incidents carry the masked diagnosis and who made it
    hist = httpx.get(server.url + "/api/history", headers=_bearer(viewer), timeout=60)
    assert hist.status_code == 200
    ids = [i["id"] for i in hist.json() if i.get("created_by", "ann") == "ann"]
    assert doc["history"]["saved_as"] in ids and len(ids) >= 2
    one = httpx.get(server.url + f"/api/incidents/{ids[0]}", headers=_bearer(viewer), timeout=60).json()
    assert one["failure_id"] == "torch.cuda-oom"
    nodes = httpx.get(server.url + "/api/nodes", headers=_bearer(viewer), timeout=60)
    assert nodes.status_code == 200 and nodes.json()["incidents"] >= 2
    # nothing secret in the database, and no password or token in clear
    raw = Path(db).read_bytes() + b"".join(p.read_bytes() for p in Path(db).parent.glob("team.db-*"))
    assert b"hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789" not in raw
    assert member.encode() not in raw and b"correct horse" not in raw
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT created_by FROM incidents WHERE created_by = 'ann'").fetchall() == [("ann",), ("ann",)]


def test_browsers_sign_in_with_basic_and_cross_site_posts_are_refused(team) -> None:  # type: ignore[no-untyped-def]
    server, _, _, _ = team
    good = "Basic " + base64.b64encode(b"ann:correct horse").decode()
    bad = "Basic " + base64.b64encode(b"ann:wrong horse").decode()
    assert httpx.get(server.url + "/api/history", headers={"authorization": good}, timeout=60).status_code == 200
    assert httpx.get(server.url + "/api/history", headers={"authorization": bad}, timeout=60).status_code == 401
    r = httpx.post(server.url + "/diagnose", data={"text": OOM}, headers={"authorization": good, "sec-fetch-site": "cross-site"}, timeout=60)
    assert r.status_code == 403 and "Cross-site" in r.text
    r = httpx.post(server.url + "/diagnose", data={"text": OOM}, headers={"authorization": good, "origin": "https://evil.example"}, timeout=60)
    assert r.status_code == 403


def test_without_history_the_server_needs_no_account(live_server) -> None:  # type: ignore[no-untyped-def]
    r = httpx.post(live_server.url + "/api/diagnose", json={"text": OOM}, timeout=60)
    assert r.status_code == 200 and "history" not in r.json()
    assert httpx.get(live_server.url + "/api/history", timeout=60).status_code == 404


def test_db_without_history_is_a_usage_error(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "denpex", "serve", "--db", str(tmp_path / "x.db")], capture_output=True, text=True, timeout=60,
                       env={**os.environ})
    assert r.returncode == 2 and "--history" in r.stderr


def test_browser_session_login_pages_csrf_and_logout(team) -> None:  # type: ignore[no-untyped-def]
    server, _, _, _ = team
    # bea saves an incident of her own first, so the history page has one whatever ran before
    basic = "Basic " + base64.b64encode(b"bea:battery staple").decode()
    saved = httpx.post(server.url + "/api/diagnose", json={"text": OOM}, headers={"authorization": basic}, timeout=60)
    assert saved.status_code == 200, saved.text
    with httpx.Client(base_url=server.url, timeout=60, follow_redirects=False) as c:
        assert c.get("/history").headers["location"].startswith("/login")
        assert c.get("/").headers["location"] == "/login"
        bad = c.post("/login", data={"name": "bea", "password": "wrong staple", "next": "/history"})
        assert bad.status_code == 401 and "wrong" in bad.text
        ok = c.post("/login", data={"name": "bea", "password": "battery staple", "next": "/history"})
        assert ok.status_code == 303 and ok.headers["location"] == "/history"
        cookie = ok.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        hist = c.get("/history")
        assert hist.status_code == 200 and "Incident history" in hist.text and "Sign out bea" in hist.text
        first_id = hist.text.split('href="/incidents/')[1].split('"')[0]
        inc = c.get(f"/incidents/{first_id}")
        assert inc.status_code == 200 and "Occurrences of this problem" in inc.text
        assert c.get("/nodes").status_code == 200
        home = c.get("/")
        assert home.status_code == 200
        token = home.text.split('name="csrf" value="')[1].split('"')[0]
        # a form without the session's token is refused; with it, the diagnosis page shows the history
        no_token = c.post("/diagnose", data={"text": "KeyError: 'input_ids'"})
        assert no_token.status_code == 403
        page = c.post("/diagnose", data={"text": "Traceback (most recent call last):\n  File \"t.py\", line 1\nKeyError: 'input_ids'", "csrf": token})
        assert page.status_code == 200
        assert "Your team&#39;s history" in page.text or "Your team's history" in page.text
        assert "Saved as" in page.text
        out = c.post("/logout", data={"csrf": token})
        assert out.status_code == 303
        c.cookies.clear()
        assert c.get("/history").status_code == 303
