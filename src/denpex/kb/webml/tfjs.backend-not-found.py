"""Computed diagnosis for tfjs.backend-not-found: which backend and the likely reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "").strip()
    if not backend:
        return None
    gl = facts.get("webgl_version")
    if facts.get("_signature") == "init-failed":
        text = (f"TF.js could not initialize the '{backend}' backend and dropped it; it continues on the next "
                "registered backend (often cpu, far slower).")
        return Explanation(text=text, fix=(f"Check {backend} availability in this browser (chrome://gpu) or select "
                                           "'wasm' explicitly to avoid the slow cpu fallback.",))
    if backend in ("webgl", "webgpu"):
        reason = ("the browser gave no WebGL context (WebGL is not supported here)" if gl is not None
                  else f"the {backend} backend package is not imported, or its initialization failed (no {backend} in this environment)")
        alt = "wasm"
        fix = (f"import '@tensorflow/tfjs-backend-{backend}' before tf.setBackend('{backend}'), and check chrome://gpu.",
               f"Fall back: if (!(await tf.setBackend('{backend}'))) await tf.setBackend('{alt}'); await tf.ready();")
    elif backend == "wasm":
        reason = "the wasm backend package is not imported or its .wasm files could not be loaded"
        fix = ("import '@tensorflow/tfjs-backend-wasm' and call setWasmPaths(<url of the wasm-out folder>) before setBackend('wasm').",)
    elif backend == "tensorflow":
        reason = "the Node.js native backend (@tensorflow/tfjs-node) is not loaded"
        fix = ("require('@tensorflow/tfjs-node') (or -gpu) before setBackend('tensorflow'); it only exists in Node.js.",)
    else:
        reason = f"no package registered a backend named '{backend}'"
        fix = (f"Import the package that provides '{backend}' or use one of tf.engine().registryFactory's names.",)
    return Explanation(text=f"tf.setBackend('{backend}') failed: {reason}.", fix=fix, derived={"backend": backend})
