"""Computed diagnosis for urdf.load-failed: what is wrong with the path named in the log."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _path_hint(path: str, root: str) -> list[str]:
    hints: list[str] = []
    if path.startswith("~"):
        hints.append(f"'{path}' starts with ~, which loaders do not expand: use os.path.expanduser('{path}').")
    if path.startswith("package://"):
        hints.append(f"'{path}' is a ROS package URI; outside ROS rewrite it relative to the URDF file.")
    if path.startswith("/") and root:
        hints.append(f"asset_file '{path}' is absolute (or starts with /) and is joined to asset_root '{root}' incorrectly; make it relative to the root.")
    elif root and not root.startswith("/"):
        hints.append(f"asset_root '{root}' is relative: it depends on the working directory; use an absolute path.")
    elif not path.startswith(("/", "~", "package://")) and not root:
        hints.append(f"'{path}' is relative to the working directory (or to a setAdditionalSearchPath directory); pass an absolute path.")
    return hints


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = str(facts.get("path") or "")
    root = str(facts.get("root") or "")
    if sig == "mesh-unresolved":
        mesh = str(facts.get("mesh") or "")
        hints = _path_hint(mesh, "")
        return Explanation(
            text=f"The {facts.get('mesh_kind') or ''} mesh '{mesh}' was not found; the asset loads without it.".replace("  ", " "),
            fix=tuple(hints or ["Make mesh filenames relative to the URDF's directory and check the files exist."]),
            derived={"problem": "mesh path"},
        )
    if sig == "pybullet-cannot-load" and not path:
        return Explanation(
            text="pybullet could not load the URDF: the path did not resolve or the file is not valid URDF.",
            fix=("Print os.path.abspath(path) and os.path.exists(path) right before loadURDF; pass an absolute path "
                 "or add its directory with p.setAdditionalSearchPath.",),
            derived={"problem": "unresolved or invalid URDF"},
        )
    if not path:
        return None
    hints = _path_hint(path, root)
    where = f"{root.rstrip('/')}/{path}" if root else path
    text = f"The simulator could not load '{where}'."
    if sig == "parse-failed":
        text += " The file was found but is not parseable: a git LFS pointer/HTML download, invalid XML, or URDF features this simulator version lacks."
        hints.append("head -c 200 the file; run check_urdf on it; legged_gym-style URDFs need Isaac Gym Preview 3+.")
    return Explanation(text=text, fix=tuple(hints or ["Verify the file exists at the resolved path and is valid URDF XML."]),
                       derived={"problem": "missing or invalid URDF"})
