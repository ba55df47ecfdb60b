"""``denpex serve --history``: a team's shared history behind accounts.

Without ``--history`` the server stays the stateless app that stores nothing. With it, every
request names a user: ``Authorization: Bearer <token>`` (API clients, ``denpex users token``) or
HTTP Basic with the user's password (browsers: they ask once per session). Roles: a viewer reads
the history, a member also diagnoses (failed diagnoses are saved under their name, with "seen
before / solved before" in the answer), an admin manages accounts (from the CLI). A daily allowance
per user (``denpex users add --quota N``) is taken before the body is read (429 until UTC midnight).

Browsers sign in on ``/login`` (a signed, HttpOnly, SameSite=Strict session cookie; Secure over
HTTPS; 12 hours) or with HTTP Basic. Against cross-site request forgery: a browser's cross-site POST
is refused (``Sec-Fetch-Site`` / ``Origin``), the cookie is not sent cross-site (SameSite=Strict),
and every form posted with a session carries a token derived from it (HMAC with the server's key).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import threading
import time
from datetime import datetime, timedelta, timezone
from typing import Any

from ..history import HistoryError
from ..history.accounts import Accounts, may

SESSION_COOKIE = "denpex_session"
SESSION_S = 12 * 3600  # a browser session lasts 12 hours


class Team:
    def __init__(self, db: str):
        from ..history.store import Store

        self.store = Store(db)  # opens (and migrates) now: a bad URL fails at start, not per request
        self.accounts = Accounts(self.store)
        # one SQLite connection is shared by the server's threads: one database call at a time
        self.lock = threading.Lock()
        self._secret = self.accounts.secret()

    # ---------------------------------------------------------------- browser sessions

    def session_cookie(self, user: dict[str, Any]) -> str:
        """A signed cookie value naming ``user`` until it expires (HMAC-SHA256 with the server's key)."""
        body = f"{user['id']}.{int(time.time()) + SESSION_S}"
        return body + "." + self._sign("session:" + body)

    def user_of_cookie(self, value: str | None) -> dict[str, Any] | None:
        if not value or value.count(".") != 2:
            return None
        uid, expiry, sig = value.split(".")
        if not (uid.isdigit() and expiry.isdigit()) or int(expiry) < time.time():
            return None
        if not hmac.compare_digest(sig, self._sign(f"session:{uid}.{expiry}")):
            return None
        with self.lock:
            return self.accounts.by_id(int(uid))

    def csrf(self, cookie: str) -> str:
        """The form token that goes with a session (a page of this server can read it, another site cannot)."""
        return self._sign("csrf:" + cookie)[:32]

    def csrf_ok(self, cookie: str | None, token: str | None) -> bool:
        return bool(cookie and token) and hmac.compare_digest(self.csrf(cookie), token)  # type: ignore[arg-type]

    def _sign(self, text: str) -> str:
        return hmac.new(self._secret, text.encode(), hashlib.sha256).hexdigest()

    def login(self, name: str, password: str) -> dict[str, Any] | None:
        with self.lock:
            return self.accounts.by_password(name, password)

    def close(self) -> None:
        self.store.close()

    # ---------------------------------------------------------------- who is asking

    def user_of(self, authorization: str | None) -> dict[str, Any] | None:
        if not authorization:
            return None
        scheme, _, value = authorization.partition(" ")
        with self.lock:
            if scheme.lower() == "bearer":
                return self.accounts.by_token(value.strip())
            if scheme.lower() == "basic":
                try:
                    name, _, password = base64.b64decode(value.strip(), validate=True).decode("utf-8").partition(":")
                except (binascii.Error, UnicodeDecodeError):
                    return None
                return self.accounts.by_password(name, password)
        return None

    def take(self, user: dict[str, Any]) -> int | None:
        with self.lock:
            return self.accounts.take(user)

    def used_up(self, user: dict[str, Any]) -> int | None:
        with self.lock:
            return self.accounts.used_up(user)

    @staticmethod
    def seconds_to_midnight() -> int:
        now = datetime.now(timezone.utc)
        tomorrow = (now + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
        return max(int((tomorrow - now).total_seconds()), 1)

    # ---------------------------------------------------------------- memory

    def record(self, doc: dict[str, Any], user: dict[str, Any]) -> dict[str, Any]:
        """The ``history`` block of a diagnosis made through the server: seen before / solved before,
        and the saved incident when it failed."""
        from ..history.fingerprint import fingerprint
        from ..history.hook import _similar_solved
        from ..masking import Masker

        fp = fingerprint(doc)
        failed = failed_doc(doc)
        block: dict[str, Any] = {"fingerprint": fp.key, "seen": 0, "saved_as": None}
        with self.lock:
            if failed:
                g = self.store.group(fp.key)
                if g:
                    block.update({k: v for k, v in g.items() if k not in ("fingerprint", "failure_id", "title")})
                if not (g and g.get("resolved")):
                    block["similar_solved"] = _similar_solved(self.store, fp)
                incident, _ = self.store.save(doc, masker=Masker(), created_by=user["name"])
                block["saved_as"] = incident
        return block

    def history(self, **filters: Any) -> list[dict[str, Any]]:
        with self.lock:
            return self.store.list(**filters)

    def incident(self, incident_id: int) -> dict[str, Any] | None:
        with self.lock:
            return self.store.get(incident_id)

    def nodes(self, since: str | None = None, last: int | None = None) -> dict[str, Any]:
        with self.lock:
            return self.store.nodes(since=since, last=last)


def failed_doc(doc: dict[str, Any]) -> bool:
    """Whether a diagnosis document reports a failure (its exit status would be 1)."""
    if doc.get("primary"):
        return True
    unknown = doc.get("unknown") or {}
    return any(unknown.get(k) for k in ("exceptions", "fatal_lines", "exit_codes", "error_lines"))


def cross_site(headers: Any) -> bool:
    """Whether a browser sent this request from another site (a CSRF attempt): ``Sec-Fetch-Site``
    says so in current browsers; else an ``Origin`` that is not this host."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site not in ("same-origin", "none")
    origin = headers.get("origin")
    if origin is None or origin == "null":
        return origin == "null"
    host = headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") != host


__all__ = ["HistoryError", "Team", "cross_site", "may"]
