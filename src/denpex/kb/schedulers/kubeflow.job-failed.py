"""Computed diagnosis for kubeflow.job-failed: which pod to read, or which run-policy limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LABEL = {"PyTorchJob": "pytorchjob", "TFJob": "tfjob", "TensorFlowJob": "tfjob", "MPIJob": "mpijob",
          "XGBoostJob": "xgboostjob", "PaddleJob": "paddlejob", "JAXJob": "jaxjob", "MXJob": "mxjob"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    deadline = facts.get("deadline_s")
    if deadline is not None:
        h, rem = divmod(int(deadline), 3600)
        return Explanation(
            text=f"The RayJob ran longer than its activeDeadlineSeconds ({deadline} s = {h} h {rem // 60:02d} min), so KubeRay stopped it (DeadlineExceeded). Nothing crashed.",
            fix=("Raise spec.activeDeadlineSeconds above queueing + cluster start + run time, or make the job resume from checkpoints.",
                 "kubectl describe rayjob <name>  # StartTime and JobDeploymentStatus"),
            derived={"kind": "deadline"},
        )
    limit = str(facts.get("limit_kind") or "")
    job = str(facts.get("job") or "<job>")
    if limit:
        if "deadline" in limit:
            return Explanation(
                text=f"Job {job} ran longer than runPolicy.activeDeadlineSeconds, so the operator killed its pods and failed it. No replica error is implied.",
                fix=("Raise spec.runPolicy.activeDeadlineSeconds, or checkpoint and resume in a new job.",),
                derived={"kind": "deadline"},
            )
        return Explanation(
            text=f"Job {job} used up runPolicy.backoffLimit restarts: a replica kept failing. The cause is that replica's repeated error.",
            fix=(f"kubectl get pods -l training.kubeflow.org/job-name={job.split('/')[-1]} --sort-by=.status.startTime; kubectl logs <failed pod> --previous",
                 "Fix the repeated error; raise backoffLimit only for genuinely transient failures."),
            derived={"kind": "backoff"},
        )
    kind = str(facts.get("kind") or "")
    rtype = str(facts.get("replica_type") or "Master")
    failed = facts.get("failed")
    name = job.split("/")[-1]
    pod = f"{name}-{rtype.lower()}-0"
    text = (f"{kind} {job}: {failed} {rtype} replica pod(s) failed and the operator marked the job failed. "
            f"The operator adds nothing; the cause is the failed {rtype} pod's own error")
    if rtype.lower() in ("master", "chief", "launcher"):
        text += f" ({pod} is rank 0 / the coordinator)."
    else:
        text += "; errors on the other replicas after it are usually consequences."
    derived = {"kind": "replica", "pod_hint": pod}
    label = _LABEL.get(kind, "")
    fix = (f"kubectl logs {pod} --previous | tail -50  # or the failed {rtype.lower()} pod with the lowest finishedAt",
           f"kubectl get pod {pod} -o jsonpath='{{.status.containerStatuses[*].lastState.terminated}}'  # exit code, OOMKilled",
           f"kubectl describe {label or 'pytorchjob'} {name}  # conditions and events")
    return Explanation(text=text, fix=fix, derived=derived)
