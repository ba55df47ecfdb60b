"""NVIDIA Xid codes: what each means and what to do, shared by the nvidia.xid-* entries.

The catalog is summarised in our own words from NVIDIA's Xid documentation. Each entry's
``explain`` is ``xid_explainer(<that class's first action>)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .models import Explanation

# Xid code -> (meaning, action), summarised from NVIDIA's Xid documentation and catalog.
XID_CATALOG: dict[int, tuple[str, str]] = {
    8: ("GPU stopped processing (channel idle timeout)", "restart the application"),
    13: ("graphics engine / SM exception (illegal instruction, out-of-range address, warp error in a kernel)", "restart the application and debug the faulting kernel"),
    31: ("GPU memory page fault (MMU fault: a kernel touched an unmapped address)", "restart the application and debug it (compute-sanitizer); the GPU is normally fine"),
    32: ("invalid or corrupted push buffer stream", "restart the application; if it recurs without an application fault, check the driver and PCIe/system memory"),
    38: ("driver firmware error", "reset the GPU; update the driver"),
    43: ("GPU stopped processing the faulting context (it was torn down)", "restart the application; no GPU reset needed"),
    45: ("preemptive cleanup of channels after a previous error", "follow-on event: act on the Xid that came before it"),
    48: ("double-bit ECC error (uncorrectable memory error)", "drain the GPU, reset it, run diagnostics; RMA if it recurs"),
    61: ("internal micro-controller breakpoint/warning", "reset the GPU; report to NVIDIA if it recurs"),
    62: ("internal micro-controller halt", "reset the GPU; update the driver/firmware"),
    63: ("row remap / page retirement recorded (takes effect after reset)", "reset the GPU when idle so the remap is applied"),
    64: ("row remap / page retirement failed", "drain the GPU and replace it (RMA)"),
    68: ("video processor (NVDEC) exception", "restart the application"),
    69: ("graphics engine class error", "restart the application"),
    74: ("NVLink error", "reset the GPU; check NVLink/NVSwitch health; RMA if it recurs"),
    79: ("GPU has fallen off the bus (PCIe link lost)", "drain the node, reboot, check power/thermals/PCIe; RMA if it recurs"),
    92: ("high single-bit ECC error rate", "monitor; run diagnostics at the next maintenance"),
    94: ("contained uncorrectable memory error (only affected processes were killed)", "restart the affected application; reset the GPU at a convenient time"),
    95: ("uncontained uncorrectable memory error (all processes on the GPU affected)", "drain and reset the GPU before reuse; RMA if it recurs"),
    109: ("context switch timeout (a context did not yield, often a hung kernel)", "restart the application; check for runaway kernels"),
    119: ("GSP RPC timeout", "reset the GPU; update the driver/firmware"),
    120: ("GSP error", "reset the GPU; update the driver/firmware"),
    137: ("NVLink PRIV error (register access error on an NVLink unit, often alongside 145)", "follow the NVLink Xid it accompanies; alone it needs no action"),
    144: ("NVLink SAW error (NVLink5, Blackwell: SAW/MVB unit)", "read Fatal/Nonfatal in the line: Fatal -> drain and reset the GPU; Nonfatal -> monitor"),
    145: ("NVLink RLW error (NVLink5, Blackwell: link layer, e.g. RLW_RXPIPE / RLW_REMAP)", "read Fatal/Nonfatal in the line: Fatal -> drain and reset the GPU; Nonfatal -> monitor, follow any Xid 154"),
    146: ("NVLink TLW error (NVLink5, Blackwell: transaction layer)", "read Fatal/Nonfatal in the line: Fatal -> drain and reset the GPU; Nonfatal -> monitor"),
    147: ("NVLink TREX error (NVLink5, Blackwell)", "monitor; follow any accompanying Xid"),
    148: ("NVLink NVLPW control error (NVLink5, Blackwell)", "monitor; follow any accompanying Xid"),
    149: ("NVLink NETIR error (NVLink5, Blackwell: network interface, link down / link events)", "drain and reset the GPU (most NETIR codes); check the NVLink/NVSwitch fabric and the peer"),
    150: ("NVLink MSE error (NVLink5, Blackwell: management subsystem, watchdog)", "drain and reset the GPU"),
    154: ("GPU recovery action changed (the driver says what recovery the GPU now needs)", "perform the recovery action it names (reset / reboot)"),
}


# Xids NVIDIA attributes to the GPU, its memory, firmware or link (not to the application's code)
HARDWARE_XIDS = frozenset({48, 61, 62, 63, 64, 74, 79, 92, 94, 95, 119, 120})
# Xids NVIDIA attributes to the application (a kernel bug), not to failing hardware
APPLICATION_XIDS = frozenset({13, 31, 43})


def xid_meaning(code: int) -> str:
    """The catalog's one-line meaning of an Xid ("NVLink error"), or "" for one it lacks."""
    return XID_CATALOG.get(code, ("", ""))[0]


def _codes(facts: Mapping[str, Any]) -> list[int]:
    out: list[int] = []
    for key in ("xid", "companion_xid"):
        v = facts.get(key)
        vals = v if isinstance(v, (list, tuple)) else ([v] if v is not None else [])
        for x in vals:
            try:
                n = int(x)
            except (TypeError, ValueError):
                continue
            if n not in out:
                out.append(n)
    return out



def _explain(facts: Mapping[str, Any], entry_action: str) -> Explanation | None:
    codes = _codes(facts)
    if not codes:
        return None
    pci = facts.get("pci")
    process = facts.get("process")
    pid = facts.get("pid")
    lines = []
    for c in codes:
        meaning, action = XID_CATALOG.get(c, ("not in the summary table; look it up in NVIDIA's Xid catalog", "see the catalog"))
        lines.append(f"Xid {c}: {meaning} -> {action}")
    where = f"GPU at PCI {pci}" if pci else "the GPU"
    who = ""
    if process or pid:
        who = f" (process {process or '?'}{f', pid {pid}' if pid else ''})"
    text = f"Kernel log Xids on {where}{who}: " + "; ".join(lines) + "."
    fix = [entry_action]
    if pci:
        fix.append(f"Identify the GPU: nvidia-smi --query-gpu=index,pci.bus_id,serial --format=csv | grep -i {str(pci)[-7:]}")
    derived: dict[str, Any] = {"xid_all": codes}
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def xid_explainer(entry_action: str) -> Callable[[Mapping[str, Any]], Explanation | None]:
    """An ``explain(facts)`` for one Xid entry: the catalog text for every code seen, then its action."""

    def explain(facts: Mapping[str, Any]) -> Explanation | None:
        return _explain(facts, entry_action)

    return explain
