"""Computed diagnosis for nccl.internal-error: what the last error / WARN line points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    last = str(facts.get("last_error") or "")
    warn = str(facts.get("nccl_warn") or "")
    ver = facts.get("nccl_version")
    derived: dict[str, Any] = {"version_text": f" (NCCL {ver})" if ver else ""}
    detail = last or warn
    low = detail.lower()
    fix: list[str] = []
    if "busid" in low and "nic" in low:
        text = ("NCCL's topology detection found a network interface without a PCI bus id (typical of virtual/cloud NICs) and "
                "failed an internal check.")
        fix.append("Upgrade NCCL (pip install -U nvidia-nccl-cu12 or a newer torch/container).")
        fix.append("Meanwhile restrict NCCL to real interfaces: NCCL_SOCKET_IFNAME=<physical NIC> (and NCCL_IB_HCA / NCCL_IB_DISABLE=1 to test).")
        derived["trigger"] = "topology-nic"
    elif "nvls" in low:
        text = "NVLink SHARP (NVLS) set-up failed inside NCCL."
        fix.append("Check nvidia-fabricmanager (and IMEX for multi-node NVLink) is running; test with NCCL_NVLS_ENABLE=0.")
        derived["trigger"] = "nvls"
    elif detail:
        text = f"NCCL failed an internal check; the nearest NCCL detail is: {detail[:160]}"
        fix.append("Rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH,ENV and fix what that WARN line names.")
        derived["trigger"] = "see-warn"
    else:
        text = "NCCL failed an internal check; the log has no 'Last error' or NCCL WARN detail."
        fix.append("Rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH,ENV to see the failing step.")
    if ver:
        fix.append(f"Running NCCL {ver}: compare with all ranks and try a newer release if the trigger is topology detection.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
