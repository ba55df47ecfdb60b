"""Computed diagnosis for paddle.fatal-signal-detected: what the signal means here and who sent it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation

_BY_NAME = {
    "segmentation fault": "SIGSEGV", "process abort signal": "SIGABRT", "termination signal": "SIGTERM",
    "erroneous arithmetic operation": "SIGFPE", "illegal instruction": "SIGILL", "bus error": "SIGBUS",
}


_BY_SIGNAL = {  # signal -> (diagnosis, what happened, fix)
    "SIGILL": (
        "CPU lacks an instruction set the Paddle build uses",
        "The binary executed an instruction this CPU does not have: a paddlepaddle build for AVX/AVX2(/AVX512) on an older or emulated CPU.",
        "Check the CPU flags (lscpu | grep -o -w 'avx2\\|avx\\|avx512f' | sort -u) and install the matching (noavx) paddlepaddle build."),
    "SIGFPE": (
        "arithmetic fault in a CPU kernel (oneDNN/MKL)",
        "An integer division by zero or similar in a CPU kernel, in practice the oneDNN/MKL path of CPU inference.",
        "Disable oneDNN: enable_mkldnn=False in PaddleOCR/PaddleX (or FLAGS_use_mkldnn=0), or pin another paddlepaddle release; check for empty/zero-size inputs."),
    "SIGBUS": (
        "bus error: shared memory (/dev/shm) or a truncated mapped file",
        "A memory-mapped page could not be backed: in Docker almost always the 64 MB /dev/shm used by shared-memory data loaders, else a file truncated while mapped.",
        "docker run --shm-size=8g ... (or DataLoader(use_shared_memory=False)); re-download a model file that changed while mapped."),
    "SIGABRT": (
        "abort in native code (C++ check, terminate, or a library mismatch)",
        "Native code called abort(): a failed C++ check, an uncaught C++ exception, or a mismatched CUDA/cuDNN/paddle build; the line above the C++ traceback usually names it.",
        "Reinstall the paddlepaddle(-gpu) wheel built for your CUDA/cuDNN and run python -c \"import paddle; paddle.utils.run_check()\"."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("signal_name") or "").strip()
    sig = str(facts.get("signal") or "").strip() or _BY_NAME.get(name.lower(), "")
    if not name and not sig:
        return None
    pid, sender = as_int(facts.get("pid")), as_int(facts.get("sender_pid"))
    external = bool(facts.get("external"))
    frame = str(facts.get("top_frame") or "")
    lib = str(facts.get("missing_lib") or "")
    sent = pid is not None and sender not in (None, 0, pid)
    parts: list[str] = []
    fix: list[str] = []
    if sig == "SIGTERM":
        diagnosis = "terminated by another process"
        who = f"PID {sender}" if sent else "another process"
        parts.append(f"{who} sent SIGTERM{f' to PID {pid}' if pid else ''}: this process was stopped, it did not fail by itself. "
                     "In paddle.distributed.launch / spawn runs this is the launcher stopping the remaining ranks after one failed.")
        fix.append("Find the process that failed first (the workerlog.N or rank whose log ends in another error) and fix that error.")
        fix.append(f"If nothing else failed, look at what {who} is (ps -p {sender} -o cmd): a scheduler timeout, a watchdog, os.kill in a service." if sent else
                   "If nothing else failed, check the scheduler/watchdog or the code that kills the process.")
    elif sig in _BY_SIGNAL:
        diagnosis, said, remedy = _BY_SIGNAL[sig]
        parts.append(said)
        fix.append(remedy)
    else:
        diagnosis = "native crash (segmentation fault)"
        parts.append("Native code read or wrote invalid memory.")
        fix.append("Run python -c \"import paddle; paddle.utils.run_check()\"; install the paddlepaddle(-gpu) wheel for your CUDA/cuDNN; on CPU try enable_mkldnn=False.")
    if lib:
        diagnosis = f"{lib} not found before the crash"
        parts.append(f"Earlier Paddle could not load {lib}: GPU kernels then run without the library's handles.")
        fix.insert(0, f"Make {lib} loadable: install the CUDA/cuDNN that paddlepaddle-gpu was built for, add its lib folder to LD_LIBRARY_PATH "
                      "(WSL2: /usr/lib/wsl/lib for libcuda.so; pip nvidia-* wheels may need an unversioned .so symlink).")
    if sig != "SIGTERM":
        if external:
            diagnosis += "; outside Paddle's operators"
            parts.append("'No stack trace in paddle': the fault was outside Paddle's own code (another native library, a worker thread, or a signal from outside); Paddle's handler only reported it.")
            fix.append("Enable faulthandler (python -X faulthandler) to see the Python stack of the crashing thread.")
        elif frame and not frame.startswith(("paddle::", "phi::", "paddle_infer::")) and "_ad_func" not in frame:
            diagnosis += f"; in another library ({frame.split('::')[0]})"
            parts.append(f"The first C++ frame is {frame}, which is not Paddle: another native library in the process crashed and Paddle's handler reported it.")
        elif frame:
            parts.append(f"The first C++ frame is {frame}.")
        if sent:
            parts.append(f"The signal came from PID {sender}, not from this process ({pid}).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
