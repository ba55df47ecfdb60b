"""Computed diagnosis for slurm.fewer-tasks-than-nodes: how many nodes stay idle and the task layout to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        tasks = int(facts["tasks"])
        nodes = int(facts["nodes"])
    except (KeyError, TypeError, ValueError):
        return None
    try:
        new_nodes = int(facts.get("new_nodes") or tasks)
    except (TypeError, ValueError):
        new_nodes = tasks
    tool = str(facts.get("tool") or "srun")
    idle = max(nodes - new_nodes, 0)
    text = (f"{tool} was asked for {tasks} task(s) on {nodes} nodes and reduced the node count to {new_nodes}: "
            f"{idle} of the {nodes} allocated node(s) get no process. If this is a multi-node training launch, "
            "only the first node(s) run it.")
    fix = (f"Per-node launcher: {tool} --nodes={nodes} --ntasks-per-node=1 torchrun --nnodes={nodes} --nproc-per-node=<gpus> ...",
           f"Per-GPU ranks: {tool} --nodes={nodes} --ntasks-per-node=<gpus per node> python train.py",
           "If a single task was intended (interactive shell), the warning can be ignored.")
    return Explanation(text=text, fix=fix, derived={"idle": f" ({idle} node(s) idle)" if idle else ""})
