"""Computed diagnosis for nvflare.job-process-exit-code: signal vs exit status, shutdown vs mid-run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {9: "SIGKILL", 15: "SIGTERM", 11: "SIGSEGV", 6: "SIGABRT", 2: "SIGINT", 7: "SIGBUS"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["exit_code"])
    except (KeyError, TypeError, ValueError):
        return None
    job = facts.get("job_id") or "?"
    end_run = str(facts.get("end_run") or "")
    derived: dict[str, Any] = {}
    if code < 0:
        sig = _SIGNALS.get(-code, f"signal {-code}")
        derived["signal"] = sig
        if code == -9 and end_run and "abort" not in end_run.lower():
            diagnosis = "killed by FLARE at shutdown after the run ended"
            text = (f"The job process of run {job} was SIGKILLed after '{end_run}': FLARE ends a job process this way when its "
                    "cleanup does not finish in time. The run itself had ended; check list_jobs for FINISHED:COMPLETED.")
            fix = ("Nothing to fix when the job is FINISHED:COMPLETED; otherwise read <client_workspace>/" + str(job) + "/log.txt.",)
        elif code == -9:
            diagnosis = "SIGKILL during the run (likely out of host memory)"
            text = (f"The job process of run {job} was SIGKILLed while running: the kernel OOM killer or a container memory "
                    "limit is the usual sender.")
            fix = ("Check dmesg -T | grep -i 'killed process' on the client; reduce memory (batch size, num_workers, clients per machine) "
                   "or give the client more RAM.",)
        elif code == -15 or end_run:
            diagnosis = f"{sig}: the job was stopped or aborted"
            text = f"The job process of run {job} ended by {sig}: an abort_job, a server-side abort or a stop of the client."
            fix = ("Look for the first error on the server or another client that made FLARE abort the job.",)
        else:
            diagnosis = f"job process died of {sig}"
            text = f"The job process of run {job} died of {sig} (a crash in native code or an external signal)."
            fix = ("Read <client_workspace>/" + str(job) + "/log.txt and the console of the client for the crash.",)
    else:
        diagnosis = "job process exited with an error" if code == 1 else f"job process exited with status {code}"
        text = (f"The job process of run {job} exited with status {code}: an uncaught exception or a failed start of the app "
                "(missing package on this client, error in custom code or config).")
        fix = ("Open <client_workspace>/" + str(job) + "/log.txt on this client and fix the first Traceback.",)
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
