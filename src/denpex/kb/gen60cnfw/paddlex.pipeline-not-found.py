"""Computed diagnosis for paddlex.pipeline-not-found: which lookup failed and what to check for that name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# pipelines that only exist in later PaddleX 3.x releases (a 'does not exist' for these means an old paddlex)
_NEWER = ("PP-StructureV3", "PP-ChatOCRv4", "PaddleOCR-VL", "PP-DocTranslation", "doc_understanding", "formula_recognition", "seal_recognition")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("pipeline") or "").strip()
    if not name:
        return None
    registry = str(facts.get("registry") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if registry:
        derived["lookup"] = "class registry"
        kind = "pipeline class" if registry == "BasePipeline" else f"{registry} class"
        text = (f"The config names the {kind} '{name}', which the installed paddlex does not register on {registry}: "
                "the YAML (or the code calling it) comes from another PaddleX release.")
        fix.append("Upgrade paddlex and paddleocr together to the release the YAML came from, or regenerate the YAML with the installed paddlex.")
    else:
        derived["lookup"] = "pipeline config name"
        newer = any(name.lower().startswith(n.lower()) for n in _NEWER)
        derived["pipeline_added_in_later_release"] = newer
        text = f"No config named '{name}' ships in the installed paddlex's configs/pipelines directory."
        if newer:
            text += f" '{name}' was added in a later PaddleX 3.x release than many docker images and pinned environments carry."
        if name.endswith((".yml", ".yaml")) or "/" in name or "\\" in name:
            text += " It looks like a path: check that the file exists relative to the working directory."
        fix.append(f"pip install -U \"paddlex[ocr]\" paddleocr, then check '{name}' is listed in paddlex/configs/pipelines.")
        fix.append("In a PyInstaller/Nuitka build, bundle paddlex's package data (collect_all('paddlex')).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
