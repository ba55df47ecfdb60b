"""Computed diagnosis for dist.collective-mismatch: what differs between the two ranks' collectives."""

from __future__ import annotations

from collections.abc import Mapping
from math import prod
from typing import Any

from denpex.models import Explanation


def _dims(shape: Any) -> list[int] | None:
    if shape is None:
        return None
    text = str(shape).strip()
    if not text:
        return []
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    ra, rb = facts.get("rank_a"), facts.get("rank_b")
    op_a, op_b = facts.get("op"), facts.get("op_b")
    seq_a = facts.get("seqnum") if facts.get("seqnum") is not None else facts.get("seqnum_entry")
    seq_b = facts.get("seqnum_b")
    dims_a, dims_b = _dims(facts.get("shape_a")), _dims(facts.get("shape_b"))
    if isinstance(ra, int) and dims_a is not None:
        derived[f"rank{ra}_numel"] = prod(dims_a) if dims_a else 0
    if isinstance(rb, int) and dims_b is not None:
        derived[f"rank{rb}_numel"] = prod(dims_b) if dims_b else 0
    if isinstance(ra, int) and op_a:
        seq = f" (collective #{seq_a})" if seq_a is not None else ""
        parts.append(f"Rank {ra} called {op_a}{'' if dims_a is None else f' on shape {dims_a}'}{seq}")
        if isinstance(rb, int) and op_b:
            seqb = f" (collective #{seq_b})" if seq_b is not None and seq_b != seq_a else ""
            parts[-1] += f" while rank {rb} called {op_b}{'' if dims_b is None else f' on shape {dims_b}'}{seqb}."
            if seq_a is not None and seq_b is not None and seq_a != seq_b:
                derived["differs"] = "sequence"
                lead = ra if seq_a > seq_b else rb
                parts.append(
                    f"The ranks are {abs(seq_a - seq_b)} collective(s) apart: rank {lead} issued extra collectives earlier "
                    "(an extra barrier / all_gather / broadcast on some ranks only)."
                )
                fix.append(f"Find the collective(s) that only rank {lead} issues before this point and run them on every rank.")
            elif op_a != op_b:
                derived["differs"] = "op"
                parts.append(
                    f"Different operations at the same position: one rank is in a code path the other does not take "
                    f"({op_a} vs {op_b}), typically rank-dependent logging, evaluation, checkpointing or metric syncing."
                )
                fix.append(f"Move the {op_a}/{op_b} call out of the rank- or data-dependent branch so every rank issues it in the same order.")
            elif dims_a is not None and dims_b is not None and dims_a != dims_b:
                derived["differs"] = "shape"
                na, nb = derived.get(f"rank{ra}_numel", 0), derived.get(f"rank{rb}_numel", 0)
                ratio = f" ({max(na, nb) / min(na, nb):.2f}x)" if na and nb else ""
                parts.append(
                    f"Same operation, different sizes: {na:,} vs {nb:,} elements{ratio}. "
                    "The ranks reduce different buffers - for DDP/FSDP gradient buckets this means a different set of "
                    "parameters produced gradients on each rank (a branch, modality tower or experts skipped on some batches)."
                )
                fix.append("Make every parameter take part in every step on every rank (or configure unused-parameter handling), and pad variable-size tensors before all_gather/all_reduce.")
        else:
            parts[-1] += "; the other rank's fingerprint was cut off in this log (the suffix 'Collectives differ in the following aspects' names the field)."
    missing = facts.get("missing_ranks") or facts.get("missing_ranks_alt")
    if missing:
        derived["missing_ranks"] = str(missing).strip()
        timeout = facts.get("timeout_ms")
        when = f" within {timeout / 1000:.0f} s" if isinstance(timeout, int) else ""
        parts.append(
            f"Rank(s) {str(missing).strip()} did not reach the collective{when}: they are stuck in another collective, "
            "still computing, or dead. Inspect those ranks first (their logs, py-spy dump)."
        )
        fix.append(f"Dump the stacks of rank(s) {str(missing).strip()}: py-spy dump --pid <pid> on their node.")
    if not parts:
        if seq_a is not None:
            parts.append(f"The Flight Recorder found collective #{seq_a} not matching across ranks.")
        else:
            return None
    fix.append("Reproduce with TORCH_DISTRIBUTED_DEBUG=DETAIL to get both call sites.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
