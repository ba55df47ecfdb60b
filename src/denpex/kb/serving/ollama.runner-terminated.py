"""Computed diagnosis for ollama.runner-terminated: what the exit status or signal says, and where to look."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WIN = {
    "0xc0000409": "STATUS_STACK_BUFFER_OVERRUN - a native crash/abort in the runner (often a failed GPU allocation, an outdated driver, or an assert)",
    "0xc0000005": "STATUS_ACCESS_VIOLATION - the runner crashed reading invalid memory (driver, GPU library or model bug)",
    "0xc000001d": "STATUS_ILLEGAL_INSTRUCTION - the CPU lacks an instruction set (AVX/AVX2) the runner was built for",
    "0xc0000135": "STATUS_DLL_NOT_FOUND - a CUDA/ROCm library the runner needs is missing",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("runner_reason") or "").strip()
    code = facts.get("exit_code")
    prog = facts.get("load_progress")
    low = reason.lower()
    parts: list[str] = []
    fix: list[str] = []
    what = reason or (f"exit code {code}" if code is not None else "")
    pred = str(facts.get("predict_error") or "").strip()
    if pred and not reason and code is None:
        what = f"the connection to the runner dropped during generation ({pred})"
        parts.append(f"The server was streaming a completion from its runner when the connection closed ({pred}): the runner process crashed mid-generation "
                     "(out of memory as the context grew, a GGML_ASSERT or CUDA error, or the kernel OOM killer).")
        fix.append("Read the runner's last lines in the server log (journalctl -u ollama -n 300, ~/.ollama/logs/server.log, %LOCALAPPDATA%\\Ollama\\server.log, docker logs) and dmesg -T | grep -i 'killed process'.")
        fix.append("If memory: lower num_ctx / OLLAMA_NUM_PARALLEL or use a smaller quantization; otherwise upgrade Ollama.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what, "runner_reason": what})
    if prog is not None or (not reason and code is None and facts.get("load_progress") is not None):
        what = f"load timed out at {float(prog) * 100:.0f}%" if prog is not None else "load timed out"
        parts.append(f"The runner did not finish loading within OLLAMA_LOAD_TIMEOUT (progress {float(prog) * 100:.0f}%)." if prog is not None else "The runner did not finish loading within OLLAMA_LOAD_TIMEOUT.")
        if prog is not None and float(prog) > 0:
            parts.append("It was still making progress: the load is slow (large model, slow disk, or weights spilling to RAM/swap), not stuck.")
            fix.append("Raise OLLAMA_LOAD_TIMEOUT (e.g. 15m) and keep the model on a fast local disk; lower num_ctx so less spills to RAM.")
        else:
            fix.append("Check the server log for why the runner made no progress (hung GPU init, OOM kill); then raise OLLAMA_LOAD_TIMEOUT if it is only slow.")
    elif "signal: killed" in low or code == -1 and "killed" in low:
        parts.append("The runner was killed with SIGKILL - almost always the kernel OOM killer: the model plus its KV cache did not fit in host RAM.")
        fix.append("Confirm with dmesg -T | grep -i 'killed process'; then lower num_ctx / OLLAMA_NUM_PARALLEL, use a smaller quantization, or free/add RAM.")
    elif "signal: illegal instruction" in low or "0xc000001d" in low:
        parts.append("The runner hit an illegal instruction: the CPU lacks an instruction set (AVX/AVX2/AVX-512) the runner build uses.")
        fix.append("Use an Ollama build/runner for this CPU (OLLAMA_LLM_LIBRARY=cpu), or run on a CPU with AVX2.")
    elif "signal: aborted" in low or "abort trap" in low or "signal: abort" in low:
        parts.append("The runner aborted (SIGABRT): llama.cpp hit a GGML_ASSERT or a fatal CUDA error; the assert or CUDA line is just above in the server log.")
        fix.append("Find the GGML_ASSERT / CUDA error line in the server log; upgrade Ollama, or change the options that trigger it (num_ctx, num_batch, flash attention, KV cache type).")
    elif "signal: segmentation fault" in low or "0xc0000005" in low:
        parts.append("The runner crashed with a segmentation fault / access violation: a driver, GPU library or llama.cpp bug for this model.")
        fix.append("Update the GPU driver and Ollama; try OLLAMA_FLASH_ATTENTION=0 or fewer GPU layers (num_gpu) to isolate the GPU path.")
    elif "out of memory" in low or "cudamalloc failed" in low:
        parts.append("The runner ran out of GPU memory while loading or allocating its buffers.")
        fix.append("Lower num_gpu (layers on the GPU), num_ctx or OLLAMA_NUM_PARALLEL, or use a smaller quantization; stop other GPU users.")
    elif "error loading model" in low:
        parts.append(f"The runner could not load the model file: {reason}.")
        fix.append("Upgrade Ollama for new model families; ollama rm <model> && ollama pull <model> for a damaged blob.")
    else:
        m = re.search(r"exit status (0x[0-9a-fA-F]+|-?\d+)", reason)
        st = m.group(1).lower() if m else (str(code) if code is not None else "")
        if st in _WIN:
            parts.append(f"Exit status {st} is the Windows {_WIN[st]}.")
        elif st:
            parts.append(f"The runner exited with status {st} and no message of its own on this line.")
        else:
            parts.append("The runner stopped without a message on this line.")
        fix.append("Read the runner's last lines in the server log (journalctl -u ollama -n 300, ~/.ollama/logs/server.log, %LOCALAPPDATA%\\Ollama\\server.log, docker logs): the CUDA error, GGML_ASSERT or load error there is the cause.")
        fix.append("Rerun with OLLAMA_DEBUG=1 if the log shows nothing before the exit.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what, "runner_reason": what or "no reason given"})
