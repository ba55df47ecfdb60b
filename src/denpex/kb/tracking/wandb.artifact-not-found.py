"""Computed diagnosis for wandb.artifact-not-found: which part of the path failed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PLACEHOLDER = re.compile(r"^<|^\{|^\$|^your[_-]|^my[_-]|^entity$|^project$|^username$|^team$", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    entity = str(facts.get("entity") or "")
    project = str(facts.get("project") or "")
    artifact = str(facts.get("artifact") or "")
    derived: dict[str, Any] = {}
    target = "/".join(x for x in (entity, project, artifact) if x) or "(path not shown)"
    derived["target"] = target
    parts: list[str] = []
    fix: list[str] = []
    placeholders = [x for x in (entity, project) if x and _PLACEHOLDER.search(x)]
    if placeholders:
        derived["level"] = "the path still contains placeholders"
        parts.append(f"{' and '.join(repr(p) for p in placeholders)} in the artifact path {'is a placeholder' if len(placeholders) == 1 else 'are placeholders'} "
                     "that was never replaced with a real W&B entity/project.")
        fix.append("Replace the placeholders with the real entity/project (copy the full path from the artifact's Usage tab), or disable the W&B download in the config.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if not artifact:
        derived["level"] = f"project {project!r} is not visible under entity {entity!r}"
        parts.append(f"The project {entity}/{project} does not exist for your login: either it is private (usually the code authors' project), "
                     "or the entity/project name is wrong. W&B does not distinguish the two.")
        fix.append(f"Open https://wandb.ai/{entity}/{project} while logged in; if you cannot see it, ask the owner for access or get the files another way.")
        fix.append("If it is your own project: fix the entity (wandb.Api().default_entity) and project names in the path.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    name, _, alias = artifact.partition(":")
    derived["level"] = f"{entity}/{project} has no artifact {artifact!r}"
    parts.append(f"The project {entity}/{project} is reachable but has no artifact {name!r}" + (f" with alias/version {alias!r}." if alias else " (no alias given)."))
    if alias and alias not in ("latest",) and not re.fullmatch(r"v\d+", alias):
        parts.append(f"{alias!r} is a custom alias; it exists only if someone attached it to a version in this project.")
    fix.append(f"List what exists: python -c \"import wandb; print([v.name for v in wandb.Api().artifact_versions('<type>', '{entity}/{project}/{name}')])\" "
               "or check the project's Artifacts tab; then use an existing name:alias.")
    fix.append("If the artifact belongs to someone else's run that you cannot see, obtain the weights elsewhere and switch off the download.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
