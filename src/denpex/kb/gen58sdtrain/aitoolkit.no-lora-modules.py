"""Computed diagnosis for aitoolkit.no-lora-modules: read the module counts and the model loaded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    unet = as_int(facts.get("unet_modules"))
    te = as_int(facts.get("te_modules"))
    arch = str(facts.get("model_arch") or "").strip()
    where = f" of the {arch} model" if arch else ""
    parts = []
    if unet == 0:
        parts.append(f"The network scan matched no layer of the transformer/U-Net{where} (create LoRA for U-Net: 0 modules)")
    else:
        parts.append(f"The LoRA network{where} ended up with no modules")
    if te == 0:
        parts.append("and none of the text encoder (normal: most presets train only the transformer)")
    text = " ".join(parts) + (
        ": the target list of the installed ai-toolkit does not fit this model (model newer than the code, a patched loader, "
        "LoKr/LyCORIS on this arch) or the only_if_contains / ignore_if_contains filters exclude every layer."
    )
    fix = [
        "git pull && pip install -r requirements.txt in the ai-toolkit folder, restart the UI, and choose the model type preset"
        + (f" for {arch}" if arch else "")
        + " (model.arch in the YAML).",
        "Use network type lora instead of lokr, and drop only_if_contains / ignore_if_contains from network_kwargs.",
    ]
    derived: dict[str, Any] = {"where": f" ({arch})" if arch else ""}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
