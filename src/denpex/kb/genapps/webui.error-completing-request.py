"""Computed diagnosis for webui.error-completing-request: which action failed and what the inner exception is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ACTION = {
    "txt2img": "txt2img generation",
    "img2img": "img2img/inpaint generation",
    "postprocessing": "Extras (upscale/postprocessing)",
    "ui_postprocessing": "Extras (upscale/postprocessing)",
    "extras": "Extras (upscale/postprocessing)",
    "ui_extensions": "extension install/update",
    "ui_checkpoint_merger": "checkpoint merge",
    "api/api": "API",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mod = str(facts.get("action_module") or "").replace("\\", "/")
    key = mod if mod in _ACTION else mod.split("/")[0]
    action = _ACTION.get(key, "training" if "textual_inversion" in mod or "hypernetwork" in mod else "UI action")
    inner = str(facts.get("inner_error") or "")
    task = str(facts.get("task_id") or "")
    text = f"The {action} request" + (f" (task {task})" if task else "") + " raised an exception"
    text += f": {inner}." if inner else "; the exception at the end of the traceback below this line is the cause."
    fix = ("Diagnose the inner exception (its own finding follows this wrapper).",
           "If the traceback runs through extensions/<name>/, retry with that extension disabled.")
    return Explanation(text=text, fix=fix, derived={"action": action})
