"""Computed diagnosis for llamacpp.metal-error: Metal OOM vs ignored submissions vs watchdog vs
allocation size vs shader-library problems, with the memory numbers where the log gives them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

MEM_FIX = (
    "Lower the memory need: smaller context (-c 4096 / ollama num_ctx), fewer GPU layers (-ngl N), "
    "a smaller quantisation, or a quantised KV cache (-fa -ctk q8_0 -ctv q8_0)."
)
WIRED_FIX = "If RAM allows, raise the GPU wired-memory limit: sudo sysctl iogpu.wired_limit_mb=<MB> (about 80% of RAM; resets on reboot)."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("reason_code") or "")
    reason = str(facts.get("reason") or "").strip()
    init_error = str(facts.get("init_error") or "")
    size_mib = facts.get("size_mib")
    size_b, max_b = facts.get("size_bytes"), facts.get("max_bytes")
    parts: list[str] = []
    fix: list[str] = []
    if code.endswith("OutOfMemory") or "Insufficient Memory" in reason:
        what = "GPU out of memory while running a command buffer (Insufficient Memory)"
        parts.append("The Metal command buffer failed because the GPU could not make its buffers resident: weights + KV cache + compute buffers exceed the memory macOS lets Metal wire.")
        fix += [MEM_FIX, WIRED_FIX, "Close other GPU/memory users (other model servers, ollama models kept loaded)."]
    elif code.endswith("SubmissionsIgnored") or reason.startswith("Ignored"):
        what = "macOS ignores the process's GPU work after earlier GPU errors"
        parts.append("macOS stopped accepting command buffers from this process because earlier ones failed; these lines repeat a previous error.")
        fix.append("Find the first Metal error in the log (often Insufficient Memory or a timeout) and fix that; restart the process afterwards.")
        fix.append("If the first error is memory: " + MEM_FIX)
    elif "Timeout" in code or "ImpactingInteractivity" in code:
        what = "a GPU command buffer hit the macOS GPU watchdog"
        parts.append("A Metal command buffer ran too long and the GPU watchdog stopped it (common with large batches on smaller GPUs or with a display attached).")
        fix.append("Use smaller batches (-b / -ub 256 or 128), a smaller model or context, and keep other GPU-heavy apps closed.")
    elif "PageFault" in code:
        what = "a GPU page fault in a Metal kernel"
        parts.append("A Metal kernel touched invalid memory (a page fault): usually a ggml bug or an unsupported model/tensor layout.")
        fix.append("Update llama.cpp/ollama to the latest build; if it persists, report it with the model and command line (run with -ngl 0 meanwhile).")
    elif code:
        what = f"Metal command buffer error {code}"
        parts.append(f"The Metal command buffer failed with {code} ({reason}).")
        fix.append("Update llama.cpp; try -ngl 0 to confirm the model runs on CPU.")
    elif isinstance(size_mib, (int, float)):
        what = f"Metal buffer allocation of {size_mib / 1024:.2f} GiB failed"
        parts.append(f"ggml could not allocate a Metal buffer of {size_mib:.2f} MiB ({size_mib / 1024:.2f} GiB): more than the GPU working-set limit allows in total, or more than one buffer may be.")
        fix += [MEM_FIX, WIRED_FIX]
    elif isinstance(size_b, int) and isinstance(max_b, int):
        what = f"buffer '{facts.get('buffer') or '?'}' of {fmt_bytes(size_b)} exceeds Metal's max buffer size {fmt_bytes(max_b)}"
        parts.append(f"The {facts.get('buffer') or ''} buffer needs {fmt_bytes(size_b)} in one MTLBuffer but the device allows at most {fmt_bytes(max_b)}; this ggml did not split buffers yet.")
        fix.append("Update llama.cpp (buffers are split at maxBufferLength since mid-2023), or use a smaller model/quantisation.")
    elif init_error:
        low = init_error.lower()
        if "no such file" in low or "couldn" in low or "file not found" in low or "code=258" in low or "code=260" in low or "file name is invalid" in low:
            what = "ggml_metal_init could not find its Metal shader source"
            parts.append(f"Metal initialisation failed loading the shader library ({init_error[:120]}): the build loads ggml-metal.metal at run time and the file (or a header it includes) is not where it looks.")
            fix.append("Use a build with the embedded library (cmake -DGGML_METAL_EMBED_LIBRARY=ON, the default in current llama.cpp), or export GGML_METAL_PATH_RESOURCES=<folder containing ggml-metal.metal and its headers>.")
        elif "program_source" in low:
            what = "the Metal shaders do not compile on this GPU/macOS"
            parts.append(f"The Metal compiler rejected ggml's shaders ({init_error[:120]}): this GPU or macOS lacks features they need (typical on Intel/AMD Macs or old macOS), unless the shader source is from another ggml version than the binary.")
            fix.append("Run on CPU (-ngl 0 / ollama num_gpu 0), or update macOS; make sure ggml-metal.metal belongs to the same build as the binary.")
        else:
            what = f"Metal initialisation failed ({init_error[:80]})"
            parts.append(f"ggml could not initialise Metal: {init_error[:160]}.")
            fix.append("Check that a Metal device is available (not a VM/CI runner without GPU); otherwise run with -ngl 0.")
    elif facts.get("_signature") == "context-metal-init-failed":
        what = "ggml_metal_init() failed, so no context was created"
        parts.append(f"{facts.get('function') or 'llama.cpp'} could not initialise the Metal backend and gave up on the context: "
                     "the ggml_metal_init lines just before it (when printed) give the reason - usually ggml-metal.metal not found next to the binary, "
                     "shaders that do not compile on this GPU/macOS, or no usable Metal device.")
        fix.append("Run from the directory holding ggml-metal.metal or export GGML_METAL_PATH_RESOURCES=<that folder>; current builds embed the library (GGML_METAL_EMBED_LIBRARY).")
        fix.append("Rebuild / update llama.cpp (or llama-cpp-python with CMAKE_ARGS=\"-DGGML_METAL=on\") so the binary and its shaders match; on Intel/AMD Macs or VMs run with -ngl 0.")
    else:
        st = facts.get("status")
        what = f"a Metal command buffer failed (status {st})" if st is not None else "a Metal command buffer failed"
        parts.append("A Metal command buffer did not complete (status 5 = error). With large contexts or models this is almost always the GPU running out of wired memory; the 'error:' line after it, when present, says which.")
        fix += [MEM_FIX, WIRED_FIX]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
