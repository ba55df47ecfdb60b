"""Computed diagnosis for build.nvcc-compile-error: which source failed and what the first error suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("src_file") or "")
    err = str(facts.get("compile_error") or "")
    if not src or not err:
        return None
    name = src.replace("\\", "/").rsplit("/", 1)[-1]
    kind = "header" if name.endswith(".cuh") else "kernel source"
    parts = [f"nvcc could not compile the {kind} {name} (line {facts.get('src_line')}): {err}."]
    if "ArrayRef" in err or "at::" in err or "c10::" in err or "AT_DISPATCH" in err:
        parts.append("The message names PyTorch C++ types: the code expects another PyTorch version's headers than the installed torch.")
    elif "type name is not allowed" in err or "no instance of function template" in err or "expected an expression" in err:
        parts.append("Template/type errors in a kernel launch mean this source does not build with this CUDA toolkit / PyTorch pair: "
                     "the repository was written for other versions, or a later commit fixed the file.")
    fix = (f"Compare nvcc --version and torch.version.cuda with the repository's install notes; search its issues for '{name}'.",
           "Rebuild in an environment with the documented versions (or the upstream fix), after removing build/.")
    return Explanation(text=" ".join(parts), fix=fix, derived={"file_kind": kind})
