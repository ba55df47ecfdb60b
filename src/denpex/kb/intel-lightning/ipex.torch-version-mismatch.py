"""Computed diagnosis for ipex.torch-version-mismatch: which torch/IPEX pair to install."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LAST_IPEX = (2, 8)


def _mm(text: Any) -> tuple[int, int] | None:
    m = re.match(r"\s*(\d+)\.(\d+)", str(text or ""))
    return (int(m.group(1)), int(m.group(2))) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req, have = _mm(facts.get("required")), _mm(facts.get("torch_version"))
    if not req or not have:
        return None
    tv = str(facts.get("torch_version"))
    r = f"{req[0]}.{req[1]}"
    h = f"{have[0]}.{have[1]}"
    m = re.search(r"\+(\w+)", tv)
    build = m.group(1) if m else ""
    direction = "newer" if have > req else "older"
    text = (f"The installed IPEX is built for torch {r}.* but torch {tv} is installed ({direction} minor release), so IPEX refused to load "
            "(exit 127, or the program went on without IPEX).")
    index = "https://download.pytorch.org/whl/cpu"
    fix = [f"Keep this IPEX: pip install \"torch=={r}.*\" --index-url {index} (for Intel GPUs use the torch/IPEX XPU pair from the IPEX XPU install guide)."]
    if have > _LAST_IPEX:
        fix.append(f"There is no IPEX for torch {h} (IPEX is retired after {_LAST_IPEX[0]}.{_LAST_IPEX[1]}): to keep torch {h}, pip uninstall intel-extension-for-pytorch and use upstream PyTorch (device='xpu' in the torch XPU wheels).")
    else:
        fix.append(f"Or keep torch {h}: pip install \"intel-extension-for-pytorch=={h}.*\" (CPU) - check that a release for {h} exists.")
    if build.startswith("cu"):
        text += f" The '+{build}' suffix shows a CUDA build of torch from PyPI replaced the CPU/XPU build - some other package's requirement pulled it in."
    fix.append(f"Then protect it: echo 'torch=={r}.*' > constraints.txt and add -c constraints.txt to later pip installs.")
    return Explanation(text=text, fix=tuple(fix), derived={})
