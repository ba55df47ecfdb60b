"""Computed diagnosis for llava.model-class-import-failed: which module to import directly, which llava is loaded."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _module_for(cls: str) -> str:
    m = re.match(r"Llava(\w*?)ForCausalLM$", cls)
    stem = (m.group(1) if m else "").lower()
    if stem in ("", "llama"):
        stem = "llama"
    return f"llava.model.language_model.llava_{stem}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = facts.get("cls")
    if not isinstance(cls, str) or not cls:
        return None
    module = _module_for(cls)
    prefix = facts.get("prefix")
    if isinstance(prefix, str) and prefix.endswith("."):
        module = prefix + module
    location = facts.get("location")
    fix = [f"python -c \"from {module} import {cls}\"  # shows the import error that llava/model/__init__.py hides"]
    text = (f"llava.model did not define {cls}: importing {module} failed (typically flash-attn/bitsandbytes built for another "
            "torch, or a transformers version the code does not support) and the package's try/except swallowed the error.")
    diagnosis = "hidden import error in the language-model module"
    if isinstance(location, str) and location:
        loc = location.replace("\\", "/")
        if "site-packages" in loc or "dist-packages" in loc:
            text += f" The imported llava is the installed package at {location}, not a source checkout."
            fix.append("If you meant your clone: pip uninstall -y llava, then pip install -e . inside the clone.")
        elif (not loc.rstrip("/").endswith("llava/model/__init__.py") or "/llava/llava/" in loc
              or (isinstance(prefix, str) and prefix)):
            text += f" The imported llava lives at {location}."
        else:
            repo = loc.rsplit("/llava/model/__init__.py", 1)[0]
            if repo and repo != loc:
                text += f" The llava package comes from {repo}."
    if cls not in ("LlavaLlamaForCausalLM", "LlavaMistralForCausalLM", "LlavaMptForCausalLM", "LlavaQwenForCausalLM",
                   "LlavaMixtralForCausalLM", "LlavaGemmaForCausalLM"):
        diagnosis = f"{cls} is not part of this llava package"
        text += f" {cls} is not in the upstream LLaVA/LLaVA-NeXT packages: the script expects a fork's llava (or a baseline it does not ship)."
        fix.append(f"Check that {module.replace('.', '/')}.py exists in the imported llava; otherwise install the fork that provides it or drop that import.")
    fix.append("Then reinstall matching versions: torch first, flash-attn --no-build-isolation, transformers at the repo's pin.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "module": module})
