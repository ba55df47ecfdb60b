"""Computed diagnosis for paddle.launch-trainer-aborted: which ranks failed, where their logs are, and what the exit code means."""

from __future__ import annotations

import signal
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNAL_HINT = {
    9: "SIGKILL: killed from outside, usually the host OOM killer (check dmesg) or the scheduler",
    6: "SIGABRT: a C++ abort/assertion inside Paddle or a library (the log ends with a C++ stack)",
    11: "SIGSEGV: a segmentation fault in native code",
    15: "SIGTERM: stopped by the launcher or scheduler, usually because another rank failed first",
    7: "SIGBUS: often shared memory (/dev/shm) too small for DataLoader workers",
}


def _ranks(raw: str | None) -> list[int]:
    return [int(x) for x in (raw or "").replace(" ", "").split(",") if x.isdigit()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    nranks, ranks = facts.get("nranks"), _ranks(facts.get("ranks"))
    rank, code, log_file = facts.get("rank"), facts.get("exit_code"), facts.get("log_file")
    log_dir = (facts.get("log_dir") or "").rstrip("/") or None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}

    if log_file is not None or rank is not None:
        r = rank if rank is not None else "?"
        where = log_file or f"{log_dir or 'log'}/workerlog.{r}"
        derived["what"] = f"trainer rank {r} failed" + (f" with exit code {code}" if code is not None else "")
        derived["where"] = where
        parts.append(f"The launcher's container for rank {r} exited" + (f" with code {code}" if code is not None else "") + f"; its output is in {where}, and the ERROR LOG DETAIL block below the summary is the tail of that file.")
        if isinstance(code, int) and code < 0:
            sig = -code
            try:
                name = signal.Signals(sig).name
            except ValueError:
                name = f"signal {sig}"
            hint = _SIGNAL_HINT.get(sig, f"{name}: the process was ended by a signal")
            derived["signal"] = name
            parts.append(f"A negative code is a signal: {hint}.")
            if sig == 9:
                fix.append("Check dmesg -T | grep -i 'killed process' on that node; lower DataLoader num_workers or batch size, or give the job more host RAM.")
            elif sig == 7:
                fix.append("Raise shared memory (docker run --shm-size=16g) or set use_shared_memory=False in the DataLoader.")
        elif code == 1:
            parts.append("Exit code 1 is an uncaught Python exception: the traceback is at the end of that log.")
        fix.insert(0, f"Read the end of {where} (tail -n 80 {where}) on the node that ran rank {r} and fix the first error there.")
    elif nranks is not None:
        where_dir = log_dir or "log"
        files = [f"{where_dir}/workerlog.{x}" for x in ranks] or [f"{where_dir}/workerlog.<rank>"]
        derived["where"] = ", ".join(files[:4]) + (" ..." if len(files) > 4 else "")
        if nranks == 1:
            derived["what"] = "the only trainer (rank 0) aborted"
            parts.append("The single trainer process exited with an error. Its output is also echoed to the terminal, so a traceback printed above the "
                         "ABORT line in this log is the cause.")
        elif ranks and len(ranks) == nranks:
            derived["what"] = f"all {nranks} trainers aborted"
            parts.append(f"All {nranks} trainer processes had exited with an error when the launcher checked (rank={ranks}). Either every rank hit the same problem "
                         "(a config, data path or environment error, NCCL initialisation) or one failed and took the others down; the workerlogs tell which.")
        else:
            lst = ", ".join(str(x) for x in ranks) or "?"
            derived["what"] = f"trainer rank{'s' if len(ranks) != 1 else ''} {lst} of {nranks} aborted"
            parts.append(f"Out of {nranks} trainer processes, rank{'s' if len(ranks) != 1 else ''} {lst} exited with an error and the launcher terminated the rest. "
                         "The ABORT line itself carries no cause.")
        parts.append(f"{'Its log is' if nranks == 1 else 'Each rank writes to'} {where_dir}/workerlog.{'0' if nranks == 1 else '<rank>'}" + (" (--log_dir from the configuration printed above)." if log_dir else " (the --log_dir directory; log/ by default in Paddle 2.x).")
                     + ("" if nranks == 1 else " Only local rank 0's output is echoed to the terminal, so a failure on another rank shows nothing here."))
        fix.append("Read " + " and ".join(f"tail -n 80 {f}" for f in files[:3]) + " (on the node that ran those ranks) and fix the first real error: ranks that only show SIGTERM were stopped because another rank failed.")
    else:
        return None
    fix.append("Logs are appended across runs: use a fresh --log_dir per run so the tail belongs to this failure.")
    fix.append("To see the error directly, run the same command on one GPU without the launcher (python tools/train.py ...).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
