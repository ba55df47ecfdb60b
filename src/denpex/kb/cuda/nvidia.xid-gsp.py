"""Computed diagnosis for nvidia.xid-gsp: which GSP / micro-controller Xids, the RPC that timed out, and what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation
from denpex.xid import xid_explainer

_ACTION = (
    "Drain the GPU, reset it when idle (nvidia-smi -r -i <index>; reboot if the reset fails or nvidia-smi hangs), "
    "run dcgmi diag -r 3, and update the driver (the GSP firmware ships with it)."
)
_base = xid_explainer(_ACTION)

# RPCs the host waits on, by name (kernel_gsp.c / rpc function table)
_RPC = {
    "GSP_RM_CONTROL": "a control call (the GSP hung while serving a running client)",
    "GSP_RM_ALLOC": "an object allocation",
    "FREE": "an object free (typical during process teardown)",
    "GSP_INIT_DONE": "GSP-RM start-up (the firmware never finished booting: driver load or resume)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    base = _base(facts)
    extra: list[str] = []
    fn = facts.get("rpc_function")
    if fn:
        what = _RPC.get(str(fn), "an RPC")
        t = facts.get("timeout_s")
        extra.append(f"The host waited{f' {t} s' if t else ''} for the GSP to answer {fn}, {what}.")
    err = facts.get("gsp_error")
    if err:
        extra.append(f"The GSP itself reported: {err}.")
    codes = base.derived.get("xid_all", []) if base else []
    if 154 in codes:
        extra.append("Xid 154 followed: the driver now requires a GPU reset.")
    if 79 in codes:
        extra.append("Xid 79 (fallen off the bus) is also present: if it came first, treat this as a PCIe/power fault.")
    if base is None and not extra:
        return None
    text = (base.text + " " if base else "The GSP firmware / PMU on this GPU failed. ") + " ".join(extra)
    fix = base.fix if base else (_ACTION,)
    return Explanation(text=text.strip(), fix=fix, derived=dict(base.derived) if base else {})
