"""Computed diagnosis for flashattn.rocm-gpu-archs-rejected: which requested gfx targets the CK build refuses."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INSTINCT = {"gfx908": "MI100", "gfx90a": "MI200", "gfx940": "MI300", "gfx941": "MI300", "gfx942": "MI300", "gfx950": "MI350"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("archs")
    if not raw:
        return None
    archs = re.findall(r"[A-Za-z0-9_+:-]+", str(raw))
    if not archs:
        return None
    radeon = [a for a in archs if a.startswith("gfx1")]
    odd = [a for a in archs if a != "native" and not a.startswith("gfx")]
    fix = []
    notes = []
    if odd:
        notes.append(f"{', '.join(odd)} is not a gfx target name (GPU_ARCHS takes gfx names separated by ';')")
        fix.append("Set GPU_ARCHS to gfx names separated by ';', e.g. export GPU_ARCHS='gfx90a;gfx942'.")
    if radeon:
        notes.append(f"{', '.join(radeon)} is a Radeon (RDNA) target, which the CK backend of this release does not build")
        fix.append("Build the Triton backend instead: FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE pip install flash-attn --no-build-isolation.")
    inst = [a for a in archs if a in _INSTINCT]
    if "gfx908" in inst:
        notes.append("gfx908 (MI100) is missing from the allowed list of several releases")
        fix.append("Use a ROCm/flash-attention release that lists gfx908, or the Triton backend.")
    if "native" in archs:
        notes.append("'native' resolved to a GPU this release does not list")
    fix.append("Or skip flash-attn and use PyTorch SDPA (attn_implementation='sdpa').")
    return Explanation(
        text=f"flash-attention's ROCm (CK) build refused GPU_ARCHS {raw}: " + ("; ".join(notes) if notes else "a target is not in setup.py's allowed_archs") + ".",
        fix=tuple(fix),
        derived={"radeon_targets": ",".join(radeon)},
    )
