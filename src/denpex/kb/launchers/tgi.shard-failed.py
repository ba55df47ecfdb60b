"""Computed diagnosis for tgi.shard-failed: what the launcher's error and the shard's signal mean."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {
    9: ("SIGKILL", "was killed from outside - usually the kernel or container OOM killer because host RAM ran out while the weights were loaded", "Give the container more memory (and check docker inspect <container> --format '{{.State.OOMKilled}}' or dmesg); load fewer shards per host."),
    4: ("SIGILL", "executed an illegal instruction: this CPU (or the VM's virtual CPU) lacks an instruction set the TGI build uses (AVX2/AVX-512)", "Check grep -o -w 'avx2\\|avx512f' /proc/cpuinfo | sort -u and run on a host type that exposes them, or build TGI for this CPU."),
    7: ("SIGBUS", "died of a bus error, usually /dev/shm too small for NCCL between shards", "Run the container with --shm-size 1g (or more)."),
    11: ("SIGSEGV", "crashed in native code (a kernel extension, the CUDA driver or NCCL)", "Check that the driver supports the image's CUDA version; try --num-shard 1 to rule out NCCL."),
    6: ("SIGABRT", "aborted (a C++ exception or failed check in a kernel library, NCCL or the CUDA runtime)", "Read the last lines of the shard's output for the abort message."),
}
_ERRORS = {
    "ShardCannotStart": "exited before it was ready (while loading the model or warming up)",
    "ShardFailed": "crashed while serving",
    "ShardDisconnected": "lost its status channel to the launcher",
    "WebserverFailed": "was fine, but the router web server crashed",
    "WebserverCannotStart": "was fine, but the router web server could not be started",
    "DownloadError": "never started: downloading or converting the weights failed",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank = facts.get("rank")
    sig = facts.get("signal")
    err = facts.get("launcher_error")
    derived: dict[str, Any] = {}
    how = _ERRORS.get(str(err), "exited") if err else "exited"
    parts: list[str] = []
    fix: list[str] = []
    who = f"Shard {rank}" if rank is not None else "A shard"
    if sig is not None and int(sig) in _SIGNALS:
        name, meaning, action = _SIGNALS[int(sig)]
        how = f"was killed by {name} (signal {sig})"
        parts.append(f"{who} {meaning}. A process killed by a signal prints no Python error, so its standard error output is usually empty.")
        fix.append(action)
    elif sig is not None:
        how = f"was killed by signal {sig}"
        parts.append(f"{who} was terminated by signal {sig}.")
    else:
        parts.append(f"{who} {how}. TGI's launcher only supervises the Python shard processes: the shard's own error is the traceback under 'Shard complete standard error output:' (or an earlier 'Error when initializing model').")
        fix.append("Read the shard's traceback to its last exception line; for CUDA out of memory at startup lower --max-batch-prefill-tokens / --max-total-tokens or use more shards/quantization.")
    if err in ("WebserverFailed", "WebserverCannotStart"):
        parts.append("The router's own ERROR lines just above say why it stopped (port in use, tokenizer/config error, failed warmup).")
    if err == "DownloadError":
        parts.append("The download step's error (gated model without HF_TOKEN, disk full, network) is printed with 'Download encountered an error:'.")
    if facts.get("router_error") and not err and sig is None:
        parts = [f"The router's gRPC call to a model shard failed ('{facts['router_error']}'): the shard process behind it "
                 "died or restarted mid-request. This line is the router's view; the cause is the shard's own exit - its "
                 "traceback (CUDA out of memory, an illegal memory access) or signal in the launcher's shard output."]
        fix = ["docker logs <container> 2>&1 | grep -n -B2 -A30 'shard-manager\\|Shard complete standard error output\\|signaled to shutdown'  # the shard's own error",
               "For a shard killed by the OOM killer or CUDA OOM under load: lower --max-batch-prefill-tokens / --max-total-tokens / --max-concurrent-requests"]
        derived["what"] = "the router lost its connection to a model shard (the shard process died); the shard's own error is the cause"
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if err in ("WebserverFailed", "WebserverCannotStart"):
        derived["what"] = f"the router web server {'crashed' if err == 'WebserverFailed' else 'could not start'} ({err}); its own ERROR lines above say why"
    elif err == "DownloadError":
        derived["what"] = "downloading or converting the weights failed (DownloadError); the download step's error is above"
    else:
        tail = f" ({err})" if err else ""
        derived["what"] = f"{who.lower() if rank is None else who} {how}{tail}" + ("" if sig is not None else "; the shard's own error is in its standard error output above")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
