"""Computed diagnosis for einops.shape-mismatch: read the failing axis and suggest sizes that divide."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pattern = str(facts.get("pattern") or "")
    info = str(facts.get("axes_info") or "")
    shape = str(facts.get("input_shape") or "")
    n = as_int(facts.get("axis_length"))
    k = as_int(facts.get("chunk"))
    exp_d = as_int(facts.get("expected_dims"))
    got_d = as_int(facts.get("got_dims"))
    where = f" in pattern \"{pattern}\"" if pattern else ""
    lhs = pattern.split("->")[0] if "->" in pattern else pattern
    if exp_d is not None and got_d is not None:
        kind = "video tensor into image code" if got_d == exp_d + 1 else (
            "image tensor into video code" if got_d + 1 == exp_d else "tensor of another rank")
        text = (f"The pattern{where} expects a {exp_d}-D tensor but got a {got_d}-D one{(' ' + shape) if shape else ''}: "
                f"likely a {kind} (model code, extension and host UI from different versions).")
        return Explanation(text=text,
                           fix=("Update the extension/custom node and its host (WebUI/ComfyUI) together, or use the version pair they document.",
                                "print(x.shape) before the rearrange call to see which caller passes the wrong rank."),
                           derived={"diagnosis": kind, "detail": f"expected {exp_d}-D tensor, got {got_d}-D"})
    if n is None or k is None or k == 0:
        return None
    sig = facts.get("_signature")
    if sig == "length-not-equal":
        detail = f"axis of length {n} must equal {k}"
        text = f"A grouped axis{where} has length {n}, but the sizes passed ({info or 'keyword sizes'}) multiply to {k}."
        return Explanation(text=text, fix=("Pass sizes whose product equals the axis length, or produce an input with that length.",),
                           derived={"detail": detail, "diagnosis": "fixed sizes do not match the axis"})
    lo, hi = (n // k) * k, -(-n // k) * k
    if lo == 0:
        lo = hi
    detail = f"axis of length {n} is not a multiple of {k}"
    fixes: list[str] = []
    diagnosis = "axis length not a multiple of the chunk"
    if re.search(r"\(\s*\w+\s+f\s*\)|\(\s*b\s+t\s*\)|\bf\b", lhs) and re.search(r"['\"]?f['\"]?\s*:", info) and n < k:
        diagnosis = "batch smaller than the frame count"
        text = (f"The motion/temporal module groups batch and frames{where} with f={k}, but received a batch of {n}: "
                "a pass that is not a video (ADetailer, hires fix, img2img, another UI's sampler) or a batch size below the context length.")
        fixes += [f"Generate with batch/frame count a multiple of {k} (the motion module's context length).",
                  "Disable AnimateDiff for ADetailer/hires passes, or use an extension version made for this UI."]
    elif re.search(r"\(\s*[hw]\s+p[hw]\s*\)", lhs):
        diagnosis = "latent side not a multiple of the patch size"
        px, lo_px, hi_px = n * 8, lo * 8, hi * 8
        text = (f"A latent side of {n} (= {px} px) cannot be cut into {k}x{k} patches{where}.")
        fixes.append(f"Use a pixel size divisible by {k * 8}: {lo_px} or {hi_px} instead of {px}.")
    else:
        text = f"A grouped axis{where} has length {n}, not divisible by {k} ({info or 'given sizes'}); input shape {shape or 'unknown'}."
        fixes.append(f"Make that axis a multiple of {k}: {lo} or {hi} instead of {n} (frame count, tokens per frame, batch).")
    return Explanation(text=text, fix=tuple(fixes), derived={"detail": detail, "diagnosis": diagnosis})
