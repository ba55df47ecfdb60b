"""Computed diagnosis for ollama.create-invalid-model-file: explain the wording that fired."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TEXT = {
    "invalid-file-magic": (
        "invalid file magic",
        "The first bytes of the file are not a GGUF header this Ollama build knows. Most often the file is a Git LFS "
        "pointer or partial download; otherwise it is a GGUF with a quantization type or architecture newer than this "
        "Ollama (it also appears on ollama run of a model that needs a newer Ollama).",
        ("head -c 4 model.gguf | xxd   # expect 4747 5546 (GGUF); a text header means an LFS pointer",
         "If the magic is right: update Ollama, or re-quantize to Q4_K_M/Q8_0."),
    ),
    "not-gguf-format": (
        "FROM file is not GGUF",
        "ollama create parsed the copied file and it is not GGUF: an LFS pointer, a safetensors/.bin file, or one part "
        "of a split GGUF (-0000N-of-0000M).",
        ("Check the size and magic of the FROM file; merge split files with llama-gguf-split --merge.",),
    ),
    "unsupported-content-type": (
        "file type not detected",
        "Ollama could not detect the FROM file as GGUF: typically an old GGML/GGJT .bin (ggmlv3, chatglm.cpp, "
        "whisper.cpp formats) or a file that is not a model.",
        ("Convert to GGUF with llama.cpp or download the GGUF release of the model.",),
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig not in _TEXT:
        return None
    diagnosis, text, fix = _TEXT[sig]
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
