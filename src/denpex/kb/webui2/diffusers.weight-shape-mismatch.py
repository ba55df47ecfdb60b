"""Computed diagnosis for diffusers.weight-shape-mismatch: which dimension differs and which variant that points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: str) -> list[int]:
    out = []
    for p in str(s or "").split(","):
        p = p.strip()
        if p.isdigit():
            out.append(int(p))
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = str(facts.get("param") or "")
    exp, got = _dims(facts.get("expected")), _dims(facts.get("got"))
    if not param or not exp or not got:
        return None
    derived: dict[str, Any] = {"expected_shape": tuple(exp), "got_shape": tuple(got), "variant": ""}
    diff = [i for i in range(min(len(exp), len(got))) if exp[i] != got[i]]
    if len(exp) != len(got):
        derived["differs"] = "rank"
    elif diff:
        derived["differing_dim"] = diff[0]
    e = exp[diff[0]] if diff and len(exp) == len(got) else None
    g = got[diff[0]] if diff and len(exp) == len(got) else None
    variant = ""
    fix: list[str] = []
    if param.startswith("x_embedder") and e == 64 and g in (128, 384):
        variant = "FLUX.1 Fill" if g == 384 else "FLUX.1 Depth/Canny"
        fix.append(f"Load with the {variant} config: from_single_file(path, config='black-forest-labs/FLUX.1-{'Fill' if g == 384 else 'Depth'}-dev', "
                   "subfolder='transformer') and use FluxFillPipeline / FluxControlPipeline.")
    elif param.startswith("conv_in") and e in (4, 8, 9) and g in (4, 8, 9):
        names = {4: "text-to-image", 8: "instruct-pix2pix", 9: "inpainting"}
        variant = f"{names[g]} UNet loaded with a {names[e]} config"
        fix.append(f"Use the {names[g]} model's own config/pipeline (in_channels={g}), e.g. StableDiffusionInpaintPipeline for 9 channels.")
    elif e in (768, 1024, 2048) and g in (768, 1024, 2048) and e != g:
        names = {768: "SD1.x", 1024: "SD2.x", 2048: "SDXL"}
        variant = f"{names[g]} weights with an {names[e]} config (cross-attention dim {g} vs {e})"
        fix.append(f"Load with an {names[g]} config/pipeline (cross_attention_dim={g}).")
    elif e is not None and g is not None:
        variant = f"dimension {diff[0]} is {g} in the checkpoint but {e} in the config (different model size/variant or diffusers version)"
        fix.append("Load with the config of the exact same model/variant (config=<repo>, subfolder=...) or upgrade diffusers to the version the model card names.")
    if variant:
        derived["variant"] = " - " + variant
    text = (f"{param}: the checkpoint tensor is {tuple(got)} but the model built from the config expects {tuple(exp)}"
            + (f" - {variant}." if variant else ".") + " Weights and config come from different variants.")
    fix.append("Only to deliberately re-initialise this layer: low_cpu_mem_usage=False, ignore_mismatched_sizes=True (the layer becomes random).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
