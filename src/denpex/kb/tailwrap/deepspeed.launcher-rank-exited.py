"""Computed diagnosis for deepspeed.launcher-rank-exited: decode the return code and say where the failing rank's error is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS: dict[int, tuple[str, str, str]] = {
    9: ("SIGKILL", "killed outright, nearly always by the kernel OOM killer (host RAM, not GPU memory) or a container memory limit",
        "Check the node's kernel log: dmesg -T | grep -iE 'killed process|out of memory'; then lower host memory per rank "
        "(low_cpu_mem_usage, no ZeRO CPU offload, fewer ranks loading at once) or add RAM/swap."),
    11: ("SIGSEGV", "a segmentation fault in native code (a CUDA/C++ extension, the driver, a mismatched build)",
         "Rerun with --enable_each_rank_log DIR and python -X faulthandler to get the crashing rank's native stack."),
    6: ("SIGABRT", "an abort: a C++ exception ('terminate called after throwing'), a failed native assert or the NCCL watchdog",
        "Search the ranks' output for 'terminate called', 'Watchdog caught collective operation timeout' or an NCCL error."),
    7: ("SIGBUS", "a bus error, usually shared memory (/dev/shm) too small or full, as in Docker's 64 MB default",
        "Check df -h /dev/shm and start the container with --shm-size=16g (or --ipc=host)."),
    15: ("SIGTERM", "terminated from outside (scheduler, pod deletion, a kill)", "Find what sent the signal: job time limit, preemption, OOM eviction of the pod."),
    2: ("SIGINT", "interrupted (Ctrl-C)", "Nothing failed in the training itself; rerun or resume."),
    4: ("SIGILL", "an illegal instruction: a binary built for another CPU or GPU architecture", "Rebuild or reinstall the extension for this machine."),
}


def _decode(code: int) -> tuple[str, str | None]:
    if code < 0:
        name, why, fix = _SIGNALS.get(-code, (f"signal {-code}", "killed by a signal", ""))
        return f"Return code {code} = the process was killed by {name}: {why}.", fix or None
    if code == 1:
        return ("Return code 1 = an uncaught Python exception (or sys.exit(1)) in that process: its traceback is the failure.",
                "Read the first traceback above the 'Killing subprocess' lines (lines prefixed [rankN]: when the script prefixes them).")
    if code == 2:
        return ("Return code 2 = usually argparse rejecting the command line (an unknown argument such as --local_rank "
                "that the script does not declare).",
                "Read the usage/error line the process printed; add the argument (or run the launcher with --no_local_rank).")
    if code > 128 and (code - 128) in _SIGNALS:
        name, why, fix = _SIGNALS[code - 128]
        return f"Return code {code} = 128 + {code - 128}: killed by {name}, {why}.", fix
    return f"Return code {code} = the process called exit({code}) or a tool it ran failed.", None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    code = facts.get("exitcode")
    last = facts.get("last_local_rank")
    script = facts.get("script")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if sig == "runner-kill-cmd-nameerror":
        derived["headline"] = "DeepSpeed runner's signal handler failed on kill_cmd after the launcher was interrupted"
        text = ("The deepspeed runner (runner.py) received Ctrl-C or SIGTERM and its own sigkill_handler then failed with a NameError: "
                "kill_cmd is only set for multi-node runs, so the pdsh runner on a single node cannot clean up. The NameError is "
                "a launcher bug, not the failure: look for who stopped the run, or for a worker's error above.")
        fix.append("Check who sent the signal (Ctrl-C, scheduler time limit, a parent process exiting) and make sure no worker processes were left running (nvidia-smi, ps).")
        fix.append("Launch single-node runs without the pdsh runner (plain 'deepspeed train.py' without a hostfile or --launcher pdsh), or upgrade DeepSpeed past the runner fix.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if sig == "main-process-received-signal":
        signame = facts.get("signal_received") or "a signal"
        derived["headline"] = f"DeepSpeed launcher received {signame} and stopped every worker"
        text = (f"The launcher itself received {signame} while its workers were running, killed them and exited with 1. "
                "No worker had failed at that point (otherwise it would log 'exits with return code'): the run was stopped "
                "from outside - a scheduler time limit or preemption, a deleted Kubernetes pod, Ctrl-C, or a parent process exiting.")
        fix.append("Check the scheduler's record of the job (sacct -j JOB -o State,ExitCode,Elapsed,Timelimit; kubectl describe pod) for who stopped it.")
        fix.append("Resume from the last saved checkpoint; raise the time limit or save checkpoints more often.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    parts = ["The DeepSpeed launcher found one of its processes ended with a non-zero code, killed the others "
             "(the 'Killing subprocess' lines) and exited with that code: this is a report, the failure is that process's."]
    if isinstance(code, int):
        decoded, code_fix = _decode(code)
        parts.append(decoded)
        derived["headline"] = f"DeepSpeed launcher: a worker process exited with return code {code}"
        if code_fix:
            fix.append(code_fix)
    else:
        derived["headline"] = "DeepSpeed launcher: a worker process failed and the launcher killed the others"
        parts.append("The line with the return code ('... exits with return code = N') is not in this log.")
    if isinstance(last, int):
        derived["printed_local_rank"] = last
        parts.append(f"The command it prints carries --local_rank={last}: that is the LAST process it started on this node "
                     f"(local ranks 0..{last}), not necessarily the one that failed.")
    if script:
        derived["script"] = script
    fix.append("If no worker error is above the launcher lines, rerun with `deepspeed --enable_each_rank_log /tmp/ds_logs ...` "
               "and read each rank's file for the first error.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
