"""Computed diagnosis for nvidia.xid-nvlink: which NVLink Xids, which link, Fatal or not, and what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation
from denpex.xid import xid_explainer

_ACTION = (
    "Drain the node, reset the affected GPUs when idle (on NVSwitch systems: stop nvidia-fabricmanager, reset all GPUs, "
    "start it again) or reboot, then run dcgmi diag -r 3 and check nvidia-smi nvlink -e before reuse."
)
_base = xid_explainer(_ACTION)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    base = _base(facts)
    parts: list[str] = []
    link = facts.get("link")
    unit = facts.get("nvlink_unit")
    sev = facts.get("nvlink_severity")
    if link is not None:
        where = "not tied to a single link (Link -1)" if str(link) == "-1" else f"link {link}"
        parts.append(f"The NVLink event is {where}{f' ({unit} unit)' if unit else ''}.")
    if sev == "Nonfatal":
        parts.append(
            "The event is Nonfatal: NVIDIA's catalog lists no action for most Nonfatal NVLink5 codes; "
            "act only if the job failed at that moment, if it repeats on the same link, or if Xid 154 asks for a reset."
        )
    reg0 = facts.get("reg0")
    if reg0:
        parts.append(f"First register {reg0}: decode its bits with NVIDIA's Xid 74 workflow (ignorable, ECC/parity, signal integrity or mechanical).")
    codes = base.derived.get("xid_all", []) if base else []
    if 154 in codes:
        parts.append("Xid 154 followed: do the recovery action it names.")
    if base is None:
        text = (
            "The CUDA runtime reported an uncorrectable NVLink error; this log holds no NVRM Xid line, "
            "so read the node's kernel log (dmesg | grep -E 'Xid .*: (74|14[4-9]|150),') to find the GPU and link."
        )
        return Explanation(text=" ".join([text, *parts]), fix=(_ACTION,))
    fix = list(base.fix)
    if link is not None and str(link) != "-1":
        fix.append(f"Read the link's counters: nvidia-smi nvlink -e -i <gpu index> (link {link}).")
    return Explanation(text=" ".join([base.text, *parts]), fix=tuple(fix), derived=dict(base.derived))
