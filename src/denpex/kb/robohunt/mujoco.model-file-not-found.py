"""Computed diagnosis for mujoco.model-file-not-found: which file could not be opened."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    xml = facts.get("xml_path")
    asset = facts.get("asset_path")
    if sig == "resource-not-found" and asset:
        asset = str(asset)
        low = asset.lower()
        kind = "model XML" if low.endswith(".xml") else "asset file"
        hints = []
        if "/../" in asset or "\\..\\" in asset:
            hints.append("The path climbs out with '..': check that the directory it expects next to the XML exists (submodule/assets downloaded).")
        if "\\" in asset and "/" in asset:
            hints.append("The path mixes '\\' and '/': write asset paths with '/' in the XML.")
        if not asset.startswith(("/", "\\")) and ":" not in asset[:3]:
            hints.append("The path is relative: MuJoCo resolved it against the working directory or meshdir; use a path relative to the XML or an absolute one.")
        fix = tuple(hints) + (
            f"Check that {asset} exists (ls -l), with this exact letter case and extension.",
            "If it exists and the error appears only after many resets, raise ulimit -n and stop reloading the model every episode.",
        )
        return Explanation(text=f"MuJoCo could not open the {kind} '{asset}' (no resource provider and no file at that path).",
                           fix=fix, derived={"missing_path": asset, "kind": kind})
    if sig in ("mujocopy-open-failed", "mujocopy-include-failed"):
        if sig == "mujocopy-include-failed":
            return Explanation(
                text=f"{xml} was found, but a file it pulls in with <include file=...> could not be opened.",
                fix=("Make the include path relative to the directory of the including XML, and copy the included files along with it.",),
                derived={"missing_path": f"an <include> of {xml}", "kind": "include"})
        if not xml:
            return Explanation(
                text="load_model_from_xml could not open the temporary file mujoco-py writes the string to (common on Windows).",
                fix=("Write the XML string to a .xml file yourself and call load_model_from_path on it.",),
                derived={"missing_path": "the XML string's temporary file", "kind": "xml-string"})
        rel = not str(xml).startswith(("/", "\\")) and ":" not in str(xml)[:3]
        fix = (f"Check the path: python -c \"import os; print(os.getcwd(), os.path.exists('{xml}'))\".",)
        if rel:
            fix = fix + ("The path is relative to the current directory: run from the directory it expects, or build it from __file__.",)
        return Explanation(text=f"mujoco-py could not open the model file {xml} (line 0, column 0 means it was never read).",
                           fix=fix, derived={"missing_path": str(xml), "kind": "model XML"})
    return None
