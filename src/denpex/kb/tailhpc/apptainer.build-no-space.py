"""Computed diagnosis for apptainer.build-no-space: which of tmp / cache / output filled up, and the variable to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TMP = "export APPTAINER_TMPDIR=/scratch/$USER/apptainer-tmp && mkdir -p $APPTAINER_TMPDIR   # SINGULARITY_TMPDIR for Singularity"
_CACHE = "export APPTAINER_CACHEDIR=/scratch/$USER/apptainer-cache && mkdir -p $APPTAINER_CACHEDIR   # SINGULARITY_CACHEDIR for Singularity"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    low = path.lower()
    if "build-temp-" in low or "sbuild-" in low or low.startswith(("/tmp/", "/var/tmp/", "/dev/shm/")):
        where = "temporary directory"
        diag = f"the temporary root filesystem ({path.split('/rootfs', 1)[0] if '/rootfs' in path else path}) filled the temporary directory"
        fix = [_TMP, "Then pull/build again; /tmp on login nodes is often a small partition or a tmpfs in RAM."]
    elif "/cache/" in low or ".apptainer" in low or ".singularity" in low:
        where = "layer cache"
        diag = f"the layer cache ({path}) is full (often a home-directory quota)"
        fix = [_CACHE, "apptainer cache clean   # drop old layers"]
    elif "tmp-copy-" in low:
        where = "output directory"
        diag = "the final SIF copy into the output directory failed: that file system (or your quota there) is full"
        fix = ["Write the image to scratch: apptainer pull /scratch/$USER/images/<name>.sif docker://<image>", _TMP]
    else:
        where = "unknown"
        diag = "the pull/build ran out of space" + (f" writing {path}" if path else "")
        fix = [_TMP, _CACHE, "Write the SIF to scratch and check quotas (quota -s)."]
    return Explanation(text=f"apptainer could not finish the image: {diag}.", fix=tuple(fix),
                       derived={"diagnosis": diag, "where": where})
