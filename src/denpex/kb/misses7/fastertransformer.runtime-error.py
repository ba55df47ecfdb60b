"""Computed diagnosis for fastertransformer.runtime-error: which check failed and what it usually means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cuda_error = str(facts.get("cuda_error") or "").strip()
    config_path = str(facts.get("config_path") or "").strip()
    source_file = str(facts.get("source_file") or "").strip()
    line = facts.get("source_line")
    where = ""
    if source_file:
        short = source_file.split("/src/fastertransformer/")[-1]
        where = f" at {short}:{line}" if line is not None else f" at {short}"
    if not any((cuda_error, config_path, source_file)):
        return None
    if config_path:
        folder = config_path.rsplit("/", 1)[0]
        what = f"cannot load {config_path}"
        text = (f"The model class looked for {config_path} and could not read it: model_checkpoint_path does not point at the "
                f"converted checkpoint folder ({folder}), or the checkpoint was converted for a different GPU count.")
        fix = (f"ls {folder}  # config.ini and the weights must be there",
               "Set model_checkpoint_path in config.pbtxt to <converted>/<N>-gpu matching tensor_para_size, or reconvert with -infer_gpu_num N.")
    elif cuda_error == "out of memory":
        what = f"CUDA out of memory{where}"
        text = (f"A CUDA allocation failed{where}: the weights for this tensor-parallel rank plus the buffers sized by "
                "max_batch_size and sequence lengths do not fit in GPU memory.")
        fix = ("Increase tensor_para_size (and reconvert for that many GPUs) or lower max_batch_size / max sequence lengths.",
               "Check nvidia-smi for other processes holding memory on the GPU.")
    elif cuda_error:
        what = f"CUDA runtime error '{cuda_error}'{where}"
        text = f"A CUDA call failed with '{cuda_error}'{where}; the backend threw and the server aborted."
        fix = ("Rerun with CUDA_LAUNCH_BLOCKING=1 to locate the kernel; check the driver/CUDA versions of the backend image.",)
    else:
        what = f"assertion failed{where}"
        layer = source_file.rsplit("/", 1)[-1] if source_file else "the layer"
        text = (f"An FT_CHECK without a message failed{where}. The condition is in {layer}: usually a shape, head size, "
                "data type or GPU architecture that this kernel does not support.")
        fix = (f"Read the check at {layer}:{line} in the FasterTransformer version of the backend image.",
               "Try the unfused path / another data type, or move to TensorRT-LLM.")
    return Explanation(text=text, fix=fix, derived={"what": what})
