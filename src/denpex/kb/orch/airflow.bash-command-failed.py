"""Computed diagnosis for airflow.bash-command-failed: what the command's exit code means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    1: ("the command failed (a Python script exits 1 on an uncaught exception)", "Read the command's output above the exception and fix that error"),
    2: ("a usage error (bad arguments) or a shell builtin failed", "Check the command line and the script's arguments"),
    126: ("the command exists but is not executable", "chmod +x the script or call it through its interpreter (bash script.sh / python script.py)"),
    127: ("the command was not found on the worker", "Install the tool in the worker image or call it by absolute path (e.g. /opt/venvs/ml/bin/python)"),
    137: ("SIGKILL (128+9): killed from outside, usually the worker's memory limit", "Give the worker more memory or run the step in its own pod (KubernetesPodOperator with resources)"),
    -9: ("SIGKILL: killed from outside, usually the worker's memory limit", "Give the worker more memory or run the step in its own pod (KubernetesPodOperator with resources)"),
    143: ("SIGTERM (128+15): stopped from outside (execution_timeout, task state change, worker shutdown)", "Check execution_timeout and the task's audit log"),
    -15: ("SIGTERM: stopped from outside (execution_timeout, task state change, worker shutdown)", "Check execution_timeout and the task's audit log"),
    139: ("SIGSEGV (128+11): a crash in native code", "Check library builds for the worker's architecture"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("exit_code")
    if code is None:
        return None
    meaning, fix = _EXIT.get(code, (f"exit status {code} from the command", "Read the command's output above the exception"))
    return Explanation(
        text=f"The BashOperator command exited with {code}: {meaning}. Airflow only reports the status; the command's own output is above.",
        fix=(fix, "Reproduce on a worker: airflow tasks test <dag_id> <task_id> <logical_date>"),
        derived={"exit_meaning": meaning})
