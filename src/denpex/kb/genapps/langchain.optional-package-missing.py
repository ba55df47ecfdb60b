"""Computed diagnosis for langchain.optional-package-missing: not installed vs installed-but-broken, and the pip name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import import_packages
from denpex.models import Explanation

# names whose advice differs from the import-name table python.missing-module ships (explain.import_packages)
_PIP = {
    "faiss": "faiss-cpu (or conda install -c pytorch faiss-gpu)",
    "pinecone": "pinecone-client",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "").strip()
    if not pkg:
        return None
    if facts.get("_signature") == "langchainjs-install-dependency":
        cmd = str(facts.get("pip_name") or f"npm install {pkg}").strip()
        return Explanation(
            text=(f"langchainjs imports '{pkg}' dynamically and the import failed in Node: the package is not in this project's "
                  "node_modules, or it is installed but cannot be loaded (ESM/CommonJS mismatch, a version the integration "
                  "does not support, a missing native build)."),
            fix=(f"{cmd} in the project that runs the code (same node_modules), then restart the process.",
                 f"If it is installed: node -e \"import('{pkg}').then(()=>console.log('ok'))\" shows the real load error; "
                 "align its version with the one langchain's package.json lists as a peer dependency."),
            derived={"install_hint": f" ({cmd})", "pip_name": cmd})
    known = import_packages().get(pkg, ("",))[0]  # a distribution in parentheses there is a hint, not a pip name
    pip_name = (str(facts.get("pip_name") or "").strip() or _PIP.get(pkg)
                or (known if known and not known.startswith("(") else pkg.replace("_", "-")))
    inner = str(facts.get("inner_error") or "")
    derived: dict[str, Any] = {"install_hint": f" (pip install {pip_name})", "pip_name": pip_name}
    fix: list[str] = []
    m = re.search(r"No module named '([^']+)'", inner)
    if m and m.group(1).split(".")[0] not in (pkg, pkg.split(".")[0]):
        text = (f"{pkg} is installed but failed to import because its dependency '{m.group(1)}' is missing; LangChain reports "
                "that as 'Could not import'.")
        fix.append(f"python -m pip install {m.group(1).split('.')[0]} (or reinstall {pip_name} so its dependencies come along).")
        derived["install_hint"] = f" (its dependency {m.group(1)} is missing)"
    elif "sqlite3" in inner:
        text = f"{pkg} is installed but refuses to import: the system sqlite3 is older than Chroma needs (>= 3.35)."
        fix.append("pip install pysqlite3-binary and put `__import__('pysqlite3'); import sys; sys.modules['sqlite3'] = sys.modules.pop('pysqlite3')` "
                   "before importing chromadb, or use a Python built with a newer SQLite.")
        derived["install_hint"] = " (installed, but system sqlite3 < 3.35)"
    elif inner and not m:
        text = f"{pkg} is installed but its import raised: {inner}. LangChain reports that as 'Could not import'."
        fix.append(f"Run python -c \"import {pkg}\" with the app's interpreter and fix that error (reinstall {pip_name} for this Python/NumPy).")
        derived["install_hint"] = " (installed, but its import fails)"
    else:
        text = f"The LangChain integration needs the optional package {pkg}, which is not importable in this interpreter."
        fix.append(f"python -m pip install {pip_name}  (with the interpreter/venv/kernel that runs the app)")
        fix.append(f"If pip says it is already installed: python -c \"import {pkg}\" shows the real import error.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
