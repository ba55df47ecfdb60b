"""Computed diagnosis for env.glibc-too-old: the glibc the binary needs against the one the host has,
which distributions qualify, and the build of the failing package that fits."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# distribution release -> its glibc (x.y)
_DISTROS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("CentOS/RHEL 6", (2, 12)),
    ("CentOS/RHEL 7", (2, 17)),
    ("Ubuntu 16.04", (2, 23)),
    ("Debian 9", (2, 24)),
    ("Amazon Linux 2", (2, 26)),
    ("Ubuntu 18.04", (2, 27)),
    ("RHEL/Rocky 8", (2, 28)),
    ("Debian 10", (2, 28)),
    ("Ubuntu 20.04", (2, 31)),
    ("Debian 11", (2, 31)),
    ("RHEL/Rocky 9", (2, 34)),
    ("Amazon Linux 2023", (2, 34)),
    ("Ubuntu 22.04", (2, 35)),
    ("Debian 12", (2, 36)),
    ("Ubuntu 24.04", (2, 39)),
)

# extension/module file name fragment -> (pip package, how to get a build for an older glibc)
_PACKAGES: tuple[tuple[str, str, str], ...] = (
    ("flash_attn", "flash-attn", "build it from source on this machine: pip uninstall -y flash-attn && pip install flash-attn --no-build-isolation --no-binary flash-attn (needs nvcc and a compiler; MAX_JOBS=4 limits memory)"),
    ("jaxlib", "jaxlib", "install an older jaxlib whose wheel is manylinux2014, build jaxlib from source, or run JAX in a container"),
    ("xla_extension", "jaxlib", "install an older jaxlib whose wheel is manylinux2014, build jaxlib from source, or run JAX in a container"),
    ("vllm", "vllm", "run vLLM from its official Docker image (it brings its own glibc), or build vLLM from source on this machine"),
    ("xformers", "xformers", "build xformers from source on this machine (pip install --no-binary xformers xformers) or use the release matching an older torch"),
    ("llama_cpp", "llama-cpp-python", "build it on this machine: pip install --no-binary llama-cpp-python llama-cpp-python"),
    ("onnxruntime", "onnxruntime", "install an older onnxruntime release whose wheel is manylinux2014, or run in a container"),
    ("tokenizers", "tokenizers", "install an older tokenizers release with a manylinux2014 wheel, or build it from source (needs Rust)"),
    ("/torch/", "torch", "torch wheels from 2.6 on are built for manylinux_2_28 (glibc 2.28): on a glibc 2.17 host use torch <= 2.5 wheels, the conda-forge pytorch build, or a container"),
    ("bitsandbytes", "bitsandbytes", "install a bitsandbytes release whose wheel is manylinux2014, or build it from source"),
    ("triton", "triton", "use the triton release paired with an older torch, or run in a container"),
)


def _ver(text: str) -> tuple[int, int] | None:
    m = re.match(r"(\d+)\.(\d+)", text or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def _fmt(v: tuple[int, int]) -> str:
    return f"{v[0]}.{v[1]}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reqs = facts.get("required") or []
    if isinstance(reqs, str):
        reqs = [reqs]
    names = [str(r).strip().replace("GLIBC_", "") for r in reqs if str(r).strip()]
    numeric = sorted((v for v in (_ver(n) for n in names) if v is not None), reverse=True)
    raw_req = names[0] if names else ""
    req_s = _fmt(numeric[0]) if numeric else ("PRIVATE" if "PRIVATE" in names else "")
    by = str(facts.get("required_by") or "").strip()
    libc = str(facts.get("libc") or "").strip()
    sys_s = str(facts.get("system_glibc") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}

    if req_s == "PRIVATE":
        derived["what"] = "two different glibc copies are mixed in one process (GLIBC_PRIVATE)"
        parts.append(f"{by or 'A library'} asks for glibc's internal GLIBC_PRIVATE symbols from {libc or 'libc'}: those only match the exact glibc build they came with, so a libc/libm/libpthread/ld.so from another glibc is being loaded next to the system one (usually through LD_LIBRARY_PATH pointing at a copied or conda sysroot glibc).")
        fix.append("Remove the directory holding the foreign libc.so.6/libm.so.6/libpthread.so.0 from LD_LIBRARY_PATH (echo $LD_LIBRARY_PATH; ldd <failing binary>), or run the program with that glibc's own loader.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    req = _ver(req_s)
    have = _ver(sys_s)
    if req is None:
        return None
    derived["required_glibc"] = _fmt(req)
    if len(numeric) > 1:
        parts.append(f"The loader reported {len(numeric)} missing glibc versions; the newest, {_fmt(req)}, is what counts.")
    name = by.rsplit("/", 1)[-1] if by else ""
    who = name or "the program"
    if have is not None:
        derived["system_glibc"] = _fmt(have)
        hosts = [d for d, v in _DISTROS if v == have]
        host = f" ({' / '.join(hosts)})" if hosts else ""
        gap = "" if have < req else " - yet the loader still refused it, so another, older libc is being loaded (check LD_LIBRARY_PATH and the libc path in the error)"
        derived["what"] = f"{who} needs glibc >= {_fmt(req)}, the system has {_fmt(have)}{host}"
        parts.append(f"{who} needs glibc {_fmt(req)} or newer; this system has glibc {_fmt(have)}{host}{gap}.")
    else:
        derived["what"] = f"{who} needs glibc >= {_fmt(req)}, newer than the system's"
        where = ""
        if libc.startswith(("/lib64/", "/usr/lib64/")):
            where = " The libc path /lib64 is the RHEL/CentOS/Fedora layout."
        elif "-linux-gnu/" in libc:
            where = " The libc path is the Debian/Ubuntu layout."
        parts.append(f"{who} was linked against glibc {_fmt(req)} or newer and this system's {libc or 'libc'} is older.{where}")
    older = [d for d, v in _DISTROS if v < req]
    newer = [d for d, v in _DISTROS if v >= req]
    if older:
        parts.append(f"Releases too old for it include {', '.join(older[-4:])}; {', '.join(newer[:3]) if newer else 'only very recent releases'} and newer are fine.")

    if by == "" and raw_req and not libc:
        # installer form (no binary): conda constructor installer
        derived["what"] = f"the conda installer needs glibc >= {_fmt(req)}" + (f", the system has {_fmt(have)}" if have else "")
        parts = [f"The Miniconda/Anaconda installer refuses to run: it needs glibc {_fmt(req)} or newer" + (f" and this system has {_fmt(have)}." if have else " and this system reports none (musl/Alpine, or ldd missing).")]
        fix.append("Use micromamba (a static binary: curl -Ls https://micro.mamba.pm/api/micromamba/linux-64/latest | tar -xvj bin/micromamba) or an older installer release that still supports this glibc (Miniconda 23.x for glibc 2.17).")
        fix.append("Or run inside a container with a newer base image.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    pkg = next(((p, how) for frag, p, how in _PACKAGES if frag in by), None)
    if pkg:
        derived["package"] = pkg[0]
        fix.append(f"{pkg[0]}: {pkg[1]}.")
    else:
        fix.append(f"Install a build of {who} made for {('glibc ' + _fmt(have)) if have else 'this system' + chr(39) + 's glibc'}: an older release with a manylinux2014 wheel, the conda-forge build, or a source build on this machine (pip install --no-binary <package> <package>).")
    fix.append(f"Or run the job in a container whose image has glibc >= {_fmt(req)} (e.g. an ubuntu22.04-based CUDA image with Docker or Apptainer); the host kernel is reused, the image provides glibc.")
    fix.append("Do not upgrade or replace the host's glibc or put another libc on LD_LIBRARY_PATH.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
