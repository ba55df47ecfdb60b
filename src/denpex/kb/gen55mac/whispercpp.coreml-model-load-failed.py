"""Computed diagnosis for whispercpp.coreml-model-load-failed: which ggml model the encoder path belongs to."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("coreml_path") or "").strip()
    if not path:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    folder, _, name = path.replace("\\", "/").rpartition("/")
    m = re.match(r"(?P<stem>.+?)-encoder\.mlmodelc/?$", name)
    if not m:
        parts.append(f"Core ML could not load '{path}', which is not named '<ggml model>-encoder.mlmodelc' as whisper.cpp expects.")
        fix.append("Pass the ggml .bin to -m; whisper.cpp finds '<same name>-encoder.mlmodelc' beside it.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    stem = m.group("stem")
    ggml = f"{folder + '/' if folder else ''}{stem}.bin"
    derived["expected_ggml"] = ggml
    model = re.sub(r"^(?:for-tests-)?ggml-", "", stem)
    derived["model_name"] = model
    parts.append(f"The ggml model {ggml} loaded, but its Core ML encoder '{path}' could not: the folder is missing, "
                 "was generated for another model, is not a compiled .mlmodelc, or Core ML on this OS refused it.")
    if stem.startswith("for-tests-"):
        parts.append("'for-tests-' models are tiny placeholder files used by the test suite, not real Whisper weights: "
                     "no Core ML encoder exists for them.")
        fix.append("Use a real model: sh ./models/download-ggml-model.sh base.en and -m models/ggml-base.en.bin.")
    elif re.search(r"q\d_|q\d$|-q\d", model):
        parts.append(f"'{model}' is a quantized ggml file; the Core ML encoder is named after the full model it was generated from.")
    fix.append(f"Generate the encoder: ./models/generate-coreml-model.sh {re.sub(r'-q[0-9].*$', '', model)} "
               f"(or download ggml-{re.sub(r'-q[0-9].*$', '', model)}-encoder.mlmodelc.zip from huggingface.co/ggerganov/whisper.cpp and unzip it into {folder or '.'}/).")
    fix.append(f"The result must be a folder named exactly {name} next to {stem}.bin (rename if the model file was renamed).")
    fix.append("Or rebuild with -DWHISPER_COREML_ALLOW_FALLBACK=ON (falls back to Metal/CPU when the encoder is missing) or without WHISPER_COREML.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
