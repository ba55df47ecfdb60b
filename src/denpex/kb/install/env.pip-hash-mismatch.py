"""Computed diagnosis for env.pip-hash-mismatch: truncated download, bad cache, or index-side hash."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNIT = {"MB": 1.0, "GB": 1024.0}


def _frac(progress: str) -> float | None:
    m = re.match(r"([0-9.]+)/([0-9.]+) ([GM]B)", progress)
    if not m:
        return None
    try:
        done, total = float(m.group(1)), float(m.group(2))
    except ValueError:
        return None
    return done / total if total else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "")
    if not pkg:
        return None
    sig = str(facts.get("_signature") or "")
    url = str(facts.get("url") or "")
    progress = str(facts.get("progress") or "")
    cached = bool(facts.get("cached"))
    text: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    f = _frac(progress) if progress else None
    if f is not None and f < 0.999:
        derived["downloaded_fraction"] = round(f, 3)
        text.append(f"The download of {pkg} stopped at {progress} ({f:.0%}); the partial file cannot match the published hash.")
        fix.append("Retry on a stable connection with longer timeouts: pip install --no-cache-dir --timeout 120 --retries 10 <same args>, or download the wheel with curl -L --retry 5 -C - and pip install the file.")
    elif cached:
        text.append(f"pip reused a cached copy of {pkg}; a corrupted cache entry fails the same way on every retry.")
        fix.append(f"pip cache remove '{pkg.split('=')[0].split('<')[0].split('>')[0]}*' (or pip cache purge), then retry; or add --no-cache-dir.")
    elif sig == "uv-hash-mismatch":
        text.append(f"uv computed a different sha256 for {pkg} than the lockfile/index lists.")
        if "+cu" in pkg or "torch" in pkg or pkg.startswith("nvidia-"):
            text.append("For PyTorch-index builds this has repeatedly been a wrong or missing hash on download.pytorch.org (per-platform, e.g. aarch64).")
            fix.append("Check the PyTorch/uv issue trackers for this exact version; pin a neighbouring build (e.g. the previous torchvision patch release) until the index is fixed.")
        fix.append(f"uv cache clean {pkg.split('==')[0]} and retry, to rule out a corrupted cached download.")
    else:
        text.append(f"The file downloaded for {pkg} differs from the one the index published.")
        fix.append("Retry with --no-cache-dir; if it repeats, download the wheel separately and compare sha256sum with the index listing (a proxy or antivirus may be altering it).")
    if "download.pytorch.org" in url:
        derived["index"] = "download.pytorch.org"
    fix.append("Behind a corporate proxy/antivirus, try another network or a mirror; large wheels are the ones that get cut or rewritten.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived=derived)
