"""Computed diagnosis for hf.cache-symlinks-unsupported: name the repo from the cache folder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KINDS = {"models": "model", "datasets": "dataset", "spaces": "space"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cache_dir = str(facts.get("cache_dir") or "")
    if not cache_dir:
        return None
    last = cache_dir.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    parts = last.split("--")
    derived: dict[str, Any] = {}
    if len(parts) >= 3 and parts[0] in _KINDS:
        repo_id = parts[1] + "/" + "--".join(parts[2:])
        derived["repo_id"] = repo_id
        what = f"{_KINDS[parts[0]]} {repo_id}"
    else:
        what = "this cache"
    windows = ":" in cache_dir[:3] or "\\" in cache_dir
    text = (f"Files of {what} are copied instead of symlinked in the cache"
            + (" (Windows without Developer Mode/admin)" if windows else "")
            + "; downloads and loading work normally. This line is not the cause of a failure.")
    return Explanation(text=text, fix=("Optional: enable Developer Mode, or set HF_HUB_DISABLE_SYMLINKS_WARNING=1.",), derived=derived)
