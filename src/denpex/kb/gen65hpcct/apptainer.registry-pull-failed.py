"""Computed diagnosis for apptainer.registry-pull-failed: network, credentials, missing image, rate limit or library remote."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NETWORK = ("i/o timeout", "connection refused", "no such host", "tls handshake timeout", "network is unreachable",
            "no route to host", "connection reset", "context deadline exceeded")
_AUTH = ("bearer token", "unauthorized", "denied", "401", "403", "authentication required")
_MISSING = ("manifest unknown", "not found", "name unknown", "404")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    image = str(facts.get("image") or "the image")
    reason = str(facts.get("reason") or "")
    low = reason.lower()
    fix: list[str] = []
    if facts.get("_signature") == "library-no-client":
        diagnosis = "no library remote is configured (library:// needs one in Apptainer)"
        text = "Apptainer ships without a library:// endpoint, so library:// images cannot be resolved."
        fix.append("apptainer remote add --no-login SylabsCloud cloud.sylabs.io && apptainer remote use SylabsCloud "
                   "(or switch to a docker:// / oras:// copy of the image).")
    elif any(k in low for k in _NETWORK):
        diagnosis = "the registry is not reachable from this node"
        text = (f"The connection to the registry failed ({reason[:120]}): the node has no route to it, a firewall "
                "blocks the port, or a proxy is required.")
        fix.append("Pull on a node with network access (login/transfer node, export https_proxy if the site uses one) "
                   "into shared storage and run the SIF in the job.")
    elif "toomanyrequests" in low or "rate limit" in low:
        diagnosis = "the registry rate-limited the pull"
        text = "Docker Hub (or the registry) refused the request for exceeding its pull rate limit."
        fix.append("Log in (apptainer registry login docker://docker.io) or pull once and reuse the SIF.")
    elif any(k in low for k in _AUTH):
        diagnosis = "the registry refused the credentials"
        text = "The token request or the manifest request was refused: no credentials, wrong ones, or no pull right."
        fix.append("apptainer registry login --username <user> docker://<registry>, or export APPTAINER_DOCKER_USERNAME "
                   "and APPTAINER_DOCKER_PASSWORD (docker login is not read by apptainer).")
    elif any(k in low for k in _MISSING):
        diagnosis = "the repository or tag does not exist"
        text = "The registry has no manifest for this repository and tag."
        fix.append("Check the image path and tag; private images answer 'not found' without credentials too.")
    else:
        diagnosis = "the registry request failed"
        text = f"apptainer could not get the image manifest: {reason[:200]}"
        fix.append("Retry with apptainer --debug pull to see the failing request.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "image": image})
