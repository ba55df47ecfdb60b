"""Computed diagnosis for deepspeed.chat-step-failed: where the step's log is and what the status means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DIRS = {1: "output/actor-models/<size>", 2: "output/reward-models/<size>", 3: "output/step3-models/<size>"}
_NAMES = {1: "supervised fine-tuning", 2: "reward model training", 3: "RLHF (PPO) training"}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = facts.get("step")
    status = facts.get("status")
    if step is None or status is None:
        return None
    log = facts.get("log_path") or f"{_DIRS.get(step, 'output/<step dir>')}/training.log"
    name = _NAMES.get(step, f"step {step}")
    if status == 1:
        meaning = "a Python exception inside the step (most often torch.cuda.OutOfMemoryError)"
    elif status == 2:
        meaning = "a bash or argument error in the step script (unknown option, missing file)"
    elif status < 0 or status > 128:
        if status < 0:
            sig = -status
        elif status <= 128 + 64:
            sig = status - 128  # bash: child killed by a signal
        else:
            sig = 256 - status  # the launcher called sys.exit(-N) with a rank's negative return code: 247 = -9
        rank_rc = facts.get("rank_rc")
        if isinstance(rank_rc, int) and rank_rc < 0:
            sig = -rank_rc
        meaning = f"the step was killed by signal {sig}" + (" (SIGKILL: host OOM killer or scheduler)" if sig == 9 else "")
        if status > 128 + 64:
            meaning += f" - {status} is the launcher's exit code -{256 - status} seen as an unsigned byte"
    else:
        meaning = f"the step's launcher returned {status}; the cause is in its log"
    text = f"Step {step} ({name}) exited with status {status}: {meaning}. train.py hides the step's output; it is in {log}."
    killed = "SIGKILL" in meaning
    fix = ((f"No Python traceback is expected for a SIGKILL: check dmesg -T | grep -i -E 'killed process|oom' and free -g;"
            " if the kernel OOM killer fired, lower the step's batch size or ZeRO offload, or use a host with more RAM."
            if killed else f"Read the first Traceback in {log} and fix that error."),
           f"Then resume from this step: python train.py --step {' '.join(str(s) for s in range(step, 4))} (earlier steps' checkpoints are reused).")
    return Explanation(text=text, fix=fix, derived={"step_log": log})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
