"""Computed diagnosis for sat.model-name-not-in-model-urls: path or model name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    if not isinstance(name, str) or not name:
        return None
    is_path = "/" in name or "\\" in name or bool(re.search(r"\.(?:pt|pth|bin|zip|safetensors)$", name))
    if re.search(r"\.(?:pt|pth|bin|safetensors)$", name):
        folder = re.split(r"[\\/]", name)
        parent = "/".join(folder[:-2]) if len(folder) > 2 and folder[-2].isdigit() else "/".join(folder[:-1])
        diagnosis = "weights file passed instead of the checkpoint folder"
        text = (f"'{name}' is a weights file; sat loads a checkpoint directory (model_config.json, 'latest', the iteration folder) "
                "and treated the string as a model name.")
        fix = (f"--from_pretrained {parent or '<checkpoint folder>'}  # the folder that contains model_config.json",)
    elif is_path or name.endswith(".zip"):
        diagnosis = "checkpoint path is not an existing directory"
        text = f"'{name}' does not exist as a directory here (relative path, typo, or archive not extracted), so sat looked it up as a model name."
        fix = (f"ls -d {name} && ls {name}/model_config.json", "Unzip the checkpoint and pass the absolute path of the extracted folder.")
    else:
        diagnosis = f"'{name}' is not in this sat release's download table"
        text = (f"No folder '{name}' exists in SAT_HOME (~/.sat_models) and the installed SwissArmyTransformer has no download URL for it; "
                "the model was renamed or needs another sat version.")
        fix = ("python -c \"from sat.resources.urls import MODEL_URLS; print([k for k in MODEL_URLS if '" + name.split('-')[0] + "' in k])\"",
               "pip install -U SwissArmyTransformer, or download and unzip the checkpoint into $SAT_HOME/" + name + ".")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
