"""Computed diagnosis for lmstudio.runtime-exited: decode the runtime's exit code (a Windows NTSTATUS
sign-extended to 64 bits and printed as a JavaScript number, a POSIX signal, or null) and the
plugin's stderr reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NT = {
    0xC0000409: ("STATUS_STACK_BUFFER_OVERRUN", "a fail-fast abort inside the runtime (llama.cpp assert / abort after a failed GPU allocation, std::terminate)"),
    0xC0000417: ("STATUS_INVALID_CRUNTIME_PARAMETER", "the C runtime aborted on an invalid parameter"),
    0xC0000602: ("STATUS_FAIL_FAST_EXCEPTION", "a fail-fast exception"),
    0xC0000005: ("STATUS_ACCESS_VIOLATION", "the runtime read or wrote invalid memory (driver, GPU library or runtime bug)"),
    0xC000001D: ("STATUS_ILLEGAL_INSTRUCTION", "the CPU lacks an instruction the runtime uses (AVX2 / AVX-512) or the build is for another platform"),
    0xC00000FD: ("STATUS_STACK_OVERFLOW", "a stack overflow in the runtime"),
    0xC0000135: ("STATUS_DLL_NOT_FOUND", "a DLL the runtime needs (CUDA / Vulkan / VC++ runtime) is missing"),
    0xC0000142: ("STATUS_DLL_INIT_FAILED", "a DLL failed to initialise (GPU driver / runtime libraries)"),
    0xC0000374: ("STATUS_HEAP_CORRUPTION", "heap corruption in the runtime"),
    0xC0000094: ("STATUS_INTEGER_DIVIDE_BY_ZERO", "an integer division by zero in the runtime"),
    0xC000013A: ("STATUS_CONTROL_C_EXIT", "the process was interrupted"),
    0xE06D7363: ("an unhandled C++ exception (MSVC code 0xE06D7363)", "the runtime threw an exception nobody caught - usually a model load error (unsupported architecture, bad file, failed allocation) raised as std::runtime_error"),
}
_SIG = {132: "SIGILL (illegal instruction: the CPU lacks an instruction the runtime uses)",
        134: "SIGABRT (the runtime aborted: an assert or failed allocation)",
        137: "SIGKILL (killed - usually the kernel OOM killer or macOS memory pressure)",
        139: "SIGSEGV (segmentation fault in the runtime)"}


def _candidates(n: int) -> list[int]:
    """Known NTSTATUS codes whose sign-extended 64-bit value prints as n after JavaScript rounding."""
    target = float(n)
    return [c for c in _NT if float(2**64 - 2**32 + c) == target]


def decode(raw: str) -> tuple[str, str, list[int]]:
    """(short label, explanation, candidate NTSTATUS codes) for an LM Studio exit code."""
    s = raw.strip()
    if s == "null":
        return "killed by a signal", "the runtime was killed by a signal (exit code null): on macOS/Linux usually out of memory", []
    n = int(s)
    if 2**63 <= n < 2**64:
        cands = _candidates(n)
        if n >= 2**53 and cands:
            first = cands[0]
            name, what = _NT[first]
            others = ", ".join(f"0x{c:08X} {_NT[c][0]}" for c in cands[1:])
            label = f"0x{first:08X}" if len(cands) == 1 or first == 0xC0000409 else f"0x{first:08X} or a neighbour"
            text = (f"Exit code {s} is a Windows crash code sign-extended to 64 bits and printed with lost digits: "
                    f"0x{first:08X} {name} - {what}" + (f"; {others} print the same number" if others else "") + ".")
            if first not in (0xC0000409, 0xE06D7363):
                label = "0xC0000005 / 0xC000001D / 0xC0000135 (one of them)"
            return label, text, cands
        low = (n - 2**64) & 0xFFFFFFFF
        if low in _NT:
            return f"0x{low:08X}", f"Exit code {s} is 0x{low:08X} {_NT[low][0]}: {_NT[low][1]}.", [low]
        return f"about {n - 2**64}", (f"Exit code {s} is a negative code of about {n - 2**64} (digits lost in printing), not a Windows crash code: "
                                      "the runtime exited through its own error path; its last log lines say why."), []
    if 2**31 <= n < 2**32 or n < 0:
        c = n & 0xFFFFFFFF
        if c in _NT:
            return f"0x{c:08X}", f"Exit code {s} is 0x{c:08X} {_NT[c][0]}: {_NT[c][1]}.", [c]
        return f"0x{c:08X}", f"Exit code {s} is 0x{c:08X}.", []
    if n == 256:
        return "1 (wait status 256)", "Exit code 256 is the raw wait status of exit code 1: the runtime exited with an error it printed itself.", []
    if n in _SIG:
        return _SIG[n].split(" ")[0], f"Exit code {n} is 128 + signal: {_SIG[n]}.", []
    return str(n), f"The runtime exited with code {n} after printing its own error.", []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fix: list[str] = []
    if facts.get("plugin_exit_code") is not None and not facts.get("exit_code"):
        name = str(facts.get("plugin") or "the plugin")
        err = str(facts.get("plugin_stderr") or "")
        low = err.lower()
        text = f"{name} exited with code {facts['plugin_exit_code']} while starting."
        if "enoent" in low:
            cmd = err.split("spawn ", 1)[1].split()[0] if "spawn " in err else "the command"
            text += f" Its stderr says the command '{cmd}' could not be started (ENOENT: not found on the PATH LM Studio sees)."
            fix.append(f"Install {cmd} (Node.js for npx/node servers, uv for uvx) or give its full path in mcp.json; Flatpak builds do not see the host's PATH.")
        elif "module_not_found" in low or "cannot find module" in low or "no module named" in low:
            text += f" Its stderr shows a missing module: {err}."
            fix.append("Install the plugin's dependencies (npm install / pip install in its folder) or fix the script path in mcp.json.")
        elif err:
            text += f" Its stderr: {err}"
            fix.append("Fix what the plugin's stderr names, then reload the plugin / restart LM Studio.")
        else:
            fix.append("Find the '[Plugin(name)] stderr:' lines just above in the log (Developer tab / lms log stream) and fix what they name.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": f"plugin {name} exited with code {facts['plugin_exit_code']}"})
    raw = str(facts.get("exit_code") or "")
    if not raw:
        return None
    label, text, cands = decode(raw)
    what = f"model runtime exited (exit code {raw} = {label})"
    if 0xC0000409 in cands or label.startswith("134"):
        fix.append("Lower GPU offload (layers) and context length in the load settings - a failed GPU allocation aborts llama.cpp; then load again.")
        fix.append("If small settings also crash: switch runtime (Ctrl+Shift+R: CUDA 12 / Vulkan / CPU llama.cpp) or roll back its version; update the GPU driver (older GPUs may not be supported by the CUDA runtime).")
    elif 0xE06D7363 in cands:
        fix.append("The runtime threw on load: read its message with `lms log stream` (unknown architecture -> update the runtime; out of memory -> lower GPU offload and context).")
        fix.append("Update the runtime (Ctrl+Shift+R) and LM Studio; re-download the model if the file may be damaged.")
    elif 0xC000001D in cands or 0xC0000005 in cands or label.startswith(("132", "139")):
        fix.append("Try the other runtimes (Ctrl+Shift+R) and an update or rollback of the selected one: an access violation or illegal instruction is a runtime/hardware mismatch (CPU without AVX2, Windows on ARM, driver).")
        fix.append("Update the GPU driver; load with GPU offload 0 to tell a GPU-path crash from a CPU one.")
    elif label.startswith("137") or raw == "null":
        fix.append("Free memory: lower context length and GPU offload, close other models, or pick a smaller quantization.")
    else:
        fix.append("Read the runtime's last lines with `lms log stream` while loading: its own error (out of memory, unknown architecture, assert) is there.")
        fix.append("Lower GPU offload and context length; try another runtime version.")
    fix.append("Stream the runtime log while reproducing: lms log stream (the Developer tab shows the same).")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
