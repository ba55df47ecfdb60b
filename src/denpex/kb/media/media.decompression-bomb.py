"""Computed diagnosis for media.decompression-bomb: image size, decoded memory and the limit that lets it open."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

DEFAULT_LIMIT = 89_478_485  # Image.MAX_IMAGE_PIXELS default (1024*1024*1024 // 4 // 3)


def _round_up(n: float) -> int:
    """A readable limit just above n (two significant digits, rounded up)."""
    if n <= 0:
        return 0
    mag = 10 ** max(0, int(math.log10(n)) - 1)
    return int(math.ceil(n / mag) * mag)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    px = facts.get("pixels")
    lim = facts.get("limit")
    if not isinstance(px, int) or lim is None:
        return None
    lim = float(lim)
    side = int(math.sqrt(px))
    rgb = fmt_bytes(px * 3)
    rgba = fmt_bytes(px * 4)
    ratio = px / lim if lim else float("inf")
    is_error_limit = abs(lim - 2 * DEFAULT_LIMIT) < 1
    is_warn_limit = abs(lim - DEFAULT_LIMIT) < 1
    parts: list[str] = []
    fix: list[str] = []
    if is_warn_limit:
        what = f"{px:,} pixels is above Pillow's warning threshold ({DEFAULT_LIMIT:,}); the image still opens"
        parts.append(f"The image has {px:,} pixels (about {side:,} x {side:,} if square; {rgb} as RGB). Between 1x and 2x "
                     "MAX_IMAGE_PIXELS Pillow only warns and opens it; it would raise above "
                     f"{2 * DEFAULT_LIMIT:,} pixels.")
        fix.append(f"Nothing to fix unless the run failed elsewhere; to silence it set Image.MAX_IMAGE_PIXELS = {_round_up(px * 1.1):,} for trusted data "
                   "(or warnings.simplefilter('ignore', Image.DecompressionBombWarning)).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
    need = _round_up(px / 2 * 1.1) if is_error_limit else _round_up(px * 1.1)
    what = f"image of {px:,} pixels is {ratio:.1f}x Pillow's limit of {lim:,.0f}"
    parts.append(f"The image declares {px:,} pixels (about {side:,} x {side:,} if square), {ratio:.2f}x the limit of {lim:,.0f}; "
                 f"decoded it needs about {rgb} as RGB ({rgba} as RGBA) per copy.")
    if is_error_limit:
        parts.append("That limit is the default (2 x MAX_IMAGE_PIXELS): this is a genuinely large image, not a changed setting.")
        fix.append(f"Trusted data: from PIL import Image; Image.MAX_IMAGE_PIXELS = {need:,} (the error fires above twice this value) "
                   "or None, at module level of the dataset code so DataLoader workers inherit it.")
    elif lim < 2 * DEFAULT_LIMIT:
        parts.append(f"The limit {lim:,.0f} is below Pillow's default error threshold ({2 * DEFAULT_LIMIT:,}): something in this process set "
                     "Image.MAX_IMAGE_PIXELS to a smaller value" + (" - a fractional limit means it was computed at runtime" if lim != int(lim) else "") + ".")
        fix.append("Find where MAX_IMAGE_PIXELS is assigned (grep -rn MAX_IMAGE_PIXELS in your code and installed extensions) and fix or remove that setting.")
        fix.append(f"Or set Image.MAX_IMAGE_PIXELS = {need:,} after the code that lowered it runs.")
    else:
        parts.append(f"The limit {lim:,.0f} is a raised custom value, and this image is larger still.")
        fix.append(f"Raise it further for trusted data: Image.MAX_IMAGE_PIXELS = {need:,} (error above twice the setting), or None.")
    fix.append(f"Budget memory: about {rgb} per decoded image times DataLoader workers x prefetch_factor; for gigapixel files read tiles/windows "
               "(tifffile, rasterio windowed reads, OpenSlide) or pre-tile offline instead of decoding whole images.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
