"""Computed diagnosis for starlette.middleware-after-start: which code added the middleware and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    app_file = str(facts.get("app_file") or "").strip()
    caller = str(facts.get("caller") or "").strip()
    if not app_file and not caller:
        return None
    low = app_file.replace("\\", "/").lower()
    derived: dict[str, Any] = {}
    if caller:
        derived["caller"] = caller
    if low.endswith("modules/api/api.py") or caller == "api_middleware":
        text = (
            "The web UI's API timing middleware (modules/api/api.py api_middleware) was registered after the server "
            "started; this web UI pins an older fastapi/starlette, so a package upgrade (an extension's requirements "
            "or a manual pip install) put starlette 0.24+ into its venv."
        )
        fixes = [
            "Reinstall the UI's pinned versions in its venv: python -m pip install -r requirements_versions.txt (run with the venv's python).",
            "Update the web UI (git pull) and pin the requirements of the extension that upgraded fastapi.",
        ]
    elif low.endswith("webui.py") or caller == "webui":
        text = (
            f"{app_file or 'webui.py'} adds GZipMiddleware after gradio's launch() has started the app: this checkout "
            "predates the Feb 2023 fix and the venv has fastapi >= 0.91 (starlette >= 0.24), which refuses late middleware."
        )
        fixes = [
            "Update the web UI: git pull in its folder (Colab: update the notebook, which clones a current version).",
            "Or pin the old API stack in the venv: python -m pip install fastapi==0.90.1 (Colab: append fastapi==0.90.1 to requirements_versions.txt before launch).",
        ]
    else:
        text = (
            f"{app_file or caller} registered a middleware after the Starlette/FastAPI app was already serving; "
            "starlette 0.24+ raises instead of ignoring it."
        )
        fixes = [
            "Update the application (or extension) to a release that adds middleware before launch()/uvicorn.run.",
            "Or pin fastapi/starlette to the versions the application lists in its requirements.",
        ]
    if app_file:
        derived["app_file"] = app_file
    return Explanation(text=text, fix=tuple(fixes), derived=derived)
