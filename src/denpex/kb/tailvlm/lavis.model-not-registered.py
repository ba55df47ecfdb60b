"""Computed diagnosis for lavis.model-not-registered: classify the model name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Registered on GitHub after the salesforce-lavis 1.0.x PyPI release (per LAVIS issues #108, #126).
_SOURCE_ONLY = {
    "blip2_image_text_matching", "blip2_feature_extractor", "blip2_vicuna_instruct", "blip2_t5_instruct",
    "blip_diffusion",
}
_KNOWN = {
    "blip2", "blip2_opt", "blip2_t5", "blip_caption", "blip_vqa", "blip_retrieval", "blip_feature_extractor",
    "blip_classification", "blip_nlvr", "blip_pretrain", "blip_image_text_matching", "albef_feature_extractor",
    "albef_retrieval", "albef_vqa", "albef_classification", "clip_feature_extractor", "clip", "alpro_qa",
    "alpro_retrieval", "gpt_dialogue", "pnp_vqa", "img2prompt_vqa", "pnp_unifiedqav2_fid",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr") or "from_pretrained"
    name = facts.get("name")
    if attr == "from_config" and not name:
        text = ("The registry returned None for the model's arch: the name in the config's model.arch is not registered, "
                "or the module that registers it failed to import.")
        fix = ("grep -n 'arch:' <your eval/train config>  # compare with the names in the @registry.register_model(...) decorators",
               "python -c 'import minigpt4.models' (or the repository's models package) to see an import error.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "arch not registered"})
    if not isinstance(name, str) or not name:
        return None
    if facts.get("_signature") == "config-not-registered":
        text = (f"The config's model.arch is '{name}', and no class registered under that name: the models package that "
                "registers it was not imported (deleted/renamed files, an import error inside it) or the arch is misspelled.")
        fix = (f"grep -rn 'register_model(\"{name}\")' .  # the class that should register it",
               "python -c 'import minigpt4.models' (or lavis.models) to see an import error that stops registration.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"arch '{name}' not registered"})
    fixed = name.replace("-", "_").lower()
    if fixed != name and (fixed in _KNOWN or fixed in _SOURCE_ONLY):
        diagnosis = f"'{name}' should be '{fixed}'"
        text = f"Registry names use underscores: '{name}' is not registered, '{fixed}' is."
        fix = (f"load_model_and_preprocess(name=\"{fixed}\", model_type=..., is_eval=True, device=device)",)
    elif fixed in _SOURCE_ONLY:
        diagnosis = f"'{name}' needs LAVIS from source"
        text = (f"'{name}' was added to LAVIS on GitHub after the PyPI release; a pip-installed salesforce-lavis does not register it "
                "(or its module failed to import).")
        fix = ("pip uninstall -y salesforce-lavis && git clone https://github.com/salesforce/LAVIS && cd LAVIS && pip install -e .",
               "python -c \"from lavis.models import model_zoo; print(model_zoo)\"  # confirm the name is listed")
    elif fixed in _KNOWN:
        diagnosis = f"'{name}' is a LAVIS model whose module did not register"
        text = (f"'{name}' is a standard LAVIS model, so its module probably failed to import (a missing or incompatible dependency) "
                "and never registered.")
        fix = ("python -c \"import lavis.models\"  # read the first error or warning",)
    else:
        diagnosis = f"'{name}' is not a LAVIS model name"
        text = f"'{name}' is not a model name LAVIS registers; check the spelling against the model zoo."
        fix = ("python -c \"from lavis.models import model_zoo; print(model_zoo)\"",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
