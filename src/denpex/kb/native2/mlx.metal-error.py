"""Computed diagnosis for mlx.metal-error: which Metal limit was hit (memory, watchdog, buffer size,
buffer count), the sizes in GB against the Mac's limits, and the fix for that kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_GB = 1e9
_WIRED = "sudo sysctl iogpu.wired_limit_mb=<MB> (check the current value with sysctl iogpu.wired_limit_mb; 0 = macOS default, about 2/3-3/4 of RAM; leave ~8 GB for macOS; resets on reboot)"
_SHRINK = ("Shrink the working set: lower --batch-size, --max-seq-length / context length and --num-layers (LoRA), "
           "add --grad-checkpoint, use a 4-bit model; for generation cap the context (--max-kv-size) and the prompt cache.")


def _kind(reason: str, kind: str) -> str:
    k = f"{kind} {reason}".lower()
    if "outofmemory" in k or "insufficient memory" in k:
        return "oom"
    if "impactinginteractivity" in k or "impacting interactivity" in k:
        return "interactivity"
    if "timeout" in k:
        return "timeout"
    if "hang" in k:
        return "hang"
    if "pagefault" in k or "page fault" in k:
        return "pagefault"
    if "innocentvictim" in k or "victim" in k or "submissionsignored" in k or "ignored" in k:
        return "victim"
    if "invalidresource" in k or "invalid resource" in k:
        return "invalid"
    return "other"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    peak = facts.get("peak_gb")
    peak_txt = f" The last reported peak was {peak:.1f} GB." if isinstance(peak, float) else ""
    requested, max_buffer = facts.get("requested"), facts.get("max_buffer")
    if max_buffer:
        req = int(requested or 0)
        ratio = req / max_buffer if max_buffer else 0
        if req >= 2**63:
            derived["what"] = f"an allocation of {req} bytes (a negative size wrapped around) exceeds the {max_buffer / _GB:.1f} GB Metal buffer cap"
            parts.append(f"MLX was asked for {req} bytes, which is 2^64 minus a small number: a size computed as negative (an int32 overflow in an array of >= 2^31 elements, or a bad cache record) and wrapped to unsigned. "
                         f"The Metal maximum buffer on this Mac is {fmt_bytes(max_buffer)}.")
            fix.append("This is a bug in the caller or in mlx: keep every array under 2^31 elements (split the work), upgrade mlx / mlx-lm, and report the command if it persists.")
        else:
            derived["what"] = f"one array of {req / _GB:.1f} GB exceeds the largest Metal buffer ({max_buffer / _GB:.1f} GB)"
            parts.append(f"A single array needed {fmt_bytes(req)} ({req / _GB:.1f} GB), {ratio:.1f}x the largest buffer Metal allows on this Mac ({fmt_bytes(max_buffer)}, MTLDevice.maxBufferLength). "
                         "No memory setting raises this cap: that one array must get smaller. In LLM serving it is usually the KV cache or prompt cache of a very long (or batched) prompt; in vision / diffusion an attention matrix of a large image.")
            fix.append(f"Cut that array by at least {ratio:.1f}x: shorter context / prompt, fewer prompts per batch, a smaller image or resolution, chunked prefill (mlx_lm --prefill-step-size).")
            fix.append("Upgrade mlx and the serving stack (mlx-lm, LM Studio mlx-engine): several releases fixed caches that were allocated as one oversized buffer.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("resource_limit"):
        n = facts["resource_limit"]
        derived["what"] = f"too many live Metal buffers (resource limit {n})"
        parts.append(f"MLX had {n} Metal buffers alive at once, the most the driver allows (iogpu.rsrc_limit; 499000 is MLX's fallback when that sysctl is absent). "
                     "This counts buffers, not bytes: it comes from a graph that is never evaluated, per-token buffers that pile up in a long-running generation, or freed buffers kept in MLX's cache." + peak_txt)
        fix.append("Evaluate often: mx.eval(...) each step / token (or mx.async_eval), and never build a graph across a whole Python loop.")
        fix.append("Between requests call mx.clear_cache() and cap the buffer cache: mx.set_cache_limit(<bytes>) (or MLX_METAL_CACHE_LIMIT in some servers).")
        fix.append("Upgrade mlx and mlx-lm (pip install -U mlx mlx-lm): buffer leaks in several model paths (MoE, MLA, hybrid caches) were fixed; restart a server that hit it - its generation thread is dead.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if requested and not facts.get("reason"):
        req = int(requested)
        derived["what"] = f"out of memory allocating {req / _GB:.2f} GB"
        parts.append(f"MLX could not get {fmt_bytes(req)} from Metal: the GPU's wired-memory budget was already used by the model, activations and cache." + peak_txt)
        if req < 1 * 1024**3:
            parts.append("The request itself is small: memory was already full when it came (8-16 GB Macs, or other apps holding RAM).")
        fix.append(_SHRINK)
        fix.append(f"Let the GPU use more RAM: {_WIRED}; close other memory-heavy apps.")
        fix.append("Upgrade mlx / mlx-lm: newer releases wire and free memory more carefully (mlx-examples #823 / #931).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    sig = facts.get("_signature")
    if sig == "metallib-missing":
        derived["what"] = "MLX's Metal shader library (mlx.metallib) was not found"
        parts.append("MLX could not load its compiled Metal kernels (mlx.metallib / default.metallib), so no GPU operation can run. "
                     "The library must sit next to libmlx (Python wheels) or be bundled with the app: a SwiftPM 'swift build' does not compile Metal shaders, "
                     "and a wheel installed for another Python or macOS version (an x86_64 Python under Rosetta) misses it.")
        fix.append("Python: pip install --force-reinstall mlx in a native arm64 Python (python -c 'import platform; print(platform.machine())' must say arm64).")
        fix.append("Swift apps / mlx-swift: build with xcodebuild (or Xcode) so the Metal library is compiled and bundled, or install the app's release build; "
                   "for a Homebrew-installed app, reinstall it or use the upstream release that bundles default.metallib.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if sig == "crash-check-error":
        derived["what"] = "a Metal command buffer failed and MLX aborted from Metal's completion thread (crash report)"
        parts.append("The crashed thread is Metal's completion queue ending in libmlx check_error: a command buffer MLX submitted came back with an error, "
                     "check_error threw '[METAL] Command buffer execution failed: <reason>' on a thread where nothing can catch it, and the process aborted (SIGABRT). "
                     "The crash report does not carry the reason; the process's stderr / the server log does. "
                     "In practice it is almost always memory (Insufficient Memory: the working set exceeded what macOS lets the GPU wire) or the GPU watchdog (Timeout) under memory pressure; "
                     "on some macOS releases the same pressure can even panic the kernel (IOGPUMemory 'completeMemory() prepare count underflow').")
        fix.append("Find the '[METAL] Command buffer execution failed: ...' line in the terminal / server log for the exact reason.")
        fix.append(_SHRINK)
        fix.append(f"Leave the GPU headroom: {_WIRED}, fewer concurrent requests / smaller batch and context, close other memory-heavy apps.")
        fix.append("Upgrade mlx and the app (mlx-lm, oMLX, LM Studio's mlx-engine): newer releases surface the error instead of aborting in more paths.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if sig == "no-metal-device":
        derived["what"] = "no Metal GPU visible to the process"
        parts.append("MLX asked Metal for the GPU and got an empty device list, and indexing it raised NSRangeException: the process runs where Metal sees no GPU "
                     "(a macOS VM or CI runner without GPU access, a sandboxed or headless session, a beta macOS the MLX build does not support).")
        fix.append("Run on the Mac itself (not a VM / container) in a logged-in session; check python -c 'import mlx.core as mx; print(mx.default_device())'.")
        fix.append("Upgrade mlx / the app: newer releases report a missing Metal device as an error instead of crashing.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    reason = facts.get("reason") or ""
    kind = facts.get("kind") or ""
    code = facts.get("code")
    k = _kind(reason, kind)
    label = reason.strip() + (f" ({code})" if code else "")
    if k == "oom":
        derived["what"] = "GPU out of memory in a command buffer (Insufficient Memory)"
        parts.append("Metal aborted a command buffer because its buffers did not fit in the memory macOS lets the GPU wire (max_recommended_working_set_size: about 2/3 of RAM on 8-16 GB Macs, 3/4 above)." + peak_txt
                     + " The error comes from Metal's completion thread, so the process is terminated (SIGABRT) instead of raising a Python exception.")
        fix.append(_SHRINK)
        fix.append(f"Or let the GPU wire more of the RAM: {_WIRED}.")
        fix.append("Close other apps using unified memory (browsers, a second model server, Docker Desktop's VM) and check Activity Monitor for swap.")
    elif k in ("timeout", "interactivity", "hang"):
        derived["what"] = "GPU watchdog killed a command buffer" + (" (Impacting Interactivity)" if k == "interactivity" else " (GPU Timeout Error)")
        parts.append(f"macOS's GPU watchdog killed a command buffer that ran too long ({label}). MLX encodes everything between two evals into command buffers; "
                     "one that takes seconds - a huge lazy graph, kernels slowed by memory pressure and swapping, a de-quantized / fused model much heavier than the quantized one, or a cross-stream wait that never finished - is terminated, and so is the process.")
        if k == "interactivity":
            parts.append("'Impacting Interactivity' is the stricter limit applied while the same GPU drives the display.")
        fix.append("Keep command buffers short: call mx.eval(...) every step (and inside long loops), lower --batch-size / --max-seq-length, avoid giant single ops.")
        fix.append("Stop swapping: if memory pressure is high, the fix is the out-of-memory one (smaller batch, 4-bit model, close apps); the timeout is how memory pressure shows.")
        fix.append("Upgrade: pip install -U mlx mlx-lm (MLX 0.24 fixed a multi-stream GPU deadlock that ended in this timeout, mlx #1969).")
        if k == "interactivity":
            fix.append("Run long jobs with the display idle (or on a Mac without a monitor session), or split the work into smaller evals.")
    elif k == "victim":
        derived["what"] = f"command buffer discarded after an earlier GPU error ({reason.strip()})"
        parts.append(f"Metal discarded this command buffer because of an earlier GPU fault ({label}); it is a consequence. Look for the first Metal error in the log (often a timeout or page fault from this or another app).")
        fix.append("Find and fix the first Metal error; if none is printed, restart the process (macOS ignores submissions from a process that caused repeated GPU errors).")
    elif k in ("pagefault", "invalid"):
        derived["what"] = f"GPU memory fault in a kernel ({reason.strip()})"
        parts.append(f"A kernel touched memory it does not own ({label}): an out-of-bounds index or a buffer used after it was freed. This is a bug, not a size problem - "
                     "typically an index out of range in your data (token id >= vocab size, gather indices) or an MLX / custom-kernel bug; very deep lazy graphs have also produced it.")
        fix.append("Check indices and token ids against array sizes (vocab size, embedding rows); evaluate more often (mx.eval) to keep graphs shallow.")
        fix.append("Upgrade mlx / mlx-lm / mlx-vlm and report a minimal repro with the model name if it persists.")
    else:
        derived["what"] = f"Metal command buffer failed ({reason.strip() or 'unknown reason'})"
        parts.append(f"Metal reported an error for an MLX command buffer ({label}).")
        fix.append("Upgrade mlx, evaluate more often, and reduce the batch / sequence size; report the full message if it persists.")
    if code:
        derived["metal_code"] = code
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
