"""Computed diagnosis for open3d.ml-framework-ops-unavailable: which framework, which wheel, which pin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Open3D release (major.minor) -> (PyTorch, TensorFlow) minor its ML ops were compiled against.
_PINS: dict[str, tuple[str, str | None]] = {
    "0.11": ("1.6", "2.3"),
    "0.12": ("1.7", "2.3"),
    "0.13": ("1.7", "2.4"),
    "0.14": ("1.8", "2.5"),
    "0.15": ("1.8", "2.5"),
    "0.16": ("1.12", "2.8"),
    "0.17": ("1.13", "2.8"),
    "0.18": ("2.0", "2.13"),
    "0.19": ("2.2", None),
}
# the CUDA build Open3D-ML's requirements-torch-cuda.txt pins, where known
_CUDA = {"0.17": "torch==1.13.1+cu116"}


def _minor(v: str) -> str:
    parts = v.split("+")[0].split(".")
    return ".".join(parts[:2])


def _release_for(framework: str, minor: str) -> list[str]:
    idx = 0 if framework == "PyTorch" else 1
    return [rel for rel, pins in _PINS.items() if pins[idx] == minor]


def _platform(path: str) -> str | None:
    if not path:
        return None
    if "\\" in path or (len(path) > 1 and path[1] == ":"):
        return "Windows"
    if path.startswith("/Users/") or "/opt/homebrew/" in path:
        return "macOS"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    framework = str(facts.get("framework") or "PyTorch")
    o3d = str(facts.get("open3d_version") or "")
    o3d_minor = _minor(o3d) if o3d else ""
    pkg = "torch" if framework == "PyTorch" else "tensorflow"
    derived: dict[str, Any] = {}
    if o3d_minor in _PINS:
        pin = _PINS[o3d_minor][0 if framework == "PyTorch" else 1]
        if pin:
            derived["pinned_framework_version"] = pin
    if sig == "not-built-with-support":
        plat = _platform(str(facts.get("init_path") or ""))
        where = f" on {plat}" if plat else ""
        diagnosis = f"this Open3D package has no {framework} ops{where}"
        text = (f"open3d.ml.{'torch' if pkg == 'torch' else 'tf'} was imported, but the installed Open3D{(' ' + o3d) if o3d else ''} "
                f"was built without {framework} ops. ")
        if plat:
            text += (f"The path is a {plat} install: Open3D's PyPI wheels contain the ML ops only for Linux x86_64, "
                     f"so no {pkg} version will fix it there.")
            fix = ("Run the code under Linux or WSL2 with the Open3D/torch pair of one release "
                   "(e.g. open3d==0.18.0 + torch 2.0.*, open3d==0.17.0 + torch 1.13.1).",
                   f"Or build Open3D from source with -DBUILD_{'PYTORCH' if pkg == 'torch' else 'TENSORFLOW'}_OPS=ON -DBUNDLE_OPEN3D_ML=ON.")
        else:
            text += ("On Linux x86_64 this means a package without the ops: conda-forge, an ARM wheel, or a source build "
                     "without the ops flag.")
            fix = ("pip uninstall open3d (and conda remove open3d), then pip install an Open3D release wheel on Linux x86_64 "
                   f"together with the {pkg} version it pins.",)
        derived["diagnosis"] = diagnosis
        if derived.get("pinned_framework_version"):
            fix = fix + (f"Open3D {o3d} pins {pkg} {derived['pinned_framework_version']}.*.",)
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "version-mismatch":
        need = str(facts.get("needed_version") or "")
        have = str(facts.get("installed_version") or "")
        if not need or not have:
            return None
        releases = _release_for(framework, _minor(have))
        diagnosis = f"{framework} {have} installed, this Open3D release needs {need}.*"
        text = (f"The Open3D ML ops were compiled against {framework} {need} and refuse {framework} {have}: "
                "each Open3D release pins one framework minor version.")
        cuda_hint = ""
        if pkg == "torch":
            for rel, pins in _PINS.items():
                if pins[0] == need and rel in _CUDA:
                    cuda_hint = f", e.g. {_CUDA[rel]}"
        fix_lines = [f"pip install \"{pkg}=={need}.*\" (the version this Open3D was built with){cuda_hint}."]
        if releases:
            fix_lines.append(f"Or keep {pkg} {have} and install the Open3D release built for {_minor(have)}: "
                             + ", ".join(f"open3d=={r}.*" for r in releases) + ".")
        else:
            fix_lines.append(f"No Open3D release wheel is built for {pkg} {_minor(have)}: use the pinned {need}.* or build Open3D from source against {have}.")
        derived["diagnosis"] = diagnosis
        if releases:
            derived["open3d_for_installed"] = releases[-1]
        return Explanation(text=text, fix=tuple(fix_lines), derived=derived)
    if sig == "cuda-mismatch-fallback":
        oc, tc = facts.get("open3d_cuda"), facts.get("torch_cuda")
        if not oc or not tc:
            return None
        derived["diagnosis"] = f"CUDA {oc} ops vs torch CUDA {tc}: CPU fallback"
        return Explanation(
            text=(f"Open3D's ops were compiled with CUDA {oc} and torch with CUDA {tc}; the GPU ops are disabled and "
                  "the open3d.ml layers run on the CPU (slow, and CUDA-only code paths then fail)."),
            fix=(f"Install the torch build for CUDA {oc} (the +cu{str(oc).replace('.', '')} wheel of the pinned torch version).",),
            derived=derived,
        )
    if sig == "torch-1-13-version-parse":
        derived["diagnosis"] = "Open3D 0.16 version check broken by a newer torch"
        return Explanation(
            text=("The TypeError is raised by Open3D's own torch version check (match_torch_ver): Open3D 0.16.0 with torch 1.13 "
                  "or newer. Open3D 0.16 needs torch 1.12."),
            fix=("pip install \"torch==1.12.*\" for open3d 0.16, or upgrade to open3d==0.17.0 with torch==1.13.1.",),
            derived=derived,
        )
    return None
