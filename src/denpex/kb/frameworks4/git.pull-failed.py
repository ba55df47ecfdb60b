"""Computed diagnosis for git.pull-failed: which git state blocks the pull, the file in the way, and the command that clears it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LAUNCHERS = ("webui-user.bat", "webui-user.sh", "webui.bat", "webui.sh", "launch.py", "start_windows.bat", "start_linux.sh",
              "update_windows.bat", "update_linux.sh", "cmd_flags.txt", "run_nvidia_gpu.bat", "run_cpu.bat")
_RESET = ("Discard local edits instead (deletes uncommitted changes to tracked files; models/outputs are untracked and stay): "
          "git fetch origin && git reset --hard origin/<branch> (master for AUTOMATIC1111, main for most others).")


def _file_hint(f: str) -> str:
    base = f.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if base in _LAUNCHERS:
        return (f"{f} is a launcher the repository ships; your arguments in it block the update. Save them, let the pull restore it, "
                "and put options where the project expects them (COMMANDLINE_ARGS in webui-user, CMD_FLAGS.txt) - or keep a copy outside the repo.")
    if base.startswith("requirements") and base.endswith(".txt"):
        return f"{f} was edited (a package pinned by hand or by a guide); the new version ships its own pins, so restoring it is usually right: git checkout -- {f}."
    if base.endswith((".yaml", ".yml", ".json", ".toml", ".ini", ".cfg")):
        return f"{f} is a settings file you changed; back it up, restore it (git checkout -- {f}), pull, then re-apply your settings."
    if base.endswith(".py"):
        return f"{f} is program code patched locally; after the update re-check whether the patch is still needed before re-applying it (git stash pop)."
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    f = facts.get("file")
    repo = facts.get("repo_path")
    where = f"cd \"{repo}\" && " if repo else "In the app folder: "
    text: list[str] = []
    fix: list[str] = []
    if sig == "local-changes":
        what = f"local edits to {f} would be overwritten" if f else "local edits to tracked files would be overwritten"
        text.append(f"The pull aborted before changing anything: {f or 'files'} modified locally would be overwritten by the update, so the app still runs the old code.")
        hint = _file_hint(f) if f else ""
        if hint:
            text.append(hint)
        fix += [f"{where}git stash && git pull && git stash pop (keeps your edits; resolve conflicts if pop reports any).",
                (f"Or drop just that file's edits: git checkout -- {f} && git pull." if f else "Or drop the edits of the listed files: git checkout -- <file> && git pull."),
                _RESET]
    elif sig == "untracked-overwritten":
        what = f"untracked {f} is in the way" if f else "untracked files are in the way"
        text.append(f"The update adds {f or 'files'} that already exist locally as untracked files; git will not overwrite them.")
        fix += [f"Move the listed files away (e.g. mv {f} {f}.bak) then git pull; compare and merge your copy afterwards." if f else
                "Move the listed files away, git pull, then compare your copies."]
    elif sig in ("unmerged-files", "unfinished-merge"):
        what = "an unfinished merge (unmerged files) blocks every pull"
        text.append("An earlier pull stopped with conflicts and the merge was never finished or aborted; until it is, every git pull refuses to run.")
        if repo:
            text.append(f"The repository is {repo} (an extension updated by the web UI).")
        fix += [f"{where}git merge --abort (or git reset --merge), then git pull.",
                "If you want the conflicted result: edit the files listed by git status (remove <<<<<<< markers), git add them, git commit.",
                _RESET]
    elif sig in ("not-fast-forward", "divergent-branches"):
        what = "the local branch has commits the remote lacks (no fast-forward)"
        text.append("The local branch and the remote have both moved (local commits, another branch or a fork), and this pull only fast-forwards.")
        fix += [f"{where}git status && git log --oneline origin/HEAD..HEAD to see the local commits.",
                "Keep them on top of the update: git pull --rebase.",
                "Do not need them: " + _RESET]
    elif sig == "merge-conflict":
        kind = facts.get("conflict_kind") or "content"
        what = f"merge conflict ({kind}) in {f}" if f else f"merge conflict ({kind})"
        text.append(f"The pull merged but {f or 'some files'} changed on both sides; git left conflict markers and the tree is mid-merge.")
        fix += ["Go back to the state before the pull: git merge --abort, then update with git stash / reset as below.",
                "Or resolve: edit each file git status lists as 'both modified', git add it, git commit.",
                _RESET]
    else:
        return None
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"what": what})
