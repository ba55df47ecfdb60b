"""Computed diagnosis for haystack.elasticsearch-initial-connection-failed: read the host list."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hosts = facts.get("hosts")
    if not isinstance(hosts, str) or not hosts:
        return None
    m_host = re.search(r"'host':\s*'([^']*)'", hosts)
    m_port = re.search(r"'port':\s*'?(\d+)", hosts)
    host = m_host.group(1) if m_host else hosts.strip("[]{}'\" ")
    port = m_port.group(1) if m_port else ""
    derived: dict[str, Any] = {"host": host}
    if port:
        derived["port"] = port
    if "://" in host:
        diagnosis = "scheme inside host"
        text = (f"host is '{host}': the scheme is part of the host name, so the client builds an invalid URL. "
                "Pass host without http(s):// and set scheme='https' separately if needed.")
        fix = (f"ElasticsearchDocumentStore(host='{host.split('://', 1)[1].split(':')[0]}', port={port or 9200}, scheme='{host.split('://', 1)[0]}')",)
    elif re.search(r":\d+$", host):
        diagnosis = "port written into host"
        text = (f"host is '{host}' and the port {port or '9200'} is added again, giving host:port:port. "
                "Give the bare host name and the port separately.")
        fix = (f"ElasticsearchDocumentStore(host='{host.rsplit(':', 1)[0]}', port={host.rsplit(':', 1)[1]})",)
    elif host in ("localhost", "127.0.0.1", "0.0.0.0"):
        diagnosis = f"nothing answered on {host}:{port or 9200}"
        text = (f"Nothing answered at {host}:{port or 9200}. Elasticsearch is not running there, is still starting, "
                "or this code runs in a container where localhost is the container itself.")
        fix = (f"curl http://{host}:{port or 9200} must answer before the store is created; start it with "
               "docker run -d -p 9200:9200 -e discovery.type=single-node elasticsearch:7.17.9 and wait ~30 s.",
               "Inside docker-compose use host='elasticsearch' (the service name), not localhost.",
               "Elasticsearch 8 enables https + password by default: pass scheme='https', username='elastic', password=... or use 7.x.")
    else:
        diagnosis = f"{host}:{port or 9200} unreachable"
        text = f"Elasticsearch at {host}:{port or 9200} did not answer the ping (DNS, firewall, not running, or https/credentials required)."
        fix = (f"Check from the same machine/container: curl -v http://{host}:{port or 9200}",)
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
