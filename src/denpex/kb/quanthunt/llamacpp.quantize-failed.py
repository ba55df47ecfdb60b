"""Computed diagnosis for llamacpp.quantize-failed: the reason decides what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NOT_LLM = {"clip": "a CLIP/mmproj vision projector", "flux": "a Flux image model", "wan": "a Wan video model",
            "sd1": "a Stable Diffusion model", "sdxl": "an SDXL model", "sd3": "an SD3 model", "ltxv": "an LTX-Video model",
            "hyvid": "a HunyuanVideo model"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    arch = str(facts.get("arch") or "")
    out = str(facts.get("output") or "")
    inp = str(facts.get("input") or "")
    if arch:
        if arch.lower() in _NOT_LLM:
            text = (f"The GGUF is {_NOT_LLM[arch.lower()]} (general.architecture = '{arch}'), not a llama.cpp language model, "
                    "so llama-quantize's loader rejects it.")
            fix = ("Quantize mmproj/CLIP files with the multimodal tooling of your llama.cpp version or keep them f16; "
                   "for image/video models use the ComfyUI-GGUF patched llama.cpp build.",)
        else:
            text = (f"This llama-quantize build does not know architecture '{arch}': the GGUF was written by a newer "
                    "converter than the compiled binary.")
            fix = ("Update and rebuild llama.cpp (git pull && cmake --build build --config Release --target llama-quantize), "
                   "then rerun the same command.",)
        return Explanation(text=text, fix=fix, derived={"cause": "architecture"})
    low = reason.lower()
    if "iostream error" in low or "failed to open" in low and "for writing" in low:
        where = f" '{out}'" if out else ""
        text = f"Writing the output file{where} failed (basic_ios/iostream error): its directory is missing, not writable, or the disk is full."
        fix = ("Create the output directory (mkdir -p), check permissions and free disk space, then rerun.",)
        return Explanation(text=text, fix=fix, derived={"cause": "output"})
    if "failed to load model" in low or "failed to open gguf" in low or "not a gguf" in low or "invalid magic" in low:
        where = f" '{inp}'" if inp else ""
        text = f"llama-quantize could not load the input{where}: wrong path, incomplete download, or not a GGUF file."
        fix = ("Check the input path and that the file is a complete GGUF (convert with convert_hf_to_gguf.py first).",)
        return Explanation(text=text, fix=fix, derived={"cause": "input"})
    if low.startswith("bad layer"):
        text = ("The GGUF has a layer the quantizer's architecture table does not expect (MTP/NextN or extra layers "
                "written by a newer converter).")
        fix = ("Rebuild llama-quantize from the same (or a newer) commit as convert_hf_to_gguf.py.",)
        return Explanation(text=text, fix=fix, derived={"cause": "version"})
    return Explanation(text=f"llama-quantize threw: {reason}.",
                       fix=("Read the reason; rebuild llama.cpp at the converter's commit if it names a tensor or key.",),
                       derived={"cause": "other"})
