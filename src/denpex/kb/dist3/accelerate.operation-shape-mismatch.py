"""Computed diagnosis for accelerate.operation-shape-mismatch: which dimension differs across processes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _parse(shape: Any) -> tuple[int, ...] | None:
    try:
        parts = [p.strip() for p in str(shape).split(",") if p.strip()]
        return tuple(int(p) for p in parts)
    except (TypeError, ValueError):
        return None


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "wrong-device":
        op = facts.get("operation") or "the collective"
        td, ad = facts.get("tensor_device"), facts.get("accel_device")
        if not td or not ad:
            return None
        if str(td).upper() == "GPU":  # accelerate 0.25 wording: 'were not on the GPU ... configured for CUDA'
            return Explanation(
                text=f"A tensor passed to {op} is not on the GPU (usually left on the CPU) while the Accelerator runs on CUDA.",
                fix=("Move it first: tensor = tensor.to(accelerator.device) (drop any .cpu() before the gather).",),
                derived={"operation": op},
            )
        return Explanation(
            text=f"A tensor passed to {op} is on {td} but the Accelerator runs on {ad}: collectives need the tensor on the process's device.",
            fix=(f"Move it first: tensor = tensor.to(accelerator.device)  # {td} -> {ad}",),
            derived={"operation": op},
        )
    raw = facts.get("proc_shape") or []
    if isinstance(raw, str):
        raw = [raw]
    shapes = [s for s in (_parse(r) for r in raw) if s is not None]
    op = facts.get("operation") or "gather"
    derived: dict[str, Any] = {"operation": op}
    if len(shapes) < 2:
        return Explanation(
            text=f"The operation {op} received tensors of different shapes on different processes; pad them to a common shape first.",
            fix=("t = accelerator.pad_across_processes(t, dim=1, pad_index=pad_id); t = accelerator.gather_for_metrics(t)",),
            derived=derived,
        )
    ranks = {len(s) for s in shapes}
    if len(ranks) > 1:
        derived["differing_dims"] = "rank"
        return Explanation(
            text=f"The operation {op} got tensors with different numbers of dimensions ({sorted(ranks)}): the ranks produced different structures, padding cannot fix this.",
            fix=("Make every process return the same structure, or gather python objects with accelerate.utils.gather_object(...).",),
            derived=derived,
        )
    n = ranks.pop()
    diff = [d for d in range(n) if len({s[d] for s in shapes}) > 1]
    derived["differing_dims"] = diff
    sizes = {d: sorted({s[d] for s in shapes}) for d in diff}
    desc = "; ".join(f"dim {d}: {', '.join(map(str, v))}" for d, v in sizes.items())
    fix: list[str] = []
    if diff and all(d == 0 for d in diff):
        text = (f"Shapes differ only in dim 0 ({desc}): a different number of items per process (uneven last batch, "
                "per-rank filtering or ragged outputs).")
        fix.append("Use accelerator.gather_for_metrics(t) (drops the duplicated samples of the last batch); for ragged outputs use gather_object.")
        fix.append("Or pad: t = accelerator.pad_across_processes(t, dim=0) and drop the padding after gathering.")
    elif diff:
        d = diff[-1] if 0 in diff and len(diff) > 1 else diff[0]
        longest = max(sizes[d])
        text = (f"Shapes differ in {desc}: each process padded its batch to its own length (dynamic padding). "
                f"Pad dim {d} to the longest ({longest}) across processes before the gather.")
        fix.append(f"t = accelerator.pad_across_processes(t, dim={d}, pad_index=pad_id)  # -100 for labels; then accelerator.gather_for_metrics(t)")
        fix.append(f"Or pad in the collator to a fixed length (padding='max_length', max_length>={longest}).")
    else:
        return None
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
