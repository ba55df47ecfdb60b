"""Computed diagnosis for tune.insufficient-resources: compare request and cluster."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _f(v: Any) -> float | None:
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _n(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rc, rg, hc, hg = (_f(facts.get(k)) for k in ("req_cpu", "req_gpu", "have_cpu", "have_gpu"))
    if None in (rc, rg, hc, hg):
        return None
    fixes: list[str] = []
    parts: list[str] = []
    if hc == 0 and hg == 0:
        diagnosis = "no free resources (held by other trials/actors, or no worker nodes yet)"
        parts.append("the cluster reports 0 CPUs and 0 GPUs available")
        fixes.append("Earlier trials or actors still hold the resources: check `ray status` / `ray list actors`, avoid leaking actors, restart Ray.")
        fixes.append("On an autoscaling cluster with no worker nodes yet, check that the autoscaler can launch the node type the trial needs.")
    elif rg > 0 and hg == 0:
        diagnosis = "Ray sees no GPU"
        parts.append(f"the trial asks for {_n(rg)} GPU but Ray registered 0 GPUs")
        fixes.append("Make the GPU visible to Ray: ray.init(num_gpus=1), CUDA_VISIBLE_DEVICES set, `--gpus all` for Docker; check with ray.cluster_resources().")
        fixes.append("Or run on CPU: resources_per_trial={'cpu': N, 'gpu': 0} / use_gpu=False / num_gpus=0 (RLlib).")
    else:
        diagnosis = "trial larger than the cluster"
        if rc > hc:
            parts.append(f"{_n(rc)} CPUs requested vs {_n(hc)} in the cluster ({_n(rc - hc)} too many)")
            fixes.append(f"Lower the CPU request to <= {_n(hc)}: RLlib num_workers <= {max(int(hc) - 1, 0)} (one CPU is the driver), or resources_per_trial={{'cpu': {_n(min(rc, hc))}}}.")
        if rg > hg:
            parts.append(f"{_n(rg)} GPUs requested vs {_n(hg)} in the cluster")
            fixes.append(f"Lower the GPU request to <= {_n(hg)} (fractional values share a GPU, e.g. 0.5).")
        if not parts:
            diagnosis = "request fits the cluster total but not the free resources"
            parts.append("the request fits the cluster's total but not what is currently free")
            fixes.append("Limit concurrency (max_concurrent_trials) or release resources held elsewhere.")
    fixes.append("Or add nodes / enable autoscaling if the large request is intended.")
    text = f"Trial request {_n(rc)} CPU / {_n(rg)} GPU, cluster {_n(hc)} CPU / {_n(hg)} GPU: " + "; ".join(parts) + "."
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis})
