"""Computed diagnosis for rdkit.data-dir-missing: why RDDataDir points at the wrong place, from the path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    file = str(facts.get("file") or "")
    if not path or not file:
        return None
    low = path.lower()
    if "anaconda1anaconda2anaconda3" in low:
        cause = "unrelocated conda prefix"
        text = (f"RDKit looked for {file} under the conda placeholder prefix /opt/anaconda1anaconda2anaconda3: "
                "the package's install prefix was never rewritten (environment copied or installed without conda's relocation).")
        fix = ("Reinstall RDKit with conda/mamba into this environment (conda install -c conda-forge rdkit) or pip install -U rdkit.",
               f"Meanwhile pass the real path: find {file} under <env>/share/RDKit/Data and open it directly.")
    elif "pip-req-build" in low or "rdkit_install" in low:
        cause = "rdkit-pypi wheel without Data"
        text = (f"RDDataDir points at the directory the rdkit-pypi wheel was built in, and that wheel shipped no Data folder, so {file} is missing.")
        fix = ("pip uninstall rdkit-pypi && pip install -U rdkit (wheels since 2021.3.2.3 include the Data directory).",)
    elif low.startswith(("c:\\rdkit", "c:/rdkit", "c:\\\\rdkit")):
        cause = "stale RDBASE"
        text = f"RDDataDir comes from an RDBASE that points at {path.rsplit(file, 1)[0] or path}, not at this environment's RDKit."
        fix = ("Unset RDBASE (or set it to <env>\\Library\\share\\RDKit on Windows conda, <env>/share/RDKit elsewhere) and restart the shell.",)
    else:
        cause = "data file not at RDDataDir"
        text = f"{file} is not at {path}: RDConfig.RDDataDir (from RDBASE or the build-time prefix) does not point at this installation's Data directory."
        fix = ("Check RDConfig.RDDataDir and RDBASE; reinstall RDKit from conda-forge or pip install -U rdkit.",)
    headline = f"RDKit data file {file} not found: RDDataDir points at a wrong place ({cause})"
    return Explanation(text=text, fix=fix, derived={"cause": cause, "headline": headline})
