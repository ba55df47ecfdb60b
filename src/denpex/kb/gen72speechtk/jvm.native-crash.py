"""Computed diagnosis for jvm.native-crash: which kind of frame crashed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KINDS = {"C": "a native library", "V": "the JVM itself", "J": "JIT-compiled Java code", "j": "interpreted Java code", "v": "a JVM-generated stub"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("frame_kind") or "")
    lib = str(facts.get("library") or "")
    symbol = str(facts.get("symbol") or "").strip()
    if not kind or not lib:
        return Explanation(text="The JVM fatal error report is printed; its 'Problematic frame' line and the hs_err_pid file name the library that faulted.",
                           fix=(), derived={"frame_note": ""})
    where = _KINDS.get(kind, "native code")
    name = lib if not lib.startswith("jna") else f"{lib} (a JNA-extracted copy of a bundled native library)"
    note = f" ({kind} frame in {name}" + (f", {symbol[:120]}" if symbol else "") + ")"
    text = f"The faulting instruction is in {where}: {name}" + (f" at {symbol}" if symbol else "") + "."
    fix: list[str] = []
    if symbol and ("~" in symbol or "close" in symbol.lower() or "free" in symbol.lower() or "Delete" in symbol):
        text += " A destructor/free in the crash frame points at a native object freed twice or used after close."
        fix.append("Close the native object once, from the thread that owns it, after the last call that uses it.")
    if kind == "V":
        fix.append("Try another JDK build/version; a JVM-internal crash after native calls can also be memory corruption from a native library.")
    return Explanation(text=text, fix=tuple(fix), derived={"frame_note": note})
