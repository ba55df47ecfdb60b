"""Computed diagnosis for numpy.invalid-value-cast: where the cast was, and what to try first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    line = str(facts.get("code_line") or "").strip()
    where = f" in `{line[:120]}`" if line else ""
    parts = [f"A float array holding NaN or inf was cast to an integer type{where}."]
    fix = []
    if "255" in line or "uint8" in line:
        parts.append("This is an image being written out: every NaN pixel became an arbitrary value (usually 0), so the image is black or blank.")
        fix.append("Run the model in float32 or bfloat16 (for Real-ESRGAN half=False; for diffusers torch_dtype=torch.float32 or an fp16-fixed VAE) and compare the output.")
        fix.append("Guard the cast: np.clip(np.nan_to_num(x), 0, 1) before (x * 255).astype(np.uint8).")
    else:
        fix.append("Check np.isnan(x).sum() just before the cast and follow the NaN back to where it first appears (a float16 overflow or a division by zero).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"where_text": where})
