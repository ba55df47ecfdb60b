"""Computed diagnosis for ray.infeasible-resources: the requested shape vs what the node reports."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_PAIR = re.compile(r"['\"]?([A-Za-z_][\w:.\-]*)['\"]?:\s*([\d.]+)")
_AVAIL = re.compile(r"([\d.]+)/([\d.]+)\s*(?:GiB\s+)?([A-Za-z_][\w:.\-]*)")


def _request(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, val in _PAIR.findall(text):
        try:
            out[name] = out.get(name, 0.0) + float(val)
        except ValueError:
            pass
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req_text = str(facts.get("request") or "")
    req = _request(req_text)
    if not req:
        return None
    avail = {name: (float(a), float(t)) for a, t, name in _AVAIL.findall(str(facts.get("available") or ""))}
    shown = ", ".join(f"{k}={fmt_bytes(v) if k in ('memory', 'object_store_memory') else (int(v) if v == int(v) else v)}"
                      for k, v in req.items())
    parts = [f"One task/actor/bundle asks for {shown}, all on a single node, and the scheduler has no node that can give it."]
    fix: list[str] = []
    derived: dict[str, Any] = {"requested": req}
    gpu = req.get("GPU")
    if gpu:
        if "GPU" in avail:
            free, total = avail["GPU"]
            derived["node_gpu_free"], derived["node_gpu_total"] = free, total
            if total < gpu:
                parts.append(f"The node has {total:g} GPU in total, fewer than the {gpu:g} requested per task/actor.")
                fix.append(f"Request at most {total:g} GPU per task/actor/bundle, or use nodes with >= {gpu:g} GPUs.")
            else:
                parts.append(f"The node has {total:g} GPU but only {free:g} free: other actors hold them.")
                fix.append("ray list actors --filter state=ALIVE  # kill leaked actors, limit concurrent trials")
        elif avail:
            parts.append("The node's resource list has no GPU at all: Ray did not register GPUs there.")
            fix.append("Start Ray with GPUs visible: ray start ... --num-gpus=$(nvidia-smi -L | wc -l); check ray status")
        else:
            fix.append("ray status  # does the cluster list any GPU? If 0, restart Ray with --num-gpus and GPUs visible to it")
        if gpu > 1:
            fix.append(f"A request of {gpu:g} GPUs must fit one node: use smaller actors/bundles or tensor_parallel_size <= GPUs per node.")
        elif gpu != int(gpu):
            fix.append("Fractional GPU requests are packed per GPU; check that the fractions of co-located actors sum to <= 1 per GPU.")
    mem = req.get("memory")
    if mem:
        parts.append(f"It also reserves {fmt_bytes(mem)} of Ray 'memory', which must be advertised by one node.")
        fix.append("ray status  # memory per node; request less than the node advertises (not its nameplate RAM)")
    custom = [k for k in req if k not in ("CPU", "GPU", "memory", "object_store_memory")]
    if custom:
        derived["custom_resources"] = custom
        if any("_group_" in k for k in custom):
            parts.append("It asks for placement-group bundle resources: the placement group's bundles are full or not yet created.")
            fix.append("ray list placement-groups  # bundle state; schedule into a bundle with free capacity")
        else:
            c = custom[0]
            amount = req[c]
            parts.append(f"It asks for custom resource(s) {', '.join(custom)}: no node advertises enough of them ({c} >= {amount:g} on one node).")
            fix.append(f"Start a node with --resources='{{\"{c}\": {amount:g}}}' (or the KubeRay rayStartParams resources), or request less / drop the requirement.")
    if not fix:
        fix.append("ray status  # compare the request with each node's resources")
    return Explanation(text=" ".join(parts), fix=tuple(dict.fromkeys(fix)), derived=derived)
