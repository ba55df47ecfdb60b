"""Computed diagnosis for build.make-no-rule-for-library: why the recorded library path is gone."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    target = facts.get("target")
    if not isinstance(target, str) or not target:
        return None
    needed = str(facts.get("needed_by") or "the link step")
    lib = target.rsplit("/", 1)[-1]
    derived: dict[str, Any] = {"library": lib}
    fix: list[str] = []
    if target.endswith("-NOTFOUND"):
        derived["diagnosis"] = "CMake never found the library"
        text = (f"{target} is the value of a CMake variable whose find_library/find_package failed at configure time; "
                f"make took it as a file to build for {needed}.")
        fix.append("cmake -DCMAKE_PREFIX_PATH=$(python -c 'import torch; print(torch.utils.cmake_prefix_path)') ..   # absolute prefix, then rebuild")
    elif "pip-build-env" in target:
        derived["diagnosis"] = "path into a deleted pip build-isolation environment"
        text = (f"The build files point at {target}, inside pip's temporary isolated build environment, which pip removed "
                f"after an earlier build; the build tree was reused and {needed} cannot be linked.")
        fix.append("rm -rf build *.egg-info && pip install --no-build-isolation -v .   # build against the installed torch")
    elif re.search(r"(^|/)libcuda\.so", target):
        derived["diagnosis"] = "driver library libcuda.so not present at the recorded path"
        text = (f"{target} is the NVIDIA driver library; build machines without the driver only have the toolkit stub.")
        fix.append("cmake -DCUDA_CUDA_LIBRARY=/usr/local/cuda/lib64/stubs/libcuda.so ..   # or install the driver")
    elif not target.startswith("/") and not re.match(r"[A-Za-z]:[\\/]", target):
        derived["diagnosis"] = "relative library path from a relative prefix"
        text = (f"{target} is relative: a relative CMAKE_PREFIX_PATH / Torch_DIR resolved against another directory "
                f"than the build directory, so {needed} links a file that is not there.")
        fix.append("Pass absolute paths: cmake -DCMAKE_PREFIX_PATH=/abs/path/to/libtorch ..  then rebuild from a clean build dir")
    else:
        derived["diagnosis"] = "library moved since the build directory was configured"
        text = (f"CMake recorded {target} when this build directory was configured; that file is gone (torch upgraded or "
                f"reinstalled, another Python environment), so make cannot link {needed}.")
        fix.append("rm -rf build CMakeCache.txt && rebuild in the environment you run (pip install --no-build-isolation .)")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
