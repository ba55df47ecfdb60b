"""Computed diagnosis for build.unsupported-gpu-arch: which CUDA toolkits know the requested architecture."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# compute capability (as an int, 86 = 8.6) -> (first CUDA release that supports it, first release that dropped it or None, GPUs)
_ARCH: dict[int, tuple[str, str | None, str]] = {
    20: ("3.0", "9.0", "Fermi"),
    21: ("3.2", "9.0", "Fermi"),
    30: ("4.2", "11.0", "Kepler (GTX 600/700)"),
    32: ("6.0", "11.0", "Jetson TK1"),
    35: ("5.0", "12.0", "Kepler (K20/K40)"),
    37: ("6.5", "12.0", "Kepler (K80)"),
    50: ("6.0", "13.0", "Maxwell (GTX 750)"),
    52: ("6.5", "13.0", "Maxwell (GTX 900, M40)"),
    53: ("7.0", "13.0", "Jetson TX1/Nano"),
    60: ("8.0", "13.0", "Pascal (P100)"),
    61: ("8.0", "13.0", "Pascal (GTX 10xx, P40, P4)"),
    62: ("8.0", "13.0", "Jetson TX2"),
    70: ("9.0", "13.0", "Volta (V100)"),
    72: ("10.0", "13.0", "Jetson Xavier"),
    75: ("10.0", None, "Turing (T4, RTX 20xx)"),
    80: ("11.0", None, "Ampere (A100, A30)"),
    86: ("11.1", None, "Ampere (RTX 30xx, A10, A40, A6000)"),
    87: ("11.4", None, "Jetson Orin"),
    89: ("11.8", None, "Ada (L4, L40, RTX 40xx)"),
    90: ("11.8", None, "Hopper (H100, H200, GH200)"),
    100: ("12.8", None, "Blackwell (B200, GB200)"),
    101: ("12.8", "13.0", "Jetson Thor (renamed sm_110 in CUDA 13)"),
    103: ("12.9", None, "Blackwell Ultra (B300, GB300)"),
    110: ("13.0", None, "Jetson Thor"),
    120: ("12.8", None, "Blackwell (RTX 50xx, RTX PRO 6000)"),
    121: ("12.9", None, "DGX Spark (GB10)"),
}

_TORCH_MIN = {89: "torch 2.0 (cu118)", 90: "torch 2.0 (cu118)", 100: "torch 2.7 (cu128)", 120: "torch 2.7 (cu128)", 103: "torch 2.8 (cu129)", 121: "torch 2.9 (cu129/cu130)"}


def _ver(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"[0-9]+", v)[:2])


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("arch") or "")
    if "arch" in facts and not re.fullmatch(r"(?:(?:compute|sm|lto)_[0-9]+[a-z]?|[0-9]+\.[0-9]+[a-z]?(?:\+PTX)?)", raw):
        return Explanation(
            text=f"torch.utils.cpp_extension could not parse the architecture '{raw}': TORCH_CUDA_ARCH_LIST is malformed (entries must look like 8.6 or 9.0+PTX, separated by ';' or spaces) or no GPU was detected to derive it from.",
            fix=("Set it explicitly, e.g. export TORCH_CUDA_ARCH_LIST=\"8.6;8.9\" (ASCII semicolons) - use nvidia-smi --query-gpu=compute_cap --format=csv for your GPU.",),
            derived={"what": f"malformed TORCH_CUDA_ARCH_LIST entry '{raw}'"},
        )
    if not raw:
        return None
    nvcc = str(facts.get("nvcc") or facts.get("nvcc_path") or "")
    m = re.search(r"([0-9]+)\.([0-9]+)", raw)
    suffix = ""
    if m:  # torch form: 8.6 / 12.0 / 9.0a+PTX
        cc = int(m.group(1)) * 10 + int(m.group(2))
        torch_form = True
    else:
        m2 = re.search(r"_([0-9]+)([a-z]?)", raw)
        if not m2:
            return None
        cc, suffix = int(m2.group(1)), m2.group(2)
        torch_form = False
    derived: dict[str, Any] = {"compute_capability": f"{cc // 10}.{cc % 10}"}
    parts: list[str] = []
    fix: list[str] = []
    info = _ARCH.get(cc)
    dotted = f"{cc // 10}.{cc % 10}"
    if torch_form:
        derived["what"] = f"torch does not know CUDA arch {raw}"
        parts.append(f"torch.utils.cpp_extension was asked to build for compute capability {raw} ({info[2] if info else 'unknown GPU'}), which this torch release does not list (TORCH_CUDA_ARCH_LIST, or the GPU it detected, is newer than the torch wheel).")
        need = _TORCH_MIN.get(cc)
        fix.append(f"Upgrade torch to a release that knows it ({need} or later) together with a matching CUDA toolkit." if need else "Upgrade torch (with its matching CUDA toolkit) to a release that supports this GPU.")
        fix.append(f"Or set TORCH_CUDA_ARCH_LIST to an arch torch knows, with +PTX so the driver can JIT it (e.g. export TORCH_CUDA_ARCH_LIST=\"9.0+PTX\").")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if not info:
        derived["what"] = f"does not support {raw}"
        parts.append(f"nvcc{f' {nvcc}' if nvcc else ''} rejected {raw}: not an architecture this toolkit knows (check for a typo or a placeholder such as compute_N in the build files).")
        fix.append("Use the compute capability of your GPU (nvidia-smi --query-gpu=compute_cap --format=csv) in TORCH_CUDA_ARCH_LIST / CMAKE_CUDA_ARCHITECTURES / -gencode.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    first, dropped, gpus = info
    if suffix == "a" and cc >= 90:
        first = max(first, "12.0", key=_ver)
    derived["min_cuda"] = first
    if dropped:
        derived["dropped_in"] = dropped
    too_new = bool(nvcc and dropped and _ver(nvcc) >= _ver(dropped))
    too_old = bool(nvcc and _ver(nvcc) < _ver(first))
    rng = f"CUDA {first} to {'before ' + dropped if dropped else 'current'}"
    if too_new or (not nvcc and dropped and cc < 75):
        derived["what"] = f"{'CUDA ' + nvcc if nvcc else 'this CUDA'} no longer supports {raw} ({gpus})"
        parts.append(f"{raw} ({dotted}, {gpus}) was removed in CUDA {dropped}; the nvcc used{f' (CUDA {nvcc})' if nvcc else ''} is newer than the architecture list of the project. Toolkits that support it: {rng}.")
        fix.append(f"Remove {raw} from the target list (edit the -gencode lines / TORCH_CUDA_ARCH_LIST / CMAKE_CUDA_ARCHITECTURES) if you do not run on {gpus} GPUs; use your GPU's arch instead (nvidia-smi --query-gpu=compute_cap --format=csv).")
        fix.append(f"If you do need {gpus}, build with a CUDA toolkit older than {dropped} (export CUDA_HOME=/usr/local/cuda-<that version>).")
    else:
        derived["what"] = f"{'CUDA ' + nvcc if nvcc else 'this CUDA'} is too old for {raw} ({gpus}; needs CUDA >= {first})"
        parts.append(f"{raw} ({dotted}, {gpus}) needs CUDA {first} or newer{f', and the nvcc used is CUDA {nvcc}' if nvcc else ''}: the toolkit predates the GPU. torch's own CUDA (torch.version.cuda) may be newer - the build uses the toolkit found via CUDA_HOME/PATH.")
        fix.append(f"Install CUDA {first}+ (same major as torch.version.cuda) and build with it: export CUDA_HOME=/usr/local/cuda-X.Y PATH=$CUDA_HOME/bin:$PATH, then rebuild (pip install --no-build-isolation ...).")
        fix.append(f"Or, if you cannot upgrade the toolkit, build for the newest arch it knows plus PTX (e.g. TORCH_CUDA_ARCH_LIST=\"8.6+PTX\" / -gencode arch=compute_86,code=compute_86) so the driver JIT-compiles it for the {gpus} GPU (slower first start).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
