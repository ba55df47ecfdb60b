"""Computed diagnosis for system.illegal-instruction: which CPU generation the missing feature
implies and which package the trapping library belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FEATURES = {
    "sse4.1": "SSE4.1 (Intel Penryn 2008+, AMD Bulldozer+)",
    "sse4.2": "SSE4.2 (Intel Nehalem 2008+, AMD Bulldozer+)",
    "avx": "AVX (Intel Sandy Bridge 2011+, AMD Bulldozer 2011+; missing on Atom, most Celeron/Pentium Silver, older Xeons such as X5650/E5400 series)",
    "avx2": "AVX2 (Intel Haswell 2013+, AMD Excavator/Zen+; missing on Sandy/Ivy Bridge and low-end Atom-class CPUs)",
    "fma": "FMA3 (Intel Haswell 2013+, AMD Piledriver/Zen+)",
    "avx512f": "AVX-512 (Intel Skylake-SP/Xeon Scalable, Ice Lake, Sapphire Rapids, AMD Zen 4+; missing on most consumer Intel CPUs since Alder Lake and on AMD before Zen 4)",
}

_LIBS = (
    ("libtensorflow", "TensorFlow (prebuilt wheels need AVX since 1.6; newer ones AVX2/FMA on some platforms)"),
    ("_pywrap_tensorflow", "TensorFlow (prebuilt wheels need AVX since 1.6)"),
    ("libllama", "llama.cpp / llama-cpp-python (built with AVX2/AVX-512 or -march=native)"),
    ("libggml", "ggml / llama.cpp (built with AVX2/AVX-512 or -march=native)"),
    ("ollama", "an Ollama runner (CPU variant with AVX2/AVX-512)"),
    ("libbitsandbytes", "bitsandbytes (CPU ops compiled for newer x86 extensions)"),
    ("libtorch_cpu", "PyTorch's CPU library (dispatches at runtime; a SIGILL here suggests a custom build or a CPU/hypervisor misreporting its features)"),
    ("libonnxruntime", "onnxruntime"),
    ("dlib", "dlib (built with AVX)"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    feat = str(facts.get("cpu_feature") or "")
    built_by = facts.get("built_by")
    if feat:
        key = feat.lower()
        key = "avx512f" if key.startswith("avx512") else key
        gen = _FEATURES.get(key)
        derived["missing_cpu_feature"] = feat
        who = f"{built_by} was" if built_by else "The binary was"
        parts.append(f"{who} compiled for {gen or feat} and this CPU does not report {feat}")
        if built_by == "jaxlib":
            fix.append("On an Apple Silicon Mac this is an x86_64 Python running under Rosetta 2, which has no AVX: "
                       "install an arm64 Python (python -c 'import platform; print(platform.machine())' must print arm64) "
                       "and reinstall jax/jaxlib there.")
        if key == "avx":
            fix.append("This CPU has no AVX at all: use a no-AVX build (TensorFlow <= 1.5 or a community no-AVX wheel, llama.cpp with every GGML_AVX* option OFF) or a newer machine.")
        elif key in ("avx2", "fma"):
            fix.append(f"Use a build targeting AVX only (e.g. llama.cpp -DGGML_AVX2=OFF -DGGML_FMA=OFF, an 'avx' wheel variant), or run on a CPU with {feat}.")
        elif key == "avx512f":
            fix.append("Use a build without AVX-512 (llama.cpp -DGGML_NATIVE=OFF -DGGML_AVX512=OFF, or an avx2 wheel variant).")
    lib = str(facts.get("library") or "")
    if lib:
        derived["faulting_library"] = lib
        owner = next((desc for frag, desc in _LIBS if frag in lib), None)
        proc = facts.get("process")
        where = f" in process {proc}" if proc else ""
        parts.append(f"the kernel trapped an invalid opcode{where} inside {lib}" + (f", i.e. {owner}" if owner else ""))
        if not feat:
            fix.append(f"Rebuild or reinstall the package that ships {lib} for this CPU (no -march=native; match the extensions listed in /proc/cpuinfo).")
    if isinstance(facts.get("failed_local_rank"), int) or (facts.get("pid") and not lib and not feat):
        parts.append("exit status -4 / 132 means the worker died of signal 4 (SIGILL)")
    if not parts:
        return None
    return Explanation(text="The CPU met an instruction it does not implement; " + "; ".join(parts) + ".", fix=tuple(fix), derived=derived)
