"""Computed diagnosis for wandb.run-not-found: which run W&B looked for, how, and the fix for that case."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    run_id = str(facts.get("run_id") or "")
    run_path = str(facts.get("run_path") or "")
    mode = str(facts.get("mode") or "")
    state = str(facts.get("state") or "")
    entity = str(facts.get("entity") or "")
    project = str(facts.get("project") or "")
    reason = str(facts.get("reason") or "").strip(" :")
    status = facts.get("status")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    where = f"{entity}/{project}" if entity and project else ""
    if run_path:
        target = run_path
    elif run_id:
        target = f"{where}/{run_id}" if where else run_id
    else:
        m = re.search(r"([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+/[A-Za-z0-9_-]+)", reason)
        target = m.group(1) if m else "(run id not shown)"
    derived["target"] = target
    exists = state in ("exists", "already exists")
    if mode == "never" and exists:
        derived["target"] = target
        derived["how"] = "already exists, and resume='never' refuses to reuse it"
        parts.append(f"resume='never' was set, but run {run_id} already exists{(' in ' + where) if where else ''}: the id is taken (a reused fixed id, or a restart of the same job).")
        fix.append("Use a fresh id (wandb.util.generate_id()), or resume='allow' if the restart should continue that run.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if mode == "must":
        derived["how"] = "not found in the project this init writes to (resume='must')"
        scope = f"the project this init writes to ({where})" if where else "the entity/project this init writes to"
        parts.append(
            f"wandb.init asked to resume run {run_id} with resume='must', and {scope} has no started run with that id. "
            "The lookup only searches that entity and project: an id that exists in another project (init without project=, "
            "a different WANDB_PROJECT/WANDB_ENTITY, a renamed project) counts as missing, and so does an id that was never synced "
            "or was rewritten by the launcher."
        )
        fix.append(f"Resume where the run lives: wandb.init(entity='<its entity>', project='<its project>', id='{run_id}', resume='must'). Copy both from the run's URL.")
        fix.append(f"If the run may not exist yet (first start, restart before the first sync): use resume='allow' so it is created when missing.")
        fix.append(f"Check: python -c \"import wandb; print(wandb.Api().run('<entity>/<project>/{run_id}').url)\"")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if run_path and facts.get("status") is None and not reason and (entity or project) and not mode:
        bits = run_path.split("/")
        derived["how"] = "not found by the public API (missing, private or a wrong path)"
        if "None" in bits or "" in bits:
            parts.append(f"The run path {run_path} contains None/empty parts: it was built from configuration values that were never set (entity, project or run id).")
            fix.append("Set the missing config value (the W&B entity/project/run id the script expects), or disable the option that loads from W&B.")
        else:
            parts.append(
                f"wandb.Api().run('{run_path}') found nothing: the run does not exist under {bits[0]}/{bits[1]}, or it is in a private project "
                "your login cannot read (the API gives the same answer for both). Research code often downloads the authors' checkpoint this way."
            )
            fix.append(f"Open https://wandb.ai/{bits[0]}/{bits[1]}/runs/{bits[-1]} while logged in; if it is not visible to you, get the weights elsewhere "
                       "(ask the authors, a hub mirror) and turn off the W&B download/resume option in the config.")
            fix.append("If it is your own run: correct the path (copy entity/project/id from the run URL) and check `wandb login --relogin` uses the right account.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if run_path:
        derived["how"] = "no longer exists (deleted while the process was running)"
        parts.append(f"The process was still uploading to run {run_path}, but the server no longer has it. The run was deleted (or its project moved) in the web UI while it ran.")
        fix.append("Stop the process and start a new run (fresh id); a deleted run cannot receive data.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["how"] = f"not found ({reason})" if reason else "not found"
    if "updating run" in reason:
        parts.append(
            f"The server could not find run {run_id or target} when the SDK tried to update it (HTTP {status}). This happens when an init with a "
            "fixed id/resume targets a project or entity where that run does not exist, or when the run was deleted while the process ran."
        )
        fix.append("Resume in the run's own entity and project (wandb.init(entity=..., project=..., id=..., resume='allow')), or start a new run with a fresh id.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    status_txt = f" (HTTP {status})" if status else ""
    parts.append(
        f"The W&B server answered that the run{(' ' + run_id) if run_id else ''} was not found{(' ' + reason) if reason else ''}{status_txt}. The run was "
        "deleted, or the project was renamed or moved, while the SDK (or a sweep agent) still referred to it by its old path."
    )
    fix.append("Start a new run (or point the sweep agent at the project's current name); check the project path in the W&B UI.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
