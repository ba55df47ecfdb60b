"""Computed diagnosis for env.pip-windows-long-path: how long the failing path is and which part makes it long."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAX = 260


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    if not path:
        return None
    # pip prints the repr of the path: doubled backslashes count once.
    real = path.replace("\\\\", "\\")
    n = len(real)
    derived: dict[str, Any] = {"path_length": n}
    low = real.lower()
    idx = low.find("site-packages")
    prefix = real[: idx + len("site-packages")] if idx >= 0 else ""
    parts = [f"The file pip tried to create has a {n}-character path"
             + (f", {n - _MAX} over the 260-character MAX_PATH limit." if n > _MAX else " (close to the 260-character MAX_PATH limit once pip's temporary names are added).")]
    fix: list[str] = []
    if prefix:
        derived["prefix_length"] = len(prefix)
        parts.append(f"The install prefix alone ({prefix}) uses {len(prefix)} characters.")
    if "pythonsoftwarefoundation" in low or "localcache" in low:
        parts.append("This is the Microsoft Store Python's sandboxed user site, whose prefix is very long.")
        fix.append("Install python.org (or conda) Python and create a venv near the drive root: py -m venv C:\\venvs\\proj.")
    elif "onedrive" in low:
        fix.append("Move the environment out of OneDrive to a short path such as C:\\venvs\\proj.")
    fix.append("Enable Win32 long paths (LongPathsEnabled=1 under HKLM\\SYSTEM\\CurrentControlSet\\Control\\FileSystem, as administrator), reboot, and re-run the install.")
    if prefix and len(prefix) > 60:
        fix.append(f"Or shorten the prefix: a venv at C:\\venvs\\proj would make this path about {n - len(prefix) + 30} characters.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
