"""Computed diagnosis for k8s.crd-not-installed: which operator owns the kind, and whether the version is an old one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# kind -> (operator to install, current apiVersion)
_OWNERS: dict[str, tuple[str, str]] = {
    "PyTorchJob": ("the Kubeflow training operator (kubeflow/training-operator)", "kubeflow.org/v1"),
    "TFJob": ("the Kubeflow training operator (kubeflow/training-operator)", "kubeflow.org/v1"),
    "MPIJob": ("the Kubeflow MPI operator or training operator", "kubeflow.org/v2beta1"),
    "XGBoostJob": ("the Kubeflow training operator", "kubeflow.org/v1"),
    "PaddleJob": ("the Kubeflow training operator", "kubeflow.org/v1"),
    "JAXJob": ("the Kubeflow training operator", "kubeflow.org/v1"),
    "TrainJob": ("Kubeflow Trainer v2", "trainer.kubeflow.org/v1alpha1"),
    "Experiment": ("Katib", "kubeflow.org/v1beta1"),
    "Trial": ("Katib", "kubeflow.org/v1beta1"),
    "RayCluster": ("the KubeRay operator", "ray.io/v1"),
    "RayJob": ("the KubeRay operator", "ray.io/v1"),
    "RayService": ("the KubeRay operator", "ray.io/v1"),
    "InferenceService": ("KServe (kserve-crd chart or kserve.yaml)", "serving.kserve.io/v1beta1"),
    "ServingRuntime": ("KServe", "serving.kserve.io/v1alpha1"),
    "ClusterServingRuntime": ("KServe", "serving.kserve.io/v1alpha1"),
    "InferenceGraph": ("KServe", "serving.kserve.io/v1alpha1"),
    "SeldonDeployment": ("Seldon Core", "machinelearning.seldon.io/v1"),
    "Workflow": ("Argo Workflows", "argoproj.io/v1alpha1"),
    "WorkflowTemplate": ("Argo Workflows", "argoproj.io/v1alpha1"),
    "CronWorkflow": ("Argo Workflows", "argoproj.io/v1alpha1"),
    "Application": ("Argo CD", "argoproj.io/v1alpha1"),
    "ScheduledWorkflow": ("Kubeflow Pipelines", "kubeflow.org/v1beta1"),
    "ClusterPolicy": ("the NVIDIA GPU operator", "nvidia.com/v1"),
    "NVIDIADriver": ("the NVIDIA GPU operator", "nvidia.com/v1alpha1"),
    "NodeFeatureRule": ("Node Feature Discovery (bundled with the GPU operator)", "nfd.k8s-sigs.io/v1alpha1"),
    "PodGroup": ("Volcano (or the scheduler-plugins coscheduling CRDs)", "scheduling.volcano.sh/v1beta1"),
    "Queue": ("Volcano", "scheduling.volcano.sh/v1beta1"),
    "ClusterQueue": ("Kueue", "kueue.x-k8s.io/v1beta1"),
    "LocalQueue": ("Kueue", "kueue.x-k8s.io/v1beta1"),
    "ResourceFlavor": ("Kueue", "kueue.x-k8s.io/v1beta1"),
    "JobSet": ("JobSet (kubernetes-sigs/jobset)", "jobset.x-k8s.io/v1alpha2"),
    "LeaderWorkerSet": ("LeaderWorkerSet (kubernetes-sigs/lws)", "leaderworkerset.x-k8s.io/v1"),
    "Certificate": ("cert-manager", "cert-manager.io/v1"),
    "Issuer": ("cert-manager", "cert-manager.io/v1"),
    "ClusterIssuer": ("cert-manager", "cert-manager.io/v1"),
    "ServiceMonitor": ("the Prometheus operator (kube-prometheus-stack CRDs)", "monitoring.coreos.com/v1"),
    "PodMonitor": ("the Prometheus operator (kube-prometheus-stack CRDs)", "monitoring.coreos.com/v1"),
    "VirtualService": ("Istio", "networking.istio.io/v1beta1"),
    "Gateway": ("Istio or the Gateway API CRDs", "networking.istio.io/v1beta1 / gateway.networking.k8s.io/v1"),
}

# built-in API versions removed from Kubernetes: (kind, apiVersion) -> (replacement, removed in)
_REMOVED: dict[tuple[str, str], tuple[str, str]] = {
    ("Deployment", "apps/v1beta1"): ("apps/v1", "1.16"),
    ("Deployment", "apps/v1beta2"): ("apps/v1", "1.16"),
    ("Deployment", "extensions/v1beta1"): ("apps/v1", "1.16"),
    ("DaemonSet", "extensions/v1beta1"): ("apps/v1", "1.16"),
    ("DaemonSet", "apps/v1beta2"): ("apps/v1", "1.16"),
    ("StatefulSet", "apps/v1beta1"): ("apps/v1", "1.16"),
    ("StatefulSet", "apps/v1beta2"): ("apps/v1", "1.16"),
    ("Ingress", "extensions/v1beta1"): ("networking.k8s.io/v1", "1.22"),
    ("Ingress", "networking.k8s.io/v1beta1"): ("networking.k8s.io/v1", "1.22"),
    ("CustomResourceDefinition", "apiextensions.k8s.io/v1beta1"): ("apiextensions.k8s.io/v1", "1.22"),
    ("CronJob", "batch/v1beta1"): ("batch/v1", "1.25"),
    ("PodDisruptionBudget", "policy/v1beta1"): ("policy/v1", "1.25"),
    ("PodSecurityPolicy", "policy/v1beta1"): ("(none: replaced by Pod Security Admission)", "1.25"),
    ("HorizontalPodAutoscaler", "autoscaling/v2beta2"): ("autoscaling/v2", "1.26"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    api_version = str(facts.get("api_version") or "")
    if not kind or not api_version:
        return None
    group = api_version.rsplit("/", 1)[0] if "/" in api_version else "(core)"
    version = api_version.rsplit("/", 1)[-1]
    removed = _REMOVED.get((kind, api_version))
    if removed:
        new, release = removed
        return Explanation(
            text=(f"{kind} {api_version} is a built-in API that Kubernetes {release} removed: no CRD is missing, "
                  f"the manifest (or a Helm release that stored it) uses an old API version."),
            fix=(f"Change apiVersion of the {kind} to {new} and adapt the spec (kubectl convert, or pluto detect-files to find every use).",
                 "If a Helm upgrade fails on it: helm mapkubeapis <release> -n <ns>, then upgrade again."),
            derived={"diagnosis": f"removed built-in API (Kubernetes {release})", "operator": "kubernetes"},
        )
    owner = _OWNERS.get(kind)
    old = version.startswith(("v1alpha", "v1beta", "v2alpha")) and owner is not None and owner[1] != api_version \
        and "/" + version not in owner[1]
    if owner:
        operator, current = owner
        text = (f"The API server serves no {kind} in {api_version}. {kind} belongs to {operator}; "
                "its CustomResourceDefinition is not installed in this cluster/context, not established yet, "
                "or does not serve this version.")
        fix = [f"kubectl get crd | grep '{group}'  # is {operator.split(' (')[0]} installed here?",
               f"Install {operator} (CRDs first) and wait: kubectl wait --for condition=established crd -l <its label> or crd/<plural>.{group}."]
        if old:
            fix.insert(0, f"The manifest asks for {api_version}; current releases serve {current}: update apiVersion (and the spec fields) if the operator is installed.")
            diagnosis = f"old API version {version} of {kind}"
        else:
            diagnosis = f"{kind} CRD not installed ({operator.split(' (')[0]})"
        fix.append("Restart controllers that started before the CRD existed (Katib, KFP): kubectl rollout restart deployment/<controller> -n <ns>.")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "operator": operator})
    return Explanation(
        text=(f"The API server serves no {kind} in {api_version} (group {group}): the CRD that defines it is not installed, "
              "not established yet, or serves other versions."),
        fix=(f"kubectl api-resources --api-group={group}  # what this group serves (empty: its operator/CRDs are missing)",
             "Install the operator or CRD chart that provides it, wait for the CRD to be established, then apply again."),
        derived={"diagnosis": f"{kind} not served in {api_version}", "operator": "unknown"},
    )
