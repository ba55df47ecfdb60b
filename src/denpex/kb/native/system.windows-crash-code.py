"""Computed diagnosis for system.windows-crash-code: decimal / negative / hex exit code -> NTSTATUS name, meaning and the usual ML cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# NTSTATUS -> (name, what it means, what usually causes it in ML stacks, first fix)
_CODES: dict[int, tuple[str, str, str, str]] = {
    0xC0000005: (
        "STATUS_ACCESS_VIOLATION",
        "native code read or wrote memory it does not own (the Windows form of a segmentation fault)",
        "a CUDA/driver DLL or a compiled extension built for another torch/CUDA, two conflicting DLL copies "
        "(OpenMP, OpenCV, onnxruntime), running out of virtual memory (page file) while loading a large "
        "checkpoint, or DataLoader workers started without an if __name__ == '__main__' guard",
        "Update the GPU driver, reinstall torch and the extension wheels for the same CUDA build, and enlarge the "
        "Windows page file (System > Advanced > Virtual memory) if it crashed while loading a model.",
    ),
    0xC0000409: (
        "STATUS_STACK_BUFFER_OVERRUN",
        "a fail-fast: the process called abort() / __fastfail. Modern Windows CRTs (ucrtbase.dll) end every "
        "abort() this way, so it rarely is a real buffer overrun",
        "an uncaught C++ exception (std::terminate), a failed assertion or CHECK in a native library, an "
        "invalid parameter passed to the C runtime, or a library that aborts on a fatal error (OMP: Error #15, "
        "a CUDA error inside a DLL, a Qt fatal)",
        "Read the last message printed before the crash (terminate called ..., Assertion failed, OMP: Error, "
        "CUDA error): that is the cause; this code only says the process aborted.",
    ),
    0xC0000374: (
        "STATUS_HEAP_CORRUPTION",
        "the Windows heap manager (ntdll.dll) found its bookkeeping overwritten: a double free, a buffer overrun "
        "or memory freed by a different C runtime than the one that allocated it",
        "a native extension with a memory bug, or DLLs built against different MSVC runtimes / debug vs release "
        "CRT passing memory to each other",
        "Rebuild or reinstall the native packages so they use one MSVC runtime, and reproduce with page heap "
        "(gflags /p /enable python.exe /full) to stop at the first bad write.",
    ),
    0xC00000FD: (
        "STATUS_STACK_OVERFLOW",
        "a thread ran out of stack (Windows gives threads 1 MB by default, far less than Linux's 8 MB)",
        "deep recursion - a raised sys.setrecursionlimit, recursive pickling or deepcopy of a large nested "
        "object, a recursive model or graph walk - or a native library with large stack buffers on a worker thread",
        "Remove the deep recursion (iterate instead), lower sys.setrecursionlimit back, or run the work in a "
        "thread with a larger stack (threading.stack_size(64*1024*1024) before starting it).",
    ),
    0xC000001D: (
        "STATUS_ILLEGAL_INSTRUCTION",
        "the CPU hit an instruction it does not implement",
        "a wheel or binary built for AVX/AVX2/AVX-512 on a CPU without them (see system.illegal-instruction)",
        "Install a build for this CPU (no-AVX / AVX2-only) or run on a machine with the instruction set.",
    ),
    0xC0000135: (
        "STATUS_DLL_NOT_FOUND",
        "a DLL the program imports could not be found, so the process never started",
        "the Microsoft Visual C++ Redistributable is missing (vcruntime140_1.dll, msvcp140.dll), CUDA/cuDNN "
        "DLLs are not on PATH, or a package's bundled DLL folder was not added (os.add_dll_directory)",
        "Install the latest Microsoft Visual C++ 2015-2022 Redistributable (x64) and make sure the CUDA/cuDNN "
        "bin folders are on PATH; find the missing DLL with Dependencies (lucasg) or dumpbin /dependents.",
    ),
    0xC0000139: (
        "STATUS_ENTRYPOINT_NOT_FOUND",
        "a DLL was found but lacks a function the program imports (another version of it was loaded)",
        "an older copy of a DLL earlier on PATH (CUDA, MKL, OpenMP, zlib) shadowing the one the package ships",
        "Find which copy was loaded (Process Monitor or where <dll>) and remove the stale one from PATH.",
    ),
    0xC0000142: (
        "STATUS_DLL_INIT_FAILED",
        "a DLL's initialisation routine failed while the process started",
        "too many processes (multiprocessing / DataLoader workers) exhausting the desktop heap, or a GPU/driver "
        "DLL that cannot initialise",
        "Start fewer worker processes (num_workers) and update the GPU driver.",
    ),
    0xC000007B: (
        "STATUS_INVALID_IMAGE_FORMAT",
        "a DLL is the wrong architecture (32-bit vs 64-bit) or corrupt",
        "a 32-bit Python or DLL mixed with 64-bit ones, or a truncated download of a DLL",
        "Use a 64-bit Python and reinstall the package whose DLL is wrong.",
    ),
    0xC0000094: (
        "STATUS_INTEGER_DIVIDE_BY_ZERO",
        "native code divided an integer by zero",
        "a native kernel or extension given a zero-sized dimension (empty batch, empty dataset shard, zero "
        "workers/world size, an image of width 0) that it divides by",
        "Check the shapes and counts reaching native code just before the crash (an empty batch, a 0-length "
        "input, a divisor computed from a config value of 0).",
    ),
    0xC000008E: (
        "STATUS_FLOAT_DIVIDE_BY_ZERO",
        "a floating-point division by zero trapped because floating-point exceptions were unmasked",
        "a DLL that changed the FPU control word (_controlfp) so that inf/NaN-producing math traps instead of "
        "returning inf",
        "Find the library that unmasks FP exceptions (it is usually a plug-in or old DLL) or reset the mask.",
    ),
    0xC0000090: (
        "STATUS_FLOAT_INVALID_OPERATION",
        "an invalid floating-point operation trapped (FP exceptions unmasked)",
        "a DLL that unmasked floating-point exceptions; NaN-producing math then crashes",
        "Find the library that unmasks FP exceptions or reset the mask.",
    ),
    0xC0000091: (
        "STATUS_FLOAT_OVERFLOW",
        "a floating-point overflow trapped (FP exceptions unmasked)",
        "a DLL that unmasked floating-point exceptions",
        "Find the library that unmasks FP exceptions or reset the mask.",
    ),
    0xC0000095: (
        "STATUS_INTEGER_OVERFLOW",
        "an integer overflow trapped in native code",
        "a native kernel computing a size or index that overflowed",
        "Check the sizes passed to native code just before the crash.",
    ),
    0xC0000006: (
        "STATUS_IN_PAGE_ERROR",
        "a page of a memory-mapped file could not be read back",
        "a model or dataset memory-mapped from a network drive, USB disk or cloud-synced folder that became "
        "unavailable, or a disk read error",
        "Copy the model/data to a local disk and check the disk (chkdsk).",
    ),
    0xC0000017: (
        "STATUS_NO_MEMORY",
        "a memory allocation could not be committed",
        "RAM plus page file exhausted while loading a large model",
        "Enlarge the Windows page file or load less at once (smaller model, lower precision, low_cpu_mem_usage).",
    ),
    0xC000012D: (
        "STATUS_COMMITMENT_LIMIT",
        "the system commit limit (RAM + page file) was reached",
        "loading a large checkpoint on Windows with a small or fixed page file",
        "Enlarge the Windows page file (or let Windows manage it) and free RAM.",
    ),
    0xC0000008: (
        "STATUS_INVALID_HANDLE",
        "a handle that was closed or never valid was used",
        "a native library using a file/event handle after it was closed (often at shutdown or across processes)",
        "Upgrade the native library named in the crash; reproduce under a debugger.",
    ),
    0xC0000420: (
        "STATUS_ASSERTION_FAILURE",
        "a native assertion failed",
        "a debug assertion in a native library",
        "Read the assertion message printed before the crash.",
    ),
    0xC0000602: (
        "STATUS_FAIL_FAST_EXCEPTION",
        "a component requested an immediate fail-fast termination",
        "a runtime that detected corrupted state and stopped the process",
        "Read the message printed before the crash and the Event Viewer record of the faulting module.",
    ),
    0xC0000417: (
        "STATUS_INVALID_CRUNTIME_PARAMETER",
        "a C runtime function was called with an invalid argument",
        "a native library passing a bad parameter (invalid file descriptor, NULL format) to the CRT",
        "Upgrade the native library named in the crash.",
    ),
    0xC000041D: (
        "STATUS_FATAL_USER_CALLBACK_EXCEPTION",
        "an exception escaped a user-mode callback (window procedure, timer, hook)",
        "a GUI / plotting backend callback crashing (matplotlib, Qt, OpenCV highgui)",
        "Use a non-interactive backend (MPLBACKEND=Agg) or upgrade the GUI library.",
    ),
    0xC0000022: (
        "STATUS_ACCESS_DENIED",
        "the process was refused access to an object it needed at start-up",
        "antivirus or permissions blocking a DLL or executable",
        "Check antivirus quarantine and permissions of the Python / package folders.",
    ),
    0xC0000096: (
        "STATUS_PRIVILEGED_INSTRUCTION",
        "native code executed a privileged instruction",
        "a jump to garbage (corrupted function pointer) or a binary for another platform",
        "Treat it like an access violation: find the faulting module and reinstall it.",
    ),
}

_MODULE_HINTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("ucrtbase",), "the C runtime: this is where abort() ends, so the real error is the message printed just before"),
    (("ntdll",), "the Windows loader/heap (heap corruption or a bad free from another module)"),
    (("kernelbase",), "KERNELBASE (usually an uncaught C++ exception or a fail-fast raised by another module)"),
    (("nvcuda", "nvlddmkm", "nvoglv", "nvwgf", "cudart", "cudnn", "cublas", "cufft", "cusparse", "nvrtc"),
     "the NVIDIA driver / CUDA libraries (update the driver; keep one CUDA library set on PATH)"),
    (("amdhip", "amd_comgr", "amdxc", "atiumd", "rocblas", "miopen", "zluda"), "the AMD GPU runtime (update the driver / HIP SDK build)"),
    (("c10", "torch_cpu", "torch_cuda", "torch_python"), "libtorch (a PyTorch bug, or an extension built for another torch)"),
    (("libiomp5", "vcomp", "libomp"), "the OpenMP runtime (two OpenMP copies in one process)"),
    (("onnxruntime",), "ONNX Runtime"),
    (("opencv", "cv2"), "OpenCV"),
    (("python3", "python2"), "the Python interpreter DLL (a C extension corrupted interpreter state, or deep recursion)"),
    (("qt5", "qt6"), "Qt (a GUI thread crash)"),
)


def _parse(code: str | None, code_hex: str | None) -> int | None:
    for raw in (code_hex, code):
        if not raw:
            continue
        s = str(raw).strip().lower()
        try:
            if re.fullmatch(r"(?:0x)?[0-9a-f]{8}", s) and (s.startswith("0x") or not s.lstrip("-").isdigit()):
                return int(s, 16)
            n = int(s)
        except ValueError:
            continue
        return n & 0xFFFFFFFF
    return None


def _module_hint(module: str | None) -> str | None:
    if not module:
        return None
    low = module.lower()
    for keys, hint in _MODULE_HINTS:
        if any(k in low for k in keys):
            return hint
    return None


_BY_NAME = {
    "access violation": 0xC0000005, "float divide by zero": 0xC000008E, "float overflow": 0xC0000091,
    "int divide by zero": 0xC0000094, "integer overflow": 0xC0000095, "page error": 0xC0000006,
    "stack overflow": 0xC00000FD, "illegal instruction": 0xC000001D,
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc_name = facts.get("exc_name")
    value = _parse(facts.get("code"), facts.get("code_hex"))
    if value is None and exc_name:
        name = str(exc_name).lower()
        if name.startswith("exception_"):
            name = name[len("exception_"):].replace("_", " ").replace("in page error", "page error")
        value = _BY_NAME.get(name)
        if value is None and name.startswith("code "):
            value = _parse(None, name[5:])
    if value is None:
        return None
    hexs = f"0x{value:08X}"
    signed = value - (1 << 32) if value & 0x80000000 else value
    derived: dict[str, Any] = {"code_hex": hexs, "code_unsigned": value, "code_signed": signed}
    module, app = facts.get("module"), facts.get("app")
    parts: list[str] = []
    fix: list[str] = []
    known = _CODES.get(value)
    if known:
        name, meaning, cause, first_fix = known
        derived["code_name"] = name
        parts.append(f"Exit code {value} = {signed} = {hexs} is {name}: {meaning}.")
        parts.append(f"In ML stacks it usually comes from {cause}.")
        fix.append(first_fix)
    else:
        derived["code_name"] = f"NTSTATUS {hexs}"
        parts.append(f"Exit code {value} = {signed} = {hexs} is an NTSTATUS error (0xC... = a fatal native error): "
                     "the process died in native code, not with a Python exception.")
        fix.append(f"Look {hexs} up (certutil /error {hexs} or Microsoft's NTSTATUS table) and read the last lines printed before the crash.")
    if value == 0xC0000409 and module and "ucrtbase" in module.lower():
        parts.append("The faulting module is ucrtbase.dll: the C runtime's abort() - some library aborted on purpose.")
    hint = _module_hint(module)
    low = (module or "").lower()
    if any(k in low for k in ("nvcuda", "nvlddmkm", "cudart", "cudnn", "cublas")):
        fix.insert(0, f"The crash is inside {module}, NVIDIA's driver/CUDA library: install the current NVIDIA driver (clean install) and make sure torch's CUDA build is supported by it (torch.version.cuda <= the CUDA version nvidia-smi shows).")
    elif any(k in low for k in ("c10", "torch_cpu", "torch_cuda", "torch_python")):
        fix.insert(0, f"The crash is inside {module} (libtorch): reinstall torch and every compiled extension for the same torch/CUDA build, then retry with CUDA_VISIBLE_DEVICES= to see whether it is CPU- or GPU-side.")
    elif "libiomp5" in low or "vcomp" in low:
        fix.insert(0, "The crash is inside the OpenMP runtime: keep a single OpenMP (see system.openmp-duplicate-runtime).")
    if module:
        derived["module"] = module
        parts.append(f"Faulting module: {module}" + (f" - {hint}." if hint else "."))
    if app:
        parts.append(f"Faulting application: {app}.")
    if value == 0xC000001D:
        fix.append("See system.illegal-instruction: check the CPU flags (Get-CimInstance Win32_Processor / coreinfo) against the build.")
    fix.append("Get a Python stack: run with python -X faulthandler (or PYTHONFAULTHANDLER=1) - it prints 'Windows fatal exception: ...' and the Python frames.")
    fix.append("Get the native stack: Event Viewer > Windows Logs > Application (Application Error, event 1000) names the faulting module; "
               "or enable WER LocalDumps and open the .dmp in WinDbg (!analyze -v).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
