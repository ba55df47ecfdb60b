"""Computed diagnosis for system.segfault: which process/rank crashed and what the kernel line says about the fault."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import file_name
from denpex.models import Explanation

_LIB_HINTS = (
    (("libc.so", "libc-"), "glibc (memory corruption such as a double free or heap overflow elsewhere usually surfaces in malloc/free)"),
    (("libcuda", "libnvidia"), "the NVIDIA user-space driver (driver/toolkit mismatch, or a fault after a GPU error - check dmesg for Xid)"),
    (("libtorch", "libc10"), "libtorch itself (a PyTorch bug, or an extension that corrupted its state)"),
    (("libgomp", "libiomp", "libomp"), "the OpenMP runtime (two OpenMP copies in one process, or fork after OpenMP threads started)"),
    (("libpython", "python"), "the Python interpreter (usually a C extension corrupted interpreter memory, or very deep recursion)"),
    (("libnccl",), "NCCL (network/topology setup or a version mismatch)"),
    (("libprotobuf",), "protobuf (two protobuf versions loaded by different packages)"),
    (("libcudnn", "libcublas"), "a CUDA math library (version mismatch between the loaded CUDA libraries)"),
    (("libstdc++",), "libstdc++ (ABI or version mix between binaries)"),
)


def _decode_error(code: int) -> str:
    kind = "instruction fetch" if code & 16 else ("write" if code & 2 else "read")
    page = "a protection violation on a mapped page" if code & 1 else "an unmapped address"
    mode = "user mode" if code & 4 else "kernel mode"
    return f"{mode} {kind} of {page}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    pid, lrank, task = facts.get("pid"), facts.get("local_rank"), facts.get("task")
    lib, addr, code, proc = facts.get("library"), facts.get("address"), facts.get("error_code"), facts.get("process")
    who = []
    if lrank is not None:
        who.append(f"local rank {lrank}")
    if task is not None:
        who.append(f"srun task {task}")
    if proc:
        who.append(f"process {proc}")
    if pid is not None:
        who.append(f"pid {pid}")
    where = ", ".join(who) if who else ""
    base = file_name(str(lib)) if lib else ""
    derived["where"] = (base + (f" ({where})" if where else "")) if lib else (where or "native code")
    parts.append(f"The process{f' ({where})' if where else ''} was killed by SIGSEGV (signal 11, exit 139 / -11): native code accessed invalid memory, so Python printed no traceback.")
    if code is not None:
        desc = _decode_error(int(code))
        derived["fault_kind"] = desc
        parts.append(f"Kernel error code {code} = {desc}.")
        if code & 16:
            parts.append("The CPU jumped to an invalid address (corrupted function pointer or return address).")
    if addr is not None:
        try:
            a = int(str(addr), 16)
        except ValueError:
            a = None
        if a is not None:
            derived["fault_address"] = hex(a)
            if a < 0x10000:
                derived["null_dereference"] = True
                parts.append(f"The faulting address {hex(a)} is near 0: a NULL pointer dereference.")
    if lib:
        for keys, hint in _LIB_HINTS:
            if any(k in base for k in keys):
                parts.append(f"The fault happened in {lib}: {hint}.")
                break
        else:
            parts.append(f"The fault happened in {lib}; check that it was built for the installed torch/CUDA/Python.")
        fix.append(f"Check the build of {lib}: ldd it and compare its torch/CUDA versions with the environment (see python.extension-abi-mismatch).")
    if lrank is not None:
        fix.append("On the crashed rank, rerun with PYTHONFAULTHANDLER=1 (torchrun passes the environment through) to get its Python stack.")
    fix.append("Get the native stack: gdb -q -ex run -ex bt --args python <script> (or ulimit -c unlimited and coredumpctl gdb).")
    fix.append("Bisect: num_workers=0, CPU-only run, import extensions one by one, multiprocessing start method 'spawn'.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
