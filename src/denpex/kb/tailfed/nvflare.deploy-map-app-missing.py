"""Computed diagnosis for nvflare.deploy-map-app-missing: the folder FLARE looked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    app = str(facts.get("app") or "")
    job = str(facts.get("job") or "")
    if not app or not job:
        return None
    expected = f"{job}/{app}/config/"
    derived: dict[str, Any] = {"expected_path": expected}
    if app == job:
        derived["diagnosis"] = "deploy_map names an app folder with the job's own name"
        text = (f"meta.json maps app '{app}' but the job folder '{job}' has no sub-folder '{app}/config/': the path "
                "passed is probably the example root, not the job folder (examples keep jobs under jobs/<name>/), "
                "or the example comes from another nvflare release.")
        fix = (f"Point the command at the folder that holds meta.json and {app}/config/, e.g. .../{job}/jobs/{job}",
               f"or rename the app folder to '{app}' / the deploy_map key to the existing app folder name.")
    else:
        derived["diagnosis"] = "deploy_map key and app folder differ"
        text = f"meta.json maps app '{app}' but {expected} does not exist in job '{job}'."
        fix = (f"Rename the app folder to '{app}' (with config/config_fed_server.json and config_fed_client.json inside), "
               f"or change the deploy_map key to the app folder's name.",)
    return Explanation(text=text, fix=fix, derived=derived)
