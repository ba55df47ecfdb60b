"""Computed diagnosis for lmdeploy.engine-error: what the response status, TurboMind CUDA error or
assertion site means, and the setting to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = {
    "INPUT_LENGTH_ERROR": ("the prompt (plus requested tokens) is longer than session_len",
                           "Raise --session-len (TurbomindEngineConfig/PytorchEngineConfig session_len) within the model's context, or shorten the prompt / max_tokens."),
    "INTERNAL_ENGINE_ERROR": ("the inference engine raised an error while running the request",
                              "Find the engine's error just above in the server log ([TM][ERROR] / [TM][FATAL] / Traceback; start with --log-level INFO) and fix that."),
    "ENGINE_STOP_ERROR": ("the engine had stopped (it crashed or was shut down) when the request ran",
                          "Find why the engine stopped: the first [TM][ERROR] / Traceback in the server log; restart the server after fixing it."),
    "OUT_OF_MEMORY": ("the engine ran out of GPU memory (KV cache blocks)",
                      "Lower --cache-max-entry-count or --max-batch-size, or serve with more GPUs (--tp)."),
    "SESSION_REPEAT": ("a request reused a session id that is still running",
                       "Use a unique session_id per concurrent request (or let the server assign them)."),
    "SESSION_NOT_EXIST": ("the request referred to a session the engine does not know",
                          "Do not reuse session ids across server restarts; let the server assign them."),
    "PREFIX_CACHE_CONFLICT": ("the request conflicted with the prefix cache state",
                              "Retry; upgrade LMDeploy; disable --enable-prefix-caching to confirm."),
    "NO_QUEUE": ("the engine had no request queue (not started or shutting down)",
                 "Check that the engine started cleanly (server log from startup)."),
    "NOT_SUPPORTED": ("the request asked for a feature the engine does not support",
                      "Drop the unsupported option (logprobs, a sampling parameter, multimodal input) or switch --backend."),
}

_ASSERT_SITES = (
    ("barrier.h", "a tensor-parallel barrier: --tp > 1 on the Windows build, which does not support multi-GPU TurboMind",
     "Run with --tp 1 on Windows, or serve multi-GPU from Linux."),
    ("bind.cpp", "loading weights into TurboMind from Python: the checkpoint layout or quantization (e.g. an AWQ group size other than 128, an unofficial quantized model) is not what TurboMind expects",
     "Use a checkpoint format TurboMind supports (see the supported-models table) or run it with --backend pytorch."),
    ("memory_utils", "allocating the model weights: the model does not fit on the GPU(s) at this tensor-parallel size",
     "Serve on more GPUs (--tp 2/4), a larger GPU, or a 4-bit (AWQ/GPTQ) version of the model."),
    ("allocator.h", "the runtime allocator (KV cache and batch buffers)",
     "Lower --cache-max-entry-count (e.g. 0.2) and --max-batch-size."),
    ("llamabatch", "the batch scheduler (request/sequence bookkeeping)",
     "Upgrade LMDeploy; note the request that triggered it (prompt length, parameters) and try --backend pytorch."),
)


def _site(src: str) -> tuple[str, str] | None:
    low = src.lower()
    for key, what, fix in _ASSERT_SITES:
        if key in low:
            return what, fix
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("status") or "").replace("ResponseType.", "")
    cuda = str(facts.get("cuda_error") or "")
    src = str(facts.get("source_file") or "")
    line = facts.get("source_line")
    where = f"{src.replace(chr(92), '/').rsplit('/', 1)[-1]}:{line}" if src and line is not None else ""
    sessions = facts.get("session_id")
    n = len(sessions) if isinstance(sessions, list) else (1 if sessions is not None else 0)
    parts: list[str] = []
    fix: list[str] = []
    what = "engine error"
    log_fix = "Run the server with --log-level INFO and read the first [TM][ERROR] / [TM][FATAL] / Traceback line before the failed sessions."
    if cuda:
        what = f"TurboMind CUDA error: {cuda}" + (f" at {where}" if where else "")
        site = _site(src)
        if cuda == "out of memory":
            if site and "memory_utils" in src.lower():
                parts.append(f"TurboMind ran out of GPU memory at {where} while allocating the model weights: the model does not fit on the GPU(s) at this tensor-parallel size.")
                fix.append(site[1])
            else:
                parts.append(f"TurboMind ran out of GPU memory{' at ' + where if where else ''}: the KV cache (cache_max_entry_count, a fraction of free GPU memory) plus batch buffers left no room.")
                fix.append("Lower --cache-max-entry-count (TurbomindEngineConfig(cache_max_entry_count=0.2)) and --max-batch-size; keep other processes off the GPU.")
        else:
            parts.append(f"A CUDA call in TurboMind failed with '{cuda}'{' at ' + where if where else ''}.")
            fix.append("Check the driver/CUDA versions with lmdeploy check_env and nvidia-smi; upgrade LMDeploy; try --backend pytorch to isolate TurboMind.")
    elif src or facts.get("check_expr"):
        expr = str(facts.get("check_expr") or "").strip()
        info = str(facts.get("assert_info") or "").strip()
        what = f"TurboMind check failed at {where or src}" + (f" ({expr})" if expr else "")
        site = _site(src)
        if "tp_size" in expr:
            nums = expr.split("==")[-1].split()
            site = ("a tensor-parallel split: a model dimension must be divisible by --tp"
                    + (f" ({nums[1]} is not divisible by {nums[2]})" if len(nums) >= 3 and nums[1].isdigit() and nums[2].isdigit() else ""),
                    "Use a --tp that divides the model's dimensions (1, 2, 4 or 8 for most models).")
        parts.append(f"A TurboMind internal check failed at {where or src}" + (f": {expr}" if expr else "") + (f" ({info})" if info else "") + ".")
        if site:
            parts.append(f"That check guards {site[0]}.")
            fix.append(site[1])
        else:
            fix.append("The setup reaches a path TurboMind does not support: note the model, quantization, --tp and request parameters; upgrade LMDeploy or try --backend pytorch.")
        if ":\\a\\lmdeploy" in src or "d:\\a\\" in src.lower():
            parts.append("The D:\\a\\lmdeploy path is the Windows build machine's, not a file on this computer.")
    elif status:
        meaning, f = _STATUS.get(status, (f"the engine returned status {status}", log_fix))
        what = f"request failed: {status} ({meaning})"
        parts.append(f"{n} session(s) ended with an error" if n > 1 else "The request ended with an error")
        parts[-1] += f": {status} means {meaning}."
        fix.append(f)
    elif facts.get("_signature") == "safe-run-exception":
        caught = str(facts.get("caught_type") or "")
        detail = str(facts.get("caught_detail") or "").strip()
        what = f"a request's generator raised {caught}" + (f": {detail}" if detail else "") if caught else "a request failed inside the engine"
        parts.append("LMDeploy's async engine caught an exception while serving one request (safe_run logs it, then re-raises it to the "
                     "client)" + (f": {caught}" + (f" {detail}" if detail else "") if caught else "; the line was cut before the exception's name") + ".")
        fix.append(log_fix)
        fix.append("Send the failing request alone (same prompt, max_tokens, image inputs) to see whether one request or the engine is at fault.")
    elif facts.get("tm_status") is not None:
        what = f"TurboMind returned internal error status {facts['tm_status']}"
        parts.append(f"TurboMind reported status_code {facts['tm_status']} for a request; the engine's own error is above it in the log.")
        fix.append(log_fix)
    else:
        what = f"{n} request(s) failed with reason \"error\"" if n else "request failed with an internal error"
        parts.append((f"{n} sessions failed together: " if n > 1 else "")
                     + "LMDeploy only reports that the engine returned an error status; the cause is the engine error printed before it (or, if nothing is printed, start the server with --log-level INFO).")
        if n > 1:
            parts.append("Many sessions failing at once points to one engine-wide failure (CUDA out of memory, a TurboMind assertion, a crashed engine) rather than bad requests.")
        fix.append(log_fix)
        fix.append("If the log shows nothing else, send one failing request alone: an INPUT_LENGTH_ERROR (prompt > session_len) shows up as a status in newer LMDeploy; upgrade to get it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
