"""Computed diagnosis for conda.link-failed: name the package and the concrete cause of the rollback."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _pkgs_dir(path: str) -> str:
    path = path.replace("\\\\", "\\")
    m = re.search(r"^(.*?[\\/]pkgs[\\/][^\\/]+)", path)
    return m.group(1) if m else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or facts.get("script_package") or "a package")
    cause = str(facts.get("cause") or "")
    missing = str(facts.get("missing_path") or "")
    errp = str(facts.get("errno_path") or "")
    out = str(facts.get("script_output") or "").strip()
    fix: list[str] = []
    if "Cannot link a source" in cause or "No such file" in cause:
        path = missing or errp
        entry = _pkgs_dir(path)
        text = (f"{pkg} could not be linked: its extracted copy in the package cache is incomplete"
                + (f" ({path} is missing)" if path else "") + ".")
        fix.append("conda clean --packages --tarballs, then rerun the same command.")
        if entry:
            fix.append(f"Or delete the cache entry {entry} so conda extracts it again.")
        c = "package cache entry incomplete"
    elif "Permission denied" in cause or "Access is denied" in cause:
        entry = _pkgs_dir(errp)
        text = f"{pkg} could not be linked: the OS refused access" + (f" to {errp}" if errp else "") + " (file locked or not writable)."
        fix.append("Close every program using this environment (Python, Jupyter, IDE), pause antivirus for the conda folder, then retry.")
        if entry:
            fix.append(f"Delete {entry} and rerun so the package is extracted again.")
        c = "permission denied"
    elif "post-link" in cause:
        text = f"The post-link script of {pkg} failed" + (f": {out}" if out else "") + "."
        if "Hello, World" in out or "gcc" in pkg:
            fix.append("The old anaconda::gcc package cannot build on this system: use conda-forge compilers (conda install -c conda-forge gxx_linux-64 / compilers) or the system gcc.")
        elif "File exists" in out:
            fix.append("Remove the conflicting file/link named in the output from the env, then rerun.")
        else:
            fix.append("Read the script output above; fix what it reports or install a different build/channel of that package.")
        c = "post-link script failed"
    else:
        text = f"Linking {pkg} failed and conda rolled back the transaction; the cause is on the lines after the ERROR line."
        fix.append("conda clean --packages and retry; if it persists, read the exception printed after 'Rolling back transaction'.")
        c = "link step failed"
    return Explanation(text=text, fix=tuple(fix), derived={"cause": c, "package": pkg})
