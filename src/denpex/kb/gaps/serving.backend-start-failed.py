"""Computed diagnosis for serving.backend-start-failed: which backend, and whether it crashed or the deadline was too short."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "vLLM").strip()
    timeout_s = facts.get("timeout_s")
    exit_code = facts.get("exit_code")
    waited = facts.get("waited_s")
    instructlab = not facts.get("backend")
    derived: dict[str, Any] = {"backend": backend}
    fix: list[str] = []
    if isinstance(timeout_s, int) and timeout_s == 0:
        derived["why"] = "the readiness timeout is 0 s (Lemonade global_timeout = 0)"
        text = (f"Lemonade waited 0 seconds for {backend}: with a zero timeout it makes no health-check attempt and reports the failure at once, "
                "before the server could load anything. The server itself may be fine.")
        fix.append("Set global_timeout to a positive number of seconds (600; 3600 for large vLLM models) in ~/.cache/lemonade/config.json "
                   "(packaged defaults only seed that file on the first run) and restart lemond.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if isinstance(exit_code, int):
        derived["why"] = f"the {backend} process exited with code {exit_code} while loading"
        text = f"{backend} exited with code {exit_code} before it answered its health check: it crashed while loading the model. Its own error is in the '(Process)' lines above."
        fix.append("Read the backend's last error above (out of memory, unsupported model / GPU), or start it by hand with the same model and arguments.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if isinstance(timeout_s, int):
        derived["why"] = f"it did not answer within {timeout_s} s"
        text = f"{backend} did not answer its health check within {timeout_s} s: it is either still loading (a large model, first-start compilation) or stuck / crashed."
        fix.append(f"If its output shows it still loading, raise global_timeout above {timeout_s} s; otherwise read its last error in the '(Process)' lines.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if instructlab:
        if isinstance(waited, float | int):
            derived["why"] = f"it did not answer within {waited:g} s"
            text = f"InstructLab gave up after {waited:g} s waiting for its temporary vLLM server: the model did not finish loading in time or vLLM hung."
            fix.append("Rerun with --enable-serving-output to watch vLLM load; raise max startup attempts (serve.vllm.max_startup_attempts) for large models.")
        else:
            derived["why"] = "the vLLM process exited while loading (its output was hidden)"
            text = ("InstructLab's temporary vLLM server exited before its API answered, and its output was hidden, so the reason is not in this log.")
            fix.append("Rerun the same command with --enable-serving-output and read vLLM's last error (out of memory, unsupported model or GPU, bad arguments).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["why"] = "it exited or did not become ready in time"
    text = f"{backend} never became ready; the reason is in its own output above this line."
    fix.append("Read the backend's own output (the '(Process)' lines) or start it by hand with the same model and arguments.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
