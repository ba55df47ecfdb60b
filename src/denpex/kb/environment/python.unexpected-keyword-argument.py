"""Computed diagnosis for python.unexpected-keyword-argument: which callee rejected which keyword, and the
known API changes behind the common cases."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# keyword -> [(callee substring ('' = any), explanation, fix)]
_KNOWN: dict[str, list[tuple[str, str, str]]] = {
    "evaluation_strategy": [("TrainingArguments", "transformers renamed TrainingArguments.evaluation_strategy to eval_strategy (deprecated in 4.41, removed in 4.46); on transformers < 3.4 the argument did not exist yet",
                             "Rename it to eval_strategy=... (transformers >= 4.41), or pin the transformers the script was written for.")],
    "num_items_in_batch": [("compute_loss", "transformers 4.46 started passing num_items_in_batch to Trainer.compute_loss; a subclass that overrides compute_loss without that parameter rejects it",
                            "Add the parameter to the override: def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None, **kwargs), or pin transformers<4.46."),
                           ("", "transformers 4.46+ passes num_items_in_batch through to the loss/forward; custom or remote-code models whose forward has no **kwargs reject it",
                            "Accept **kwargs in the custom forward/loss, upgrade the library that owns the model code, or pin transformers to the version it was written for.")],
    "tokenizer": [("Trainer", "transformers/TRL replaced Trainer(tokenizer=...) with processing_class=... (TRL 0.12 removed it from its trainers; transformers 5 removed it from Trainer)",
                   "Pass processing_class=tokenizer instead of tokenizer=tokenizer, or pin the transformers/TRL versions the script was written for.")],
    "dataset_text_field": [("SFTTrainer", "newer TRL releases moved dataset_text_field, max_seq_length and packing from SFTTrainer's arguments into SFTConfig",
                            "Pass them in the config: SFTTrainer(..., args=SFTConfig(dataset_text_field=..., max_seq_length=..., packing=...)), or pin the TRL version the script was written for.")],
    "max_seq_length": [("SFTTrainer", "newer TRL releases moved max_seq_length (later renamed max_length) from SFTTrainer's arguments into SFTConfig",
                        "Set it in SFTConfig(...) (max_length on recent TRL), or pin the TRL version the script was written for.")],
    "packing": [("SFTTrainer", "newer TRL releases moved packing from SFTTrainer's arguments into SFTConfig",
                 "Set SFTConfig(packing=...), or pin the TRL version the script was written for.")],
    "attn_implementation": [("", "attn_implementation is understood by transformers >= 4.36; an older transformers (or a remote-code model class) forwards it to the model's __init__, which rejects it",
                             "pip install -U transformers (>= 4.36), or drop attn_implementation and use the model's own flag (e.g. use_flash_attention_2 on 4.34-4.35).")],
    "weights_only": [("", "torch.load gained weights_only in torch 1.13; older torch passes it on to pickle's Unpickler, which rejects it",
                      "Upgrade torch to >= 1.13, or remove weights_only=... from the torch.load call (only with checkpoints you trust).")],
    "assign": [("load_state_dict", "Module.load_state_dict(assign=...) exists from torch 2.1 on",
                "Upgrade torch to >= 2.1, or drop assign=True (meta-device loading then needs to_empty() + load).")],
    "use_auth_token": [("", "huggingface libraries replaced use_auth_token with token and newer releases removed the old name",
                        "Pass token=... instead of use_auth_token=..., or pin the library version the code was written for.")],
    "sparse": [("OneHotEncoder", "scikit-learn 1.2 renamed OneHotEncoder(sparse=...) to sparse_output and 1.4 removed sparse",
                "Use OneHotEncoder(sparse_output=...), or pin scikit-learn<1.4.")],
    "trust_remote_code": [("", "this function or release predates trust_remote_code (an old transformers/datasets/vLLM)",
                           "Upgrade the library that owns the callee so it accepts trust_remote_code.")],
    "cache_position": [("forward", "newer transformers passes cache_position to every decoder layer's forward; remote-code or custom model classes written for an older transformers do not accept it",
                        "Pin transformers to the version the model code targets (see its config or README), or upgrade the model code / accept **kwargs.")],
    "position_embeddings": [("forward", "transformers >= 4.45/4.48 passes position_embeddings into the attention layers; model code written for an older transformers does not accept it",
                             "Pin transformers to the version the model code targets, or upgrade the model code (or the library that patches it, e.g. flash-attn/liger/unsloth patches).")],
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    keyword = str(facts.get("keyword") or "").strip("'\"")
    callee = str(facts.get("callee") or "").strip()
    if not keyword:
        return None
    kind = str(facts.get("kind") or "unexpected")
    suggestion = facts.get("suggestion")
    shown = callee if callee.endswith(")") else (f"{callee}()" if callee else "the called function")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {"callee_label": shown}
    if kind == "multiple":
        parts.append(
            f"{shown} received '{keyword}' twice: once by position (or through **kwargs) and once by name. When this comes from a "
            "library call, the positional parameters of the callee changed between versions (a new parameter was inserted before "
            f"'{keyword}'), so the caller's positional arguments now land in '{keyword}'."
        )
        fix.append(f"Pass the arguments of {shown} by keyword only, or align the versions of the calling and called packages (the callee's signature changed).")
        fix.append(f"If a wrapper forwards **kwargs, drop '{keyword}' from kwargs before passing it explicitly.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    known = None
    for sub, why, how in _KNOWN.get(keyword, []):
        if not sub or sub in callee:
            known = (why, how)
            break
    parts.append(f"{shown} does not accept the keyword argument '{keyword}'.")
    if known:
        parts.append(known[0] + ".")
        fix.append(known[1])
    else:
        parts.append(
            f"The caller passes '{keyword}' but the installed version of the code that defines {shown} has no such parameter: "
            "either the caller was written for a newer release that added it, or for an older one before it was renamed or removed. "
            "When both sides are libraries (e.g. transformers calling a remote-code model, TRL calling transformers), the two packages are at incompatible versions."
        )
        fix.append(f"Find where {shown} is defined (the last traceback frame) and which package owns the caller (the frame before it); upgrade or downgrade one of them so the versions match, or remove/rename '{keyword}' in your own call.")
    if suggestion:
        parts.append(f"Python suggests '{suggestion}': the parameter was probably renamed.")
        fix.insert(0, f"Rename the argument to {suggestion}=... if that is the same setting.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
