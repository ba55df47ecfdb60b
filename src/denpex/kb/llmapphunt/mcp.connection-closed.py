"""Computed diagnosis for mcp.connection-closed: which server, which phase, what to run by hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    server = str(facts.get("server") or "").strip()
    phase = str(facts.get("phase") or "").strip()
    code = facts.get("code")
    name = f" '{server}'" if server else ""
    where = f" during {phase}" if phase else ""
    fixes = [f"Run the exact command/args configured for MCP server{name} in a terminal: its stderr shows why it exited."]
    if phase and "tool" in phase:
        fixes.append("The server died while handling a tool call: look for its traceback / OOM kill in the server log.")
    else:
        fixes.append("At startup the usual causes are a command not on the host's PATH (use absolute npx/uvx paths; Windows: cmd /c npx) or a missing env var.")
    text = f"The MCP server{name} went away{where}; the client only reports the closed transport"
    text += f" (code {code})." if code is not None else "."
    detail = f"MCP server{name} went away{where or ' (process exited or stream ended)'}"
    if code is not None:
        detail += f", code {code}"
    return Explanation(text=text, fix=tuple(fixes), derived={"detail": detail})
