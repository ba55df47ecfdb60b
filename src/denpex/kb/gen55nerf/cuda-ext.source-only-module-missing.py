"""Computed diagnosis for cuda-ext.source-only-module-missing: the project's own install line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SUBMODULE = "git submodule update --init --recursive && pip install ./submodules/{folder} --no-build-isolation"

# import name -> (where it comes from, install line)
_INSTALL: dict[str, tuple[str, str]] = {
    "diff_gaussian_rasterization": ("the 3DGS submodule submodules/diff-gaussian-rasterization (each fork ships its own)",
                                    _SUBMODULE.format(folder="diff-gaussian-rasterization")),
    "diff_surfel_rasterization": ("the 2DGS submodule submodules/diff-surfel-rasterization",
                                  _SUBMODULE.format(folder="diff-surfel-rasterization")),
    "simple_knn": ("the 3DGS submodule submodules/simple-knn", _SUBMODULE.format(folder="simple-knn")),
    "fused_ssim": ("the fused-ssim submodule / repository (rahul-goel/fused-ssim)",
                   "pip install --no-build-isolation git+https://github.com/rahul-goel/fused-ssim"),
    "tinycudann": ("tiny-cuda-nn's PyTorch bindings (NVlabs/tiny-cuda-nn, bindings/torch)",
                   "pip install --no-build-isolation git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch"),
    "pointnet2_ops": ("Pointnet2_PyTorch's pointnet2_ops_lib (or the project's own pointnet2_ops_lib/ folder)",
                      "pip install 'git+https://github.com/erikwijmans/Pointnet2_PyTorch.git#egg=pointnet2_ops&subdirectory=pointnet2_ops_lib'"),
    "nvdiffrast": ("NVlabs/nvdiffrast (source install)", "pip install --no-build-isolation git+https://github.com/NVlabs/nvdiffrast"),
    "knn_cuda": ("unlimblue/KNN_CUDA", "pip install --upgrade https://github.com/unlimblue/KNN_CUDA/releases/download/0.2/KNN_CUDA-0.2-py3-none-any.whl"),
    "torchmcubes": ("tatsy/torchmcubes", "pip install --no-build-isolation git+https://github.com/tatsy/torchmcubes.git"),
}
for _name in ("raymarching", "gridencoder", "shencoder", "freqencoder"):
    _INSTALL[_name] = (f"the torch-ngp style extension folder ./{_name} of the project (torch-ngp, stable-dreamfusion)",
                       f"pip install ./{_name} --no-build-isolation (from the project root)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module")
    if not isinstance(module, str) or module not in _INSTALL:
        return None
    origin, line = _INSTALL[module]
    failed = facts.get("failed_build")
    fix = [line]
    if facts.get("_signature") == "compiled-part-missing":
        text = (f"The Python folder of {module} is importable but its compiled {module}._C is not: the code runs from "
                f"inside the source folder (which shadows the installed package) or the CUDA compile of {origin} failed.")
        fix.insert(0, "run the script from the project root, not from inside submodules/")
        how = "its compiled _C part is missing"
    elif failed:
        text = (f"{module} comes from {origin}, and the log shows an earlier failed build ({failed}): the extension "
                "was never installed. Fix that compiler error first (pip install -v shows the first 'error:' line).")
        how = f"its build ({failed}) failed earlier"
    else:
        text = (f"{module} comes from {origin}; it is not installed in this interpreter (not built, the build failed, "
                "or the job runs in another env). A PyPI package of that name is not the project's build.")
        how = "build it from the project's source"
    fix.append("check the build sees nvcc of the torch CUDA major: nvcc --version; python -c 'import torch; print(torch.version.cuda)'")
    return Explanation(text=text, fix=tuple(fix), derived={"how": how})
