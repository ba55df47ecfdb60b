"""Computed diagnosis for kohya.no-training-data: which folder was skipped and the layout to use."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    ignored = str(facts.get("ignored_dir") or "").strip().strip("'\"")
    count = facts.get("image_count")
    derived: dict[str, Any] = {}
    if sig == "metadata-style":
        derived["where"] = " (metadata file lists no images under train_data_dir)"
        return Explanation(
            text=("The fine-tuning trainer takes its image list from the in_json metadata file; none of its entries resolved to an "
                  "image under train_data_dir (metadata built for another folder, empty, or train_data_dir wrong)."),
            fix=("Rebuild the metadata for this train_data_dir (finetune/merge_captions_to_metadata.py then prepare_buckets_latents.py), "
                 "or use a dataset_config TOML with image_dir pointing at the images.",),
            derived=derived,
        )
    fix: list[str] = []
    if ignored:
        name = re.split(r"[\\/]", ignored.rstrip("\\/"))[-1]
        derived["ignored_dir"] = ignored
        derived["where"] = f" (folder '{name}' was skipped: its name has no '<repeats>_' prefix)"
        text = (f"sd-scripts skipped the folder '{name}' because its name does not start with '<repeats>_', so the dataset is "
                "empty. In DreamBooth mode only sub-folders named like 10_name are read, and the number is the repeat count.")
        fix.append(f"Rename '{name}' to e.g. '10_{name}' (10 repeats) and keep train_data_dir pointing at its parent folder.")
    else:
        derived["where"] = " (train_data_dir probably points at the image folder, not its parent)"
        text = ("No '<repeats>_<name>' sub-folder with images was found under train_data_dir. The usual cause is train_data_dir "
                "pointing at the image folder itself (e.g. .../img/10_mychar) instead of its parent (.../img).")
        fix.append("Set train_data_dir to the folder that CONTAINS the '<repeats>_<name>' image folder(s).")
    if count is not None:
        derived["image_count"] = count
        if count == 0:
            text += " The trainer reported 0 train images with repeating."
    fix.append("Alternatively describe the data in a dataset_config TOML ([[datasets.subsets]] image_dir=..., num_repeats=N), which needs no folder naming.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
