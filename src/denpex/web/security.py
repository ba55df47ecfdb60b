"""Safety for a server that receives logs: security headers, a per-client rate limit,
and an access log that records neither bodies nor query strings."""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import deque
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]

access_log = logging.getLogger("denpex.web.access")


class SecurityHeaders:
    """Adds the headers above to every response; diagnosis responses are also ``no-store``."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        started = time.monotonic()
        status = {"code": 0}

        async def send_wrapper(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in {h for h, _ in HEADERS}]
                headers += HEADERS
                if scope.get("method") == "POST" or path.startswith("/search"):
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            # Method, path without the query string, status, time: never bodies or queries.
            access_log.info(
                '%s "%s %s" %s %.0fms',
                (scope.get("client") or ("-",))[0],
                scope.get("method"),
                path,
                status["code"],
                (time.monotonic() - started) * 1000,
            )


_RATE = re.compile(r"^\s*(\d+)\s*/\s*(second|sec|s|minute|min|m|hour|h|day|d)\s*$", re.IGNORECASE)
_PERIODS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}
_PERIOD_WORD = {1: "second", 60: "minute", 3600: "hour", 86400: "day"}


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int

    def __str__(self) -> str:
        return f"{self.count} per {_PERIOD_WORD[self.seconds]}"


def parse_rate(text: str) -> Rate:
    """``"3/day"``, ``"10/hour"``, ``"5/minute"`` (also ``d``/``h``/``m``/``s``)."""
    m = _RATE.match(text or "")
    if not m or int(m.group(1)) < 1:
        raise ValueError(f"rate limit {text!r}: expected N/day, N/hour or N/minute (e.g. 3/day)")
    return Rate(int(m.group(1)), _PERIODS[m.group(2).lower()])


class RateLimiter:
    """Sliding-window counter of diagnoses per client address, in memory."""

    def __init__(self, rate: Rate, clock: object = time.monotonic):
        self.rate = rate
        self._clock = clock
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, client: str, record: bool = True) -> float | None:
        """Record a request; return ``None`` when allowed, else seconds until the next is. With
        ``record=False`` only look (a server refuses a limited client before reading its body)."""
        now: float = self._clock()  # type: ignore[operator]
        with self._lock:
            q = self._hits.get(client)
            if q is None:
                if not record:
                    return None
                q = self._hits[client] = deque()
            while q and now - q[0] >= self.rate.seconds:
                q.popleft()
            if len(q) >= self.rate.count:
                return max(self.rate.seconds - (now - q[0]), 1.0)
            if not record:
                return None
            q.append(now)
            if len(self._hits) > 100_000:  # bound memory on a public deployment
                for key in [k for k, v in self._hits.items() if not v][:50_000]:
                    del self._hits[key]
            return None


class RepeatFilter(logging.Filter):
    """Let the same log message through once per ``window`` seconds: a server out of file
    descriptors would otherwise write an accept() traceback for every connection attempt."""

    def __init__(self, window: float = 10.0, clock: object = time.monotonic):
        super().__init__()
        self.window = window
        self._clock = clock
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = f"{record.name}:{record.levelno}:{record.getMessage()[:200]}:{record.exc_info[0] if record.exc_info else ''}"
        now: float = self._clock()  # type: ignore[operator]
        with self._lock:
            last = self._last.get(key)
            if last is not None and now - last < self.window:
                return False
            self._last[key] = now
            if len(self._last) > 10_000:
                self._last.clear()
        return True
