"""Computed diagnosis for nvidia.thermal-slowdown: which slowdown, on which GPU, and what it points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHY = {
    "HW Thermal Slowdown": ("the GPU (or its memory) reached its hardware slowdown temperature and the clocks were cut by half or more",
                            "Fix the cooling: check fans, airflow and inlet temperature in the BMC (ipmitool sdr); service the heatsink of a GPU much hotter than its neighbours."),
    "HW Power Brake Slowdown": ("the platform asserted the external power-brake signal (PSU fault or chassis power capping)",
                                "Check the power supplies and the chassis power policy (ipmitool sel list, BMC power logs)."),
    "HW Slowdown": ("the hardware cut the clocks by half or more (thermal or power-brake trigger)",
                    "Look at the HW Thermal / HW Power Brake sub-items and the temperatures to see which one fired, then fix cooling or power."),
    "SW Thermal Slowdown": ("the driver lowered clocks to stay under its thermal target (a normal control, mild)",
                            "No action unless a HW slowdown also appears; improve airflow if the job is clearly slower than on other nodes."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("slowdown")
    kinds = [str(k) for k in (raw if isinstance(raw, (list, tuple)) else [raw]) if k]
    # the most specific HW reason wins over the umbrella 'HW Slowdown' and over the SW control
    order = ["HW Thermal Slowdown", "HW Power Brake Slowdown", "HW Slowdown", "SW Thermal Slowdown"]
    kind = next((k for k in order if k in kinds), kinds[0] if kinds else None)
    gpu = facts.get("gpu_index")
    secs = facts.get("violation_s")
    on = f"GPU {gpu}" if gpu is not None else "this GPU"
    if kind in _WHY:
        why, act = _WHY[str(kind)]
        text = f"{kind} is Active: {why}. A slowed GPU makes its rank the straggler of every synchronous collective."
        fix = (act, "Drain the node until dcgmi diag -r 2 passes without thermal violations.")
        condition = f"{kind} Active" + (f" (with {', '.join(k for k in kinds if k != kind)})" if len(kinds) > 1 else "")
    elif kind or secs is not None:
        dur = f" for {secs:g} s" if isinstance(secs, (int, float)) else ""
        text = (f"DCGM saw thermal violations on {on}{dur}: its clocks were reduced because it ran too hot. "
                "The job on it runs slower and holds back every other rank.")
        fix = ("Check fans, airflow and inlet temperature in the BMC; service the GPU's cooling if it runs hotter than its neighbours.",
               "Re-run dcgmi diag -r 2 after the fix; drain the node while violations remain.")
        condition = f"DCGM thermal violation on {on}" + (dur if dur else "")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"condition": condition})
