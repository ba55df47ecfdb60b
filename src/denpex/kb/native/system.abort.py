"""Computed diagnosis for system.abort: which message printed before the abort says why."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RUNTIME = re.compile(r"/(?:libc[.-]|libc\+\+abi|libc\+\+\.|libstdc\+\+|libsupc\+\+|libgcc_s|libpthread|ld-linux|libsystem_)")

_STACK = "Get a native stack: coredumpctl gdb <pid> (or gdb -ex run -ex bt --args python train.py) and read the first frame above abort()/raise() that is not libc."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc, what = facts.get("cxx_exception"), facts.get("what")
    assertion, glibc = facts.get("assertion"), facts.get("glibc_message")
    fatal, check, qt = facts.get("fatal_error"), facts.get("check_failed"), facts.get("qt_error")
    if fatal and str(fatal).strip().startswith("Aborted"):
        fatal = None  # faulthandler's own header, not a reason
    pid, rank = facts.get("pid"), facts.get("failed_local_rank")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    who = "The process"
    if rank is not None:
        who = f"Local rank {rank}" + (f" (pid {pid})" if pid is not None else "")
    elif pid is not None:
        who = f"Process {pid}"
    if exc or what:
        kind = f"an uncaught C++ exception{f' ({exc})' if exc else ''}"
        derived["abort_reason"] = f"uncaught C++ exception{f' {exc}' if exc else ''}" + (f": {what}" if what else "")
        parts.append(f"{who} called abort() through std::terminate after {kind} escaped"
                     + (f"; its message was: {what}." if what else "."))
        parts.append("Exceptions thrown on native background threads (DataLoader pin-memory, NCCL watchdog, destructors at exit) cannot reach Python, so they end here.")
        fix.append(f"Treat '{what or exc}' as the error to fix (search for that text); the abort is only how it ended.")
        fix.append("For CUDA/NCCL messages rerun with CUDA_LAUNCH_BLOCKING=1 (and NCCL_DEBUG=INFO) so the failing call is reported where it happens.")
    elif assertion:
        derived["abort_reason"] = f"failed assertion: {assertion}"
        parts.append(f"{who} aborted because a C/C++ assertion failed ({assertion}): a native library was given input or state it does not accept.")
        fix.append("Find the library from the file name in the assertion line and check the input that reached it (shapes, dtypes, empty tensors, file contents); upgrade it if the check is a known bug.")
    elif glibc:
        derived["abort_reason"] = f"glibc memory check: {glibc}"
        parts.append(f"{who} was aborted by glibc, which found corrupted memory ({glibc}). The corruption happened earlier, in native code (an extension, a library loaded twice, a use-after-free).")
        fix.append("See system.heap-corruption / system.stack-smashing: run under gdb or with MALLOC_CHECK_=3 to catch the first bad write, and rebuild extensions against the installed libraries.")
    elif check:
        derived["abort_reason"] = str(check)
        parts.append(f"{who} was aborted by a glog/absl CHECK ({check}): an internal invariant of a native library (TensorFlow, JAX/XLA, PaddlePaddle, Ray, a custom op) did not hold.")
        fix.append("Read the source file and line printed with the CHECK; it usually names the bad input (a shape, a device, a missing file). Upgrade the library if it is a known bug.")
    elif qt:
        derived["abort_reason"] = str(qt)
        parts.append(f"{who} was aborted by Qt: {qt}. A GUI call (cv2.imshow, a matplotlib window) ran where no display/platform plugin can start, or two Qt copies (PyQt5 + opencv-python) conflict.")
        fix.append("On servers use opencv-python-headless and MPLBACKEND=Agg (or QT_QPA_PLATFORM=offscreen); remove a second Qt copy (pip uninstall opencv-python; pip install opencv-python-headless).")
    elif fatal:
        derived["abort_reason"] = f"Fatal Python error: {fatal}"
        parts.append(f"{who} was aborted by CPython's Py_FatalError ('{fatal}'): the interpreter's own state was found corrupted, usually by a C extension (reference counting bug, GIL released while touching Python objects).")
        fix.append("Upgrade or bisect the C extensions in use (the faulthandler stack shows which Python call was running); try disabling torch.compile / custom ops.")
    else:
        derived["abort_reason"] = "no reason printed in this log"
        parts.append(f"{who} was killed by SIGABRT (signal 6; exit status 134 in shells, -6 in Python/torchrun). abort() is always deliberate: the library that called it normally prints why just before, but that line is not in this log.")
        fix.append("Look for the process's own stderr (the failing rank's log, the DataLoader worker, the Slurm task output); the line before 'Aborted' is the diagnosis.")
        fix.append("Rerun with PYTHONFAULTHANDLER=1 and core dumps enabled (ulimit -c unlimited) to see the Python and native stacks.")
    mods = facts.get("frame_module") or []
    if isinstance(mods, str):
        mods = [mods]
    culprit = next((m for m in mods if not _RUNTIME.search("/" + str(m).rsplit("/", 1)[-1])), None)
    if culprit:
        lib = str(culprit).rsplit("/", 1)[-1]
        derived["abort_module"] = lib
        parts.append(f"In gdb's backtrace the first frame outside libc/libstdc++/libgcc is in {lib} ({culprit}): that library called abort() (or threw the exception that ended in it).")
        if derived.get("abort_reason") == "no reason printed in this log":
            derived["abort_reason"] = f"abort() called from {lib}"
        fix.insert(0, f"The abort comes from {lib}: upgrade or reinstall the package that ships it (matching the installed torch/CUDA), or report the gdb backtrace to its maintainers.")
    if facts.get("msvcrt"):
        parts.append("'This application has requested the Runtime to terminate it in an unusual way' is the Microsoft C runtime's abort() message (MinGW/MSYS2 builds and older MSVC CRTs; exit code 3): on Windows this is the same deliberate abort.")
    fix.append(_STACK)
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
