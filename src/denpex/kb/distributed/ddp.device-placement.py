"""Computed diagnosis for ddp.device-placement: where the module's parameters are and what that implies."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _devices(text: str) -> tuple[list[str], bool]:
    """{device(type='cuda', index=0), device(type='cpu')} / {'cpu', 'cuda'} / on device cpu -> (['cuda:0', 'cpu'], truncated)."""
    out: list[str] = []
    for m in re.finditer(r"device\(type='(\w+)'(?:, index=(\d+))?\)|'(\w+)'|on device (\w+)", text):
        t, idx, bare, on = m.groups()
        name = f"{t}:{idx}" if t and idx is not None else (t or bare or on)
        if name and name not in out:
            out.append(name)
    return out, bool(text) and not text.rstrip().endswith("}") and "on device" not in text


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ids = str(facts.get("device_ids") or "")
    pdev = str(facts.get("param_devices") or "")
    exc = str(facts.get("exc_type") or "")
    devs, truncated = _devices(pdev)
    cuda = [d for d in devs if d.startswith("cuda")]
    other = [d for d in devs if not d.startswith("cuda")]
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if devs:
        derived["placed_on"] = ", ".join(devs) + (" ..." if truncated else "")
    if not pdev and ids:
        parts.append(f"DDP was given device_ids={ids}. The rest of the message (the devices of the module's parameters) was cut off or wrapped in this log.")
        fix.append("Print {p.device for p in model.parameters()} just before the wrap: {cpu} means move the model first; several cuda devices mean device_map/model parallel.")
    if cuda and other:
        derived["placement"] = "mixed"
        parts.append(f"The parameters are spread over {', '.join(devs)}: part of the model is on {', '.join(other)} (added after the move, offloaded, or never moved).")
        fix.append("Move the whole model after adding every submodule: model.to(local_rank), then wrap; disable CPU offload / device_map for DDP.")
    elif len(cuda) > 1:
        derived["placement"] = "split"
        parts.append(
            f"One process holds the model split over {len(cuda)} GPUs ({', '.join(cuda)}{' ...' if truncated else ''}): it was loaded with "
            "device_map='auto' (or split by hand) and then launched as data parallel, so DDP got a model-parallel module with device_ids."
        )
        fix.append("Data parallel (torchrun): load one copy per rank: from_pretrained(..., device_map={'': int(os.environ.get('LOCAL_RANK', 0))}) or no device_map.")
        fix.append("Model too big for one GPU: run one process (python train.py, no torchrun) with device_map='auto', or use FSDP / DeepSpeed ZeRO-3.")
    elif other and other[0] in ("cpu", "mps", "meta"):
        where = other[0]
        derived["placement"] = where
        if where == "meta":
            parts.append("The parameters are on the meta device: the model was created without weights (init_empty_weights / low_cpu_mem_usage) and never materialised before the wrap.")
            fix.append("Load real weights (or call model.to_empty(device=...) and initialise) before wrapping in DDP.")
        else:
            parts.append(f"Every parameter is on {where}, but DDP was told device_ids={ids or '?'}: the model was wrapped before being moved to the rank's GPU"
                         + (" (or this machine has no usable CUDA, e.g. Apple MPS/CPU)." if where == "mps" else ", or CUDA is not usable on this node."))
            fix.append("Move first, wrap second: torch.cuda.set_device(local_rank); model = model.to(local_rank); model = DDP(model, device_ids=[local_rank]).")
            fix.append("For a deliberate CPU (gloo) run: DDP(model) without device_ids/output_device.")
    if not pdev and not ids:  # "device_ids can only be None or contain a single element"
        parts.append("DDP was given several device_ids: the single-process multi-GPU mode was removed in torch 1.9.")
        fix.append("Launch one process per GPU (torchrun --nproc_per_node=N) and pass device_ids=[local_rank].")
    if exc == "AssertionError":
        parts.append("(The AssertionError form comes from torch 1.7 or older.)")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
