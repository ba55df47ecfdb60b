"""Computed diagnosis for python.run-module-parent-not-package: the corrected command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    parent = str(facts.get("parent") or "")
    if not module or not parent:
        return None
    if module.endswith(".py") and module[:-3] == parent:
        path = parent.replace(".", "/") + ".py"
        text = (f"'{module}' is a file name: -m took it as module '{parent}' with a submodule 'py'. "
                f"'{parent}' was imported (its top level ran) and has no submodules.")
        fix = (f"python {path} ...  (run the file)", f"or python -m {parent} ...  (module name, no .py)")
        return Explanation(text=text, fix=fix, derived={"command": f"python -m {parent}", "diagnosis": "file name given to -m"})
    child = module[len(parent) + 1:] if module.startswith(parent + ".") else module
    path = parent.replace(".", "/")
    text = (f"'{parent}' resolves to a single-file module ({path}.py), not a package directory, so '{child}' cannot be "
            f"found inside it (or a local {path}.py shadows the package '{parent}').")
    fix = (f"python -m {parent}  (if {path}.py is the entry point)",
           f"or turn {path}.py into a package: {path}/__init__.py plus {path}/{child.replace('.', '/')}.py",
           f"or rename a local {path.split('/')[-1]}.py that shadows an installed package")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "parent is a module, not a package"})
