"""Computed diagnosis for executorch.runtime-error-code: decode the runtime error code, use the log context."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# runtime/core/error.h
_CODES = {
    0x01: ("Internal", "an internal runtime check failed"),
    0x02: ("InvalidState", "the method/program is not in a state that allows this call"),
    0x03: ("EndOfMethod", "execution ran past the end of the method"),
    0x10: ("NotSupported", "the operation is not supported here (typically an input dtype/shape the program cannot take)"),
    0x11: ("NotImplemented", "a code path is not implemented in this runtime build"),
    0x12: ("InvalidArgument", "an argument is invalid (inputs that do not match the exported signature, a null input, unreadable delegate data)"),
    0x13: ("InvalidType", "a value has the wrong type for the operation"),
    0x14: ("OperatorMissing", "an operator kernel the program needs is not registered in this runtime"),
    0x20: ("NotFound", "something the program names was not found (a delegate backend, a method, external data)"),
    0x21: ("MemoryAllocationFailed", "the runtime could not allocate the planned or requested memory"),
    0x22: ("AccessFailed", "a resource (the .pte file, a data segment) could not be accessed"),
    0x23: ("InvalidProgram", "the program contents are invalid (not a .pte, corrupted, or from an incompatible version)"),
    0x30: ("DelegateInvalidCompatibility", "the delegate payload was made for another backend/runtime version"),
    0x31: ("DelegateMemoryAllocationFailed", "the delegate backend could not allocate memory at init"),
    0x32: ("DelegateInvalidHandle", "the delegate handle is invalid at execute time"),
}

_FIX = {
    0x10: ("Give the input the exported dtype and shape (e.g. float32, same static size) or export with dynamic shapes.",),
    0x12: ("Pass exactly the inputs the program was exported with (count, dtype, shape, none null).",
           "If the log shows a data segment past the end of the file, re-copy the .pte uncompressed."),
    0x14: ("Link the kernel libraries with --whole-archive / include the op in the selective build (see executorch.missing-operator).",),
    0x20: ("Link the delegate backend named in the log (see executorch.backend-not-registered) and check the method name.",),
    0x21: ("Give the runtime larger planned-memory/method allocator buffers or reduce the model's memory plan.",),
    0x22: ("Check the .pte path and permissions on the device (Android: load from a file path, not a compressed asset).",),
    0x23: ("Re-export the .pte with the ExecuTorch version of the runtime and copy it again.",),
    0x30: ("Export the model with the same ExecuTorch release as the app's runtime.",),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("code")
    if raw is None:
        return None
    try:
        code = int(str(raw), 16)
    except ValueError:
        return None
    name, meaning = _CODES.get(code, ("unknown", "a code not in runtime/core/error.h of this release"))
    method = facts.get("method")
    sig = facts.get("_signature")
    if sig == "set-input":
        where = f"setting input {facts.get('input_index', '?')}"
    elif sig == "execute-method":
        where = f"executing method {method or 'forward'}"
    elif sig == "load-method":
        where = f"loading method {method or 'forward'}"
    else:
        where = "the ExecuTorch call"
    text = f"0x{code:02x} is {name}: {meaning}."
    fix = _FIX.get(code, ("Read the ExecuTorch log line just above this one: it names the failing object.",))
    derived: dict[str, Any] = {"code_name": name, "where": where}
    try:
        off, size, fsize = int(facts["offset"]), int(facts["size"]), int(facts["file_size"])
    except (KeyError, TypeError, ValueError):
        off = size = fsize = None  # type: ignore[assignment]
    if off is not None and size is not None and fsize is not None and off + size > fsize:
        missing = off + size - fsize
        text += (f" The log shows a data segment at offset {off} of {size} bytes in a file of {fsize} bytes: the .pte is "
                 f"at least {missing} bytes ({missing / 1048576:.1f} MiB) short, a truncated or compressed copy.")
        fix = ("Copy the .pte again and compare its size with the exported file; on Android keep it out of compressed assets "
               "(noCompress 'pte') or load it from a file path.",) + fix
        derived["diagnosis"] = "truncated .pte file"
    elif facts.get("null_input") is not None:
        text += f" The runtime logged that input {facts['null_input']} is none: a null value was passed for it."
        derived["diagnosis"] = "null input"
    return Explanation(text=text, fix=fix, derived=derived)
