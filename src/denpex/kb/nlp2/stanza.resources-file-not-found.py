"""Computed diagnosis for stanza.resources-file-not-found: default vs custom folder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("resources_path") or "").strip()
    if not path:
        return None
    sep = "\\" if "\\" in path and "/" not in path else "/"
    folder = path.rsplit(sep, 1)[0] if sep in path else "."
    default = "stanza_resources" in folder.rsplit(sep, 1)[-1]
    if default:
        text = (f"The Pipeline read the default resources folder {folder}, which has no resources.json: models were never "
                "downloaded there (download blocked, or downloaded with model_dir= into another folder / as another user).")
    else:
        text = (f"The Pipeline read the custom folder {folder}, which has no resources.json (manually unzipped models lack it, "
                "or the download went to another folder).")
    fix = (f"stanza.download('<lang>', model_dir=r'{folder}') then stanza.Pipeline('<lang>', dir=r'{folder}')",
           f"or export STANZA_RESOURCES_DIR={folder} for both download and run",
           "Offline: copy resources.json and the language folder from a connected machine into it; Pipeline(..., download_method=None).")
    return Explanation(text=text, fix=fix, derived={"resources_dir": folder, "default_dir": default})
