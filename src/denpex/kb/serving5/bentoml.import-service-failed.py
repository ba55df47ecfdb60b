"""Computed diagnosis for bentoml.import-service-failed: the service module itself not on sys.path
vs a missing dependency vs another import-time error."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    service = str(facts.get("service") or "").strip()
    reason = str(facts.get("reason") or "").strip()
    if not service:
        return None
    module = service.split(":")[0]
    m = re.search(r"No module named '([^']+)'", reason)
    if m and m.group(1).split(".")[0] == module.split(".")[0]:
        text = f"The service module '{module}' itself was not found on sys.path: BentoML ran from a directory without {module.replace('.', '/')}.py."
        fix = (f"Run from the folder that holds {module.replace('.', '/')}.py or pass --working-dir <that folder>; check the 'service:' entry and include patterns in bentofile.yaml.",)
    elif m:
        text = f"Importing '{module}' needs the package '{m.group(1)}', which is not installed in the serving environment."
        fix = (f"pip install the package providing '{m.group(1)}' and add it to bentofile.yaml (python: packages), then rebuild the bento / container.",)
    elif "cannot open shared object file" in reason or "DLL load failed" in reason:
        text = f"Importing '{module}' failed on a native library: {reason}."
        fix = ("Install the matching CUDA / system libraries in the serving environment (bentofile.yaml docker.cuda_version / system_packages) or use a framework build for the installed CUDA.",)
    elif reason:
        text = f"Importing '{module}' raised: {reason}."
        fix = (f"Reproduce with python -c 'import {module}' in the same environment and fix the module-level error.",)
    else:
        text = f"BentoML could not load '{service}' as a bento or an importable module."
        fix = ("Check bentoml list for the bento tag, or run from the folder that holds the service module.",)
    return Explanation(text=text, fix=fix, derived={"reason": reason or "import failed"})
