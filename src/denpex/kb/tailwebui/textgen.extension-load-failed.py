"""Computed diagnosis for textgen.extension-load-failed: folder name, missing module or broken file."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _suggest(name: str) -> str:
    base = re.sub(r"[-.](main|master)$", "", name)
    base = re.sub(r"^text-generation-webui[-_]", "", base)
    return re.sub(r"\W", "_", base)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("extension")
    if not isinstance(name, str) or not name:
        return None
    inner = facts.get("inner") if isinstance(facts.get("inner"), str) else ""
    module = facts.get("module") if isinstance(facts.get("module"), str) else ""
    if not name.isidentifier():
        good = _suggest(name)
        diagnosis = "folder name is not importable"
        text = (f"The extension folder '{name}' is not a valid Python module name, so 'import extensions.{name}.script' "
                "is itself a syntax error.")
        fix = (f"Rename text-generation-webui/extensions/{name} to extensions/{good} (or the name the extension's README gives) "
               f"and start with --extensions {good} / update settings.yaml.",)
    elif module:
        top = module.split(".")[0]
        diagnosis = f"dependency {top} not installed"
        text = (f"Extension '{name}' imports {module}, which is not installed in the web UI's environment (the one-click installer "
                "uses installer_files/env, not the system Python).")
        fix = (f"Run cmd_windows.bat (cmd_linux.sh / cmd_macos.sh), then: pip install -r extensions/{name}/requirements.txt; restart.",)
    elif "invalid character" in inner or "<title>" in inner:
        diagnosis = "script.py is not Python source"
        text = f"extensions/{name}/script.py holds non-Python text ({inner}): usually a GitHub web page saved instead of the raw file."
        fix = (f"Delete extensions/{name} and install it again with git clone (or download the raw file).",)
    else:
        diagnosis = "extension import failed"
        detail = f" ({inner})" if inner else ""
        text = f"Importing extension '{name}' raised an error{detail}; the web UI skipped it."
        fix = (f"Read the traceback's last frame: update extensions/{name} (git pull) or the web UI if it fails inside the web UI's modules.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
