"""Computed diagnosis for nvidia.dcgm-diag-failed: map the failing DCGM test (and its warning) to the next step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ENV_HINTS = ("Error using CUDA API", "busy or unavailable", "not yet initialized", "Persistence mode", "Unable to create CUDA context",
              "unsupported display driver", "version mismatch")
_TESTS: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = (
    (("memory", "gpu memory", "memtest", "memory bandwidth"), "the GPU memory test",
     ("nvidia-smi -q -d ECC,ROW_REMAPPER -i {sel}: uncorrectable ECC or 'Pending : Yes' explain it.",
      "Reset the GPU (nvidia-smi -r -i {sel}, or reboot) and rerun dcgmi diag -r 3 -i {sel}; a repeat failure means drain and RMA.")),
    (("pcie",), "the PCIe test",
     ("nvidia-smi -q -d PCIE -i {sel}: compare Link Width/Generation Current vs Max; lspci -vv for AER errors.",
      "Reseat the GPU/riser or report the host; only lower min_pci_width where the instance type is provisioned with fewer lanes.")),
    (("nvlink", "nvbandwidth"), "the NVLink / bandwidth test",
     ("nvidia-smi nvlink -s -i {sel} and -e for error counters; dmesg | grep -i xid (74, 144-150).",
      "On NVSwitch systems check nvidia-fabricmanager; drain and escalate if links are down.")),
    (("diagnostic", "targeted stress", "targeted power", "sm stress", "stress", "power", "eud"), "a stress/power test",
     ("Check temperatures, clocks events and power (nvidia-smi -q -d TEMPERATURE,PERFORMANCE,POWER -i {sel}) and dmesg for Xids.",
      "Fix cooling/power and rerun; a GPU that still fails under load should be drained and RMA'd.")),
    (("software", "deployment", "denylist", "nvml library", "cuda main library", "permissions", "persistence", "environment",
      "page retirement", "graphics processes", "inforom"), "a deployment/software check",
     ("Fix the named setting (persistence mode: nvidia-smi -pm 1; stop graphics/other processes; reboot after driver upgrades) and rerun.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    test = str(facts.get("dcgm_test") or "").strip()
    idx = facts.get("gpu_index")
    warning = str(facts.get("warning") or "")
    sel = str(idx) if idx is not None else "<gpu>"
    where = f"GPU {idx}" if idx is not None else "all GPUs in the group"
    derived: dict[str, Any] = {"gpu_text": f" on GPU {idx}" if idx is not None else ""}
    if any(h.lower() in warning.lower() for h in _ENV_HINTS):
        derived["verdict"] = "environment"
        return Explanation(
            text=f"DCGM test '{test or '?'}' failed on {where}, but the warning ('{warning}') shows the plugin could not use CUDA: "
                 "an environment problem on the node, not evidence of a bad GPU.",
            fix=("Stop other processes on the GPUs, start nvidia-fabricmanager on NVSwitch systems, enable persistence mode, and reboot "
                 "if the driver was upgraded; then rerun dcgmi diag.",),
            derived=derived,
        )
    low = test.lower()
    for keys, what, fix in _TESTS:
        if any(k in low for k in keys):
            derived["verdict"] = "hardware-or-config"
            text = f"DCGM diagnostic failed: {what} ('{test}') on {where}" + (f": {warning}" if warning else "") + "."
            return Explanation(text=text, fix=tuple(f.format(sel=sel) for f in fix) + (f"Keep {where} drained until dcgmi diag passes.",), derived=derived)
    if not test and idx is None:
        return None
    return Explanation(
        text=f"DCGM diagnostic '{test or '?'}' failed on {where}" + (f": {warning}" if warning else "") + ".",
        fix=(f"Rerun with detail: dcgmi diag -r 3 -i {sel} -v and read /var/log/nvidia-dcgm/nvvs.log; drain until it passes.",),
        derived=derived,
    )
