"""Computed diagnosis for torch.meta-tensor-copy: which operation hit a meta tensor and whether the log
shows accelerate offload / device_map loading (the usual source of meta weights)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    offload = facts.get("offload_target")
    hint = facts.get("loader_hint") or ""
    if hint.startswith("accelerate/") or hint == "dispatch_model":
        hint = "accelerate dispatch with a device_map"
    elif hint.startswith("low_cpu_mem_usage"):
        hint = "low_cpu_mem_usage=True"
    elif hint.startswith("device_map"):
        hint = "device_map='auto'"
    if not offload and "offload" in hint.lower():
        offload = "cpu (sequential CPU offload)"
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}

    if sig.startswith("item-on-meta"):
        op = "reading a Python number (.item()) from a meta tensor"
    elif sig == "meta-not-on-expected-device":
        other = facts.get("expected_device") or facts.get("other_device")
        op = f"an op mixing a meta tensor with a tensor on {other}" if other else "an op with a meta-tensor operand"
    else:
        op = "copying a meta tensor (.to()/.cuda()/copy_)"

    if offload:
        derived["cause"] = f"offloaded-to-{offload}"
        derived["what"] = f"Weights offloaded to {offload} are meta tensors; {op} failed - load the model without offload"
        parts.append(
            f"The log shows part of the model offloaded to {offload}"
            + (" ('Some parameters are on the meta device')" if facts.get("offload_target") else "")
            + ": "
            f"the GPU memory was not enough for device_map placement, and the offloaded weights are meta (no data) outside "
            f"accelerate's forward hooks. The failing step was {op}."
        )
        fix.append("Make the whole model fit on GPU so nothing is offloaded: a 4-/8-bit variant (BitsAndBytesConfig(load_in_4bit=True)), a smaller model, or more GPUs / max_memory covering all layers.")
        fix.append("If it fits on one GPU, load with device_map={'': 0} (or 'cuda') and do not call .to()/.cuda() on the loaded model.")
    elif hint:
        derived["cause"] = "meta-init-loading"
        derived["what"] = f"A weight is still a meta tensor after meta-device loading ({hint}); {op} failed"
        parts.append(
            f"The log shows meta-device loading ({hint}): the model was built empty and filled from the checkpoint, and "
            f"at least one weight was never materialised (offloaded, missing from the checkpoint, or created by custom "
            f"code at init). The failing step was {op}."
        )
        fix.append("Load without the meta path: from_pretrained(..., device_map=None, low_cpu_mem_usage=False), then model.to('cuda'); or device_map={'': 0} if it fits on one GPU.")
        fix.append("Check print(model.hf_device_map): any 'cpu'/'disk' entry means offload - make the model fit on the GPU(s) (4-/8-bit, more GPUs) instead.")
        fix.append("List what stayed meta: [n for n, p in model.named_parameters() if p.is_meta]; missing checkpoint keys or untied weights show up there.")
    else:
        derived["cause"] = "meta-tensor"
        derived["what"] = f"A parameter or buffer is a meta tensor (no data); {op} failed"
        parts.append(f"A tensor on the meta device (shape only, no storage) reached {op}.")
        fix.append("If the model came from from_pretrained with device_map/low_cpu_mem_usage, load it fully on one device (device_map={'': 0}) or without offload.")

    if facts.get("to_empty_hint") or sig == "copy-out-of-meta":
        fix.append("If you built the module on the meta device yourself, use model.to_empty(device='cuda') and then load_state_dict(...) or re-initialise the weights; .to() cannot copy data that does not exist.")
    if sig.startswith("item-on-meta") and not offload:
        fix.append("If it fails inside a model's __init__ / from_pretrained (remote code calling .item() at construction), pin the transformers version the model card names or update the model code.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
