"""Computed diagnosis for openclip.pretrained-weights-not-found: path or tag, and the closest valid tag."""

from __future__ import annotations

import ast
import difflib
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PATH_HINTS = ("/", "\\", ".bin", ".pt", ".pth", ".safetensors", ".ckpt")


def _tags(raw: Any) -> list[str]:
    if not isinstance(raw, str) or not raw.startswith("["):
        return []
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        return []
    return [str(t) for t in value] if isinstance(value, list) else []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pretrained = facts.get("pretrained")
    model = facts.get("model")
    if not isinstance(pretrained, str) or not isinstance(model, str):
        return None
    tags = _tags(facts.get("tags"))
    is_path = any(h in pretrained for h in _PATH_HINTS)
    if is_path:
        diagnosis = "checkpoint path does not exist"
        text = (f"'{pretrained}' is not a tag of {model}, so open_clip looked for it as a file and found nothing there "
                "(paths are resolved from the current working directory).")
        fix = [f"Check the file: python -c \"import os; print(os.path.abspath('{pretrained}'), os.path.exists('{pretrained}'))\"",
               "Pass an absolute path to the downloaded checkpoint, or download it where the project's README says."]
        if tags:
            fix.append(f"Or use a released tag for {model}: {', '.join(tags[:6])}.")
    elif not tags:
        diagnosis = f"'{pretrained}' is not a tag of {model} in this open_clip"
        text = (f"open_clip knows no pretrained tag '{pretrained}' for {model} (and no file of that name exists). "
                "The tag may belong to another architecture, or to a newer open_clip or a fork.")
        fix = [f"List the valid tags: python -c \"import open_clip; print(open_clip.list_pretrained_tags_by_model('{model}'))\"",
               "Upgrade open-clip-torch, or install the fork the project ships (pip install -e . in its folder)."]
    else:
        close = difflib.get_close_matches(pretrained, tags, n=1, cutoff=0.6)
        diagnosis = f"'{pretrained}' is not among the {len(tags)} tags of {model}"
        text = f"{model} has the tags {', '.join(tags)}; '{pretrained}' is not one of them."
        fix = []
        if close:
            fix.append(f"Did you mean pretrained='{close[0]}'?")
        fix.append("If the README names this tag, it needs a newer open_clip or the project's own open_clip fork.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
