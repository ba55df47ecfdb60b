"""Computed diagnosis for jupyter.no-such-kernel: which kind of kernel name is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation



def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("kernel")
    if not isinstance(name, str) or not name:
        return None
    if name.lower() in ("python3", "python2", "python"):
        kind = "built-in Python kernel missing"
        text = (f"Even the default kernel '{name}' is not registered: ipykernel is not installed (or not registered) "
                "in the environment that runs jupyter/papermill/nbconvert.")
        fix = ("python -m pip install ipykernel && python -m ipykernel install --user",
               "Check with the same interpreter: python -m jupyter kernelspec list")
    else:
        kind = "environment-specific kernel name"
        text = (f"The notebook asks for the kernel '{name}', a name registered on the machine where the notebook was saved "
                "(an environment-specific kernel), not here.")
        fix = (f"Register it here: python -m ipykernel install --user --name {name}",
               "Or override it: papermill -k python3 in.ipynb out.ipynb / --ExecutePreprocessor.kernel_name=python3")
    return Explanation(text=text, fix=fix, derived={"kind": kind})
