"""Computed diagnosis for ipython.inspect-internal-error: what broke the traceback formatter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("errno107"):
        return Explanation(
            text=("The traceback formatter failed because the file system under the cell is a dead FUSE mount "
                  "(Errno 107 Transport endpoint is not connected): in Colab, the Google Drive mount dropped while the "
                  "working directory or the source files are on it."),
            fix=("%cd /content", "from google.colab import drive; drive.flush_and_unmount(); "
                 "drive.mount('/content/drive', force_remount=True)",
                 "If cells keep failing: Runtime > Restart session, then remount and rerun."),
            derived={"diagnosis": "Drive mount disconnected", "cause": ": Drive mount disconnected (Errno 107)"},
        )
    if facts.get("render_tb"):
        return Explanation(
            text=("IPython looked for _render_traceback_ on an exception object that is not a normal exception and then "
                  "failed to read the frames; the original error is the exception raised by the cell."),
            fix=("Rerun the cell with %xmode Plain to see the original exception.",
                 "Restart the kernel if modules were upgraded during the session."),
            derived={"diagnosis": "formatter failed on an unusual exception", "cause": ""},
        )
    return None
