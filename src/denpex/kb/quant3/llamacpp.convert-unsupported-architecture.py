"""Computed diagnosis for llamacpp.convert-unsupported-architecture: what kind of class was named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SEQ2SEQ = ("M2M100", "Marian", "MBart", "Bart", "Pegasus", "Whisper", "Speech", "NllbMoe", "FSMT", "Blenderbot")
_OLD_LLAMA = ("LlamaForCausalLM", "MistralForCausalLM", "MixtralForCausalLM")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arch = str(facts.get("arch") or "")
    if not arch:
        return None
    sig = str(facts.get("_signature") or "")
    if sig == "architecture-not-supported-old" and arch in _OLD_LLAMA:
        text = (f"{arch} is supported; this is the early-2024 convert-hf-to-gguf.py, which left Llama-family models "
                "to convert.py.")
        fix = ("Update llama.cpp (git pull; pip install -r requirements.txt) and run convert_hf_to_gguf.py again.",)
        kind = "old-converter"
    elif any(arch.startswith(p) for p in _SEQ2SEQ):
        text = f"{arch} is an encoder-decoder / speech model; llama.cpp's converter does not implement it."
        fix = ("Use a runtime for seq2seq models (transformers, CTranslate2, ONNX Runtime; whisper.cpp for Whisper).",)
        kind = "encoder-decoder"
    elif arch.endswith("ForConditionalGeneration") or "VL" in arch or "Vision" in arch or arch.startswith("Mllama"):
        text = (f"{arch} is a multimodal (vision-language) class; support comes per family and only in recent "
                "llama.cpp, with the vision tower converted separately.")
        fix = ("Update llama.cpp and check the multimodal docs for this family (convert the projector with --mmproj).",
               "Otherwise export only the language model as ...ForCausalLM, or serve with transformers/vLLM.")
        kind = "multimodal"
    elif arch.endswith("Model") and not arch.endswith("LMHeadModel"):
        text = (f"{arch} is a headless base class (saved with AutoModel or as an embedding model); the converter "
                "registers ...ForCausalLM classes and only some base classes for embeddings.")
        fix = ("Save the causal-LM class (AutoModelForCausalLM ... save_pretrained) or, if the weights include "
               "lm_head, set config.json architectures to the matching ...ForCausalLM; for embeddings update llama.cpp.",)
        kind = "headless"
    else:
        text = (f"No converter class is registered for {arch}: either this llama.cpp is older than the family, or it "
                "is a custom (trust_remote_code) architecture llama.cpp does not implement.")
        fix = ("Update llama.cpp (git pull; pip install -r requirements.txt) and grep the converter for the name.",
               "If still absent, the model cannot be converted; use transformers/vLLM or request support upstream.")
        kind = "not-implemented"
    return Explanation(text=text, fix=fix, derived={"arch_kind": kind})
