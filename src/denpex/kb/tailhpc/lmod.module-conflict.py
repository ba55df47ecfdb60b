"""Computed diagnosis for lmod.module-conflict: same software in two versions vs a toolchain/provider clash, with the commands to run."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PYTHONS = {"python", "python3", "python2", "anaconda", "anaconda3", "miniconda", "miniconda3", "conda", "mamba",
            "miniforge", "miniforge3", "intelpython", "intelpython3", "python-compute", "mambaforge"}
_TOOLCHAIN = re.compile(r"-((?:foss|intel|iimpi|gompi|gomkl|fosscuda|intelcuda|GCCcore|GCC|iccifort)-[0-9][\w.]*)")


def _name(mod: str) -> str:
    m = mod.strip()
    if m.startswith("/"):
        parts = [p for p in m.split("/") if p]
        return parts[-2] if len(parts) >= 2 else (parts[-1] if parts else "")
    return m.split("/")[0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or facts.get("loading") or "").strip()
    loaded = str(facts.get("loaded") or "").strip()
    if not module and not loaded:
        return None
    mname = _name(module).lower() if module else ""
    lname = _name(loaded).lower() if loaded else ""
    sig = facts.get("_signature")
    fix: list[str] = []
    if sig == "easybuild-hook-different-version":
        full = str(facts.get("module_full") or module)
        tc = _TOOLCHAIN.search(full)
        diag = (f"toolchain clash: {module or 'the requested module'} is built with another version of '{loaded}' than the one loaded"
                + (f" ({full} uses {tc.group(1)})" if tc else ""))
        fix.append(f"module spider {module.split('/')[0] if module else '<module>'}   # pick the version built with the '{loaded}' toolchain that is loaded")
        fix.append(f"module purge; module load {full or '<module>'}   # or start clean and load only modules of the {tc.group(1) if tc else 'same'} toolchain")
    elif mname and lname and mname == lname:
        diag = f"two versions of {mname}: {loaded} is loaded, {module} requested"
        fix.append(f"module swap {loaded} {module}")
        fix.append(f"module unload {mname}; module load {module}")
    elif mname in _PYTHONS and lname in _PYTHONS:
        diag = f"two Python providers: {loaded} is loaded and {module} is a second Python (conda vs site python)"
        fix.append(f"module unload {loaded}; module load {module}   # use one Python provider per job")
    elif loaded:
        diag = f"{module or 'the requested module'} declares a conflict with the loaded {loaded}"
        fix.append(f"module unload {loaded}; module load {module or '<module>'}")
    else:
        diag = f"{module} conflicts with a module that is already loaded"
        fix.append("module list   # find the conflicting module, then module unload it")
    fix.append("Put 'module purge' at the top of the job script and keep module loads out of ~/.bashrc.")
    text = f"The module system refused to load {module or 'the module'}: {diag}. The job continued with the previously loaded environment."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diag})
