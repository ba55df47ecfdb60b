"""Computed diagnosis for dist.child-failed-summary: decode the exit code and say where the traceback is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS: dict[int, tuple[str, str]] = {
    6: ("SIGABRT", "the process aborted: most often the NCCL watchdog taking the process down after a collective "
        "timed out or failed, otherwise a C++ exception ('terminate called after throwing') or a native assert"),
    9: ("SIGKILL", "the process was killed: most often the kernel OOM killer or a container/cgroup memory limit, "
        "or torchrun's own SIGKILL 30 s after SIGTERM"),
    11: ("SIGSEGV", "a segmentation fault in native code (an extension, the driver, a bad pointer)"),
    7: ("SIGBUS", "a bus error, usually shared memory (/dev/shm) too small or full, e.g. DataLoader workers"),
    15: ("SIGTERM", "the process was asked to terminate (by torchrun after another failure, or by the scheduler)"),
    2: ("SIGINT", "an interrupt (Ctrl-C)"),
    4: ("SIGILL", "an illegal instruction (binary built for another CPU)"),
    8: ("SIGFPE", "an arithmetic fault in native code"),
}
_NAME_TO_NUM = {name: num for num, (name, _) in _SIGNALS.items()}
# the first thing to check for a worker that died of this signal (whichever launcher reported it)
_SIGNAL_FIX = {
    "SIGKILL": "Check the node's kernel log for the OOM killer: dmesg -T | grep -iE 'killed process|out of memory'.",
    "SIGABRT": "Search that rank's output for 'Watchdog caught collective operation timeout' or 'terminate called after throwing'; a watchdog abort usually means another rank stalled first.",
    "SIGBUS": "Check /dev/shm size and usage (df -h /dev/shm); raise --shm-size for containers.",
    "SIGSEGV": "Re-run the failing rank with faulthandler enabled (python -X faulthandler) to get the native crash location.",
}


def _decode(exitcode: int) -> tuple[str, str | None]:
    """The exit code as a sentence, and the signal's name when a signal ended the worker."""
    if exitcode < 0:
        num = -exitcode
        name, why = _SIGNALS.get(num, (f"signal {num}", "the process was killed by a signal"))
        return f"Exit code {exitcode} = killed by {name}: {why}.", name
    if exitcode > 128 and exitcode - 128 in _SIGNALS:
        name, why = _SIGNALS[exitcode - 128]
        return f"Exit code {exitcode} = 128 + {exitcode - 128}, killed by {name}: {why}.", name
    if exitcode == 1:
        return "Exit code 1 = an uncaught Python exception (or sys.exit(1)) in the worker.", None
    return f"Exit code {exitcode} = the worker called exit({exitcode}) or a tool it ran failed.", None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exitcode = facts.get("exitcode")
    local = facts.get("failed_local_rank")
    rank = facts.get("root_rank")
    signame = facts.get("signal_name")
    if exitcode is None and signame in _NAME_TO_NUM:
        exitcode = -_NAME_TO_NUM[signame]
    sig = str(facts.get("_signature") or "")
    if sig.startswith("composer-"):
        return _explain_composer(sig, exitcode, facts)
    if exitcode is None and local is None and rank is None and isinstance(facts.get("listed_rank"), int):
        # the summary's header and its first worker record, without the Root Cause section (a cut paste)
        lr, ll, lc = facts["listed_rank"], facts.get("listed_local_rank"), facts.get("listed_exitcode")
        text, name = _decode(lc) if isinstance(lc, int) else ("", None)
        derived = {"launcher": "torchrun", "headline": f"torchrun: rank {lr} failed" + (f" with exit code {lc}" if lc is not None else "")}
        parts = [f"torchrun's summary lists rank {lr}" + (f" (local rank {ll})" if ll is not None else "") + " as failed"
                 + (f" with exit code {lc}" if lc is not None else "") + ".", text,
                 "The 'Root Cause (first observed failure)' section is not in this log: if it names another rank, that rank failed first."]
        fix = [f"Read rank {lr}'s own output (its [rank{lr}]: lines, or attempt_0/{ll if ll is not None else lr}/stderr.log under torchrun --log-dir): "
               "its last error is the failure; the full summary's Root Cause section names the first rank."]
        if lc == 2:
            fix.append("Exit code 2 is usually argparse rejecting the command line (an unknown or missing argument, e.g. --local-rank "
                       "passed by torchrun to a script that expects --local_rank): the rank's stderr holds the usage line.")
        if name:
            derived["signal"] = name
        return Explanation(text=" ".join(x for x in parts if x), fix=tuple(fix), derived=derived)
    if exitcode is None and local is None and rank is None:
        return None
    if facts.get("spawn"):
        return _explain_spawn(local, exitcode, signame, facts)
    derived: dict[str, Any] = {"launcher": "torchrun"}
    parts: list[str] = []
    fix: list[str] = []
    r = rank if rank is not None else local
    derived["headline"] = (f"torchrun: rank {r}" + (f" (local rank {local})" if local is not None and rank is not None else "")
                           + " failed first" + (f" with exit code {exitcode}" if exitcode is not None else ""))
    if rank is None and isinstance(local, int):
        who = f"local rank {local}"
        if not facts.get("summary_follows"):
            # Only the agent's line (local rank) is in the log; on a single-node run it is also the global rank.
            # When the ChildFailedError block follows, its Root Cause entry carries the global rank instead.
            derived["root_rank"] = local
            derived["root_rank_is_local"] = True
    else:
        who = f"rank {rank}" + (f" (local rank {local})" if local is not None else "")
    if facts.get("host"):
        who += f" on {facts['host']}"
    if facts.get("pid") is not None:
        who += f", pid {facts['pid']}"
    parts.append(f"torchrun saw {who} fail first.")
    name = None
    if isinstance(exitcode, int):
        text, name = _decode(exitcode)
        parts.append(text)
        if name:
            derived["signal"] = name
    if derived.get("root_rank_is_local"):
        parts.append("Only the local rank is known here; on a multi-node job the global rank is node_rank x nproc_per_node + local rank.")
    error_file = facts.get("error_file")
    message = str(facts.get("message") or "")
    no_record = (error_file == "<N/A>" or "To enable traceback" in message or message.startswith("Signal ")
                 or sig == "no-error-file-notice")
    if no_record or error_file is None:
        derived["traceback_in_summary"] = False
        if isinstance(rank, int):
            target = f"the lines prefixed [rank{rank}]: in the combined log"
        elif isinstance(local, int):
            target = f"the lines of local rank {local} ([rank{local}]: on a single-node run)"
        else:
            target = "the failed worker's lines"
        lead = (
            "The summary does not contain the worker's error (no @record, error_file <N/A>)"
            if no_record
            else "torchrun's line carries only the exit code"
        )
        parts.append(
            f"{lead}: the traceback is only in that worker's own stderr - {target}, or its stderr.log under torchrun --log-dir."
        )
        fix.append("Add @record (from torch.distributed.elastic.multiprocessing.errors import record) on main() so the traceback reaches the summary.")
        if isinstance(local, int):
            fix.append(f"Re-run with torchrun --log-dir logs --tee 3 and read logs/<run>/attempt_0/{local}/stderr.log.")
    elif message:
        parts.append(f"Worker error: {message[:300]}")
    if name in _SIGNAL_FIX:
        fix.insert(0, _SIGNAL_FIX[name])
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def _explain_spawn(local: Any, exitcode: Any, signame: Any, facts: Mapping[str, Any]) -> Explanation:
    """torch.multiprocessing.spawn (mp.spawn, detectron2's launch, fairseq, YOLOX): the parent re-raises
    the first child failure it sees, naming the child by its spawn index (the local rank)."""
    derived: dict[str, Any] = {"launcher": "torch.multiprocessing.spawn"}
    parts: list[str] = []
    fix: list[str] = []
    raised = facts.get("spawn") == "terminated"  # "-- Process N terminated with the following error:"
    if isinstance(local, int):
        derived["root_rank"] = local
        derived["root_rank_is_local"] = True
    how = "raised an exception" if raised else (f"exited with code {exitcode}" if isinstance(exitcode, int) and exitcode >= 0 else f"was killed by {signame or f'signal {-exitcode}'}")
    derived["headline"] = f"torch.multiprocessing.spawn: process {local} {how} first"
    parts.append(f"torch.multiprocessing.spawn saw process {local} (its spawn index: the local rank, and the rank on a single node) {how}; "
                 "it then terminated the other processes and re-raised the failure in the parent.")
    if raised:
        parts.append("The child's own traceback is printed right under '-- Process N terminated with the following error:': the exception at its end is the failure to fix.")
    elif isinstance(exitcode, int):
        text, name = _decode(exitcode)
        parts.append(text)
        parts.append("The process printed no Python traceback to spawn: look at its own last lines above (a native crash, os._exit, sys.exit, or a kill).")
        if name in _SIGNAL_FIX:
            fix.append(_SIGNAL_FIX[name])
    fix.append(f"Read process {local}'s lines first: in a single console every spawned process prints unprefixed, so add the rank to your log format (e.g. logging.Formatter('[rank%(rank)s] ...') or print(f'[rank{{rank}}]', ...)) to tell them apart.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def _explain_composer(sig: str, exitcode: Any, facts: Mapping[str, Any]) -> Explanation:
    """MosaicML Composer's launcher: "Rank N crashed with exit code C." names the first rank it found
    ended; "Global rank N (PID p) exited with code C" heads that rank's saved output, or is its final
    status line, which names the first rank *in order* that ended non-zero (perhaps one it killed)."""
    derived: dict[str, Any] = {"launcher": "the Composer launcher"}
    parts: list[str] = []
    fix: list[str] = []
    name = None
    text = ""
    if isinstance(exitcode, int):
        text, name = _decode(exitcode)
    if sig == "composer-rank-crashed":
        rank = facts.get("root_rank")
        derived["headline"] = f"Composer launcher: rank {rank} crashed first" + (f" with exit code {exitcode}" if exitcode is not None else "")
        parts.append(f"The Composer launcher saw global rank {rank} end first ({text[0].lower() + text[1:] if text else 'non-zero'}), "
                     "then sent SIGTERM to the other ranks.")
        parts.append(f"Rank {rank}'s own output is printed below between '----------Begin global rank {rank} STDERR----------' and its End marker "
                     "(local rank 0 prints straight to the console): the exception at its end is the failure.")
    else:
        rank = facts.get("exited_rank")
        derived["headline"] = f"Composer launcher: global rank {rank} exited with code {exitcode}"
        if name == "SIGTERM":
            parts.append(f"Global rank {rank} was terminated (exit code {exitcode}): the launcher stops every rank with SIGTERM after one crashed, "
                         "so this rank is not the one that failed; the crashed rank's output is the block between its Begin/End markers.")
        else:
            parts.append(f"Global rank {rank} ended with exit code {exitcode}. {text}".strip())
            parts.append(f"Its saved stdout/stderr follow between '----------Begin global rank {rank} ...' and '----------End global rank {rank} ...' markers.")
    if name in _SIGNAL_FIX:
        fix.append(_SIGNAL_FIX[name])
    fix.append("Read the crashed rank's block (or its file: composer --stdout/--stderr formats, default rank{rank}.stdout.txt in a temporary folder); "
               "for every rank's output in its own file run composer with --stdout 'logs/rank{rank}.out' --stderr 'logs/rank{rank}.err'.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
