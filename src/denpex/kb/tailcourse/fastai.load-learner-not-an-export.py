"""Computed diagnosis for fastai.load-learner-not-an-export: which mistake, with the call to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "v1-not-a-directory":
        path = str(facts.get("path") or "")
        if not path:
            return None
        folder, _, name = path.replace("\\", "/").rpartition("/")
        folder = folder or "."
        return Explanation(
            text=f"fastai 1.x load_learner takes a folder and a file name; it was given the file `{path}` and looked for `{path}/export.pkl`.",
            fix=(f"learn = load_learner('{folder}', '{name}')",),
            derived={"what": "a file path where v1 wants a folder", "diagnosis": "v1 load_learner(path, file) API"})
    if sig in ("v2-dict-no-dls", "v1-keyerror-data"):
        v = "2.x" if sig == "v2-dict-no-dls" else "1.x"
        return Explanation(
            text=f"load_learner (fastai {v}) unpickled a plain dict: the file is a Learner.save / SaveModelCallback weights file, not a Learner.export file.",
            fix=("Rebuild the Learner (same DataLoaders + architecture) and call learn.load('<name>') for a .save file,",
                 "or in training run learn.export('export.pkl') and load_learner that file."),
            derived={"what": "a weights file from Learner.save", "diagnosis": "weights file passed to load_learner"})
    return None
