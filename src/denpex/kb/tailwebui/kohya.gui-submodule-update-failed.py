"""Computed diagnosis for kohya.gui-submodule-update-failed: read git's own error line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = facts.get("git_error") if isinstance(facts.get("git_error"), str) else ""
    status = facts.get("status")
    low = err.lower()
    if "not a git repository" in low:
        diagnosis = "installed without git (ZIP or copied folder)"
        text = "git says the kohya_ss folder is not a git repository: it was installed from a ZIP or copied without .git, so the sd-scripts submodule cannot be fetched."
        fix = ("git clone --recursive https://github.com/bmaltais/kohya_ss.git, then run setup.bat / ./setup.sh in the new folder (move your configs over).",)
    elif "repository handle for submodule" in low:
        diagnosis = "broken submodule metadata"
        text = f"git cannot open the submodule ({err}): .git/modules for it is missing or damaged."
        fix = ("git submodule deinit -f sd-scripts; delete .git/modules/sd-scripts and the sd-scripts folder; git submodule update --init --recursive.",)
    elif "dubious ownership" in low or "safe.directory" in low:
        diagnosis = "git refuses a folder owned by another user"
        text = f"git rejected the folder ({err})."
        fix = ("git config --global --add safe.directory <path-to-kohya_ss> (and <path-to-kohya_ss>/sd-scripts), then restart the GUI.",)
    elif "could not resolve host" in low or "unable to access" in low:
        diagnosis = "no network access to GitHub"
        text = f"git could not reach the remote ({err})."
        fix = ("Check network/proxy (git config --global http.proxy ...) and restart; or copy sd-scripts at the pinned commit by hand.",)
    else:
        diagnosis = "git submodule update failed"
        note = f" ({err})" if err else ""
        text = f"git submodule update exited with status {status if status is not None else '?'}{note}; sd-scripts may be missing or stale."
        fix = ("Run git submodule update --init --recursive in the kohya_ss folder by hand to see git's message; reinstall with git clone --recursive if the folder is not a clone.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
