"""Computed diagnosis for monai.meta-dict-key-missing: name the tensor that now carries the metadata."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SUFFIX = "_meta_dict"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    meta_key = facts.get("meta_key")
    if not isinstance(meta_key, str) or not meta_key.endswith(_SUFFIX):
        return None
    base = meta_key[: -len(_SUFFIX)] or "image"
    text = (f"'{meta_key}' is the pre-MetaTensor metadata entry of '{base}'. MONAI >= 0.9 keeps that metadata on "
            f"data['{base}'].meta, and LoadImaged (1.3+) no longer writes '{meta_key}' unless image_only=False.")
    fix = (f"Read it from the tensor: data['{base}'].meta['affine'] / data['{base}'].meta['filename_or_obj'] (batched: batch['{base}'].meta).",
           f"Or restore the old entry: LoadImaged(keys=[..., '{base}'], image_only=False).",
           "Or install the MONAI version pinned by the repository/bundle.")
    return Explanation(text=text, fix=fix, derived={"base_key": base, "diagnosis": f"{base} metadata read from removed key"})
