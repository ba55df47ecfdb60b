"""Computed diagnosis for sam2.build-config-not-a-model-config: name vs object vs empty model node."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    if sig == "load-state-dict-on-config":
        diagnosis = "model node composed without _target_"
        text = ("instantiate(cfg.model) returned a plain config: the composed config has no SAM 2 model definition. Hydra was "
                "initialised on another config module/directory, or the config name does not exist in the installed sam2 release.")
        fix = ("Pass a name that exists in sam2/configs of the installed package (sam2.1: 'configs/sam2.1/sam2.1_hiera_l.yaml'; "
               "first release: 'sam2_hiera_l.yaml').",
               "In wrappers: GlobalHydra.instance().clear(); initialize_config_module('sam2', version_base='1.2') before build_sam2.")
    else:
        passed = facts.get("passed_type") or ("DictConfig" if sig == "dictconfig-endswith" else "config object")
        diagnosis = f"{passed} passed as the config name"
        text = (f"build_sam2 received a {passed} where the config file NAME (a string) is expected; Hydra composes the config "
                "itself.")
        fix = ("build_sam2('configs/sam2.1/sam2.1_hiera_l.yaml', ckpt_path)  # a str, not OmegaConf.load(...) or a dict",
               "With a Path: pass str(path) relative to the config search path, after initialize_config_dir for custom dirs.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
