"""Computed diagnosis for system.cpp-bad-alloc: out of host memory vs an impossible allocation size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = facts.get("exception") or "bad_alloc"
    derived: dict[str, Any] = {"outcome": "and the process aborted"}
    if facts.get("_signature") == "ort-bad-allocation":
        return Explanation(
            text=("ONNX Runtime caught a C++ std::bad_alloc ('bad allocation' is the Windows/MSVC text) and raised it as a Python error: "
                  "host RAM (or the process's address space) could not hold what the session needed - the model's weights at load, or "
                  "the activations of this input at run time. A 32-bit Python, a huge input (a long audio file processed in one piece, "
                  "a large batch) or several sessions loaded at once are the usual reasons; an input with a corrupted shape can ask for "
                  "an impossible size too."),
            fix=("Free RAM: close other programs, load fewer models at once, process shorter chunks / smaller segment or batch sizes.",
                 "Check that Python is 64-bit (python -c \"import struct; print(struct.calcsize('P')*8)\") and the Windows page file is not disabled or tiny.",
                 "If it fails instantly with plenty of free RAM: check the model file (re-download) and the input shape passed to session.run."),
            derived={"outcome": "inside ONNX Runtime (raised as a Python error)", "exception": "bad_alloc", "likely": "out of host memory"})
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
