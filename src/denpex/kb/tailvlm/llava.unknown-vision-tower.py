"""Computed diagnosis for llava.unknown-vision-tower: classify the tower value."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN_ENCODERS = re.compile(r"(clip-vit-[\w-]+|siglip[\w-]*|eva[\w-]*|dinov2[\w-]*|LanguageBind[\w-]*)", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tower = facts.get("tower")
    if not isinstance(tower, str) or not tower:
        return None
    kind = facts.get("kind") or "vision"
    key = {"vision": "mm_vision_tower", "image": "mm_image_tower", "video": "mm_video_tower"}.get(str(kind), "mm_vision_tower")
    tower = tower.rstrip("/")
    is_path = tower.startswith(("/", "./", "../", "~")) or bool(re.match(r"^[A-Za-z]:[\\/]", tower)) or tower.count("/") > 1
    enc = _KNOWN_ENCODERS.search(tower)
    if is_path:
        hub = None
        if enc:
            name = enc.group(1)
            hub = f"google/{name}" if name.lower().startswith("siglip") else (f"openai/{name}" if name.lower().startswith("clip-vit") else None)
        diagnosis = "local path from another machine or missing folder"
        text = (f"The {kind} tower is the path '{tower}', which does not exist here; the builder accepts a path only if it exists "
                "(released checkpoints often keep the author's path in config.json).")
        fix = [f"Set \"{key}\" in the checkpoint's config.json to an existing folder"
               + (f" or to the Hub id \"{hub}\"" if hub else "") + "."]
        if hub:
            fix.append(f"huggingface-cli download {hub} --local-dir <dir>  # then point {key} at <dir>")
    elif "siglip" in tower.lower():
        diagnosis = "installed llava code does not support SigLIP towers"
        text = (f"'{tower}' is a valid Hub model, but the imported llava builder only knows CLIP towers: the original LLaVA package is "
                "installed while the checkpoint needs LLaVA-NeXT / OneVision code.")
        fix = ["python -c \"import llava; print(llava.__file__)\"  # shows which llava is imported",
               "pip uninstall llava; pip install -e . inside a LLaVA-NeXT clone (fresh environment recommended)."]
    else:
        diagnosis = "tower name not recognised by this builder"
        text = f"'{tower}' is not an existing path and not a name this builder recognises (openai/..., laion/... for CLIP)."
        fix = [f"Use a Hub id such as openai/clip-vit-large-patch14-336 or an absolute existing path in \"{key}\" / --vision_tower."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
