"""Computed diagnosis for pip.source-dir-not-a-project: empty submodule vs wrong folder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    local = path[7:] if path.startswith("file://") else path
    if local in (".", "./"):
        text = "pip install . ran in a folder that is not the project root (no setup.py / pyproject.toml here)."
        fix = ("cd to the folder that holds setup.py or pyproject.toml, then pip install .",)
        return Explanation(text=text, fix=fix, derived={"hint": " (wrong working directory)"})
    parts = local.replace("\\", "/").rstrip("/").split("/")
    sub = next((p for p in ("submodules", "third_party", "thirdparty", "externals", "external", "lib") if p in parts), None)
    name = parts[-1] if parts else local
    if sub:
        text = (f"{local} is an uninitialised git submodule ({sub}/{name} is empty): the repository was cloned without "
                "--recursive, downloaded as a ZIP, or the submodule URL was unreachable.")
        fix = (f"git submodule update --init --recursive && pip install {local}",
               f"still empty: check the URL for {name} in .gitmodules and clone it into {local} by hand")
        return Explanation(text=text, fix=fix, derived={"hint": f" (empty git submodule {name})"})
    text = f"{local} holds no setup.py or pyproject.toml: an empty checkout or the wrong folder."
    fix = (f"ls -A {local}; if empty: git submodule update --init --recursive or re-clone with --recursive",)
    return Explanation(text=text, fix=fix, derived={"hint": ""})
