"""Computed diagnosis for sagemaker.endpoint-ping-failed: where to read the container log and what to tune."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ep = str(facts.get("endpoint") or "")
    variant = str(facts.get("variant") or "")
    if facts.get("_signature") == "local-container-ping":
        where = "local container mode"
        text = ("The SDK's local container never answered /ping within container_timeout_seconds: the model server crashed "
                "during load or loads slower than the timeout.")
        fix = ("docker ps -a; docker logs <container> to read the crash (OOM, import error, download failure).",
               "If it is only slow: raise container_timeout_seconds in ModelBuilder / deploy.")
        return Explanation(text=text, fix=fix, derived={"where": where})
    where = f"endpoint {ep}, variant {variant}" if ep else f"variant {variant or 'AllTraffic'}"
    log = f"/aws/sagemaker/Endpoints/{ep or 'ENDPOINT_NAME'}"
    text = (f"SageMaker gave up on {where}: the container never returned 200 on GET /ping :8080. "
            f"The reason is in CloudWatch log group {log}, not in this message.")
    fix = (f"aws logs tail {log} --since 2h | grep -iE 'error|Traceback|OutOfMemory|Killed' and fix that error.",
           "Slow large-model load: deploy(..., container_startup_health_check_timeout=900, model_data_download_timeout=900).",
           "CUDA OOM in the log: larger instance or SM_NUM_GPUS/tensor parallel degree, smaller MAX_TOTAL_TOKENS / max_num_seqs.",
           f"Delete the failed endpoint and config before retrying: aws sagemaker delete-endpoint --endpoint-name {ep or 'ENDPOINT_NAME'}.")
    return Explanation(text=text, fix=fix, derived={"where": where})
