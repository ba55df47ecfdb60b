"""Computed diagnosis for rtorch.lantern-not-loaded: why Lantern/LibTorch did not load."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    lib = str(facts.get("lib_path") or "").strip()
    caller = str(facts.get("caller") or "").strip()
    fixes: list[str] = []
    glibc = re.search(r"GLIBC_(\d+\.\d+)", reason)
    if glibc:
        diagnosis = "glibc-too-old"
        text = (f"The prebuilt LibTorch needs glibc {glibc.group(1)} or newer, which this OS does not provide, so "
                f"{lib or 'liblantern'} cannot be loaded.")
        fixes += [f"Run R on an OS/container with glibc >= {glibc.group(1)} (e.g. a recent Ubuntu/Rocky image).",
                  "Or build Lantern from source against a LibTorch built for this glibc."]
        hint = f" (glibc {glibc.group(1)} required)"
    elif "procedure could not be found" in reason:
        diagnosis = "dll-version-mismatch"
        text = ("Windows found the DLLs but an entry point is missing: lantern.dll and the LibTorch DLLs come from "
                "different releases, or another torch/CUDA DLL with the same name is loaded first from PATH.")
        fixes += ["Restart R, unset LANTERN_URL/TORCH_URL, run torch::install_torch(reinstall = TRUE) to get a matching pair.",
                  "Remove Python/PyTorch or CUDA folders holding torch*.dll / c10.dll from PATH for the R session."]
        hint = " (Lantern/LibTorch DLL mismatch)"
    elif "module could not be found" in reason or "cannot open shared object file" in reason:
        diagnosis = "dependency-missing"
        text = (f"{lib or 'Lantern'} depends on a library that is not installed: on Windows usually the MSVC runtime "
                "or CUDA/cuDNN DLLs of the CUDA build; on Linux the library named in the message.")
        fixes += ["Install the Microsoft Visual C++ Redistributable (x64) / the named library, or reinstall the CPU build: install_torch(type = 'cpu').",
                  "Restart R and retry library(torch)."]
        hint = " (a dependency library is missing)"
    elif reason.startswith("system.file"):
        diagnosis = "lib-folder-not-found"
        text = ("torch could not locate its own lib folder (system.file() found nothing): the package is installed in "
                "a library other than the one R loads it from, or the folder was removed.")
        fixes += ["Check .libPaths() and find.package('torch'); reinstall torch and run install_torch() into the same library.",
                  "Set TORCH_HOME to a short writable path and reinstall."]
        hint = " (torch lib folder not found)"
    else:
        diagnosis = "not-installed-or-not-restarted"
        where = f" (raised by {caller})" if caller else ""
        text = (f"LibTorch/Lantern were never loaded in this session{where}: install_torch() has not run, was declined in a "
                "non-interactive session, or ran in this same session without a restart.")
        fixes += ["Run torch::install_torch() (Sys.setenv(TORCH_INSTALL = 1) for Rscript/CI), then restart R.",
                  "If it still fails after a restart, read the 'torch failed to start' warning printed by library(torch)."]
        hint = ""
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "reason_hint": hint})
