"""Computed diagnosis for checkpoint.shared-tensors-safetensors: what kind of sharing the listed names show."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EMBED = re.compile(r"(?:embed_tokens|wte|word_embeddings|shared|embed_in|tok_embeddings|embeddings?\.weight|emb\.weight)")
_HEAD = re.compile(r"(?:lm_head|embed_out|output\.weight|decoder\.weight|cls\.predictions)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("shared") or "")
    groups = re.findall(r"\{([^{}]*)\}?", raw)
    names = re.findall(r"'([^']+)'", raw)
    derived: dict[str, Any] = {"shared_names": len(names), "shared_groups": max(len(groups), 1 if names else 0)}
    layers = {m.group(1) for n in names for m in [re.search(r"(?:layers|h|blocks|layer|resnets)\.(\d+)\.", n)] if m}
    tie = bool(names) and len(names) <= 3 and any(_EMBED.search(n) for n in names) and any(_HEAD.search(n) for n in names)
    if tie and raw.lstrip().startswith("["):
        derived["what"] = "save_pretrained found an undeclared tie: " + " = ".join(names)
        text = (f"{' and '.join(names)} are the same tensor, but the model class does not declare this tie, so save_pretrained cannot drop the duplicate safely.")
        fix = ("In the custom model class declare the tie: _tied_weights_keys = ['" + next((n for n in names if _HEAD.search(n)), names[0]) + "'], implement get_input_embeddings/get_output_embeddings, and set config.tie_word_embeddings=True.",
               "Or save with safe_serialization=False (TrainingArguments(save_safetensors=False)) until the class declares its ties.")
        return Explanation(text=text, fix=fix, derived=derived)
    if tie:
        derived["what"] = "tied embeddings share memory: " + " = ".join(names)
        text = (f"{' and '.join(names)} are the same tensor (tied input and output embeddings). safetensors refuses to write two names for one storage; "
                "the duplicate must be dropped and re-tied on load.")
        fix = ("Save with model.save_pretrained(out_dir) (or trainer.save_model) rather than safetensors' save_file(model.state_dict()); for a plain nn.Module use safetensors.torch.save_model(model, path) and load_model.",
               "If a wrapper (custom VLM/PEFT wrapper) calls save_file itself, unwrap and call the inner model's save_pretrained, or declare _tied_weights_keys on the custom class.")
        return Explanation(text=text, fix=fix, derived=derived)
    if len(names) >= 8 or len(layers) >= 3:
        derived["what"] = f"{len(names)}+ unrelated weights share one storage (flattened/partitioned parameters)"
        text = (f"At least {len(names)} weights" + (f" from {len(layers)} different layers" if layers else "") +
                " share one storage: they are views into a single flat buffer - DeepSpeed ZeRO / FSDP flat parameters, ZeRO-3 empty placeholders, "
                "or weights a custom loader created as slices of one big tensor - not tied weights.")
        fix = ("Gather a full state dict before saving: sd = accelerator.get_state_dict(model); model.save_pretrained(out, state_dict=sd) (or trainer.save_model(), which gathers).",
               "DeepSpeed ZeRO-3: set stage3_gather_16bit_weights_on_model_save: true, or convert the checkpoint with zero_to_fp32.py; FSDP: state_dict_type FULL_STATE_DICT.",
               "Without DeepSpeed/FSDP (weights are real slices of one buffer): save independent copies: save_file({k: v.detach().clone().contiguous() for k, v in sd.items()}, path).",
               "Fallback: safe_serialization=False (a .bin file) - but check the saved tensors are not empty placeholders.")
        return Explanation(text=text, fix=fix, derived=derived)
    if names:
        derived["what"] = "shared tensors in the state dict: " + ", ".join(names[:4])
        text = (f"{', '.join(names[:6])} share memory. This is sharing transformers/safetensors does not know about: a custom module reusing a layer, "
                "a view kept as a separate parameter/buffer, or a tie not declared in _tied_weights_keys.")
        fix = ("If the tie is intended: declare it (_tied_weights_keys / config.tie_word_embeddings) and save with save_pretrained, or use safetensors.torch.save_model.",
               "If the tensors should be independent: clone one (param.data = param.data.clone()) before saving.",
               "Fallback: save_pretrained(..., safe_serialization=False) / TrainingArguments(save_safetensors=False).")
        return Explanation(text=text, fix=fix, derived=derived)
    derived["what"] = "safetensors refused tensors that share memory"
    return Explanation(
        text="Some state-dict entries share storage; the error's list of names tells which (two embedding/head names = tied weights; many layer names = flat ZeRO/FSDP buffers).",
        fix=("Tied weights: save_pretrained / safetensors.torch.save_model. Flat buffers: gather a full state dict first. Fallback: safe_serialization=False.",),
        derived=derived)
