"""Computed diagnosis for system.stack-smashing: stack canary vs fortify check, and which program."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check, program = facts.get("check"), facts.get("program")
    if not check:
        return None
    prog = program if program and program != "<unknown>" else None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    if check.startswith("stack"):
        derived["detected_by"] = "stack protector canary"
        parts.append("A native function wrote past the end of a local (stack) buffer and overwrote the canary the compiler placed before the return address; "
                     "on return the check failed and glibc aborted the process (SIGABRT).")
    else:
        derived["detected_by"] = "_FORTIFY_SOURCE check"
        parts.append("A fortified libc call (memcpy, strcpy, sprintf, read into a fixed buffer ...) was about to write more bytes than the destination buffer holds; "
                     "glibc's _FORTIFY_SOURCE check stopped it and aborted the process (SIGABRT).")
    if prog:
        parts.append(f"Program: {prog}.")
    parts.append("The culprit is compiled code in the process (a C/C++ extension, a native library), usually given input larger than it expects (a long string or path, an oversized image/field, more items than a fixed array).")
    fix = (
        "Get the stack: gdb -ex run -ex bt --args python script.py (or coredumpctl gdb) - the frame below __stack_chk_fail / __fortify_fail is the faulty function.",
        "Check the input that reaches it (very long paths/strings, unusual image sizes, more labels/classes than the library supports) and upgrade or rebuild that library.",
        "Do not disable the check (-fno-stack-protector): it is the only thing stopping memory corruption.",
    )
    return Explanation(text=" ".join(parts), fix=fix, derived=derived)
