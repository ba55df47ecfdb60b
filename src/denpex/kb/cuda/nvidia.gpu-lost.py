"""Computed diagnosis for nvidia.gpu-lost: which GPU, which NVML / RmInitAdapter error, and what preceded it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation
from denpex.xid import XID_CATALOG

_DRAIN = "Drain the node (scontrol update nodename=<node> state=drain reason='gpu lost'), reboot it (power-cycle if needed), then run dcgmi diag -r 3 before reuse."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pci = facts.get("pci")
    err = facts.get("nvml_error")
    rm = facts.get("rm_code")
    raw = facts.get("xid")
    xids = [int(x) for x in (raw if isinstance(raw, (list, tuple)) else ([raw] if raw is not None else []))]
    gpu = f"GPU {pci}" if pci else "a GPU"
    parts: list[str] = []
    fix: list[str] = [_DRAIN]
    where = f" {pci}" if pci else ""
    if rm:
        what = f"GPU{where} RmInitAdapter failed ({rm})"
    elif err and "GPU is lost" in str(err):
        what = f"NVML reports the GPU{where} is lost"
    elif err:
        what = f"nvidia-smi cannot open GPU{where} ({err})"
    else:
        what = "no usable GPU: the driver lost it or never initialised it"
    if rm:
        first = str(rm).split(":")[0].lower()
        hint = {
            "0x62": "GSP firmware / RM start-up failed (check 'Cannot initialize GSP firmware RM', firmware files and driver version)",
            "0x24": "the driver could not access the GPU's hardware (bus/power/board)",
            "0x26": "the driver could not access the GPU's hardware (bus/power/board)",
            "0x11": "a resource/configuration problem at initialisation (VM passthrough, BAR/IOMMU setup)",
        }.get(first, "initialisation failed; the status triple identifies the failing step for NVIDIA support")
        parts.append(f"The driver failed to initialise {gpu} (RmInitAdapter {rm}): {hint}. nvidia-smi will not list it ('No devices were found' if none initialised).")
        fix.append("Collect nvidia-bug-report.sh and the dmesg lines before 'RmInitAdapter failed'; reinstall a consistent driver/firmware set; reseat or RMA the GPU if it fails alone.")
    elif err:
        parts.append(f"NVML cannot use {gpu}: {err}. The driver can no longer talk to it; work on it is lost.")
    else:
        parts.append(f"{gpu[0].upper() + gpu[1:]} is not usable: the driver lost it or never initialised it.")
    if pci:
        fix.append(f"Identify the board: nvidia-smi -q | grep -i -B2 -A8 {str(pci)[-7:]} (serial) on a healthy boot; lspci -vvv -s {str(pci)[-7:]}.")
    if xids:
        named = "; ".join(f"Xid {x}: {XID_CATALOG.get(x, ('see the Xid catalog', ''))[0]}" for x in xids)
        parts.append(f"Kernel log before it: {named}. The first of these is the likely cause.")
    else:
        parts.append("Look in the kernel log for the event before it (Xid 79, GSP Xid 119/120, PCIe AER).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
