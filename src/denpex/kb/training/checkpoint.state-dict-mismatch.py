"""Computed diagnosis for checkpoint.state-dict-mismatch: which dimension differs and why keys differ."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PREFIXES = (
    ("module.", "DataParallel/DistributedDataParallel"),
    ("_orig_mod.", "torch.compile"),
    ("base_model.model.", "PEFT/LoRA"),
    ("model.", "a Lightning module or wrapper attribute"),
)


def _shape(s: Any) -> list[int] | None:
    if s is None:
        return None
    try:
        body = str(s).strip().strip("[]")
        return [int(x) for x in body.split(",") if x.strip()] if body else []
    except ValueError:
        return None


def _prefix_hint(unexpected: str | None, missing: str | None) -> tuple[str, str] | None:
    for pre, who in _PREFIXES:
        if unexpected and unexpected.startswith(pre) and not (missing or "").startswith(pre):
            if missing is None or unexpected[len(pre):] == missing or pre != "model.":
                return (f"The checkpoint's keys carry the '{pre}' prefix added by {who}; the model's do not.",
                        f"Strip it: sd = {{k.removeprefix('{pre}'): v for k, v in sd.items()}}; model.load_state_dict(sd)")
        if missing and missing.startswith(pre) and not (unexpected or "").startswith(pre) and unexpected is not None:
            return (f"The model's keys carry the '{pre}' prefix ({who}) but the checkpoint's do not: load before wrapping the model.",
                    f"Load into the unwrapped module (model.module.load_state_dict(sd)) or add the prefix: sd = {{'{pre}' + k: v for k, v in sd.items()}}")
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = facts.get("param")
    ck = _shape(facts.get("ckpt_shape"))
    md = _shape(facts.get("model_shape"))
    missing = facts.get("missing_key")
    unexpected = facts.get("unexpected_key")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if facts.get("_signature") == "accelerate-no-such-tensor" and param:
        owner = facts.get("model_class")
        where = f"module {owner}" if owner else "the module it names"
        parts.append(f"The checkpoint holds a tensor '{param}' for {where}, but the model this code built has no parameter or "
                     "buffer of that name: the weights come from another version or variant of the architecture than the "
                     "model class (a config option that adds the tensor, or an older/newer release of the model code).")
        fix.append("Load the checkpoint that matches this model version (or build the model from the checkpoint's own config), "
                   "or update the code (library / UI node) to the release that defines this tensor.")
    elif ck is not None and md is not None:
        if len(ck) == len(md):
            diff = [i for i, (a, b) in enumerate(zip(ck, md)) if a != b]
            derived["differing_dims"] = diff
            if len(ck) == 2 and ck == md[::-1] and ck != md:
                parts.append(f"{param or 'The tensor'} is {ck} in the checkpoint and {md} in the model: exact transposes, "
                             "so one side stores the layer as Conv1D (GPT-2 style) and the other as nn.Linear.")
                fix.append("Transpose those weights while converting (w.t()) or build the model with the same layer implementation.")
            elif diff:
                dims = ", ".join(f"dim {i}: {ck[i]} in checkpoint vs {md[i]} in model" for i in diff)
                parts.append(f"{param or 'A tensor'} differs in {dims}.")
                name = (param or "").lower()
                if 0 in diff and any(t in name for t in ("embed", "wte", "word_embeddings", "lm_head", "shared", "tok_")):
                    derived["vocab_ckpt"], derived["vocab_model"] = ck[0], md[0]
                    parts.append(f"This is a vocabulary-size difference ({ck[0]} vs {md[0]} tokens, {md[0] - ck[0]:+d}).")
                    fix.append(f"Use the tokenizer the checkpoint was trained with, or call model.resize_token_embeddings({ck[0]}) before loading.")
                elif 0 in diff and any(t in name for t in ("classifier", "fc.", "head", "score", "logits", "out_proj")) and len(diff) == 1:
                    derived["classes_ckpt"], derived["classes_model"] = ck[0], md[0]
                    parts.append(f"This is an output-size difference: the checkpoint has {ck[0]} outputs, the model {md[0]}.")
                    fix.append(f"Fine-tuning to {md[0]} classes: drop '{param}' (and its bias) from the state_dict and load with strict=False, "
                               f"or from_pretrained(..., num_labels={md[0]}, ignore_mismatched_sizes=True).")
                else:
                    parts.append("The model was built with a different configuration (width / size hyper-parameters) than the checkpoint was trained with.")
                    fix.append("Build the model from the checkpoint's own config (config.json / hparams) instead of the defaults.")
        else:
            parts.append(f"{param or 'A tensor'} has rank {len(ck)} in the checkpoint ({ck}) but rank {len(md)} in the model ({md}): a different layer type.")
    hint = _prefix_hint(str(unexpected) if unexpected else None, str(missing) if missing else None)
    if hint:
        parts.append(hint[0])
        fix.insert(0, hint[1])
        derived["key_prefix_problem"] = True
    elif missing and unexpected:
        parts.append(f"The model expects '{missing}' but the checkpoint provides keys like '{unexpected}': renamed modules or a different model class.")
    elif missing and not unexpected:
        parts.append(f"The checkpoint lacks '{missing}' (and possibly more): it is from a smaller or older model, or saved only part of it.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
