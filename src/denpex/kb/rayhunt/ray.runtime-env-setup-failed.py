"""Computed diagnosis for ray.runtime-env-setup-failed: which runtime_env field failed and what to do about it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ADVICE = {
    "pip": "Check the pip requirement named in the error exists for the cluster's Python and platform; pin it, or preinstall it in the image.",
    "uv": "Check the uv requirement resolves for the cluster's Python; pin it, or preinstall it in the image.",
    "conda": "Check the conda dependencies resolve on the node (channels, platform); or use a prebuilt conda env name / image.",
    "working_dir": "Check the working_dir URI is reachable from every node and the directory is small (excludes=...).",
    "py_modules": "Check each py_modules path/URI is reachable from every node.",
    "image_uri": "Check the image exists and the nodes can pull it (podman/registry credentials).",
    "container": "Check the container image exists and the nodes can pull it.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    plugin = facts.get("plugin")
    cause = facts.get("cause")
    text = "The runtime-env agent could not build the environment"
    if plugin:
        text += f" while handling its `{plugin}` field"
    text += "."
    if cause:
        text += f" Cause reported: {cause}"
    fix = []
    if plugin in _ADVICE:
        fix.append(_ADVICE[plugin])
    fix.append("Full log: /tmp/ray/session_latest/logs/runtime_env_setup-*.log on the node; for slow installs set runtime_env['config'] = {'setup_timeout_seconds': 1800}.")
    return Explanation(text=text, fix=tuple(fix), derived={"plugin_text": f" (`{plugin}` field)" if plugin else " (failing field: see the agent traceback / runtime_env_setup log)"})
