"""Computed diagnosis for albumentations.init-schema-rejected: which 1.x argument the 2.x schema refused and its new form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (transform or "*", field) -> what 2.x expects instead
_RENAMES: dict[tuple[str, str], str] = {
    ("GaussNoise", "var_limit"): "std_range=(lo, hi) with std as a fraction of the image max (mean -> mean_range)",
    ("GaussNoise", "std_range"): "std_range=(lo, hi) as fractions of the image max (the 1.x first positional argument var_limit is gone)",
    ("ElasticTransform", "alpha_affine"): "nothing: alpha_affine was removed (use a separate Affine for the affine part)",
    ("*", "value"): "fill=",
    ("*", "mask_value"): "fill_mask=",
    ("*", "always_apply"): "nothing: always_apply was removed, use p=1.0",
    ("CoarseDropout", "max_holes"): "num_holes_range=(min, max)",
    ("CoarseDropout", "max_height"): "hole_height_range=(min, max)",
    ("CoarseDropout", "max_width"): "hole_width_range=(min, max)",
    ("ImageCompression", "quality_lower"): "quality_range=(lo, hi)",
    ("ImageCompression", "quality_upper"): "quality_range=(lo, hi)",
    ("RandomResizedCrop", "height"): "size=(height, width)",
    ("RandomResizedCrop", "width"): "size=(height, width)",
    ("RandomSizedCrop", "height"): "size=(height, width)",
    ("Downscale", "scale_min"): "scale_range=(min, max)",
    ("Downscale", "scale_max"): "scale_range=(min, max)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    transform = str(facts.get("transform") or "").strip()
    field = str(facts.get("field") or "").strip()
    error = str(facts.get("error") or "").strip()
    etype = str(facts.get("error_type") or "").strip()
    value = str(facts.get("input_value") or "").strip()
    if not (transform or field or error):
        return None
    derived: dict[str, Any] = {"transform_label": f"{transform} " if transform else ""}
    where = ".".join(x for x in (transform, field) if x) or "a transform argument"
    what = f"{where}: {error}" if error else where
    if value:
        what += f" (got {value})"
    derived["what"] = what
    text = [f"albumentations validated the arguments of {transform or 'a transform'} with its pydantic InitSchema and refused {field or 'an argument'}" + (f" ({error})" if error else "") + "."]
    if etype == "none_required":
        text.append("That argument no longer exists in this albumentations release (removed in 2.0); it is kept only to refuse old code.")
    elif etype in {"tuple_type", "too_short", "too_long"}:
        text.append("This release expects a (min, max) range where the old code passes a single number (1.x API).")
    hint = _RENAMES.get((transform, field)) or _RENAMES.get(("*", field))
    if not hint and transform == "GaussNoise" and etype == "tuple_type":
        hint = _RENAMES[("GaussNoise", "std_range")]
    fix = ['pip install "albumentations<2" (e.g. albumentations==1.4.24) and restart the kernel, if the code was written for 1.x']
    if hint:
        fix.append(f"Or port {where} to the 2.x API: {hint}.")
    else:
        fix.append(f"Or port {where} to the installed release's arguments (see the albumentations 2.0 release notes for {transform or 'the transform'}).")
    derived["new_form"] = hint or ""
    return Explanation(text=" ".join(text), fix=tuple(fix), derived=derived)
