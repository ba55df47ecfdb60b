"""Computed diagnosis for nvflare.cli-command-failed: what the text after 'due to:' means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cmd = str(facts.get("command") or "")
    reason = str(facts.get("reason") or "").strip()
    if not cmd or not reason:
        return None
    if reason.strip("'\"") == "run_status" and cmd == "simulator":
        return Explanation(
            text=("The simulator child process failed before it reported run_status (the parent's lookup raised "
                  "KeyError 'run_status'): the real error is in the simulator's log, not in your command line."),
            fix=("tail -n 80 <workspace>/simulate_job/log.txt  # or <workspace>/server/simulate_job/log.txt",
                 "Check the job folder matches the installed release (meta.json, app/config/config_fed_server.json, config_fed_client.json).",
                 "Retry with one client and one thread: nvflare simulator -w <workspace> -n 1 -t 1 <job_folder>"),
            derived={"diagnosis": "simulator worker died before reporting its status"},
        )
    m = re.search(r"No such file or directory: '([^']+)'", reason)
    if m:
        return Explanation(
            text=f"nvflare {cmd} could not find {m.group(1)}.",
            fix=(f"Create or point to the missing path ({m.group(1)}), e.g. run `nvflare poc prepare` before `nvflare poc start`.",),
            derived={"diagnosis": f"missing file {m.group(1)}"},
        )
    if re.fullmatch(r"'[\w.-]+'", reason):
        return Explanation(
            text=f"nvflare {cmd} raised KeyError {reason}: a configuration or result key is missing.",
            fix=(f"Search the job/project configuration for {reason} and check it against the docs of your nvflare version.",),
            derived={"diagnosis": f"missing key {reason}"},
        )
    return Explanation(
        text=f"nvflare {cmd} raised: {reason}. 'please check syntax' is printed for any exception.",
        fix=(f"Fix the error named after 'due to:' ({reason}).",),
        derived={"diagnosis": "sub-command raised"},
    )
