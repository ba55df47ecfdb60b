"""Computed diagnosis for hf.weights-newly-initialized: a new task head (expected) or body layers (a mismatch)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HEAD = re.compile(r"^(?:classifier|score|pooler|qa_outputs|lm_head|cls|heads?|pre_classifier|dropout|project|projection|"
                   r"\w+\.pooler|\w+_head|head\.|v_head|summary|seq_relationship|vocab_)|\.pooler\.|masked_bias|\.bias_k|position_ids")
_BODY = re.compile(r"(?:^|\.)(?:layers?|h|blocks?|encoder|decoder|embeddings?|embed_tokens|wte|wpe|attention|self_attn|mlp)\.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    cls = facts.get("model_class") or "the model"
    ckpt = facts.get("checkpoint") or "the checkpoint"
    if sig == "not-used":
        names = re.findall(r"'([^']+)'", str(facts.get("unused_weights") or ""))
        body = [n for n in names if _BODY.search(n) and not _HEAD.search(n)]
        if body:
            text = (f"{len(body)} body tensors of {ckpt} (e.g. {body[0]}) have no place in {cls}: the checkpoint's names "
                    "do not match this class (another architecture or a prefix) - the model is not what the checkpoint holds.")
            return Explanation(text=text, fix=("Load it with the class named in the checkpoint's config.json 'architectures', or strip the name prefix.",),
                               derived={"what": f"checkpoint tensors unused by {cls} include body layers"})
        text = (f"{cls} drops the checkpoint's pretraining head ({', '.join(names[:3]) or 'task-specific tensors'}): "
                "expected when loading a checkpoint trained for another task.")
        return Explanation(text=text, fix=("Nothing to fix if you are switching tasks.",), derived={"what": f"{cls} ignores the checkpoint's task head (expected)"})
    raw = str(facts.get("new_weights") or "")
    names = re.findall(r"'([^']+)'", raw) or ([raw] if raw and "'" not in raw else [])
    body = [n for n in names if _BODY.search(n) and not _HEAD.search(n)]
    if facts.get("shape_note"):
        text = (f"{cls} re-initialized weights whose shape differs from {ckpt} (ignore_mismatched_sizes=True): usually the "
                "classifier for a different number of labels - expected when num_labels changed.")
        return Explanation(text=text, fix=("Train the model; check num_labels / id2label match your data.",),
                           derived={"what": f"{cls}: mismatched-shape weights re-initialized"})
    if body:
        text = (f"{len(body)} of the {len(names)} newly initialized weights of {cls} are body layers (e.g. {body[0]}): "
                f"{ckpt} does not match this class, so part of the network is random. Outputs will be garbage until this is fixed.")
        fix = (f"Load {ckpt} with the class in its config.json 'architectures' (or the matching Auto class / model_type),",
               "if it was saved from a wrapper, strip the 'model.'/'module.'/'base_model.model.' prefix and re-save;",
               "if it is a PEFT adapter directory, load the base model and PeftModel.from_pretrained(base, dir).")
        return Explanation(text=text, fix=fix, derived={"what": f"{cls}: body layers not loaded from {ckpt} (real mismatch)"})
    shown = ", ".join(names[:4]) if names else "task-head weights"
    text = (f"{cls} adds a new head on top of {ckpt} ({shown}); these start random, which is expected before fine-tuning. "
            "Do not evaluate or serve the model before training it.")
    return Explanation(text=text, fix=("Fine-tune the model on your task (the warning is expected).",
                                       "Silence: transformers.logging.set_verbosity_error()"),
                       derived={"what": f"{cls}: new task head randomly initialized (expected before fine-tuning)"})
