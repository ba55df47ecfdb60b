"""Computed diagnosis for jax.backend-init-failed: decode the library versions and say which to install."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PIP = {"cudnn": "nvidia-cudnn-cu12", "cublas": "nvidia-cublas-cu12", "cuda": "nvidia-cuda-runtime-cu12", "cufft": "nvidia-cufft-cu12",
        "cusolver": "nvidia-cusolver-cu12", "cusparse": "nvidia-cusparse-cu12", "cupti": "nvidia-cuda-cupti-cu12", "nccl": "nvidia-nccl-cu12"}


def decode(component: str, v: int) -> str:
    """JAX's integer versions -> dotted: CUDA 12010 -> 12.1, cuDNN 8906 -> 8.9.6 / 90100 -> 9.1.0, cuBLAS 120304 -> 12.3.4."""
    c = component.lower()
    if c == "cuda":
        return f"{v // 1000}.{(v % 1000) // 10}"
    if c == "cudnn":
        if v >= 10000:
            return f"{v // 10000}.{(v % 10000) // 100}.{v % 100}"
        return f"{v // 1000}.{(v % 1000) // 100}.{v % 100}"
    if v >= 100000:  # cuBLAS 120304
        return f"{v // 10000}.{(v % 10000) // 100}.{v % 100}"
    if v >= 10000:  # cuSOLVER 11405, cuSPARSE 12103
        return f"{v // 1000}.{(v % 1000) // 100}.{v % 100}"
    return str(v)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = str(facts.get("component") or "")
    found, built, minimum = facts.get("found_version"), facts.get("built_version"), facts.get("min_version")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("jaxlib_version"):
        jl, j = facts["jaxlib_version"], facts.get("jax_version")
        if facts.get("_signature") == "jaxlib-older-than-jax-needs":
            derived["what"] = f"jaxlib {jl} is older than the {j} this jax needs"
            parts.append(f"The installed jaxlib {jl} is older than the minimum jaxlib {j} this jax release needs (jax was upgraded, or an old jaxlib wheel was kept for its CUDA build); jax refuses to import.")
            fix.append(f"Upgrade jaxlib to >= {j} with the matching CUDA plugin (pip install -U 'jax[cuda12]', or the jaxlib wheel for your CUDA), or pin jax back to the release that matches jaxlib {jl}.")
            return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
        derived["what"] = f"jaxlib {jl} with jax {j}"
        parts.append(f"jaxlib {jl} is newer than jax {j}: the two packages come from different releases and jax refuses to import.")
        fix.append(f"Install matching versions: pip install -U jax jaxlib (or pin both, e.g. pip install jax=={jl.split('+')[0]} jaxlib=={jl})." if "+" not in str(j) else "pip install -U jax jaxlib")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("found_cudnn"):
        f, b = str(facts["found_cudnn"]), str(facts.get("built_cudnn"))
        derived["what"] = f"cuDNN {f} loaded, jaxlib/XLA built with {b}"
        same_major = f.split(".")[0] == b.split(".")[0]
        parts.append(f"The cuDNN library loaded at run time is {f} but XLA was compiled with {b}; cuDNN must have the same major version and at least the same minor version{'' if same_major else ' (here even the major version differs)'}.")
        fix.append(f"Install cuDNN >= {b} of major version {b.split('.')[0]} (pip install -U 'nvidia-cudnn-cu12>={b}' for CUDA 12 builds) and remove older libcudnn from LD_LIBRARY_PATH; or install a jaxlib/TF built for cuDNN {f.rsplit('.', 1)[0]}.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if comp and isinstance(built, int) and (isinstance(found, int) or isinstance(minimum, int)):
        need = minimum if isinstance(minimum, int) else built
        fd = decode(comp, found) if isinstance(found, int) else "?"
        nd = decode(comp, need)
        derived.update(found_dotted=fd, needed_dotted=nd, built_dotted=decode(comp, built))
        derived["what"] = f"{comp} {fd} installed, needs >= {nd}"
        parts.append(f"The {comp} library JAX loaded is {fd} ({found}); this jaxlib was built against {decode(comp, built)} ({built}) and needs at least {nd}.")
        if comp.lower() == "cudnn" and isinstance(found, int) and fd.split(".")[0] != nd.split(".")[0]:
            parts.append(f"That is a cuDNN major version change ({fd.split('.')[0]} -> {nd.split('.')[0]}): the old major version cannot satisfy it at all.")
        pkg = _PIP.get(comp.lower())
        if pkg:
            fix.append(f"pip install -U \"jax[cuda12]\" (or {pkg}>={nd}) and make sure that copy is loaded: unset LD_LIBRARY_PATH entries with an older {comp} (cluster modules, /usr/local/cuda*).")
        else:
            fix.append(f"Install {comp} >= {nd}, or install an older jaxlib built for {comp} {fd}.")
        fix.append("If torch or tensorflow in the same environment pinned the older wheel, give JAX its own environment.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if comp:
        derived["what"] = f"{comp} could not be loaded"
        parts.append(f"jaxlib could not load {comp} at all (not installed where the loader looks, or a broken/partial nvidia-* wheel).")
        fix.append(f"pip install -U \"jax[cuda12]\" (installs the {comp} wheel jaxlib expects); with jax[cuda12_local] install {comp} system-wide and put it on LD_LIBRARY_PATH.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    return Explanation(
        text="The CUDA backend did not start; the error lines just above this one (a failed cuInit, a cuDNN handle or version error) name the cause.",
        fix=("Run JAX_PLATFORMS=cuda python -c 'import jax; jax.print_environment_info()' to see the underlying error; check nvidia-smi and pip list | grep -E 'jax|nvidia'.",),
        derived={"what": "backend initialisation failed (see the error above it)"},
    )
