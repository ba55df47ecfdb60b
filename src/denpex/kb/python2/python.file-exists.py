"""Computed diagnosis for python.file-exists: a rank race or a leftover, from the call that raised."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "the path")
    call = str(facts.get("call") or "")
    rank = facts.get("_rank")
    if "symlink" in call or call == "os.link":
        text = f"A link was created at '{path}', where a link or file already exists (usually left by an earlier run)."
        fix = (f"Remove the old link first (if os.path.lexists('{path}'): os.remove('{path}')) or point the job at a fresh output folder.",)
    elif "copytree" in call:
        text = f"shutil.copytree refused to copy into '{path}', which exists already."
        fix = ("Pass dirs_exist_ok=True (Python 3.8+) or copy into a new folder.",)
    elif "rename" in call:
        text = f"A rename onto '{path}' failed because the target exists (Windows refuses to overwrite)."
        fix = ("Use os.replace(src, dst), which overwrites on every platform.",)
    else:
        who = f" on rank {rank}" if rank is not None else ""
        text = (f"Creating '{path}' failed{who} because it already exists: typically several processes of one job creating the same "
                "directory (the losers of the race raise), or a directory left over from an earlier run.")
        fix = (f"os.makedirs('{path}', exist_ok=True) (pathlib: mkdir(parents=True, exist_ok=True)) wherever it is created.",
               "In multi-process jobs create shared directories on rank 0 only and call a barrier before the other ranks use them.")
    return Explanation(text=text, fix=fix, derived={})
