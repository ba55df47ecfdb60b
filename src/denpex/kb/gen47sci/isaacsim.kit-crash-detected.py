"""Computed diagnosis for isaacsim.kit-crash-detected: where the crash files are and which release it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KIT_TO_ISAAC = (("105.1", "Isaac Sim 4.0-4.2"), ("106.", "Isaac Sim 4.5"), ("107.", "Isaac Sim 5.x"))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pid, dump, kit = facts.get("pid"), str(facts.get("dump") or ""), str(facts.get("kit_version") or "")
    module = str(facts.get("crash_module") or "")
    if pid is None and not dump and not module:
        return None
    derived: dict[str, Any] = {}
    parts = [f"The Kit process{f' (pid {pid})' if pid is not None else ''} crashed in native code; the crash block only reports it."]
    if module:
        parts.append(f"The crash reporter's stack listing starts in {module}.")
    fix = ["Look at the [Error] lines, assertion or traceback printed just before 'A crash has occurred' - that is the cause."]
    if dump:
        stem = dump[:-4] if dump.endswith(".dmp") else dump
        derived["py_stacks"] = stem + ".py.txt"
        parts.append(f"The minidump is {dump}.")
        fix.append(f"Open {stem}.py.txt (py-spy Python stacks of all threads) and keep {stem}.dmp / .dmp.toml for a bug report.")
    if kit:
        release = next((name for prefix, name in _KIT_TO_ISAAC if kit.startswith(prefix)), "")
        if release:
            derived["isaac_sim"] = release
            parts.append(f"Kit {kit} is {release}.")
    fix.append("Check nvidia-smi: use the driver version recommended for this Isaac Sim release (recent driver updates and new GPU generations are common triggers).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
