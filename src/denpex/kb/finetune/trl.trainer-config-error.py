"""Computed diagnosis for trl.trainer-config-error: which TRL check fired, the template or class involved, and the
constructor argument to change for the installed TRL generation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    sig = g.get("_signature", "")
    if sig == "completion-key-warning":
        which = g.get("which", "response")
        tpl = g.get("template", "").strip()
        shown = f"`{tpl}`" if tpl else "(a template starting with a newline)"
        arg = "response_template" if which == "response" else "instruction_template"
        ctx_hint = ""
        if tpl.startswith("[") or re.fullmatch(r"[0-9, \[\]]+", tpl or "x"):
            ctx_hint = " The template was given as ids; check they were taken from inside a formatted example, not from the template alone."
        elif not tpl:
            ctx_hint = " The template starts with a newline: tokenized alone, the newline merges differently than after text."
        return Explanation(
            text=(f"DataCollatorForCompletionOnlyLM did not find the {which} template {shown} in an example's token ids, so that "
                  "example is masked out of the loss entirely (all labels -100)." + ctx_hint),
            fix=(f"Pass {arg} as ids from context: ids = tokenizer.encode('\\n{tpl or '### Answer:'}', add_special_tokens=False)[2:] "
                 "(print tokenizer.encode on a formatted example and copy the ids that follow the prompt).",
                 "Check that every formatted example contains the template and is shorter than max_seq_length (truncation drops it).",
                 "On TRL >= 0.20 the collator is gone: use a prompt/completion dataset with SFTConfig(completion_only_loss=True), "
                 "or assistant_only_loss=True for conversational data."),
            derived={"what": f"{which} template {shown} not found: examples ignored in the loss"},
        )
    if sig == "completion-key-error":
        ids = g.get("ids", "")
        return Explanation(
            text=(f"TRL 0.4.7 - 0.5 raised because the response template ids [{ids}] do not occur in a batch: the template was "
                  "tokenized on its own (different ids than inside the text) or truncated away."),
            fix=("Take the template ids from a formatted example (tokenizer.encode(text_with_template) and copy the ids after the "
                 "prompt), or upgrade TRL (later releases warn and skip the example instead of raising).",
                 "Raise max_seq_length so the template survives truncation."),
            derived={"what": f"response template ids [{ids}] not found in the batch"},
        )
    if sig == "ref-model-and-peft":
        return Explanation(
            text=("DPOTrainer got a reference model and a peft_config. With PEFT, the reference log-probabilities come from the "
                  "trained model with its adapters disabled, so a second full model is redundant and refused."),
            fix=("Pass ref_model=None: DPOTrainer(model, ref_model=None, args=..., peft_config=lora_config, ...).",
                 "If the reference must really be another model, add force_use_ref_model=True (TRL 0.7.11+)."),
            derived={"what": "DPOTrainer given both ref_model and peft_config (pass ref_model=None)"},
        )
    if sig == "value-head-required":
        cls = g.get("model_class", "")
        peft = "peft" in cls.lower()
        return Explanation(
            text=(f"The classic PPOTrainer needs a policy with a value head (AutoModelForCausalLMWithValueHead); it got {cls or 'a plain model'}"
                  + (", a PEFT-wrapped model made with get_peft_model." if peft else ".")),
            fix=("Load the policy through TRL: model = AutoModelForCausalLMWithValueHead.from_pretrained(name, peft_config=lora_config) "
                 "(TRL passes the LoRA config to PEFT itself).",
                 "TRL >= 0.12 replaced this PPOTrainer (policy, ref_policy, reward_model, value_model arguments); follow the "
                 "example script of the installed version."),
            derived={"what": f"PPOTrainer needs a value-head model, got {cls or 'another class'}"},
        )
    return None
