"""Computed diagnosis for hf.generate-attention-mask-warning: which fallback generate() took."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    eos = str(facts.get("eos_token_id") or "").strip()
    fix = ("Pass the whole tokenizer output: model.generate(**tokenizer(prompts, return_tensors='pt', padding=True).to(model.device), ...)",
           f"and an explicit pad id: pad_token_id=tokenizer.pad_token_id{f' (or {eos})' if eos and eos != 'None' else ''}.")
    if sig == "pad-set-to-eos":
        if eos in ("None", ""):
            text = "generate() found neither a pad nor an EOS token id (eos_token_id None): sequences cannot stop on EOS; check generation_config.eos_token_id."
            return Explanation(text=text, fix=("Set model.generation_config.eos_token_id / pad_token_id from the tokenizer.",) + fix,
                               derived={"what": "generate(): no pad and no eos token id configured"})
        if "meta" in eos:
            text = f"generate() used the EOS id as pad id, but the id is a meta tensor ({eos}): the model was not fully materialized (offload / meta device)."
            return Explanation(text=text, fix=("Load the model fully on a device (device_map / low_cpu_mem_usage settings) before generate().",),
                               derived={"what": "generate(): eos id on the meta device"})
        text = (f"No pad_token_id was set, so generate() pads finished sequences with the EOS id {eos}. Harmless for single prompts; "
                "set it explicitly to silence the warning.")
        return Explanation(text=text, fix=fix, derived={"what": f"generate(): pad_token_id defaulted to eos_token_id {eos} (harmless)"})
    text = ("generate() got no attention_mask and cannot tell padding from real tokens. Harmless for one unpadded prompt; "
            "for padded batches the padding is attended to and outputs degrade.")
    return Explanation(text=text, fix=fix, derived={"what": "generate(): attention_mask not passed (harmless unless batching padded prompts)"})
