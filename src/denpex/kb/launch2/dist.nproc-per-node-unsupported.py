"""Computed diagnosis for dist.nproc-per-node-unsupported: what the bad value says about the launch line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("nproc_value")
    if raw is None:
        return None
    v = str(raw).strip().strip("'\"")
    if not v:
        return Explanation(
            text="--nproc_per_node was empty: the shell variable that should hold the GPU count is unset or empty.",
            fix=("Export the count before launching (export NGPUS=4) or write the number: torchrun --nproc_per_node=4 ...",
                 "Add : \"${NGPUS:?}\" to the script so an unset variable fails with its name."),
            derived={"cause": "empty variable"},
        )
    m = re.fullmatch(r"(\d+)\(x(\d+)\)", v)
    if m:
        per, nodes = m.group(1), m.group(2)
        return Explanation(
            text=(f"{v} is Slurm's compressed task list ({per} tasks on each of {nodes} nodes), e.g. SLURM_TASKS_PER_NODE; "
                  "torchrun needs the per-node integer."),
            fix=(f"Use --nproc_per_node={per} (SLURM_NTASKS_PER_NODE or ${{SLURM_TASKS_PER_NODE%%(*}}) and --nnodes={nodes}.",),
            derived={"cause": "slurm compressed count", "per_node": int(per), "nodes": int(nodes)},
        )
    m = re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=(\S*)", v)
    if m:
        n = m.group(1)
        return Explanation(
            text=f"'{v}' is an environment assignment passed as an argument, so the wrapper used it as the GPU count.",
            fix=(f"Pass the number itself: bash tools/dist_train.sh CONFIG {n or 'N'}, or put the assignment first: {v} bash tools/dist_train.sh CONFIG ...",),
            derived={"cause": "assignment as argument"},
        )
    if v.startswith("-"):
        return Explanation(
            text=(f"The GPU count slot received the flag '{v}': the wrapper's positional arguments are shifted "
                  "(GPU count missing, or placed after the options)."),
            fix=("Put the GPU count right after the config: bash tools/dist_train.sh CONFIG 4 " + v + " ...",),
            derived={"cause": "shifted arguments"},
        )
    if "/" in v or re.search(r"\.(py|ya?ml|json|sh)$", v):
        return Explanation(
            text=f"The GPU count slot received a path ('{v}'): the wrapper's arguments are in the wrong order.",
            fix=("Call the wrapper as documented, config first then the GPU count: bash tools/dist_train.sh CONFIG 4",),
            derived={"cause": "path as count"},
        )
    return Explanation(
        text=f"'{v}' is not an integer and not one of the accepted keywords (auto, cpu, gpu).",
        fix=("Use an integer (--nproc_per_node=4) or --nproc_per_node=gpu / auto.",),
        derived={"cause": "not an integer"},
    )
