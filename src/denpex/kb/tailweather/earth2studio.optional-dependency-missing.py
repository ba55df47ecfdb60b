"""Computed diagnosis for earth2studio.optional-dependency-missing: the install line for the group."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    group = facts.get("group")
    feature = facts.get("feature")
    inner = facts.get("inner_error")
    if not group and not feature:
        return None
    what = f"'{feature}'" if feature else "this feature"
    fix: list[str] = []
    if group:
        text = f"{what} belongs to Earth2Studio's optional dependency group '{group}'"
        missing = None
        if isinstance(inner, str):
            m = re.search(r"No module named '([\w.]+)'", inner)
            missing = m.group(1).split(".")[0] if m else None
        if missing:
            text += f", and importing it failed because module '{missing}' is not installed."
            diagnosis = f"group '{group}' not installed ({missing} missing)"
        elif inner:
            text += f"; the group's import failed with: {inner}"
            diagnosis = f"group '{group}' import failed"
        else:
            text += ", whose imports failed in this environment."
            diagnosis = f"group '{group}' not installed"
        fix.append(f"uv add earth2studio --extra {group}")
        fix.append(f"pip install \"earth2studio[{group}]\"  (then restart the Python process/kernel)")
    else:
        diagnosis = "optional dependency group missing"
        text = f"{what} needs an Earth2Studio optional dependency group whose imports failed."
        fix.append("Install the group named in the box: pip install \"earth2studio[<group>]\".")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
