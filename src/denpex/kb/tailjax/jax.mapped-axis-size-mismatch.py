"""Computed diagnosis for jax.mapped-axis-size-mismatch: scalar vs unreplicated vs unsharded input."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _sizes(raw: Any) -> list[int]:
    items = raw if isinstance(raw, (list, tuple)) else ([raw] if raw is not None else [])
    out: list[int] = []
    for item in items:
        try:
            out.append(int(item))
        except (TypeError, ValueError):
            continue
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    transform = str(facts.get("transform") or "pmap")
    sig = facts.get("_signature")
    derived: dict[str, Any] = {}
    if sig == "multi-host-local-devices":
        sizes_seen = _sizes(facts.get("size"))
        size, local = (sizes_seen[0] if sizes_seen else "?"), facts.get("local_devices")
        derived["what"] = "the input"
        derived["diagnosis"] = f"leading axis {size} is not this process's {local} local devices"
        text = (f"In a multi-process (multi-host) run each process's pmap sees only its own devices: the input's leading axis is "
                f"{size}, but this process has {local} local devices. Inputs must be sharded per process (the global batch split "
                "across processes, then reshaped to (local_device_count, per_device, ...)), not built for the global device count.")
        fix = ("Reshape each process's batch to (jax.local_device_count(), -1, ...) and feed only this process's shard "
               "(jax.process_index() / jax.process_count()).",
               "Nested pmaps across hosts need JAX with multi-host nested pmap support (jax#2002); or pass devices=jax.local_devices().")
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "axis-size-index-error":
        derived["what"] = "an argument"
        diagnosis = "an argument has no axis to map (scalar or too low rank)"
        text = (f"JAX looked up the mapped axis of an argument and the shape had no such axis (IndexError in _get_axis_size): "
                "a scalar or un-batched value is passed to a pmapped/vmapped function; the ValueError below names its shape.")
        fix = ("Do not map it: in_axes=None for that argument, static_broadcasted_argnums=(<index>,) or functools.partial.",
               "Or give it the leading device/batch axis (flax.jax_utils.replicate for state).")
        derived["diagnosis"] = diagnosis
        return Explanation(text=text, fix=fix, derived=derived)
    if sig in {"rank-too-low", "rank-zero-old"}:
        rank = facts.get("rank")
        arg = facts.get("arg")
        what = f"argument {arg}" if arg is not None else "an argument"
        shape = facts.get("shape") or ("()" if str(rank) == "0" else "")
        derived["what"] = what
        if str(rank) == "0":
            diagnosis = "a scalar is mapped"
            text = (f"{transform} tried to split {what} of shape {shape or '()'} along its axis {facts.get('axis', 0)}, "
                    "but it is a scalar: a step counter, seed, learning rate or flag passed positionally is mapped by default.")
            fix = (f"Do not map it: in_axes=(..., None, ...) for vmap, static_broadcasted_argnums=(<its index>,) or functools.partial for {transform}.",
                   "Or give it the leading axis explicitly: jnp.broadcast_to(x, (jax.local_device_count(),)) / flax.jax_utils.replicate(x).")
        else:
            diagnosis = f"argument of rank {rank} has no axis {facts.get('axis')}"
            text = f"{transform} maps axis {facts.get('axis')} of {what}, which has only {rank} dimension(s) {shape}."
            fix = ("Point in_axes at an existing axis, or add the batch/device axis before the call.",)
    else:
        sizes = sorted(set(_sizes(facts.get("size"))))
        derived["what"] = "its inputs"
        if len(sizes) >= 2:
            derived["size"] = ", ".join(str(s) for s in sizes)
            small, big = sizes[0], sizes[-1]
            diagnosis = f"mapped axis sizes differ ({', '.join(str(s) for s in sizes)})"
            text = (f"The arguments' mapped axes have sizes {', '.join(str(s) for s in sizes)}. For pmap every input needs a leading "
                    f"axis equal to the device count: an input with {big} there is probably an unsharded batch (or unreplicated "
                    f"parameters), one with {small} the per-device layout.")
        else:
            diagnosis = "mapped axis sizes differ"
            text = (f"{transform} found different sizes on the axes it maps: typically params/TrainState not replicated to the "
                    "devices, a batch not reshaped to (devices, per_device, ...), or a last partial batch.")
        fix = ("Replicate state: state = flax.jax_utils.replicate(state).",
               "Shard the batch: x.reshape((jax.local_device_count(), -1) + x.shape[1:]) and use drop_remainder=True.",
               "Check in_axes/static_broadcasted_argnums for arguments that must not be mapped.")
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
