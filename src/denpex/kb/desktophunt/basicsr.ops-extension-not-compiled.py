"""Computed diagnosis for basicsr.ops-extension-not-compiled: which op and which way out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OPS = {
    "fused_act_ext": ("fused bias + leaky ReLU (StyleGAN2 blocks)", "GFPGAN v1 original, StyleGAN2, DFDNet, MARCONet"),
    "upfirdn2d_ext": ("upfirdn2d up/down-sampling (StyleGAN2 blocks)", "GFPGAN v1 original, StyleGAN2"),
    "deform_conv_ext": ("modulated deformable convolution (DCN)", "EDVR, BasicVSR++, DFDNet"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ext = facts.get("ext")
    if not ext:
        return None
    op, users = _OPS.get(str(ext), ("a BasicSR compiled op", "BasicSR architectures"))
    text = (f"'{ext}' is BasicSR's compiled CUDA extension for {op}, used by {users}. "
            "It was neither built at install (BASICSR_EXT=True) nor JIT-compiled (BASICSR_JIT=True), so the name is unbound.")
    fix = ["Linux/CUDA: BASICSR_JIT=True python <script> (needs nvcc and CUDA_HOME).",
           "Windows cmd: set BASICSR_JIT=True, then run the script in the same window (needs CUDA toolkit + VS Build Tools)."]
    if ext != "deform_conv_ext":
        fix.insert(0, "GFPGAN: use a clean model (-v 1.3 or -v 1.4), which needs no compiled op (also on CPU/Mac).")
    return Explanation(text=text, fix=tuple(fix), derived={"op": op})
