"""Computed diagnosis for pyg.torch-cluster-missing: never installed vs installed-but-disabled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHEEL = "pip install {pkg} -f https://data.pyg.org/whl/torch-$(python -c 'import torch;print(torch.__version__.split(\"+\")[0])')+$(python -c 'import torch;print(\"cu\"+torch.version.cuda.replace(\".\",\"\") if torch.version.cuda else \"cpu\")').html"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = facts.get("function")
    pkg = str(facts.get("package") or "torch-cluster")
    sig = str(facts.get("_signature") or "")
    issue = facts.get("import_issue")
    call = f"{fn}()" if fn else "this operation"
    era = "PyG 2.3 (torch_cluster replaced by None)" if sig.endswith("nonetype-cluster-op") else "PyG 2.4+"
    if issue:
        text = (f"{call} needs {pkg}, which is installed but failed to import earlier in the log ('An issue occurred while "
                f"importing {issue}'), so PyG disabled it: the wheel was built for another torch/CUDA.")
        fix = (f"pip uninstall -y {pkg}", _WHEEL.format(pkg=pkg))
        diag = "installed but disabled (wrong build)"
    else:
        text = (f"{call} is a wrapper over {pkg}, which is not importable in this environment ({era}). "
                "pip install torch_geometric does not install it; add the wheel matching torch and CUDA.")
        fix = (_WHEEL.format(pkg=pkg), f"python -c \"import {pkg.replace('-', '_')}\"  # must import without error")
        diag = "not installed or not importable"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
