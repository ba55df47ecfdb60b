"""Computed diagnosis for llamacpp.tensor-wrong-shape: compare the two shapes and name the hyper-parameter."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[int] | None:
    if not isinstance(s, str):
        return None
    nums = [int(x) for x in re.findall(r"\d+", s)]
    while len(nums) > 1 and nums[-1] == 1:
        nums.pop()
    return nums or None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("tensor")
    exp, got = _dims(facts.get("expected")), _dims(facts.get("got"))
    if not isinstance(name, str) or exp is None or got is None:
        return None
    diff = [i for i in range(min(len(exp), len(got))) if exp[i] != got[i]]
    base = name.rsplit(".", 1)[0]
    leaf = base.split(".")[-1]
    derived: dict[str, Any] = {"expected_dims": exp, "file_dims": got}
    if leaf in ("token_embd", "output", "tok_embeddings") and len(exp) >= 2 and diff == [1]:
        delta = got[1] - exp[1]
        derived["vocab_delta"] = delta
        if abs(delta) <= 64:
            diagnosis = f"vocab mismatch: {got[1]} embedding rows vs {exp[1]} tokens"
            text = (f"{name} has {got[1]} rows but the file's vocab defines {exp[1]} tokens ({delta:+d}). Fine-tuning added or "
                    "padded tokens (resize_token_embeddings) while the tokenizer converted into the GGUF has the old token list, "
                    "or the reverse.")
            fix = ("Save the training tokenizer (with its added tokens) next to the weights, or model.resize_token_embeddings(len(tokenizer)), then re-convert.",)
        else:
            diagnosis = f"different vocabulary: {got[1]} rows vs {exp[1]} tokens"
            text = (f"{name} has {got[1]} rows against a vocab of {exp[1]} ({delta:+d}): weights and tokenizer come from different "
                    "models (extended-vocab model converted with the base tokenizer, or the reverse).")
            fix = ("Convert with the tokenizer.model/tokenizer.json that belongs to these weights.",)
    elif leaf in ("attn_k", "attn_v") and len(exp) >= 2 and diff == [1] and got[1] and exp[1] % got[1] == 0:
        ratio = exp[1] // got[1]
        diagnosis = f"GQA head count: file has {ratio}x fewer KV rows"
        derived["gqa_ratio"] = ratio
        text = (f"{name} stores {got[1]} output rows, the loader expected {exp[1]}: the model uses grouped-query attention "
                f"(n_head / n_head_kv = {ratio}) but the GGUF metadata says head_count_kv = head_count.")
        fix = ("Check num_key_value_heads in config.json and re-convert with a current convert_hf_to_gguf.py.",)
    elif "norm" in leaf:
        diagnosis = f"norm size {got} vs {exp}: per-head vs full-width norm"
        text = (f"{name} has {got} elements, the loader expected {exp}: converter and loader disagree on whether this "
                "norm is per head or over the full width - a model variant this llama.cpp does not handle yet.")
        fix = ("Update llama.cpp (or the runtime embedding it) or use a GGUF re-converted after the fix.",)
    else:
        diagnosis = f"shape {got} vs expected {exp}"
        text = (f"{name} is {got} in the file, the loader derived {exp} from the metadata: the GGUF was converted from a "
                "checkpoint whose config does not match its weights, or by a converter of another version.")
        fix = ("Re-convert with the llama.cpp version you run, from a checkpoint whose config.json matches the weights.",)
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
