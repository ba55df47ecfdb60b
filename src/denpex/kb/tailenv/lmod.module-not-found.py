"""Computed diagnosis for lmod.module-not-found: what to run for the module that failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GPU_WORDS = ("cuda", "cudnn", "nccl", "nvhpc")
_PY_WORDS = ("conda", "anaconda", "miniconda", "miniforge", "mamba", "python")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    module = str(facts.get("module") or "").strip().strip("'\"")
    if sig == "lmod-binary-missing":
        path = str(facts.get("lmod_path") or "lmod")
        return Explanation(
            text=(f"The `module` shell function points at {path}, which does not exist on this node: Lmod is not "
                  "installed in the compute node image or container, so no module was loaded."),
            fix=("Start the job shell as a login shell (#!/bin/bash -l) so the node's own module setup is used.",
                 "Ask the cluster admins to install Lmod on the compute nodes, or drop the module lines and put the software on PATH."),
            derived={"diagnosis": "Lmod missing on the node"},
        )
    if not module:
        return None
    name, _, version = module.partition("/")
    low = module.lower()
    fix: list[str] = []
    if sig in ("lmod-exist-cannot-load", "lmod-exist-cannot-load-wrapped"):
        diagnosis = "hierarchical module: parents not loaded"
        text = (f"{module} exists in the module tree but is not on the current MODULEPATH: it hangs below a "
                "compiler/MPI/toolchain (or release) module that must be loaded first.")
        fix.append(f'module spider {module}   # lists the parent modules to load first')
        fix.append(f"module load <parents from spider> {module}")
    elif sig == "lmod-missing-prereq":
        prereq = str(facts.get("prereq") or "").strip()
        diagnosis = "prerequisite module not loaded"
        text = f"The modulefile of {module} requires {prereq or 'another module'} to be loaded before it."
        fix.append(f"module load {prereq + ' ' if prereq else ''}{module}")
    else:
        diagnosis = "no such module on this cluster" if not version else f"no version {version} of {name} here"
        where = "Lmod" if sig == "lmod-unknown" else "Environment Modules"
        text = (f"{where} found no modulefile named {module} on MODULEPATH. Module names are site-specific: "
                "the script was written for another cluster, or this version was retired/renamed.")
        fix.append(f"module spider {name}   # Lmod: every version of {name} and how to load it")
        fix.append(f"module avail {name}    # Tcl modules: what this node can load")
        if version:
            fix.append(f"Replace '{module}' in the job script with a listed version (or just '{name}' for the default).")
    if any(w in low for w in _GPU_WORDS):
        fix.append("If CUDA is already installed (nvcc --version, /usr/local/cuda), delete the module line; pip/conda PyTorch wheels ship their own CUDA runtime.")
    elif any(w in low for w in _PY_WORDS):
        fix.append("Without a conda module, activate your own install instead: source ~/miniconda3/bin/activate <env>.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
