"""Computed diagnosis for compile.triton-compilation-error: which stage failed and what the GPU/arch needs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# sm -> (GPU family, minimum CUDA toolkit whose ptxas knows it)
_ARCH = {
    100: ("Blackwell datacenter (B200/GB200)", "12.8"),
    101: ("Blackwell (Thor, pre-CUDA-13 numbering)", "12.8"),
    103: ("Blackwell Ultra (B300/GB300)", "12.9"),
    110: ("Jetson Thor", "13.0"),
    120: ("Blackwell consumer/workstation (RTX 50xx, RTX PRO 6000)", "12.8"),
    121: ("DGX Spark GB10", "12.9"),
    90: ("Hopper (H100/H200)", "11.8"),
    89: ("Ada (RTX 40xx, L4, L40)", "11.8"),
    86: ("Ampere consumer (RTX 30xx, A10)", "11.1"),
    80: ("Ampere (A100)", "11.0"),
}


def _sm_num(sm: str) -> int | None:
    m = re.match(r"sm_(\d+)", sm or "")
    return int(m.group(1)) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sm, intrinsic, node = facts.get("sm"), facts.get("intrinsic"), facts.get("node")
    kind, inner_t, inner_m = facts.get("kind"), facts.get("inner_type"), str(facts.get("inner_msg") or "")
    rc = facts.get("ptxas_rc")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    symbol = facts.get("symbol")
    if symbol and not sm:
        derived["what"] = f"size symbol {symbol} undefined in an Inductor kernel"
        parts.append(
            f"The Triton kernel TorchInductor generated refers to the dynamic-shape size {symbol}, which is not among the kernel's "
            "arguments: an Inductor code-generation bug with dynamic shapes (a size it treated as symbolic but did not pass in)."
        )
        fix.append("Upgrade torch (and its pinned Triton): most of these were fixed in later releases.")
        fix.append("Meanwhile compile with static shapes: torch.compile(model, dynamic=False), or pad inputs to a few fixed lengths.")
        fix.append("If it persists, disable compilation for that module (torch.compiler.disable) and report it with TORCH_LOGS=output_code.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if sm:
        n = _sm_num(sm)
        fam, cuda = _ARCH.get(n or -1, (None, None))
        derived["what"] = f"ptxas does not know {sm}"
        if n is not None and n >= 100:
            parts.append(f"The GPU is {sm} ({fam or 'a Blackwell-generation GPU'}), and the ptxas Triton ran predates it, so it rejected the architecture name.")
            fix.append(f"Point Triton at a newer ptxas: export TRITON_PTXAS_PATH=/usr/local/cuda/bin/ptxas (CUDA {cuda or '12.8'} or newer; check with ptxas --version).")
            fix.append("Or upgrade torch + Triton to a release built with that CUDA (e.g. the cu128/cu129/cu130 wheels).")
        elif n is not None and n < 50:
            parts.append(f"{sm} is an architecture the installed CUDA toolkit's ptxas no longer supports (dropped from CUDA 11/12).")
            fix.append("Use an older CUDA toolkit / framework release that still targets it, or a newer GPU.")
        else:
            parts.append(f"ptxas rejected {sm}: the toolkit that provides it is older than the GPU ({fam or 'this architecture'} needs CUDA {cuda or 'a newer release'}).")
            fix.append("Use a ptxas from a matching CUDA toolkit (TRITON_PTXAS_PATH) or upgrade Triton.")
    elif intrinsic or node:
        what = intrinsic or node
        derived["what"] = f"LLVM cannot select {what}"
        low = str(what).lower()
        if "shfl.sync" in low:
            parts.append(f"LLVM could not emit {what} (warp shuffle with sync, PTX ISA 6.0): Triton targeted an architecture/PTX version it does not handle - Pascal (sm_6x) GPUs with Triton 3.x, or a GPU newer than this Triton build.")
            fix.append("Pascal: use a Triton with the ptx60 fix (3.0.x patched / newer) or disable Triton kernels; new GPU: upgrade Triton (triton-windows users: match triton-windows to the torch version).")
        elif "tcgen05" in low or "nvvm.tcgen" in low:
            parts.append(f"{what} is a Blackwell tensor-core instruction this Triton/LLVM build cannot emit for the detected GPU.")
            fix.append("Upgrade Triton to a release that supports this Blackwell variant (or use the Triton version the serving framework pins for it).")
        elif "bf16" in low:
            parts.append(f"LLVM could not lower a bfloat16 operation ({what}) for this GPU: it has no native bf16 support for it (pre-Ampere NVIDIA, RDNA2 AMD) or the Triton version mishandles bf16.")
            fix.append("Run in float16/float32 (torch_dtype=torch.float16) on this GPU, or upgrade Triton.")
        else:
            parts.append(f"LLVM instruction selection failed for {what} inside Triton: a Triton/LLVM bug or an instruction the target GPU lacks.")
            fix.append("Upgrade (or pin back) Triton; report the kernel with the failing intrinsic if it persists.")
    elif kind:
        where = f" at kernel line {facts['line']}:{facts.get('col', 0)}" if facts.get("line") is not None else ""
        derived["what"] = f"{kind}{where}" + (f" ({inner_t})" if inner_t else "")
        parts.append(f"Triton's frontend could not compile the @triton.jit kernel{where}" + (f": {inner_t}({inner_m[:160]})" if inner_t else "") + ".")
        if inner_t == "AttributeError" and "triton" in inner_m:
            parts.append("The kernel uses a triton.language API the installed Triton does not have: the kernel library expects a different Triton version.")
            fix.append("Install the Triton version the library requires (pip show <library> / its docs), keeping it paired with torch (pip show torch | grep -i triton).")
        elif "not supported in this architecture" in inner_m or "fp8" in inner_m.lower():
            fix.append("The GPU lacks the dtype the kernel uses (fp8 needs sm_89+, bf16 sm_80+): use a supported dtype or a different kernel path.")
        else:
            fix.append("Read the kernel source line marked by the caret and the inner error; a version mismatch between the kernel library and Triton is the usual cause - reinstall the pinned versions.")
    elif facts.get("stage"):
        derived["what"] = "TritonGPU to LLVM IR lowering failed"
        parts.append("Triton could not lower one of the kernel's TritonGPU operations to LLVM IR; the MLIR error printed just above names the op and types (often a dtype conversion the backend does not implement, e.g. bf16/int8 casts on ROCm or older Triton).")
        fix.append("Upgrade Triton (or the ROCm Triton fork) - these are backend bugs fixed in newer releases - or avoid the dtype in that kernel (cast to float16/float32 first).")
    elif rc is not None:
        derived["what"] = f"ptxas exited with code {rc}"
        parts.append(f"Triton's ptxas process failed with exit code {rc}" + (" (-1 as unsigned: ptxas could not run at all, typical of broken triton-windows installs)" if rc in (4294967295, -1) else " (negative: killed by a signal, e.g. interrupted or out of memory)" if rc < 0 else "") + ".")
        fix.append("Run the 'Repro command' printed with the error to see ptxas' own message; check that the bundled ptxas runs (<triton>/backends/nvidia/bin/ptxas --version) or set TRITON_PTXAS_PATH to a working one.")
    else:
        derived["what"] = "PTX codegen error"
        parts.append("ptxas rejected the PTX Triton generated; the ptxas lines below the error name the reason (unknown gpu-name, register allocation failure, a feature requiring a newer sm).")
        fix.append("Read the ptxas fatal/error lines under '`ptxas` stderr:'; for an unknown architecture set TRITON_PTXAS_PATH to a newer CUDA ptxas, for register allocation failures lower num_warps/BLOCK sizes or upgrade Triton.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
