"""Computed diagnosis for detectron2.lazyconfig-as-yaml: the LazyConfig calls for the .py file given."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    f = facts.get("config_file")
    name = None
    if isinstance(f, str) and f.endswith(".py"):
        m = re.search(r"(?:model_zoo[/\\]configs[/\\]|configs[/\\])(.+\.py)", f)
        name = m.group(1).replace("\\", "/") if m else f
    shown = name or "<config>.py"
    text = (f"'{shown}' is a detectron2 LazyConfig (Python) file, but it went through the YAML loader "
            "get_cfg().merge_from_file, which cannot read Python.")
    fix = [
        f"cfg = LazyConfig.load(model_zoo.get_config_file('{shown}'))" if name and not name.startswith("/") else
        f"cfg = LazyConfig.load('{shown}')",
        "model = instantiate(cfg.model); DetectionCheckpointer(model).load(<checkpoint from MODEL_ZOO.md>); model.eval()",
        f"Training: python tools/lazyconfig_train_net.py --config-file {shown} (not tools/train_net.py).",
    ]
    yaml_name = shown[:-3] + ".yaml"
    if not shown.startswith("new_baselines/"):
        fix.append(f"Or keep get_cfg() and use the YAML version if the model zoo has one: {yaml_name}")
    derived = {"likely_cause": "lazyconfig-in-yacs-loader", "zoo_name": shown}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
