"""Computed diagnosis for llamacpp.convert-bpe-pretokenizer: the checksum to look up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    chk = str(facts.get("chkhsh") or "")
    if len(chk) != 64:
        return None
    text = (f"The tokenizer's checksum {chk[:12]}... is not in this converter's list of known BPE tokenizers: "
            "either llama.cpp predates this model family or the tokenizer was changed (added or retrained tokens).")
    fix = (f"Update llama.cpp and check: grep -n {chk} convert_hf_to_gguf.py - if it is there, convert with the new "
           "checkout.",
           "If not, and this is a fine-tune: compare tokenizer.json with the base model's; restore the base tokenizer "
           "files if the vocabulary was not meant to change.",
           "A new tokenizer needs an entry via convert_hf_to_gguf_update.py (not a hand-edited hash).")
    return Explanation(text=text, fix=fix, derived={"chkhsh_short": chk[:12]})
