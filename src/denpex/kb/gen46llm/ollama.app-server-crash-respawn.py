"""Computed diagnosis for ollama.app-server-crash-respawn: decode the exit code and the size of the crash loop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NTSTATUS = {
    0xC0000005: ("access violation", "a native crash (GPU driver, runner library, CPU lacking AVX for this build)"),
    0xC0000409: ("fail-fast / stack buffer overrun", "a native abort inside a runner or GPU library"),
    0xC0000135: ("DLL not found", "a missing runtime DLL (VC++ redistributable, CUDA/ROCm library)"),
    0xC000001D: ("illegal instruction", "a build that needs CPU instructions (AVX/AVX2) this CPU lacks"),
    0xC0000374: ("heap corruption", "memory corruption in native code"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    codes = facts.get("exit_code")
    if isinstance(codes, (list, tuple)):
        seq = [int(c) for c in codes if str(c).lstrip("-").isdigit()]
    elif codes is not None and str(codes).lstrip("-").isdigit():
        seq = [int(codes)]
    else:
        seq = []
    counts = facts.get("crash_count")
    if not isinstance(counts, (list, tuple)):
        counts = [counts]
    nums = [int(c) for c in counts if c is not None and str(c).isdigit()]
    count = max(nums) if nums else 0
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if not seq:
        if facts.get("_signature") == "restart-already-started":
            derived["diagnosis"] = "server crashed and this app build cannot restart it"
            derived["code_meaning"] = ""
            derived["detail"] = ": the app cannot restart it ('exec: already started')"
            return Explanation(
                text="The Ollama app tried to restart its crashed server child and failed ('exec: already started'), a bug of early-2024 Windows builds; the first crash's cause is in server.log.",
                fix=("Update Ollama and restart the tray app.", "Read %LOCALAPPDATA%\\Ollama\\server.log for the error before the first crash."),
                derived=derived)
        return None
    code = seq[-1]
    distinct = sorted(set(seq))
    u32 = code & 0xFFFFFFFF
    if code == 1:
        meaning, why = "start-up error", "the server refused to start: port 11434 already taken (another ollama serve / service / container), or OLLAMA_HOST / OLLAMA_MODELS invalid or not writable"
        fix.append("netstat -ano | findstr 11434  # stop whatever already listens there, or give both server and clients another OLLAMA_HOST")
        fix.append("Check OLLAMA_MODELS exists and is writable by your user.")
    elif code == 2:
        meaning, why = "Go panic / fatal signal", "the server panicked, most often inside GPU discovery (nvml_init / cudart) with an old or broken GPU driver"
        fix.append("Update the NVIDIA/AMD driver; to confirm, start once with CUDA_VISIBLE_DEVICES=-1 and see whether the crash loop stops.")
    elif u32 in _NTSTATUS:
        name, cause = _NTSTATUS[u32]
        meaning, why = f"0x{u32:08X} {name}", cause
        derived["ntstatus"] = f"0x{u32:08X}"
        fix.append("Update the GPU driver and Ollama; if it persists, test CPU-only (CUDA_VISIBLE_DEVICES=-1) to tell a GPU-library crash from a CPU/build problem.")
    elif u32 >= 0xC0000000:
        meaning, why = f"0x{u32:08X} NTSTATUS", "a native Windows exception in the server process"
        derived["ntstatus"] = f"0x{u32:08X}"
        fix.append("Look the NTSTATUS code up and read server.log for the faulting library.")
    else:
        meaning, why = f"exit code {code}", "the server exited with an error"
    derived["code_meaning"] = f" ({meaning})"
    derived["crashes"] = count or len(seq)
    derived["last_code"] = str(code)
    derived["detail"] = f": {derived['crashes']} crash(es), last exit code {code} ({meaning})"
    derived["diagnosis"] = f"server child crash loop: {meaning}"
    loop = f"{count} crashes so far" if count else "a crash"
    parts.append(f"The tray app's 'ollama serve' child exited with code {code} = {meaning} ({loop}): {why}.")
    if len(distinct) > 1:
        parts.append(f"The exit codes changed during the log ({', '.join(str(c) for c in distinct)}): more than one failure, read server.log around each.")
    if count >= 3:
        parts.append("A counter this high means it fails at every start, not under load.")
    fix.insert(0, "Read the end of server.log (Windows %LOCALAPPDATA%\\Ollama\\server.log, macOS ~/.ollama/logs/server.log): the line before each exit names the cause.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
