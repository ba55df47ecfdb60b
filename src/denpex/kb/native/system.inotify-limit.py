"""Computed diagnosis for system.inotify-limit: watches vs instances, and the watcher to turn off."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_APP_FIX = {
    "streamlit": "Run streamlit with --server.fileWatcherType none (or set fileWatcherType = \"none\" under [server] in .streamlit/config.toml).",
    "uvicorn": "Drop --reload (or restrict it with --reload-dir src) when serving; reload watches every directory under the app.",
    "watchfiles": "Restrict the watched paths (watch_filter / reload dirs) to source code, not data or checkpoints.",
    "jupyter": "Close unused Jupyter/IDE sessions; each holds inotify instances and watches.",
    "dash": "Run the Dash app with debug=False (dev_tools_hot_reload off) outside development.",
    "gradio": "Launch without reload mode (python app.py instead of gradio app.py) in production.",
    "vscode": "Exclude data/checkpoint folders via files.watcherExclude in VS Code settings.",
    "code-server": "Exclude data/checkpoint folders via files.watcherExclude.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    app = facts.get("watcher_app")
    raw = str(facts.get("inotify_limit") or "")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    # the wording names the limit: instances (EMFILE, 'too many open files') or watches (ENOSPC)
    instances = raw.startswith("instance") or "open files" in raw
    derived["limit_name"] = "fs.inotify.max_user_instances" if instances else "fs.inotify.max_user_watches"
    if instances:
        parts.append("The user has used up fs.inotify.max_user_instances (inotify file descriptors, often 128): too many programs are watching files at once.")
        fix.append("sudo sysctl -w fs.inotify.max_user_instances=1024 (persist in /etc/sysctl.d/99-inotify.conf); close unused watchers.")
    else:
        parts.append("The user has used up fs.inotify.max_user_watches (one per watched directory, often 8192). Errno 28 here is ENOSPC reused by inotify, not a full disk.")
        fix.append("sudo sysctl -w fs.inotify.max_user_watches=524288 (persist in /etc/sysctl.d/99-inotify.conf; on Kubernetes set it on the node).")
    if app:
        derived["watcher_app"] = app
        parts.append(f"The watcher is {app}'s file watcher, which recursively watches the app's directory tree.")
        if app in _APP_FIX:
            fix.insert(0, _APP_FIX[app])
    fix.append("Keep datasets, checkpoints and virtualenvs out of the watched directory.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
