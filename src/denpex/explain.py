"""Turning an entry plus extracted facts into run-specific text."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from .knowledge import LoadedEntry
from .models import Explanation

_UNITS = {"b": 1, "kb": 1e3, "kib": 1024, "mb": 1e6, "mib": 1024**2, "gb": 1e9, "gib": 1024**3, "tb": 1e12, "tib": 1024**4}


def parse_size(text: str) -> float | None:
    """'20.00 MiB' -> bytes. Used by ``bytes`` facts."""
    parts = text.replace(",", "").strip().split()
    if not parts:
        return None
    try:
        if len(parts) == 1:
            num = "".join(c for c in parts[0] if c.isdigit() or c in ".-")
            unit = parts[0][len(num):].lower() or "b"
        else:
            num, unit = parts[0], parts[1].lower()
        return float(num) * _UNITS.get(unit, 1)
    except ValueError:
        return None


def convert_facts(entry_facts: Mapping[str, str], groups: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in groups.items():
        kind = entry_facts.get(name, "str")
        try:
            if kind == "int":
                out[name] = int(value.replace(",", ""))
            elif kind == "float":
                out[name] = float(value.replace(",", ""))
            elif kind == "bytes":
                size = parse_size(value)
                out[name] = int(size) if size is not None else value
            else:
                out[name] = value.strip()
        except ValueError:
            out[name] = value
    return out


class _Lenient(string.Formatter):
    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "?")
        return super().get_value(key, args, kwargs)


def render_message(template: str, facts: Mapping[str, Any]) -> str:
    try:
        return _Lenient().vformat(template, (), dict(facts))
    except (ValueError, IndexError, KeyError):
        return template


def explain(loaded: LoadedEntry, facts: Mapping[str, Any]) -> Explanation | None:
    if loaded.explain is None:
        return None
    try:
        return loaded.explain(facts)
    except Exception as exc:  # noqa: BLE001 - a faulty explain function degrades to the generic text
        return Explanation(text=f"(computed explanation unavailable: {type(exc).__name__})")


def fmt_bytes(n: float) -> str:
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if abs(n) >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n:.0f} B"
