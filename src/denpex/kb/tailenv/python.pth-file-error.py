"""Computed diagnosis for python.pth-file-error: which .pth, which setuptools mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pth = str(facts.get("pth_file") or "").strip()
    if not pth:
        return None
    sep = "\\" if "\\" in pth else "/"
    folder, _, name = pth.rpartition(sep)
    line = facts.get("pth_line")
    attr = str(facts.get("attribute") or "")
    module = str(facts.get("module") or "")
    where = f"line {line} of {name}" if line is not None else name
    fix: list[str] = []
    if name == "distutils-precedence.pth":
        if attr:
            newer = "add_shim" if attr == "ensure_shim" else "ensure_shim"
            diagnosis = "setuptools .pth and _distutils_hack from different versions"
            text = (f"{where} in {folder} calls _distutils_hack.{attr}(), but the installed _distutils_hack only has "
                    f"{newer}(): the .pth file and the package come from different setuptools versions (an upgrade "
                    "into another site folder, or a partial upgrade).")
        else:
            diagnosis = "_distutils_hack missing next to its .pth"
            text = (f"{where} in {folder} imports {module or '_distutils_hack'}, which is not importable: setuptools "
                    "was removed or installed elsewhere while its start-up hook stayed.")
        fix.append("python -m pip install --force-reinstall setuptools   # with the same python that prints the error")
        fix.append(f"Or delete {pth} if setuptools should not be in that environment.")
    else:
        diagnosis = f"broken .pth file {name}"
        text = (f"{where} in {folder} raised at interpreter start-up; Python skipped the rest of that file. "
                "The package that installed it is broken or from another Python.")
        fix.append(f"Find the owner: python -m pip show -f <package> (or grep -l {name} */RECORD in {folder}) and reinstall it.")
        fix.append(f"Or remove {pth} if the package is no longer used.")
    if "__pypackages__" in pth:
        fix.append("PDM __pypackages__ layout: reinstall with pdm (pdm sync --reinstall) or disable the .pth-based install cache.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "pth_name": name})
