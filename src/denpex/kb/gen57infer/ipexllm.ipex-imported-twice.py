"""Computed diagnosis for ipexllm.ipex-imported-twice: which import tripped the checker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    line = str(facts.get("importing_line") or "").strip()
    where = str(facts.get("importing_file") or "").strip()
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if line.startswith(("import intel_extension_for_pytorch", "from intel_extension_for_pytorch")):
        derived["diagnosis"] = "manual IPEX import after ipex_llm"
        text = (f"'{line}'" + (f" in {where}" if where else "") + " imports IPEX again after ipex_llm already "
                "imported it; ipex-llm's import hook refuses the second import.")
        fix.append(f"Delete '{line}'" + (f" from {where}" if where else "") + " (ipex_llm already imported IPEX).")
    elif line.startswith(("from ipex_llm", "import ipex_llm", "from bigdl", "import bigdl")):
        derived["diagnosis"] = "IPEX imported before ipex_llm"
        text = (f"IPEX was already loaded when '{line}' ran" + (f" in {where}" if where else "")
                + "; ipex_llm refuses to start on top of an IPEX imported by someone else.")
        fix.append("Make 'import ipex_llm' the first import of the entry script and remove manual IPEX imports.")
    else:
        derived["diagnosis"] = "IPEX imported twice"
        text = ("intel_extension_for_pytorch was imported both by ipex_llm and by other code; ipex-llm's duplicate "
                "import check stopped the run.")
        fix.append("Remove 'import intel_extension_for_pytorch' from your code and import ipex_llm first.")
    fix.append("If the import comes from code you cannot change: export BIGDL_CHECK_DUPLICATE_IMPORT=0")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
