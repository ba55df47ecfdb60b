"""Computed diagnosis for llamaindex.package-layout-import: the right import or the pip package to install."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def pip_name(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) < 3 or parts[0] != "llama_index":
        return None
    keep = 4 if parts[1] == "storage" and len(parts) >= 4 else 3
    return "-".join(p.replace("_", "-") for p in ["llama-index", *parts[1:keep]])


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    name = facts.get("name")
    module = str(facts.get("module") or "")
    if sig == "top-level-namespace" and name:
        text = (f"'from llama_index import {name}' is the <= 0.9 layout; the installed llama-index is 0.10+, where the top-level "
                "llama_index is an empty namespace package (hence 'unknown location').")
        fix = (f"from llama_index.core import {name}",
               "llamaindex-cli upgrade <your code dir>  # rewrites old imports; or pin llama-index==0.9.48 for old code")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"0.9-style import of {name} on llama-index 0.10+"})
    if sig == "core-unknown-location" and name:
        text = (f"llama_index.core exists only as an empty namespace here, so '{name}' is not found: llama-index-core is missing "
                "from this environment or an in-place 0.9 -> 0.10 upgrade left a broken llama_index folder.")
        fix = ("pip uninstall -y llama-index llama-index-core llama-index-legacy && pip install -U llama-index  # in a fresh venv",
               "restart the notebook kernel after reinstalling")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "llama-index-core missing or mixed install"})
    if sig == "service-context-removed" and name:
        text = f"{name} was removed in llama-index-core 0.11; global models are set on llama_index.core.Settings."
        fix = ("from llama_index.core import Settings; Settings.llm = llm; Settings.embed_model = embed_model",
               "or pin llama-index<0.11 for code that still passes service_context=")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"{name} removed in 0.11"})
    if sig == "core-missing":
        text = ("The code uses the 0.10+ layout (llama_index.core) but this environment has llama-index <= 0.9 (or only "
                "llama-index-legacy), which has no core subpackage.")
        fix = ("pip install -U llama-index  # 0.10+ installs llama-index-core", "check that the notebook/interpreter uses the venv you installed into")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "llama-index <= 0.9 installed"})
    if sig in ("integration-not-installed", "integration-not-installed-bare") and module:
        pkg = pip_name(module)
        if not pkg and len(module.split(".")) == 2:
            imp = str(facts.get("import_from") or "")
            wanted = pip_name(imp) if imp.startswith(module + ".") else None
            ns = module.split(".")[1].replace("_", "-")
            text = (f"No llama-index-{ns}-* integration is installed, so the namespace '{module}' does not exist at all: since "
                    "llama-index 0.10 every backend is its own pip package"
                    + (f" (this import needs {wanted})." if wanted else "."))
            fix = (f"pip install {wanted}" if wanted else f"pip install llama-index-{ns}-<backend> (e.g. llama-index-vector-stores-chroma)",)
            return Explanation(text=text, fix=fix, derived={"diagnosis": f"no llama-index-{ns} integration installed"})
        if not pkg:
            return None
        deeper = len(module.split(".")) > (4 if module.split(".")[1] == "storage" else 3)
        if deeper:
            text = (f"'{module}' is a submodule of the {pkg} integration: that package is missing or at a version that "
                    "does not match the package importing it (integrations import each other, e.g. nvidia -> openai_like -> openai).")
            fix = (f"pip install -U {pkg} llama-index-core",)
        else:
            text = (f"'{module}' is a separate distribution since llama-index 0.10 and is not installed in this environment: "
                    f"pip package {pkg}.")
            fix = (f"pip install {pkg}",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"integration {pkg} not installed", "package": pkg})
    return None
