"""Computed diagnosis for uv.cache-entry-unreadable: which package and which cache command clears it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    package = str(facts.get("package") or "").strip("`")
    detail = str(facts.get("detail") or "").strip()
    name = package.split("==", 1)[0] if package else ""
    derived: dict[str, Any] = {
        "for_package": f" for {package}" if package else "",
        "detail": detail or "the entry does not match this uv version's format",
    }
    if name:
        derived["clean_command"] = f"uv cache clean {name}"
    text = ("uv found an entry in its cache"
            + (f" for {package}" if package else "")
            + " that it cannot decode"
            + (f" ({detail})" if detail else "")
            + ". It was written by another uv version (a launcher's bundled uv sharing the user cache, or a release that changed the format) or left truncated; the package itself is fine.")
    fix = (
        f"Run {derived.get('clean_command', 'uv cache clean')} (or uv cache clean for everything) and rerun the install.",
        "Or set UV_CACHE_DIR to a new empty directory for this installer.",
        "Update uv / the launcher that bundles it.",
    )
    return Explanation(text=text, fix=fix, derived=derived)
