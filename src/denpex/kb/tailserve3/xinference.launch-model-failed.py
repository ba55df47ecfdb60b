"""Computed diagnosis for xinference.launch-model-failed: classify the worker's inner error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = facts.get("detail")
    if not isinstance(detail, str) or not detail.strip():
        return None
    d = detail.strip()
    low = d.lower()
    pid = facts.get("pid")
    where = f" (worker pid {pid} at {facts.get('address')})" if pid else ""
    if "no available slot" in low:
        diagnosis = "no free GPU on the worker"
        text = (f"The worker{where} has no GPU left that is not already assigned to a running model: Xinference gives "
                "each LLM whole GPUs, so free memory on a busy GPU does not count.")
        fix = ("xinference list, then xinference terminate --model-uid <uid> for models you do not need.",
               "Or launch with --gpu-idx <i> to place the model on a chosen GPU, or lower --n-gpu.")
    elif "no such file or directory" in low or "errno 2" in low:
        diagnosis = "model files not found by the worker"
        text = (f"The worker{where} could not open a file of the model: the registered model_path / model_uri or the "
                "cache directory does not exist where the worker runs (container without the volume, wrong path).")
        fix = ("Check the path inside the worker (docker exec ... ls <path>) and mount it, or re-register the model with a valid path.",
               "Delete a half-downloaded cache folder under XINFERENCE_HOME and launch again.")
    elif "repo id must be" in low:
        diagnosis = "a local model path was taken for a Hugging Face repo id"
        text = (f"The worker{where} was given a path that does not exist where it runs, so huggingface_hub tried it as a repo id "
                "and rejected it. Models with remote code (jina-embeddings-v3 pulls xlm-roberta-flash-implementation) also "
                "name a second repo in their config.json, which needs the same local copy.")
        fix = ("Check the path inside the worker (docker exec ... ls <path>) and mount or copy the folder there; for remote-code "
               "models download the referenced code repo too and point the config's auto_map / the model_path at the local copies.",
               "Or let the worker download from the Hub (or XINFERENCE_MODEL_SRC=modelscope) instead of a local path.")
    elif ("has no attribute" in low or "unexpected keyword argument" in low or "got multiple values" in low
          or "required positional argument" in low):
        diagnosis = "Xinference version mismatch (client / server / registered model)"
        text = (f"'{d}' is a programming-interface mismatch: the client, the server and custom model registrations "
                "come from different Xinference versions.")
        fix = ("pip install -U 'xinference==<server version>' 'xinference-client==<server version>' in every environment.",
               "Re-register custom models after upgrading.")
    elif "out of memory" in low:
        diagnosis = "GPU out of memory while loading"
        text = f"The engine ran out of GPU memory while loading the model{where}."
        fix = ("Pick a smaller size or quantization, lower gpu_memory_utilization / max_model_len (vLLM), or spread over more GPUs (--n-gpu).",)
    else:
        diagnosis = "worker error during load"
        text = f"The worker{where} raised: {d}. The full traceback is in the Xinference server / worker log."
        fix = ("Run xinference-local --log-level debug and read the traceback printed for that pid.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
