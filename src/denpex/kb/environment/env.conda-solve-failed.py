"""Computed diagnosis for env.conda-solve-failed: which specs are missing or conflicting, whether they
carry exported build strings or OS-only/virtual packages, and what the HTTP status means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILD = re.compile(r"(?:=|==|\s)[0-9][^=\s]*(?:=|\s)(?:py[0-9]+|h[0-9a-f]{7}|[a-z_]*[0-9]+_[0-9]+|[0-9]+$)")
_OS_ONLY = ("pywin32", "pywinpty", "winpty", "vs2015_runtime", "vc", "ucrt", "m2w64", "wincertstore", "win_inet_pton", "libcxx", "appnope", "llvm-openmp", "_libgcc_mutex", "_openmp_mutex", "libgcc-ng", "libstdcxx-ng", "ld_impl_linux-64", "__win", "__osx", "__linux")
_TORCH_CHANNEL = ("pytorch-cuda", "pytorch-mutex", "torchtriton")


def _as_list(v: Any) -> list[str]:
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v if str(x).strip()]
    return [str(v)] if str(v).strip() else []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exc") or "")
    status = str(facts.get("status") or "")
    url = str(facts.get("url") or "")
    packages = [p for p in _as_list(facts.get("package")) if not p.startswith("http")]
    missing = _as_list(facts.get("missing"))
    virtual = sorted(set(_as_list(facts.get("virtual"))))
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}

    if exc == "UnavailableInvalidChannel":
        channel = str(facts.get("channel") or "")
        name = channel or "a configured channel"
        derived["what"] = (f"channel {channel}" if channel else "a configured channel") + " does not exist or is not reachable as a conda channel" + (f" ({url})" if url else "")
        parts.append(f"conda could not read the repodata of {name}{(' at ' + url) if url else ''}: the channel name is misspelled or does not exist on anaconda.org, a mirror URL in ~/.condarc is incomplete (missing the channel path, e.g. .../anaconda/cloud/<channel>), a PyPI index was added as a conda channel, or the mirror has no such channel for this platform.")
        fix.append("List the channels (conda config --show channels; conda config --show-sources) and remove or correct the bad one: conda config --remove channels <name>, or fix the mirror URL in ~/.condarc (channel_alias/custom_channels).")
        fix.append("Install from a channel that really has the package (-c conda-forge, -c pytorch) or with pip when the project only publishes to PyPI.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if exc == "CondaHTTPError":
        host = re.sub(r"^https?://([^/]+).*$", r"\1", url) if url else ""
        if status == "000":
            derived["what"] = f"no response from the channel{(' ' + host) if host else ''} (HTTP 000 CONNECTION FAILED)"
            parts.append(f"conda got no HTTP response from {url or 'the channel'}: DNS, proxy, firewall or TLS failed before any status (the urllib3 error printed below it names which).")
            fix.append("Fix the path to the channel: set proxy_servers in ~/.condarc (or HTTPS_PROXY), point ssl_verify at the corporate CA bundle if TLS is intercepted, or use a reachable mirror channel; on offline nodes create environments where there is network and copy/pack them (conda-pack).")
        elif status in ("401", "403"):
            derived["what"] = f"access to {host or 'the channel'} refused (HTTP {status})"
            parts.append(f"The channel refused access (HTTP {status}): a token is missing or wrong, or the organisation blocks that channel (Anaconda's 'defaults' channels require licensing for many organisations and are often blocked).")
            fix.append("Use conda-forge (conda config --remove channels defaults; conda config --add channels conda-forge) or your organisation's mirror; for private channels set the token (conda token set / anaconda login).")
        elif status == "404":
            derived["what"] = f"the channel URL does not exist (HTTP 404: {url})"
            parts.append(f"{url or 'The channel URL'} does not exist: a misspelled channel, a channel without this platform subdir, or a mirror that does not carry it.")
            fix.append("Check the channel names (conda config --show channels) and the platform (conda info: platform); remove the wrong channel.")
        else:
            derived["what"] = f"HTTP {status} from {host or 'the channel'}"
            parts.append(f"The channel answered HTTP {status} for {url}.")
            fix.append("Retry later for 5xx/429; otherwise check the channel configuration.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    specs = packages + missing
    with_builds = [s for s in specs if _BUILD.search(" " + s.replace("==", "=")) or s.count("=") >= 2]
    os_only = [s for s in specs if any(s.split("=")[0].split()[0].strip() == o for o in _OS_ONLY)]
    torch_ch = [s for s in specs if s.split("=")[0].split()[0] in _TORCH_CHANNEL or s.startswith(("pytorch=", "pytorch==", "pytorch "))]
    shown = ", ".join(specs[:3]) + (f" (+{len(specs) - 3} more)" if len(specs) > 3 else "")
    if specs:
        derived["specs"] = shown
    kind = "missing from the channels" if exc in ("PackagesNotFoundError", "ResolvePackageNotFound") or (missing and not virtual) else "conflicting"
    derived["what"] = f"{len(specs)} spec(s) {kind}: {shown}" if specs else ("the requested specs conflict" if kind == "conflicting" else "requested packages are not in the configured channels")
    if specs:
        parts.append(f"The solver found no candidate for {shown}.")
    if with_builds and len(with_builds) >= max(1, len(specs) // 2):
        parts.append(f"{len(with_builds)} of them pin exact build strings (name=version=build, e.g. {with_builds[0]}): the environment file was exported with `conda env export` on another platform or from channels you do not have; those exact builds do not exist here.")
        fix.append("Re-export portably on the source machine (conda env export --from-history > environment.yml) or strip the build strings (sed -E 's/^(\\s*- [^=]+=[^=]+)=.*/\\1/' environment.yml), then recreate.")
    if os_only:
        parts.append(f"Some are platform-specific ({', '.join(os_only[:4])}): they exist only for the OS the file was exported on.")
        fix.append("Delete platform-specific packages (the _libgcc_mutex/_openmp_mutex/libgcc-ng family on Windows/macOS, pywin32/vc/ucrt on Linux/macOS) from the file.")
    if torch_ch:
        parts.append("PyTorch's own conda channel no longer receives new releases (the last was 2.5), so pytorch-cuda and new pytorch versions are not there.")
        fix.append("Install torch with pip inside the environment (pip install torch --index-url https://download.pytorch.org/whl/cu124) or use conda-forge's pytorch.")
    for v in virtual:
        if v == "__cuda":
            parts.append("A package requires the __cuda virtual package: this machine shows no NVIDIA driver to conda (a login/CI node), or its driver supports an older CUDA than required.")
            fix.append("On a node without a GPU set CONDA_OVERRIDE_CUDA=<CUDA version of the target driver, e.g. 12.4> for the solve; otherwise update the NVIDIA driver (conda info shows __cuda).")
        elif v == "__glibc":
            parts.append("A package requires a newer __glibc than this OS provides (old distribution such as CentOS 7 with glibc 2.17).")
            fix.append("Pin an older build/version made for this glibc, or build the environment in a container with a newer OS.")
        elif v in ("__win", "__osx", "__linux", "__unix"):
            parts.append(f"A package needs {v}: it is built for another operating system than this one.")
            fix.append(f"Remove the {v[2:]}-only package from the spec.")
    if not fix:
        if kind == "conflicting":
            fix.append("Relax the pins: keep only the versions you need (python, torch, cuda), let the solver choose the rest; run with -vv or mamba's problem tree to see which pair conflicts; install the conflicting package with pip afterwards if needed.")
        else:
            fix.append("Find a channel that has it: conda search -c conda-forge '<name>' (also -c nvidia, -c bioconda); add it (-c conda-forge) or install the package with pip inside the environment.")
    fix.append("Check platform and channels: conda info (platform, channel URLs, virtual packages).")
    return Explanation(text=" ".join(parts) or "The conda solver could not satisfy the requested specs.", fix=tuple(fix), derived=derived)
