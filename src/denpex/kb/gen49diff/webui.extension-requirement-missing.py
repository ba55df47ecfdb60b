"""Computed diagnosis for webui.extension-requirement-missing: which extension is missing or disabled, and the Forge ControlNet case."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ext = str(facts.get("extension") or "")
    req = str(facts.get("required") or "")
    if not req:
        return None
    state = str(facts.get("state") or "not installed")
    if state == "disabled":
        diagnosis = f"{req} is installed but disabled"
        text = f"{ext or 'The extension'} depends on {req}, which is installed but disabled."
        fix = (f"Extensions > Installed: tick {req}, Apply and restart UI.",)
    elif req.lower() == "sd-webui-controlnet":
        diagnosis = "needs the A1111 ControlNet extension (on Forge, ControlNet is built in under another name)"
        text = (f"{ext or 'The extension'} is written for Mikubill's sd-webui-controlnet. On Forge/reForge that extension is replaced by the built-in "
                "sd_forge_controlnet with different module names, so imports such as scripts.controlnet_ui fail.")
        fix = ("On A1111: install sd-webui-controlnet from Extensions > Available and restart.",
               f"On Forge: use a Forge-compatible build of {ext or 'the extension'} or run it on A1111; do not install sd-webui-controlnet next to the built-in one.")
    else:
        diagnosis = f"{req} is not installed"
        text = f"{ext or 'The extension'} declares {req} as a requirement (metadata.ini), and {req} is not installed, so its imports of {req} fail."
        fix = (f"Install {req} (Extensions > Available or Install from URL) and restart the web UI.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
