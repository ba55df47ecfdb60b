"""Computed diagnosis for xformers.no-operator: the reason shared by all kernels, from the reason lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _cc(value: Any) -> tuple[int, int] | None:
    try:
        major, minor = (int(x) for x in str(value).split(","))
        return major, minor
    except (TypeError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dtype = str(facts.get("dtype") or "")
    device = str(facts.get("device") or "")
    no_cuda = str(facts.get("no_cuda_build") or "")
    verdict = str(facts.get("cc_verdict") or "")
    cc = _cc(facts.get("gpu_cc"))
    shape = str(facts.get("query_shape") or "")
    if device == "cpu":
        cause = "tensors on the CPU"
        text = "The attention inputs are CPU tensors; every xformers kernel needs CUDA tensors."
        fix = ("Check python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\" - install the CUDA build of torch if False.",
               "Move the model/pipeline to cuda, or disable xformers when running on CPU.")
    elif no_cuda:
        cause = "xformers binary does not match torch"
        text = ("The installed xformers has no loadable CUDA kernels ('" + no_cuda + "'): the wheel was built for a different torch/CUDA "
                "version than the torch installed now, typically after torch was upgraded by another package.")
        fix = ("python -m xformers.info to see the torch version it was built for.",
               "pip install -U xformers --index-url https://download.pytorch.org/whl/cuXXX (CUDA tag of your torch), or pin the xformers release built for your torch version.",
               "Or stop using xformers: PyTorch SDPA (A1111/Forge --opt-sdp-attention, ComfyUI --use-pytorch-cross-attention).")
    elif verdict == "too new":
        cause = "GPU newer than the xformers build"
        cc_s = f" (compute capability {cc[0]}.{cc[1]})" if cc else ""
        text = f"This xformers build has no kernels for this GPU{cc_s}; it predates the GPU generation."
        fix = ("Upgrade torch and xformers to releases that support this GPU (for sm_120 / RTX 50xx: CUDA 12.8 builds).",
               "Or use PyTorch SDPA instead of xformers.")
    elif "bfloat16" in dtype and cc is not None and cc < (8, 0):
        cause = "bfloat16 on a pre-Ampere GPU"
        text = (f"The inputs are bfloat16 and the GPU has compute capability {cc[0]}.{cc[1]}; xformers' kernels support bf16 only from 8.0 (A100/RTX 30xx).")
        fix = ("Run the model in float16 (torch_dtype=torch.float16; ComfyUI --force-fp16), or disable xformers and use SDPA.",)
    else:
        cause = "inputs outside every kernel's limits"
        text = ("No kernel accepts these inputs" + (f" (query shape ({shape}), {dtype})" if shape else "") +
                "; read the reason lines under each kernel: head dimension, attn_bias type/alignment or dtype limits.")
        fix = ("Use PyTorch scaled_dot_product_attention for this call, or pad the head dim / slice attn_bias from a tensor whose last dim is a multiple of 8.",)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
