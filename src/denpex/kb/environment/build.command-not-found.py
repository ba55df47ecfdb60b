"""Computed diagnosis for build.command-not-found: what the missing program is and how to get it on PATH."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDA_TOOLKIT = (
    "the CUDA toolkit's compiler is not on PATH. The pip/conda torch wheels ship only the CUDA runtime, not nvcc, so it must "
    "come from a CUDA toolkit install whose major.minor matches torch.version.cuda",
    [
        "Install a CUDA toolkit matching torch.version.cuda (apt-get install cuda-toolkit-12-1, conda install -c nvidia cuda-toolkit=12.1, or use an nvidia/cuda:*-devel / pytorch *-devel image; runtime images have no nvcc).",
        "Put it on PATH for the build: export CUDA_HOME=/usr/local/cuda-12.1 PATH=/usr/local/cuda-12.1/bin:$PATH, then check nvcc --version.",
        "Or avoid compiling: install a prebuilt wheel of the package for your torch/CUDA/Python.",
    ],
)
# program -> (what it means, fixes)
_PROGRAMS: dict[str, tuple[str, list[str]]] = {
    "nvcc": _CUDA_TOOLKIT,
    "ninja": ("ninja, the build tool torch.utils.cpp_extension uses for C++/CUDA extensions, is not installed in this environment",
              ["pip install ninja (then check ninja --version; without it torch falls back to slow, serial distutils builds or refuses JIT loads)."]),
    "cmake": ("cmake is not installed or not on PATH", ["pip install cmake (or apt-get install cmake), then check cmake --version."]),
    "make": ("make is not installed", ["apt-get install build-essential (Debian/Ubuntu) or yum groupinstall 'Development Tools' (RHEL)."]),
    "gcc": ("no C compiler is installed (slim/alpine images, fresh VMs)",
            ["apt-get install build-essential (Debian/Ubuntu), yum groupinstall 'Development Tools' (RHEL), apk add build-base (Alpine), or conda install -c conda-forge gcc gxx.",
             "Or avoid compiling: install a prebuilt wheel (pip install --only-binary :all: <package>)."]),
    "g++": ("no C++ compiler is installed", ["apt-get install g++ (or build-essential); on RHEL yum install gcc-c++; in conda: conda install -c conda-forge gxx."]),
    "cc1plus": ("gcc is installed but its C++ front end (g++ / gcc-c++) is not", ["apt-get install g++ (Debian/Ubuntu) or yum install gcc-c++ (RHEL)."]),
    "cl": ("the Microsoft C++ compiler (MSVC) is not installed or the shell is not a Visual Studio developer prompt",
           ["Install 'Microsoft C++ Build Tools' with the 'Desktop development with C++' workload, and build from an 'x64 Native Tools Command Prompt' (or run vcvars64.bat first).",
            "Or install a prebuilt wheel for Windows, so nothing has to be compiled."]),
    "git": ("git is not installed; pip needs it for git+https:// requirements and some setup.py files call it",
            ["apt-get install git (or conda install git), or install the package from a wheel/sdist instead of git+https://."]),
    "nvidia-smi": ("the NVIDIA driver utilities are not visible: no NVIDIA driver on this host, or a container started without GPU access",
                   ["On the host: install the NVIDIA driver. In Docker: run with --gpus all (nvidia-container-toolkit); in Kubernetes request nvidia.com/gpu."]),
    "conda": ("conda is not initialised in this (non-interactive) shell, so 'conda activate' and the environment's python are missing",
              ["source ~/miniconda3/etc/profile.d/conda.sh (or eval \"$(conda shell.bash hook)\") before conda activate in job scripts."]),
    "module": ("the environment-modules/Lmod command is not initialised in the job shell",
               ["Use a login shell (#!/bin/bash -l) or source /etc/profile.d/modules.sh (lmod.sh) before 'module load'."]),
    "python": ("there is no interpreter named 'python' on PATH (many distributions only provide python3), or the environment is not activated",
               ["Call python3, or activate the environment (conda activate / source venv/bin/activate) before the command; apt-get install python-is-python3 adds the alias."]),
    "torchrun": ("the environment's bin directory (where torchrun is installed) is not on PATH - usually the env is not activated in this shell",
                 ["Activate the environment, or call python -m torch.distributed.run instead of torchrun."]),
    "deepspeed": ("the deepspeed launcher is not on PATH (environment not activated, or deepspeed not installed)",
                  ["Activate the environment (pip install deepspeed if missing), or call python -m deepspeed.launcher.runner."]),
    "accelerate": ("the accelerate CLI is not on PATH (environment not activated, or accelerate not installed)",
                   ["Activate the environment (pip install accelerate if missing), or call python -m accelerate.commands.launch."]),
    "srun": ("this machine is not a Slurm node (or Slurm is not on PATH)", ["Run the command on a Slurm login/compute node, or load the Slurm module."]),
    "sbatch": ("this machine is not a Slurm node (or Slurm is not on PATH)", ["Submit from a Slurm login node, or load the Slurm module."]),
    "mpirun": ("no MPI installation is on PATH", ["apt-get install openmpi-bin libopenmpi-dev (or conda install -c conda-forge openmpi), or load the cluster's MPI module."]),
    "ffmpeg": ("the ffmpeg binary is not installed (pip's ffmpeg-python is only a wrapper)", ["apt-get install ffmpeg, or conda install -c conda-forge ffmpeg."]),
    "hipcc": ("the ROCm compiler is not on PATH", ["Install ROCm (or use a rocm/dev image) and add /opt/rocm/bin to PATH."]),
    "rustc": ("pip is compiling a Rust extension (tokenizers, safetensors, ...) because no prebuilt wheel matched this Python/platform, and no Rust toolchain is installed",
              ["First try to get a wheel: pip install -U pip, and raise the package pin (or use an older Python) so a wheel for your Python exists.",
               "Otherwise install Rust with rustup (https://rustup.rs) and make sure cargo/rustc are on PATH during pip install."]),
    "pip": ("no pip on PATH for this interpreter", ["Use python -m pip (python -m ensurepip --upgrade if it is missing)."]),
    "nproc": ("coreutils are missing in a minimal image", ["apt-get install coreutils."]),
    "wget": ("wget is not installed", ["apt-get install wget, or use curl -LO."]),
    "unzip": ("unzip is not installed", ["apt-get install unzip."]),
}
_ALIASES = {"cc": "gcc", "c++": "g++", "x86_64-linux-gnu-gcc": "gcc", "x86_64-linux-gnu-g++": "g++", "clang": "gcc", "clang++": "g++",
            "cl.exe": "cl", "python3": "python", "py": "python", "nvcc.exe": "nvcc", "ninja.exe": "ninja", "cc1": "gcc",
            "aarch64-linux-gnu-gcc": "gcc", "ml": "module", "pip3": "pip", "Rust": "rustc", "cargo": "rustc"}


def _program(raw: str) -> str:
    name = re.split(r"[\\/]", raw.strip().strip("'\""))[-1]
    return _ALIASES.get(name, _ALIASES.get(name.lower(), name))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("command") or "")
    if not raw and facts.get("msvc"):
        raw = "cl.exe"
    if not raw:
        return None
    prog = _program(raw)
    derived: dict[str, Any] = {"program": prog}
    parts: list[str] = []
    fix: list[str] = []
    shown = raw if raw == prog else f"{raw} ({prog})"
    known = _PROGRAMS.get(prog)
    if "/" in raw or "\\" in raw:
        parts.append(f"The program was called by its full path {raw}, and nothing exists there.")
        if prog == "nvcc":
            parts.append("That path is usually built from CUDA_HOME (or /usr/local/cuda): the variable points at a directory without a CUDA toolkit, or the toolkit lives elsewhere.")
            folder = raw.rsplit("/", 1)[0]
            if ":" in folder or "[" in folder or "<" in folder:
                parts.append(f"The folder part '{folder}' is not a real directory: it holds a ':' (a PATH-style list, e.g. CUDA_HOME=/usr/local/cuda/lib64:...) or a placeholder copied from instructions; CUDA_HOME must name one toolkit directory.")
            fix.append(f"Point CUDA_HOME at a real toolkit (ls {raw}; which nvcc) - e.g. export CUDA_HOME=$(dirname $(dirname $(which nvcc))) - or install the toolkit there.")
    if known:
        derived["what"] = known[0].split(". ")[0].split("; ")[0]
        parts.append(f"'{shown}' could not be run: {known[0]}.")
        fix.extend(known[1])
    else:
        derived["what"] = "not installed or not on PATH"
        parts.append(f"'{shown}' could not be run: it is not installed, or its directory is not on PATH for this shell.")
        fix.append(f"Install {prog} (or activate the environment that provides it) and check with: command -v {prog}.")
    if prog in ("nvcc", "python", "torchrun", "deepspeed", "conda", "gcc", "g++"):
        parts.append("If it works in your terminal but not here, the job runs with another PATH: sudo resets PATH, and batch/cron/non-login shells do not read ~/.bashrc.")
        fix.append("Do not build or run with sudo (or use sudo env PATH=$PATH ...); export PATH in the job script itself.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
