"""Computed diagnosis for trl.vllm-server-unreachable: where the client looked and what to start or change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = facts.get("host")
    port = facts.get("port")
    timeout = facts.get("timeout")
    sig = facts.get("_signature")
    if sig == "not-up-retrying" and host is None:
        return Explanation(
            text=("The trainer kept polling the vLLM server's /health/ endpoint and the log ends without 'Server is up!': "
                  "no `trl vllm-serve` answered at vllm_server_host:vllm_server_port (default 0.0.0.0:8000)."),
            fix=("Start the server first on spare GPUs: CUDA_VISIBLE_DEVICES=0 trl vllm-serve --model <model>; "
                 "or use vllm_mode='colocate' (TRL 0.18+) on a single GPU.",),
        )
    if host is None or port is None:
        return None
    try:
        t = float(timeout) if timeout is not None else None
    except (TypeError, ValueError):
        t = None
    local = str(host) in ("0.0.0.0", "localhost", "127.0.0.1", "::")
    text = f"The trainer polled http://{host}:{port}/health/"
    text += f" for {t:g} s" if t is not None else ""
    text += " and nothing answered."
    fix = [f"Start the server where the client looks: CUDA_VISIBLE_DEVICES=<spare GPUs> trl vllm-serve --model <model> --port {port}"
           + (" on this node" if local else f" on {host}") + ", and launch training only after curl "
           f"http://{host}:{port}/health/ succeeds."]
    if local:
        fix.append("Multi-node job: the client polls this node; set vllm_server_host to the server node's address.")
    if t is not None and t <= 300:
        fix.append(f"If the server was still loading, raise vllm_server_timeout above {t:g} (e.g. {max(600, int(t * 3))}).")
    fix.append("No spare GPU: use_vllm=True with vllm_mode='colocate' (TRL 0.18+), or use_vllm=False.")
    return Explanation(text=text, fix=tuple(fix), derived={"health_url": f"http://{host}:{port}/health/"})
