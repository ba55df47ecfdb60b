"""Computed diagnosis for dist.rendezvous-endpoint-invalid: read the endpoint text and name what is wrong with it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    endpoint = facts.get("endpoint")
    if endpoint is None:
        return None
    endpoint = str(endpoint)
    part = str(facts.get("part") or "port")
    host, sep, port = endpoint.rpartition(":")
    if not sep:
        host, port = endpoint, ""
    fix: list[str] = []
    if "None" in (host, port):
        diagnosis = "master address/port are None (accelerate main_process_ip/main_process_port unset)"
        text = ("The endpoint was built from Python None values: accelerate launch had no main_process_ip / main_process_port. "
                "For several machines both are required; a value written after a store_true flag (e.g. --same_network true) "
                "also shifts the following options so they are not set.")
        fix += ["accelerate launch --num_machines N --machine_rank R --main_process_ip <IP of machine 0> --main_process_port 29500 --same_network train.py",
                "Or set main_process_ip and main_process_port in the accelerate config file of every machine."]
    elif part == "port" and port == "":
        diagnosis = f"empty port after '{host}:'"
        text = f"The port part of '{endpoint}' is empty: the variable holding the port (MASTER_PORT or similar) was empty when the command was built."
        fix.append("Export a port before launching (export MASTER_PORT=29500) and use set -u so empty variables stop the script.")
    elif part == "port" and port.isdigit() and int(port) >= 65536:
        diagnosis = f"port {port} is above 65535"
        text = f"TCP ports go up to 65535; {port} cannot be used."
        fix.append("Pick a free port below 65536 (e.g. 29500), or compute it as 20000 + (job id % 40000).")
    elif part == "port" and ("$" in port or "{" in port or "%" in port):
        diagnosis = f"unexpanded variable '{port}' as port"
        text = f"The port '{port}' is a shell or template variable that was never expanded (single quotes, or a config not rendered)."
        fix.append("Expand the variable (double quotes in shell) or write the port number directly.")
    elif part == "port":
        diagnosis = f"port '{port}' is not an integer"
        text = f"'{port}' is not a number: the port part of the endpoint must be an integer."
        if re.search(r"/", port):
            text += " It contains a slash: the endpoint was probably given as a URL."
        fix.append("Give --rdzv_endpoint as host:port, e.g. 10.0.0.1:29500.")
    else:
        bad = sorted(set(re.sub(r"[\w.:-]", "", host))) if host else []
        diagnosis = f"hostname '{host}' contains characters a host cannot have" + (f" ({''.join(bad)!r})" if bad else "")
        text = (f"The host part '{host}' is not a plain hostname or IP address"
                + (" (it looks like a URL: drop the scheme)." if "//" in endpoint else "."))
        fix.append("Use a bare hostname or IP: --rdzv_endpoint=node001:29500 or --master_addr=10.0.0.1.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
