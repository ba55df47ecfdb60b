"""Computed diagnosis for fabric.pcie-aer: severity, layer and reporting port of a PCIe AER error, and what it means for the job."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sev = str(facts.get("severity") or "")
    dev = facts.get("device")
    src = facts.get("source")
    layer = facts.get("layer")
    agent = facts.get("agent")
    where = f"port {dev}" if dev else "a PCIe port"
    if src and src != dev:
        where += f" (error source {src})"
    if sev.lower().startswith("correct"):
        return Explanation(
            text=(f"{where[0].upper() + where[1:]} logged a corrected PCIe error{f' on the {layer}' if layer else ''}: the link retried and "
                  "recovered. Harmless by itself; a flood of them on one port marks a marginal link."),
            fix=("Track the rate (cat /sys/bus/pci/devices/<bdf>/aer_dev_correctable); service the slot/cable if it keeps rising.",),
            derived={"what": f"corrected error at {dev or src or 'a port'} (recovered by the link)"},
        )
    fatal = "Non-Fatal" not in sev and "Fatal" in sev
    kind = "fatal" if fatal else ("non-fatal" if sev else "uncorrected")
    text = (f"{where[0].upper() + where[1:]} reported an uncorrected ({kind}) PCIe error"
            f"{f' on the {layer}' if layer else ''}{f' ({agent})' if agent else ''}. "
            + ("The link is unreliable; the kernel resets it, and a GPU behind it usually cannot recover (the NVIDIA driver has no AER handler) "
               "and falls off the bus (Xid 79)." if fatal else
               "A transaction failed (for example a completion timeout); if the device behind the port is a GPU or NIC, its driver may not recover.")
            + " Check whether this port leads to a GPU or NIC: lspci -t.")
    fix = [
        "Drain the node and reboot it to retrain the link and re-enumerate lost devices.",
        f"Identify the devices below the port: lspci -t; lspci -vvv -s {src or dev or '<bdf>'} | grep -E 'LnkSta|UESta'.",
        "Reseat or swap the GPU/NIC, riser and cables; update BIOS and device firmware; RMA the part if it recurs on the same path.",
    ]
    what = (f"{sev} error at {dev or src}" if sev else f"device recovery failed at {dev or src or 'a port'}")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
