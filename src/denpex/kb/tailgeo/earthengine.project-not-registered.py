"""Computed diagnosis for earthengine.project-not-registered: which project step is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    project = str(facts.get("project") or "")
    if sig == "no-project-found":
        diagnosis = "no project given"
        text = "ee.Initialize ran without project= and the stored credentials name none."
        fix = ("ee.Initialize(project='YOUR-PROJECT')  # or: earthengine set_project YOUR-PROJECT",)
    elif sig == "project-not-registered":
        diagnosis = "project not registered for Earth Engine"
        text = f"Cloud project '{project}' exists but is not registered for Earth Engine use."
        fix = (f"open https://code.earthengine.google.com/register?project={project} and register it (noncommercial or commercial)",)
    elif sig == "api-not-enabled":
        diagnosis = "Earth Engine API disabled in the project"
        kind = "project number" if project.isdigit() else "project"
        text = (f"The Earth Engine API is not enabled in {kind} {project}"
                + (" - a bare number usually means the default OAuth client's project, not yours: pass project=." if project.isdigit() else "."))
        fix = (f"gcloud services enable earthengine.googleapis.com --project {project}",
               "ee.Initialize(project='YOUR-PROJECT')")
    elif sig in ("not-signed-up-or-not-registered", "not-signed-up-legacy"):
        diagnosis = "account/project not registered (legacy default project)"
        text = "The request went to the legacy default project (or an unregistered one); Earth Engine now needs a registered Cloud project."
        fix = ("ee.Authenticate(); ee.Initialize(project='YOUR-REGISTERED-PROJECT')",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
