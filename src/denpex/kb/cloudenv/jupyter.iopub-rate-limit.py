"""Computed diagnosis for jupyter.iopub-rate-limit: which limit, which server, the flag to raise it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "data")
    app = str(facts.get("app") or "ServerApp")
    limit = facts.get("limit")
    knob = "iopub_data_rate_limit" if kind == "data" else "iopub_msg_rate_limit"
    unit = "bytes/s" if kind == "data" else "messages/s"
    cmd = "jupyter notebook" if app == "NotebookApp" else "jupyter lab"
    new = "1.0e10" if kind == "data" else "1.0e6"
    lim = f"{float(limit):g} {unit}" if isinstance(limit, (int, float)) else f"the default ({'1000000 bytes/s' if kind == 'data' else '1000 messages/s'})"
    text = (f"The cell's output exceeded {app}.{knob} = {lim}; the server paused forwarding output. "
            "The kernel kept running: results are intact, only displayed output is missing.")
    fix = (("Print/log less per step (every N steps, df.head(), tqdm(mininterval=1)) or write verbose output to a file.",
            f"Or raise the limit: {cmd} --{app}.{knob}={new} (or c.{app}.{knob} = {new} in the jupyter config)."))
    return Explanation(text=text, fix=fix, derived={})
