"""Computed diagnosis for ultralytics.requirements-autoupdate-failed: which package and why pip could not install it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _reqs(facts: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("requirement", "command"):
        v = facts.get(key)
        if isinstance(v, str):
            out += re.findall(r"[\"']([^\"']{1,200})[\"']", v)
            if not out and key == "requirement":
                out.append(v.strip("[]\"' "))
        if out:
            break
    if not out and isinstance(facts.get("command"), str):
        out = [t for t in facts["command"].split()[2:] if not t.startswith("-")]
    return [r.strip() for r in out if r.strip()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    reqs = _reqs(facts)
    if sig in ("attempting-autoupdate", "yolov5-auto-update-legacy") or not (reqs or sig == "skipped-offline"):
        return None
    names = ", ".join(reqs) if reqs else "the missing package"
    status = facts.get("exit_status")
    fix: list[str] = []
    modpath = [r for r in reqs if re.match(r"ultralytics\.[\w.]+", r)]
    if modpath:
        cause = "checkpoint-module-path"
        text = (f"'{modpath[0]}' is a module of ultralytics itself, not a pip package: the checkpoint was pickled by an "
                "ultralytics version with a different module layout, so AutoUpdate can never install it.")
        fix.append("pip install -U ultralytics (or the version that trained the checkpoint), then reload the model.")
    elif sig == "skipped-offline":
        cause = "offline"
        text = f"AutoUpdate did not try to install {names}: Ultralytics found no network connection."
        quoted = " ".join(f'"{r}"' for r in reqs) or "<package>"
        fix.append(f"Install it yourself where the network is reachable, or from a copied wheel: python -m pip install {quoted}")
    elif status == 127:
        cause = "pip-not-found"
        text = f"The shell found no pip command (exit status 127), so {names} was never installed."
        fix.append("Install with the running interpreter instead: python -m pip install " + " ".join(f'"{r}"' for r in reqs))
        fix.append("In containers without pip: add python3-pip to the image or pre-install the package.")
    elif any(r.split("=")[0].split(">")[0].split("<")[0].strip() == "lap" for r in reqs):
        cause = "lap-build"
        text = f"pip failed to install {names} (exit status {status}): lap builds from source and needs a C++ compiler (Windows, new Python versions)."
        fix.append("python -m pip install lapx  (prebuilt wheels providing the same 'lap' module), then rerun.")
    else:
        cause = "pip-failed"
        text = f"pip failed to install {names} (exit status {status}); the feature that needs it fails next."
        fix.append("Run the install yourself to see pip's error: python -m pip install " + " ".join(f'"{r}"' for r in reqs))
        if any(r.startswith("git+") for r in reqs):
            fix.append("git+ requirements need git on PATH and access to github.com.")
    return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": cause, "packages": names})
