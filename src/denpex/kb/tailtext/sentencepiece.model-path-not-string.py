"""Computed diagnosis for sentencepiece.model-path-not-string: which file the tokenizer wanted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# transformers tokenization module -> (slow class, SentencePiece file it needs, fast alternative)
_FILES: dict[str, tuple[str, str, str]] = {
    "llama": ("LlamaTokenizer", "tokenizer.model", "LlamaTokenizerFast / AutoTokenizer"),
    "code_llama": ("CodeLlamaTokenizer", "tokenizer.model", "CodeLlamaTokenizerFast"),
    "gemma": ("GemmaTokenizer", "tokenizer.model", "GemmaTokenizerFast"),
    "t5": ("T5Tokenizer", "spiece.model", "T5TokenizerFast"),
    "mt5": ("MT5Tokenizer", "spiece.model", "MT5TokenizerFast"),
    "albert": ("AlbertTokenizer", "spiece.model", "AlbertTokenizerFast"),
    "xlnet": ("XLNetTokenizer", "spiece.model", "XLNetTokenizerFast"),
    "pegasus": ("PegasusTokenizer", "spiece.model", "PegasusTokenizerFast"),
    "camembert": ("CamembertTokenizer", "sentencepiece.bpe.model", "CamembertTokenizerFast"),
    "xlm_roberta": ("XLMRobertaTokenizer", "sentencepiece.bpe.model", "XLMRobertaTokenizerFast"),
    "deberta_v2": ("DebertaV2Tokenizer", "spm.model", "DebertaV2TokenizerFast"),
    "marian": ("MarianTokenizer", "source.spm / target.spm", "(no fast class: the .spm files are required)"),
    "chatglm": ("ChatGLMTokenizer (remote code)", "tokenizer.model / ice_text.model", "(remote code: copy the file)"),
    "baichuan": ("BaichuanTokenizer (remote code)", "tokenizer.model", "(remote code: copy the file)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("tokenizer_module") or "")
    if module in _FILES:
        cls, fname, fast = _FILES[module]
        text = (f"{cls} (tokenization_{module}.py) passed vocab_file=None to SentencePiece: the model folder has no "
                f"{fname}. The checkpoint probably ships only tokenizer.json (fast tokenizer), or the file was not "
                "downloaded/copied.")
        fix = (f"Load the fast tokenizer ({fast}) / drop use_fast=False.",
               f"Or copy {fname} from the base model into the folder.")
        diagnosis = f"{fname} missing for {cls}"
    elif module:
        text = (f"The tokenizer in tokenization_{module}.py gave SentencePiece a non-string model path (None): its "
                "SentencePiece model file is missing from the model folder, or a Path/None was passed.")
        fix = ("Use AutoTokenizer without use_fast=False, or add the tokenizer's .model file to the folder; pass str(path).",)
        diagnosis = "SentencePiece model file missing"
    else:
        text = ("SentencePieceProcessor.Load got a non-string (None or Path): the SentencePiece model path was not set, "
                "usually because the tokenizer file is missing or the caller passed a Path object.")
        fix = ("Check the path exists and pass str(path); with transformers drop use_fast=False or add tokenizer.model.",)
        diagnosis = "model path is None/not str"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
