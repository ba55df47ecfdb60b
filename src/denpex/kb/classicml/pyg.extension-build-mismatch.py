"""Computed diagnosis for pyg.extension-build-mismatch: CUDA versions compared and the wheel index to use."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _cu(v: str) -> str:
    return "cpu" if v in ("0.0", "0", "") else "cu" + v.replace(".", "")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    pkg = facts.get("package") or "the PyG extensions"
    if sig == "cuda-version-mismatch":
        t, e = str(facts.get("torch_cuda") or ""), str(facts.get("ext_cuda") or "")
        if e in ("0.0", "0"):
            text = f"{pkg} was built without CUDA (CUDA version 0.0) while torch uses CUDA {t}."
            problem = "CPU-only build of the extension"
        else:
            try:
                newer = tuple(int(x) for x in e.split(".")) > tuple(int(x) for x in t.split("."))
            except ValueError:
                newer = False
            text = f"torch uses CUDA {t} but {pkg} was built for CUDA {e}."
            if newer:
                text += " A higher extension CUDA than torch's usually means a source build used the system CUDA toolkit."
            problem = f"built for CUDA {e}, torch has {t}"
        return Explanation(
            text=text,
            fix=(f"pip uninstall -y torch-scatter torch-sparse torch-cluster torch-spline-conv; pip install torch_scatter torch_sparse "
                 f"torch_cluster torch_spline_conv -f https://data.pyg.org/whl/torch-<torch version>+{_cu(t)}.html",
                 "torch_geometric >= 2.3: consider uninstalling the extensions entirely (PyG falls back to torch ops)",
                 f"source builds: CUDA_HOME must point to CUDA {t} (the toolkit torch was built with)"),
            derived={"problem": problem, "wheel_variant": _cu(t)},
        )
    if sig == "not-compiled-with-cuda":
        return Explanation(
            text=("A PyG extension op (torch_scatter scatter_max/min, torch_cluster radius/knn/fps, torch_sparse) received CUDA tensors "
                  "but the installed build has no CUDA kernels (built from the PyPI sdist without CUDA, or a +cpu wheel)."),
            fix=("reinstall from the matching wheel index: pip install --force-reinstall --no-cache-dir torch_scatter torch_cluster "
                 "-f https://data.pyg.org/whl/torch-<torch.__version__ w/o +suffix>+cu<torch.version.cuda w/o dot>.html",
                 "building from source: CUDA_HOME=<toolkit matching torch.version.cuda> FORCE_CUDA=1 pip install --no-cache-dir torch-scatter",
                 "new torch/GPU without wheels yet: run these ops on CPU or use torch_geometric's native scatter (torch_geometric.utils.scatter)"),
            derived={"problem": "CPU-only extension build used with CUDA tensors", "package": "torch_scatter/torch_cluster"},
        )
    if sig == "optional-import-then-crash":
        detail = str(facts.get("detail") or "")
        cuda_lib = re.search(r"libcudart\.so\.(\d+)", detail)
        if cuda_lib:
            why = f"built for CUDA {cuda_lib.group(1)}, whose runtime libcudart.so.{cuda_lib.group(1)} is not installed"
        elif "undefined symbol" in detail:
            why = "built for another torch version (undefined symbol)"
        else:
            why = "its binary does not match this torch/CUDA"
        return Explanation(
            text=(f"PyG failed to import {pkg} ({why}) and disabled it, and the process then crashed in native code "
                  "(segmentation fault): the other PyG binary wheels in this environment (pyg-lib, torch-scatter, torch-sparse, "
                  "torch-cluster) were installed for another torch/CUDA build, and one that did load crashed. The warning names "
                  "the mismatch; the crash is its consequence."),
            fix=("python -c \"import torch; print(torch.__version__, torch.version.cuda)\" then reinstall every PyG extension from the "
                 "matching index: pip uninstall -y pyg-lib torch-scatter torch-sparse torch-cluster torch-spline-conv && pip install "
                 "pyg-lib torch-scatter torch-sparse -f https://data.pyg.org/whl/torch-<torch version>+cu<torch CUDA w/o dot>.html",
                 "torch_geometric >= 2.3 works without the extensions for most models: uninstalling them all removes the crash"),
            derived={"problem": f"{pkg} disabled ({why}), then a segmentation fault"},
        )
    if sig == "optional-import-disabled":
        detail = facts.get("detail") or ""
        why = "undefined symbol (built for another torch)" if "undefined symbol" in detail else "import failed"
        return Explanation(
            text=f"PyG could not import {pkg} ({why}) and disabled it; models that need it will fail later, others use fallbacks.",
            fix=(f"if nothing fails later, ignore or uninstall {pkg}; otherwise reinstall it from the data.pyg.org index matching torch",),
            derived={"problem": f"{pkg} disabled ({why})"},
        )
    return None
