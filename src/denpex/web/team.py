"""``denpex serve --history``: a team's shared history behind accounts.

Without ``--history`` the server stays the stateless app that stores nothing. With it, every
request names a user: ``Authorization: Bearer <token>`` (API clients, ``denpex users token``) or
HTTP Basic with the user's password (browsers: they ask once per session). Roles: a viewer reads
the history, a member also diagnoses (failed diagnoses are saved under their name, with "seen
before / solved before" in the answer), an admin manages accounts (from the CLI). A daily allowance
per user (``denpex users add --quota N``) is taken before the body is read (429 until UTC midnight).
A browser's cross-site POST is refused (``Sec-Fetch-Site`` / ``Origin``): Basic credentials are sent
by browsers automatically, so a form on another site must not be able to use them (CSRF).
"""

from __future__ import annotations

import base64
import binascii
import threading
from datetime import datetime, timedelta, timezone
from typing import Any

from ..history import HistoryError
from ..history.accounts import Accounts, may


class Team:
    def __init__(self, db: str):
        from ..history.store import Store

        self.store = Store(db)  # opens (and migrates) now: a bad URL fails at start, not per request
        self.accounts = Accounts(self.store)
        # one SQLite connection is shared by the server's threads: one database call at a time
        self.lock = threading.Lock()

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
