"""Computed diagnosis for k8s.resource-not-found: where to look for the object, and what removed it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPLICA = re.compile(r"-(?:master|worker|ps|chief|evaluator|launcher|head)-\d+$")
_ARGO_POD = re.compile(r"-\d{6,10}$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    name = str(facts.get("name") or "")
    ns = facts.get("namespace")
    detail = str(facts.get("detail") or "")
    if detail:
        text = ("The Kubeflow Pipelines UI could not read the step's log: the step pod no longer exists and no archived "
                "log was found for it. The step's real error is in that log; this message is not the cause.")
        if "workflow status" in detail:
            text += " 'Unable to retrieve workflow status' means the run's Argo Workflow object was also gone or unreadable."
        return Explanation(text=text, fix=(
            "kubectl get pods -n <profile namespace> -l workflows.argoproj.io/workflow=<run workflow name>",
            "Read the step's main.log artifact in the run's artifact store (Argo archiveLogs) or your cluster log backend",
            "Keep failed pods next time: podGC strategy OnPodSuccess on the pipeline / workflow"))
    if not (kind and name):
        return Explanation(
            text="The Kubernetes API answered 404 Not Found: the object named in the request does not exist in that "
                 "namespace. The response body names the resource and name.",
            fix=("Print the ApiException body to see '<resource> \"<name>\" not found'",
                 "kubectl get <kind> -A | grep <name>"))
    base = kind.split(".", 1)[0]
    ns_opt = f" -n {ns}" if ns else ""
    fix = [f"kubectl get {kind} -A | grep {name}  # does it exist in another namespace?",
           f"kubectl get events{ns_opt or ' -n <namespace>'} --field-selector involvedObject.name={name}  # why it went away (kept ~1h)"]
    text = f"No {kind} object named '{name}' exists" + (f" in namespace {ns}" if ns else " in the namespace the client used") + "."
    derived: dict[str, Any] = {}
    if base == "pods" and _REPLICA.search(name):
        job = _REPLICA.sub("", name)
        text += (f" It is a replica pod of the training job '{job}': the training operator deletes replica pods when the job "
                 "ends unless runPolicy.cleanPodPolicy is None, so its log is gone with it once the job failed.")
        fix.append(f"kubectl get pods -A -l training.kubeflow.org/job-name={job}  # replicas that still exist")
        fix.append("Set runPolicy.cleanPodPolicy: None (or ttlSecondsAfterFinished) to keep failed replicas for their logs")
        derived["job"] = job
    elif base == "pods" and _ARGO_POD.search(name):
        text += (" The name looks like an Argo/KFP step pod: finished step pods are garbage-collected (podGC), after which "
                 "only the archived log (main.log) holds the step's output.")
        fix.append("argo logs <workflow> <pod> or the step's main.log artifact; keep failed pods with podGC strategy OnPodSuccess")
    elif base == "pods":
        text += (" If the pod ran before, it was deleted (garbage-collected after completion, evicted, preempted or its node "
                 "was removed); if it never existed, the name is probably a job/workflow name rather than a pod name.")
        fix.append(f"kubectl get pods{ns_opt or ' -A'} | grep {name}  # the real pod names start with it")
    elif base == "workflows":
        text += " Argo deletes workflows after ttlStrategy; archived ones are only in the workflow archive."
        fix.append("argo archive list | grep " + name)
    elif base in ("pytorchjobs", "tfjobs", "mpijobs", "jobs"):
        text += " Finished jobs are removed after ttlSecondsAfterFinished; a resubmitted job also gets a new name."
    elif base == "namespaces":
        text += " The namespace itself does not exist: create it (kubectl create namespace " + name + ") or fix the name."
        fix = [f"kubectl get namespaces | grep {name}", f"kubectl create namespace {name}"]
    text += " This 404 is a consequence, not the failure: look for the run's own error (traceback, OOMKilled, Evicted) above it."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
