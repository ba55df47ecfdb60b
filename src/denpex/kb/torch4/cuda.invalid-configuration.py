"""Computed diagnosis for cuda.invalid-configuration: name the op (extension call) from the traceback and
the launch check that rejected it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op_call")
    src = facts.get("source_file")
    line = facts.get("source_line")
    where = op or (f"{src}:{line}" if src and line else src)
    subject = f"the kernel launched by {where}" if where else "a CUDA kernel"
    text = (f"The GPU rejected the launch configuration of {subject}: its grid was 0 blocks (an empty input) or "
            "a grid/block dimension exceeded the device limits (grid y/z > 65535, > 1024 threads per block).")
    fix = [
        f"Print the shapes and numel of the tensors passed to {where or 'the failing op'} (CUDA_LAUNCH_BLOCKING=1 to be sure of the op); a 0-size dimension means an empty input to skip.",
        "If no dimension is empty, reduce the batch / frames / heads that map to the grid, or chunk the call.",
    ]
    if op:
        fix.append(f"Update and rebuild the extension providing {op.split('.')[0]} against the installed torch if its grid computation is the problem.")
    return Explanation(text=text, fix=tuple(fix), derived={"what": f"invalid CUDA launch configuration in {where}" if where else "invalid CUDA launch configuration (empty input or grid over the limit)"})
