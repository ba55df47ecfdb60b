"""Computed diagnosis for onnxruntime.web-no-backend: classify the first backend's error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "").strip()
    detail = str(facts.get("detail") or "").strip()
    if not backend and not detail:
        return None
    first = detail.split(", [", 1)[0]
    d = first.lower()
    if "magic word" in d and "3c 21 44 4f" in d:
        cause = "the .wasm URL returned an HTML page ('<!DO' = <!DOCTYPE): the file is not served at that path"
        fix = ("Copy node_modules/onnxruntime-web/dist/*.wasm into the public/static folder and set ort.env.wasm.wasmPaths to that URL.",)
    elif "fetching of the wasm failed" in d or "failed to parse url" in d or "failed to fetch" in d:
        cause = "the .wasm file could not be fetched (wrong wasmPaths, offline, CORS)"
        fix = ("Set ort.env.wasm.wasmPaths to a reachable folder holding the ort-wasm*.wasm files of the installed version.",)
    elif "linkerror" in d or "is not a function" in d or "signature mismatch" in d:
        cause = "the .wasm and the JavaScript come from different onnxruntime-web builds"
        fix = ("Serve the .wasm files from the same onnxruntime-web version as the JS (pin the CDN URL to that version, clear caches).",)
    elif "backend not found" in d:
        if backend == "wasm":
            cause = "this package has no wasm backend (onnxruntime-node) or the wasm bundle was not imported"
            fix = ("With onnxruntime-node use executionProviders: ['cpu']; for wasm use onnxruntime-web.",)
        else:
            cause = f"the '{backend}' backend is not registered by the imported bundle"
            fix = (f"Import the bundle that includes {backend} (e.g. 'onnxruntime-web/webgpu' on older releases) or request ['{backend}', 'wasm'].",)
    elif "adapter" in d or "webgpu" in d:
        cause = "WebGPU is not available in this browser/context"
        fix = ("Check await navigator.gpu?.requestAdapter() (needs https and a supported browser/GPU); fall back to 'wasm'.",)
    elif "memory" in d:
        cause = "the WebAssembly module ran out of memory (common on phones, 32-bit browsers)"
        fix = ("Use a smaller / quantized model, set ort.env.wasm.numThreads = 1, or run on WebGPU.",)
    else:
        cause = first or "no backend reported a reason"
        fix = ("Open the Network tab: check the ort-wasm*.wasm request and the versions of JS and .wasm.",)
    label = f"[{backend}] " if backend else ""
    text = f"No onnxruntime backend could start; the first failure was {label}{first[:200]} -> {cause}."
    return Explanation(text=text, fix=fix, derived={"backend": backend or "none"})
