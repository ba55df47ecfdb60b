"""Computed diagnosis for hf.slow-to-fast-conversion-failed: which wording, what it hides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FIX_PKG = "pip install sentencepiece protobuf  (then restart the process / notebook kernel)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "tiktoken-bpe-unpack":
        got = facts.get("got")
        text = ("tiktoken read the tokenizer's vocab file as 'token rank' lines and found a line with "
                f"{got} field(s): the file is not a tiktoken BPE file (a SentencePiece binary, a Git LFS pointer or "
                "another format). transformers reached the tiktoken fallback because the SentencePiece conversion "
                "failed first, usually because sentencepiece/protobuf are not installed.")
        return Explanation(
            text=text,
            fix=(_FIX_PKG, "Or load with use_fast=False; check tokenizer.model is a real SentencePiece file (not ~130 bytes)."),
            derived={"diagnosis": "tiktoken fallback read a non-tiktoken file"},
        )
    tried = facts.get("tried")
    if not tried:
        return None
    if tried == "Tiktoken":
        era = "transformers 4.45-4.50 wording"
    else:
        era = "transformers 4.51+ wording"
    text = (f"{era}: building the fast tokenizer needed a slow->fast conversion (no usable tokenizer.json). The "
            "SentencePiece converter failed and the tiktoken fallback failed too. The first failure is almost "
            "always a missing sentencepiece or protobuf package; otherwise tokenizer.model is missing or not a "
            "SentencePiece file.")
    return Explanation(
        text=text,
        fix=(_FIX_PKG,
             "AutoTokenizer.from_pretrained(name, use_fast=False) to use the slow tokenizer",
             "Re-download tokenizer.model / add tokenizer.json if the file is missing or an LFS pointer"),
        derived={"diagnosis": "sentencepiece conversion failed (missing package or file)"},
    )
