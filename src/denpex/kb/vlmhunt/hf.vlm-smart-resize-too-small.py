"""Computed diagnosis for hf.vlm-smart-resize-too-small: which side is too small, by how much."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "aspect-ratio":
        try:
            ratio = float(facts.get("ratio"))
        except (TypeError, ValueError):
            return None
        text = f"The image's long side is {ratio:.1f} times its short side; smart_resize accepts at most 200."
        fix = (f"Split the image into about {int(ratio // 150) + 1} tiles along its long side, or pad the short side so the ratio falls under 200.",)
        return Explanation(text=text, fix=fix, derived={"problem": f"aspect ratio {ratio:.1f} > 200"})
    try:
        h = int(facts.get("height"))
        w = int(facts.get("width"))
        f = int(facts.get("factor"))
    except (TypeError, ValueError):
        return None
    small = [n for n, v in (("height", h), ("width", w)) if v < f]
    which = " and ".join(small) or "a side"
    text = (f"The image reaching smart_resize is {w} px wide and {h} px high; the {which} is below the patch factor {f} "
            f"(patch size x merge size), so it would map to zero patches.")
    fix = (f"Pad or upscale the image to at least {f}x{f} px (e.g. PIL ImageOps.pad(im, (max(w, {2 * f}), max(h, {2 * f})))) before the processor,",
           f"or drop images with min(h, w) < {f} from the dataset; if the original is large, it was scaled down first - split long images instead.")
    return Explanation(text=text, fix=fix, derived={"problem": f"{which} below factor {f}"})
