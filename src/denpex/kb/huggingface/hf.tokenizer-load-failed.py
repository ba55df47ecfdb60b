"""Computed diagnosis for hf.tokenizer-load-failed: the missing backend, the class name to fix, or the
tokenizers version needed for the tokenizer.json."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RENAMED = {"LLaMATokenizer": "LlamaTokenizer", "LLaMATokenizerFast": "LlamaTokenizerFast"}
_PIP = {"SentencePiece": "sentencepiece", "protobuf": "protobuf", "tiktoken": "tiktoken"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: v for k, v in facts.items() if v not in (None, "")}
    if "library" in g:
        lib = str(g["library"])
        pkg = _PIP.get(lib, lib.lower())
        who = g.get("requirer", "The tokenizer")
        return Explanation(
            text=f"{who} needs the {lib} package, an optional dependency that pip install transformers does not bring.",
            fix=(f"pip install {pkg} in the environment that runs the job, then restart the process (notebook kernel, server).",),
            derived={"what": f"{who} requires {pkg}, which is not installed"},
        )
    if "tokenizer_class" in g:
        cls = str(g["tokenizer_class"])
        if cls in _RENAMED:
            good = _RENAMED[cls]
            return Explanation(
                text=f"tokenizer_config.json names {cls}, a spelling from early LLaMA conversions; transformers calls the class {good}.",
                fix=(f"Edit tokenizer_config.json: \"tokenizer_class\": \"{good}\" (or load LlamaTokenizer(Fast).from_pretrained directly).",),
                derived={"what": f"class {cls} should be {good}"},
            )
        base = cls[:-4] if cls.endswith("Fast") else cls
        return Explanation(
            text=(f"The installed transformers has no importable {cls}: its slow variant {base} needs sentencepiece/tiktoken when it is a sentencepiece-based class, "
                  "the class was added in a later transformers release, or it is custom code shipped with the model."),
            fix=(
                "pip install sentencepiece protobuf (for sentencepiece-based tokenizers such as Llama, T5, Mistral, Gemma).",
                f"Upgrade transformers if {cls} is newer than the installed release; for a custom class pass trust_remote_code=True.",
            ),
            derived={"what": f"tokenizer class {cls} is not available"},
        )
    if "enum" in g:
        enum = str(g["enum"])
        line = g.get("json_line")
        where = f" (tokenizer.json line {line})" if line else ""
        if enum == "ModelWrapper":
            text = (f"tokenizer.json{where} uses a format the installed tokenizers cannot read: BPE merges saved as pairs by tokenizers >= 0.20 "
                    "(Llama 3, Qwen, Gemma and other large-vocabulary tokenizers re-saved recently).")
        else:
            text = f"tokenizer.json{where} contains a {enum} component the installed tokenizers release does not know: it was written by a newer tokenizers."
        return Explanation(
            text=text,
            fix=("pip install -U 'tokenizers>=0.20' 'transformers>=4.45' (transformers pins tokenizers; upgrade both, or the serving engine that pins them).",),
            derived={"what": f"tokenizer.json is newer than the installed tokenizers ({enum})"},
        )
    if g.get("_signature") == "json-eof":
        line = g.get("json_line")
        empty = str(line) in ("0", "1")
        text = ("tokenizer.json ends before its JSON does" + (f" (at line {line})" if line else "") + ": "
                + ("the file is empty or nearly so" if empty else "the file is cut off")
                + " - an interrupted download, a full disk while saving, or a Git LFS pointer instead of the file.")
        return Explanation(
            text=text,
            fix=("Delete the cached tokenizer.json (the model folder or ~/.cache/huggingface/hub/models--<org>--<name>) and download it again; "
                 "check its size against the one shown on the Hub.",),
            derived={"what": "tokenizer.json is truncated" if not empty else "tokenizer.json is empty"},
        )
    if g.get("_signature") == "slow-version-not-instantiable":
        return Explanation(
            text=("The fast tokenizer had to be rebuilt from the slow (sentencepiece) tokenizer - there is no tokenizer.json, or an option such as "
                  "add_prefix_space forces the conversion - and the slow tokenizer class cannot be created because sentencepiece is not installed."),
            fix=(
                "pip install sentencepiece protobuf in the job's environment, then restart the process (notebook kernel, server).",
                "Or drop the option that forces a conversion (add_prefix_space, from_slow=True) when the repo ships a tokenizer.json.",
            ),
            derived={"what": "the slow tokenizer needed for the fast-tokenizer conversion cannot be created (sentencepiece missing)"},
        )
    if "backend" in g:
        return Explanation(
            text="There is no tokenizer.json to load the fast tokenizer from, and the slow tokenizer cannot be converted because neither sentencepiece nor tiktoken is installed.",
            fix=(
                "pip install sentencepiece protobuf (or tiktoken for tiktoken-based models), then restart the process.",
                "Or make sure tokenizer.json is present in the model directory (re-download the tokenizer files).",
            ),
            derived={"what": "no tokenizer.json and no sentencepiece/tiktoken to convert the slow tokenizer"},
        )
    if "spm" in g:
        return Explanation(
            text="sentencepiece could not parse the tokenizer model file: it is not a serialized sentencepiece model (a Git LFS pointer, an HTML error page saved under that name, or a truncated download).",
            fix=(
                "head -c 200 <model_dir>/tokenizer.model (or spiece.model): an LFS pointer starts with 'version https://git-lfs'; run git lfs pull or re-download with hf download.",
                "Compare the file size with the one listed on the model repo.",
            ),
            derived={"what": "the sentencepiece model file is not a valid model (LFS pointer or corrupt download)"},
        )
    return None
