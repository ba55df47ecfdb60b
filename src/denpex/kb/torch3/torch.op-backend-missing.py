"""Computed diagnosis for torch.op-backend-missing: install problem or tensor-kind problem, from op and backend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    backend = str(facts.get("backend") or "")
    if not op or not backend:
        return None
    ns = op.split("::", 1)[0] if "::" in op else ""
    derived = {"namespace": ns, "backend": backend}
    if ns and ns != "aten" and backend in ("CUDA", "HIP", "XPU"):
        derived["kind"] = "install"
        text = (f"{op} is an op of the '{ns}' package, and that package's binary registered no {backend} kernel: it is a CPU-only "
                f"build or was built for another torch/CUDA version than the torch in this environment.")
        fix = (f"python -c \"import torch, {ns}; print(torch.__version__, {ns}.__version__)\" - the +cuXXX/+cpu tags must match.",
               f"Reinstall torch and {ns} together from the same index, e.g. pip install --force-reinstall torch {ns} --index-url https://download.pytorch.org/whl/cu121 (use your CUDA tag and a compatible version pair).")
    elif backend.startswith("Quantized"):
        derived["kind"] = "quantized-tensor"
        text = f"A quantized tensor reached {op}, which has no {backend} kernel: a float op sits inside the quantized region."
        fix = ("Insert torch.ao.quantization.DeQuantStub() before the float op (and QuantStub where float inputs enter quantized modules).",
               "Replace + / torch.cat / mul on quantized tensors with nn.quantized.FloatFunctional methods.")
    elif backend.startswith("Sparse"):
        derived["kind"] = "sparse-tensor"
        text = f"A sparse tensor reached {op}, which has no {backend} kernel."
        fix = ("Convert with .to_dense() before the op, or use the torch.sparse equivalent.",)
    elif backend == "Meta":
        derived["kind"] = "meta-tensor"
        text = f"{op} got meta tensors (shape only, no data): weights were never materialised."
        fix = ("Load the checkpoint into the model (load_state_dict(..., assign=True)) or call model.to_empty(device=...) before use.",)
    elif backend == "MPS":
        derived["kind"] = "mps-gap"
        text = f"{op} is not implemented for Apple's MPS backend in this torch."
        fix = ("export PYTORCH_ENABLE_MPS_FALLBACK=1 to run it on CPU, or upgrade torch (MPS coverage grows each release).",)
    elif backend in ("CUDA", "HIP") and ns == "aten":
        derived["kind"] = "build"
        text = f"torch has no {backend} kernel for {op}: a CPU-only or custom torch build received GPU tensors."
        fix = ("python -c \"import torch; print(torch.__version__, torch.version.cuda)\" - install the CUDA build of torch if it prints None.",)
    else:
        derived["kind"] = "other"
        text = f"{op} has no kernel for the {backend} backend; convert the input to a supported backend (see the list in the message)."
        fix = ("Check the 'only available for these backends' list in the error and move/convert the input accordingly.",)
    return Explanation(text=text, fix=fix, derived=derived)
