"""Computed diagnosis for nvidia.smi-nvml-library-missing: container without GPU flag vs ld cache vs no driver."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    runtime = str(facts.get("runtime") or "").strip().lower()
    flag = str(facts.get("gpu_flag") or "").strip()
    if runtime in ("apptainer", "singularity"):
        if flag.startswith("--nv"):
            diag = f"{runtime} ran with {flag}, but no driver library was bound: no GPU/driver on this node, or the driver libraries are not in the host ldconfig cache"
            fix = ["Run inside a GPU allocation (srun --gres=gpu:1 / qsub -l select=1:ngpus=1) and check nvidia-smi -L on the host first.",
                   f"{runtime} exec --nv IMAGE ls /.singularity.d/libs   # should list libnvidia-ml.so.1 and libcuda.so.1",
                   "If the host driver works but nothing is bound: check nvliblist.conf / 'ldconfig path' in apptainer.conf, or try --nvccli."]
        else:
            diag = f"{runtime} container started without --nv, so the host driver libraries were not bound"
            fix = [f"{runtime} exec --nv IMAGE nvidia-smi   # add --nv to every exec/run/shell of a GPU job"]
        where = f" in an {runtime} container" if runtime == "apptainer" else f" in a {runtime} container"
    elif runtime in ("docker", "podman", "nvidia-docker"):
        if flag:
            diag = f"{runtime} ran with GPU support ({flag}) but the injected driver libraries are not in the container's ld cache"
            fix = ["ldconfig   # inside the container, then nvidia-smi again",
                   "Fix the toolkit: ldconfig = \"@/sbin/ldconfig\" (\"@/sbin/ldconfig.real\" on Ubuntu) in /etc/nvidia-container-runtime/config.toml, restart docker",
                   "Upgrade the NVIDIA Container Toolkit."]
        else:
            diag = f"{runtime} container started without GPU support (no --gpus / --runtime=nvidia)"
            fix = [f"{'docker' if runtime != 'podman' else 'podman'} run --gpus all IMAGE nvidia-smi" if runtime != "podman"
                   else "podman run --device nvidia.com/gpu=all IMAGE nvidia-smi   # CDI"]
        where = f" in a {runtime} container"
    else:
        diag = "no NVIDIA user-space driver visible here: a node without GPUs/driver, or a container started without GPU support"
        fix = ["On the host: nvidia-smi -L; if it fails there too, install/repair the driver (or run on a GPU node).",
               "In a container: start it with --nv (Apptainer/Singularity) or --gpus all (Docker)."]
        where = ""
    return Explanation(text=f"nvidia-smi could not load NVML: {diag}.", fix=tuple(fix), derived={"diagnosis": diag, "where": where})
