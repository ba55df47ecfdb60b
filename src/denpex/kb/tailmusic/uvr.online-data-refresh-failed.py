"""Computed diagnosis for uvr.online-data-refresh-failed: classify the urlopen reason."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (pattern of the urlopen reason, diagnosis, what it means, fix), tried in this order
_CASES = (
    (re.compile(r"SSL|CERTIFICATE", re.I), "TLS certificate check failed",
     "the TLS certificate of the update host could not be verified (missing CA certificates, or an antivirus/proxy intercepting HTTPS)",
     "macOS python.org Python: run 'Install Certificates.command'; otherwise pip install -U certifi or allow UVR in the HTTPS-scanning antivirus/proxy."),
    (re.compile(r"Errno (?:8|11001|11002|-2|-3|-5)\]|getaddrinfo failed|nodename nor servname|Name or service not known|Temporary failure in name resolution", re.I),
     "DNS resolution failed", "the host name could not be resolved: no internet connection, or DNS blocked/filtered",
     "Check the connection and DNS (nslookup raw.githubusercontent.com); try another network, DNS server or a VPN."),
    (re.compile(r"10060|timed out|Errno 110\]|Errno 60\]", re.I), "connection timed out",
     "the connection attempt timed out: a firewall or proxy drops UVR's traffic, or the host is blocked in this network/region",
     "Allow UVR through the firewall/antivirus, set HTTPS_PROXY if you use a proxy, or use a VPN."),
    (re.compile(r"10061|Connection refused|Errno 111\]|Errno 61\]", re.I), "connection refused",
     "the connection was refused: a local proxy/firewall rejects it", "Check proxy settings (HTTPS_PROXY) and firewall rules for UVR."),
    (re.compile(r"10054|Connection reset|forcibly closed|Errno 104\]|Errno 54\]", re.I), "connection reset",
     "the connection was reset during the request: an antivirus/firewall, proxy or network-level block cut it",
     "Allow UVR in the antivirus/firewall or use a VPN/another network."),
    (re.compile(r"10065|10051|Network is unreachable|No route to host|Errno 101\]|Errno 113\]", re.I), "host unreachable",
     "there is no route to the host: the network is down or blocks this destination",
     "Check the network connection, then firewall/VPN; or install models manually."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    diag, text, first_fix = next(
        ((d, t, f) for rx, d, t, f in _CASES if rx.search(reason)),
        ("network request failed", f"the request failed ({reason})", "Check internet access for UVR (firewall, proxy, VPN)."),
    )
    fix = (first_fix,)
    return Explanation(
        text=f"UVR could not refresh its online model list: {text}. Models already downloaded still work.",
        fix=fix + ("Alternatively download the models manually into UVR's models folders.",),
        derived={"diagnosis": diag},
    )
