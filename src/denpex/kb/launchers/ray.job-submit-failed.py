"""Computed diagnosis for ray.job-submit-failed: which stage of the submission failed and what to do about it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _port(address: str) -> int | None:
    m = re.search(r":(\d{2,5})(?:/|$)", address)
    return int(m.group(1)) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    address = str(facts.get("address") or "").strip()
    code = facts.get("status_code")
    detail = str(facts.get("detail") or "").strip()
    job_id = str(facts.get("job_id") or "").strip()
    smsg = str(facts.get("status_message") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if facts.get("missing_address"):
        derived["what"] = "the job CLI was given no cluster address"
        parts.append("The ray job command was run with neither --address nor RAY_ADDRESS set, so it does not know which "
                     "cluster's Jobs API (the dashboard, port 8265 on the head) to talk to.")
        fix.append("Pass the dashboard address: ray job logs <id> --address http://<head-ip>:8265, or export "
                   "RAY_ADDRESS=http://<head-ip>:8265 (http://127.0.0.1:8265 on the head node itself).")
        fix.append("When the cluster is managed by another tool (SkyPilot, KubeRay, Anyscale), use that tool's log command "
                   "or port-forward the dashboard first.")
    elif "No available agent" in detail or (not address and not job_id and code is None):
        derived["what"] = "the dashboard has no job agent (No available agent to submit job)"
        parts.append("The dashboard answered, but no dashboard agent took the job within its timeout: either the cluster was just started "
                     "and the agent had not registered yet, or the agent failed to start.")
        fix.append("Retry after a few seconds (loop up to ~1 minute after ray start).")
        fix.append("If it persists: read /tmp/ray/session_latest/logs/dashboard_agent.log on the head; a port already in use (52365, a leftover Ray) "
                   "or a process limit (raise ulimit -u / ulimit -n) are the usual causes; then ray stop --force everywhere and restart.")
    elif address:
        port = _port(address)
        derived["what"] = f"nothing answers at {address}"
        parts.append(f"The client could not open an HTTP connection to {address}.")
        if port == 6379:
            parts.append("Port 6379 is the GCS port, not the Jobs API.")
            fix.append(f"Use the dashboard port: --address {address.replace(':6379', ':8265')}.")
        elif port == 10001:
            parts.append("Port 10001 is the Ray Client server, not the Jobs API.")
            fix.append(f"Use the dashboard port: --address {address.replace(':10001', ':8265')}.")
        elif port is not None and port != 8265:
            parts.append(f"Port {port} is not the default dashboard port (8265); check the --dashboard-port the head was started with.")
        if "127.0.0.1" in address or "localhost" in address:
            parts.append("The address is local: it works only on the head node itself (or through a port-forward).")
        fix.append("Check that the dashboard runs and listens where you connect: curl http://<head-ip>:8265/api/version; start the head with --dashboard-host=0.0.0.0 for remote submission and install ray[default].")
        fix.append("Set RAY_ADDRESS (or RAY_API_SERVER_ADDRESS) to http://<head-ip>:8265 for ray job commands.")
    elif job_id:
        derived["what"] = f"job {job_id} failed" + (f" ({smsg[:120]})" if smsg else "")
        low = smsg.lower()
        m = re.search(r"exit code (-?\d+)", smsg)
        if m:
            rc = int(m.group(1))
            parts.append(f"The job's entrypoint exited with code {rc}: the script itself failed; its own error is in the job log (printed above by ray job submit).")
            if rc in (137, -9):
                parts.append("Exit code 137 is SIGKILL: usually the container/host OOM killer.")
        elif "runtime_env" in low or "runtime env" in low:
            parts.append("The job's runtime_env (pip/conda/working_dir) could not be set up, so the entrypoint never ran.")
            fix.append("Read /tmp/ray/session_latest/logs/runtime_env_setup-*.log on the head for the pip/conda error.")
        elif "actor died" in low or "supervisor" in low:
            parts.append("The JobSupervisor actor that runs the entrypoint died or never started (node/agent trouble, resources for the entrypoint unavailable).")
            fix.append("Read dashboard_agent.log and the job's supervisor log (job-driver-*.log) in /tmp/ray/session_latest/logs/.")
        else:
            parts.append("ray job submit reports the final status only; the cause is in the job's log.")
        fix.insert(0, f"ray job logs {job_id} | tail -n 60 - fix the last error shown there.")
    elif code is not None:
        if detail.startswith("Traceback"):
            derived["what"] = f"the Jobs API answered HTTP {code} with a server-side traceback"
            parts.append(f"The dashboard answered HTTP {code}; the response body is the dashboard's own traceback, printed on the lines "
                         "after this one - its last line is the server-side error (a timeout talking to the job agent, a bad runtime_env).")
        else:
            derived["what"] = f"the Jobs API answered HTTP {code}" + (f": {detail[:120]}" if detail else "")
            parts.append(f"The dashboard answered HTTP {code}" + (f" with: {detail}." if detail else "."))
        if code == 404:
            fix.append("404: the address is not a Ray dashboard, or the cluster runs a Ray too old for this client; match Ray versions on client and cluster.")
        elif code in (401, 403):
            fix.append("Authentication: pass the token/headers the cluster expects (--headers or RAY_JOB_HEADERS).")
        else:
            fix.append("Read /tmp/ray/session_latest/logs/dashboard.log on the head for the server-side traceback of this request.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
