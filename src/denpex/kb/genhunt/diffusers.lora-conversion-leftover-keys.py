"""Computed diagnosis for diffusers.lora-conversion-leftover-keys: classify the leftover key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("first_key") or "")
    sig = str(facts.get("_signature") or "")
    if sig == "network-alpha-inconsistent":
        return Explanation(
            text=("The kohya-format LoRA stores a different alpha for some modules (per-block alphas, e.g. from a "
                  "block-weighted or merged LoRA); the old diffusers kohya converter supported only one alpha for the whole file."),
            fix=("pip install -U diffusers (0.18+ converts per-module alphas), or load the LoRA in a kohya-aware tool (ComfyUI, A1111) "
                 "or re-save it with a single network_alpha.",),
            derived={"diagnosis": "per-module network alphas not supported by this diffusers converter"},
        )
    if sig == "invalid-lora-checkpoint" or not key:
        return Explanation(
            text=("Some tensor names in the file do not contain 'lora': it is not a diffusers/PEFT LoRA (a full model, "
                  "a LyCORIS adapter or an embedding), or it was saved in a naming this diffusers version does not detect."),
            fix=("List the keys (safe_open(...).keys()) and load the file with the tool it was made for, or update diffusers.",),
            derived={"diagnosis": "file is not a LoRA diffusers recognises"},
        )
    leaf = key.rsplit(".", 1)[-1]
    module = key.rsplit(".", 2)[0] if key.count(".") >= 2 else key
    adapter = str(facts.get("adapter") or "")
    if "lokr_" in key or "hada_" in key or adapter in ("lokr_w", "hada_w"):
        kind = "LoKr" if ("lokr_" in key or adapter == "lokr_w") else "LoHa"
        diagnosis = f"LyCORIS {kind} adapter ({key})"
        text = (f"The file is a LyCORIS {kind} adapter (lokr/hada factors, e.g. {key}), not a low-rank LoRA: diffusers' converter only maps "
                "lora_A/lora_B (lora_down/lora_up) pairs.")
        fix = ("Load it with a LyCORIS-aware tool (ComfyUI LoraLoader, kohya/LyCORIS merge) or re-export/re-train as a plain LoRA.",)
    elif leaf == "alpha":
        diagnosis = f"alpha keys not consumed ({key})"
        text = ("Only alpha tensors were left over: this diffusers converter does not consume the alphas of this "
                "naming (a converter bug fixed in later releases).")
        fix = ("pip install -U diffusers (or from main), then load again.",)
    elif leaf in ("diff", "diff_b"):
        diagnosis = f"full weight deltas ({key})"
        text = "The file stores full weight differences (diff/diff_b), which the LoRA converter does not map."
        fix = ("Use a loader that applies weight diffs (ComfyUI) or drop those keys and accept the missing layers.",)
    else:
        diagnosis = f"unmapped module {module}"
        text = (f"The LoRA has layers on '{module}', which this diffusers converter has no mapping for: the trainer "
                "adapted modules beyond the ones diffusers converts.")
        fix = ("pip install -U diffusers (newer converters map more modules).",
               f"Or filter out the '{module}' keys before load_lora_weights (the adapter then misses that layer).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
