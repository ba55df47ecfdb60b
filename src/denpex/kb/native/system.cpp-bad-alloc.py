"""Computed diagnosis for system.cpp-bad-alloc: out of host memory vs an impossible allocation size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = facts.get("exception") or "bad_alloc"
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if "array_new_length" in exc:
        derived["likely"] = "impossible size"
        parts.append("std::bad_array_new_length: native code called new[] with a negative or overflowing element count - "
                     "a corrupted shape, an integer overflow in a size computation or garbage read from a file, not a lack of RAM.")
        fix.append("Check the sizes fed to the native call just before the crash (tensor shapes, lengths read from a file or header); a negative or huge value is the bug.")
    else:
        derived["likely"] = "out of host memory or an impossible size"
        parts.append("std::bad_alloc: C++ operator new could not get memory and nobody caught the exception, so std::terminate aborted the process (SIGABRT). "
                     "Either host RAM (or an address-space/cgroup limit) ran out, or the code asked for an impossible size (a corrupted length, an overflowing shape, a wrong file format parsed as a size).")
        fix.append("If it fails immediately with plenty of free RAM, suspect an impossible size: check the input file/format (a Git LFS pointer or truncated checkpoint, a model for another library version) and the shapes passed in.")
        fix.append("If memory grows first: watch free -g / htop, lower batch size, dataset caching, DataLoader workers or prefetch; load checkpoints with mmap=True / low_cpu_mem_usage=True.")
        fix.append("Check limits that make new fail before RAM runs out: ulimit -v (virtual memory), Slurm --mem / cgroup memory.max (when RSS hits it, new can fail or the OOM killer fires).")
    fix.append("Get the native stack of the throw: gdb -ex 'catch throw' -ex run -ex bt --args python script.py.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
