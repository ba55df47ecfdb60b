"""Computed diagnosis for nerfacc.api-version-mismatch: which nerfacc generation the missing name belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# names of the 0.3.x API that the 0.5 rewrite removed
_LEGACY = {
    "OccupancyGrid": "OccGridEstimator",
    "ContractionType": "your own contraction code (enum removed)",
    "ray_marching": "OccGridEstimator.sampling()",
    "rendering": "nerfacc.volrend functions (render_weight_from_density, accumulate_along_rays)",
    "unpack_info": "packed ray_indices returned by sampling()",
    "unpack_data": None,
    "pack_data": None,
    "contract": None,
    "contract_inv": None,
    "render_visibility": "render_visibility_from_density",
    "Grid": "OccGridEstimator",
    "ray_resampling": "importance_sampling",
}
# names that exist only from 0.5 on
_NEW = {
    "OccGridEstimator", "PropNetEstimator", "traverse_grids", "RayIntervals", "RaySamples",
    "render_weight_from_alpha", "render_transmittance_from_density", "render_transmittance_from_alpha",
    "importance_sampling", "searchsorted", "inclusive_sum", "exclusive_sum", "inclusive_prod",
    "exclusive_prod", "render_visibility_from_density", "render_visibility_from_alpha",
}
_COMPILED = {"csrc", "_C", "cuda", "_backend"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    if not isinstance(name, str) or not name:
        return None
    sub = facts.get("submodule") or ""
    where = f"nerfacc{sub}"
    if name in _COMPILED or "csrc" in sub or sub.endswith("._C"):
        diagnosis = " (compiled CUDA part missing)"
        text = (f"'{name}' is missing from {where}: nerfacc's compiled CUDA extension is not there. The build on "
                "first use (or at pip install) failed, or the wheel was built for another torch/CUDA.")
        fix = ("Reinstall nerfacc at the version the code pins with a prebuilt wheel for your torch/CUDA, or fix the "
               "CUDA build (nvcc on PATH, CUDA_HOME matching torch.version.cuda) and look for the compile error above.",)
    elif name in _LEGACY:
        repl = _LEGACY[name]
        diagnosis = " (nerfacc 0.3.x API on nerfacc >= 0.5)"
        text = (f"'{name}' belongs to the nerfacc 0.3.x API that nerfacc 0.5 removed: the code was written for "
                "nerfacc 0.3.x and a newer nerfacc is installed.")
        fixes = ["pip install nerfacc==0.3.5  # or the exact version in the repository's requirements/README"]
        if repl:
            fixes.append(f"Or port to nerfacc 0.5: {name} -> {repl}.")
        fix = tuple(fixes)
    elif name in _NEW:
        diagnosis = " (nerfacc 0.5 API on an older nerfacc)"
        text = (f"'{name}' exists only from nerfacc 0.5 on: the code targets nerfacc 0.5.x and the installed "
                "nerfacc is 0.3.x/0.4.x (often pinned by nerfstudio/sdfstudio or another project in the same env).")
        fix = ("pip install --upgrade 'nerfacc>=0.5'  # in an environment of its own if another project pins 0.3.x",)
    else:
        diagnosis = ""
        text = (f"'{name}' is not in the installed {where}: the code was written for another nerfacc version.")
        fix = ("Install the nerfacc version the repository pins (grep nerfacc in requirements/README); "
               "0.3-era code usually needs nerfacc==0.3.5, 0.5-era code nerfacc>=0.5.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
