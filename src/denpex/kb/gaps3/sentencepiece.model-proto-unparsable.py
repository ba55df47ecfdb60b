"""Computed diagnosis for sentencepiece.model-proto-unparsable: which file, and the likely kind."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip().strip("'\"")
    if not path:
        return None
    low = path.lower()
    if re.search(r"llama[-_ ]?3|llama3", low):
        kind = "llama3-tiktoken"
        text = (f"{path} looks like a Llama 3.x tokenizer.model, which is a tiktoken BPE file, not a SentencePiece model; "
                "a SentencePiece loader can never parse it.")
        fix = ("Load the fast tokenizer (tokenizer.json) with AutoTokenizer from the HF-format repo, "
               "or convert with a tool that supports Llama 3 (convert_llama_weights_to_hf.py --llama_version 3).",)
    else:
        kind = "broken-or-wrong-file"
        text = (f"{path} exists but is not a SentencePiece model: most often a Git LFS pointer, a truncated download "
                "or an HTML page saved under that name.")
        fix = (f"Check it: ls -l {path}; head -c 120 {path}",
               "Re-download it (git lfs pull, or huggingface-cli download <repo> tokenizer.model --local-dir <dir>).")
    return Explanation(text=text, fix=fix, derived={"kind": kind})
