"""Computed diagnosis for apptainer.nv-libraries-missing: nothing bound vs libraries not found, conf path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    what = str(facts.get("what") or "files")
    conf = str(facts.get("nvliblist") or "")
    if what == "libraries" or conf:
        problem = "driver libraries not found in the host's ldconfig cache"
        text = ("--nv found no NVIDIA driver libraries to bind (libcuda.so, libnvidia-ml.so): the container will see no GPU. "
                "Either this node has no driver (login/CPU node) or its driver libraries are not in the ldconfig cache Apptainer reads.")
        fix = ["On the host: nvidia-smi -L and ldconfig -p | grep libcuda; if nvidia-smi works but ldconfig lists nothing, add the driver's lib directory to /etc/ld.so.conf.d/ and run ldconfig (admin).",
               f"Check the library list in {conf}" + " and 'ldconfig path' in apptainer.conf (a conda-installed apptainer may use the wrong ldconfig)." if conf
               else "Check nvliblist.conf and 'ldconfig path' in apptainer.conf.",
               "Or bind through the NVIDIA CLI: apptainer exec --nvccli IMAGE ..."]
    else:
        problem = "no NVIDIA driver files on this node (login/CPU node or no GPU allocated)"
        text = ("--nv found nothing to bind on this host: typical of a login node, a CPU partition, or a job without a GPU allocation. "
                "Harmless if no GPU is needed; otherwise the framework inside will run without CUDA.")
        fix = ["Run on a GPU node within the allocation: srun --gres=gpu:1 (or sbatch --gpus=1) apptainer exec --nv IMAGE ...",
               "Check inside the job: nvidia-smi -L on the host, then apptainer exec --nv IMAGE nvidia-smi -L.",
               "If no GPU is needed here, drop --nv."]
    return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
