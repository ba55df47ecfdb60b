"""Computed diagnosis for docker.daemon-unreachable: daemon down vs socket permission vs wrong endpoint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    host = str(facts.get("docker_host") or "")
    detail = str(facts.get("sdk_detail") or "")
    pipe = str(facts.get("pipe") or "")
    rootless = "/run/user/" in host or "/.docker/" in host or "colima" in host
    if sig == "socket-permission-denied" or "PermissionError" in detail or "Permission denied" in detail:
        reason = "socket permission denied (daemon running, user may not open the socket)"
        text = (f"A daemon is listening at {host or 'the Docker socket'}, but this user may not open the socket "
                "(owned root:docker, mode 660).")
        fix = ("sudo usermod -aG docker $USER, then log out and back in (or run newgrp docker) so the new group applies;",
               "or use rootless Docker: dockerd-rootless-setuptool.sh install && export DOCKER_HOST=unix://$XDG_RUNTIME_DIR/docker.sock.")
    elif sig == "windows-pipe-missing":
        reason = f"named pipe {pipe or 'docker_engine'} missing (Docker Desktop engine not running)"
        text = f"The Windows named pipe //./pipe/{pipe or 'docker_engine'} does not exist: Docker Desktop's engine is not running."
        fix = ("Start Docker Desktop and wait for 'Engine running' (in WSL2, enable the distribution under Settings > Resources > WSL integration).",
               "If it was switched to Windows containers, switch back to Linux containers for CUDA images.")
    elif "http+docker" in detail or "Not supported URL scheme" in detail:
        reason = "docker-py too old for requests >= 2.32"
        text = "The Python docker SDK failed before connecting: docker-py < 7.1 does not work with requests 2.32+ (Not supported URL scheme http+docker)."
        fix = ("pip install -U 'docker>=7.1' (or pin requests<2.32 for an old docker-py).",)
    else:
        reason = f"no daemon listening at {host}" if host else "no daemon listening"
        where = host or ("the default socket" if not detail else "the Docker socket")
        text = f"Nothing is listening at {where}: the Docker daemon is not running there (or the client points at the wrong endpoint)."
        fix_list = ["Linux: sudo systemctl enable --now docker; if it fails, journalctl -u docker -n 50 (often a bad /etc/docker/daemon.json).",
                    "macOS/Windows: start Docker Desktop (or colima start).",
                    "Inside a container or CI job: mount -v /var/run/docker.sock:/var/run/docker.sock or run docker:dind and set DOCKER_HOST."]
        if rootless:
            fix_list.insert(0, f"DOCKER_HOST points at the rootless/desktop socket {host}: start it (systemctl --user start docker) or unset DOCKER_HOST / docker context use default.")
        elif host and not host.startswith("unix:///var/run/docker.sock") and not host.startswith("npipe"):
            fix_list.insert(0, f"The client dials {host}: check echo $DOCKER_HOST and docker context ls; unset it if that endpoint is gone.")
        fix = tuple(fix_list)
    return Explanation(text=text, fix=fix, derived={"reason": reason})
