"""Computed diagnosis for torch.ffi-extension-thtensor-opaque: which TH type and what replaces it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    th_type = facts.get("th_type")
    sig = facts.get("_signature")
    if sig == "at-tensor-impl-incomplete":
        return Explanation(
            text=("The C code reads fields of a TH tensor, which torch 1.0 headers declare as the opaque "
                  "struct at_Tensor_Impl: the extension was written for torch <= 0.4.0 (torch.utils.ffi)."),
            fix=("Port the binding to torch.utils.cpp_extension with at::Tensor (t.size(i), t.data_ptr<float>()), or build with torch 0.4.0.",),
            derived={"diagnosis": "TH struct access under torch 1.0 (clang)"},
        )
    if not th_type:
        return None
    th_type = str(th_type)
    cuda = th_type.startswith("THC")
    prefix = "THCudaTensor" if cuda else th_type
    state = "state, " if cuda else ""
    diagnosis = f"{th_type} fields accessed directly ({'CUDA' if cuda else 'CPU'} TH API, torch <= 0.4.0 code)"
    text = (f"The source dereferences a {th_type} pointer (->size[i], ->nDimension, ->storage ...). From torch 0.4.1 on, "
            f"{th_type} is only forward-declared, so the code was written for torch <= 0.4.0.")
    fix = (f"On torch 0.4.1: replace t->size[i] with {prefix}_size({state}t, i) and t->nDimension with {prefix}_nDimension({state}t).",
           "On torch >= 1.0 (no torch.utils.ffi): port the op to torch.utils.cpp_extension and at::Tensor (t.size(i), t.data_ptr<float>()).",
           "Or use the repository's branch for newer torch, or an environment with torch 0.4.0.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
