"""Computed diagnosis for unsloth.gguf-export-failed: which step of the llama.cpp chain failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILD = ("cmake -S llama.cpp -B llama.cpp/build -DLLAMA_CURL=OFF && "
          "cmake --build llama.cpp/build --config Release -j --target llama-quantize && cp llama.cpp/build/bin/llama-* llama.cpp/")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    folder = str(facts.get("folder") or "llama.cpp").strip()
    files = str(facts.get("files") or "")
    line = str(facts.get("compile_line") or "")
    if sig == "compile-failed" and "hf-to-gguf" in line:
        text = ("Not a compiler error: llama.cpp's converter printed its warning banner (the tokenizer's pre-tokenizer is not "
                "recognised by this llama.cpp), which Unsloth reports as a build failure.")
        fix = ("Update llama.cpp (delete ./llama.cpp so Unsloth re-clones it) and unsloth/unsloth_zoo; if the model is new, "
               "convert the merged 16-bit model with a current llama.cpp.",)
        return Explanation(text=text, fix=fix, derived={"problem": "converter pre-tokenizer warning"})
    if sig in ("no-working-quantizer", "quantize-file-missing"):
        names = [f.strip() for f in files.split(",") if f.strip()]
        if names and "build" in names:
            detail = f"{folder} has a build/ folder but no llama-quantize at its top: the binaries stayed in build/bin."
            fix = (f"cp {folder}/build/bin/llama-* {folder}/  (then rerun the export)",)
        elif names and ("CMakeLists.txt" in names or "ggml" in names):
            detail = f"{folder} holds the llama.cpp sources but no built quantizer: the build did not run or failed."
            fix = (f"Build it: {_BUILD}", "Read the build output above the error for the first 'error:' line (missing cmake/curl/CUDA).")
        else:
            detail = f"No runnable llama-quantize in {folder}."
            fix = (f"Build it: {_BUILD}", "If the file exists but cannot run, the filesystem may be noexec: build in your home directory.")
        return Explanation(text=detail, fix=fix, derived={"problem": "llama-quantize missing"})
    if sig == "quantization-failed":
        out = str(facts.get("output_file") or "")
        text = f"llama-quantize did not produce {out or 'the quantized GGUF'}: llama.cpp is missing, stale or failed to build."
        return Explanation(text=text, fix=(f"Rebuild llama.cpp: {_BUILD}",), derived={"problem": "quantization failed"})
    if sig == "converter-missing":
        text = f"{folder} has no convert_hf_to_gguf.py: an incomplete or very old llama.cpp checkout."
        return Explanation(text=text, fix=(f"rm -rf {folder} and rerun (Unsloth re-clones it), or git -C {folder} pull.",),
                           derived={"problem": "converter missing"})
    if sig == "config-json-missing":
        where = folder.strip("`'\". ") or "the export folder"
        text = (f"The folder Unsloth converts ({where}) has no config.json, so convert_hf_to_gguf.py cannot start: the merged "
                "16-bit model was not written there (the merge step failed or saved elsewhere, a LoRA-only or checkpoint folder "
                "was passed, or a model family whose GGUF path this Unsloth release mishandled, e.g. gpt-oss in Sept 2025).")
        fix = ("pip install --upgrade --no-cache-dir unsloth unsloth_zoo, then rerun save_pretrained_gguf",
               f"Or merge first: model.save_pretrained_merged('{where}', tokenizer, save_method='merged_16bit'), check that "
               f"{where}/config.json exists, then run python llama.cpp/convert_hf_to_gguf.py {where} --outtype f16")
        return Explanation(text=text, fix=fix, derived={"problem": "merged folder has no config.json"})
    if sig == "first-conversion-refused":
        val = str(facts.get("first_conversion") or "").strip()
        allowed = [a.strip(" '\"") for a in str(facts.get("allowed") or "").split(",") if a.strip(" '\"")]
        if val and val in allowed:
            text = (f"Unsloth refused first_conversion='{val}' although '{val}' is in its own list {allowed}: a bug of this "
                    "Unsloth release in save_to_gguf (the value is compared after it was rewritten), not your argument.")
            fix = ("pip install --upgrade --no-cache-dir unsloth unsloth_zoo (the check was rewritten in later releases)",
                   "Or pass first_conversion explicitly with another allowed value (e.g. 'q8_0' or 'bf16') for this release")
            return Explanation(text=text, fix=fix, derived={"problem": f"Unsloth bug refusing first_conversion {val}"})
        text = f"first_conversion='{val}' is not one of {allowed or 'the allowed values'} for the first (unquantized) GGUF."
        fix = (f"Pass first_conversion= one of {allowed}" if allowed else "Pass first_conversion='f16' (or 'bf16'/'q8_0')",)
        return Explanation(text=text, fix=fix, derived={"problem": f"first_conversion {val} not allowed"})
    if sig in ("compile-failed", "too-buggy"):
        text = "Unsloth's automatic llama.cpp build failed" + (f": {line}" if line else ".")
        return Explanation(text=text, fix=("apt install build-essential cmake libcurl4-openssl-dev, then " + _BUILD,),
                           derived={"problem": "llama.cpp build failed"})
    return None
