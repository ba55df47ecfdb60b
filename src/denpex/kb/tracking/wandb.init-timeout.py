"""Computed diagnosis for wandb.init-timeout: the retried exception before the timeout decides whether
to go offline, fix the proxy/CA, or wait/raise init_timeout."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NO_ROUTE = {"ConnectTimeout", "ConnectionError", "NewConnectionError", "MaxRetryError", "ProxyError"}


def _short(last: str) -> str:
    m = re.search(r"(connect: [^.;]+|no such host|i/o timeout|connection refused|context deadline exceeded)", last)
    return m.group(1) if m else last[:60]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cause = str(facts.get("retry_cause") or "")
    last = str(facts.get("last_status") or "")
    t = facts.get("timeout")
    derived: dict[str, Any] = {"timeout_s": (f"{t:g} s" if isinstance(t, (int, float)) else "its init_timeout")}
    fix: list[str] = []
    low = last.lower()
    if cause in _NO_ROUTE or "dial tcp" in low or "no such host" in low or "connection refused" in low:
        derived["cause_text"] = f"the node cannot reach the W&B server ({cause or _short(last)}); run with WANDB_MODE=offline or set HTTPS_PROXY"
        text = (f"Before timing out wandb was retrying {cause or 'a connection error'}: this node has no working route to the W&B "
                "server (offline compute node, firewall, or a proxy that is not configured). A longer timeout will not help.")
        fix.append("export WANDB_MODE=offline for the job, then wandb sync wandb/offline-run-* from a node with internet.")
        fix.append("If the site requires a proxy: export HTTPS_PROXY=http://<proxy>:<port> (and NO_PROXY for internal hosts) in the job script.")
    elif cause == "SSLError" or "x509" in low or "certificate" in low:
        derived["cause_text"] = "TLS to the W&B server fails (SSLError); set REQUESTS_CA_BUNDLE/SSL_CERT_FILE to your CA or go offline"
        text = ("Before timing out wandb was retrying an SSLError: the TLS handshake with the server fails - usually a proxy that "
                "re-signs HTTPS with a corporate CA the client does not trust, or an outdated CA bundle.")
        fix.append("export REQUESTS_CA_BUNDLE=/path/to/corp-ca.pem SSL_CERT_FILE=/path/to/corp-ca.pem (wandb-core reads SSL_CERT_FILE), or pip install -U certifi.")
        fix.append("Or export WANDB_MODE=offline and sync from a network without interception.")
    elif cause in ("ReadTimeout", "HTTPError") or any(c in low for c in ("http 5", "500", "502", "503", "504", "context deadline")):
        derived["cause_text"] = "the W&B server answered too slowly or with errors; check status.wandb.ai, retry or raise init_timeout"
        text = ("The server was reached but did not answer in time (read timeouts / server errors): a W&B service incident or an "
                "overloaded self-hosted server.")
        fix.append("Check https://status.wandb.ai (self-hosted: the server's health and logs) and retry later.")
        fix.append("Meanwhile raise the limit, wandb.init(settings=wandb.Settings(init_timeout=300)), or start offline and sync afterwards.")
    else:
        derived["cause_text"] = "no answer from the W&B server/service in time; check connectivity, go offline, or raise init_timeout"
        text = ("No network retry was logged, so the cause is not visible here: check wandb/run-*/logs/debug-internal.log for the "
                "retried request. Common causes are an unreachable server, a W&B incident, or many processes calling wandb.init at once.")
        fix.append("Test the path: curl -sS -m 10 https://api.wandb.ai/healthz (self-hosted: $WANDB_BASE_URL/healthz) from the same node.")
        fix.append("Offline nodes: WANDB_MODE=offline; slow but working paths: wandb.init(settings=wandb.Settings(init_timeout=300)); distributed jobs: call wandb.init on rank 0 only.")
    if last:
        text += f" wandb-core's last status: {last[:160]}."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
