"""Computed diagnosis for ctranslate2.model-file-missing: what the named folder most likely is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    missing = facts.get("missing_file")
    d = facts.get("model_dir")
    if not missing or d is None:
        return None
    d = str(d)
    derived: dict[str, Any] = {"missing_file": missing}
    parts = [f"CTranslate2 found no {missing} in '{d}'."]
    fix: list[str] = []
    base = re.split(r"[\\/]", d.rstrip("\\/"))[-1] if d else ""
    low = base.lower()
    if d == "":
        parts.append("The model path is empty: the application passed no model directory (or files= without model.bin).")
        fix.append("Pass the model directory explicitly, or include 'model.bin' in files= (faster-whisper).")
    if not re.match(r"^(?:/|~|[A-Za-z]:[\\/]|\\\\)", d) and d:
        derived["relative_path"] = True
        parts.append("The path is relative, so it depends on the working directory of the process.")
        fix.append(f"Use an absolute path to the folder that directly contains {missing}.")
    if "models--" in d and "snapshots" not in d:
        derived["hf_cache_root"] = True
        parts.append("This is a Hugging Face cache root; the files live under its snapshots/<revision>/ subfolder.")
        fix.append("Point at .../snapshots/<revision>/ or load by repo id.")
    sizes = {"tiny", "tiny.en", "base", "base.en", "small", "small.en", "medium", "medium.en", "large", "large-v1", "large-v2",
             "large-v3", "large-v3-turbo", "turbo", "distil-large-v3"}
    if low in sizes:
        parts.append(f"'{base}' looks like a faster-whisper size folder: if model.bin is in it, the loader was not reading the "
                     "folder - faster-whisper's files= mapping replaces the directory and must then contain model.bin itself.")
        fix.append("Load a local folder with WhisperModel(path, local_files_only=True) instead of files=.")
    elif missing == "model.bin" and base and not any(k in low for k in ("faster", "ct2", "ctranslate")):
        derived["likely_transformers_checkpoint"] = True
        parts.append(f"'{base}' does not look like a CTranslate2 conversion; if it holds model.safetensors / pytorch_model.bin it "
                     "is a transformers checkpoint that CTranslate2 cannot read.")
        fix.append(f"Use the '-faster' / '-ct2' variant of {base}, or convert: ct2-transformers-converter --model {d} "
                   f"--output_dir {d.rstrip(chr(92) + '/')}-ct2 --copy_files tokenizer.json preprocessor_config.json --quantization float16.")
    if any(ord(c) > 127 for c in d):
        derived["non_ascii_path"] = True
        parts.append("The path contains non-ASCII characters; on Windows some CTranslate2 builds cannot open such paths.")
        fix.append("Move the model to a folder whose full path is ASCII-only (e.g. C:\\models\\...).")
    if not fix:
        fix.append(f"Check that {missing} exists in that folder (ls -l); re-download or re-convert the model if it is missing.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
