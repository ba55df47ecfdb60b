"""Computed diagnosis for network.connection-failed: the failure class (DNS, refused, timeout,
unreachable, proxy, reset) from the errno/cause, and what to do for the host that failed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DNS_NONAME = {-2, -5, 8, 11001, 11004}
_DNS_AGAIN = {-3, 11002}
_REFUSED = {111, 61, 10061}
_TIMEOUT = {110, 60, 10060}
_UNREACH = {101, 113, 51, 65, 10051, 10065}
_RESET = {104, 54, 10054, 32}

# host fragment -> what the job should do instead of reaching it
_HOSTS: tuple[tuple[str, str], ...] = (
    ("pypi.org", "pip: configure the proxy (pip --proxy http://proxy:port or HTTPS_PROXY), use the cluster's PyPI mirror (pip config set global.index-url <mirror>), or install offline from a wheelhouse built on a connected node (pip download -d wheelhouse -r requirements.txt; pip install --no-index --find-links wheelhouse -r requirements.txt)"),
    ("pythonhosted.org", "pip: configure the proxy (pip --proxy / HTTPS_PROXY), use a PyPI mirror, or install offline from a wheelhouse (pip install --no-index --find-links wheelhouse ...)"),
    ("download.pytorch.org", "torch wheels: download them on a connected node (pip download torch --index-url https://download.pytorch.org/whl/cuXXX -d wheelhouse) and install with --no-index --find-links wheelhouse; pretrained weights: copy them into $TORCH_HOME/hub/checkpoints"),
    ("wandb", "W&B: run with WANDB_MODE=offline on nodes without internet and sync later (wandb sync wandb/offline-run-*), or set HTTPS_PROXY for the job; self-hosted: check WANDB_BASE_URL"),
    ("github.com", "GitHub downloads (torch.hub, release assets): fetch them on a connected node into the cache (torch.hub: $TORCH_HOME/hub) and load from the local path"),
    ("githubusercontent.com", "raw GitHub downloads: pre-download the files on a connected node and load them from a local path"),
    ("openaipublic", "tiktoken/whisper assets: pre-download them and set TIKTOKEN_CACHE_DIR (tiktoken) or pass a local model path"),
    ("amazonaws.com", "S3: check the endpoint/region and the proxy (AWS_ENDPOINT_URL, HTTPS_PROXY, NO_PROXY for internal endpoints)"),
    ("googleapis.com", "GCS/TFDS: pre-download the dataset (tfds download on a connected node, data_dir on shared storage) or configure the proxy"),
    ("anaconda.org", "conda channels: configure proxy_servers in .condarc or use a local channel mirror"),
    ("api.openai.com", "OpenAI API: configure HTTPS_PROXY for the job or run where outbound access exists"),
)


def _klass(errno: int | None, cause: str, reason: str) -> str:
    r = reason.lower()
    if cause == "ProxyError" or "proxy" in r or "tunnel connection failed" in r:
        return "proxy"
    if cause == "NameResolutionError" or errno in _DNS_NONAME or errno in _DNS_AGAIN or "name resolution" in r or "not known" in r or "getaddrinfo" in r or "nodename" in r:
        return "dns-again" if (errno in _DNS_AGAIN or "temporary failure" in r) else "dns"
    if errno in _REFUSED or "refused" in r:
        return "refused"
    if errno in _UNREACH or "unreachable" in r or "no route" in r:
        return "unreachable"
    if cause == "ReadTimeoutError":
        return "read-timeout"
    if errno in _TIMEOUT or cause == "ConnectTimeoutError" or "timed out" in r:
        return "timeout"
    if errno in _RESET or cause in ("ProtocolError", "RemoteDisconnected", "ConnectionResetError") or "reset" in r or "closed connection" in r or "aborted" in r:
        return "reset"
    return "other"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = str(facts.get("host") or "").strip()
    port = facts.get("port")
    cause = str(facts.get("cause") or "").strip()
    reason = str(facts.get("reason") or "").strip()
    timeout = facts.get("timeout")
    errno_raw = facts.get("errno")
    try:
        errno = int(errno_raw) if errno_raw is not None and str(errno_raw) != "" else None
    except ValueError:
        errno = None
    if not host:
        m = re.search(r"Failed to resolve '([^']+)'", reason)
        if m:
            host = m.group(1)
    target = f"{host}:{port}" if host and port else host
    if facts.get("_signature") == "download-truncated":
        got, missing = facts.get("bytes_read"), facts.get("bytes_missing")
        derived = {"to_host": f" to {host}" if host else "", "failure_class": "truncated",
                   "what": f"the connection closed in the middle of the response ({got} bytes read, {missing} more expected)"}
        text = (f"The server{(' ' + host) if host else ''} started answering, then the connection closed after {got} bytes with "
                f"{missing} more announced: the response was cut in transit (a server or proxy dropping a long-lived connection, an "
                "unstable network, a rate limit that closes streams). The data received is incomplete and was not used.")
        fix = ["Retry the step (a resumable download or the client's retry option: requests Session with urllib3 Retry, "
               "huggingface-cli download resumes); if it repeats at the same size, check the proxy's idle/size limits or the "
               "service's status and limits."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if facts.get("_signature") == "node-getaddrinfo" and errno is None:
        errno = -3 if reason == "EAI_AGAIN" else -2  # Node's getaddrinfo codes
    k = _klass(errno, cause, reason)
    if k == "other" and not cause and errno is None and timeout is not None:
        k = "read-timeout"  # 'HTTPSConnectionPool(...): Read timed out. (read timeout=N)'
        cause = "ReadTimeoutError"
    local = host in ("localhost", "127.0.0.1", "0.0.0.0", "::1") or host.startswith(("127.", "10.", "192.168."))
    derived: dict[str, Any] = {"to_host": f" to {target}" if target else "", "failure_class": k}
    parts: list[str] = []
    fix: list[str] = []
    where = f" {target}" if target else " the host"
    if k == "dns":
        derived["what"] = f"DNS lookup failed ({reason or 'name not known'}): the name does not resolve from this node"
        parts.append(f"The host name{(' ' + host) if host else ''} could not be resolved: a DNS server answered that it does not know it{f' ([Errno {errno}] {reason})' if errno is not None else ''}. The name is misspelled, internal-only (resolvable only on the VPN or inside another network), or the node's resolver has no view of external names.")
        fix.append(f"Check the spelling of the host{(' ' + host) if host else ''} and run getent hosts {host or '<host>'} on this node; internal names need the cluster's/VPN's DNS.")
    elif k == "dns-again":
        derived["what"] = "no DNS server reachable (Temporary failure in name resolution): this node or container is offline"
        parts.append(f"No DNS server answered{(' for ' + host) if host else ''} ([Errno {errno if errno is not None else -3}] Temporary failure in name resolution): the node or container has no working resolver - typically an HPC compute node or sandbox without internet, a container started without network, or a broken /etc/resolv.conf.")
        fix.append("Run the download where there is internet (login node) and point the job at local files, or ask for / configure the proxy the cluster provides (HTTPS_PROXY).")
    elif k == "refused":
        derived["what"] = f"connection refused: nothing listens on{where}"
        parts.append(f"The host{(' ' + host) if host else ''} answered but refused the connection{f' on port {port}' if port else ''}: no process is listening there (a server not started yet or crashed, a wrong port, or it listens on another interface){' - it is this machine, so the local service is simply not running' if local else ''}.")
        fix.append(f"Start the server (or wait until it listens) and check with ss -ltnp | grep {port or '<port>'}{'' if local else ' on the server host'}; fix the host/port in the client configuration.")
    elif k == "unreachable":
        derived["what"] = f"no route to{where} (network unreachable)"
        parts.append(f"The node has no route to{where}{f' ([Errno {errno}] {reason})' if reason else ''}: it has no outbound network for that destination (offline node, missing default route, IPv6-only/IPv4-only mismatch).")
        fix.append("Use a proxy or a node with outbound access, or stage the artifact locally before the job.")
    elif k == "timeout":
        derived["what"] = f"connection to{where} timed out" + (f" after {timeout:g} s" if isinstance(timeout, (int, float)) else "")
        parts.append(f"The connection to{where} timed out{f' after {timeout:g} s' if isinstance(timeout, (int, float)) else ''}: packets are dropped on the way (a firewall, or a node that can only reach the internet through a proxy). Retrying does not help when this happens every time.")
        fix.append("Configure the proxy for the job (export HTTPS_PROXY=http://proxy:port HTTP_PROXY=... NO_PROXY=localhost,127.0.0.1), or stage the artifact on a connected node.")
    elif k == "read-timeout":
        derived["what"] = f"connected to{where} but no response within the read timeout" + (f" ({timeout:g} s)" if isinstance(timeout, (int, float)) else "")
        parts.append(f"The connection to{where} worked, but the server did not answer within the read timeout{f' ({timeout:g} s)' if isinstance(timeout, (int, float)) else ''}: a slow or overloaded server, a very large response, or a proxy holding the connection.")
        fix.append("Raise the client's read timeout (e.g. WANDB_HTTP_TIMEOUT for wandb, timeout= for requests) and retry later; check the service status.")
    elif k == "proxy":
        derived["what"] = f"the HTTP proxy failed ({reason or cause})"
        parts.append(f"The request went through a proxy and the proxy step failed{f' ({reason})' if reason else ''}: the proxy address in HTTPS_PROXY/HTTP_PROXY is wrong or down, it requires authentication (407), or it refuses that destination.")
        fix.append("Check HTTPS_PROXY/HTTP_PROXY (scheme http://, host, port, credentials) and NO_PROXY for internal hosts; test with curl -x $HTTPS_PROXY https://<host>/.")
    elif k == "reset":
        derived["what"] = f"the connection to{where} was reset or closed before a response ({reason or cause})"
        parts.append(f"The TCP connection was opened and then reset or closed by the other side before a response{f' ({reason})' if reason else ''}: a proxy/firewall cutting the connection, a server that crashed or restarted, or an overloaded service.")
        fix.append("Retry once; if it repeats, check the server's log (crash/restart) or the proxy/firewall policy for that host.")
    else:
        derived["what"] = f"{cause or 'connection error'}{f': {reason}' if reason else ''}"
        parts.append(f"The connection to{where} failed ({cause or 'connection error'}{f': {reason}' if reason else ''}).")
        fix.append(f"Test reachability from this node: curl -sS -m 10 https://{host or '<host>'}/ and getent hosts {host or '<host>'}.")
    if (facts.get("_signature") == "node-getaddrinfo" and host and "." not in host and ":" not in host
            and host != "localhost" and k in ("dns", "dns-again")):
        parts.append(f"'{host}' is a bare service name: inside Docker Compose it resolves only while a container of that "
                     "service is running on the same network, so the usual cause is that the service crashed, never "
                     "started, or runs under another name/profile.")
        fix.append(f"docker compose ps (is '{host}' up?) and docker compose logs {host}; start it (docker compose up -d "
                   f"{host}, with its --profile if it has one) or point the client at the right host name.")
    h = host.lower()
    how = next((v for frag, v in _HOSTS if frag in h), None) if h else None
    if how:
        fix.append(f"For {host}: {how}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
