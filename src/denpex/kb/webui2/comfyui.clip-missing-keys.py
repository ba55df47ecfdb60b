"""Computed diagnosis for comfyui.clip-missing-keys: harmless projection/scale keys vs a mismatched text encoder."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HARMLESS = ("logit_scale", "text_projection.weight", "text_projection")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("missing") or "")
    keys = re.findall(r"'([^']+)'", raw)
    if not keys:
        return None
    harmful = [k for k in keys if not any(k.endswith(h) for h in _HARMLESS)]
    derived: dict[str, Any] = {"missing_count": len(keys)}
    if not harmful:
        derived["verdict"] = "only logit_scale/text_projection - harmless"
        text = (f"Only {', '.join(keys)} are missing: tensors that prompt conditioning does not use. Generation is unaffected; "
                "newer ComfyUI logs this at debug level.")
        fix = ("Nothing to do (optionally update ComfyUI to silence it).",)
    else:
        prefixes = sorted({k.split(".")[0] for k in harmful})
        derived["verdict"] = f"{len(harmful)} encoder weights missing ({', '.join(prefixes[:4])}) - wrong CLIP type or file"
        derived["missing_prefixes"] = prefixes
        text = (f"{len(harmful)} text-encoder weights are missing (prefixes {', '.join(prefixes[:4])}): the file does not match the "
                "selected encoder type or is incomplete, so the prompt is encoded by partly random weights.")
        fix = ("Set the CLIP loader's type to the model family (flux / sd3 / hunyuan_video / wan ...) and put each file in the right slot.",
               "Re-download text-encoder files whose size differs from the source.")
    return Explanation(text=text, fix=fix, derived=derived)
