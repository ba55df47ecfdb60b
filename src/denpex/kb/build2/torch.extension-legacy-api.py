"""Computed diagnosis for torch.extension-legacy-api: the removed API and its current replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPL = {
    "AT_CHECK": ("torch 1.5", "TORCH_CHECK(cond, msg)"),
    "THCudaCheck": ("torch 1.11", "C10_CUDA_CHECK(expr)"),
    "THCState": ("torch 1.11", "drop the state argument; use at::cuda::getCurrentCUDAStream() / at::cuda::getCurrentDeviceProperties()"),
    "THCState_getCurrentStream": ("torch 1.11", "at::cuda::getCurrentCUDAStream()"),
    "THCCeilDiv": ("torch 1.11", "at::ceil_div (ATen/ceil_div.h)"),
    "THCudaMalloc": ("torch 1.11", "c10::cuda::CUDACachingAllocator::raw_alloc(size)"),
    "THCudaFree": ("torch 1.11", "c10::cuda::CUDACachingAllocator::raw_delete(ptr)"),
    "THCNumBlocks": ("torch 1.11", "compute the grid size locally (at::ceil_div(n, threads))"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    header, symbol = str(facts.get("header") or ""), str(facts.get("symbol") or "")
    if header:
        text = (f"The extension includes {header}, a legacy TH/THC header that PyTorch removed in 1.11; the installed torch "
                "no longer has it, so this source targets an older torch.")
        fix = ("Use a release/fork of the extension that supports your torch, or port: replace "
               f"#include <{header}> with #include <ATen/cuda/CUDAContext.h> (plus <c10/cuda/CUDAException.h>) and "
               "THC calls with their ATen/c10 equivalents (THCudaCheck -> C10_CUDA_CHECK, THCCeilDiv -> at::ceil_div).",
               "Or build with the torch version the code was written for (< 1.11) in a separate environment.")
        return Explanation(text=text, fix=fix, derived={"what": f"{header} (removed in torch 1.11)"})
    if symbol:
        since, repl = _REPL.get(symbol, ("torch 1.11", "its ATen/c10 equivalent"))
        text = f"{symbol} belongs to PyTorch's legacy C++ API, removed by {since}; the extension source predates it."
        fix = (f"Replace {symbol} with {repl} in the extension sources (grep -rn '{symbol}' .), or use a maintained fork.",
               f"Or build against a torch older than {since}.")
        return Explanation(text=text, fix=fix, derived={"what": f"{symbol} (removed by {since})"})
    return None
