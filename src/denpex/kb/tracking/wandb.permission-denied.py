"""Computed diagnosis for wandb.permission-denied: which entity/project the run asked for and whether
the server said it does not exist (404) or is not yours (403)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ENTITY = re.compile(r"entity (\S+) not found")
_PLACEHOLDER = re.compile(r"^(?:your|my|<|\{|\$)|entity$|^team$|^username$", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    status = facts.get("status")
    entity = facts.get("entity")
    project = facts.get("project")
    run_path = facts.get("run_path")
    m = _ENTITY.search(reason)
    if m and not entity:
        entity = m.group(1)
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if entity:
        derived["entity"] = entity
    if entity and project:
        target = f"{entity}/{project}"
    elif run_path:
        target = str(run_path)
        entity = entity or str(run_path).split("/")[0]
    elif entity:
        target = f"entity '{entity}'"
    else:
        target = "the requested entity/project"
    derived["target"] = target
    not_found = status == 404 or "not found" in reason
    if entity and _PLACEHOLDER.search(str(entity)):
        parts.append(f"'{entity}' is a placeholder that was never replaced with a real W&B username or team.")
    if not_found and "project" in reason and not m:
        parts.append("The project does not exist under that entity for your user (it belongs to another entity, or the entity is the repo authors').")
    elif not_found:
        parts.append(f"The entity {('`' + str(entity) + '`') if entity else ''} does not exist on this W&B server - typically the authors' team name left in a cloned repo's config.".replace("  ", " "))
    else:
        parts.append(f"The entity {('`' + str(entity) + '`') if entity else ''} exists but your user may not write to it: you are not a member of that team, or the project belongs to another team.".replace("  ", " "))
    derived["action"] = f"set entity to your own username/team (WANDB_ENTITY) or drop entity=" if entity else "set entity to your own username/team or drop entity="
    fix.append(f"Replace entity{(' ' + repr(str(entity))) if entity else ''} with your username or a team you belong to: wandb.init(entity='<you>') / export WANDB_ENTITY=<you> / the config field (logger.entity, wandb.entity, --wandb_entity).")
    fix.append("Or delete the entity setting so W&B uses your default entity (python -c \"import wandb; print(wandb.Api().viewer.entity)\").")
    if not not_found:
        fix.append("If the run must go to that team: ask a team admin to add you as a member.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
