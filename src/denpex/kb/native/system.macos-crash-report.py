"""Computed diagnosis for system.macos-crash-report: exception type meaning, fault address and the
first non-system image of the crashed thread."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TYPES = {
    "EXC_BAD_ACCESS": "an invalid memory access",
    "EXC_CRASH": "an abort() - a library stopped the process on purpose",
    "EXC_BAD_INSTRUCTION": "an instruction the CPU (or Rosetta) cannot execute, or a runtime trap",
    "EXC_BREAKPOINT": "a trap instruction (a runtime assertion, e.g. a Swift/ObjC precondition or __builtin_trap)",
    "EXC_ARITHMETIC": "an arithmetic fault (integer division by zero)",
    "EXC_GUARD": "a guarded resource (file descriptor / Mach port) misused",
    "EXC_RESOURCE": "a resource limit (memory, CPU, wakeups) exceeded",
}
_SYSTEM = re.compile(r"^(?:libsystem_|libc\+\+abi|libc\+\+\.|libobjc|dyld|libdyld|libdispatch|CoreFoundation|Foundation|\?\?\?)")
_OWNERS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("libomp", "libiomp", "libgomp"), "the OpenMP runtime"),
    (("libtorch", "libc10", "_C.cpython", "libshm"), "PyTorch"),
    (("libopenblas", "libmkl", "libblas"), "the BLAS library"),
    (("libggml", "libllama", "llama"), "llama.cpp / ggml"),
    (("metalperformanceshaders", "agxmetal", "metal", "libmps"), "Metal / MPS (the GPU path)"),
    (("libopencv", "cv2"), "OpenCV"),
    (("onnxruntime",), "ONNX Runtime"),
    (("libpython", "python"), "the Python interpreter (often a C extension corrupted its state)"),
)


def _owner(image: str) -> str | None:
    low = image.lower()
    for keys, owner in _OWNERS:
        if any(k in low for k in keys):
            return owner
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = facts.get("exc_type")
    frame0, sym0 = facts.get("frame0_image"), facts.get("frame0_symbol")
    if not exc and not frame0:
        return None
    sig = facts.get("signal_name")
    images = facts.get("frame_image") or []
    if isinstance(images, str):
        images = [images]
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    kind = ""
    if exc:
        kind = f"{exc}" + (f" ({sig})" if sig else "")
        parts.append(f"The process died with {kind}: {_TYPES.get(str(exc), 'a Mach exception')}.")
    addr = facts.get("fault_addr")
    codes = str(facts.get("exc_codes") or "")
    code = facts.get("exc_code")
    if exc == "EXC_BAD_ACCESS" and code in (1, 2):
        parts.append(
            "code=1 is KERN_INVALID_ADDRESS (the address is not mapped: a dangling or null pointer)."
            if code == 1 else
            "code=2 is KERN_PROTECTION_FAILURE (the page is mapped but may not be touched: a thread's stack "
            "guard page after deep recursion or a large stack buffer, or memory the process ran out of while a "
            "big model was being loaded)."
        )
    m = re.search(r"(KERN_[A-Z_]+) at (0x[0-9a-fA-F]+)", codes)
    if m:
        addr = m.group(2)
        parts.append(f"{m.group(1)} at {addr}.")
    if addr:
        try:
            a = int(str(addr), 16)
        except ValueError:
            a = None
        if a is not None and a < 0x1000:
            parts.append(f"The address {addr} is below 4096: a field of a null pointer.")
            kind += ", null pointer" if kind else "null pointer"
    crash_lib = None
    if frame0 and not _SYSTEM.match(str(frame0)):
        crash_lib = str(frame0)
    else:
        crash_lib = next((i for i in images if not _SYSTEM.match(i)), None)
    if frame0:
        parts.append(f"Top frame: {frame0}" + (f" {str(sym0).strip()}" if sym0 else "") + ".")
    if crash_lib:
        owner = _owner(crash_lib)
        derived["crash_lib"] = crash_lib
        if crash_lib != frame0:
            parts.append(f"The first frame outside the system libraries is in {crash_lib}" + (f" ({owner})" if owner else "") + ".")
        kind += f" in {crash_lib}" if kind else f"crash in {crash_lib}"
        low = crash_lib.lower()
        if "libomp" in low or "libiomp" in low:
            parts.append("A crash inside OpenMP (often __kmp_suspend_initialize_thread at 0x540) is the known sign of two OpenMP runtimes in one process: PyTorch's bundled libomp plus one from numpy/scikit-learn/conda.")
            fix.append("Use one OpenMP: install torch, numpy and scikit-learn from the same source (all pip, or all conda-forge with llvm-openmp); confirm by rerunning with OMP_NUM_THREADS=1.")
        elif owner and owner.startswith("Metal"):
            fix.append("Retry on CPU (device='cpu') to confirm it is the MPS/Metal path, then upgrade torch/macOS and report the op.")
        elif owner and owner.startswith("the Python interpreter"):
            fix.append("The interpreter crashed: a C extension corrupted its state - upgrade or bisect the extensions imported, and run with PYTHONFAULTHANDLER=1 for the Python stack.")
        else:
            fix.append(f"Reinstall or upgrade the package that ships {crash_lib} (built for this torch/Python/macOS and architecture), and report the crashed thread's frames to its maintainers.")
    aborted = str(sym0 or "").lstrip().startswith(("__pthread_kill", "abort", "__abort"))
    if aborted and not exc:
        parts.insert(0, "The crashed thread stopped in __pthread_kill/abort: the process aborted on purpose (SIGABRT).")
        derived["crash_kind"] = "abort" + (f" from {crash_lib}" if crash_lib else "")
    if str(exc) == "EXC_CRASH" or sig == "SIGABRT" or aborted:
        fix.insert(0, "This is an abort: read the message printed just before it (terminal output, or 'Application Specific Information' in the report) - that is the error.")
    if str(exc) == "EXC_BAD_INSTRUCTION" or sig == "SIGILL":
        fix.insert(0, "Check python -c \"import platform; print(platform.machine())\": x86_64 on Apple Silicon means Rosetta, which cannot run AVX builds - use an arm64 Python and wheels.")
    fix.append("Get the stack in a terminal: lldb -- python your_script.py, then run and bt (or set PYTHONFAULTHANDLER=1).")
    derived.setdefault("crash_kind", kind or "native crash")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
