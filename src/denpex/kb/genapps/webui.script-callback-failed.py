"""Computed diagnosis for webui.script-callback-failed: the extension, the hook and the inner exception."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXT = re.compile(r"extensions(?:-builtin)?[\\/]([^\\/\s\"']+)[\\/]")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    path = str(facts.get("script_path") or "")
    script_file = str(facts.get("script_file") or "") or re.split(r"[\\/]", path)[-1]
    m = _EXT.search(path)
    ext = m.group(1) if m else str(facts.get("extension") or "")
    builtin = "extensions-builtin" in path
    hook = str(facts.get("hook") or ("start-up import" if sig == "error-loading-script" else ""))
    inner = str(facts.get("inner_error") or "")
    if not ext and not script_file:
        return None
    name = ext or f"the script {script_file}"
    derived: dict[str, Any] = {"extension": name, "hook": hook or "a hook"}
    fix: list[str] = []
    where = f"extensions/{ext}" if ext else script_file
    if sig == "error-loading-script":
        text = f"{name} could not be imported at start-up ({script_file}), so it is not loaded at all."
    else:
        text = f"{name} raised in its {hook or 'callback'} hook ({script_file}); the web UI skipped it and continued."
    if inner:
        text += f" Inner error: {inner}."
    mm = re.search(r"No module named '([^']+)'", inner)
    if facts.get("shadowing_package"):
        text += (" The import went to a PyPI package called 'scripts' installed in the venv (site-packages/scripts), which "
                 "shadows the extension's own scripts folder.")
        fix.append("Remove it: venv/bin/python -m pip uninstall scripts (Windows: venv\\Scripts\\python -m pip uninstall scripts), then restart.")
    elif "missing" in inner and "required positional argument" in inner and "process" in inner:
        text += (" The script received none of its UI arguments: the request ran processing without this script's args "
                 "(API call without alwayson_scripts, another script/extension calling process_images, or a stale ui-config).")
        fix.append(f"API: pass {ext or 'the script'}'s args under alwayson_scripts, or disable the extension; UI: restart after "
                   "moving ui-config.json aside; update the extension that triggered the run (X/Y/Z, shortcodes).")
    elif mm:
        fix.append(f"Install the missing module into the web UI venv: venv/bin/python -m pip install {mm.group(1).split('.')[0]} "
                   "(Windows: venv\\Scripts\\python -m pip install ...), or restart so the extension's install.py runs again.")
    elif "cannot import name" in inner or "has no attribute" in inner:
        fix.append(f"{name} targets another web UI/Forge version (API changed): update it (git pull in {where}) or disable it.")
    if builtin:
        fix.append("This is a built-in extension: update the web UI itself (git pull) rather than the extension.")
    else:
        fix.append(f"Update or disable {name}: Extensions tab > Check for updates, or move {where} out of extensions/ and restart.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
