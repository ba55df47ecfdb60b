"""Computed diagnosis for torch.dtype-mismatch: which dtypes met, and the cast or autocast that fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# every spelling PyTorch prints -> torch dtype name
_NAMES = {
    "float": "float32", "float32": "float32", "floattensor": "float32", "floattype": "float32",
    "double": "float64", "float64": "float64", "doubletensor": "float64", "doubletype": "float64",
    "half": "float16", "float16": "float16", "halftensor": "float16", "halftype": "float16",
    "bfloat16": "bfloat16", "bfloat16tensor": "bfloat16", "bfloat16type": "bfloat16",
    "long": "int64", "int64": "int64", "longtensor": "int64", "longtype": "int64",
    "int": "int32", "int32": "int32", "inttensor": "int32", "inttype": "int32",
    "short": "int16", "shorttensor": "int16", "shorttype": "int16",
    "char": "int8", "chartensor": "int8", "signed char": "int8",
    "byte": "uint8", "bytetensor": "uint8", "bytetype": "uint8", "unsigned char": "uint8",
    "bool": "bool", "booltensor": "bool", "booltype": "bool",
}

_FLOATS = {"float32", "float64", "float16", "bfloat16"}
_INTS = {"int64", "int32", "int16", "int8", "uint8"}


def canon(name: str | None) -> str | None:
    """'c10::BFloat16', 'torch.cuda.HalfTensor', 'CUDABFloat16Type', 'Float' -> torch dtype name."""
    if not name:
        return None
    n = name.strip()
    for prefix in ("struct ", "c10::", "c10:"):
        if n.startswith(prefix):
            n = n[len(prefix):]
    n = n.replace("torch.cuda.", "").replace("torch.mps.", "").replace("torch.xpu.", "").replace("torch.", "")
    for dev in ("CUDA", "CPU", "MPS", "XPU", "HIP"):
        if n.startswith(dev) and len(n) > len(dev) and n[len(dev)].isupper():
            n = n[len(dev):]
            break
    key = n.lower()
    if key.startswith("float8"):
        return key
    return _NAMES.get(key, key)


def _torch(d: str) -> str:
    return {"int64": "long", "float32": "float", "float16": "half", "float64": "double"}.get(d, d)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    fix: list[str] = []
    kernel, dtype = facts.get("kernel"), canon(facts.get("dtype"))
    if kernel and dtype:
        derived.update(dtype_a=dtype, dtype_b="(no kernel)")
        if dtype in ("float16", "bfloat16") and ("cpu" in str(kernel).lower()):
            text = (
                f"The kernel {kernel} has no {dtype} implementation on the CPU: a {dtype} model or tensor "
                "is running on the CPU (it was loaded in half precision but never moved to the GPU, or "
                "the GPU was not available)."
            )
            fix.append("Move the model and inputs to the GPU: model.to('cuda'), or load it in float32 for CPU runs (torch_dtype=torch.float32).")
            fix.append("If the CPU run is intended: model = model.float() before inference.")
        elif dtype in _INTS | {"bool"} and "loss" in str(kernel).lower():
            text = f"The loss kernel {kernel} got {dtype} values where it expects another type (targets of the wrong dtype)."
            fix.append("Class-index targets must be int64: target = target.long(); probabilities/regression targets must be float: target = target.float().")
        elif dtype in _FLOATS and "nll_loss" in str(kernel).lower():
            text = f"nll_loss/cross_entropy was given {dtype} targets; class indices must be int64."
            fix.append("target = target.long() (or use class probabilities with cross_entropy's float target form of the same shape as the logits).")
        else:
            text = f"The kernel {kernel} is not compiled for dtype {dtype} on this device."
            fix.append(f"Cast the tensor to a supported dtype before the call (usually float32: x.float()), or run the op on a device that supports {dtype}.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)

    q, k, v = canon(facts.get("query_dtype")), canon(facts.get("key_dtype")), canon(facts.get("value_dtype"))
    if q and k and v:
        odd = q if k == v else (k if q == v else v)
        common = k if odd == q else q
        derived.update(dtype_a=q, dtype_b=common if odd == q else odd)
        text = f"scaled_dot_product_attention got query {q}, key {k}, value {v}; all three must share one dtype."
        fix.append(f"Cast before the attention call: q, k, v = q.to({'torch.' + common}), k.to({'torch.' + common}), v.to({'torch.' + common}) - or run it under torch.autocast.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)

    exp_, found = canon(facts.get("expected_dtype")), canon(facts.get("found_dtype"))
    inp = canon(facts.get("input_dtype") or facts.get("input_type"))
    wgt = canon(facts.get("weight_dtype") or facts.get("weight_type"))
    param = facts.get("param") or "weight"
    if inp and wgt:
        derived.update(dtype_a=inp, dtype_b=wgt)
        text = f"The op got its input in {inp} but its {param} in {wgt}; matmul/conv kernels need one dtype."
        if wgt in ("float16", "bfloat16") and inp == "float32":
            text += f" The model (or this layer) is {wgt} and the activations reaching it are float32 - a float32 input, or a float32 module before it."
            fix.append(f"Cast the input at this seam: x = x.to(torch.{wgt}) (x.to(layer.weight.dtype)).")
            fix.append(f"Or run the forward under autocast: with torch.autocast('cuda', dtype=torch.{wgt}): ...")
        elif inp in ("float16", "bfloat16") and wgt == "float32":
            text += f" This layer stayed float32 while the activations are {inp} - a module created or loaded after the cast, or a region outside autocast."
            fix.append(f"Cast the module: layer.to(torch.{inp}), or cast the input back: x = x.float().")
            fix.append(f"Or wrap the whole forward in torch.autocast(device_type='cuda', dtype=torch.{inp}) with float32 weights.")
        elif inp == "float64":
            text += " float64 usually comes from numpy arrays (numpy defaults to float64)."
            fix.append("Convert inputs with torch.from_numpy(a).float() (or .to(torch.float32)).")
        else:
            fix.append(f"Cast one side so both are the same dtype: x = x.to(layer.{param}.dtype).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if inp and not wgt and not (exp_ and found):
        derived.update(dtype_a=inp, dtype_b="?")
        text = f"The op got its input as {inp}; the {param} dtype was cut off in this log, but it differs from the input's."
        if inp in _INTS:
            text += f" An integer ({inp}) tensor reached a conv/linear layer: raw uint8 image bytes, or an input that was quantized/cast instead of the weights."
            fix.append(f"Convert the input to the layer's float dtype: x = x.to(layer.{param}.dtype) (images: x.float() / 255 before normalising).")
        else:
            fix.append(f"Cast the input to the layer's dtype: x = x.to(layer.{param}.dtype), or run the forward under torch.autocast.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if exp_ and found:
        derived.update(dtype_a=exp_, dtype_b=found)
        text = f"The op expected {exp_} but received {found}."
        if exp_ == "int64" and found in _INTS | _FLOATS:
            text += " This is almost always a classification loss (cross_entropy / nll_loss / embedding index) given non-int64 targets or indices."
            fix.append("target = target.long() before the loss (and make the dataset return int64 labels).")
        elif exp_ in _FLOATS and found in _INTS:
            text += " An integer tensor reached a float op: typically integer labels in a regression/BCE loss or raw uint8 images."
            fix.append(f"Cast to float: target = target.to(torch.{_torch(exp_) if exp_ != 'float32' else 'float32'}) (images: x.float() / 255).")
        elif exp_ in _FLOATS and found in _FLOATS:
            text += f" Half and full precision are mixed: one tensor is {found}, the op runs in {exp_}."
            fix.append(f"Cast the odd tensor: x = x.to(torch.{exp_}), or run the region under torch.autocast so both sides are cast per op.")
        else:
            fix.append(f"Cast the tensor to {exp_}: x = x.to(torch.{exp_}).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived.update(dtype_a="?", dtype_b="?")
    return Explanation(
        text="Two tensors of different dtypes met in a matmul (this PyTorch version does not print them); print x.dtype and layer.weight.dtype at the failing line.",
        fix=("Cast the input to the layer's dtype: x = x.to(layer.weight.dtype), or use torch.autocast.",),
        derived=derived,
    )
