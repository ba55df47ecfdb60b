"""Explain sentencepiece.piece-id-out-of-range: what kind of id was decoded, when the log shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pid = facts.get("piece_id")
    if not isinstance(pid, int):
        return Explanation(
            text=("SentencePiece got a token id below 0 or not below piece_size(). The id is not in the message: "
                  "print ids.min()/ids.max() of what is decoded and compare with sp.piece_size()."),
            fix=("Replace -100 with tokenizer.pad_token_id before decoding labels/predictions.",
                 "Keep generated ids below the tokenizer size (mask extra logits or load the matching tokenizer)."),
            derived={"piece_id_text": "", "diagnosis": "id unknown"},
        )
    if pid < 0:
        diag = f"negative id {pid}: an ignore/padding index (-100 for Hugging Face losses) reached decode"
        fix = (f"Replace {pid} with tokenizer.pad_token_id before decode (np.where(ids != {pid}, ids, pad_id)).",)
    else:
        diag = (f"id {pid} is not below the SentencePiece model's piece_size(): the model's vocabulary "
                "(embedding/output rows) is larger than the tokenizer, or the tokenizer belongs to another checkpoint")
        fix = (f"Check sp.piece_size() (must be > {pid} for this id to exist) against the model's vocab_size.",
               "Load the tokenizer from the same checkpoint and revision, or mask logits of ids >= piece_size() during generation.")
    return Explanation(text=f"The decoded id was {pid}: {diag}.", fix=fix,
                       derived={"piece_id_text": f" (id {pid})", "diagnosis": diag})
