"""Computed diagnosis for mujoco.mjb-load-failed: which header field differs and which MuJoCo the file was saved for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _tag_version(tag: str) -> str | None:
    if len(tag) != 3 or not tag.isdigit():
        return None
    return f"{tag[0]}.{tag[1]}.{tag[2]}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mismatch = str(facts.get("mismatch") or "")
    mjb = str(facts.get("mjb_file") or "")
    tag = str(facts.get("file_tag") or "")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if mismatch == "floating point precision":
        parts.append("The .mjb was saved by a MuJoCo built with another mjtNum precision (float32 vs float64).")
        derived["diagnosis"] = "float precision differs"
    elif mismatch:
        parts.append(f"The .mjb header differs from this library in the {mismatch}: it was saved by another MuJoCo release.")
        derived["diagnosis"] = f"different {mismatch}"
    else:
        derived["diagnosis"] = "binary from another MuJoCo release"
    ver = _tag_version(tag)
    if ver:
        derived["saved_for"] = ver
        parts.append(f"The file name {mjb!r} says it was built for MuJoCo {ver}.")
        fix.append(f"pip install 'mujoco=={ver}' to load this binary, or use the .mjb built for your installed version.")
        derived["diagnosis"] = f"binary built for MuJoCo {ver}"
    elif mjb:
        parts.append(f"Model file: {mjb}.")
    if not parts:
        parts.append("The .mjb was written by a MuJoCo release whose mjModel layout differs from the installed one.")
    fix.append("Load the XML source instead (mujoco.MjModel.from_xml_path), or re-save the .mjb with the installed MuJoCo (mujoco.mj_saveModel).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
