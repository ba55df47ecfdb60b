"""Computed diagnosis for torchserve.worker-failed: timeout versus a dead worker, and where its error is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = facts.get("model") or "the model"
    t = facts.get("timeout_s")
    n = facts.get("unsuccessful")
    worker = facts.get("worker")
    fix: list[str] = []
    if n is not None or t is not None:
        what = "no reply within the response timeout" + (f" ({t} s)" if t else "")
        text = f"The worker{f' {worker}' if worker else ''} did not answer a command for '{model}' within the response timeout{f' of {t} s' if t else ' (120 s by default)'}"
        text += f"; {n} consecutive calls have failed." if isinstance(n, int) else "."
        text += " During model loading this usually means loading takes longer than the timeout; during inference, a slow or hung handler."
        fix.append(f"Raise default_response_timeout in config.properties (or response_timeout at registration) above the measured load / p99 inference time{f' - now {t} s' if t else ''}; newer releases also have startup_timeout for loading.")
        fix.append("Check MODEL_LOG lines of the worker for progress or a hang; reduce batch size or input size if single requests are slow.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    what = "worker process died"
    text = f"The Python worker for '{model}' exited while handling a command; TorchServe only reports that it died. The worker's own error is in the MODEL_LOG lines just above (its stdout/stderr)."
    fix.append("Read the MODEL_LOG traceback of this worker: install missing packages, include missing files in the .mar, or fix the handler's initialize().")
    fix.append("If there is no traceback, check for an OOM kill (kubectl describe pod / dmesg) and a torchserve vs ts package version mismatch ('unrecognized arguments').")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
