"""Computed diagnosis for docker.image-pull-failed: name/auth vs missing tag vs platform vs rate limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    image = str(facts.get("image") or "")
    tag = str(facts.get("tag") or "")
    ref = f"{image}:{tag}" if tag and ":" not in image.rsplit("/", 1)[-1] else image
    if sig == "pull-access-denied":
        reg = image.split("/", 1)[0] if "." in image.split("/", 1)[0] else "Docker Hub"
        problem = f"{image} not found or private on {reg}"
        text = (f"The registry refused {image}: the repository does not exist under that name, or it is private. "
                + ("An image name without a namespace is looked up as docker.io/library/NAME; a locally built image must be built under this name first." if "/" not in image else ""))
        fix = [f"Check the spelling and namespace of {image} on the registry; if it is your own image, build it first: docker build -t {image} .",
               f"Private: docker login {reg if reg != 'Docker Hub' else ''}".rstrip() + " (nvcr.io: user $oauthtoken + NGC API key; ghcr.io: a token with read:packages)."]
        return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
    if sig in {"manifest-unknown", "podman-reading-manifest"}:
        problem = f"tag {ref} does not exist"
        text = f"{ref} has no manifest on the registry: the tag was never published or was removed."
        fix = [f"List the published tags (registry web page, or skopeo list-tags docker://{image.split(':')[0]}) and pick an existing one."]
        if "nvidia/cuda" in ref:
            fix.insert(0, "NVIDIA removes end-of-life nvidia/cuda tags and never had 'latest' since 2021: choose a current tag with the full version (e.g. nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04, or 11.8.0-cudnn8-devel-ubuntu22.04 for CUDA 11).")
        elif ref.endswith(":latest"):
            fix.insert(0, f"{image.split(':')[0]} publishes no 'latest' tag: name a version explicitly.")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
    if sig == "no-matching-manifest":
        plat = str(facts.get("platform") or "")
        problem = f"no {plat} variant of the image"
        text = f"The tag exists but has no variant for {plat}; it was published for other architectures only."
        fix = ["Use a tag or image published for this architecture (check docker buildx imagetools inspect IMAGE).",
               "Or build it yourself: docker buildx build --platform " + (plat.rsplit("/v", 1)[0] if plat else "linux/arm64") + " ...",
               "Or run the amd64 variant under emulation: docker run --platform linux/amd64 ... (slow; no GPU)."]
        return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
    if sig == "rate-limit":
        problem = "Docker Hub pull rate limit reached"
        text = "Docker Hub throttled this client's pulls (anonymous and free-tier limits per 6 h, counted per IP for anonymous pulls)."
        fix = ("docker login (authenticated pulls have a higher or no limit).",
               "In CI/clusters: a pull-through cache or registry mirror, or copy the image to your own registry (ECR, GAR, GHCR).")
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    return None
