"""Computed diagnosis for gpuarrays.scalar-indexing-disallowed: read or write, and which GPU backend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BACKENDS = {
    "CuArray": ("CUDA.jl", "CUDA.@allowscalar"),
    "CuDeviceArray": ("CUDA.jl", "CUDA.@allowscalar"),
    "ROCArray": ("AMDGPU.jl", "AMDGPU.@allowscalar"),
    "MtlArray": ("Metal.jl", "Metal.@allowscalar"),
    "oneArray": ("oneAPI.jl", "oneAPI.@allowscalar"),
    "ConcretePJRTArray": ("Reactant.jl", "Reactant.@allowscalar"),
    "ConcreteRArray": ("Reactant.jl", "Reactant.@allowscalar"),
    "JLArray": ("JLArrays (GPUArrays reference backend)", "GPUArraysCore.@allowscalar"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "").strip()
    arr = str(facts.get("array_type") or "").strip()
    if not op and not arr:
        return None
    backend, macro = _BACKENDS.get(arr, ("the GPU array package", "GPUArraysCore.@allowscalar"))
    fixes: list[str] = []
    if op.startswith("setindex"):
        diagnosis = "scalar-write"
        text = (f"Code wrote single elements of a {arr or 'GPU array'} ({backend}) with setindex!: an element-wise "
                "assignment loop or a generic method filling an array one value at a time.")
        fixes.append("Replace the loop by a broadcast assignment (y .= f.(x) or y[mask] .= v) or build the array on the CPU and upload it once.")
    elif op.startswith("getindex") or op == "iterate":
        diagnosis = "scalar-read"
        text = (f"Code read single elements of a {arr or 'GPU array'} ({backend}): an index loop, iteration "
                "(for v in x, issorted, collect of a generator) or a method without a GPU implementation.")
        fixes.append("Use broadcasting/reductions (sum, mapreduce, findall, any/all) or copy once with Array(x) for CPU-side logic.")
    else:
        diagnosis = "scalar-access"
        text = f"A scalar {op or 'access'} on a {arr or 'GPU array'} ({backend}) was refused."
        fixes.append("Find the first frame below assertscalar that is not GPUArrays and vectorise it.")
    fixes.append(f"For one intended element access (e.g. reading a loss value): {macro} x[1].")
    hint = f" ({arr}, {backend})" if arr else ""
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "backend_hint": hint})
