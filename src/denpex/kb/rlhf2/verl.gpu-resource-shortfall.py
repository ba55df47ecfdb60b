"""Computed diagnosis for verl.gpu-resource-shortfall: how many GPUs are missing and the likely reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        if facts.get("_signature") == "pool-unsatisfied":
            pool = facts.get("pool")
            g, n = facts.get("pool_gpus"), facts.get("pool_nodes")
            if g is None or n is None:
                return None
            g, n = int(g), int(n)
            return Explanation(
                text=(f"Resource pool {pool} still needs {g} GPUs on each of {n} more node(s) and no node in the Ray "
                      "cluster has that many free: nodes are missing, smaller, or partly occupied."),
                fix=(f"Check `ray status`: every node must offer {g} free GPUs; otherwise set trainer.n_gpus_per_node to the "
                     "smallest node's free GPU count.",
                     "Join missing nodes with `ray start --address=<head_ip>:6379` before launching."),
                derived={"problem": f"pool {pool} needs {g} GPUs x {n} more node(s)"},
            )
        a, d = facts.get("available"), facts.get("desired")
        if a is None or d is None:
            return None
        a, d = float(a), int(d)
        have = int(a)
        short = d - a
        fix = []
        if have > 0 and d % have == 0 and d // have >= 2:
            cause = (f"{d} is {d // have} x {have}: the cluster holds the GPUs of one node ({have}) only, so the other "
                     f"{d // have - 1} node(s) never joined Ray")
            fix.append(f"On every worker node run `ray start --address=<head_ip>:6379 --num-gpus={have}` and wait until "
                       f"`ray status` shows {d} GPUs before starting verl.")
            fix.append(f"Or run on one node: trainer.nnodes=1 trainer.n_gpus_per_node={have}.")
        elif short <= 2:
            cause = (f"{short:g} GPU(s) short: they are held by another process or Ray actor, or hidden by "
                     "CUDA_VISIBLE_DEVICES / ray start --num-gpus")
            fix.append("Free them (`nvidia-smi`, `ray stop` then `ray start` to kill actors of an earlier run) or restart Ray "
                       "after setting CUDA_VISIBLE_DEVICES.")
            fix.append(f"Or lower trainer.n_gpus_per_node x trainer.nnodes to {have} (and keep the batch sizes divisible by it).")
        else:
            cause = f"the config asks for {d} GPUs but Ray can schedule {a:g}"
            fix.append(f"Set trainer.n_gpus_per_node x trainer.nnodes <= {have} (e.g. trainer.nnodes=1 trainer.n_gpus_per_node={have})"
                       if have > 0 else "Ray sees no GPU at all: start Ray on a GPU node (ray start --head --num-gpus=N) or check the driver.")
        return Explanation(
            text=f"verl wants {d} GPUs (trainer.n_gpus_per_node x trainer.nnodes) and Ray offers {a:g}: {cause}.",
            fix=tuple(fix),
            derived={"problem": f"asked for {d} GPUs, Ray offers {a:g}", "missing_gpus": short},
        )
    except Exception:
        return None
