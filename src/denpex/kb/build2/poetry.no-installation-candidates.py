"""Computed diagnosis for poetry.no-installation-candidates: why no file fits and how to pin it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDA_ONLY = ("triton", "nvidia-", "flash-attn", "flash_attn", "xformers", "bitsandbytes", "vllm", "deepspeed", "cupy-cuda")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg, ver = str(facts.get("package") or ""), str(facts.get("version") or "")
    if not pkg:
        return None
    skipped = facts.get("skipped")
    local = re.search(r"\+(cu\d+|cpu|rocm[\d.]+)", ver)
    fix: list[str] = []
    if local:
        what = f"{ver} is a PyTorch-index build ({local.group(1)})"
        text = (f"{pkg} {ver} is a local version published only on download.pytorch.org/whl/{local.group(1)}, and only for "
                "Linux/Windows x86_64: either the lock does not point to that index, or this machine (macOS/aarch64) has no such wheel.")
        fix.append(f"poetry source add --priority explicit pytorch https://download.pytorch.org/whl/{local.group(1)} and set "
                   f"{pkg} = {{version = \"{ver}\", source = \"pytorch\", markers = \"sys_platform == 'linux'\"}}, then poetry lock.")
        fix.append(f"On macOS add a second {pkg} entry without the +{local.group(1)} suffix and markers = \"sys_platform == 'darwin'\".")
    elif any(pkg.lower().startswith(p) for p in _CUDA_ONLY):
        what = f"{pkg} ships Linux CUDA wheels only"
        text = f"{pkg} {ver} publishes wheels for Linux (CUDA) only; this environment's platform or Python has none{f' ({skipped} wheels skipped)' if isinstance(skipped, int) else ''}."
        fix.append(f"Guard it with a marker: {pkg} = {{version = \"{ver}\", markers = \"sys_platform == 'linux'\"}} (or move it to an optional group), then poetry lock.")
    else:
        what = f"no wheel of {pkg} {ver} matches this Python/platform"
        text = (f"None of the files of {pkg} {ver} match this environment's tags"
                f"{f': {skipped} wheel(s) were skipped for ABI/platform' if isinstance(skipped, int) else ''} and no usable sdist exists.")
        fix.append(f"Use a Python version {pkg} {ver} ships wheels for (poetry env use python3.X), or upgrade {pkg} to a release with wheels for yours.")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
