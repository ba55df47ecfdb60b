"""Computed diagnosis for data.data-files-not-found: why this pattern matched nothing."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pat = str(facts.get("pattern") or "")
    if not pat:
        return None
    base = str(facts.get("base_path") or "")
    repo = str(facts.get("repo") or "")
    exts = [e.lstrip(".") for e in re.findall(r"'([^']+)'", str(facts.get("extensions") or ""))]
    first = re.findall(r"'([^']+)'", pat)
    p = first[0] if pat.startswith("[") and first else pat
    where = f" (base {base})" if base else (f" in Hub repo {repo}" if repo else (" with a supported extension" if exts else " on this machine"))
    derived = {"where": where}
    m = re.search(r"\.([A-Za-z0-9]{1,8})$", p)
    if exts and m and m.group(1).lower() not in {e.lower() for e in exts} and "*" not in p:
        ext = m.group(1)
        return Explanation(
            text=f"'{p}' has the extension .{ext}, which is not among the builder's supported extensions, so it was filtered out.",
            fix=(f"Name the builder that reads it (e.g. load_dataset('csv', data_files='{p}', sep='\\t') for .tsv, 'json' for JSON Lines) "
                 f"or convert/rename the file to one of: {', '.join(exts[:12])}.",),
            derived=derived)
    if repo:
        return Explanation(
            text=f"The Hub dataset repo {repo} has no files matching the default split patterns {pat} with a supported extension.",
            fix=(f"List its files (huggingface_hub.list_repo_files('{repo}', repo_type='dataset')) and pass data_files= for the real names, "
                 "or load a script/revision that defines the splits.",),
            derived=derived)
    if p.startswith("~") or "$" in p:
        return Explanation(
            text=f"'{p}' contains '~' or an environment variable that was not expanded.",
            fix=(f"Expand it first: data_files=os.path.expandvars(os.path.expanduser('{p}')).",),
            derived=derived)
    if p.startswith("hf://"):
        return Explanation(
            text=f"'{p}' matched no file in the Hub repository (wrong folder, split file name or revision).",
            fix=("Check the repo's files and revision (huggingface_hub.list_repo_files(repo, repo_type='dataset', revision=...)) and fix data_files/data_dir.",),
            derived=derived)
    relative = not (p.startswith("/") or re.match(r"[A-Za-z]:[\\/]", p) or "://" in p)
    if relative:
        return Explanation(
            text=f"'{p}' is a relative path, resolved against {base or 'the current working directory'}; no file matches there.",
            fix=(f"Pass an absolute path (data_files=os.path.abspath('{p}') from the right directory, or build it from Path(__file__).parent), "
                 "or launch the job from the folder that contains it.",),
            derived=derived)
    return Explanation(
        text=f"No file matches '{p}': the path or glob is wrong, or the file is missing on this machine.",
        fix=(f"ls the folder of '{p}' on the machine running the job; fix the name/glob (globs use *, not regex).",),
        derived=derived)
