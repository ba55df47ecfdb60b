"""Computed diagnosis for mmcv.ext-missing: which way mmcv's compiled ops (mmcv._ext) are missing or do not
match torch, and the prebuilt-wheel index URL for the torch/CUDA pair the log shows."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INDEX = "https://download.openmmlab.com/mmcv/dist/{cu}/torch{tv}/index.html"


def _torch_pair(torch_version: str | None) -> tuple[str | None, str | None]:
    """'2.1.2+cu121' -> ('2.1', 'cu121'); '1.13.1+cpu' -> ('1.13', 'cpu'); '2.3.0' -> ('2.3', None)."""
    if not torch_version:
        return None, None
    m = re.match(r"(\d+)\.(\d+)", torch_version)
    tv = f"{m.group(1)}.{m.group(2)}" if m else None
    c = re.search(r"\+(cu\d+|cpu|rocm[\d.]+)", torch_version)
    return tv, (c.group(1) if c else None)


def _mmcv_pkg(mmcv_version: str | None) -> str:
    """mmcv 1.x shipped its ops as mmcv-full; from 2.0 the package with ops is plain mmcv."""
    return "mmcv-full" if mmcv_version and mmcv_version.startswith(("0.", "1.")) else "mmcv"


def _install_lines(facts: Mapping[str, Any]) -> list[str]:
    tv, cu = _torch_pair(facts.get("torch_version"))
    mv = facts.get("mmcv_version")
    name = _mmcv_pkg(mv)
    pin = f"=={mv}" if mv else ""
    out = []
    if tv and cu and cu.startswith("cu"):
        url = _INDEX.format(cu=cu, tv=tv)
        out.append(f"Install the prebuilt ops for torch {facts.get('torch_version')}: pip uninstall -y mmcv mmcv-full mmcv-lite && "
                   f"pip install --no-cache-dir \"{name}{pin}\" -f {url} (or pip install -U openmim && mim install \"{name}{pin}\", which picks that index).")
        out.append(f"If {url} lists no wheel for your mmcv version and Python tag, pick a listed version, or build from source against this torch with nvcc for CUDA {cu[2:-1]}.{cu[-1]} (MMCV_WITH_OPS=1 FORCE_CUDA=1 pip install --no-build-isolation -v \"{name}{pin}\").")
    elif tv and cu == "cpu":
        out.append(f"torch {facts.get('torch_version')} is a CPU build: the mmcv matching it has CPU kernels only. For GPU ops install a CUDA torch first, then pip install \"{name}{pin}\" -f https://download.openmmlab.com/mmcv/dist/cu<CUDA, e.g. 121>/torch{tv}/index.html.")
    else:
        t = tv or "<major.minor of torch.__version__>"
        out.append(f"pip uninstall -y mmcv mmcv-full mmcv-lite && pip install -U openmim && mim install \"{name}{pin}\" - mim picks the wheel for your torch/CUDA from "
                   f"https://download.openmmlab.com/mmcv/dist/cu<torch.version.cuda without the dot, e.g. 121>/torch{t}/index.html.")
    if not mv and not facts.get("mmengine_version"):
        out.append("That is mmcv 2.x (OpenMMLab 2.0: mmdet 3.x, mmseg 1.x, mmpose 1.x); a codebase written for OpenMMLab 1.x (mmdet 2.x, mmcv.runner imports) needs mmcv-full 1.x from the same index instead, e.g. mmcv-full==1.7.2.")
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    symbol, func, op, device = facts.get("symbol"), facts.get("func"), facts.get("op"), facts.get("device")
    mmcv_cuda = str(facts.get("mmcv_cuda") or "").strip()
    tv, cu = _torch_pair(facts.get("torch_version"))
    if facts.get("torch_version"):
        derived["wheel_index"] = _INDEX.format(cu=cu or "cu<CUDA>", tv=tv) if tv else None

    if op and device:
        dev = str(device)
        if dev.startswith("cuda"):
            derived["what"] = f"mmcv op {op} has no CUDA kernel in this build"
            if str(facts.get("cuda_home") or "").lower() in ("none", "not"):
                parts.append(f"mmcv's ops have no CUDA kernel for {op}: the env report shows CUDA_HOME: None, so mmcv was built from source without a CUDA toolkit and compiled CPU kernels only; the call on {dev} finds nothing registered.")
            else:
                said = " (the env report says 'MMCV CUDA Compiler: not available')" if mmcv_cuda.lower().startswith("not") else ""
                parts.append(f"mmcv's compiled ops were built without CUDA{said}, so {op} finds no kernel for {dev}: a CPU wheel (cpu/ index, or a wheel for another torch/CUDA), "
                             "or a source build that ran where nvcc/CUDA_HOME or a GPU was not visible (docker build) and compiled CPU kernels only.")
            fix.extend(_install_lines(facts))
            fix.append("Source builds: export CUDA_HOME=/usr/local/cuda-<torch.version.cuda>, and FORCE_CUDA=1 when building without a visible GPU; then check python -c 'from mmcv.ops import get_compiling_cuda_version; print(get_compiling_cuda_version())' prints a CUDA version.")
        elif dev.startswith("cpu"):
            derived["what"] = f"mmcv op {op} has no CPU kernel"
            parts.append(f"{op} is implemented for GPUs only (deformable attention, rotated IoU, many 3D ops have no CPU kernel), and its input tensors are on the CPU: the model or data was not moved to the GPU, or the run uses device='cpu'.")
            fix.append("Run on a GPU: pass --device cuda:0 (or cfg.device / model.to('cuda')), and check torch.cuda.is_available() is True in this environment.")
            fix.append(f"For CPU-only inference, choose a model without {op}, or check that mmcv was not installed as a CPU build on a GPU machine (torch.cuda.is_available() True but MMCV CUDA Compiler 'not available').")
        else:
            derived["what"] = f"mmcv op {op} is not implemented for {dev}"
            parts.append(f"{op} has no kernel for device {dev} in this mmcv build (NPU/MLU/MPS backends implement a subset of the ops).")
            fix.append(f"Run this model on CUDA, or use a model whose ops the {dev.split(':')[0]} backend implements.")
    elif func:
        derived["what"] = f"mmcv._ext lacks {func}"
        parts.append(f"mmcv/_ext loaded but does not contain {func}: the compiled library is older than mmcv's Python files (an op added in a later mmcv, a source checkout updated without recompiling, or a stale wheel from pip's cache), or the installed mmcv-full version predates the op the code needs.")
        fix.extend(_install_lines(facts))
        fix.append("Building from source: remove the old build (rm -rf build/ mmcv/_ext*.so) and rebuild with MMCV_WITH_OPS=1 pip install -v -e . from a release tag.")
    elif symbol:
        s = str(symbol)
        if re.match(r"_?_ZN?K?(3c10|2at|5torch|6caffe2)", s) or "c10" in s[:12]:
            kind = "a libtorch symbol: mmcv's ops were compiled against another torch version (or another CXX11 ABI)"
        elif "__cxx11" in s:
            kind = "a C++11-ABI std::string symbol: mmcv and torch were built with different _GLIBCXX_USE_CXX11_ABI"
        elif s.startswith(("_ZNSt", "_ZSt")):
            kind = "a libstdc++ symbol: the library was built with a newer GCC than the libstdc++ loaded (conda vs system)"
        elif "cuda" in s.lower() or s.startswith("cu"):
            kind = "a CUDA runtime symbol: built for another CUDA version than the one torch ships"
        else:
            kind = "a symbol the loaded torch/CUDA libraries do not export"
        derived["what"] = "mmcv._ext was built for another torch"
        parts.append(f"mmcv/_ext needs {s}, {kind}.")
        if kind.startswith("a libstdc++"):
            parts.append("Usually mmcv was compiled with the system GCC while the process loads conda's older libstdc++.so.6 first.")
            fix.append("Load the newer libstdc++ (conda install -c conda-forge libstdcxx-ng, or LD_PRELOAD the system /usr/lib/x86_64-linux-gnu/libstdc++.so.6), or rebuild mmcv with the compiler of the env.")
        else:
            run = f" (this run uses torch {facts.get('torch_version')})" if facts.get("torch_version") else ""
            parts.append(f"The usual trigger: torch was upgraded after mmcv was installed, pip reused a cached wheel built for the old torch, or the wheel came from the index of another torch/CUDA{run}.")
        fix.extend(_install_lines(facts))
        fix.append("Reinstall with --no-cache-dir so pip does not reuse the wheel it built earlier for another torch.")
    else:
        derived["what"] = "mmcv has no compiled ops (mmcv._ext)"
        parts.append("The mmcv that imports has no compiled ops: it is the lite package (mmcv < 2.0 without -full, or mmcv-lite), a build made with MMCV_WITH_OPS=0, a platform without prebuilt ops (macOS, or a torch version the index has no wheel for, so pip built from source without CUDA), "
                     "or Python picked up an mmcv source folder that was never compiled (running from inside the mmcv repository, or an mmcv/ folder vendored into the project).")
        fix.extend(_install_lines(facts))
        fix.append("Run from outside the mmcv source tree (python -c 'import mmcv; print(mmcv.__file__)' must point into site-packages or a compiled checkout), and keep only one of mmcv / mmcv-full / mmcv-lite installed.")
    derived["install"] = fix[0] if fix else ""
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
