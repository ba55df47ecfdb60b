"""Computed diagnosis for system.heap-corruption: which glibc heap check fired and what class of bug it points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DOUBLE_FREE = ("double free detected in tcache", "(fasttop)", "(top)", "double free")
_INVALID_PTR = ("free(): invalid pointer", "munmap_chunk(): invalid pointer", "realloc(): invalid pointer",
                "free(): invalid size", "realloc(): invalid old size", "unaligned", "was not allocated", "non-aligned pointer")
_OVERFLOW = ("corrupted size vs. prev_size", "corrupted top size", "invalid next size", "(out)", "(!prev)",
             "memory corruption", "double linked list corrupted", "corrupted double-linked list", "corrupted unsorted",
             "mismatching next->prev_size", "invalid next->prev_inuse", "invalid size (unsorted)", "invalid chunk size",
             "too many chunks", "incorrect checksum for freed object")


def _classify(check: str) -> str:
    low = check.lower()
    if any(k in low for k in _DOUBLE_FREE):
        return "double-free"
    if any(k in low for k in _INVALID_PTR):
        return "invalid-pointer"
    if any(k in low for k in _OVERFLOW):
        return "overflow"
    return "corruption"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = facts.get("check")
    function = facts.get("function")
    program = facts.get("program")
    if not check and not function:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if check:
        kind = _classify(str(check))
        derived["heap_check"] = check
    else:
        kind = "overflow"
        line = facts.get("source_line")
        check = f"malloc.c{':' + str(line) if line else ''} {function} assertion failed"
        derived["heap_check"] = check
        derived["check"] = check
    derived["corruption_kind"] = kind
    who = f" in {program}" if program else ""
    macos = facts.get("_signature") == "macos-malloc"
    allocator = "macOS's allocator (libmalloc)" if macos else "glibc's allocator"
    parts.append(f"{allocator} found its own bookkeeping broken{who} ('{check}') and aborted the process (SIGABRT, exit 134 / -6).")
    parts.append("The line that printed it is only where the damage was noticed: the bad write or free happened earlier, in native code.")
    if kind == "double-free":
        parts.append("This check means the same block was freed twice: two owners of one buffer (a tensor/array sharing memory with a C++ object that also frees it, "
                     "a pybind11 object released twice, two copies of a library running the same destructors at exit).")
        fix.append("Get the stack of the second free: gdb -ex run -ex bt --args python train.py (the frames above free() name the library).")
    elif kind == "invalid-pointer":
        parts.append("This check means free() was given a pointer glibc never handed out: memory allocated by another allocator "
                     "(tcmalloc/jemalloc via LD_PRELOAD loaded after start, a second libstdc++ or a statically linked runtime inside a wheel) "
                     "and released through glibc, or a pointer into the middle of a block.")
        fix.append("Check LD_PRELOAD and library mixing: unset LD_PRELOAD (or preload tcmalloc/jemalloc for the whole process), keep one libstdc++ (conda vs system), and try importing torch before cv2 / tensorflow / other native packages.")
    elif kind == "overflow":
        parts.append("This check means a write ran past the end of a heap block and overwrote the next block's header: an out-of-bounds write in a native "
                     "extension or custom op (a wrong size or index, a non-contiguous tensor passed to C code), or a data race between threads.")
        fix.append("Find the out-of-bounds write: run under valgrind (valgrind --tool=memcheck python repro.py) or with glibc's checker (LD_PRELOAD=libc_malloc_debug.so.0 MALLOC_CHECK_=3 on glibc 2.34+, MALLOC_CHECK_=3 alone on older glibc) to stop at the first bad operation.")
    else:
        fix.append("Get the native stack with gdb (gdb -ex run -ex bt --args python train.py) to see which library's free/malloc noticed it.")
    if macos:
        fix.insert(0, "Get the stack that freed it: lldb -o 'breakpoint set -n malloc_error_break' -o run -- python script.py, then bt; "
                      "MallocStackLogging=1 records where the block came from.")
    fix.append("Bisect the native pieces: num_workers=0, OMP_NUM_THREADS=1, CPU only, and disable custom extensions / torch.compile one at a time.")
    fix.append("Upgrade or rebuild the extension that owns the top frames (built against the installed torch/numpy), and report it with the stack.")
    fix.append("If it only happens at interpreter exit after the work is done, it is a destructor-order bug: save results before exit and upgrade the library; os._exit(0) after saving avoids the teardown.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
