"""Computed diagnosis for itk.inputs-not-same-physical-space: rounding noise or a different grid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _vec(text: Any) -> list[float] | None:
    if not isinstance(text, str):
        return None
    try:
        return [float(x) for x in text.replace(",", " ").split()]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    filt = facts.get("filter") or "the filter"
    oa, ob = _vec(facts.get("origin_a")), _vec(facts.get("origin_b"))
    sa, sb = _vec(facts.get("spacing_a")), _vec(facts.get("spacing_b"))
    parts = []
    big = False
    if oa and ob and len(oa) == len(ob):
        d = max(abs(x - y) for x, y in zip(oa, ob))
        parts.append(f"origins differ by up to {d:.3g} mm")
        if d > 1e-3:
            big = True
    if sa and sb and len(sa) == len(sb):
        ds = max(abs(x - y) for x, y in zip(sa, sb))
        parts.append(f"spacings differ by up to {ds:.3g} mm")
        if ds > 1e-4:
            big = True
    if not parts:
        return None
    detail = ", ".join(parts)
    if big:
        diagnosis = "inputs on different grids"
        text = f"{filt}: {detail}. The second image is on another grid, not just rounded: it must be resampled."
        fix = ("mask = sitk.Resample(mask, image, sitk.Transform(), sitk.sitkNearestNeighbor, 0, mask.GetPixelID())",)
    else:
        diagnosis = "rounding-level header difference"
        text = f"{filt}: {detail}, i.e. header rounding; the grids are the same for practical purposes."
        fix = ("mask.CopyInformation(image) before the filter (sizes must match), or sitk.ProcessObject.SetGlobalDefaultCoordinateTolerance(1e-3).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
