"""Computed diagnosis for jax.not-enough-devices: how many devices were asked for, how many exist, and the usual reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req, have = facts.get("required"), facts.get("available")
    if req is None or have is None:
        return None
    req, have = int(req), int(have)
    parts = [f"The computation was compiled for {req} devices but this process can use {have}."]
    fix: list[str] = []
    if have == 1:
        parts.append("One device means a CPU-only (or single-GPU) runtime: the code assumes a multi-device machine (a TPU v3-8 or 8 GPUs).")
        fix.append(f"Run on a runtime with {req} accelerators (TPU/GPU notebook runtime), or make the mapped axis jax.local_device_count() instead of {req}.")
        fix.append(f"For CPU testing: XLA_FLAGS=--xla_force_host_platform_device_count={req} in the environment before Python starts.")
    elif req % have == 0:
        hosts = req // have
        parts.append(f"{req} = {hosts} x {have}: this looks like the global device count of {hosts} hosts with {have} local devices each, "
                     "while pmap runs only on the local ones.")
        fix.append(f"Reshape the pmapped batch to jax.local_device_count() ({have}) on each host, run the script on all {hosts} hosts, "
                   "and call jax.distributed.initialize() first (or use jit with global shardings).")
    else:
        fix.append(f"Derive the parallel axis from jax.local_device_count() ({have}) instead of {req}, or make {req} devices visible (CUDA_VISIBLE_DEVICES, scheduler allocation).")
    if facts.get("_signature") == "chex-set-devices":
        fix = ["Call chex.set_n_cpu_devices / set XLA_FLAGS before any JAX operation (first thing in conftest.py or the test module), not after the backend started."]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
