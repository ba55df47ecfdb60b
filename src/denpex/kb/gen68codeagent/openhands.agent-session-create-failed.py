"""Computed diagnosis for openhands.agent-session-create-failed: which step of the runtime start failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PORT_HINT = "docker exec openhands-app curl -sS -m5 http://host.docker.internal:<port>/alive"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    low = reason.lower()
    fix: list[str] = []
    if not reason:
        diagnosis = "the sandbox (Docker) could not be started"
        text = ("OpenDevin could not build the agent controller: its Docker sandbox did not start. "
                "Check that Docker runs and that the server's user can reach it (docker ps).")
        fix.append("Start Docker and make docker ps work for the user running the server, then retry; on current versions use OpenHands.")
    elif "fetching server api version" in low or "docker.sock" in low or "dockerexception" in low:
        diagnosis = "no Docker daemon reachable from the app container"
        text = (f"The session failed with '{reason[:160]}': the app container cannot talk to Docker, so it cannot "
                "start the runtime container.")
        fix.append("Mount the socket into the app container (-v /var/run/docker.sock:/var/run/docker.sock) and make sure Docker runs (Docker Desktop WSL integration on).")
    elif "connection refused" in low or "max retries exceeded" in low or "newconnectionerror" in low:
        diagnosis = "the runtime container is not reachable from the app container"
        text = (f"The runtime container was started but the app could not connect to it ('{reason[:160]}'). "
                "host.docker.internal does not route to the host, a proxy intercepts the call, or the runtime died.")
        host, port = facts.get("host"), facts.get("port")
        probe = _PORT_HINT if not host else f"docker exec openhands-app curl -sS -m5 http://{host}:{port}/alive"
        fix.append("Run the app with --add-host host.docker.internal:host-gateway, add the runtime host to NO_PROXY, or set SANDBOX_USE_HOST_NETWORK=true; check with " + probe + ".")
    elif "remotedisconnected" in low or "connection aborted" in low or "connection reset" in low or "remoteprotocolerror" in low:
        diagnosis = "the runtime container closed the connection while starting"
        text = (f"The runtime container dropped the connection ('{reason[:160]}'): it most likely crashed during start-up; "
                "its own logs (docker logs openhands-runtime-<id>) give the cause.")
        fix.append("Read docker logs of the openhands-runtime-* container; use the runtime image matching the app version and give Docker enough memory.")
    elif "timed out" in low or "timeout" in low or "notready" in low or "unavailable" in low:
        diagnosis = "the runtime did not become ready in time"
        text = f"The runtime did not come up before the sandbox timeout ('{reason[:160]}')."
        fix.append("Pre-pull the runtime image and raise the sandbox timeout ([sandbox] timeout in config.toml / SANDBOX_TIMEOUT).")
    elif "microagent" in low or "validation" in low:
        diagnosis = "a microagent or setting failed validation"
        text = f"The session was refused while loading settings or microagents: '{reason[:200]}'."
        fix.append("Fix or remove the microagent file (.openhands/microagents/) or the setting the message names.")
    else:
        diagnosis = reason[:120]
        text = f"The session failed with '{reason[:200]}'; the traceback under this line in the app log names the failing step."
        fix.append("Read docker logs openhands-app around this line and the logs of the openhands-runtime-* container.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
