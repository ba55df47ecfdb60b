"""Computed diagnosis for hf.missing-optional-dependency: the packages a Hugging Face feature wants, as one pip
command, and the non-obvious cases (bitsandbytes on a CPU-only torch, flash_attn installed but broken)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import import_packages
from denpex.models import Explanation

# library names as transformers/diffusers print them -> pip distribution
_LIBRARY: dict[str, str] = {
    "pytorch": "torch", "torchvision": "torchvision", "torchaudio": "torchaudio", "torchcodec": "torchcodec",
    "beautiful soup": "beautifulsoup4", "scikit-learn": "scikit-learn", "pil": "pillow", "opencv": "opencv-python",
    "pytesseract": "pytesseract", "python-levenshtein": "python-Levenshtein", "g2p-en": "g2p-en",
    "torch ccl": "oneccl_bind_pt", "pyav": "av", "jinja": "jinja2", "nltk": "nltk", "tensorflow": "tensorflow",
    "flax": "flax", "datasets": "datasets", "tokenizers": "tokenizers", "faiss": "faiss-cpu", "cython": "Cython",
    "essentia": "essentia", "pretty_midi": "pretty_midi", "mistral-common": "mistral-common",
}
_APT = {"pytesseract": "also the tesseract binary (apt-get install tesseract-ocr)",
        "phonemizer": "also espeak-ng (apt-get install espeak-ng)",
        "detectron2": "detectron2 has no PyPI wheel: build it from its repository (see its INSTALL.md)"}


def _imports() -> dict[str, str]:
    return {k: d for k, (d, _) in import_packages().items()}


def _dist_for_import(name: str) -> str:
    table = _imports()
    return table.get(name) or table.get(name.split(".", 1)[0]) or name.replace("_", "-")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    feature = str(facts.get("feature") or "")
    requirement = str(facts.get("requirement") or "")
    pip_args = str(facts.get("pip_args") or "").strip()
    packages = str(facts.get("packages") or "")
    library = str(facts.get("library") or "")
    if packages:
        names = [p.strip() for p in packages.split(",") if p.strip()]
        dists = [_dist_for_import(n) for n in names]
        build = [d for d in dists if d == "flash-attn"]
        plain = [d for d in dists if d != "flash-attn"]
        cmds = []
        if plain:
            cmds.append("pip install " + " ".join(plain))
        if build:
            cmds.append("pip install flash-attn --no-build-isolation")
        derived["pip_cmd"] = " && ".join(cmds)
        derived["what"] = f"the remote modeling file needs {', '.join(names)}"
        parts.append(
            f"The model's own code (trust_remote_code) imports {', '.join(names)}, and transformers refuses to load it "
            "until every import it names can be imported."
        )
        fix.append(f"Install them in the job's interpreter: {derived['pip_cmd']}; then restart the process or notebook kernel.")
        if build:
            parts.append(
                "If flash_attn is already installed, it failed to import (usually its compiled extension was built for "
                "another torch/CUDA): python -c 'import flash_attn' shows the real error."
            )
            fix.append("flash-attn builds against the installed torch and needs nvcc; a prebuilt wheel matching torch, CUDA, cxx11abi and Python avoids the build.")
            fix.append("If you do not need flash attention, try attn_implementation='eager' (or 'sdpa') in from_pretrained; some remote models still import flash_attn at top level and need it installed or the import patched.")
    elif feature or requirement:
        bnb = "bitsandbytes" in (feature + requirement + pip_args) or feature == "load_in_8bit=True"
        if feature == "load_in_8bit=True" or (feature == "bitsandbytes"):
            bits = facts.get("bits")
            derived["what"] = f"bitsandbytes {str(bits) + '-bit ' if bits else ''}quantization is unavailable"
            derived["pip_cmd"] = "pip install -U accelerate bitsandbytes"
            parts.append(
                "transformers refuses bitsandbytes quantization when accelerate is missing, when bitsandbytes is missing or "
                "too old, and also when torch cannot use a CUDA GPU (CPU-only torch wheel, no driver or no visible GPU, "
                "macOS): in that last case reinstalling the packages changes nothing."
            )
            fix.append("Check the GPU first: python -c 'import torch; print(torch.__version__, torch.cuda.is_available())'. If it prints False, install the CUDA build of torch (https://pytorch.org/get-started/locally/) or check CUDA_VISIBLE_DEVICES / the driver.")
            fix.append(f"Otherwise: {derived['pip_cmd']}, then restart the process or notebook runtime.")
            fix.append("On a machine without an NVIDIA GPU, load without quantization_config / load_in_8bit (or use a GGUF/MLX build of the model).")
        elif "accelerate" in (requirement + pip_args).lower() and not bnb:
            args = pip_args or "accelerate"
            derived["pip_cmd"] = f"pip install {args}" if args.startswith("'") else f"pip install '{args}'" if any(c in args for c in "<>=") else f"pip install {args}"
            derived["what"] = f"{'`' + feature + '` quantization' if feature else 'device_map / low_cpu_mem_usage'} needs accelerate"
            parts.append(
                "Passing device_map (including device_map='auto'), low_cpu_mem_usage=True, tp_plan or a quantization config "
                "makes transformers load the model through accelerate, which is not installed in this interpreter (or is older than required)."
            )
            fix.append(f"{derived['pip_cmd']} in the interpreter that runs the job, then restart it; or drop device_map/low_cpu_mem_usage and move the model with .to(device).")
        else:
            args = pip_args or feature
            derived["pip_cmd"] = f"pip install {args}"
            derived["what"] = f"`{feature}` quantization needs {requirement}"
            parts.append(f"The {feature} quantizer needs {requirement}, which this interpreter cannot import.")
            fix.append(f"{derived['pip_cmd']} in the job's interpreter, then restart it.")
    elif library:
        key = library.lower().replace("🤗 ", "").strip()
        dist = _LIBRARY.get(key, key)
        mv = facts.get("min_version")
        spec = f"'{dist}>={mv}'" if mv else dist
        derived["pip_cmd"] = f"pip install {spec}"
        requirer = facts.get("requirer") or "this class"
        derived["what"] = f"{requirer} needs the {library} library"
        parts.append(f"{requirer} is guarded by transformers/diffusers requires_backends and needs {library}, which this interpreter cannot import.")
        if dist == "torch":
            fix.append("Install PyTorch for your platform (https://pytorch.org/get-started/locally/), e.g. pip install torch --index-url https://download.pytorch.org/whl/cu121.")
        else:
            fix.append(f"{derived['pip_cmd']} in the job's interpreter, then restart the process or notebook kernel.")
        if key in _APT:
            fix.append(f"Note: {_APT[key]}.")
        if key == "datasets":
            fix.append("If datasets is installed, check for a local datasets/ folder or datasets.py in the working directory shadowing it.")
    else:
        return None
    if not derived.get("pip_cmd"):
        return None
    fix.append("If pip says it is already installed: the job runs another interpreter (compare sys.executable with pip -V) or the package fails to import - run python -c 'import <package>' to see why.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
