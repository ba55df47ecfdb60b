"""Explain openhands.sandbox-start-failed: image problem, error state or plain timeout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    tini = facts.get("tini_arg")
    sandbox = str(facts.get("sandbox_id") or "oh-agent-server-<id>")
    timeout = facts.get("timeout_s")
    fix: list[str] = []
    if tini:
        diagnosis = f"the sandbox image does not run the agent server (tini could not exec '{tini}')"
        text = (f"The sandbox container died at once: tini tried to run '{tini}' as a program, so the image's "
                "entrypoint is not the agent server OpenHands expects. An old runtime image or a custom base image "
                "is configured where the agent-server image belongs.")
        fix.append("Unset or correct AGENT_SERVER_IMAGE_REPOSITORY / AGENT_SERVER_IMAGE_TAG / SANDBOX_BASE_CONTAINER_IMAGE "
                   "so they name the agent-server image of your OpenHands release; build custom sandboxes FROM it.")
    elif sig == "error-state":
        diagnosis = "the sandbox container exited or crashed before its agent server answered"
        text = (f"{sandbox} reported an error state: the container stopped. Its own log says why.")
        fix.append(f"docker logs {sandbox}   # entrypoint error, missing tools in a custom image, permissions")
        fix.append("If starts are slow, raise SANDBOX_STARTUP_GRACE_SECONDS.")
    else:
        diagnosis = f"no answer from its agent server within {timeout or '?'}s"
        text = (f"{sandbox} was not reachable within {timeout or 'the'}s deadline. Either the container exited "
                "(check docker ps -a), or it runs but the app/browser reach it on a wrong URL, or the first start "
                "(image pull) was slower than the deadline.")
        fix.append("docker ps -a --filter name=oh-agent-server; docker logs <container>   # Exited = image problem")
        fix.append("Browser on another machine: start the app with OH_WEB_URL=http://<host>:3000 and "
                   "SANDBOX_CONTAINER_URL_PATTERN=http://<host>:{port}; behind a proxy add host.docker.internal to NO_PROXY.")
        fix.append("Pre-pull the agent-server image and raise SANDBOX_STARTUP_GRACE_SECONDS for slow first starts.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
