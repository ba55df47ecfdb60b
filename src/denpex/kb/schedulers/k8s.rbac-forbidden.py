"""Computed diagnosis for k8s.rbac-forbidden: who lacks which permission, and the exact grant."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SA = "system:serviceaccount:"


def _dns(text: str) -> str:
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-")[:60] or "access"


def _resource_arg(resource: str, group: str) -> str:
    """kubectl create role --resource form: resource[.group][/subresource]."""
    base, _, sub = resource.partition("/")
    out = f"{base}.{group}" if group else base
    return f"{out}/{sub}" if sub else out


def _split_legacy(resource: str) -> tuple[str, str]:
    """Pre-1.11 wording folds the group into the resource: jobs.batch, tfjobs.kubeflow.org."""
    base, _, group = resource.partition(".")
    return base, group


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    user = str(facts.get("user") or "")
    verb = str(facts.get("verb") or "")
    resource = str(facts.get("resource") or "")
    if not (user and verb and resource):
        return Explanation(
            text="The Kubernetes API answered 403 Forbidden: the caller's identity has no RBAC permission for this "
                 "request. The response body's message names the user, verb, resource and namespace.",
            fix=("Print the HTTP response body (e.message / e.body) of the ApiException to see 'User ... cannot ...'",
                 "kubectl auth can-i --list -n <namespace> --as=system:serviceaccount:<ns>:<sa>"))
    group = facts.get("api_group")
    if group is None:  # legacy wording: group folded into the resource name
        base, group = _split_legacy(resource)
        resource = base
    group = str(group or "")
    ns = str(facts.get("namespace") or "")
    res_arg = _resource_arg(resource, group)
    base, _, sub = resource.partition("/")
    can_i_res = f"{base}.{group}" if group else base
    can_i = f"kubectl auth can-i {verb} {can_i_res}" + (f" --subresource={sub}" if sub else "") + \
        (f" -n {ns}" if ns else "") + f" --as={user}"
    scope = f"in namespace {ns}" if ns else "at the cluster scope"
    derived: dict[str, Any] = {"grant": f"{verb} {res_arg} {scope}"}

    if user in ("system:anonymous",):
        return Explanation(
            text="The request reached the API server without any credentials (user system:anonymous), so RBAC denied "
                 "it. This is an authentication problem: the client did not send its token or certificate.",
            fix=("kubectl config current-context; kubectl config view --minify  # the context and credentials in use",
                 "In a pod: check automountServiceAccountToken is not false and the client loads in-cluster config "
                 "(config.load_incluster_config())",
                 "Refresh cloud credentials (gcloud/aws/az auth plugin) for the kubeconfig user"),
            derived=derived)

    if user.startswith(_SA):
        sa_ns, _, sa = user[len(_SA):].partition(":")
        subject = f"--serviceaccount={sa_ns}:{sa}"
        who = f"service account {sa} in namespace {sa_ns}"
        derived["service_account"] = f"{sa_ns}/{sa}"
    else:
        sa_ns, sa = "", ""
        subject = f"--user={user}"
        who = f"user {user}"
    role = _dns(f"{sa or user.split('@')[0]}-{base}-{verb}")
    grp = f"API group '{group}'" if group else "the core API group"
    text = f"The API server denied {who}: it may not {verb} {resource} ({grp}) {scope}."
    if ns and sa_ns and sa_ns != ns:
        text += f" The service account lives in {sa_ns} but the request targets {ns}: the RoleBinding must be created in {ns}."
    if sa == "default":
        text += (" The pod runs as its namespace's default service account, which has no permissions: give the workload its "
                 "own service account (spec.serviceAccountName) or bind the role to default.")
    if sub:
        text += f" '{sub}' is a subresource: a rule for {base} alone does not grant {resource}."
    if ns:
        fix = (f"kubectl create role {role} --verb={verb} --resource={res_arg} -n {ns}",
               f"kubectl create rolebinding {role} --role={role} {subject} -n {ns}",
               f"{can_i}  # must print 'yes' afterwards")
    else:
        text += " Cluster-scoped requests (all namespaces, nodes, namespaces, CRDs) need a ClusterRole bound by a ClusterRoleBinding."
        fix = (f"kubectl create clusterrole {role} --verb={verb} --resource={res_arg}",
               f"kubectl create clusterrolebinding {role} --clusterrole={role} {subject}",
               f"{can_i}  # must print 'yes' afterwards",
               "Or configure the tool to work in one namespace (namespaced list/watch) so a RoleBinding suffices")
    return Explanation(text=text, fix=fix, derived=derived)
