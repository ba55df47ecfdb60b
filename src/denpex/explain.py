"""Turning an entry plus extracted facts into run-specific text."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from .knowledge import LoadedEntry
from .models import Explanation

_UNITS = {
    "b": 1, "bytes": 1, "byte": 1,
    "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
    "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4, "pib": 1024**5,
    # XLA/TPU print "6.48G": binary multiples
    "k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4,
}


def parse_size(text: str | float | None) -> float | None:
    """'20.00 MiB', '6.48G', '6291456' -> bytes (None when the unit is unknown).
    Used by ``bytes`` facts and by entries' explain functions."""
    if text is None:
        return None
    if isinstance(text, (int, float)):
        return float(text)
    parts = text.replace(",", "").strip().split()
    if not parts:
        return None
    try:
        if len(parts) == 1:
            num = "".join(c for c in parts[0] if c.isdigit() or c in ".-")
            unit = parts[0][len(num):].lower() or "b"
        else:
            num, unit = parts[0], parts[1].lower()
        return float(num) * _UNITS[unit]
    except (ValueError, KeyError):
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


_TITLE_CUT = re.compile(r" \(|: | - | \u2014 ")


def short_title(title: str) -> str:
    """A title's plain statement, without the wordings it lists after a colon or in parentheses
    ("Ascend NPU operator API refused a call: 'NPU function error: call aclnnXxx failed ...'" ->
    "Ascend NPU operator API refused a call"); the whole title when nothing sensible is left."""
    m = _TITLE_CUT.search(title)
    return title[: m.start()].rstrip(" .,;") if m and m.start() >= 16 else title


def render_message(template: str, facts: Mapping[str, Any], fallback: str | None = None) -> str:
    """The entry's message with this run's facts; ``fallback`` (the title, shortened to its statement)
    when a placeholder has no fact in this log (a message reading "Slurm killed ?: (? > ?)" says less
    than the title)."""
    try:
        names = {name.split(".", 1)[0].split("[", 1)[0] for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:
        return short_title(fallback) if fallback else template
    if fallback is not None and any(n not in facts or facts[n] in (None, "") for n in names):
        return short_title(fallback)
    try:
        return _Lenient().vformat(template, (), dict(facts))
    except (ValueError, IndexError, KeyError):
        return short_title(fallback) if fallback else template


SIGNATURE_KEY = "_signature"  # the id of the signature that matched, beside the facts an explain function reads


def explain(loaded: LoadedEntry, facts: Mapping[str, Any], signature: str | None = None) -> Explanation | None:
    """The entry's computed explanation for these facts. Its explain function also sees, under
    ``facts["_signature"]``, the id of the signature that matched (which wording this was), never
    stored with the facts."""
    if loaded.explain is None:
        return None
    try:
        return loaded.explain({**facts, SIGNATURE_KEY: signature} if signature else facts)
    except Exception as exc:  # noqa: BLE001 - a faulty explain function degrades to the generic text
        return Explanation(text=f"(computed explanation unavailable: {type(exc).__name__})")


def as_int(v: Any) -> int | None:
    """A fact as an int, or None when it is missing or not a number (facts an entry reads from
    context lines may be absent or left as text)."""
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def as_float(v: Any) -> float | None:
    """A fact as a float, or None when it is missing or not a number (as ``as_int``)."""
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def fmt_bytes(n: float) -> str:
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if abs(n) >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n:.0f} bytes"


def cuda_error_origin(
    facts: Mapping[str, Any], enum_name: str, eras: Mapping[int, str], driver_users: str, runtime_users: str
) -> tuple[list[str], dict[str, Any]]:
    """What a CUDA error's number and name say about where it came from, shared by the cuda.*
    entries: the numbering era of ``cuda_error_code`` (runtime numbers changed in CUDA 10.1) and
    whether ``cuda_error_name`` is a driver-API (``CUDA_ERROR_*``) or runtime-API name."""
    parts: list[str] = []
    derived: dict[str, Any] = {}
    code = facts.get("cuda_error_code")
    name = facts.get("cuda_error_name")
    if isinstance(code, int) and code in eras:
        derived["cuda_runtime_era"] = eras[code]
        parts.append(f"error code {code} is {enum_name} as numbered by the {eras[code]}")
    if name:
        api = f"driver API ({driver_users})" if str(name).startswith("CUDA_ERROR") else f"runtime API ({runtime_users})"
        derived["reporting_api"] = api
        parts.append(f"{name} comes from the {api}")
    return parts, derived


_SITE_PACKAGE = re.compile(r"[/\\](?:site|dist)-packages[/\\](?P<pkg>[A-Za-z0-9_]+)")


class RaisingFrame(NamedTuple):
    """The frame a context pattern read above an exception line (frame_file, frame_line, frame_func)."""

    file: str  # with '/' separators
    line: Any
    func: str
    pkg: str  # the site-packages package it lies in, or ""
    base: str  # the file's name
    where: str  # "train.py:10 in main", or "" when the frame is unknown


def file_name(path: str) -> str:
    """The last component of a POSIX or Windows path ("" for "")."""
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


def raising_frame(facts: Mapping[str, Any]) -> RaisingFrame:
    ffile = str(facts.get("frame_file") or "").replace("\\", "/")
    fline = facts.get("frame_line")
    ffunc = str(facts.get("frame_func") or "")
    pm = _SITE_PACKAGE.search(ffile)
    base = file_name(ffile)
    where = f"{base}:{fline}" + (f" in {ffunc}" if ffunc else "") if ffile and fline else ""
    return RaisingFrame(ffile, fline, ffunc, pm.group("pkg") if pm else "", base, where)


def frames_of(raw: Any, pattern: re.Pattern[str]) -> list[tuple[str, str, str]]:
    """(path with forward slashes, line, function) of each collected frame fact (one value or a list, as a
    context with every match collects them) that ``pattern`` reads with its path/line/func groups."""
    out = []
    for v in raw if isinstance(raw, list) else ([raw] if raw else []):
        m = pattern.search(str(v))
        if m:
            out.append((m.group("path").replace("\\", "/"), m.group("line"), m.group("func")))
    return out


# import name -> pip distribution: the knowledge base's table, kept beside python.missing-module
_IMPORT_TABLE = Path(__file__).parent / "kb" / "environment" / "python.missing-module.packages.tsv"


@lru_cache(maxsize=1)
def import_packages() -> dict[str, tuple[str, str]]:
    """Import name -> (pip distribution, note) for the names whose distribution differs or is worth
    stating (``cv2`` -> ``opencv-python``); a distribution in parentheses is a hint, not a pip name.
    Read once from the table the python.missing-module entry ships."""
    out: dict[str, tuple[str, str]] = {}
    try:
        text = _IMPORT_TABLE.read_text(encoding="utf-8")
    except OSError:
        return out
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) > 1:
            out[cols[0]] = (cols[1], cols[2] if len(cols) > 2 else "")
    return out
