"""Computed diagnosis for system.core-dumped: what the signal means and where the stack points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# signal number -> (name, what it means, entry to read)
_SIGNALS: dict[int, tuple[str, str, str]] = {
    6: ("ABRT", "the program aborted itself (uncaught C++ exception, failed assert/CHECK, glibc memory check); its stderr printed the reason just before", "system.abort"),
    11: ("SEGV", "an invalid memory access in native code", "system.segfault"),
    7: ("BUS", "a mapped page could not be backed (full /dev/shm, truncated or network-mapped file) or an unaligned access", "system.bus-error"),
    4: ("ILL", "a CPU instruction this machine does not support (a binary built for AVX2/AVX-512 or another CPU)", "system.illegal-instruction"),
    8: ("FPE", "an arithmetic trap in native code (integer division by zero)", ""),
    5: ("TRAP", "a breakpoint/trap instruction (a debug assertion such as __builtin_trap, or a debugger)", ""),
    3: ("QUIT", "SIGQUIT sent by a user or a supervisor (Ctrl+\\, or a watchdog asking for a dump)", ""),
    31: ("SYS", "a system call forbidden by a seccomp filter (container profile)", ""),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    proc, pid = facts.get("process"), facts.get("pid")
    num, name = facts.get("signal_num"), facts.get("signal_name")
    func, module = facts.get("frame_function"), facts.get("frame_module")
    if proc is None:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    info = _SIGNALS.get(int(num)) if num is not None else None
    if info is None and name:
        info = next((v for v in _SIGNALS.values() if v[0] == str(name).upper()), None)
    sig = f"signal {num}/{name}" if num is not None and name else (f"SIG{name}" if name else "a fatal signal")
    kind = sig
    if info:
        kind += f" ({info[1].split(';')[0].split(' (')[0]})"
        parts.append(f"systemd-coredump recorded that {proc} (pid {pid}) was killed by {sig}: {info[1]}.")
        if info[2]:
            fix.append(f"Follow {info[2]} for this signal, starting with the application's own stderr at the crash time.")
    else:
        parts.append(f"systemd-coredump recorded that {proc} (pid {pid}) was killed by {sig}; the journal record says how it died, the application's stderr says why.")
    if module:
        where = f"{func} in {module}" if func and func != "n/a" else module
        kind += f", first non-libc frame in {module}"
        parts.append(f"The first stack frame outside libc/libstdc++/libgcc is {where}: that library was running when the signal arrived.")
        fix.append(f"Open the core (coredumpctl gdb {pid if pid is not None else '<pid>'}; bt) with debug symbols for {module}; upgrade or rebuild it, or report the trace to its maintainers.")
    else:
        fix.append(f"Open the core: coredumpctl info {pid if pid is not None else '<pid>'} for every thread's stack, then coredumpctl gdb and bt.")
    if str(proc).startswith(("python", "pt_main_thread", "torchrun")):
        parts.append("The process is a Python interpreter, so the native library is usually an extension (torch, a CUDA library, a compiled op); PYTHONFAULTHANDLER=1 adds the Python stack to the job's log.")
    derived["crash_kind"] = kind
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
