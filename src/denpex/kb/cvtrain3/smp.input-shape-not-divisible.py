"""Computed diagnosis for smp.input-shape-not-divisible: padding needed per side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _up(v: int, s: int) -> int:
    return v if v % s == 0 else (v // s + 1) * s


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    h, w, s = facts.get("height"), facts.get("width"), facts.get("stride")
    if not all(isinstance(v, int) for v in (h, w, s)) or not s:
        return None
    ph, pw = _up(h, s), _up(w, s)
    dh, dw = ph - h, pw - w
    off = [name for name, d in (("height", dh), ("width", dw)) if d]
    text = (f"Input {h}x{w} is not a multiple of the output stride {s} in {' and '.join(off) or 'neither side'}: "
            f"pad by {dh} rows and {dw} columns to {ph}x{pw}.")
    fix = (f"Pad before the model and crop after: x = torch.nn.functional.pad(x, (0, {dw}, 0, {dh}), mode='reflect'); "
           f"mask = model(x)[..., :{h}, :{w}]",
           f"Or in albumentations: A.PadIfNeeded(min_height=None, min_width=None, pad_height_divisor={s}, pad_width_divisor={s})",
           f"Or resize to {ph}x{pw} (or {ph - s if ph > s else ph}x{pw - s if pw > s else pw}) in the eval transforms.")
    return Explanation(text=text, fix=fix, derived={"padded_shape": f"{ph}x{pw}", "pad_rows": dh, "pad_cols": dw})
