"""Computed diagnosis for localai.backend-load-failed: which backends LocalAI tried, which error among
theirs is the real one (missing file, missing backend, unknown architecture, out of memory, crashed
backend process), and the model YAML that pins the backend."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ATTEMPT = re.compile(r'^(?P<b>[^\]"\s]+)(?:\] Fails: |"? error="?)(?P<e>.*)$')
_STAT = re.compile(r"stat (?P<p>/[^:\s]+(?::/[^:\s]+)*): no such file or directory")
_PATHS = (
    _STAT,
    re.compile(r"Failed to load model: (?P<p>\S+?)\. Error:"),
    re.compile(r"unsupported model type (?P<p>\S+)"),
    re.compile(r"Load model from (?P<p>\S+) failed"),
)
_JOINED = re.compile(r"(?:^|\n)(\[[^\]\s]+\]): ")
_SLOG_BACKEND = re.compile(r' backend="(?P<b>[^"]+)"$')
_ARCH = re.compile(r"unknown model architecture: '(?P<a>[^']+)'")
_BACKEND_MISSING = re.compile(r"backend not found: (?P<n>\S+)|grpc process not found: (?P<g>[^\s.]+(?:\.[^\s.]+)*)")

# classes, most telling first
_ORDER = ("arch", "oom", "missing-file", "crashed-llama", "backend-missing-llama", "crashed", "other", "backend-missing", "noise")


def _classify(err: str) -> str:
    low = err.lower()
    if _ARCH.search(err):
        return "arch"
    if any(k in low for k in ("out of memory", "cudamalloc failed", "failed to allocate", "outofdevicememory", "unable to allocate")):
        return "oom"
    if "no such file or directory" in low and "stat " in low:
        return "missing-file"
    if "backend not found" in low or "grpc process not found" in low:
        return "backend-missing"
    if any(k in low for k in ("error reading from server: eof", "code = canceled", "grpc service not ready",
                              "connection refused", "process exited", "exited before becoming ready")):
        return "crashed"
    if any(k in low for k in ("should end with .onnx", "protobuf parsing failed", "desc = unimplemented",
                              "returned no usable model", "failed loading model\n")):
        return "noise"
    return "other"


def _is_llama(backend: str) -> bool:
    return backend.startswith(("llama", "/build/backend/python/llama")) or "llama-cpp" in backend


def _run_file(facts: Mapping[str, Any]) -> Explanation | None:
    run_file = str(facts.get("run_file") or "").strip()
    if not run_file:
        return None
    folder = run_file.rsplit("/", 1)[0] if "/" in run_file else run_file
    variant = folder.rsplit("/", 1)[-1]
    name = str(facts.get("install_backend") or "").strip() or f"localai@{variant}"
    platform = ""
    for prefix, what in (("metal-", "the macOS/Metal build"), ("cuda13-", "the CUDA 13 build"), ("cuda12-", "the CUDA 12 build"),
                         ("rocm-", "the ROCm build"), ("intel-", "the Intel SYCL build"), ("cpu-", "the CPU build"),
                         ("vulkan-", "the Vulkan build")):
        if variant.startswith(prefix):
            platform = what
            break
    text = (f"LocalAI installed backend {name} into {folder}/ but found no run.sh there, so it rejected the install "
            f"('not a valid backend'). The backend image that was pulled{f' ({platform})' if platform else ''} did not unpack a "
            "runnable backend: the download was interrupted or left a partial folder, or the gallery resolved a variant that "
            "is not published for this platform (many Python backends have no macOS/Metal or CPU image).")
    fix = (f"Delete the partial folder and reinstall from the CLI to see the download: rm -rf {folder} && local-ai backends install {name}",
           "Check that the backend exists for your platform in the backend gallery (local-ai backends list); on macOS use the llama-cpp / metal-* backends or run the Docker image for Python backends.",
           "Update LocalAI (the gallery index and meta-backend capability mapping change between releases).")
    return Explanation(text=text, fix=fix, derived={"cause": f"backend {name} has no run.sh in {folder}", "backends_tried": name})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "backend-install-run-file-missing":
        return _run_file(facts)
    raw = facts.get("attempt") or []
    attempts: list[tuple[str, str]] = []
    for a in raw if isinstance(raw, list) else [raw]:
        m = _ATTEMPT.match(str(a))
        if m:
            attempts.append((m.group("b"), m.group("e").strip().rstrip('"')))
    b0, e0 = str(facts.get("backend") or ""), str(facts.get("load_error") or "").strip()
    tail = _SLOG_BACKEND.search(e0)  # LocalAI 3.9+ puts backend="X" after the error value
    if tail:
        b0, e0 = b0 or tail.group("b"), e0[: tail.start()].rstrip()
    if b0 and e0 and not any(b == b0 for b, _ in attempts):
        attempts.insert(0, (b0, e0))
    if not attempts and e0:
        # the joined final error: "[llama-cpp]: err\n[whisper]: err" (LocalAI 2.16+)
        parts_ = [p for p in _JOINED.split(e0.replace("\\n", "\n")) if p.strip()]
        if len(parts_) >= 2 and len(parts_) % 2 == 0:
            for i in range(0, len(parts_), 2):
                attempts.append((parts_[i].strip("[]: \n"), parts_[i + 1].split('","type"')[0].strip()))
        else:
            attempts.append((b0, e0))
    tried = []
    for b, _ in attempts:
        if b and b not in tried:
            tried.append(b)
    if facts.get("fallback") and facts["fallback"] not in tried:
        tried.append(str(facts["fallback"]))

    best: tuple[int, str, str, str] | None = None
    for b, e in attempts:
        cls = _classify(e)
        if cls in ("crashed", "backend-missing") and _is_llama(b):
            cls += "-llama"
        rank = _ORDER.index(cls)
        if best is None or rank < best[0]:
            best = (rank, cls, b, e)

    model_file = str(facts.get("model_file") or "")
    for _, e in attempts:
        for rx in _PATHS:
            m = rx.search(e)
            if m and not model_file:
                model_file = m.group("p")
    where = f" ({model_file})" if model_file else ""
    pin = ("Pin the backend in the model YAML so LocalAI stops guessing: `backend: llama-cpp` (or whisper / "
           "stablediffusion-ggml / diffusers / transformers for other model types) with "
           "`parameters: {model: <file relative to the models path>}`.")
    parts: list[str] = []
    fix: list[str] = []
    cause = "see the first backend's error"
    if len(tried) > 1:
        parts.append(f"LocalAI tried {len(tried)} backends ({', '.join(tried[:8])}{', ...' if len(tried) > 8 else ''}) because the model has no `backend:` pinned; most of their errors are noise from backends that never could read this file.")
    if best is None:
        parts.append("The backend's own error is in the lines above; rerun with --log-level=debug to see its stderr.")
        fix += [pin, "Check the model file exists under the models path; rerun with --log-level=debug."]
    else:
        _, cls, b, e = best
        b = b or "the backend"
        short = e if len(e) <= 220 else e[:217] + "..."
        if cls == "arch":
            arch = _ARCH.search(e).group("a")  # type: ignore[union-attr]
            cause = f"backend {b} does not know architecture '{arch}'"
            parts.append(f"The real error is from {b}: its llama.cpp does not know the model architecture '{arch}'{where}. Either the backend is older than this model family, or the file is not a text model (an image/audio GGUF sent to llama-cpp).")
            fix.append(f"Update the backend (local-ai backends install {b} / upgrade from the Backends page, or a newer LocalAI image) for '{arch}'; if it is an image or audio model, pin the backend that serves that type (stablediffusion-ggml, whisper...).")
            fix.append(pin)
        elif cls == "oom":
            cause = f"backend {b} ran out of memory"
            parts.append(f"The real error is from {b}: it ran out of memory loading the model{where} ({short}).")
            fix.append("Lower context_size and gpu_layers in the model YAML, use a smaller quantization, or stop other loaded models (--max-active-backends=1).")
            fix.append(pin)
        elif cls == "missing-file":
            cause = f"model file not found{where}"
            parts.append(f"The model file does not exist where LocalAI looks{where}: every backend that tried to open it got 'no such file or directory'.")
            if model_file and re.search(r"/(?:huggingface|ollama|oci|https?):/", model_file):
                parts.append("The path contains a URI scheme (huggingface://, ollama://...) used as a file name: the download never happened, so LocalAI looked for a literal file of that name.")
                fix.append("Install the model through the gallery / `local-ai models install`, or download the file yourself and set `parameters.model` to its file name.")
            fix.append(f"Check the file inside the container: ls -l {model_file or '<models path>/<file>'}; fix the volume mount, the --models-path, or the `model:` value in the YAML (it is relative to the models path).")
            fix.append(pin)
        elif cls == "backend-missing-llama" or cls == "backend-missing":
            m = _BACKEND_MISSING.search(e)
            name = (m.group("n") or m.group("g")) if m else b
            name = name.rsplit("/", 1)[-1] if name.startswith("/tmp/") else name
            cause = f"backend {name} is not installed"
            parts.append(f"The backend LocalAI needs ({name}) is not installed in this LocalAI: '{short}'.")
            fix.append(f"Install it: local-ai backends install {name if (not b or b.startswith('/')) else b} (LocalAI 3 installs backends separately), or use an image that bundles it (the -aio- or matching GPU image).")
            fix.append(pin)
        elif cls in ("crashed-llama", "crashed"):
            cause = "the backend process died while loading" if b == "the backend" else f"backend {b} process died while loading"
            parts.append(f"The {b} backend process died while loading the model{where} ('{short}'): the gRPC connection broke. Typical causes: out of memory (RAM or VRAM), a CPU without the instructions the build uses (AVX/AVX2/AVX-512), a driver mismatch, or a crash on this file.")
            fix.append("Rerun with --log-level=debug (LOCALAI_LOG_LEVEL=debug; DEBUG=true on LocalAI 2) and read that backend's stderr just before the failure: it names the crash.")
            fix.append("Memory: lower context_size / gpu_layers or use a smaller quantization; CPU: pin a CPU variant of the backend or a build for your CPU (check dmesg for 'invalid opcode' / 'Killed process').")
            fix.append(pin)
        else:
            cause = f"{b}: {short}"
            parts.append(f"The most telling error is from {b}: {short}.")
            fix.append(pin)
            fix.append("Check the model file exists under the models path and rerun with --log-level=debug to see the backend's own output.")
    if len(tried) == 1:  # already one backend: pinning is not the remedy
        fix = [f for f in fix if f is not pin]
    return Explanation(text=" ".join(parts), fix=tuple(fix),
                       derived={"backends_tried": ", ".join(tried) or "one backend", "cause": cause,
                                **({"model_file": model_file} if model_file else {})})
