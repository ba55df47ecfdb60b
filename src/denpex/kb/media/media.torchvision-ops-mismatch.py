"""Computed diagnosis for media.torchvision-ops-mismatch: the torchvision that pairs with the torch in the log."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VER = re.compile(r"^(\d+)\.(\d+)")


def _tv_for(torch_v: str) -> str | None:
    m = _VER.match(torch_v)
    if not m:
        return None
    major, minor = int(m.group(1)), int(m.group(2))
    if major == 2:
        return f"0.{minor + 15}"
    if major == 1 and minor >= 4:
        return f"0.{minor + 1}"
    return None


def _torch_for(tv: str) -> str | None:
    m = _VER.match(tv)
    if not m or m.group(1) != "0":
        return None
    minor = int(m.group(2))
    if minor >= 15:
        return f"2.{minor - 15}"
    if 5 <= minor <= 14:
        return f"1.{minor - 1}"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("torch_version") or "")
    v = str(facts.get("tv_version") or "")
    fix: list[str] = []
    want_tv = _tv_for(t) if t else None
    want_t = _torch_for(v) if v else None
    if t and v and want_tv:
        vm = ".".join(v.split(".")[:2])
        if vm != want_tv:
            what = f"torchvision {v} does not match torch {t} (needs torchvision {want_tv}.x)"
            text = (f"The log shows torch {t} and torchvision {v}. torch {'.'.join(t.split('.')[:2])} pairs with torchvision {want_tv}.x"
                    + (f" and torchvision {vm} with torch {want_t}.x" if want_t else "") + ": torchvision's compiled ops were built for another torch.")
            fix.append(f"pip install --no-deps --force-reinstall torchvision=={want_tv}.* --index-url https://download.pytorch.org/whl/<the CUDA tag of torch, e.g. cu121>")
            if want_t:
                fix.append(f"Or go back to the torch this torchvision was built for: pip install torch=={want_t}.* torchvision=={v} from the same index.")
        else:
            what = f"torch {t} / torchvision {v} look paired, but torchvision's C++ ops did not load"
            text = (f"The versions in the log pair correctly, so the mismatch is in the build: a CPU torchvision with a CUDA torch "
                    "(or another CUDA major), a second torch/torchvision install shadowing these, or a broken source build.")
            fix.append("Compare the +cuXXX/+cpu suffixes of torch.__version__ and torchvision.__version__ and reinstall both from one index.")
            fix.append("Show the real load error: python -c \"import torch, torchvision; torch.ops.load_library(torchvision.extension._get_extension_path('_C'))\".")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if t and want_tv:
        what = f"torchvision's C++ ops did not load; torch {t} needs torchvision {want_tv}.x"
        text = f"torchvision's compiled ops failed to load. The log shows torch {t}, which pairs with torchvision {want_tv}.x; the installed torchvision is probably another release or CUDA variant."
        fix.append(f"pip install --no-deps --force-reinstall torchvision=={want_tv}.* --index-url https://download.pytorch.org/whl/<the CUDA tag of torch>")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if v and want_t:
        what = f"torchvision {v}'s C++ ops did not load; it needs torch {want_t}.x"
        text = f"torchvision {v} was built for torch {want_t}.x; the torch installed now is probably another version or CUDA variant."
        fix.append(f"Install the matching pair from one index: pip install torch=={want_t}.* torchvision=={v} --index-url https://download.pytorch.org/whl/<cu121|cu124|cpu>")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    what = "torchvision's C++ ops did not load (torch/torchvision version or CUDA-variant mismatch)"
    text = ("torchvision's compiled ops (torchvision/_C) failed to load at import, so nms/roi_align are unavailable. Print "
            "torch.__version__ and torchvision.__version__: for torch 2.N the torchvision must be 0.(N+15), from the same index (cuXXX vs cpu).")
    fix.append("pip install --force-reinstall torch==<X> torchvision==<paired> --index-url https://download.pytorch.org/whl/<cu121|cu124|cpu> (one command).")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
