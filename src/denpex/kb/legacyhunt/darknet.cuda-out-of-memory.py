"""Computed diagnosis for darknet.cuda-out-of-memory: mini-batch and network size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    batch, mini = as_int(facts.get("batch")), as_int(facts.get("mini_batch"))
    w, h = as_int(facts.get("net_width")), as_int(facts.get("net_height"))
    derived: dict[str, Any] = {"minibatch_text": ""}
    fix: list[str] = []
    parts: list[str] = []
    if batch and mini:
        subdiv = batch // mini if mini else None
        derived["minibatch_text"] = f" (mini-batch {mini} = batch {batch} / subdivisions {subdiv})"
        parts.append(f"Each step runs a mini-batch of {mini} images (batch={batch}, subdivisions={subdiv}).")
        if subdiv and subdiv < 64 and batch >= 2:
            nxt = min(64, subdiv * 2)
            fix.append(f"Set subdivisions={nxt} (keeps batch={batch}; mini-batch {max(1, batch // nxt)}).")
        elif mini <= 1:
            fix.append("The mini-batch is already 1: lower width/height (multiples of 32) or use a GPU with more memory.")
    if w and h:
        parts.append(f"Darknet was resizing the network to {w} x {h} (random=1) when the allocation failed.")
        fix.append("Set random=0 in the [yolo]/[region] layers, or lower width/height so the largest random size fits.")
        derived["diagnosis"] = f"random resize to {w}x{h}"
    elif mini:
        derived["diagnosis"] = f"mini-batch {mini} too large"
    else:
        derived["diagnosis"] = "GPU memory exhausted"
    if not parts:
        parts.append("A cudaMalloc failed while darknet built its layers.")
        fix.append("For detection use batch=1 subdivisions=1; for training raise subdivisions (32/64) or lower width/height.")
    fix.append("Check nvidia-smi for other processes holding GPU memory.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
