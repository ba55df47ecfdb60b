"""Computed diagnosis for ray.train-failed: say where the failing worker's error is for this wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    ranks = facts.get("failed_ranks")
    trial = facts.get("trial")
    trials = facts.get("trials")
    error_file = facts.get("error_file")
    if error_file and not ranks:
        n = facts.get("errored_trials") or facts.get("failures")
        derived["where"] = f"the trial's error file {error_file}"
        parts.append(
            f"Ray Tune's status table lists {'errored trials (' + str(n) + ')' if facts.get('errored_trials') else 'trials in ERROR'}: it shows "
            f"only where each trial's traceback was saved, not the error itself. {error_file} holds the traceback of "
            f"{'trial ' + str(trial) if trial else 'the first errored trial'}; the others' error files are in their rows."
        )
        fix.append(f"cat {error_file}  # the trial's exception and traceback: fix that, then rerun or Tuner.restore(..., restart_errored=True)")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if ranks:
        n = len(str(ranks).split(","))
        derived["where"] = f"[Rank {ranks} Error Snippet] under this line"
        parts.append(
            f"Ray Train reports worker errors; the '[Rank {ranks} Error Snippet]:' block right under this line is "
            f"the error of {'rank ' + str(ranks) if n == 1 else 'ranks ' + str(ranks) + ' (the same error on each)'}."
        )
        parts.append("If several snippets differ, the one that is not a collective timeout/NCCL error is usually the first failure.")
    elif trial:
        derived["where"] = f"the traceback logged for trial {trial}"
        parts.append(
            f"Ray Tune logged trial {trial} as failed; the traceback right under this line ends with the trial's exception "
            "(for Ray Train, the innermost RayTaskError for ray::_RayTrainWorker__execute()). The same text is saved as "
            f"error.txt in the trial directory of {trial}."
        )
        fix.append(f"find ~/ray_results <storage_path> -path '*{trial}*' -name error.txt  # the trial's saved traceback")
    elif trials:
        derived["where"] = "the per-trial tracebacks above and each trial's error.txt"
        names = [t.strip() for t in str(trials).split(",") if t.strip()]
        parts.append(
            f"Ray Tune finished with {len(names)} trial(s) not completed ({', '.join(names[:4])}{', ...' if len(names) > 4 else ''}). "
            "Each failed trial's traceback was logged earlier ('Trial task failed for trial ...' / 'Error processing event') and saved to error.txt in its trial directory."
        )
        fix.append(f"Read error.txt of {names[0]} (the status table lists its path under 'error file')." if names else "Read each failed trial's error.txt.")
    else:
        derived["where"] = "the first RayTaskError / (RayTrainWorker ...) traceback above"
        parts.append(
            "Ray Train's fit() raised after the training run failed; the cause is the worker's exception printed earlier: the first "
            "RayTaskError(...) for ray::_RayTrainWorker__execute() or lines prefixed '(RayTrainWorker pid=N, ip=A)'."
        )
    if facts.get("restore_path"):
        cls = facts.get("trainer") or "Trainer"
        parts.append(f"The run's state is kept at {facts['restore_path']}; after fixing the cause it can be continued.")
        fix.append(f"After fixing the cause: trainer = {cls}.restore(\"{facts['restore_path']}\"); trainer.fit()")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
