"""Computed diagnosis for cuda.misaligned-address: which API reported it and, from a sanitizer
report, how the faulting address misses the alignment its access needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import cuda_error_origin
from denpex.models import Explanation

# cudaErrorMisalignedAddress was 74 before CUDA 10.1 and 716 since (the driver API always used 716).
_ERAS = {74: "CUDA < 10.1 runtime (legacy THC / cutorch build)", 716: "CUDA >= 10.1 runtime or driver API"}


def _alignment(addr: int) -> int:
    """Largest power of two dividing addr (capped at 4096)."""
    if addr == 0:
        return 4096
    return min(addr & -addr, 4096)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fix: list[str] = []
    parts, derived = cuda_error_origin(facts, "cudaErrorMisalignedAddress", _ERAS, "JAX/XLA, TensorFlow, CuPy driver calls, Numba", "PyTorch, CuPy runtime calls, CUB/Thrust")
    address = facts.get("address")
    size = facts.get("access_size")
    if address:
        try:
            addr = int(str(address), 16)
        except ValueError:
            addr = None
        if addr is not None:
            align = _alignment(addr)
            derived["address_alignment"] = align
            what = f"a {size}-byte {facts.get('access') or 'access'}" if isinstance(size, int) and size > 0 else "the access"
            space = facts.get("memory_space")
            where = f" in __{space}__ memory" if space else ""
            if isinstance(size, int) and size > 0:
                off = addr % size
                derived["offset_from_boundary"] = off
                parts.append(
                    f"compute-sanitizer caught {what}{where} at {address}, which is only {align}-byte aligned "
                    f"({off} bytes past a {size}-byte boundary); {size}-byte accesses need addresses divisible by {size}"
                )
                if space in ("shared", "local"):
                    fix.append(
                        f"The address is in the kernel's own __{space}__ memory, so the bug is in the kernel source, not in your tensors: "
                        f"declare the buffer with __align__({size}) (or alignas) and keep the offsets it is indexed with multiples of {size} bytes; "
                        "report it upstream if the kernel is a library's."
                    )
                elif size >= 8:
                    fix.append(
                        f"Make the tensors this kernel reads start on a {size}-byte boundary with strides that are multiples of {size} bytes "
                        f"(x.contiguous()/x.clone(); pad dims to a multiple of {max(size // 2, 1)} fp16/bf16 elements)."
                    )
            else:
                parts.append(f"compute-sanitizer caught a misaligned access{where} at {address} ({align}-byte aligned)")
    if not parts:
        return None
    text = (
        "A GPU kernel made a load/store wider than the alignment of its address; "
        + "; ".join(parts)
        + ". The error is sticky: the first occurrence is the one that matters and the Python frame shown is where it was noticed."
    )
    if not address:
        fix.append("Rerun with CUDA_LAUNCH_BLOCKING=1 or under compute-sanitizer --tool memcheck to name the faulting kernel.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
