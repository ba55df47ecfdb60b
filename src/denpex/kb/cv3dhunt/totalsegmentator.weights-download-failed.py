"""Computed diagnosis for totalsegmentator.weights-download-failed: host, task and the offline route."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = str(facts.get("host") or "").strip()
    cause = str(facts.get("cause") or facts.get("exc") or "").strip()
    url = str(facts.get("url") or "")
    task = str(facts.get("task") or "").strip()
    if not task:
        m = re.search(r"(?:Task|Dataset)(\d{3})", url)
        task = m.group(1) if m else ""
    if not host and not cause:
        return None
    where = host or "the weights server"
    why = {"SSLError": "TLS was broken or intercepted (proxy / firewall)",
           "NewConnectionError": "the connection was refused or the network is unreachable",
           "ConnectTimeoutError": "the connection timed out", "ProxyError": "the proxy refused the request",
           "ChunkedEncodingError": "the transfer was cut off", "ConnectionRefusedError": "the connection was refused",
           "ConnectionResetError": "the connection was reset", "TimeoutError": "the connection timed out", "ReadTimeout": "the server stopped answering"}.get(cause, cause)
    old = "zenodo" in where
    text = (f"TotalSegmentator could not download the weights{' for task ' + task if task else ''} from {where}: {why}. "
            + ("zenodo.org is the 1.x weight host; current releases download from GitHub. " if old else "")
            + "Without the unzipped weights it retries on every run.")
    fix = [
        "on a machine with internet: totalseg_download_weights -t total, then copy ~/.totalsegmentator to this machine "
        "(or export TOTALSEG_HOME_DIR=/shared/.totalsegmentator)",
        "behind a proxy: export HTTPS_PROXY=http://<proxy>:<port> (plus REQUESTS_CA_BUNDLE for TLS inspection)",
    ]
    if old:
        fix.append("pip install -U TotalSegmentator (1.x installs fetch from zenodo.org)")
    derived = {"task_text": f" (task {task})" if task else "", "host": where, "cause": why}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
