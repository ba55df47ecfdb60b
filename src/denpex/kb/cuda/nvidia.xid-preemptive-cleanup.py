"""Computed diagnosis for nvidia.xid-preemptive-cleanup: which Xid triggered the cleanup, and the recovery Xid 154 asks for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation
from denpex.xid import XID_CATALOG

_RECOVERY = {
    "none": "no recovery is needed any more",
    "gpu reset required": "reset the GPU when idle (nvidia-smi -r -i <index>), or reboot",
    "node reboot required": "drain the node and reboot it",
    "drain p2p": "stop peer-to-peer work on this GPU (drain its jobs)",
    "drain and reset": "drain the GPU's jobs, then reset it",
    "pf flr": "a function-level reset of the GPU (nvidia-smi -r -i <index>, or reboot)",
}


def _codes(v: Any) -> list[int]:
    vals = v if isinstance(v, (list, tuple)) else ([v] if v is not None else [])
    out: list[int] = []
    for x in vals:
        try:
            out.append(int(x))
        except (TypeError, ValueError):
            continue
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    codes = _codes(facts.get("xid"))
    cause = facts.get("caused_by_xid")
    others = [c for c in codes if c not in (45, 154)]
    parts: list[str] = []
    fix: list[str] = []
    if cause is not None:
        meaning = XID_CATALOG.get(int(cause), ("see NVIDIA's Xid catalog", ""))[0]
        parts.append(f"The driver says the channel cleanup was caused by Xid {cause} ({meaning}); that Xid is the root of this incident.")
        fix.append(f"Diagnose and act on Xid {cause}: dmesg -T | grep -E 'NVRM: Xid .*: {cause},'")
    elif others:
        parts.append("Other Xids on this GPU around it: " + ", ".join(str(c) for c in others) + "; the first of them is the likely root.")
        fix.append(f"Act on Xid {others[0]} first (see its entry).")
    elif 45 in codes:
        parts.append(
            "Xid 45 appears without another Xid in this log: either a process using the GPU was killed (OOM killer, SIGKILL, "
            "job cancel) or, on NVSwitch systems, the fabric manager needs attention (NVIDIA's catalog: solo Xid 45 -> restart the fabric manager)."
        )
        fix.append("Check why the named process died (dmesg 'Out of memory', scheduler logs); on HGX check systemctl status nvidia-fabricmanager.")
    action = facts.get("recovery_action")
    if action:
        what = _RECOVERY.get(str(action).strip().lower(), "perform the action it names")
        parts.append(f"Xid 154 says the GPU now needs: {action} ({what}).")
        fix.insert(0, f"Recovery required by Xid 154: {action} -> {what}.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix))
