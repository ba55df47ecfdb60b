"""Computed diagnosis for colmap.pipeline-step-failed: decode the os.system status and name the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NTSTATUS = {
    0xC0000005: "access violation (COLMAP crashed: build/CUDA/driver mismatch or GPU SIFT)",
    0xC0000135: "a DLL was not found (COLMAP's bin/lib folder or CUDA runtime not on PATH)",
    0xC0000409: "fail-fast abort (stack buffer overrun / abort inside COLMAP)",
    0xC000001D: "illegal instruction (binary built for another CPU)",
    0xC00000FD: "stack overflow",
    0xC0000017: "out of memory",
}
_SIGNALS = {6: "SIGABRT (a COLMAP 'Check failed' abort)", 9: "SIGKILL (usually the out-of-memory killer)",
            11: "SIGSEGV (COLMAP crashed)", 15: "SIGTERM"}


def _decode(code: int) -> tuple[str, str]:
    """Return (meaning, kind)."""
    if code < 0 or code > 0x7FFFFFFF:
        status = code & 0xFFFFFFFF
        meaning = _NTSTATUS.get(status, f"Windows status 0x{status:08X}")
        return f"Windows exit status 0x{status:08X}: {meaning}", "notfound" if status == 0xC0000135 else "crash"
    if code == 1:
        return "exit code 1 (Windows: COLMAP reported an error, or 'colmap' is not recognized as a command)", "error"
    if code >= 256 and code % 256 == 0:
        exit_code = code // 256
        if exit_code == 127:
            return "wait status 32512 = exit code 127: the shell could not find the executable", "notfound"
        if exit_code in (134, 139, 137):
            sig = exit_code - 128
            return f"wait status {code} = exit code {exit_code} = signal {sig} {_SIGNALS.get(sig, '')}".rstrip(), "crash"
        return f"wait status {code} = exit code {exit_code}: COLMAP reported an error (see its log above)", "error"
    sig = code & 0x7F
    core = " with core dump" if code & 0x80 else ""
    return f"killed by signal {sig}{core}: {_SIGNALS.get(sig, 'signal')}", "oom" if sig == 9 else "crash"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = str(facts.get("step") or "").strip()
    if not step:
        return None
    code = facts.get("exit_code")
    resize = "resize" in step
    tool = "ImageMagick" if resize else "COLMAP"
    if code is None:
        text = (f"nerfstudio ran '{step}' and it failed; COLMAP's own error is printed right under the banner.")
        fix = ("Run the printed command by hand to see the full COLMAP error.",
               "Headless machine or GPU SIFT trouble: ns-process-data ... --no-gpu.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": " (COLMAP's own error follows the banner)"})
    try:
        code = int(code)
    except (TypeError, ValueError):
        return None
    meaning, kind = _decode(code)
    if kind == "notfound":
        fix = (f"Install {tool} and make it callable from this shell, or pass its full path "
               f"({'--magick_executable' if resize else '--colmap_executable'} <path> for convert.py).",)
    elif kind == "crash":
        fix = ("Reinstall a COLMAP build matching your driver/CUDA (or the no-CUDA build) and remove other CUDA versions from PATH.",
               "Retry with CPU SIFT: python convert.py -s <scene> --no_gpu.")
    elif kind == "oom":
        fix = ("Use fewer or smaller images (resize before COLMAP) or a machine with more RAM.",)
    else:
        fix = ("Run the COLMAP command from the log by hand to read COLMAP's error.",
               "For Mapper: more overlapping images, another --camera model, or no_gpu if SIFT failed earlier.")
    diagnosis = f" ({meaning})"
    text = f"{tool} step '{step}' returned {code}: {meaning}."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
