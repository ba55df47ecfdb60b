"""Computed diagnosis for transformers.auto-mapping-custom-config: which Auto mapping refused the class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("config_class") or "the config class")
    mapping = str(facts.get("mapping") or "")
    fix: list[str] = []
    if mapping == "TOKENIZER_MAPPING":
        mapping_text = "tokenizer "
        text = (f"AutoTokenizer found no tokenizer_class in the model folder's tokenizer_config.json and fell back to "
                f"TOKENIZER_MAPPING[{cls}]; {cls} is the project's own config class, unknown to transformers.")
        fix.append("Put the base LLM's tokenizer files in the model folder (or add \"tokenizer_class\" to tokenizer_config.json), or load LlamaTokenizer / the base tokenizer class directly.")
    elif mapping:
        mapping_text = f"{mapping} "
        text = (f"{mapping} was asked for a class to build from {cls}, a config class the project registered only with "
                "AutoConfig; transformers has no entry for it in that mapping.")
        fix.append(f"Register it before loading (e.g. AutoModelForCausalLM.register({cls}, <ModelClass>)) or construct the project's model class directly.")
    else:
        mapping_text = ""
        text = (f"An Auto class looked up {cls} by name and found no model type for it: a project-defined config class "
                "not registered with the Auto mapping being used.")
        fix.append("Find the Auto call above auto_factory.py in the traceback; load that class directly or register the config with it.")
    return Explanation(text=text, fix=tuple(fix), derived={"mapping_text": mapping_text})
