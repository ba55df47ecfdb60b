"""Computed diagnosis for torch.pretrained-weights-download-failed: URL, file, cache folder, failure kind, pre-download fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DNS_ERRNOS = {"-2", "-3", "-5", "8", "11001", "11002", "11004"}
_TIMEOUT_ERRNOS = {"110", "60", "10060"}
_RESET_ERRNOS = {"104", "54", "10054"}
_REFUSED_ERRNOS = {"111", "61", "10061"}
_UNREACHABLE_ERRNOS = {"101", "113", "51", "65", "10051", "10065"}


def _kind(facts: Mapping[str, Any]) -> str:
    sig = str(facts.get("_signature") or "")
    errno = str(facts.get("errno") or "").strip()
    reason = str(facts.get("reason") or "").lower()
    if sig == "invalid-hash" or facts.get("expected_hash"):
        return "hash-mismatch"
    status = facts.get("http_status")
    if sig == "http-error" or status:
        try:
            code = int(status)
        except (TypeError, ValueError):
            code = 0
        if code == 403:
            return "forbidden"
        if code == 404:
            return "not-found"
        if code == 429:
            return "throttled"
        if code >= 500:
            return "server-error"
        return f"http-{code}" if code else "http-error"
    if sig == "connection-reset" or errno in _RESET_ERRNOS or "reset" in reason or "forcibly closed" in reason:
        return "reset"
    if errno in _DNS_ERRNOS or "name resolution" in reason or "getaddrinfo" in reason or "name or service" in reason:
        return "offline-dns"
    if errno in _TIMEOUT_ERRNOS or "timed out" in reason:
        return "timeout"
    if errno in _REFUSED_ERRNOS or "refused" in reason:
        return "refused"
    if errno in _UNREACHABLE_ERRNOS or "unreachable" in reason:
        return "unreachable"
    return "network-error"


_KIND_TEXT = {
    "forbidden": "the server refused the request (HTTP 403): the file moved, the bucket is private, or the host had an outage",
    "not-found": "the URL no longer exists (HTTP 404): the weights were moved or renamed upstream",
    "throttled": "the host throttled the download (HTTP 429)",
    "server-error": "the weights server returned a server error; retry later",
    "hash-mismatch": "the file arrived but its SHA-256 does not start with the prefix in its name: a partial, corrupted or non-weights (HTML) download",
    "reset": "the connection was dropped part way through the file",
    "offline-dns": "this machine could not resolve the host name: no internet or DNS (offline node, container, proxy needed)",
    "timeout": "the connection to the host timed out: firewall, missing proxy or a very slow link",
    "refused": "the connection was refused (a proxy or firewall in the way)",
    "unreachable": "the network is unreachable from this machine",
}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = str(facts.get("url") or "").strip().strip('"')
    cache_path = str(facts.get("cache_path") or "").strip().strip('"').rstrip(".")
    kind = _kind(facts)
    derived: dict[str, Any] = {"failure_kind": kind}
    file_name = ""
    if url:
        file_name = re.split(r"[?#]", url)[0].rstrip("/").rsplit("/", 1)[-1]
        m = re.match(r"https?://([^/:\s]+)", url)
        if m:
            derived["host"] = m.group(1)
    cache_dir = ""
    if cache_path:
        parts = re.split(r"[/\\]", cache_path)
        if len(parts) > 1:
            cache_dir = cache_path[: len(cache_path) - len(parts[-1]) - 1]
            file_name = file_name or parts[-1]
        derived["cache_dir"] = cache_dir
    if file_name:
        derived["file_name"] = file_name
    expected = str(facts.get("expected_hash") or "")
    if not expected and file_name:
        hm = re.search(r"-([0-9a-f]{6,64})\.", file_name)
        if hm:
            expected = hm.group(1)
    torch_home = ""
    if cache_dir:
        tm = re.match(r"(.*?)[/\\]hub[/\\]checkpoints\Z", cache_dir) or re.match(r"(.*?)[/\\]checkpoints\Z", cache_dir)
        if tm and tm.group(1):
            torch_home = tm.group(1)
            derived["torch_home"] = torch_home
    what = file_name or "the checkpoint"
    host = derived.get("host")
    derived["download_text"] = f": {what}" + (f" from {host}" if host else "") + f" ({kind.replace('-', ' ')})"
    text = f"torch.hub could not download {what}" + (f" from {url}" if url else "") + ": " + _KIND_TEXT.get(
        kind, f"the download failed ({kind})") + "."
    if cache_path:
        text += f" It expects the file at {cache_path}; placed there by hand, it is used without any download."
    if torch_home:
        text += f" (TORCH_HOME here is {torch_home}.)"
    fix: list[str] = []
    dest = cache_path or (f"$TORCH_HOME/hub/checkpoints/{file_name}" if file_name else "<cache path from the Downloading: line>")
    src = url or "<URL from the Downloading: line>"
    if kind == "hash-mismatch":
        fix.append(f"rm -f {dest}*  # the partial / wrong file")
        if expected:
            fix.append(f"sha256sum <downloaded file> | cut -c1-{len(expected)}  # must print {expected}")
    if kind == "hash-mismatch" and "/blob/" in url and "github.com" in url:
        raw = url.replace("/blob/", "/raw/", 1)
        text += " The URL is a GitHub 'blob' page (HTML), not the file: the raw URL is " + raw + "."
        src_raw = raw
    else:
        src_raw = ""
    if kind == "forbidden" or kind == "not-found":
        fix.append(f"curl -sIL {src} | head -3  # does the URL still serve the file? if not, take the project's current URL")
    if cache_dir:
        fix.append(f"mkdir -p \"{cache_dir}\"")
    src = src_raw or src
    fix.append(f"wget -c {src} -O \"{dest}\"  # on a machine with network (or: curl -L -C - -o \"{dest}\" {src}), then copy it to the same path here")
    if torch_home:
        fix.append(f"export TORCH_HOME={torch_home}  # or point it at a shared folder holding hub/checkpoints/{file_name or '<file>'}")
    if kind in {"offline-dns", "timeout", "refused", "unreachable"}:
        fix.append("export HTTPS_PROXY=http://<proxy>:<port>  # if this network reaches the internet only through a proxy")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError, IndexError):
        return None
