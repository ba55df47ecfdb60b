"""Computed diagnosis for env.shared-library-missing: what the missing soname is, which version it
belongs to, and the package that provides it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# CUDA math/runtime libraries: base name -> (pip wheel stem, {soname major: CUDA major})
_CUDA_LIBS: dict[str, tuple[str, dict[str, str]]] = {
    "libcudart": ("nvidia-cuda-runtime", {}),
    "libcublas": ("nvidia-cublas", {}),
    "libcublasLt": ("nvidia-cublas", {}),
    "libcufft": ("nvidia-cufft", {"10": "11", "11": "12", "12": "13"}),
    "libcusparse": ("nvidia-cusparse", {"11": "11", "12": "12"}),
    "libcusolver": ("nvidia-cusolver", {"10": "10", "11": "11 or 12"}),
    "libcurand": ("nvidia-curand", {"10": "10 to 12"}),
    "libnvrtc": ("nvidia-cuda-nvrtc", {}),
    "libnvJitLink": ("nvidia-nvjitlink", {}),
    "libcupti": ("nvidia-cuda-cupti", {}),
    "libnvToolsExt": ("nvidia-nvtx", {}),
}

# OS libraries: base name -> what provides it
_OS_LIBS: dict[str, str] = {
    "libGL": "apt-get install -y libgl1 (Debian/Ubuntu; libgl1-mesa-glx on old releases; dnf install mesa-libGL) - or replace opencv-python with opencv-python-headless, which needs no GL",
    "libgthread-2.0": "apt-get install -y libglib2.0-0 (needed by opencv-python)",
    "libglib-2.0": "apt-get install -y libglib2.0-0",
    "libSM": "apt-get install -y libsm6 libxext6 libxrender1 (old opencv-python builds)",
    "libXext": "apt-get install -y libsm6 libxext6 libxrender1",
    "libXrender": "apt-get install -y libsm6 libxext6 libxrender1",
    "libgomp": "apt-get install -y libgomp1 (GNU OpenMP runtime)",
    "libaio": "apt-get install -y libaio-dev (DeepSpeed async_io / NVMe offload)",
    "libsndfile": "apt-get install -y libsndfile1 (soundfile / librosa)",
    "libportaudio": "apt-get install -y libportaudio2 (sounddevice / pyaudio)",
    "libespeak-ng": "apt-get install -y espeak-ng (phonemizer / TTS)",
    "libmpi": "an MPI runtime: apt-get install -y libopenmpi-dev, or module load openmpi on clusters",
    "libibverbs": "apt-get install -y libibverbs1 ibverbs-providers (RDMA user space)",
    "libopenblas": "apt-get install -y libopenblas0 (or pip/conda openblas)",
    "libssl": "the OpenSSL of that major version (libssl.so.1.1 on an OpenSSL 3 system such as Ubuntu 22.04: use a build of the package made for OpenSSL 3, or conda install openssl=1.1)",
    "libcrypto": "the OpenSSL of that major version (libcrypto.so.1.1 on an OpenSSL 3 system: use a build made for OpenSSL 3, or conda install openssl=1.1)",
    "libffi": "the libffi of that major version (a Python or package built on another distribution release)",
}

# ffmpeg libraries: base name -> {soname major: ffmpeg release}
_FFMPEG: dict[str, dict[str, str]] = {
    "libavutil": {"56": "4", "57": "5", "58": "6", "59": "7", "60": "8"},
    "libavcodec": {"58": "4", "59": "5", "60": "6", "61": "7", "62": "8"},
    "libavformat": {"58": "4", "59": "5", "60": "6", "61": "7", "62": "8"},
    "libavdevice": {"58": "4", "59": "5", "60": "6", "61": "7", "62": "8"},
    "libavfilter": {"7": "4", "8": "5", "9": "6", "10": "7", "11": "8"},
    "libswscale": {"5": "4", "6": "5", "7": "6", "8": "7", "9": "8"},
    "libswresample": {"3": "4", "4": "5", "5": "7", "6": "8"},
}

_SONAME = re.compile(r"^(?P<base>[A-Za-z0-9_+-]+(?:[.-][0-9]+\.[0-9]+)?[A-Za-z0-9_+-]*?)\.so(?:\.(?P<ver>[0-9]+(?:\.[0-9]+)*))?$")


def split_soname(name: str) -> tuple[str, str]:
    """'libcudart.so.12' -> ('libcudart', '12'); 'libgthread-2.0.so.0' -> ('libgthread-2.0', '0')."""
    name = name.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    m = _SONAME.match(name)
    if not m:
        return name, ""
    return m.group("base"), m.group("ver") or ""


def _cu(major: str) -> str:
    return f"cu{major}" if major in ("11", "12") else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "").strip()
    dll = str(facts.get("dll") or "").strip()
    module = str(facts.get("module") or "").strip()
    wanted_by = str(facts.get("wanted_by") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}

    if dll or (module and not lib):
        name = dll.replace("\\\\", "\\").rsplit("\\", 1)[-1] if dll else module
        derived["library"] = name
        derived["what"] = f"Windows could not load {name} or a DLL it depends on"
        parts.append(f"Windows could not load {name} or one of the DLLs it depends on (WinError 126 names the first DLL in the chain, not necessarily the missing one).")
        if "torch" in dll.lower() or name.lower() in ("fbgemm.dll", "c10.dll", "torch_cpu.dll", "shm.dll", "caffe2_nvrtc.dll"):
            parts.append("torch's DLLs need the Microsoft Visual C++ runtime and libomp140.x86_64.dll; torch 2.4.0 wheels on Windows notably failed with fbgemm.dll when libomp140 was absent.")
            fix.append("Install the latest Microsoft Visual C++ Redistributable (x64, 2015-2022) and restart the shell.")
            fix.append("Reinstall torch from the official index for your CUDA (pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu121), or move to a torch release after 2.4.0.")
        else:
            fix.append(f"Find the missing dependency of {name} (Dependencies.exe / dumpbin /dependents) and install it - usually the Visual C++ Redistributable or the CUDA/cuDNN DLLs of the version the package was built for (their bin folder must be on PATH).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    if not lib:
        return None
    base, ver = split_soname(lib)
    major = ver.split(".", 1)[0] if ver else ""
    derived["library"] = lib
    who = f"{wanted_by} (cuDNN) needs {lib}, which" if wanted_by and wanted_by != lib else lib

    if base in _CUDA_LIBS:
        wheel, cuda_map = _CUDA_LIBS[base]
        cuda = cuda_map.get(major) if cuda_map else (ver if base in ("libcudart", "libnvrtc") and ver and major not in ("11", "12", "13") else major)
        cuda = cuda or major
        derived["cuda_major"] = cuda
        derived["what"] = f"the CUDA {cuda} {base[3:]} library" if cuda else f"the {base[3:]} CUDA library"
        parts.append(f"{who} is not on the loader path. {lib} belongs to CUDA {cuda}: the failing package was built for CUDA {cuda}." if cuda else f"{who} is not on the loader path.")
        cu = _cu(cuda.split(" ")[0]) if cuda else ""
        if cu:
            fix.append(f"Install it: pip install {wheel}-{cu} (or a CUDA {cuda} toolkit), then put its directory on the loader path: export LD_LIBRARY_PATH=$(python -c 'import os, {wheel.replace('nvidia-', 'nvidia.').replace('cuda-runtime', 'cuda_runtime').replace('cuda-nvrtc', 'cuda_nvrtc').replace('cuda-cupti', 'cuda_cupti').replace('-', '_')}.lib as m; print(os.path.dirname(m.__file__))'):$LD_LIBRARY_PATH.")
        else:
            fix.append(f"Install the CUDA {cuda} libraries (toolkit or the nvidia-* wheels of that version) and add their lib directory to LD_LIBRARY_PATH.")
        fix.append(f"Or install the build of the failing package made for the CUDA you have (check python -c 'import torch; print(torch.version.cuda)' and nvidia-smi): a cu{cuda.replace('.', '') if cuda else 'XX'} package on a machine with another CUDA major keeps asking for {lib}.")
    elif base.startswith("libcudnn"):
        derived["what"] = f"cuDNN {major}" if major else "cuDNN"
        parts.append(f"{who} is not on the loader path: the package was built against cuDNN {major or '?'}.")
        if major == "8":
            parts.append("cuDNN 8 exists for CUDA 11 and 12; cuDNN 9 (libcudnn_*.so.9) does not satisfy a request for .so.8. ctranslate2 < 4.5 / faster-whisper and TensorFlow <= 2.15 ask for cuDNN 8, while torch >= 2.4 ships cuDNN 9.")
            fix.append("pip install 'nvidia-cudnn-cu12==8.9.*' (or nvidia-cudnn-cu11 8.x for CUDA 11) and add site-packages/nvidia/cudnn/lib to LD_LIBRARY_PATH; or upgrade the package to a release built for cuDNN 9 (ctranslate2 >= 4.5).")
        elif major == "9":
            fix.append("pip install 'nvidia-cudnn-cu12==9.*' and add site-packages/nvidia/cudnn/lib to LD_LIBRARY_PATH (export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn.lib as m; print(os.path.dirname(m.__file__))'):$LD_LIBRARY_PATH), or apt-get install libcudnn9-cuda-12.")
        else:
            fix.append(f"Install cuDNN {major or 'of the version the package needs'} for your CUDA and add its lib directory to LD_LIBRARY_PATH.")
        fix.append("Check what is installed: ldconfig -p | grep cudnn; pip list | grep -i cudnn.")
    elif base == "libnccl":
        derived["what"] = "NCCL (multi-GPU communication library)"
        parts.append(f"{who} is not on the loader path: NCCL is not installed where the package looks for it.")
        fix.append("pip install nvidia-nccl-cu12 (nvidia-nccl-cu11 for CUDA 11) and add site-packages/nvidia/nccl/lib to LD_LIBRARY_PATH, or apt-get install libnccl2 from the CUDA repository.")
    elif base == "libcuda":
        derived["what"] = "the NVIDIA driver library (libcuda), not a pip package"
        parts.append(f"{who} is not on the loader path. libcuda comes with the NVIDIA driver, never from pip or the toolkit: the driver is missing, the container was started without GPU access, or (WSL) /usr/lib/wsl/lib is not on the path.")
        if not ver:
            parts.append("The unversioned libcuda.so is only the development symlink; the driver installs libcuda.so.1.")
            fix.append("Point the loader at the driver's directory (export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH on WSL, /usr/lib/x86_64-linux-gnu elsewhere) or create the libcuda.so -> libcuda.so.1 link with ldconfig.")
        fix.append("Check nvidia-smi; in Docker run with --gpus all (NVIDIA container toolkit); install or repair the driver on bare metal.")
    elif base.startswith("libnvinfer"):
        derived["what"] = f"TensorRT {major}" if major else "TensorRT"
        parts.append(f"{who} is not on the loader path: TensorRT {major} is not installed (TensorFlow only uses it for TF-TRT; the warning is harmless otherwise).")
        fix.append(f"pip install 'tensorrt=={major}.*' if you need TensorRT, or ignore the warning." if major else "pip install tensorrt if you need TensorRT.")
    elif base in _FFMPEG:
        rel = _FFMPEG[base].get(major, "")
        derived["what"] = f"ffmpeg {rel} ({base})" if rel else f"ffmpeg ({base})"
        parts.append(f"{who} is not on the loader path: it is an FFmpeg library{f' of FFmpeg {rel}' if rel else ''}. torchaudio/torchvision/torchcodec link a specific FFmpeg major.")
        fix.append(f"Install FFmpeg {rel} shared libraries (conda install -c conda-forge 'ffmpeg={rel}', or apt-get install ffmpeg where the distribution ships that major)." if rel else "Install the FFmpeg shared libraries the package supports (conda install -c conda-forge ffmpeg).")
    elif base.startswith("libpython"):
        derived["what"] = "libpython (a Python built without --enable-shared)"
        parts.append(f"{who} is not on the loader path: the module was built against a shared libpython, but this interpreter was built statically (pyenv default) or its lib directory is not on the path.")
        fix.append("Rebuild the Python with --enable-shared (PYTHON_CONFIGURE_OPTS=--enable-shared pyenv install ...), or add the interpreter's lib directory (e.g. $CONDA_PREFIX/lib) to LD_LIBRARY_PATH.")
    elif base in ("libtorch", "libtorch_cpu", "libtorch_cuda", "libc10", "libc10_cuda", "libtorch_python"):
        derived["what"] = "torch's own library"
        parts.append(f"{who} is not on the loader path: a torch extension was loaded before torch (its libraries are found only after 'import torch'), or torch is not installed in this environment.")
        fix.append("Import torch before the extension (import torch first), and install the extension in the same environment as torch.")
    else:
        hit = next((k for k in _OS_LIBS if base == k or base.startswith(k + "-") or base.startswith(k + ".")), None)
        if hit:
            derived["what"] = f"an OS library ({base})"
            parts.append(f"{who} is not installed: it is an operating-system library, not a Python package.")
            fix.append(f"Install it: {_OS_LIBS[hit]}.")
        elif base.startswith("libbitsandbytes"):
            derived["what"] = "bitsandbytes' own native library"
            parts.append(f"{who} is not in the bitsandbytes package: this build has no binary for your platform/CUDA (see the bitsandbytes CUDA setup entry).")
            fix.append("pip install -U bitsandbytes (wheels >= 0.43 ship CUDA binaries for Linux and Windows); do not use a source checkout that was never compiled.")
        else:
            derived["what"] = f"{base}{' ' + ver if ver else ''} is not on the loader path"
            parts.append(f"{who} is not installed or not on the loader path{f' (the package wants major version {major})' if major else ''}.")
            fix.append(f"Find which package provides {lib} (apt-file search {lib}, or dnf provides '*/{lib}'), install it, and add its directory to LD_LIBRARY_PATH if it is not in a system path.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
