"""Computed diagnosis for deformable-detr.msda-extension-not-built: which folder to build, and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _build_cmd(ops_dir: str) -> str:
    return f"cd {ops_dir} && python setup.py build install && python test.py"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    ops_dir = str(facts.get("ops_dir") or "").strip()
    symbol = str(facts.get("symbol") or "")
    if not sig:
        return None
    where = ops_dir or "the repository's ops folder (models/ops or .../pixel_decoder/ops)"
    if sig == "so-undefined-symbol":
        if symbol.startswith("cuda"):
            diagnosis = "built with an unsupported CUDA toolkit"
            text = (f"The compiled extension references the CUDA runtime symbol {symbol}, which this CUDA does not provide: "
                    "it was built with a toolkit older than the one the ops require (9.2+) or mixes two toolkits.")
        else:
            diagnosis = "built against another PyTorch"
            text = (f"The compiled extension needs the libtorch symbol {symbol or '(C++ symbol)'}, which the installed PyTorch "
                    "does not export: it was compiled against another PyTorch version.")
        fix = ("pip uninstall -y MultiScaleDeformableAttention; remove build/ and *.egg-info in the ops folder",
               f"Rebuild with the current env: {_build_cmd(where)}")
    elif sig == "no-attribute-forward":
        fn = facts.get("function") or "ms_deform_attn_forward"
        diagnosis = "module found but without its kernels"
        text = (f"A module named MultiScaleDeformableAttention was imported but has no {fn}: an empty or stale build, or the "
                "source folder shadowing the installed egg.")
        fix = ("python -c \"import MultiScaleDeformableAttention as M; print(M.__file__)\"  # must be the compiled .so",
               f"Rebuild from a clean folder: {_build_cmd(where)}")
    else:
        diagnosis = "extension not built for this interpreter"
        text = (f"The MultiScaleDeformableAttention CUDA op is not installed in this Python environment. Build it from {where} "
                "with the same python/PyTorch that runs the model (it is not on PyPI).")
        fix = (_build_cmd(where),
               "Restart the notebook/Colab runtime after the build; check `pip show MultiScaleDeformableAttention` in this env.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
