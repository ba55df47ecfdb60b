"""Computed diagnosis for apptainer.bind-destination-missing: which path, and the bind / %post line that fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SITE = {"/opt/cray": "Cray PE (HPE/Cray systems such as Frontier)", "/appl": "LUMI site software",
         "/scratch": "cluster scratch", "/project": "cluster project space", "/work": "cluster work space",
         "/cvmfs": "CVMFS software repository", "/lustre": "Lustre file system", "/gpfs": "GPFS file system"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dest = str(facts.get("dest") or "").strip()
    if not dest:
        return None
    if "/mnt/final/" in dest:  # Singularity 2.x prints the session path
        dest = "/" + dest.split("/mnt/final/", 1)[1].lstrip("/")
    src = str(facts.get("source") or "").strip()
    top = "/" + dest.strip("/").split("/")[0] if dest.strip("/") else dest
    site = next((v for k, v in _SITE.items() if dest == k or dest.startswith(k + "/")), "")
    sandbox = bool(facts.get("sandbox"))
    is_file = "." in dest.rsplit("/", 1)[-1] and not dest.endswith("/")
    parts = [f"{dest} is not in the image"]
    if site:
        parts.append(f"it is a {site} path that this site binds by default")
    if sandbox:
        parts.append("this installation converts SIF files to a temporary sandbox (no overlay/underlay), so mount points cannot be created")
    diag = "; ".join(parts)
    fix = []
    if src and not is_file:
        fix.append(f"apptainer exec -B {src}:/mnt/{src.strip('/').split('/')[-1] or 'data'} IMAGE ...   # bind onto a path the image has")
    if is_file:
        fix.append(f"Check for a bind of a parent directory of {dest}; bind the file to a path outside any other bind, or drop the duplicate.")
    fix.append(f"Rebuild with the mount point: %post\\n    mkdir -p {dest if not is_file else dest.rsplit('/', 1)[0]}")
    fix.append("Ask the admins for 'enable underlay = yes' in apptainer.conf (creates missing mount points without changing the image).")
    return Explanation(text=f"The container did not start: {diag}.", fix=tuple(fix),
                       derived={"diagnosis": diag, "dest": dest} if dest != facts.get("dest") else {"diagnosis": diag})
