"""Computed diagnosis for mlcllm.jit-compilation-failed: hints by target device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = str(facts.get("device") or "")
    model = facts.get("model")
    kind = device.split(":", 1)[0].lower()
    about = f" for {model}" if model else ""
    if kind in ("android", "iphone", "macabi", "ios"):
        diagnosis = f"cross compile for {kind} failed"
        text = (f"The JIT compile{about} targets {kind}: it cross-compiles and needs the target toolchain and the MLC source "
                "tree environment; the subprocess error above this line says which piece is missing.")
        fix = ("Set up the toolchain from the MLC packaging guide (Android: ANDROID_NDK, TVM_NDK_CC, JAVA_HOME; iOS: Xcode "
               "command line tools) and MLC_LLM_SOURCE_DIR, then run mlc_llm package again.",)
    elif kind in ("vulkan", "metal", "cuda", "rocm", "opencl", "webgpu", "cpu", "llvm"):
        diagnosis = f"model-lib compile for {kind} failed"
        text = (f"The JIT compile{about} for {device} did not produce a library. The real error is the compile subprocess "
                "output above (often a TVM InternalError/Check failed for this model, device or overrides).")
        fix = ("Re-run the printed 'python -m mlc_llm compile ...' command and fix its first error; try without custom --overrides.",
               "Make sure mlc-ai-nightly and mlc-llm-nightly come from the same date.")
    else:
        diagnosis = "model-lib JIT compile failed"
        text = (f"The JIT compile{about} did not produce a library; the compile subprocess's own error is printed above "
                "this line.")
        fix = ("Re-run the printed 'python -m mlc_llm compile ...' command and fix its first error.",)
    derived = {"diagnosis": diagnosis, "for_device": f" for {device}" if device else ""}
    return Explanation(text=text, fix=fix, derived=derived)
