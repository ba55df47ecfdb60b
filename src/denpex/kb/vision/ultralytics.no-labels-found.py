"""Computed diagnosis for ultralytics.no-labels-found: where YOLOv5 expected the labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cache = facts.get("cache")
    if not isinstance(cache, str) or not cache:
        return None
    sep = "\\" if "\\" in cache and "/" not in cache else "/"
    norm = cache.replace("\\", "/")
    parts = norm.split("/")
    has_labels = "labels" in parts
    has_images_cased = any(p.lower() == "images" and p != "images" for p in parts)
    hints: list[str] = []
    cause = "no-label-files"
    if has_images_cased:
        cause = "case-mismatch"
        hints.append("The path has an 'Images'-style folder: YOLOv5 only maps the lower-case '/images/' component to '/labels/' "
                     "(case-sensitive on Linux), so no label path was derived correctly.")
    elif not has_labels:
        cause = "no-images-component"
        hints.append("The cache is not inside a 'labels' folder: the image paths probably contain no '/images/' component, so "
                     "label paths were derived next to the images, where none exist.")
    if sep == "\\" or ":" in norm[:3]:
        hints.append("Windows path: list files with backslash paths used on Linux (or vice versa) do not resolve.")
    text = f"YOLOv5 found no label file for any image behind {cache}. " + " ".join(hints)
    fix = ("Lay out images/<split>/<name>.jpg and labels/<split>/<name>.txt with identical stems (YOLO format: class cx cy w h).",
           f"Delete the stale cache and rerun: rm '{cache}'",
           "Check one mapping by hand: replace the last /images/ of an image path with /labels/ and the extension with .txt; that file must exist.")
    return Explanation(text=text, fix=fix, derived={"likely_cause": cause})
