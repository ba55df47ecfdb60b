"""Computed diagnosis for hf.hub-unreachable: is this the network, offline mode, or the id?"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    repo = facts.get("repo_id")
    endpoint = facts.get("endpoint")
    filename = facts.get("filename")
    url = facts.get("url")
    host = facts.get("host")
    sig_parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if not any((repo, endpoint, filename, url, host)):
        return None
    if repo:
        r = str(repo)
        looks_path = r.startswith(("/", "./", "../", "~")) or "\\" in r or r.count("/") > 1
        derived["looks_like_local_path"] = looks_path
        if looks_path:
            sig_parts.append(
                f"'{r}' looks like a filesystem path, but it does not exist (or lacks {filename or 'config.json'}) on this machine, "
                "so the library treated it as a Hub repository id."
            )
            fix.append(f"Check the path on the node that runs the job: ls -l {r}/{filename or 'config.json'} (use an absolute path).")
        elif "/" not in r:
            sig_parts.append(
                f"'{r}' has no organisation prefix; most current Hub ids look like 'org/name' (legacy ids such as 'bert-base-uncased' still work)."
            )
            fix.append(f"Check the id at https://huggingface.co/{r} and use the full 'org/name' form.")
        else:
            fix.append(f"On a host with internet: hf download {r} --local-dir /shared/models/{r.split('/')[-1]}, then load from that directory.")
    if endpoint and "huggingface.co" not in str(endpoint):
        sig_parts.append(f"The endpoint is {endpoint} (HF_ENDPOINT / a mirror), not huggingface.co: check that mirror is reachable and complete.")
    if host and host != "huggingface.co":
        sig_parts.append(f"The connection to {host} failed (file downloads go to CDN hosts as well as huggingface.co): allow that host in the firewall/proxy too.")
    if url:
        sig_parts.append(f"HF_HUB_OFFLINE is set, so the request to {url} was never sent; the file is missing from the local cache.")
        fix.append("Populate the cache first (run the same load once with network, same HF_HOME), then keep HF_HUB_OFFLINE=1.")
    if filename:
        derived["missing_file"] = filename
        sig_parts.append(f"The file that could not be resolved is {filename}.")
    fix.append("Set HF_HOME to the same shared directory for download and job, and HTTPS_PROXY if the network requires a proxy.")
    text = " ".join(sig_parts) or "The Hub could not be reached and the files are not in the local cache."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
