"""Computed diagnosis for stable-diffusion.ldm-module-not-found: which way 'ldm' went wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _split(path: str) -> list[str]:
    return [p for p in path.replace("\\", "/").split("/") if p]


def _repo_root(script: str) -> str | None:
    """Repository root guessed from the started script (scripts/x.py -> its parent folder)."""
    raw = script.replace("\\", "/")
    parts = raw.split("/")
    if len(parts) < 2:
        return None
    folder = parts[:-1]
    if folder and folder[-1].lower() in ("scripts", "optimizedsd", "tools", "script"):
        folder = folder[:-1]
    root = "/".join(folder)
    if "\\" in script:
        root = root.replace("/", "\\")
    return root or None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    script = facts.get("script")
    ldm_file = facts.get("ldm_file")
    root = _repo_root(str(script)) if script else None
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if sig in ("ldm-not-a-package", "cannot-import-from-ldm-py", "pypi-ldm-py2-syntax"):
        diagnosis = "the unrelated PyPI 'ldm' module shadows the repository's ldm/ package"
        where = f" ({ldm_file})" if ldm_file else ""
        text = ("Python found a single-file module named ldm" + where + " instead of the repository's ldm/ folder. "
                "That is the PyPI distribution 'ldm', an old Python 2 project, not latent-diffusion.")
        fix.append("pip uninstall -y ldm")
    else:
        diagnosis = "the repository root is not on sys.path"
        text = ("'ldm' is the ldm/ folder of the stable-diffusion / latent-diffusion repository, not a pip package: "
                "Python did not see the repository root.")
        if script and _split(str(script))[-2:-1] and _split(str(script))[-2].lower() == "scripts":
            text += " The script lives in scripts/, so starting it does not put the root on sys.path."
    if root:
        derived["repo_root"] = root
        fix.append(f"cd {root} && pip install -e .")
        fix.append(f"or: PYTHONPATH={root} python <script> ...")
    else:
        fix.append("cd <repository root> && pip install -e .  (then run the script from that root)")
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=tuple(fix), derived=derived)
