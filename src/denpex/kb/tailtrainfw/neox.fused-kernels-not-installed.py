"""Computed diagnosis for neox.fused-kernels-not-installed: derive the repo and the install commands."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cmd = facts.get("command")
    if not isinstance(cmd, str) or not cmd.strip():
        return None
    m = re.search(r"(\S*?)/?megatron/fused_kernels", cmd)
    repo = m.group(1) if m and m.group(1) else "."
    text = (f"The config enables fused kernels but the compiled extension does not import in this Python environment. "
            f"The repository is at {repo}.")
    fix = (f"cd {repo} && python -m pip install megatron/fused_kernels   # with the interpreter deepy.py/deepspeed uses",
           "python -c 'import scaled_upper_triang_masked_softmax_cuda, scaled_masked_softmax_cuda'   # must not fail",
           "Or set \"scaled-upper-triang-masked-softmax-fusion\": false and \"bias-gelu-fusion\": false in the YAML.")
    return Explanation(text=text, fix=fix, derived={"repo": repo})
