"""Computed diagnosis for tfjs.node-binding-missing: which napi folder and what to put there."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("binding_path") or "")
    if not path:
        return None
    m = re.search(r"napi-v(\d+)", path)
    napi = m.group(1) if m else None
    folder = path.rsplit("\\" if "\\" in path else "/", 1)[0]
    sig = facts.get("_signature")
    if sig == "windows-dlopen":
        text = (f"Windows could not load {path}: the addon or a DLL it needs (tensorflow.dll, VC++ runtime) is missing "
                f"from {folder}.")
        fix = (f"Check that {folder} holds both tfjs_binding.node and tensorflow.dll; copy tensorflow.dll from "
               "node_modules\\@tensorflow\\tfjs-node\\deps\\lib into it, install the VC++ redistributable.",
               "Or reinstall: npm rebuild @tensorflow/tfjs-node --build-addon-from-source")
    else:
        text = f"The native addon was never installed at {path}" + (f" (N-API v{napi} folder is empty)" if napi else "") + "."
        fix = ("Reinstall with install scripts enabled: rm -rf node_modules/@tensorflow && npm install @tensorflow/tfjs-node",
               "Check node -p process.versions.napi" + (f" is {napi}" if napi else "") + " and that the libtensorflow download is not blocked (proxy/offline).")
    derived = {"napi_folder": folder}
    if napi:
        derived["napi_version"] = int(napi)
    return Explanation(text=text, fix=fix, derived=derived)
