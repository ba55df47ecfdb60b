"""Computed diagnosis for comfyui.model-family-mismatch: name the families behind the two widths."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# width of what arrived -> the encoder (or latent layout) that produces it
PRODUCERS = {
    768: "CLIP-L (SD 1.x text encoder, or Flux/SD3's pooled CLIP-L)",
    1024: "OpenCLIP ViT-H (SD 2.x text encoder)",
    1280: "CLIP-G alone (SDXL's second text encoder)",
    2048: "SDXL's CLIP-L + CLIP-G conditioning",
    4096: "T5-XXL / umT5-XXL (Flux.1, SD3, Wan, LTX-Video)",
    3584: "Qwen2.5-VL-7B (Qwen-Image text encoder)",
    2560: "Qwen3-4B (Z-Image text encoder)",
    64: "Flux.1 / SD3-style latent patches (16-channel VAE, 2x2 packed)",
    16: "a 16-channel latent (Flux.1 / SD3 / Wan 2.1 VAE)",
    4: "a 4-channel SD 1.x/SDXL latent",
}
# (in_features, out_features) of the layer -> the model that owns it
CONSUMERS = {
    (768, 320): "an SD 1.x UNet (expects CLIP-L, 768)",
    (1024, 320): "an SD 2.x UNet (expects OpenCLIP-H, 1024)",
    (2048, 640): "an SDXL UNet (expects CLIP-L+G, 2048)",
    (2048, 1280): "an SDXL UNet (expects CLIP-L+G, 2048)",
    (4096, 3072): "Flux.1 (context_embedder expects T5-XXL, 4096)",
    (768, 3072): "Flux.1 (vector_in expects pooled CLIP-L, 768)",
    (64, 3072): "Flux.1 (img_in expects 16-channel Flux latents)",
    (128, 3072): "a Flux.2-family model (img_in expects its 32-channel VAE latents)",
    (4096, 5120): "Wan 2.x 14B (text_embedding expects umT5-XXL, 4096)",
    (4096, 1536): "Wan 2.1 1.3B or SD3 Medium (expects T5-XXL, 4096)",
    (3584, 3072): "Qwen-Image (txt_in expects Qwen2.5-VL-7B, 3584)",
    (2560, 3840): "Z-Image (caption embedder expects Qwen3-4B, 2560)",
    (12288, 4096): "a Flux.2 [klein] 9B-class model (expects a stacked Qwen3-8B encoder, 12288)",
    (7680, 3072): "a Flux.2 [klein] 4B-class model (expects a stacked Qwen3-4B encoder, 7680)",
}
TEXT_WIDTHS = {768, 1024, 1280, 2048, 2560, 3584, 4096, 7680, 12288}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        got = int(facts["got"])
        expected = int(facts["expected"])
        out = int(facts["out"])
    except (KeyError, TypeError, ValueError):
        return None
    node = str(facts.get("node") or "").strip()
    where = f" in {node}" if node else ""
    producer = PRODUCERS.get(got)
    consumer = CONSUMERS.get((expected, out))
    fix: list[str] = []
    if producer and consumer:
        diagnosis = f"{producer} fed to {consumer}"
        text = (f"The layer{where} maps {expected} -> {out} features, which is {consumer}; the tensor reaching it is "
                f"{got} wide, which is {producer}. The workflow mixes two model families.")
    elif consumer:
        diagnosis = f"input {got} wide fed to {consumer}"
        text = (f"The layer{where} belongs to {consumer} but received a {got}-wide input: a text encoder, VAE/latent "
                "or add-on of another family is wired in.")
    else:
        diagnosis = f"model expects {expected}-wide input, got {got}"
        text = (f"A projection{where} of the diffusion model expects {expected} input features (-> {out}) and got {got}. "
                "Usually one of its inputs (conditioning, latent, add-on embedding) comes from another model family; "
                "when every loader matches the model, a custom node that patches the model (cache/speed-up, wrapper) "
                "produced the wrongly shaped tensor.")
    if expected in TEXT_WIDTHS or got in TEXT_WIDTHS:
        fix.append("Load the text encoder(s) made for the loaded model (check CLIPLoader/DualCLIPLoader file and 'type'); "
                   "do not reuse the CLIP output of another checkpoint.")
    if expected in (64, 128) or got in (4, 16, 64, 128):
        fix.append("Create/encode the latent with the VAE and empty-latent node of the same family as the model.")
    fix.append("Bypass IPAdapter/InstantID/ControlNet/LoRA nodes one at a time; use the variant made for this base model.")
    if not (producer or consumer):
        fix.append("Bypass model-patching custom nodes (TeaCache, block swap, attention patches) and update their packs.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
