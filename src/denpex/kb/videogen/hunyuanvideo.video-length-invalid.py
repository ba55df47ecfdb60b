"""Computed diagnosis for hunyuanvideo.video-length-invalid: the nearest valid 4k+1 frame counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("num_frames")
    if not isinstance(n, int) or n < 0:
        return None
    down = max(1, (n - 1) // 4 * 4 + 1)
    up = down if (n - 1) % 4 == 0 else down + 4
    latent = (down - 1) // 4 + 1
    text = (f"{n} frames is not 4k+1 ({n}-1 = {n - 1} leaves remainder {(n - 1) % 4} when divided by 4), so the causal VAE "
            f"cannot map it to whole latent frames. Nearest valid counts: {down} ({latent} latent frames) or {up}.")
    fix = (f"Set num_frames / video_length to {down} or {up}.",
           f"Video-to-video: set the video loader's frame_load_cap to {down} (after select_every_nth / skip_first_frames) so the encoded clip has 4k+1 frames.")
    return Explanation(text=text, fix=fix, derived={"nearest_down": down, "nearest_up": up})
