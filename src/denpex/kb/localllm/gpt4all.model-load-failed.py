"""Computed diagnosis for gpt4all.model-load-failed: decode the errno and the likely file problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ENOTSUP = {129: "Windows", 95: "Linux", 45: "macOS"}
_ERRNO = {12: "ENOMEM: not enough memory to load the model", 2: "ENOENT: the model file does not exist",
          13: "EACCES: the model file is not readable", 22: "EINVAL: invalid argument (bad model parameters)"}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    code = facts.get("code")
    reason = str(facts.get("reason") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if sig == "chat-invalid-format":
        f = str(facts.get("model_file") or "")
        derived["model_file"] = f
        if f.lower().endswith(".bin"):
            text = f"'{f}' is a .bin file: GPT4All chat 2.5+ loads GGUF only, so this old GGML model cannot be loaded."
            fix.append("Download the GGUF build of the model from the GPT4All model list and delete the .bin.")
        else:
            text = (f"'{f}' was rejected: the download is incomplete / corrupt, or its architecture or quantisation is newer than the "
                    "llama.cpp bundled with this GPT4All.")
            fix.append("Check the md5 / size against the download listing; re-download; upgrade GPT4All for new architectures.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if sig == "failed-to-retrieve-model":
        return Explanation(
            text=("gpt4all did not find the model: the name is neither a file in model_path nor an entry of the downloadable model "
                  "list (or downloads were off). Old GGML .bin names from 2023 tutorials (ggml-gpt4all-j-v1.3-groovy.bin) are no "
                  "longer in the list and are not loaded by gpt4all >= 2.0."),
            fix=("Check that model_path + model name point at an existing file (ls -l <path>), passing the file name and its folder "
                 "separately if the wrapper takes both.",
                 "Use a current GGUF model from the GPT4All model list (e.g. *.Q4_0.gguf) with pip install -U gpt4all, or pin the old "
                 "gpt4all release that the tutorial used for a GGML .bin."),
            derived={"reason": "model not found locally or in the model list"})
    if sig == "unable-to-instantiate-bare":
        return Explanation(
            text=("gpt4all 0.3.x could not load the file ('Invalid model file' printed before): the GGML revision of the model does "
                  "not match what that release supports."),
            fix=("Upgrade to current gpt4all and use a GGUF model (0.3.x and GGML models are obsolete).",),
            derived={"bindings": "0.3.x"})
    if code is not None:
        code = int(code)
        derived["code"] = code
        if code in _ENOTSUP and "not supported" in reason:
            derived["errno"] = f"ENOTSUP ({_ENOTSUP[code]})"
        elif code in _ERRNO:
            derived["errno"] = _ERRNO[code]
    if "no matching implementation" in reason or "not supported" in reason:
        text = ("No backend bundled with gpt4all accepts the file. With gpt4all >= 2.0 that means: not GGUF (an old GGML .bin), a GGUF "
                "of an architecture / quant type newer than its llama.cpp, or a truncated / non-LLM file.")
        fix = ["Use a GGUF model from GPT4All's model list (e.g. *.Q4_0.gguf) and pip install -U gpt4all.",
               "Check the first bytes: head -c 4 MODEL | od -c must show 'GGUF'.",
               "For embeddings use a GGUF embedding model (all-MiniLM-L6-v2.gguf2.f16.gguf) with GPT4AllEmbeddings."]
    elif code in _ERRNO:
        text = f"The backend failed with {_ERRNO[code]}."
        fix = ["Free memory / pick a smaller quantisation" if code == 12 else "Check the model path and file permissions."]
    else:
        text = f"gpt4all could not load the model: {reason}"
        fix = ["Re-download the model, check it is GGUF, and upgrade gpt4all."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
