"""Computed diagnosis for sadtalker.checkpoint-load-failed: which weights and which layout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OLD = {"audio2pose": "auido2pose_00140-model.pth", "audio2exp": "auido2exp_00300-model.pth"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = facts.get("component")
    if comp not in _OLD:
        return None
    fmt = facts.get("ckpt_format")
    if fmt == "safetensor":
        note = " (from the safetensors bundle)"
        text = (f"The run used the safetensors layout and could not read the '{comp}' part of "
                "checkpoints/SadTalker_V0.0.2_256.safetensors (or _512): the file is missing, truncated or not a safetensors file.")
        fix = ("ls -la checkpoints/  # the safetensors bundle is several hundred MB",
               "python -c \"import safetensors.torch as s; s.load_file('checkpoints/SadTalker_V0.0.2_256.safetensors')\"  # shows the hidden error",
               "Re-download with bash scripts/download_models.sh from the SadTalker root.")
    else:
        note = ""
        text = (f"SadTalker could not load its {comp} network; depending on the layout it reads the safetensors bundle "
                f"or checkpoints/{_OLD[comp]} (upstream spells it 'auido'). The original exception is hidden by a bare except.")
        fix = (f"Check that checkpoints/SadTalker_V0.0.2_256.safetensors or checkpoints/{_OLD[comp]} exists with its full size.",
               "For the webui extension, put the files in extensions/SadTalker/checkpoints or set SADTALKER_CHECKPOINTS.")
    return Explanation(text=text, fix=fix, derived={"format_note": note})
