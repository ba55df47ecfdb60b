"""Computed diagnosis for nni.create-experiment-failed: where the manager log is and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if str(facts.get("_signature") or "") == "restful-server-start-failed":
        return Explanation(
            text="NNI 0.x/1.x: nnictl started the REST server (NNI manager) but it never answered: it died on start.",
            fix=("Run 'nnictl log stderr' to read the manager's error; check the port (default 51188 on 0.x / 8080 later) with ss -ltnp.",),
            derived={"where": "", "diagnosis": "REST server died on start (0.x/1.x)"},
        )
    exp = str(facts.get("experiment_id") or "")
    host = str(facts.get("host") or "localhost")
    port = facts.get("port")
    log = f"~/nni-experiments/{exp}/log/nnimanager.log" if exp else "~/nni-experiments/<id>/log/nnimanager.log"
    where = f" on {host}:{port}" if port else ""
    text = (f"The NNI manager for experiment {exp or '?'} never answered{where}: the process exited or could not bind. "
            f"Its own error is in {log}.")
    fix = [f"cat {log}"]
    if port:
        fix.append(f"ss -ltnp | grep :{port}  # if taken, rerun with --port {int(port) + 1} or nnictl stop --all")
    fix.append("export NO_PROXY=localhost,127.0.0.1 if an HTTP proxy is set.")
    derived = {"where": where, "diagnosis": "NNI manager did not start"}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
