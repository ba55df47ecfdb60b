"""Computed diagnosis for env.pip-uninstall-unowned: who probably owns the package and the command to get past it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_APT = {"blinker", "six", "pyyaml", "python-apt", "pygobject", "dbus-python", "pyzmq", "httplib2", "certifi", "chardet", "requests", "urllib3", "wrapt", "distro", "cryptography"}
_CONDA = {"llvmlite", "ruamel-yaml", "ruamel.yaml", "pyyaml", "wrapt", "certifi", "terminado", "entrypoints", "enum34", "numba"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "").strip()
    if not pkg:
        return None
    ver = str(facts.get("version") or "")
    ref = str(facts.get("reference") or "")
    recover = str(facts.get("recover") or "")
    low = pkg.lower()
    no_record = ref == "uninstall-no-record-file" or facts.get("_signature") == "pip-no-record-file"
    derived: dict[str, Any] = {
        "version_sfx": f" {ver}" if ver and ver != "None" else "",
        "why": "its RECORD file (the list of its files) is missing" if no_record else "it was installed by distutils/apt/conda without a file list",
    }
    text = [f"pip needed to replace {pkg}{derived['version_sfx']} to satisfy the new requirements but has no list of its files, so it aborted the whole install."]
    fix: list[str] = []
    if no_record:
        fix.append(recover or f"pip install --force-reinstall --no-deps {pkg}" + (f"=={ver}" if ver and ver != "None" else ""))
    owners = []
    if low in _APT or (low == "blinker" and ver.startswith("1.4")):
        owners.append(f"apt (Debian/Ubuntu python3-{low.replace('pyyaml', 'yaml')})")
    if low in _CONDA:
        owners.append("conda (Anaconda/Miniconda base)")
    if owners:
        text.append(f"{pkg} is typically preinstalled by " + " or ".join(owners) + ".")
        derived["likely_owner"] = owners[0]
    fix.append(f"pip install --ignore-installed {pkg} and then re-run the original pip install command.")
    fix.append("Cleaner: create a venv (python -m venv .venv) or a fresh conda env and install there, so no apt/conda copy has to be removed.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived=derived)
