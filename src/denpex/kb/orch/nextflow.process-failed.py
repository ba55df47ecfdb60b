"""Computed diagnosis for nextflow.process-failed: what the task's exit status means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    1: ("the command itself failed (generic error)", "Read 'Command error:' / .command.err in the work dir and fix that error"),
    2: ("the command rejected its arguments or a shell builtin failed", "Check the command line in .command.sh and the tool's usage"),
    126: ("the command was found but is not executable", "chmod +x the script in bin/, or fix the container's entrypoint"),
    127: ("the command was not found in the container/PATH", "Run with the pipeline's container profile (-profile docker|singularity|conda) or add the tool to the image"),
    130: ("SIGINT (128+2): interrupted", "Rerun with -resume"),
    134: ("SIGABRT (128+6): the tool aborted (assertion, glibc memory corruption, C++ exception)", "Read .command.err for the abort message"),
    137: ("SIGKILL (128+9): almost always the memory limit (container/cgroup or the scheduler's --mem)",
          "Raise memory for this process: process { withName:'<NAME>' { memory = <more>.GB } }, or retry with memory = { <base>.GB * task.attempt }"),
    139: ("SIGSEGV (128+11): a segmentation fault in the tool", "Check the tool version/container and input; a segfault is not fixed by more memory"),
    140: ("SIGUSR2 (128+12): SGE/LSF runtime limit warning signal", "Raise the time directive or use a longer queue"),
    143: ("SIGTERM (128+15): the executor stopped the task (time limit, preemption, cancellation)",
          "Raise the time directive (withName:'<NAME>' { time = '<longer>' }) or use a longer queue; add errorStrategy 'retry' for preemptible queues"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    proc = facts.get("process")
    name = str(proc).split(" (")[0] if proc else "<NAME>"
    if sig == "requirement-exceeds":
        res = facts.get("resource") or "memory"
        req, avail = facts.get("requested"), facts.get("available")
        nums = f" (requested {req}, available {avail})" if req and avail else ""
        cap = f"memory: '{avail}'" if res == "memory" and avail else f"{'cpus' if res == 'CPUs' else res.lower()}: {avail or '<host size>'}"
        return Explanation(
            text=f"A task asks for more {res} than this machine has{nums}; the local executor refuses to start it.",
            fix=(f"Cap requests to the host: process.resourceLimits = [{cap}] (Nextflow 24.04+), "
                 "or --max_memory / --max_cpus on older nf-core templates",),
            derived={"resource": res})
    if sig == "unknown-reason":
        return Explanation(
            text=(f"The task {proc or ''} ended without writing .exitcode: the scheduler killed or lost the job "
                  "(cancellation, node failure, spot reclaim, walltime) or the file was not visible in time on a shared filesystem."),
            fix=("Check the scheduler's record of the task's native job id (sacct -j <id> / aws batch describe-jobs)",
                 "On slow shared filesystems raise executor.exitReadTimeout; rerun with -resume"))
    code = facts.get("exit_status")
    if code is None:
        return None
    meaning, fix = _EXIT.get(code, (f"exit status {code} from the command", "Read 'Command error:' / .command.err in the work dir"))
    who = f"Process {proc}" if proc else "The failing task"
    text = f"{who} exited with status {code}: {meaning}."
    return Explanation(text=text, fix=(fix.replace("<NAME>", name), "Resume after the fix: nextflow run ... -resume"),
                       derived={"exit_meaning": meaning})
