"""Computed diagnosis for megatron.core-api-mismatch: which copy of Megatron, which caller, which cure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_IMPORTERS = {
    "nemo_aligner": "NeMo-Aligner", "NeMo-Aligner": "NeMo-Aligner", "nemo_rl": "NeMo-RL",
    "Megatron-Bridge": "Megatron-Bridge", "verl": "verl", "swift": "ms-swift", "nemo": "NeMo",
}


def _importer(raw: object) -> str:
    text = str(raw or "")
    if not text:
        return ""
    if text.startswith("megatron"):
        return "Megatron-Bridge"
    return _IMPORTERS.get(text, text)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    module = str(facts.get("module") or "")
    name = str(facts.get("name") or "")
    path = str(facts.get("path") or "")
    who = _importer(facts.get("importer"))
    if not module:
        return None
    derived: dict[str, Any] = {"importer_label": f"{who}: " if who else ""}
    fix: list[str] = []
    caller = who or "the calling code"
    if sig == "repo-only-package":
        derived["missing"] = module
        derived["diagnosis"] = "repo-package-not-on-path"
        text = (f"{module} is part of the Megatron-LM repository, not of the megatron-core wheel (which ships only megatron/core): "
                f"{caller} expects a Megatron-LM checkout on the import path.")
        fix.append("git clone https://github.com/NVIDIA/Megatron-LM (at the tag matching your megatron-core) and export PYTHONPATH=/path/to/Megatron-LM:$PYTHONPATH, or pip install -e the checkout.")
        if module.startswith("megatron.optimizer"):
            fix.append("megatron.optimizer is the pre-2024 layout (now megatron.core.optimizer): use the Megatron-LM version the caller documents (verl / older NeMo name it).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if sig == "core-submodule-missing":
        derived["missing"] = module
        derived["diagnosis"] = "core-too-old"
        text = (f"The imported megatron.core has no subpackage {module}: it is older than {caller} expects "
                "(early megatron-core wheels lacked dist_checkpointing, models, transformer.moe ...) or an incomplete install.")
    else:
        derived["missing"] = f"{name} in {module}" if name else module
        derived["diagnosis"] = "api-mismatch"
        text = f"{caller} imports {name or 'a name'} from {module}, which the imported Megatron-Core does not define"
        if path:
            if "site-packages" in path or "dist-packages" in path:
                text += f" (a pip-installed megatron-core: {path})"
                derived["install"] = "wheel"
            else:
                text += f" (a source checkout: {path})"
                derived["install"] = "checkout"
        text += ": the two come from different releases (the name was added later or moved/removed since)."
        if sig == "core-attribute-missing":
            text += " NeMo reports such failed optional imports first; the import that stops the run usually follows."
    if path and derived.get("install") == "checkout" and "/opt/megatron-lm" in path:
        fix.append("You are mixing a framework build with the container's /opt/megatron-lm: use the container's own NeMo, or check out the Megatron-LM branch/tag your NeMo version pins in /opt/megatron-lm.")
    fix.append(f"Install the Megatron-Core version {caller} pins (see its requirements or release notes): pip install megatron-core==<pinned version>, or use the matching framework container unchanged.")
    fix.append("Make sure only one copy is importable: python -c 'import megatron.core; print(megatron.core.__file__)'.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
