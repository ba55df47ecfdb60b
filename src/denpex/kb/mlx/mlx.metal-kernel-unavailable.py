"""Computed diagnosis for mlx.metal-kernel-unavailable: read the compiler error or the kernel name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "build-library":
        err = str(facts.get("metal_error") or "")
        if "metal4" in err or "MetalPerformancePrimitives" in err:
            problem = "kernels need Metal 4 / macOS 26"
            text = (f"The Metal compiler rejected MLX's kernel source ({err.strip()}): this mlx build uses Metal 4 features "
                    "that the installed macOS cannot compile.")
            fix = ("pip install -U mlx mlx-metal (later releases check the OS), or pin the last release that worked on this macOS",
                   "or upgrade macOS to 26")
        elif "bfloat16_t" in err or "'vec'" in err or "vec<" in err:
            problem = "embedded kernel sources broken (toolchain)"
            text = (f"The kernel source MLX embedded does not compile ({err.strip()}): a source build whose Metal "
                    "toolchain step failed, or a Metal toolchain newer than this mlx.")
            fix = ("Use the PyPI wheel: pip uninstall -y mlx && pip install -U mlx",
                   "or fix the toolchain (xcodebuild -downloadComponent MetalToolchain) and rebuild from a clean tree")
        elif err:
            problem = "Metal compile error"
            text = (f"The Metal compiler rejected a kernel: {err.strip()}. If this is your mx.fast.metal_kernel source, fix it; "
                    "otherwise the mlx build and the OS's Metal compiler disagree.")
            fix = ("pip install -U mlx mlx-metal, or pin the last working version",)
        else:
            return Explanation(text="MLX failed to JIT-compile a Metal kernel; the compiler error follows the message.",
                               fix=("pip install -U mlx mlx-metal, or pin the last working version",),
                               derived={"problem": "Metal compile error"})
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    k = str(facts.get("kernel") or "")
    if not k:
        return None
    if "complex" in k:
        problem = f"no GPU kernel {k}"
        text = f"Kernel {k}: this mlx has no GPU implementation of that op for complex dtypes."
        fix = ("Run the op on the CPU: mx.sqrt(x, stream=mx.cpu), or upgrade mlx",)
    elif k == "input_coherent":
        problem = "MLX_METAL_FAST_SYNCH not in this build"
        text = "input_coherent belongs to MLX_METAL_FAST_SYNCH, which the PyPI wheels are not built with."
        fix = ("unset MLX_METAL_FAST_SYNCH (or build mlx from source with that option)",)
    else:
        problem = f"kernel {k} not available"
        text = (f"Kernel {k} is in neither the loaded metallib nor the JIT sources: mlx and mlx-metal (or the metallib) "
                "differ in version, the mlx release does not support this OS/GPU, or the GPU family is too old for MLX.")
        fix = ("pip install --force-reinstall \"mlx==V\" \"mlx-metal==V\" (same V), or pin the last release that worked",
               "MLX needs an Apple M1/A14 or newer GPU")
    return Explanation(text=text, fix=fix, derived={"problem": problem})
