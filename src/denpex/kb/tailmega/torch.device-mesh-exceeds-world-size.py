"""Computed diagnosis for torch.device-mesh-exceeds-world-size: compare mesh size and world size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        mesh = int(facts["mesh_ranks"])
    except (KeyError, TypeError, ValueError):
        return None
    try:
        world = int(facts["world_size"])
    except (KeyError, TypeError, ValueError):
        world = None
    if world is None:
        text = (f"The mesh covers {mesh} ranks but fewer processes were launched. Launch {mesh} processes in total "
                f"(nnodes x nproc_per_node = {mesh}) or shrink the mesh.")
        return Explanation(text=text, fix=(f"torchrun --nproc_per_node=<gpus per node> --nnodes=<nodes> with a total of {mesh} processes, or reduce the parallel sizes.",),
                           derived={"diagnosis": f"mesh of {mesh} ranks exceeds the launched world"})
    missing = mesh - world
    text = f"The mesh covers {mesh} ranks but only {world} processes were launched ({missing} missing)."
    fix = [f"Launch {mesh} processes (nnodes x nproc_per_node = {mesh}) or shrink the mesh to {world} ranks."]
    if world and mesh % world == 0:
        fix.append(f"The mesh is {mesh // world}x the world: a multi-node or {mesh // world}x-GPU config launched on a smaller allocation.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"mesh {mesh} > world {world}"})
