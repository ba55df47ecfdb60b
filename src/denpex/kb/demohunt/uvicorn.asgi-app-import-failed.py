"""Computed diagnosis for uvicorn.asgi-app-import-failed: file uvicorn looked for and the command to try."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    module = facts.get("module")
    if sig == "import-string-format":
        s = str(facts.get("import_str") or "main")
        mod = s.split(":")[0] or "main"
        if mod.endswith(".py"):
            mod = mod[:-3]
        mod = mod.replace("/", ".").replace("\\", ".")
        return Explanation(
            text=f"'{s}' is not a module:attribute import string.",
            fix=(f"uvicorn {mod}:app  # module path without .py, then a colon and the variable name",),
            derived={"diagnosis": "import string without :attribute"},
        )
    if not module:
        return None
    module = str(module)
    path = module.replace(".", "/")
    if sig == "attribute-not-found":
        attr = str(facts.get("attr") or "app")
        text = (f"{path}.py was imported but has no module-level '{attr}': the ASGI object has another name, is created "
                "inside a function or an if __name__ == '__main__' block, or another module of that name was imported.")
        fix = (f"grep -n 'FastAPI(\\|Starlette(\\|gr.Blocks(\\|= *App(' {path}.py  # find the variable, then uvicorn {module}:<name>",
               f"if it is a factory function: uvicorn {module}:{attr} --factory")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"no '{attr}' in {module}"})
    hint = ""
    if "-" in module:
        hint = " The name contains '-', which is not importable: rename the file with '_'."
    text = (f"uvicorn could not find {path}.py (or {path}/__init__.py) from the current directory or --app-dir.{hint}")
    fix = (f"cd to the folder that contains {path.split('/')[0]}{'' if '/' in path else '.py'} and rerun, or add --app-dir <folder containing it>",
           f"if the file is inside a package folder, prefix it: uvicorn <folder>.{module}:app")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"module {module} not found from the working directory"})
