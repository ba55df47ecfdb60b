"""Computed diagnosis for diffusion-pipe.dataset-empty: path problem or buckets below one batch."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    if path:
        return Explanation(
            text=f"No image or video files were found directly in '{path}': wrong folder, a folder of subfolders, or unsupported files.",
            fix=(f"Point path in the dataset TOML at the folder that holds the media files themselves (not a parent of '{path}').",),
            derived={"diagnosis": "dataset directory has no media"})
    bucket = str(facts.get("dropped_bucket") or "")
    if bucket:
        nums = re.findall(r"[\d.]+", bucket)
        frames = nums[-1] if nums else ""
        kind = "video" if frames not in ("", "1") else "image"
        return Explanation(
            text=(f"Size bucket {bucket} ({kind} bucket, {frames or '?'} frames) had fewer items than one global batch and was dropped; "
                  "all buckets ended up empty."),
            fix=("Raise num_repeats for the directory, or lower micro_batch_size_per_gpu / gradient_accumulation_steps.",
                 "Use fewer resolutions, aspect-ratio buckets and frame_buckets so items are not spread too thin."),
            derived={"diagnosis": f"every bucket below one global batch ({kind})"})
    return Explanation(
        text="No size bucket holds a full global batch, or the dataset path yielded no files.",
        fix=("Check path, then raise num_repeats or lower the batch size / gradient accumulation.",),
        derived={"diagnosis": "empty dataset after bucketing"})
