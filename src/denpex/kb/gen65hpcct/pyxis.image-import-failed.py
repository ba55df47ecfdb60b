"""Computed diagnosis for pyxis.image-import-failed: which import step the enroot log points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlparse

from denpex.models import Explanation


def _registry_mixup(url: str) -> str | None:
    """Docker Hub asked for a repository whose first part looks like a registry host (host/path, not host#path)."""
    parsed = urlparse(url)
    if parsed.hostname not in {"registry-1.docker.io", "index.docker.io"}:
        return None
    parts = parsed.path.split("/")
    # /v2/<first>/<...>/manifests/<tag>
    first = parts[2] if len(parts) > 2 else ""
    if "." in first or ":" in first:
        return first
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    image = str(facts.get("image") or "")
    reason = str(facts.get("reason") or "")
    status = str(facts.get("http_status") or "")
    url = str(facts.get("url") or "")
    fix: list[str] = []
    host = _registry_mixup(url) if url else None
    if host:
        diagnosis = f"the image reference was read as a Docker Hub repository '{host}/...' (HTTP {status})"
        text = (f"enroot asked Docker Hub for a repository that starts with '{host}': the registry host was "
                "separated by '/' instead of '#', so the private registry was never contacted.")
        fix.append(f"Write the image as '{host}#<path>:<tag>' in --container-image (enroot's host#path syntax), and add "
                   f"'machine {host} login <user> password <token>' to ~/.config/enroot/.credentials if it is private.")
    elif status in {"401", "403"}:
        diagnosis = f"the registry refused the pull (HTTP {status})"
        text = ("The registry answered with an authorization error: enroot found no usable credentials for it on the "
                "compute node, or the token has no pull right on that repository.")
        fix.append("Add 'machine <registry> login <user> password <token>' to ~/.config/enroot/.credentials "
                   "(nvcr.io: login $oauthtoken, password = NGC API key), chmod 600, then retry.")
    elif status == "404":
        diagnosis = "the registry has no such image or tag (HTTP 404)"
        text = "The manifest for this repository and tag does not exist on the registry enroot asked."
        fix.append("Check the repository path and tag (enroot syntax: registry#repo/name:tag).")
    elif status:
        diagnosis = f"the registry answered HTTP {status}"
        text = f"The registry request failed with HTTP {status} while enroot fetched the image."
        fix.append("Retry the same import by hand on the compute node: enroot import 'docker://<registry>#<repo>:<tag>'.")
    elif "No space left" in reason or "quota" in reason.lower():
        diagnosis = "enroot ran out of space writing the image squashfs"
        text = ("The image layers were fetched but the squashfs (often 10-20 GB for CUDA images) could not be written "
                "where enroot puts its cache, data and temporary files on this node.")
        fix.append("Point ENROOT_CACHE_PATH / ENROOT_DATA_PATH / ENROOT_TEMP_PATH (and pyxis runtime_path) to a large "
                   "local disk, or import once to a .sqsh on scratch and pass --container-image=/path/img.sqsh.")
    elif "Permission denied" in reason or "Read-only" in reason:
        diagnosis = "enroot could not create its runtime or cache directory"
        text = ("A directory enroot needs (often ENROOT_RUNTIME_PATH=/run/user/$UID, which only exists with a systemd "
                "login session) could not be created by the job user.")
        fix.append("Set ENROOT_RUNTIME_PATH, ENROOT_CACHE_PATH and ENROOT_DATA_PATH in /etc/enroot/enroot.conf to "
                   "directories every user can create, e.g. /tmp/enroot-runtime/user-$(id -u).")
    elif image.endswith(".sqsh") and not image.startswith(("/", "./", "../")):
        diagnosis = f"the local file '{image}' was taken for a registry image"
        text = (f"'{image}' has no leading '/' or './', so pyxis asked enroot to pull it from a registry "
                "instead of using the squashfs file.")
        fix.append(f"Use --container-image=./{image} or the absolute path of the file.")
    else:
        diagnosis = "enroot import failed on the compute node"
        text = "The enroot log printed under 'failed to import docker image' names the step that failed."
        fix.append("Run the same enroot import by hand on that node to see the full error.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
