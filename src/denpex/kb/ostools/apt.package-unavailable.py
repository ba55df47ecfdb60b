"""Computed diagnosis for apt.package-unavailable: why apt has no candidate for each package it names."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# packages every distribution release ships: when these are missing the package index itself is missing
_EVERYWHERE = frozenset({"git", "curl", "wget", "unzip", "vim", "nano", "build-essential", "cmake", "pkg-config",
                         "ca-certificates", "gcc", "g++", "make", "python3", "python3-pip", "python3-dev", "ffmpeg",
                         "libgl1", "libglib2.0-0", "software-properties-common", "zlib1g-dev", "libssl-dev"})
# names dropped or renamed in newer Debian/Ubuntu releases -> what to install instead
_RENAMED = {
    "python-dev": "python3-dev", "python-pip": "python3-pip", "python-setuptools": "python3-setuptools",
    "python-numpy": "python3-numpy", "python-opencv": "python3-opencv", "python": "python3 (and python-is-python3)",
    "libpng12-dev": "libpng-dev", "libjasper-dev": "nothing (dropped; OpenCV no longer needs it)",
    "qt5-default": "qtbase5-dev qtchooser qt5-qmake qtbase5-dev-tools", "libgl1-mesa-glx": "libgl1",
    "libtiff5-dev": "libtiff-dev", "libhdf5-serial-dev": "libhdf5-dev", "libvtk6-dev": "libvtk9-dev",
    "libopenjpeg2": "libopenjp2-7", "libav-tools": "ffmpeg", "libcv-dev": "libopencv-dev",
    "libatlas-base-dev": "libopenblas-dev (libatlas-base-dev was dropped in Debian 13 / Ubuntu 24.10)",
    "libxvidcore4": "libxvidcore-dev", "libgcc1": "libgcc-s1",
}
_NVIDIA = re.compile(r"^(?:cuda|libcudnn|libnccl|libnvinfer|tensorrt|nvidia-|libcublas|libcufft|libcurand|libcusolver|libcusparse|cudnn|libnvjpeg|datacenter-gpu-manager)")
_PY_MINOR = re.compile(r"^python3\.(\d{1,2})(?:-\w+)?$")


def _packages(facts: Mapping[str, Any]) -> list[str]:
    pk = facts.get("package")
    if isinstance(pk, (list, tuple)):
        return [str(p) for p in pk]
    return [str(pk)] if pk else []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkgs = _packages(facts)
    if not pkgs:
        return None
    sig = str(facts.get("_signature") or "")
    problem = {"no-installation-candidate": "no repository offers it for this release",
               "version-not-found": f"version {facts.get('version')} is not in the repositories"}.get(sig, "no package index lists it")
    derived: dict[str, Any] = {"problem": problem}
    parts = [f"apt could not install {', '.join(pkgs[:8])}{' and more' if len(pkgs) > 8 else ''}: {problem}."]
    fix: list[str] = []
    common = [p for p in pkgs if p in _EVERYWHERE]
    if common:
        derived["cause"] = "no package index"
        parts.append(f"{', '.join(common[:5])} exist on every Debian/Ubuntu release, so apt has no package index at all here: "
                     "apt-get update did not run in this step (or it failed - look for its own errors, such as NO_PUBKEY or 404 above).")
        fix.append("Run apt-get update in the same command: RUN apt-get update && apt-get install -y --no-install-recommends <packages>.")
    nv = [p for p in pkgs if _NVIDIA.match(p)]
    if nv:
        derived["cause"] = derived.get("cause", "NVIDIA repository")
        parts.append(f"{', '.join(nv[:5])} come only from NVIDIA's apt repository, not from Ubuntu's archive; it must be added for the image's Ubuntu release"
                     + (" and must still carry that pinned version" if sig == "version-not-found" else "") + ".")
        fix.append("Add NVIDIA's repository with its cuda-keyring package for your release (ubuntu2004/2204/2404), or start from an nvidia/cuda:<ver>-cudnn-devel-ubuntu<release> image instead of installing CUDA/cuDNN with apt.")
    renamed = [(p, _RENAMED[p]) for p in pkgs if p in _RENAMED]
    if renamed:
        derived["cause"] = derived.get("cause", "renamed package")
        derived["replacement"] = renamed[0][1]
        parts.append("Renamed or dropped in newer releases: " + "; ".join(f"{p} -> {r}" for p, r in renamed[:5]) + ".")
        fix.append("Install the current names: " + " ".join(r.split(" (")[0] for _, r in renamed[:5]) + ".")
    pym = [p for p in pkgs if _PY_MINOR.match(p)]
    if pym:
        parts.append(f"{pym[0]} is not the default Python of this release; Ubuntu ships other 3.x versions from the deadsnakes PPA.")
        fix.append("add-apt-repository ppa:deadsnakes/ppa && apt-get update (Ubuntu), or use a python:3.X base image / uv python install.")
    if not fix:
        fix.append(f"Check the name on this release: apt-cache search {pkgs[0].split('=')[0].rstrip('*')} (and cat /etc/os-release); add the repository that publishes it, or use the name this release ships.")
        fix.append("In Dockerfiles keep apt-get update and apt-get install in one RUN line.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
