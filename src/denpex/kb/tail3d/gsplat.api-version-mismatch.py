"""Computed diagnosis for gsplat.api-version-mismatch: which side of the 1.0 API change the name is on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LEGACY = {
    "project_gaussians", "rasterize_gaussians", "map_gaussian_to_intersects", "bin_and_sort_gaussians",
    "compute_cumulative_intersects", "compute_cov2d_bounds", "get_tile_bin_edges", "rasterize", "sh",
    "rasterize_sum", "nd_rasterize", "cov2d_bounds", "ProjectGaussians", "RasterizeGaussians",
    "NDRasterizeGaussians", "SphericalHarmonics", "rasterize_gaussians_simple",
}
_NEW = {
    "rasterization", "rasterization_2dgs", "rasterization_inria_wrapper", "rasterization_2dgs_inria_wrapper",
    "DefaultStrategy", "MCMCStrategy", "Strategy", "export_splats", "fully_fused_projection",
    "fully_fused_projection_2dgs", "isect_tiles", "isect_offset_encode", "rasterize_to_pixels",
    "rasterize_to_pixels_2dgs", "rasterize_to_indices_in_range", "world_to_cam", "quat_scale_to_covar_preci",
    "PngCompression", "SelectiveAdam", "accumulate", "accumulate_2dgs", "strategy", "rendering", "exporter",
    "compression", "cuda_legacy",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    if not name:
        return None
    name = str(name)
    if name in _LEGACY:
        diagnosis = " (gsplat 0.1.x API on gsplat >= 1.0)"
        text = (f"'{name}' belongs to the gsplat 0.1.x pipeline (project_gaussians -> rasterize_gaussians), which gsplat 1.0 "
                "removed from the top level in favour of gsplat.rasterization(); the code predates the installed gsplat.")
        fix = ("pip install gsplat==0.1.11  # or the exact version in the repository's requirements",
               "Or port the render call to gsplat.rasterization(means, quats, scales, opacities, colors, viewmats, Ks, width, height).")
    elif name in _NEW:
        diagnosis = " (newer gsplat API than the installed wheel)"
        text = (f"'{name}' exists only in newer gsplat (1.x releases or the main branch); the installed gsplat is older than the code.")
        fix = ("pip install --upgrade gsplat",
               "If the latest release still lacks it: pip install git+https://github.com/nerfstudio-project/gsplat.git")
    else:
        diagnosis = " (another gsplat version or a fork)"
        text = (f"The installed gsplat has no '{name}': the code targets another gsplat version or a fork of gsplat.")
        fix = ("Install the gsplat version or fork named in the repository's requirements/README.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
