"""Computed diagnosis for k8s.manifest-unknown-field: custom resource (old CRD) vs built-in kind (misplaced field)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# fields that belong to the pod spec and are often written inside a container
_POD_LEVEL = {"restartPolicy", "nodeSelector", "volumes", "tolerations", "affinity", "serviceAccountName",
              "imagePullSecrets", "hostNetwork", "hostIPC", "securityContext", "runtimeClassName", "schedulerName"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = str(facts.get("field") or "")
    if not field:
        return None
    typ = str(facts.get("type") or "")
    path = str(facts.get("path") or "")
    kind = str(facts.get("kind") or "") or (path.split(".", 1)[0] if path else "")
    leaf = field.rsplit(".", 1)[-1]
    builtin = typ.startswith("io.k8s.") or kind in {"Deployment", "Pod", "StatefulSet", "DaemonSet", "Job", "CronJob", "Service",
                                                     "ConfigMap", "Ingress", "PersistentVolumeClaim"}
    if typ.endswith("Container") and leaf in _POD_LEVEL:
        return Explanation(
            text=f"'{leaf}' was written inside a container ({path or 'containers[]'}) but belongs to the pod spec.",
            fix=(f"Move {leaf} out of the container list to spec.template.spec (or spec for a bare Pod), at the level of 'containers:'.",
                 f"kubectl explain pod.spec.{leaf}  # confirms where it belongs"),
            derived={"diagnosis": "pod-level field inside a container"},
        )
    if builtin:
        return Explanation(
            text=(f"{kind or 'The object'} has no field '{field}' at {path or 'that level'} in this cluster's schema: "
                  "misspelled, indented at the wrong level, or added in a newer Kubernetes release than the cluster runs."),
            fix=(f"kubectl explain {kind.lower() or '<kind>'} --recursive | grep -n {leaf}  # where the schema has it, if at all",
                 "Fix the indentation/spelling, or drop the field on older clusters."),
            derived={"diagnosis": "built-in kind: misplaced, misspelled or too-new field"},
        )
    what = kind or (typ.split(".")[-1] if typ else "this custom resource")
    group_hint = ""
    if typ.startswith("com.nvidia"):
        group_hint = " (NVIDIA GPU operator: apply the CRDs of the new chart before helm upgrade, as its upgrade guide says)"
    return Explanation(
        text=(f"{what} is a custom resource and its installed CRD does not define '{field}': the CRD in the cluster is older than "
              f"the chart/values/example that produced the manifest{group_hint}. helm upgrade never updates crds/."),
        fix=("helm show crds <repo>/<chart> --version <new version> | kubectl apply --server-side --force-conflicts -f -  # then run helm upgrade again",
             f"kubectl get crd -o name | grep -i {what.lower()}; kubectl explain {what.lower()}.spec --recursive | grep -n {leaf}  # confirm the field is missing",
             "Or remove the field / pin the example to the installed operator release."),
        derived={"diagnosis": f"CRD of {what} older than the manifest"},
    )
