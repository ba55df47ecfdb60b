"""Computed diagnosis for mujoco.xml-compile-error: which loading step rejected the model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "tinyxml-parse":
        err = facts.get("tinyxml_error") or "an XML syntax error"
        text = f"tinyxml2 could not parse the model text ({err})."
        fix = ["Open the XML and check it is well-formed (xmllint --noout model.xml)."]
        if facts.get("xml_error_id") == 8 or err == "XML_ERROR_PARSING_TEXT":
            text += " ErrorID 8 at line 1 is what MjModel.from_xml_string reports when it is given a file path instead of XML text."
            fix.insert(0, "Use mujoco.MjModel.from_xml_path(path) for files; from_xml_string expects the XML content.")
            fix.append("A binary .mjb model must be loaded with MjModel.from_binary_path, not as XML.")
        return Explanation(text=text, fix=tuple(fix), derived={"error_kind": f"XML syntax ({err})"})
    if sig == "schema-violation":
        what = facts.get("schema_error") or "schema violation"
        name = facts.get("xml_name") or "?"
        el = facts.get("element")
        where = f" on <{el}>" if el else ""
        return Explanation(
            text=f"The installed MuJoCo does not accept {what} '{name}'{where}: the model was written for another MuJoCo version (or the attribute belongs to another element).",
            fix=(f"Install the MuJoCo version the model targets (pip install mujoco==<version of the project>), or remove/rename '{name}'{where}.",
                 "Check the XML reference of your installed version for the element's attributes."),
            derived={"error_kind": f"{what} '{name}'"})
    if sig == "mesh-not-found":
        mesh = str(facts.get("mesh") or "")
        fix = ["Define the mesh as an asset (<mesh name=\"N\" file=\"N.stl\"/>) and reference it by that name in geom mesh=\"N\"."]
        if mesh.lower().endswith((".stl", ".obj", ".msh")):
            fix.insert(0, f"'{mesh}' is a file name: geom mesh= takes the asset's name (without extension), not the file.")
        if "/" in mesh:
            fix.append("With dm_control mjcf the name carries model prefixes: pass the mesh element object (geom mesh=mesh_elem), not a string.")
        return Explanation(text=f"A geom refers to mesh '{mesh}', but no mesh asset has that name.",
                           fix=tuple(fix), derived={"error_kind": f"undefined mesh '{mesh}'"})
    if sig == "mujocopy-compile":
        err = facts.get("compile_error") or "compile error"
        return Explanation(text=f"The MuJoCo compiler rejected the model: {err}.",
                           fix=("Fix the element the error names (Object name / line follow the message); a model shipped with a package failing this way usually means a MuJoCo version the package does not support.",),
                           derived={"error_kind": str(err)})
    return None
