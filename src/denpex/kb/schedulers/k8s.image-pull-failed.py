"""Computed diagnosis for k8s.image-pull-failed: classify the runtime's pull error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substrings of the runtime error, lower-case) -> (cause, fix)
_CAUSES: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("toomanyrequests", "pull rate limit", "rate limit"),
     "the registry rate-limited the pull (Docker Hub pull limit for the node's IP)",
     "Authenticate pulls (imagePullSecrets with a Docker Hub account), use a pull-through cache / mirror, or copy the image to your own registry."),
    (("401 unauthorized", "unauthorized", "authorization failed", "no basic auth credentials", "pull access denied",
      "403 forbidden", "denied:", "authentication required", "may require 'docker login'", "requested access to the resource is denied"),
     "the registry refused the credentials (none given, wrong or expired imagePullSecret, or no access to this repository)",
     "kubectl create secret docker-registry regcred --docker-server=<registry> --docker-username=<user> --docker-password=<token> -n <namespace>; add it under spec.imagePullSecrets (or to the service account)."),
    (("manifest unknown", "not found", "notfound", "does not exist", "no such image", "name unknown"),
     "the image or tag does not exist in that registry (typo, tag never pushed, wrong registry host)",
     "Check the reference: docker manifest inspect {image} (or skopeo inspect docker://{image}); fix the tag/repository or push the image."),
    (("not present with pull policy of never",),
     "imagePullPolicy is Never and the image is not on this node",
     "Pre-load the image on every node that may run the pod (kind load docker-image / ctr -n k8s.io images import), or set imagePullPolicy: IfNotPresent."),
    (("no match for platform", "exec format"),
     "the image has no variant for the node's CPU architecture",
     "Build/push a multi-arch image (docker buildx --platform linux/amd64,linux/arm64) or schedule on nodes of the image's architecture."),
    (("no space left on device",),
     "the node's image filesystem is full",
     "Free space on the node (crictl rmi --prune) or let image GC run; use nodes with a larger disk for big ML images."),
    (("x509", "certificate"),
     "the registry's TLS certificate is not trusted by the node's runtime",
     "Install the registry's CA on the nodes (containerd certs.d / CRI-O registries.conf) or use a properly signed certificate."),
    (("context canceled", "deadlineexceeded", "deadline exceeded", "context deadline"),
     "the pull was cancelled or timed out before the download finished (typical for multi-GB CUDA / PyTorch images or a slow link)",
     "Pre-pull the image on the nodes (DaemonSet or node image), raise the runtime request timeout, and slim the image."),
    (("no such host", "i/o timeout", "connection refused", "dial tcp", "network is unreachable", "tls handshake timeout",
      "connection reset", "registry is unavailable", "eof"),
     "the node could not reach the registry (DNS, proxy, firewall, air-gapped cluster, registry down)",
     "From the node: crictl pull {image}; check DNS / HTTPS_PROXY for containerd / firewall rules, or mirror the image into a reachable registry."),
    (("signature validation failed",),
     "the image's signature did not validate against the cluster's policy",
     "Sign the image with a key the policy trusts, or use an image that is signed."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    image = facts.get("image")
    detail = str(facts.get("detail") or "")
    status = facts.get("status")
    low = detail.lower()
    img = image or "<image>"
    for needles, cause, fix in _CAUSES:
        if low and any(n in low for n in needles):
            tail = ("The container cannot start until the image is on the node." if "pull policy of never" in low
                    else "The container never started; the kubelet keeps retrying (ImagePullBackOff).")
            return Explanation(
                text=f"The kubelet could not pull {img}: {cause}. {tail}",
                fix=(fix.format(image=img), f"kubectl describe pod <pod> | grep -A2 'Failed to pull image'  # confirm the error for {img}"),
                derived={"pull_error_class": cause.split(" (")[0]},
            )
    if status == "ErrImageNeverPull":
        return Explanation(
            text="imagePullPolicy is Never and the image is not on the node, so the container cannot start.",
            fix=("Pre-load the image on every node that may run the pod, or set imagePullPolicy: IfNotPresent.",),
        )
    if status == "InvalidImageName" or detail.startswith("couldn't parse"):
        return Explanation(
            text=f"The image reference {img} cannot be parsed (invalid characters, upper-case repository, stray spaces or an empty variable in the template).",
            fix=("Fix the image string in the pod spec (lower-case repository, registry/repository:tag).",),
        )
    if image and not detail:
        return Explanation(
            text=f"The kubelet is backing off from pulling {image} after failed attempts; the first 'Failed to pull image' event for it names the cause.",
            fix=(f"kubectl describe pod <pod> | grep -A2 'Failed to pull image'  # the runtime's error for {image}",),
        )
    return None
