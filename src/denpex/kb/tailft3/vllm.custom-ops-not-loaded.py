"""Computed diagnosis for vllm.custom-ops-not-loaded: which compiled extension is missing and why the
import failed, from the op namespace and the earlier import warning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXT = {
    "_C": "vllm._C (core kernels)",
    "_moe_C": "vllm._moe_C (MoE kernels)",
    "_C_cache_ops": "vllm._C (cache kernels)",
    "_C_custom_ar": "vllm._C (custom all-reduce)",
    "_vllm_fa2_C": "vllm_flash_attn (FlashAttention-2 build of vLLM)",
    "_vllm_fa3_C": "vllm_flash_attn (FlashAttention-3 build of vLLM)",
    "_rocm_C": "vllm._rocm_C (ROCm kernels)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    namespace = str(facts.get("namespace") or "")
    detail = str(facts.get("detail") or "")
    symbol = str(facts.get("symbol") or "")
    import_error = str(facts.get("import_error") or "")
    op = str(facts.get("op") or "")
    if not namespace and not import_error:
        return None
    ext = _EXT.get(namespace, "vllm._C") if namespace else "vllm._C"
    fix: list[str] = []
    low = detail.lower()
    if symbol or "undefined symbol" in low:
        diagnosis = "vLLM binary built for another torch"
        text = (f"{ext} failed to load with an undefined symbol{(' ' + symbol[:60]) if symbol else ''}: the vLLM wheel was compiled "
                "against a different torch than the one installed (torch changed after vLLM was installed).")
        fix.append("pip install --force-reinstall vllm==<your vLLM version> (restores the torch it pins), then install other packages with --no-deps or a torch constraint.")
    elif "no module named 'vllm._c'" in low:
        diagnosis = "vllm._C not built (source tree or non-CUDA install)"
        text = ("Python found the vllm package but no compiled vllm._C next to it: it is importing a source checkout (the current "
                "directory is the vLLM repository) or an install without the CUDA extension (macOS/CPU, a platform plugin).")
        fix.append("Run from outside the vLLM git checkout, or build it (pip install -e .; VLLM_USE_PRECOMPILED=1 for Python-only edits).")
        fix.append("On hardware without CUDA use the matching platform build (CPU build, vllm-ascend) instead.")
    elif "libcud" in low or "cannot open shared object file" in low:
        diagnosis = "CUDA runtime library not found"
        text = f"{ext} could not load a CUDA library it links to ({detail[:120]}): the driver/runtime is not visible in this environment."
        fix.append("Make the NVIDIA driver/CUDA runtime visible (container --gpus all, LD_LIBRARY_PATH) or install the CUDA-matched vLLM wheel.")
    elif str(facts.get("path_root") or "") == "/Users/" or str(facts.get("path_root") or "")[1:2] == ":":
        mac = str(facts.get("path_root")) == "/Users/"
        diagnosis = "no CUDA build of vLLM on " + ("macOS" if mac else "Windows")
        text = (f"The traceback runs from {'a macOS home directory' if mac else 'a Windows drive'}: the vLLM installed there has no "
                f"compiled CUDA kernels, so torch.ops.{namespace or '_C'}.{op or 'op'} does not exist.")
        fix.append("Run vLLM on Linux with an NVIDIA/AMD GPU (or WSL2 on Windows), or use another local runtime (llama.cpp, MLX, Ollama) on this machine.")
    elif namespace in ("_vllm_fa2_C", "_vllm_fa3_C"):
        diagnosis = "vLLM FlashAttention extension not loaded"
        text = (f"Only the attention extension {ext} is missing ({op or 'its op'}): a separately installed vllm-flash-attn shadows the "
                "bundled one, or the wheel has no FlashAttention build for this GPU.")
        fix.append("pip uninstall -y vllm-flash-attn (keep the copy bundled with vLLM) and reinstall vllm.")
        fix.append("Or select another backend: VLLM_ATTENTION_BACKEND=XFORMERS (or FLASHINFER) on GPUs without an FA build.")
    else:
        diagnosis = f"{ext} not loaded"
        text = (f"torch.ops.{namespace or '_C'} has no {op or 'op'}: {ext} did not load, so none of its kernels are registered. "
                "Run python -c 'import vllm._C' to see the import error.")
        fix.append("Reinstall vLLM matching your torch (pip install --force-reinstall vllm==<version>), outside any vLLM source checkout.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "extension": ext})
