"""Computed diagnosis for conda.clobber-error: which two packages/channels collide on which file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _channel(spec: str) -> str:
    spec = spec.strip()
    if "::" in spec:
        ch = spec.split("::", 1)[0]
        return ch.rsplit("/", 1)[0] if "/" in ch and not ch.startswith("http") else ch
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    exc = str(facts.get("exc") or "ClobberError")
    warning = exc.endswith("Warning")
    if sig == "shared-path":
        pk = str(facts.get("packages") or "").strip()
        path = str(facts.get("path") or "").strip().strip("'")
        parts = [p.strip() for p in pk.split(",") if p.strip()]
        chans = sorted({c for c in (_channel(p) for p in parts) if c})
        detail = f"{' and '.join(parts) or 'two packages'} both ship {path or 'the same file'}"
        text = f"{exc}: {detail}."
        if len(chans) > 1:
            text += f" They come from different channels ({', '.join(chans)}): the builds split files differently."
        fix = [
            "Recreate the env from one channel family: conda create -n <env> -c conda-forge --override-channels <pkgs>; conda config --set channel_priority strict.",
        ]
        if len(parts) == 2:
            fix.append(f"Or keep only one of {parts[0]} / {parts[1]} (remove or pin the other).")
    elif sig == "path-collision":
        pkg = str(facts.get("package") or "the package")
        path = str(facts.get("collision_path") or "a file")
        owner = facts.get("owner")
        detail = f"{pkg} would overwrite {path}" + (f" owned by {owner}" if owner else " (not owned by any conda package)")
        text = f"{exc}: {detail}."
        fix = ["Recreate the environment instead of installing on top of it, from a single channel family."]
        if owner:
            fix.append(f"Or remove {owner} first if {pkg} replaces it.")
        else:
            fix.append(f"The file was probably written by pip or by hand: remove it (or the pip package that owns it) and retry.")
    else:
        return None
    if warning:
        text += " This is a warning: conda continued and kept the file of the package linked last."
    else:
        fix.append("If overwriting is acceptable, rerun the same command with --clobber.")
    return Explanation(text=text, fix=tuple(fix), derived={"detail": detail})
