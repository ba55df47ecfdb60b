"""Computed diagnosis for torchscript.fuser-codegen-failed: which fuser stage failed and the matching switch or upgrade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DISABLE = "torch._C._jit_override_can_fuse_on_gpu(False); torch._C._jit_set_texpr_fuser_enabled(False)"
_DISABLE_NVF = "torch._C._jit_set_nvfuser_enabled(False)  (or run under: with torch.jit.fuser('fuser0'):)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "nvrtc-invalid-arch":
        return Explanation(
            text=("PyTorch's NVRTC does not know this GPU's compute capability, so the TorchScript fuser cannot compile a "
                  "fused kernel for it (typical: a cu102-cu117 wheel on an sm_89 RTX 40xx or sm_90 GPU)."),
            fix=("Install a PyTorch build with CUDA 11.8 or newer (check torch.cuda.get_arch_list() lists your sm_XX),",
                 f"or disable GPU fusion before running the scripted code: {_DISABLE}."),
            derived={"diagnosis": "NVRTC too old for the GPU architecture"})
    if sig == "nvrtc-default-program":
        detail = str(facts.get("detail") or "").strip()
        line = facts.get("source_line")
        where = f" (line {line} of the generated source)" if line is not None else ""
        return Explanation(
            text=(f"NVRTC could not compile the kernel source that the TorchScript fuser generated{where}: {detail}. "
                  "The generated code is standard for this PyTorch, so the compiler or its headers are not the ones PyTorch "
                  "was built with (another package's libnvrtc / CUDA loaded first, or a system CUDA on LD_LIBRARY_PATH)."),
            fix=(f"Disable GPU fusion for this model: {_DISABLE},",
                 "or import torch and run one CUDA op before importing libraries that bring their own CUDA runtime, and check "
                 "LD_LIBRARY_PATH for a foreign libnvrtc."),
            derived={"diagnosis": "NVRTC failed to compile the generated kernel"})
    if sig == "nvfuser-internal-assert":
        f = str(facts.get("assert_file") or "")
        base = f.replace("\\", "/").rsplit("/", 1)[-1] if f else "nvFuser"
        return Explanation(
            text=(f"nvFuser (PyTorch 1.12-1.13's default TorchScript GPU fuser) hit an internal assertion in {base} for this "
                  "graph: a fuser bug, not a problem in the model."),
            fix=(f"Disable nvFuser: {_DISABLE_NVF},",
                 "or upgrade to PyTorch 2.x (nvFuser removed from TorchScript; use torch.compile)."),
            derived={"diagnosis": f"nvFuser internal assert in {base}"})
    return None
