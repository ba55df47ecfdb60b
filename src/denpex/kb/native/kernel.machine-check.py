"""Computed diagnosis for kernel.machine-check: corrected vs uncorrected, which DIMM, and whether to drain."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _uncorrected_status(status: str | None) -> bool | None:
    """MCi_STATUS bit 61 (UC) says the error was not corrected; bit 63 (VAL) must be set."""
    if not status:
        return None
    try:
        v = int(str(status), 16)
    except ValueError:
        return None
    if not v >> 63 & 1:
        return None
    return bool(v >> 61 & 1)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    etype, count, dimms = facts.get("error_type"), facts.get("error_count"), facts.get("dimm_label")
    ghes, addr, status = facts.get("ghes_severity"), facts.get("address"), facts.get("mci_status")
    cpu, bank, msg = facts.get("cpu"), facts.get("bank"), facts.get("edac_msg")
    if isinstance(dimms, str):
        dimms = [dimms]
    dimms = [d for d in (dimms or []) if d]
    uc: bool | None = None
    if addr:
        uc = True
    elif etype:
        uc = str(etype) in ("UE", "Fatal")
    elif ghes:
        uc = str(ghes) in ("fatal", "recoverable")
    elif status:
        uc = _uncorrected_status(status)
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    where = ""
    if dimms:
        where = " on " + ", ".join(dimms[:4]) + (f" (+{len(dimms) - 4} more)" if len(dimms) > 4 else "")
    kind = str(msg).strip() if msg and str(msg).strip() else "error"
    if addr:
        kind = "memory error (a process read a poisoned page)"
    if uc:
        derived["error_class"] = f"UNCORRECTED {kind}{where}"
        parts.append(f"The hardware reported an uncorrected error{where}: ECC could not repair the data.")
        if addr:
            parts.append(f"A process read the poisoned memory at physical address 0x{addr}; the kernel killed it (SIGBUS) and retired the page.")
        else:
            parts.append("Whatever used that memory was killed, or the node panicked if it was kernel memory.")
        fix.append("Drain this node now and replace (or reseat) the failing DIMM" + (f" ({dimms[0]})" if dimms else "") + "; resubmit the job from its last checkpoint elsewhere.")
    elif uc is False:
        n = int(count) if count is not None else 1
        derived["error_class"] = f"corrected {kind}{where}" + (f" ({n} in one report)" if n > 1 else "")
        parts.append(f"ECC corrected {'an error' if n <= 1 else f'{n} errors'}{where}; no data was lost.")
        if len(dimms) == 1 or n > 1:
            parts.append("Corrected errors that keep coming from one DIMM predict an uncorrected one.")
            fix.append("If this DIMM keeps reporting CEs (check ras-mc-ctl --error-count / edac-util -v over a day), drain the node and replace it.")
        else:
            fix.append("A single corrected error needs no action; monitor the DIMM's CE count with rasdaemon or edac-util.")
    else:
        derived["error_class"] = "machine check (severity not decoded in this log)"
        parts.append("The CPU logged a machine-check event; this log does not show whether it was corrected.")
        fix.append("Decode it: ras-mc-ctl --errors or mcelog --client; check /sys/devices/system/edac/mc/mc*/ue_count and ce_count.")
    if cpu is not None and bank is not None:
        parts.append(f"It was recorded by CPU {cpu} in machine-check bank {bank}" + (f" (status {status})" if status else "") + ".")
    fix.append("Map the EDAC label to a physical slot with the board's DIMM map, and check ipmitool sel list for the BMC's record.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
