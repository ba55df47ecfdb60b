"""Computed diagnosis for torch.device-mismatch: which tensor is on which device, and the move that fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# what the dispatcher wrapper / legacy op name usually means in user code
_OPS = {
    "index_select": "an embedding lookup (nn.Embedding / F.embedding) or index_select",
    "embedding": "an embedding lookup (nn.Embedding)",
    "addmm": "a Linear layer (F.linear with bias) or torch.addmm",
    "mm": "a matrix multiply (Linear without bias, torch.mm / @)",
    "bmm": "a batched matrix multiply (attention scores, torch.bmm)",
    "cat": "torch.cat",
    "stack": "torch.stack",
    "gather": "torch.gather (often inside a loss)",
    "scatter": "a scatter op",
    "nll_loss": "a classification loss (cross_entropy / nll_loss)",
    "convolution": "a convolution layer",
    "where": "torch.where",
    "index": "advanced indexing (t[idx])",
}

_ARGS = {
    "index": "the index tensor (e.g. input_ids fed to an embedding)",
    "mat1": "the layer input (mat1)",
    "mat2": "the weight (mat2)",
    "self": "the tensor the method was called on (self)",
    "tensors": "one of the tensors being concatenated",
    "target": "the target / labels",
    "weight": "the weight",
    "other": "the second operand (other)",
}


def _device_of_type(type_name: str) -> str:
    t = type_name or ""
    if t.startswith(("torch.cuda.", "CUDA", "HIP")):
        return "cuda"
    if t.startswith(("torch.mps.", "MPS")):
        return "mps"
    if t.startswith(("torch.xpu.", "XPU")):
        return "xpu"
    return "cpu"


def _norm(dev: str) -> str:
    d = dev.strip()
    if d in ("CPU", "GPU"):
        return "cpu" if d == "CPU" else "cuda"
    return d.lower() if d.isupper() else d


def _op_hint(op: str) -> str | None:
    low = op.lower()
    for key in sorted(_OPS, key=len, reverse=True):
        if low.endswith("_" + key) or low == key or low.endswith(key):
            return _OPS[key]
    return None


def _data_parallel(src: str, found: str) -> Explanation:
    """nn.DataParallel's own check: the module must sit on device_ids[0] before the forward."""
    idx = found.split(":", 1)[1] if ":" in found else "0"
    return Explanation(
        text=(f"nn.DataParallel expects the module on device_ids[0] ({src}) but a parameter or buffer is on {found}. "
              "DataParallel's device_ids defaults to every visible GPU, so device_ids[0] is cuda:0 even when the code "
              f"moved the model to {found}."),
        fix=(f"Pass the GPU(s) used: nn.DataParallel(model, device_ids=[{idx}]).to('{found}') (the first id must be the model's device).",
             f"Or expose only that GPU: CUDA_VISIBLE_DEVICES={idx} (it becomes cuda:0 inside the process) and keep the model on cuda:0.",
             "With one GPU, drop the DataParallel wrapper."),
        derived={"devices": sorted({src, found})})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a = facts.get("device_a")
    b = facts.get("device_b")
    if facts.get("_signature") == "dataparallel-device-ids" and a and b:
        return _data_parallel(str(a), str(b))
    arg = facts.get("argument")
    op = facts.get("op")
    derived: dict[str, Any] = {}
    if (a is None or b is None) and facts.get("input_type") and facts.get("weight_type"):
        a = _device_of_type(str(facts["input_type"]))
        b = _device_of_type(str(facts["weight_type"]))
        param = facts.get("param") or "weight"
        derived["devices"] = sorted({a, b})
        target = "cuda" if "cuda" in (a, b) else b
        text = (
            f"A convolution got its input on {a} ({facts['input_type']}) but its {param} on {b} "
            f"({facts['weight_type']}). Input and module must live on the same device."
        )
        if a != "cpu" and b == "cpu":
            fix = [
                f"Move the conv module (or the whole model) to the GPU before the forward: model.to('{target}').",
                "If the layer is created inside forward() or after model.to(), create it in __init__ so .to() moves it.",
            ]
        else:
            fix = [
                "Move the input to the module's device: x = x.to(next(model.parameters()).device).",
            ]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if a is None and b is None:
        return None
    a = _norm(str(a)) if a is not None else None
    b = _norm(str(b)) if b is not None else None
    devices = [d for d in (a, b) if d]
    derived["devices"] = sorted(set(devices))
    parts: list[str] = []
    arg_desc = _ARGS.get(str(arg), f"argument '{arg}'") if arg else None
    where = _op_hint(str(op)) if op else None
    if a and b:
        if arg_desc:
            parts.append(f"{arg_desc[0].upper() + arg_desc[1:]} is on {a}; the other tensors of the call are on {b}.")
        else:
            parts.append(f"One call received tensors on {a} and on {b}.")
    elif b:
        parts.append(f"Index tensors are on a device other than the indexed tensor ({b}).")
    if op:
        parts.append(f"The failing op is {op}" + (f" - in user code usually {where}." if where else "."))
    gpus = [d for d in devices if d.startswith(("cuda", "mps", "xpu", "hip"))]
    cpu = any(d == "cpu" for d in devices)
    meta = any(d == "meta" for d in devices)
    fix: list[str] = []
    if meta:
        parts.append("One tensor is on the 'meta' device: weights were never materialised (init_empty_weights / low_cpu_mem_usage without loading).")
        fix.append("Load real weights before running (load_state_dict / from_pretrained without device 'meta' placeholders), or use to_empty() and initialise.")
    elif cpu and gpus:
        gpu = gpus[0]
        derived["target_device"] = gpu
        if arg in ("index", "mat1", "input", "self", "tensors", "target", "other") or arg is None:
            fix.append(f"Move the inputs to the model's device: x = x.to('{gpu}') (better: x.to(next(model.parameters()).device)).")
        if arg in ("mat2", "weight"):
            fix.append(f"A weight is still on the CPU: call model.to('{gpu}') after every submodule has been created.")
        fix.append(f"Tensors created inside forward()/loss need device=...: torch.zeros(n, device=x.device) (here {gpu}).")
    elif len(set(gpus)) >= 2:
        derived["multi_gpu"] = True
        parts.append("Both devices are GPUs: the model or data is split across GPUs (device_map, DataParallel, pipeline).")
        fix.append(f"Move inputs to the device of the layer that consumes them (model.device for device_map='auto'), or pin one GPU: CUDA_VISIBLE_DEVICES={gpus[0].split(':')[-1] if ':' in gpus[0] else 0}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
