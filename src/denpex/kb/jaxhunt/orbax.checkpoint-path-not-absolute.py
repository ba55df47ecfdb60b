"""Computed diagnosis for orbax.checkpoint-path-not-absolute: the path and how to resolve it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").rstrip(".,`")
    if not path:
        return None
    top = path.split("/", 1)[0]
    text = (f"Orbax got the relative directory '{path}'; with OCDBT it needs an absolute local path or gs://. "
            f"'{top}' is resolved against the current working directory.")
    fix = (f"Pass os.path.abspath('{path}') (or epath.Path('{path}').resolve()) to the CheckpointManager/Checkpointer,",
           f"or set the configured output directory to an absolute path such as $(pwd)/{path}.")
    return Explanation(text=text, fix=fix, derived={"relative_root": top})
