"""Computed diagnosis for fsdp.compute-device-mismatch: which side is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _idx(dev: str) -> int | None:
    if ":" not in dev:
        return None
    try:
        return int(dev.rsplit(":", 1)[1])
    except ValueError:
        return None


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp, did, rank = facts.get("compute_device"), facts.get("device_id"), facts.get("rank")
    if not comp or not did:
        return None
    ci, di = _idx(str(comp)), _idx(str(did))
    fix: list[str] = []
    if ci == 0 and di not in (None, 0):
        text = (f"Rank {rank}'s model is on {comp} but its device is {did}: every rank loaded the model onto GPU 0 "
                "(device_map='auto'/'cuda', .cuda() before set_device).")
        fix.append("Load with device_map=None (CPU) or device_map={'': local_rank}; no .cuda()/.to('cuda') before FSDP.")
        fix.append(f"Call torch.cuda.set_device({di}) (LOCAL_RANK) before creating or wrapping the model.")
    elif di is None:
        text = f"device_id {did} has no index while the model is on {comp}; FSDP needs the exact local device."
        fix.append(f"Pass device_id=torch.device('{str(did)}', local_rank) (or the int local_rank).")
    elif ci is not None and di is not None:
        text = (f"Rank {rank}'s model is on {comp} but device_id is {did}: the device index does not follow LOCAL_RANK on one "
                "side (global rank used as GPU index, wrong LOCAL_RANK on multi-node, or current device not set).")
        fix.append("Use LOCAL_RANK (not RANK) for both torch.cuda.set_device and device_id; print both on every rank.")
        fix.append("Load the model on CPU (device_map=None) so FSDP places it on device_id.")
    else:
        text = f"The model is on {comp} but FSDP was given device_id {did}."
        fix.append("Make the module's device and device_id the same local device before wrapping.")
    return Explanation(text=text, fix=tuple(fix), derived={"model_gpu": ci, "device_id_gpu": di})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
