"""Computed diagnosis for webui.repo-clone-failed: which git step, which repository, why, and the override to set."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ENV = {
    "Stable Diffusion": "STABLE_DIFFUSION_REPO",
    "Stable Diffusion XL": "STABLE_DIFFUSION_XL_REPO",
    "K-diffusion": "K_DIFFUSION_REPO",
    "CodeFormer": "CODEFORMER_REPO",
    "BLIP": "BLIP_REPO",
    "Taming Transformers": "TAMING_TRANSFORMERS_REPO",
    "assets": "ASSETS_REPO",
}
_DIR = {
    "Stable Diffusion": "stable-diffusion-stability-ai",
    "Stable Diffusion XL": "generative-models",
    "K-diffusion": "k-diffusion",
    "CodeFormer": "CodeFormer",
    "BLIP": "BLIP",
    "Taming Transformers": "taming-transformers",
    "assets": "stable-diffusion-webui-assets",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("repo_name") or "").strip()
    action = str(facts.get("action") or "").strip()
    if not name:
        return None
    remote = str(facts.get("remote_msg") or "")
    command = str(facts.get("command") or "")
    step = "clone" if action == "clone" else "fetch" if action == "fetch" else "rev-parse" if action == "determine" else "checkout"
    env = _ENV.get(name, name.upper().replace(" ", "_").replace("-", "_") + "_REPO")
    folder = _DIR.get(name, name)
    url = ""
    m = re.search(r"(https?://[^\"'\s]+)", command)
    if m:
        url = m.group(1)
    derived: dict[str, Any] = {"git_step": step, "repo_env_var": env, "repositories_folder": "repositories/" + folder}
    if url:
        derived["url"] = url
    fix: list[str] = []
    gone = "Repository not found" in remote or "Username for" in remote or "could not read Username" in remote or "Authentication failed" in remote
    if name == "Stable Diffusion" and (gone or "Stability-AI/stablediffusion" in url or (step == "clone" and not remote)):
        cause = "the Stability-AI/stablediffusion repository was deleted from GitHub"
        text = ("The launcher clones https://github.com/Stability-AI/stablediffusion.git, which Stability AI removed in December 2025; "
                "GitHub answers 'Repository not found' or asks for a login. Nothing is wrong with your git or network.")
        fix.append("Update the web UI (git pull), or before launching set STABLE_DIFFUSION_REPO=https://github.com/w-e-w/stablediffusion.git "
                   "(webui-user.bat: set ...; webui-user.sh: export ...).")
        fix.append("Delete repositories/stable-diffusion-stability-ai if a partial folder exists, then relaunch.")
    elif gone:
        cause = f"the {name} repository URL is not reachable (deleted, renamed or private)"
        text = f"git could not access the {name} repository{(' ' + url) if url else ''}: {remote}."
        fix.append(f"Set {env} to a working mirror of that repository and relaunch, or update the web UI.")
    elif "dubious ownership" in remote:
        cause = "git refuses a repository owned by another user (dubious ownership)"
        text = f"repositories/{folder} (or the web UI folder) is owned by another account, so git {step} is refused."
        fix.append("git config --global --add safe.directory '*'  (or the exact path git printed), or take ownership of the folder.")
    elif "Could not resolve host" in remote or "Failed to connect" in remote:
        cause = "no network connection to the git host"
        text = f"git could not reach the server for {name}: {remote}."
        fix.append("Fix network/proxy (git config --global http.proxy http://host:port) or clone it manually into repositories/" + folder + ".")
    elif step == "rev-parse" or "not a git repository" in remote:
        cause = f"repositories/{folder} exists but is not a valid git checkout"
        text = (f"repositories/{folder} exists, but git rev-parse HEAD failed there: usually an interrupted earlier clone "
                "(or a folder copied without .git).")
        fix.append(f"Delete repositories/{folder} and relaunch so it is cloned again.")
    elif step == "checkout":
        cause = "the pinned commit is not in the fetched history"
        text = f"git checkout of the pinned commit {facts.get('commit') or ''} for {name} failed; the repository at that URL lacks it."
        fix.append(f"Delete repositories/{folder}, make sure {env} points at a repository containing the commit, relaunch.")
    else:
        cause = f"git {step} failed"
        text = f"git {step} for {name} failed; read git's message around the error."
        fix.append(f"Run the shown Command by hand; if it keeps failing delete repositories/{folder} or point {env} at a mirror.")
    derived["cause"] = cause
    return Explanation(text=text, fix=tuple(fix), derived=derived)
