"""Computed diagnosis for skypilot.resources-unavailable: what was asked and how to widen it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ACC = re.compile(r"\{'([\w.-]+)': (\d+(?:\.\d+)?)\}")
_BIG = {"A100", "A100-80GB", "H100", "H200", "B200", "H100-MEGA", "GH200"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("catalog"):
        return Explanation(
            text="SkyPilot found no instance type in any enabled cloud's catalog that satisfies the request, so it never tried to provision.",
            fix=("sky show-gpus <GPU>  # exact accelerator names and counts per cloud",
                 "Loosen CPU/memory (cpus: 8+, memory: 32+), drop a fixed region/zone, or enable more clouds (sky check)."),
            derived={"kind": "catalog"},
        )
    cloud = str(facts.get("cloud") or "")
    res = str(facts.get("resources") or "")
    nodes = facts.get("num_nodes")
    derived: dict[str, Any] = {"kind": "exhausted"}
    m = _ACC.search(res)
    text = "SkyPilot tried every location that offers"
    if m:
        gpu, count = m.group(1), m.group(2).rstrip("0").rstrip(".") if "." in m.group(2) else m.group(2)
        derived["accelerator"] = f"{gpu}:{count}"
        text += f" {nodes or 1}x {gpu}:{count}"
    else:
        text += " the requested resources"
    if cloud:
        text += f" on {cloud}"
    text += " and every one refused (quota, capacity or an error). The 'Reasons for provision failures' table above says which."
    fix = ["Quota reasons: request the quota named in the reason (that cloud and region); retrying will not help.",
           "Capacity reasons: sky launch --retry-until-up, or widen the request."]
    widen = []
    if m:
        gpu = m.group(1)
        if gpu.upper() in _BIG:
            widen.append("accelerators: {A100-80GB:8, H100:8} (a set of acceptable types)")
    if "[Spot]" in res or "use_spot" in res:
        widen.append("on-demand as well as spot (any_of with use_spot true/false)")
    if cloud and cloud.lower() not in ("kubernetes", "ssh"):
        widen.append(f"other clouds besides {cloud} (remove cloud: or use any_of)")
    if "region" in res or "zone" in res:
        widen.append("no fixed region/zone")
    if widen:
        fix.append("Widen: " + "; ".join(widen) + ".")
    fix.append("sky show-gpus <GPU>:<count> --all-regions  # where it is offered")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
