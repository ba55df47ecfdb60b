"""Computed diagnosis for openmm.platform-not-registered: which plugin to look for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LIB = {"CUDA": "libOpenMMCUDA.so", "OpenCL": "libOpenMMOpenCL.so", "CPU": "libOpenMMCPU.so", "HIP": "libOpenMMHIP.so"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    platform = str(facts.get("platform") or "")
    if not platform:
        return None
    lib = _LIB.get(platform, f"libOpenMM{platform}.so")
    if platform == "CPU":
        text = "The CPU platform plugin did not load; on old processors it needs SSE4.2/AVX, otherwise the plugins directory is wrong."
    elif platform == "Reference":
        text = "Even the built-in Reference platform is missing: the OpenMM installation itself is broken."
    else:
        text = (f"OpenMM's {platform} plugin ({lib}) was not loaded: either it is absent from the plugins directory "
                f"(CPU-only build, OPENMM_PLUGIN_DIR pointing elsewhere) or it failed to link against the driver/CUDA libraries.")
    return Explanation(
        text=text,
        fix=("python -c 'import openmm as mm; print(mm.Platform.getPluginLoadFailures())'",
             f"ls $CONDA_PREFIX/lib/plugins/{lib} && ldd $CONDA_PREFIX/lib/plugins/{lib} | grep 'not found'",
             "unset OPENMM_PLUGIN_DIR (or point it at $CONDA_PREFIX/lib/plugins)",
             "conda install -c conda-forge openmm cuda-version=<CUDA version shown by nvidia-smi>" if platform == "CUDA"
             else f"request another platform than {platform} until the plugin loads"),
        derived={"plugin_library": lib},
    )
