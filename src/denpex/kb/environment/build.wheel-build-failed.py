"""Computed diagnosis for build.wheel-build-failed: which package pip could not build, at which step, and the usual
reason for that package."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDA_EXT = ("it compiles CUDA kernels against the installed torch: it needs torch installed first, pip install --no-build-isolation, "
             "ninja, and a CUDA toolkit (nvcc) matching torch.version.cuda; compiling takes long and much RAM (limit with MAX_JOBS=4)")
# normalised distribution name -> (why it is built from source / what it needs, fix)
_PACKAGES: dict[str, tuple[str, str]] = {
    "flash-attn": (_CUDA_EXT, "Use a prebuilt wheel from https://github.com/Dao-AILab/flash-attention/releases matching torch, CUDA, cxx11abi and Python; otherwise: pip install ninja packaging && MAX_JOBS=4 pip install flash-attn --no-build-isolation."),
    "mamba-ssm": (_CUDA_EXT, "Install causal-conv1d first, then MAX_JOBS=4 pip install mamba-ssm --no-build-isolation (or a prebuilt wheel from its GitHub releases)."),
    "causal-conv1d": (_CUDA_EXT, "pip install causal-conv1d --no-build-isolation with nvcc on PATH (or a prebuilt wheel from its GitHub releases)."),
    "apex": (_CUDA_EXT, "Build NVIDIA apex from its repository with --no-build-isolation and matching nvcc (the PyPI 'apex' is unrelated)."),
    "xformers": ("xformers builds from source when no wheel matches your torch", "Install the wheel for your torch from the PyTorch index: pip install xformers --index-url https://download.pytorch.org/whl/cu121 (pick your CUDA)."),
    "deepspeed": ("DeepSpeed's install compiles ops only when DS_BUILD_* is set; otherwise the build needs torch importable", "pip install torch first, then pip install deepspeed (unset DS_BUILD_OPS unless you need precompiled ops)."),
    "detectron2": (_CUDA_EXT, "python -m pip install --no-build-isolation 'git+https://github.com/facebookresearch/detectron2.git' after torch, with nvcc matching torch.version.cuda."),
    "pytorch3d": (_CUDA_EXT, "Use a prebuilt wheel/conda package for your torch/CUDA, or build with --no-build-isolation after torch with nvcc matching torch.version.cuda."),
    "mmcv": ("mmcv's full build compiles CUDA ops", "pip install -U openmim && mim install mmcv (downloads a build for your torch/CUDA)."),
    "mmcv-full": ("mmcv-full compiles CUDA ops", "pip install -U openmim && mim install mmcv-full (downloads a build for your torch/CUDA)."),
    "bitsandbytes": ("no wheel for this platform/Python, so the CUDA library is compiled", "pip install -U pip and install a released bitsandbytes wheel for your platform."),
    "tokenizers": ("there is no prebuilt wheel for this Python/platform (Python too new for the pinned version, old pip, 32-bit), so pip compiles it and needs a Rust toolchain",
                   "Upgrade the tokenizers/transformers pin to a release with wheels for your Python (or use a Python version the pin supports) and pip install -U pip; installing Rust (rustup) is the fallback."),
    "safetensors": ("no wheel for this Python/platform, so it is compiled with Rust", "Upgrade the pin to a release with wheels for your Python, pip install -U pip, or install Rust (rustup)."),
    "sentencepiece": ("no wheel for this Python (new Python versions lag behind), so it is compiled and needs cmake and a C++ compiler",
                      "Use a sentencepiece release with wheels for your Python (pip install -U sentencepiece) or a Python version it supports; otherwise install cmake and build tools."),
    "llama-cpp-python": ("it always compiles llama.cpp and needs cmake and a C/C++ compiler (and nvcc for CMAKE_ARGS=-DGGML_CUDA=on)",
                         "Install build-essential/cmake (and the CUDA toolkit for GPU builds), or use the prebuilt wheels index documented in its README."),
    "numpy": ("the pinned numpy is older than this Python and has no wheel for it, so pip tries to compile it", "Raise the numpy pin to a release with wheels for your Python (or use an older Python)."),
    "scipy": ("the pinned scipy has no wheel for this Python and compiling it needs Fortran/BLAS", "Raise the scipy pin to a release with wheels for your Python."),
    "pandas": ("the pinned pandas has no wheel for this Python", "Raise the pandas pin to a release with wheels for your Python."),
    "scikit-learn": ("the pinned scikit-learn has no wheel for this Python", "Raise the scikit-learn pin to a release with wheels for your Python."),
    "h5py": ("no wheel for this Python/platform, so it needs the HDF5 headers", "Use a release with wheels for your Python, or install libhdf5-dev (brew install hdf5) before building."),
    "psycopg2": ("psycopg2 is source-only and needs the PostgreSQL client headers (pg_config)", "pip install psycopg2-binary, or apt-get install libpq-dev before building."),
    "pyaudio": ("needs the PortAudio headers", "apt-get install portaudio19-dev (brew install portaudio) before pip install pyaudio."),
    "mpi4py": ("needs an MPI implementation with its compiler wrappers (mpicc)", "apt-get install libopenmpi-dev (or conda install -c conda-forge mpi4py)."),
    "dlib": ("dlib compiles C++ with cmake", "Install cmake and a C++ compiler (build-essential), or conda install -c conda-forge dlib."),
    "insightface": ("insightface has no wheels for most platforms and compiles a Cython/C++ extension", "Install a C++ compiler (build-essential, or MSVC Build Tools on Windows) and Cython/numpy first, or use a community wheel for your Python."),
    "pycocotools": ("no wheel for this platform/Python, so it compiles a C extension", "Install a C compiler (build-essential / MSVC Build Tools), or pip install pycocotools from a release with wheels for your Python."),
    "fasttext": ("fasttext compiles C++ (pybind11)", "pip install fasttext-wheel (prebuilt), or install a C++ compiler (MSVC Build Tools on Windows)."),
    "lap": ("lap compiles C++ and needs numpy at build time", "pip install lapx (maintained fork with wheels), or install numpy and a compiler first."),
    "thinc": ("the pinned thinc/spaCy stack has no wheels for this Python", "Raise the spacy/thinc pins to releases with wheels for your Python, or use an older Python."),
    "levenshtein": ("no wheel for this Python/platform, so the C++ extension is compiled", "Upgrade to a release with wheels for your Python, or install a C++ compiler."),
    "nvdiffrast": (_CUDA_EXT, "Build with pip install --no-build-isolation after torch, with nvcc on PATH."),
}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.strip().strip("`'\"").split("==")[0].split("@")[0]).lower()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("package") or "")
    step = str(facts.get("step") or "")
    code = facts.get("exit_code")
    if not raw:
        m = re.search(r"(?:Building (?:wheel|editable) for|Failed to build) `?([A-Za-z0-9_.-]+)", step)
        raw = m.group(1) if m else ""
    names = [n for n in re.split(r"[,\s]+", raw) if n]
    if not names and not step:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {"pkg_label": ", ".join(names) if names else "a package"}
    who = derived["pkg_label"]
    low = step.lower()
    if any(k in low for k in ("egg_info", "metadata", "getting requirements", "build dependencies")):
        phase = "before compiling anything (while pip asked the package for its metadata / build requirements)"
        parts.append(f"pip could not build {who}: its setup script failed {phase}. That is usually a setup.py that imports torch or "
                     "checks for CUDA/nvcc in pip's isolated build environment, an unsupported Python version, or a missing build dependency.")
        fix.append("Read the traceback inside the '[N lines of output]' block: its last line is the real error (No module named 'torch', CUDA_HOME not set, ...).")
    else:
        parts.append(f"pip could not build a wheel for {who} from source. The reason is in the build output above the "
                     "'Failed building wheel' line - the first 'error:' of the compiler, or the last line of a Python traceback there.")
        fix.append("Scroll up to the first 'error:' / 'fatal error:' inside the build output (not the pip summary lines at the end).")
    if code is not None:
        derived["exit_code"] = code
    for n in names[:3]:
        hint = _PACKAGES.get(_norm(n))
        if hint:
            parts.append(f"{n}: {hint[0]}.")
            fix.append(hint[1])
    fix.append("Check whether a prebuilt wheel exists for your Python/platform (pip download --only-binary :all: --no-deps <package>==<version>); "
               "pip builds from source only when none matches, often because the Python version is newer than the pinned release.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
