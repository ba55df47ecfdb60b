"""Computed diagnosis for hf.hub-unreachable: is this the network, offline mode, or the id?"""

from __future__ import annotations

import re
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
    dataset = facts.get("dataset")
    dataset_url = facts.get("dataset_url")
    cause = str(facts.get("cause") or "")
    if dataset or dataset_url:
        return _explain_datasets(str(dataset or ""), str(dataset_url or ""), cause)
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


def _explain_datasets(dataset: str, dataset_url: str, cause: str) -> Explanation:
    """datasets' own 'Couldn't reach' wordings: which request failed and what to do instead."""
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    offline = "offline" in cause.lower()
    if dataset_url:
        m = re.search(r"raw\.githubusercontent\.com/huggingface/(?:datasets|nlp)/([^/\s]+)/datasets/([^/\s]+)/", dataset_url)
        if m:
            release, name = m.group(1), m.group(2)
            derived["datasets_release"] = release
            derived["dataset"] = name
            parts.append(
                f"datasets {release} downloads the loading script of '{name}' from GitHub "
                f"(raw.githubusercontent.com/huggingface/datasets/{release}/...) before loading anything - even the "
                "csv/json/text loaders for local files in early 1.x releases - and that request got no answer: GitHub is not reachable from this "
                "machine (no internet, proxy, or raw.githubusercontent.com blocked)."
            )
            fix.append("Upgrade datasets (pip install -U datasets): later releases ship the csv/json/text/parquet loaders inside the package, and Hub datasets are fetched from huggingface.co instead of GitHub.")
            fix.append(f"Or run once where GitHub is reachable and copy the cache (~/.cache/huggingface/modules and datasets), or download {name}.py and pass its local folder to load_dataset.")
        else:
            parts.append(f"datasets could not reach {dataset_url}: the HEAD request failed with a connection error (not a 404), so the file is neither downloaded nor in the cache.")
            fix.append("Check connectivity to that host from this machine (curl -I the URL); behind a proxy export HTTPS_PROXY; in mainland China HF_ENDPOINT=https://hf-mirror.com.")
        derived["url"] = dataset_url
    else:
        derived["dataset"] = dataset
        if offline:
            parts.append(f"Offline mode is on (HF_DATASETS_OFFLINE / HF_HUB_OFFLINE) and dataset '{dataset}' is not in the local datasets cache, so load_dataset cannot resolve it.")
            fix.append(f"Load '{dataset}' once with network and the same HF_HOME / cache_dir, then switch offline mode on; or save_to_disk on a connected machine and load_from_disk here.")
        else:
            why = f" ({cause})" if cause else ""
            parts.append(
                f"load_dataset('{dataset}') asked the Hugging Face Hub for the dataset and the request failed{why}: no route to huggingface.co "
                "(offline node, firewall, proxy, or a blocked region); this is not a wrong dataset name (that is 'doesn't exist on the Hub')."
            )
            if cause == "ProxyError":
                fix.append("The proxy refused or could not forward the request: check HTTPS_PROXY/HTTP_PROXY (and NO_PROXY) for this shell.")
            fix.append("Set HF_ENDPOINT=https://hf-mirror.com (mirror) where huggingface.co is blocked, or export HTTPS_PROXY for the proxy.")
            fix.append(f"Or download it where there is network: load_dataset('{dataset}').save_to_disk('./{dataset.split('/')[-1]}') and load_from_disk on this machine (or hf download {dataset} --repo-type dataset --local-dir ...).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
