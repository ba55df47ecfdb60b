"""Computed diagnosis for env.wheel-unsupported-platform: read the wheel's tags and say what it needs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PLAT = {
    "win_amd64": "Windows x86-64", "win32": "Windows 32-bit", "win_arm64": "Windows ARM64",
    "linux_x86_64": "Linux x86-64", "linux_aarch64": "Linux ARM64", "any": "any platform",
}
_LOCAL = re.compile(r"\+cu(?P<cuda>[0-9]+)torch(?P<torch>[0-9.]+?)cxx11abi(?P<abi>TRUE|FALSE)")


def _py(tag: str) -> str:
    m = re.fullmatch(r"cp([23])([0-9]+)t?", tag)
    return f"Python {m.group(1)}.{m.group(2)}" if m else ""


def _plat(tag: str) -> str:
    if tag in _PLAT:
        return _PLAT[tag]
    if tag.startswith("macosx_"):
        return "macOS " + ("Apple Silicon (arm64)" if "arm64" in tag else "Intel (x86_64)" if "x86_64" in tag else tag)
    if "manylinux" in tag or "musllinux" in tag:
        return "Linux " + ("ARM64" if "aarch64" in tag else "x86-64" if "x86_64" in tag else tag)
    return tag


def _wheel(name: str) -> tuple[str, dict[str, Any]] | None:
    base = name.rsplit("/", 1)[-1].replace("%2B", "+")
    if not base.endswith(".whl"):
        return None
    parts = base[:-4].split("-")
    if len(parts) < 5:
        return None
    pkg, ver = parts[0], parts[1]
    pytag, abi, plat = parts[-3], parts[-2], parts[-1]
    d: dict[str, Any] = {"package": pkg, "version": ver, "python_tag": pytag, "abi_tag": abi, "platform_tag": plat}
    bits = []
    py = _py(pytag) or _py(abi)
    if py:
        bits.append(py)
        d["needs_python"] = py
    bits.append(_plat(plat))
    lm = _LOCAL.search(ver)
    extra = ""
    if lm:
        d["needs_torch"] = lm.group("torch")
        d["needs_cuda_major"] = lm.group("cuda")
        extra = f"; its local version also pins torch {lm.group('torch')}, CUDA {lm.group('cuda')} and cxx11abi={lm.group('abi')}"
    if not re.fullmatch(r"(cp|py|pp)[0-9]+[a-z]*(\.[a-z0-9]+)*", pytag):
        extra += f"; its python tag '{pytag}' is malformed (a renamed or hand-converted wheel)"
    return f"{pkg} {ver} built for {', '.join(bits)}{extra}", d


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    wheel = str(facts.get("wheel") or facts.get("url") or "")
    fix: list[str] = []
    derived: dict[str, Any] = {}
    text: list[str] = []
    if wheel:
        w = _wheel(wheel)
        if w:
            desc, d = w
            derived.update(d)
            derived["what"] = f"wheel {desc} does not fit this interpreter"
            text.append(f"The wheel is {desc}.")
            if d.get("needs_python"):
                fix.append(f"Check python --version: the wheel needs {d['needs_python']}. Either pick the file for your Python (same name with your cpXY tag) or install into a {d['needs_python']} environment (uv venv --python {d['needs_python'].split()[1]} / conda create -n env python={d['needs_python'].split()[1]}).")
            if d.get("needs_torch"):
                fix.append(f"Also match torch {d['needs_torch']} and CUDA {d['needs_cuda_major']} (python -c 'import torch; print(torch.__version__, torch.version.cuda)').")
    have = str(facts.get("platform_have") or "")
    need = str(facts.get("platform_need") or "")
    if have and need:
        text.append(f"This machine is {have}; the package only has wheels for {need}.")
        fix.insert(0, "Add an environment marker so this dependency is only installed where it exists (e.g. ; sys_platform == 'linux'), or use a build made for your platform.")
        derived.setdefault("what", f"no wheel for {have} (only {need})")
    py_hint = str(facts.get("py_hint") or "")
    tags = str(facts.get("wheel_tags") or "")
    if py_hint and tags:
        text.append(f"The interpreter is {py_hint}; this version only has wheels for {tags}.")
        ver = re.findall(r"cp3([0-9]+)", tags)
        if ver:
            fix.append(f"Use Python 3.{ver[-1]} for this environment (uv venv --python 3.{ver[-1]}; or uv python pin 3.{ver[-1]}), or move the pin to a release that has wheels for your Python.")
    dist = str(facts.get("dist") or "")
    registry = str(facts.get("registry") or "")
    pkg = dist.split("==", 1)[0].lower()
    if dist and "download.pytorch.org" in registry and pkg not in ("torch", "torchvision", "torchaudio", "xformers", "triton", "pytorch-triton"):
        text.append(f"{pkg} was taken from the PyTorch index ({registry.replace('registry+', '')}), which mirrors only a few builds of non-torch packages.")
        fix.insert(0, "Mark the PyTorch index explicit = true under [[tool.uv.index]] and route only torch/torchvision to it via [tool.uv.sources], so other packages come from PyPI.")
    if dist:
        derived.setdefault("what", f"{dist} has no wheel or sdist for this platform/Python")
        if not fix:
            fix.append(f"Run uv with -v to see which wheels {dist} has, then match the Python version/platform or relax the pin.")
    if sig == "pip-not-supported-wheel" and not fix:
        fix.append("Run python -m pip debug --verbose and pick a wheel whose tags appear in the compatible list.")
    if not text and not derived:
        return None
    derived.setdefault("what", "wheel built for another Python/platform")
    fix.append("Pin package versions rather than wheel URLs so the installer can choose the matching file.")
    return Explanation(text=" ".join(text) or "The selected distribution has no wheel for this interpreter or platform.", fix=tuple(fix), derived=derived)
