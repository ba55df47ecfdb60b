"""Computed diagnosis for jpype.jvm-not-found: which of the three failures and the fix for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "no-jvm-library":
        lib = str(facts.get("lib") or "the JVM library")
        plat = {"jvm.dll": "Windows", "libjvm.so": "Linux"}.get(lib, "macOS" if "dylib" in lib else "this platform")
        where = {"jvm.dll": "%JAVA_HOME%\\bin\\server\\jvm.dll", "libjvm.so": "$JAVA_HOME/lib/server/libjvm.so"}.get(
            lib, "$JAVA_HOME/lib/server/libjvm.dylib")
        return Explanation(
            text=f"JPype searched JAVA_HOME and the default Java locations for {lib} ({plat}) and found none: no JDK, or JAVA_HOME unset/wrong.",
            fix=(f"Install a 64-bit JDK and set JAVA_HOME to its home so that {where} exists; restart the kernel/IDE.",),
            derived={"problem": f"no {lib} found"},
        )
    if sig == "dll-not-found":
        path = str(facts.get("path") or "")
        if path.endswith("libjli.dylib") or path.endswith("/Home") or path.endswith("jdk"):
            hint = "that path is not the JVM library itself (a JDK home or libjli.dylib)"
            fix = ("Pass <JDK home>/lib/server/libjvm.dylib (or .so) as jvmpath, or leave jvmpath out and set JAVA_HOME.",)
        else:
            hint = "the file is missing or built for another architecture than this Python (x86_64 JDK on arm64)"
            fix = ("Check the file exists and matches Python's architecture (file <path>; python -c 'import platform; print(platform.machine())'); "
                   "install a JDK for the same architecture.",)
        return Explanation(text=f"JPype could not load the JVM at {path or '(given path)'}: {hint}.", fix=fix,
                           derived={"problem": f"cannot load {path}"})
    if sig == "bitness-mismatch":
        pb, jb = str(facts.get("python_bits") or "?"), str(facts.get("jvm_bits") or "?")
        return Explanation(
            text=f"Python is {pb}-bit but the JVM JPype found is {jb}-bit; a JVM can only be loaded into a process of the same bitness.",
            fix=(f"Install a {pb}-bit JDK and point JAVA_HOME at it (or uninstall the {jb}-bit Java that is found first).",),
            derived={"problem": f"{jb}-bit JVM for {pb}-bit Python"},
        )
    return None
