"""Team accounts in the history database: users with a role, an optional password and daily
allowance, and API tokens.

Passwords are stored as scrypt hashes (``hashlib.scrypt``, a memory-hard KDF in the standard
library: no extra dependency) with a per-user salt; tokens are random (``secrets``) and stored as
SHA-256 hashes only (a token is shown once, when it is made). Roles: ``viewer`` reads the history,
``member`` also diagnoses (and the diagnoses are saved), ``admin`` also manages accounts. The daily
allowance counts diagnoses per user and UTC day, taken atomically in the same transaction that
checks it (two requests at once cannot both take the last one).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import datetime, timezone
from typing import Any

from . import HistoryError
from .store import Store, now_utc, stamp

ROLES = ("viewer", "member", "admin")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$")
TOKEN_PREFIX = "dpx_"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


def hash_password(password: str, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, dklen=32, maxmem=64 << 20, **_SCRYPT)
    return f"scrypt${_SCRYPT['n']}${_SCRYPT['r']}${_SCRYPT['p']}${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str | None) -> bool:
    if not stored or not stored.startswith("scrypt$"):
        return False
    try:
        _, n, r, p, salt, want = stored.split("$")
        got = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=32, maxmem=64 << 20)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got.hex(), want)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _today() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d")


class Accounts:
    def __init__(self, store: Store):
        self.db = store.db

    # ---------------------------------------------------------------- users

    def add_user(self, name: str, role: str = "member", password: str | None = None, daily_quota: int | None = None) -> dict[str, Any]:
        if not _NAME.match(name):
            raise HistoryError(f"user name {name!r}: letters, digits and _.@- only, at most 64 characters")
        if role not in ROLES:
            raise HistoryError(f"role {role!r}: one of {', '.join(ROLES)}")
        if daily_quota is not None and daily_quota < 0:
            raise HistoryError("the daily allowance must be 0 or more")
        with self.db.write() as c:
            if c.scalar("SELECT count(*) FROM users WHERE name = :n", {"n": name}):
                raise HistoryError(f"user {name!r} exists already")
            c.execute(
                "INSERT INTO users (name, role, password_hash, daily_quota, created_at, disabled) VALUES (:n, :r, :h, :q, :c, 0)",
                {"n": name, "r": role, "h": hash_password(password) if password else None, "q": daily_quota, "c": stamp(now_utc())},
            )
        return self.user(name) or {}

    def remove_user(self, name: str) -> None:
        with self.db.write() as c:
            uid = c.scalar("SELECT id FROM users WHERE name = :n", {"n": name})
            if uid is None:
                raise HistoryError(f"no user {name!r}")
            c.execute("DELETE FROM api_tokens WHERE user_id = :u", {"u": uid})
            c.execute("DELETE FROM usage_days WHERE user_id = :u", {"u": uid})
            c.execute("DELETE FROM users WHERE id = :u", {"u": uid})

    def user(self, name: str) -> dict[str, Any] | None:
        with self.db.read() as c:
            row = c.one("SELECT id, name, role, daily_quota, created_at, disabled, password_hash FROM users WHERE name = :n", {"n": name})
        return _public(row) if row else None

    def by_id(self, user_id: int) -> dict[str, Any] | None:
        with self.db.read() as c:
            row = c.one("SELECT id, name, role, daily_quota, created_at, disabled, password_hash FROM users WHERE id = :i", {"i": user_id})
        return _public(row) if row and not row["disabled"] else None

    def secret(self) -> bytes:
        """The server's key for session cookies and CSRF tokens: made once, kept in the settings."""
        with self.db.write() as c:
            value = c.scalar("SELECT value FROM settings WHERE key = 'session_secret'")
            if value is None:
                value = secrets.token_hex(32)
                c.execute("INSERT INTO settings (key, value) VALUES ('session_secret', :v) ON CONFLICT (key) DO NOTHING", {"v": value})
                value = c.scalar("SELECT value FROM settings WHERE key = 'session_secret'")
        return bytes.fromhex(value)

    def users(self) -> list[dict[str, Any]]:
        with self.db.read() as c:
            rows = c.all(
                "SELECT u.id, u.name, u.role, u.daily_quota, u.created_at, u.disabled, u.password_hash, "
                "(SELECT count(*) FROM api_tokens t WHERE t.user_id = u.id) AS tokens, "
                "(SELECT d.count FROM usage_days d WHERE d.user_id = u.id AND d.day = :day) AS used_today "
                "FROM users u ORDER BY u.name",
                {"day": _today()},
            )
        return [_public(r) for r in rows]

    # ---------------------------------------------------------------- credentials

    def new_token(self, name: str, label: str | None = None) -> str:
        """A new API token for ``name``: returned once, stored as a hash."""
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        with self.db.write() as c:
            uid = c.scalar("SELECT id FROM users WHERE name = :n", {"n": name})
            if uid is None:
                raise HistoryError(f"no user {name!r}")
            c.execute(
                "INSERT INTO api_tokens (user_id, token_hash, label, created_at) VALUES (:u, :h, :l, :c)",
                {"u": uid, "h": _token_hash(token), "l": label, "c": stamp(now_utc())},
            )
        return token

    def by_token(self, token: str | None) -> dict[str, Any] | None:
        """The (enabled) user a bearer token belongs to, or None."""
        if not token or not token.startswith(TOKEN_PREFIX) or len(token) > 200:
            return None
        with self.db.write() as c:
            row = c.one(
                "SELECT u.id, u.name, u.role, u.daily_quota, u.created_at, u.disabled, u.password_hash, t.id AS token_id "
                "FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = :h",
                {"h": _token_hash(token)},
            )
            if row is None or row["disabled"]:
                return None
            c.execute("UPDATE api_tokens SET last_used_at = :t WHERE id = :i", {"t": stamp(now_utc()), "i": row["token_id"]})
        return _public(row)

    def by_password(self, name: str, password: str) -> dict[str, Any] | None:
        with self.db.read() as c:
            row = c.one("SELECT id, name, role, daily_quota, created_at, disabled, password_hash FROM users WHERE name = :n", {"n": name})
        if row is None:
            verify_password(password, hash_password("x"))  # the same time whether the user exists or not
            return None
        if row["disabled"] or not verify_password(password, row["password_hash"]):
            return None
        return _public(row)

    # ---------------------------------------------------------------- allowance

    def used_up(self, user: dict[str, Any]) -> int | None:
        """The allowance when ``user`` has used it today (nothing is counted), else None."""
        quota = user.get("daily_quota")
        if quota is None:
            return None
        with self.db.read() as c:
            used = c.scalar("SELECT count FROM usage_days WHERE user_id = :u AND day = :d", {"u": user["id"], "d": _today()})
        return int(quota) if (used or 0) >= quota else None

    def take(self, user: dict[str, Any]) -> int | None:
        """Count one diagnosis for ``user`` today; returns None when allowed, else the allowance that is
        used up (nothing is counted then)."""
        quota = user.get("daily_quota")
        if quota == 0:
            return 0
        cond = "" if quota is None else " WHERE usage_days.count < :q"
        with self.db.write() as c:  # one statement: two requests at once cannot both take the last one
            counted = c.scalar(
                "INSERT INTO usage_days (user_id, day, count) VALUES (:u, :d, 1) ON CONFLICT (user_id, day) "
                f"DO UPDATE SET count = usage_days.count + 1{cond} RETURNING count",
                {"u": user["id"], "d": _today(), "q": quota},
            )
        if counted is None:
            return int(quota)
        return None


def _public(row: dict[str, Any]) -> dict[str, Any]:
    out = {k: row[k] for k in ("id", "name", "role", "daily_quota", "created_at") if k in row}
    out["disabled"] = bool(row.get("disabled"))
    out["has_password"] = bool(row.get("password_hash"))
    for k in ("tokens", "used_today"):
        if k in row:
            out[k] = int(row[k] or 0)
    return out


def may(user: dict[str, Any] | None, action: str) -> bool:
    """Whether ``user``'s role allows ``action``: read (viewer+), diagnose (member+), admin."""
    if user is None:
        return False
    need = {"read": 0, "diagnose": 1, "admin": 2}[action]
    return ROLES.index(user["role"]) >= need
