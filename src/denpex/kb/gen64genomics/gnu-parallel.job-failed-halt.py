"""Computed diagnosis for gnu-parallel.job-failed-halt: which tool's job failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tool = facts.get("tool")
    command = facts.get("command")
    if not tool:
        return Explanation(
            text="GNU parallel stopped the run after one job failed; the job's own error is earlier in the log.",
            derived={"of_tool": ""},
        )
    fix: list[str] = []
    text = f"The failed job ran {command or tool}; parallel stopped the other jobs because of --halt."
    if tool.startswith("make_examples"):
        text += " This is a DeepVariant make_examples shard: its error (traceback, 'Check failed', or an OOM kill) is above."
        fix.append("Rerun the printed make_examples command alone with its --task N, fix the input or reference it reports, or lower --num_shards if shards are killed for memory.")
    else:
        fix.append(f"Rerun the printed {tool} command alone to see its own error.")
    return Explanation(text=text, fix=tuple(fix), derived={"of_tool": f" ({tool})"})
