"""Computed diagnosis for webui.extension-access-disabled: which launch flag disabled extension access."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FLAGS = ("--listen", "--share", "--ngrok", "--server-name")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    args = str(facts.get("launch_args") or "")
    found = [f for f in _FLAGS if re.search(re.escape(f) + r"(\s|=|$)", args)]
    derived: dict[str, Any] = {"flags": ""}
    if found:
        derived["flags"] = " (" + ", ".join(found) + " without --enable-insecure-extension-access)"
        derived["disabling_flags"] = found
        text = (f"The web UI was launched with {', '.join(found)}, which exposes it to other machines and therefore disables "
                "installing/updating extensions from the browser.")
    else:
        text = ("A remote-access flag (--listen, --share, --ngrok or --server-name) disabled extension management from the browser.")
    fix = ("Trusted network only: add --enable-insecure-extension-access (plus --gradio-auth user:pass) to COMMANDLINE_ARGS and restart.",
           "Otherwise: git clone the extension into extensions/<name> on the server and restart.")
    return Explanation(text=text, fix=fix, derived=derived)
