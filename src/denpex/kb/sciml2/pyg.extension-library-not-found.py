"""Computed diagnosis for pyg.extension-library-not-found: reinstall line for the package that failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "torch_scatter/torch_sparse")
    pkg_dir = str(facts.get("pkg_dir") or "")
    dist = pkg.replace("_", "-")
    in_source = bool(pkg_dir) and "site-packages" not in pkg_dir and "dist-packages" not in pkg_dir
    if in_source:
        text = (f"{pkg} was imported from {pkg_dir}, which is not an installed package (a source checkout?) and has no compiled "
                "libraries; Python picked it up from the current directory or sys.path.")
        fix = (f"cd out of the checkout and run python again, or pip install . inside it", f"python -c 'import {pkg}; print({pkg}.__file__)'")
        note = f" (imported from source folder {pkg_dir})"
    else:
        text = (f"The installed {pkg} folder{(' ' + pkg_dir) if pkg_dir else ''} holds no compiled _cpu/_cuda library for this torch: "
                "a failed sdist build, or a wheel of another torch/CUDA variant.")
        fix = (f"pip uninstall -y {dist} && pip install --no-cache-dir {dist} -f https://data.pyg.org/whl/torch-<torch.__version__ without +suffix>+<cuXYZ|cpu>.html",
               "install torch_scatter, torch_sparse, torch_cluster, torch_spline_conv together from the same index",
               "torch_geometric >= 2.3: or uninstall the extensions and use PyG's built-in fallbacks")
        note = " (the installed package lacks its _cpu/_cuda libraries)"
    return Explanation(text=text, fix=fix, derived={"where_note": note})
