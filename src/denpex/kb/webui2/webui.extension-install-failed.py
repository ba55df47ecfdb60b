"""Computed diagnosis for webui.extension-install-failed: which extension and what its installer hit."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    d = str(facts.get("extension_dir") or "").strip().strip("'\"")
    if not d:
        return None
    name = [p for p in re.split(r"[\\/]+", d) if p][-1]
    inner = str(facts.get("inner_error") or "").strip()
    derived: dict[str, Any] = {"extension": name, "because": ""}
    fix: list[str] = []
    if inner:
        derived["because"] = ": " + inner
    m = re.search(r"Couldn't install (.+?)\.?$", inner)
    if m:
        kind = "pip could not install one of its requirements"
        text = f"The installer of {name} failed because pip could not install '{m.group(1)}'. The web UI continues without it."
        fix.append(f"Install it manually into the venv (venv python -m pip install <package>) and read pip's error in the block; or update {name}.")
    elif re.match(r"(NameError|AttributeError|ImportError|SyntaxError|TypeError)", inner):
        kind = "bug / API drift in the extension's install.py"
        text = (f"{name}'s install.py itself crashed ({inner}); this is usually fixed by updating the extension, or it does not "
                "support your web UI version.")
        fix.append(f"git -C extensions/{name} pull (or Extensions > Check for updates) and restart; check the extension's issues for your web UI version.")
    elif inner.startswith("ModuleNotFoundError"):
        kind = "install.py imports a package that is not installed"
        text = f"{name}'s install.py imports a package missing from the venv ({inner})."
        fix.append("Install that package into the venv (venv python -m pip install <it>) and restart.")
    else:
        kind = "installer exited non-zero"
        text = f"{name}'s install.py exited with an error" + (f" ({inner})" if inner else "") + "; the stderr block says why."
        fix.append(f"Run it by hand from the web UI folder: venv python extensions/{name}/install.py")
    derived["failure_kind"] = kind
    fix.append(f"If you do not need it: disable {name} in Extensions > Installed or delete extensions/{name}.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
