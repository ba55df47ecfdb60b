"""Computed diagnosis for diffusers.size-not-divisible: nearest valid sizes / frame counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _near(v: int, d: int) -> tuple[int, int]:
    lo = max(d, v // d * d)
    hi = lo if v % d == 0 else lo + d
    return lo, hi


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "frames-rounded":
        n = facts.get("temporal")
        arg = str(facts.get("frame_arg") or "num_frames")
        if not isinstance(n, int) or n <= 0:
            return None
        examples = ", ".join(str(k * n + 1) for k in (4, 8, 12, 16, 20))
        text = (f"The pipeline rounded {arg} down to the nearest k*{n}+1 value because its VAE compresses time {n}x; "
                "the video is shorter than requested but the run continues.")
        fix = (f"Request {arg} of the form k*{n}+1 ({examples}) to get exactly that many frames.",)
        return Explanation(text=text, fix=fix, derived={"suggestion": f"{arg} = k*{n}+1"})
    d, h, w = facts.get("divisor"), facts.get("height"), facts.get("width")
    if not all(isinstance(x, int) for x in (d, h, w)) or d <= 0:
        return None
    hl, hh = _near(h, d)
    wl, wh = _near(w, d)
    suggestion = f"{wl}x{hl} (or {wh}x{hh})"
    bad = [f"{name} {v} (remainder {v % d})" for name, v in (("height", h), ("width", w)) if v % d]
    warn = facts.get("_signature") == "size-warning"
    if warn:
        text = (f"{w}x{h} is not a multiple of {d}, so the pipeline resized it to {wl}x{hl} and continued "
                f"({', '.join(bad) or 'size'} not divisible) - the output is smaller than requested.")
    else:
        text = (f"The pipeline needs width and height divisible by {d} (VAE downsampling x patch size); "
                f"{', '.join(bad) or 'the size'} is not, so it raised before sampling.")
    fix = (f"Use width={wl}, height={hl} (round down) or width={wh}, height={hh} (round up), and resize/crop the input image or video to that size.",
           f"In apps or custom nodes, snap sizes with size // {d} * {d} before calling the pipeline.")
    return Explanation(text=text, fix=fix, derived={"suggestion": suggestion})
