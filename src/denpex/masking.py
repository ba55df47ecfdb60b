"""Masking secrets and personal data before any text leaves the engine.

Every string that reaches a report, a JSON document, a web page or the screen
goes through one ``Masker``. Masks are consistent within a diagnosis: the same
value always becomes the same placeholder (``<HOST-2>``), so that rank and host
attribution still lines up after masking.

Detection has two layers: our own patterns for the token formats ML logs carry
(Hugging Face, OpenAI, W&B, AWS, GitHub, JWT, bearer headers, URL passwords,
key=value secrets, e-mail, IPs, home directories) and Yelp's detect-secrets
plugins for the long tail of vendor formats (Slack, Stripe, Azure, ...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_RULES: list[tuple[str, re.Pattern[str], int]] = [
    # (kind, pattern, group to replace: 0 = whole match)
    ("SECRET", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"), 0),
    ("SECRET", re.compile(r"\bhf_[A-Za-z0-9]{20,}"), 0),
    ("SECRET", re.compile(r"\bsk-(?:proj-|ant-|svcacct-)?[A-Za-z0-9_-]{20,}"), 0),
    ("SECRET", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}\b"), 0),
    ("SECRET", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}|\bgithub_pat_[A-Za-z0-9_]{22,}"), 0),
    ("SECRET", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), 0),
    ("SECRET", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), 0),
    ("SECRET", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), 0),
    ("SECRET", re.compile(r"\b(?:pypi-|npm_)[A-Za-z0-9_-]{30,}"), 0),
    ("SECRET", re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{8,}=*)"), 1),
    ("SECRET", re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://[^:/\s@]+:([^@\s/]+)@"), 1),
    (
        "SECRET",
        re.compile(
            r"(?i)\b[A-Za-z0-9_]*(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|credentials?)\b"
            r"[\"']?\s*[=:]\s*[\"']?([^\s\"',;}{]{6,})"
        ),
        1,
    ),
    ("EMAIL", re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b"), 0),
    (
        "IP",
        re.compile(r"(?<![\d.vV])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?!\d|\.\d)"),
        0,
    ),
    ("USER", re.compile(r"(?:/home/|/Users/|/export/home/|C:\\Users\\)([A-Za-z0-9._-]+)"), 1),
]
# Every vendor token detect-secrets knows (Slack, Stripe, Twilio, SendGrid, ...) has a run of 20+
# token characters mixing letters and digits; text without one cannot hold such a secret.
_LONG_TOKEN = re.compile(r"(?<![\w+=.-])(?=[\w+=.-]*\d)(?=[\w+=.-]*[A-Za-z])[\w+=.-]{20,}")
# Keep values that identify nothing and help diagnosis.
_KEEP = {"127.0.0.1", "0.0.0.0", "255.255.255.255", "root", "ubuntu"}


class Masker:
    """Consistent masking of secrets and personal data (and hosts when asked)."""

    def __init__(self, mask_hosts: bool = False, use_detect_secrets: bool = True):
        self.mask_hosts = mask_hosts
        self._map: dict[tuple[str, str], str] = {}
        self._counts: dict[str, int] = {}
        self._hosts: set[str] = set()
        self._use_detect_secrets = use_detect_secrets
        self._plugins: list[Any] | None = None  # loaded on first use: importing them costs ~0.1 s

    def placeholder(self, kind: str, value: str) -> str:
        key = (kind, value)
        if key not in self._map:
            self._counts[kind] = self._counts.get(kind, 0) + 1
            self._map[key] = f"<{kind}-{self._counts[kind]}>"
        return self._map[key]

    def add_hosts(self, hosts: Iterable[str]) -> None:
        for h in hosts:
            if h and h not in _KEEP and len(h) >= 2:
                self._hosts.add(h)

    def host(self, host: str | None) -> str | None:
        if host is None or not self.mask_hosts:
            return self.mask(host) if host else host
        return self.placeholder("HOST", host)

    def mask(self, text: str) -> str:
        if not text:
            return text
        for kind, rx, group in _RULES:
            text = rx.sub(lambda m, k=kind, g=group: self._replace(m, k, g), text)
        for plugin in self._vendor_plugins(text):
            try:
                found = plugin.analyze_line(filename="log", line=text, line_number=0)
            except Exception:  # noqa: BLE001 - a detector bug must not stop masking by the others
                continue
            for secret in found:
                value = getattr(secret, "secret_value", None)
                if value and len(value) >= 8 and not value.startswith("<") and value in text:
                    text = text.replace(value, self.placeholder("SECRET", value))
        if self.mask_hosts and self._hosts:
            for h in sorted(self._hosts, key=len, reverse=True):
                if h in text:
                    text = re.sub(rf"(?<![\w.-]){re.escape(h)}(?![\w-])", self.placeholder("HOST", h), text)
        return text

    def preload(self) -> None:
        """Load detect-secrets' detectors now (about 0.3 s of imports) rather than at the first long
        token; the engine calls it from a thread while worker processes scan."""
        if self._use_detect_secrets and self._plugins is None:
            self._plugins = _detect_secrets_plugins()

    def _vendor_plugins(self, text: str) -> list[Any]:
        """detect-secrets' vendor detectors, only for text holding a long token they could flag."""
        if not self._use_detect_secrets or not _LONG_TOKEN.search(text):
            return []
        if self._plugins is None:
            self._plugins = _detect_secrets_plugins()
        return self._plugins

    def _replace(self, m: re.Match[str], kind: str, group: int) -> str:
        value = m.group(group)
        if value is None or value in _KEEP or value.startswith("<"):
            return m.group(0)
        if group == 0:
            return self.placeholder(kind, value)
        start, end = m.span(group)
        base = m.start(0)
        whole = m.group(0)
        return whole[: start - base] + self.placeholder(kind, value) + whole[end - base :]

    def mask_value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.mask(value)
        if isinstance(value, list):
            return [self.mask_value(v) for v in value]
        if isinstance(value, dict):
            return {k: self.mask_value(v) for k, v in value.items()}
        return value


def _detect_secrets_plugins() -> list[Any]:
    try:
        from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    except ImportError:
        return []
    skip = ("Entropy", "IPPublic", "Keyword")
    out = []
    for cls in get_mapping_from_secret_type_to_class().values():
        if any(s in cls.__name__ for s in skip):
            continue
        try:
            out.append(cls())
        except Exception:  # noqa: BLE001
            continue
    return out


class NullMasker(Masker):
    """Masks nothing. Only for local benchmarks that compare extracted facts with raw values."""

    def __init__(self) -> None:
        super().__init__(use_detect_secrets=False)

    def mask(self, text: str) -> str:
        return text

    def host(self, host: str | None) -> str | None:
        return host
