"""Computed diagnosis for k8s.probe-failed: what the probe output says and the probe change to make."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HEALTH_PATHS = "vLLM/TGI/SGLang: /health; Triton and KServe v2: /v2/health/live (liveness) and /v2/health/ready (readiness)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    probe = str(facts.get("probe") or "liveness").lower()
    detail = str(facts.get("detail") or "")
    container = facts.get("container")
    d = detail.lower()
    who = f"container {container}" if container else "the container"
    consequence = ("the kubelet kills and restarts " + who) if probe in ("liveness", "startup") else \
        "the pod is taken out of Service endpoints (no restart)"
    fix: list[str] = []
    derived: dict[str, Any] = {"probe_kind": probe}
    target = re.search(r'(?:Get|Post) "?(https?://[^"\s]+)"?', detail)
    if target:
        derived["probe_url"] = target.group(1)
    if "connection refused" in d:
        text = (f"The {probe} probe found nothing listening{' at ' + target.group(1) if target else ''}: the server has not opened "
                f"its port yet (still downloading/loading the model) or listens elsewhere; after failureThreshold failures {consequence}.")
        fix += ["Add a startupProbe on the same endpoint with periodSeconds: 10 and failureThreshold >= (worst-case load seconds / 10), e.g. 90 for 15 min",
                "kubectl logs <pod> --previous | tail -20  # how far loading got before the kill",
                "Check the server binds 0.0.0.0 on the probed port (--host 0.0.0.0 --port <port>)"]
        derived["cause"] = "not-listening"
    elif "deadline exceeded" in d or "timeout" in d or "timed out" in d:
        text = (f"The {probe} probe timed out: the endpoint answered slower than timeoutSeconds (default 1 s); "
                f"after failureThreshold failures {consequence}.")
        fix += ["Set timeoutSeconds: 5-10 and failureThreshold: 3-6 on the liveness probe",
                "Make the health handler cheap (no inference, no lock shared with generation)"]
        derived["cause"] = "slow-endpoint"
    elif m := re.search(r"statuscode: (\d{3})", d):
        code = int(m.group(1))
        derived["status_code"] = code
        if code == 404:
            text = f"The {probe} probe's path does not exist on this server (HTTP 404); {consequence}."
            fix.append(f"Use the server's health path ({_HEALTH_PATHS})")
        else:
            text = f"The server answered the {probe} probe with HTTP {code}: it reports itself not healthy/ready; {consequence}."
            fix.append("kubectl logs <pod> --previous | tail -50  # why the server reports unhealthy (loading, engine dead, CUDA error)")
            if probe == "liveness":
                fix.append("If it is still loading, add a startupProbe so liveness starts only after the first success")
    elif "no such file or directory" in d or "exit code" in d or "command terminated" in d:
        text = f"The exec {probe} probe command failed ({detail}); {consequence}."
        fix.append("kubectl exec <pod> -- <probe command>; echo $?  # run it by hand")
    else:
        text = f"The {probe} probe failed{': ' + detail if detail else ''}; {consequence}."
        fix.append("kubectl describe pod <pod> | grep -E 'probe failed|Killing|Exit Code'")
    if probe == "readiness":
        text += " Readiness failures during model loading are expected; they matter only if the pod never becomes Ready."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
