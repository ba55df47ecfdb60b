"""Computed diagnosis for python.console-script-launcher-failed: which command's launcher failed, the interpreter path
it tried (spaces, venv), and the python -m equivalent to run instead."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODULE = {
    "torchrun": "python -m torch.distributed.run",
    "accelerate": "python -m accelerate.commands.launch",
    "deepspeed": "python -m deepspeed.launcher.runner",
    "pip": "python -m pip",
    "pip3": "python -m pip",
    "llamafactory-cli": "python -m llamafactory.cli",
    "jupyter": "python -m jupyter",
    "huggingface-cli": "python -m huggingface_hub.commands.huggingface_cli",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    command = g.get("command", "")
    cmdline = g.get("cmdline", "")
    shell = g.get("shell", "")
    parts: list[str] = []
    fix: list[str] = []
    exe = ""
    if cmdline:
        m = re.search(r'"+([^"]{3,400}?\.exe)"+', cmdline) or re.search(r"([A-Za-z]:\\[^\"']{1,400}?\.exe)", cmdline)
        exe = m.group(1) if m else ""
        tool = re.findall(r'\\Scripts\\([A-Za-z0-9_.-]{1,60})\.exe', cmdline)
        if tool and not command:
            command = tool[-1]
    what = (f"{command}.exe could not start its Python interpreter" if command
            else "a pip-generated command could not start its Python interpreter")
    parts.append(("The launcher of " + (f"'{command}'" if command else "the command") + " (the .exe pip generated for a console script) "
                  "could not start the interpreter whose path it carries; Python never ran."))
    if exe:
        parts.append(f"It tried {exe}.")
        if " " in exe:
            parts.append("That path contains spaces: launchers written by old pip/distlib did not quote it.")
    if shell.startswith(("MINGW", "MSYS")):
        parts.append("It ran from Git Bash (MSYS): the Windows launcher gets the Windows interpreter path, so an environment "
                     "created or moved elsewhere breaks it the same way as in cmd.exe.")
    mod = _MODULE.get(command.lower()) if command else None
    if mod:
        fix.append(f"Run it as {mod} ... with the environment's python instead of {command}.")
    else:
        fix.append("Run the tool as python -m <its module> with the environment's python instead of the .exe.")
    fix.append("Regenerate the launcher: python -m pip install --force-reinstall --no-deps "
               + ({"torchrun": "torch", "llamafactory-cli": "llamafactory", "pip": "pip", "pip3": "pip"}.get(command.lower(), "<package>") if command else "<package>")
               + " (after python -m pip install -U pip); recreate the environment if it was moved or copied.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
