"""Computed diagnosis for invokeai.startup-aborted: what is missing and which repair applies."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("missing_path") or "").strip().strip("*").strip()
    if not path:
        return None
    parts_ = [p for p in re.split(r"[\\/]+", path) if p]
    name = parts_[-1] if parts_ else path
    derived: dict[str, Any] = {"missing_path": path}
    fix: list[str] = []
    m = re.search(r"^(.*?)[\\/]models[\\/]core[\\/]convert[\\/]", path)
    if m:
        root = m.group(1)
        text = (f"The core conversion model {name} is missing from {root}. InvokeAI 3.0.1+ needs it "
                "(SDXL checkpoint conversion); the root was set up by an older version or the download failed.")
        fix.append(f"Rerun configure for this root: invokeai-configure --yes --skip-sd-weights --root \"{root}\" (launcher option [7]/[6]).")
        fix.append(f"If that download fails, fetch the {name} repository from Hugging Face into {path}.")
        fix.append("Or start with --ignore_missing_core_models (checkpoint loading may fail).")
    elif name == "models.yaml":
        root = re.sub(r"[\\/]configs[\\/]models\.yaml$", "", path)
        text = f"{path} does not exist: {root} was never configured, or INVOKEAI_ROOT points at the wrong folder."
        fix.append(f"Run invokeai-configure --yes --skip-sd-weights --root \"{root}\", or set INVOKEAI_ROOT to your configured invokeai folder.")
    else:
        text = f"InvokeAI's root check failed: {path} is missing."
        fix.append("Rerun configure: invokeai-configure --yes --skip-sd-weights [--root <root>] (launcher option [7]/[6]).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
