"""Computed diagnosis for webui.cmd-opts-attribute-missing: which option, and who reads it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    option = facts.get("option")
    if not isinstance(option, str) or not option:
        return None
    flag = "--" + option.replace("_", "-")
    where = facts.get("where") if isinstance(facts.get("where"), str) else ""
    where_n = where.replace("\\", "/")
    if where_n.startswith("extensions/"):
        ext = where_n.split("/", 1)[1]
        diagnosis = f"extension {ext} newer than the web UI"
        text = (f"The extension {ext} reads the command-line option {flag} (cmd_opts.{option}), which the installed web UI "
                "does not declare: the extension expects a newer web UI (or another fork).")
        fix = ("Update the web UI (git pull in its folder) and restart.",
               f"Or check out an older release of {ext} that matches your web UI, or disable it.")
    else:
        diagnosis = "web UI files from different versions"
        place = where or "the web UI's own code"
        text = (f"{place} reads {flag} (cmd_opts.{option}), but the argument parser that ran does not declare it: the web UI "
                "files come from different versions (partial update or a notebook that replaced some files).")
        fix = ("git -C <webui folder> status; stash or revert local edits, then git pull and restart.",
               "Colab/RunPod notebook: run its latest version; if that fails, delete the web UI folder and do a clean run.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "flag": flag})
