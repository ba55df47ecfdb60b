"""Computed diagnosis for serving.gguf-load-failed: what the file or the runtime lacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GGML_MAGICS = {"ggjt", "ggml", "ggmf", "tjgg", "lmgg", "fmgg"}


def _magic(m: str) -> tuple[str, str, str]:
    low = m.lower()
    if low.startswith("vers"):
        return ("a Git LFS pointer, not the model",
                "The file starts with 'version https://git-lfs...': the repository was cloned without git-lfs, so only the pointer was saved.",
                "Install git-lfs and run git lfs pull in the clone, or download the .gguf directly (huggingface-cli download <repo> <file>.gguf).")
    if low in _GGML_MAGICS:
        return ("an old GGML-format file",
                f"Magic '{m}' is a GGML-era file (before August 2023); current llama.cpp only reads GGUF.",
                "Download the GGUF version of the model (or convert the original weights with convert_hf_to_gguf.py).")
    if low.startswith("<") or low.startswith("{"):
        return ("an HTML/JSON page, not the model",
                f"The file starts with '{m}': a web page or JSON error was saved instead of the model (wrong URL, login/licence wall, 404).",
                "Download with huggingface-cli download (accept the licence / log in for gated repos) or use the 'resolve/main/...' URL, not the 'blob' page.")
    if low.startswith("pk"):
        return ("a zip/PyTorch checkpoint, not GGUF",
                "The file is a zip archive - a PyTorch checkpoint (.bin/.pt) - not a GGUF.",
                "Convert the Hugging Face checkpoint with llama.cpp's convert_hf_to_gguf.py, or download a GGUF build of the model.")
    return ("not a GGUF file",
            f"The first bytes are '{m}' instead of 'GGUF': the file is not a GGUF model (wrong file, other format, or corrupted start).",
            "Check the file with head -c 64 and re-download the .gguf from the model page.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arch = facts.get("architecture")
    magic = facts.get("magic")
    tensor = facts.get("tensor")
    exp, got = facts.get("expected_tensors"), facts.get("got_tensors")
    load_error = str(facts.get("load_error") or "")
    runner = str(facts.get("runner_reason") or "")
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("_signature") == "empty-architecture":
        problem = "the GGUF declares no model architecture"
        parts.append("The file's general.architecture key is missing or empty, so llama.cpp cannot tell which model it holds: it was written by a tool other than llama.cpp's converter (candle or a custom quantizer), not by an older/newer llama.cpp.")
        fix.append("Use a GGUF produced by llama.cpp's convert_hf_to_gguf.py + llama-quantize (or a llama.cpp-compatible upload of the model); upgrading the runtime will not help.")
        fix.append("Check the header: python -m gguf.scripts.gguf_dump <file>.gguf | grep general.architecture (pip install gguf).")
    elif arch:
        problem = f"architecture '{arch}' is unknown to this llama.cpp/Ollama build"
        parts.append(f"The GGUF declares general.architecture = '{arch}', which the installed runtime does not implement: it is older than the model family.")
        fix.append("Upgrade the runtime: ollama update (or install the latest Ollama), a current llama.cpp build, or pip install -U llama-cpp-python (rebuild with your CMAKE_ARGS).")
        fix.append(f"Or use a model whose architecture your version supports; re-downloading the same '{arch}' GGUF will not help.")
    elif facts.get("pre_tokenizer"):
        pt = facts["pre_tokenizer"]
        problem = f"pre-tokenizer '{pt}' is unknown to this llama.cpp/Ollama build"
        parts.append(f"The GGUF names the pre-tokenizer '{pt}' (tokenizer.ggml.pre), which this runtime does not implement: the file was converted by a newer llama.cpp than the one loading it.")
        fix.append("Upgrade llama.cpp / Ollama / LM Studio runtime / llama-cpp-python to a release that knows this pre-tokenizer, or use a GGUF converted for your version.")
    elif facts.get("merges"):
        problem = "BPE tokenizer merges missing or in an unsupported format"
        parts.append("The GGUF's BPE tokenizer has no merges this runtime can read: it was converted with a newer tokenizers format (merges stored as pairs) or the conversion was broken.")
        fix.append("Upgrade the runtime, or re-convert the model with the convert_hf_to_gguf.py that matches your llama.cpp version (or with tokenizers pinned to the version it expects).")
    elif facts.get("magic_hex") and facts.get("file_version"):
        mh = str(facts["magic_hex"]).lower()
        if mh == "46554747":
            problem = "a GGUF file given to a pre-GGUF (GGML-era) loader"
            parts.append("The file is GGUF (magic 46554747 = 'GGUF') but the loader only knows the old GGML formats: the llama.cpp / llama-cpp-python build predates GGUF (August 2023).")
            fix.append("Upgrade: pip install -U llama-cpp-python (>= 0.1.79, rebuild with your CMAKE_ARGS), or a current llama.cpp / app runtime.")
        else:
            problem = f"GGML file with magic {mh}, version {facts['file_version']} not supported by this loader"
            parts.append(f"A GGML-era file (magic {mh}, version {facts['file_version']}) that this loader cannot read: GGML format versions changed several times in 2023 and GGUF replaced them all.")
            fix.append("Download the GGUF version of the model (current llama.cpp reads only GGUF), or convert it with convert-llama-ggml-to-gguf.py.")
    elif facts.get("magic_hex"):
        problem = f"not a GGUF file (magic {facts['magic_hex']})"
        parts.append(f"The first 4 bytes (0x{facts['magic_hex']}) are not 'GGUF': the file is another format (safetensors/PyTorch checkpoint, GGML .bin) or not a model at all.")
        fix.append("Load a .gguf file: convert a Hugging Face checkpoint with convert_hf_to_gguf.py or download the GGUF build of the model.")
    elif magic is not None:
        what, text, f = _magic(str(magic))
        problem = f"the file is {what}"
        parts.append(text)
        fix.append(f)
    elif tensor or "unexpectedly reached end of fil" in load_error or facts.get("eof"):
        problem = "the file is truncated or incomplete"
        where = f" (tensor '{tensor}' lies past the end of the file)" if tensor else ""
        parts.append(f"The file is shorter than its header says{where}: an interrupted download, a full disk, or a missing/partial shard of a split GGUF.")
        fix.append("Delete and re-download the file (huggingface-cli download resumes and verifies; ollama rm + ollama pull for Ollama blobs); compare size and sha256 with the model page.")
        fix.append("For split models keep every -0000k-of-0000N.gguf shard together and load the first one.")
    elif isinstance(exp, int) and isinstance(got, int):
        problem = f"tensor count mismatch (expected {exp}, file has {got})"
        more = "fewer" if got < exp else "more"
        parts.append(f"This build expects {exp} tensors for the model's architecture but the file provides {got} ({more}): the GGUF was converted for another variant or version of the architecture (e.g. with or without vision/MTP tensors).")
        fix.append("Upgrade llama.cpp / Ollama, or use a GGUF converted for your runtime version (the repack its documentation recommends).")
    elif runner:
        problem = f"the Ollama runner exited ({runner[:80]})"
        r = runner.lower()
        if "signal: killed" in r:
            parts.append("The runner was killed by the OS (signal: killed) - usually the host OOM killer: the model does not fit in RAM.")
            fix.append("Use a smaller model or quantization, reduce num_ctx, or free/add host memory; check dmesg for the OOM kill.")
        elif "out of memory" in r:
            parts.append("The runner ran out of GPU memory while loading.")
            fix.append("Lower num_gpu (layers on GPU), num_ctx, or use a smaller quantization.")
        elif "error loading model" in r:
            parts.append(f"The runner could not load the model: {runner}.")
            fix.append("See the loader message after 'error loading model'; for a damaged blob run ollama rm <model> && ollama pull <model>.")
        else:
            parts.append(f"The runner exited with '{runner}' and no loader message in this line; the reason is in the Ollama server log.")
            fix.append("Read the server log (journalctl -u ollama -n 200, or ~/.ollama/logs/server.log) for the llama_model_load / CUDA line before the exit.")
    elif load_error:
        problem = load_error[:120]
        parts.append(f"llama.cpp reported: {load_error}.")
    elif facts.get("_signature") == "llama-cpp-python-assert":
        problem = "llama-cpp-python could not load the model file (Llama() assertion)"
        parts.append("Older llama-cpp-python (0.1.x-0.2.x) checks the result of llama.cpp's loader with 'assert self.model is not None': the model file could not be loaded and the reason is only on stderr (llama.cpp's 'error loading model' / 'failed to load model' lines).")
        parts.append("Common reasons: a GGML .bin on a GGUF-only build (>= 0.1.79) or a GGUF on an older build, an architecture the bundled llama.cpp does not know yet (Falcon, Mixtral, Llama 3 ... in 2023-24), a wrong path or a truncated download.")
        fix.append("Load with verbose=True (or look at the console above the traceback) for the llama.cpp line that says why.")
        fix.append("Upgrade llama-cpp-python (pip install -U llama-cpp-python, rebuilt with your CMAKE_ARGS) and use a GGUF file; for text-generation-webui run its update script.")
    elif facts.get("model_path"):
        problem = f"llama-cpp-python could not load {facts['model_path']}"
        parts.append("llama-cpp-python only reports that loading failed; run with verbose=True (or check stderr) for the llama_model_load line that says why.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
