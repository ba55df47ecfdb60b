"""Computed diagnosis for vllm.engine-dead: point at the earlier root cause and decode exit codes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PROC = re.compile(r"'?([\w.-]+)'?\s*:\s*(-?\d+)")
_SIGNALS = {-9: "SIGKILL (kernel OOM killer, container memory limit or a forced kill)", -15: "SIGTERM (stopped by a supervisor)",
            -11: "SIGSEGV (crash in native code)", -6: "SIGABRT (abort in native code, e.g. a CUDA/NCCL assertion)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    base = (
        "This message is a consequence: the vLLM engine process had already failed. The root cause is the first "
        "traceback printed before it by the engine (lines prefixed '(EngineCore...)' or '(VllmWorker...)'), "
        "e.g. CUDA out of memory, a KV cache sizing error or an NCCL error."
    )
    parts = [base]
    derived: dict[str, Any] = {}
    fix = ["Search upward for the first ERROR/Traceback of the engine process and fix that error."]
    procs = facts.get("failed_procs")
    if isinstance(procs, str):
        found = _PROC.findall(procs)
        if not found:
            parts.append("'Failed core proc(s): {}' is empty: the engine core raised an exception during start-up "
                         "(it was not killed), so its traceback is in the log above.")
        for name, code_s in found:
            code = int(code_s)
            derived[f"exit_code_{name}"] = code
            if code < 0:
                parts.append(f"{name} was killed by signal {-code}: {_SIGNALS.get(code, 'see kill(1)')}.")
                if code == -9:
                    fix.append("Check dmesg / container status for an OOM kill and raise the memory limit.")
            else:
                parts.append(f"{name} exited with code {code}; its traceback is above.")
    err = facts.get("original_error")
    if isinstance(err, str) and err:
        derived["original_error"] = err
        parts.append(f"The engine reported the original exception type: {err}.")
    core = facts.get("engine_core")
    if isinstance(core, str) and core:
        parts.append(f"{core} exited; if this happened at program exit after the outputs were written, it is "
                     "shutdown noise rather than a failure.")
    fix.append("To see the error inline: VLLM_ENABLE_V1_MULTIPROCESSING=0 (V1) or --disable-frontend-multiprocessing (V0).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
